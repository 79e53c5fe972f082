# MCMC throughput on alarm (37 nodes, 20,000 simulated rows, BDeu iss 1): iterations per
# second of structure_mcmc() (2 chains, from the empty graph and from the hill-climbing
# optimum) and of order_mcmc() (max_parents 3; family precomputation timed apart), with
# the true skeleton edges (46) and false ones among the pairs adjacent with probability >= 0.5.
# Run from the package root:
#   Rscript bench/mcmc.R     (LEARNBN_NETWORKS: folder of the .bif.gz files;
#                             LEARNBN_THREADS: threads, default 1; LEARNBN_ITERATIONS)
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
threads <- as.integer(Sys.getenv("LEARNBN_THREADS", "1"))
iterations <- as.numeric(Sys.getenv("LEARNBN_ITERATIONS", "1e6"))
set.seed(1)
fit <- read_bif(file.path(networks, "alarm.bif.gz"))
data <- bn_data(simulate_data(fit, 20000))
optimum <- hill_climb(data)
true_edges <- fit$graph$amat + t(fit$graph$amat) > 0

row <- function(label, x, seconds, setup = 0) {
  probs <- arc_probabilities(x)
  edges <- (probs + t(probs))[upper.tri(probs)] >= 0.5  # P(i - j adjacent) >= 0.5
  truth <- true_edges[upper.tri(true_edges)]
  data.frame(sampler = label, chains = length(x$chains),
             iterations = format(x$iterations, scientific = FALSE),
             setup_s = round(setup, 2), sampling_s = round(seconds - setup, 2),
             iter_per_s = round(length(x$chains) * x$iterations / (seconds - setup)),
             acceptance = round(mean(x$info$acceptance), 3),
             max_arc_diff = round(x$info$max_arc_difference, 3),
             true_edges_found = sum(edges & truth), false_edges = sum(edges & !truth))
}

rows <- list()
set.seed(2)
time <- system.time(x <- structure_mcmc(data, iterations = iterations, threads = threads))[["elapsed"]]
rows$empty <- row("structure_mcmc (empty start)", x, time)
set.seed(3)
time <- system.time(x <- structure_mcmc(data, iterations = iterations, start = optimum,
                                        threads = threads))[["elapsed"]]
rows$optimum <- row("structure_mcmc (hill-climb start)", x, time)
set.seed(4)
# Setup: one chain of one iteration (the family precomputation dominates).
setup <- system.time(order_mcmc(data, iterations = 1, burn_in = 0, chains = 1,
                                threads = threads))[["elapsed"]]
time <- system.time(x <- order_mcmc(data, iterations = iterations / 10,
                                    threads = threads))[["elapsed"]]
rows$order <- row("order_mcmc (max_parents 3)", x, time, setup)
print(do.call(rbind, rows), row.names = FALSE)
