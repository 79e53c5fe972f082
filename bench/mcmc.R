# Model averaging against the exact posterior, then on a large network.
#
# 1. 20 random problems of 5 and 6 nodes (random DAGs, binary or ternary nodes with
#    Dirichlet(1/2) conditional tables, 50 to 50,000 rows, fixed seeds): the largest
#    arc-probability error of structure_mcmc() and partition_mcmc() (default settings,
#    BDeu iss 1) against exhaustive_search()'s exact arc probabilities, per problem and
#    as a distribution.
# 2. alarm (37 nodes, 20,000 rows simulated from the network, BDeu iss 1,
#    max_parents 3): chains from the empty graph and from the hill-climbing optimum,
#    over all pairs, restricted to the optimum's skeleton (`restrict`) and to the
#    skeleton plus one parent outside it (`plus_one`, partition MCMC), their
#    agreement (largest arc-probability difference between the two runs), the best
#    score of a sampled DAG in each (agreement on a poorer mode is not convergence) and
#    time.
# Run from the package root:
#   Rscript bench/mcmc.R     (LEARNBN_NETWORKS: folder of the .bif.gz files;
#                             LEARNBN_ITERATIONS: alarm iterations, default 2e5;
#                             LEARNBN_PART: "random", "alarm" or both by default)
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
iterations <- as.numeric(Sys.getenv("LEARNBN_ITERATIONS", "2e5"))
part <- Sys.getenv("LEARNBN_PART", "both")

# Rows drawn from a random DAG on n nodes (arc probability 0.5 along a random order).
random_problem <- function(n, rows) {
  order <- sample(n)
  parents <- lapply(seq_len(n), function(v) integer(0))
  for (i in seq_len(n)) for (j in seq_len(i - 1)) {
    if (runif(1) < 0.5 && length(parents[[order[i]]]) < 3) parents[[order[i]]] <- c(parents[[order[i]]], order[j])
  }
  levels <- sample(2:3, n, replace = TRUE)
  values <- matrix(0L, rows, n)
  for (v in order) {
    config <- rep(0L, rows)
    for (p in parents[[v]]) config <- config * levels[p] + values[, p] - 1L
    tables <- matrix(rgamma(levels[v] * prod(levels[parents[[v]]]), 0.5), nrow = levels[v])
    tables <- sweep(tables, 2, colSums(tables), "/")
    u <- runif(rows)
    cumulative <- apply(tables, 2, cumsum)
    values[, v] <- 1L + rowSums(u > t(cumulative)[config + 1L, , drop = FALSE][, -levels[v], drop = FALSE])
  }
  frame <- as.data.frame(lapply(seq_len(n), function(v) factor(values[, v], levels = seq_len(levels[v]))))
  names(frame) <- paste0("X", seq_len(n))
  bn_data(frame)
}

if (part %in% c("both", "random")) {
  set.seed(2016)
  sizes <- round(exp(seq(log(50), log(50000), length.out = 20)))[sample(20)]
  rows <- list()
  for (k in 1:20) {
    n <- if (k %% 2) 5L else 6L
    d <- random_problem(n, sizes[k])
    exact <- exhaustive_search(d, score = "bdeu", iss = 1)$info$arc_probabilities
    spread <- mean(exact > 0.1 & exact < 0.9)
    s_time <- system.time(s <- suppressWarnings(structure_mcmc(d, score = "bdeu", iss = 1)))[["elapsed"]]
    p_time <- system.time(p <- suppressWarnings(partition_mcmc(d, score = "bdeu", iss = 1)))[["elapsed"]]
    rows[[k]] <- data.frame(problem = k, nodes = n, rows = sizes[k],
                            uncertain_arcs = round(spread, 2),
                            structure_err = round(max(abs(arc_probabilities(s) - exact)), 4),
                            structure_s = round(s_time, 1),
                            partition_err = round(max(abs(arc_probabilities(p) - exact)), 4),
                            partition_s = round(p_time, 1))
  }
  table <- do.call(rbind, rows)
  cat("\nLargest arc-probability error against exhaustive_search(), 20 problems:\n")
  print(table, row.names = FALSE)
  cat("\nstructure_mcmc: "); print(summary(table$structure_err))
  cat("partition_mcmc: "); print(summary(table$partition_err))
  cat("problems with an error >= 0.03: structure", sum(table$structure_err >= 0.03),
      ", partition", sum(table$partition_err >= 0.03), "\n")
}

if (part %in% c("both", "alarm")) {
  set.seed(1)
  fit <- read_bif(file.path(networks, "alarm.bif.gz"))
  data <- bn_data(simulate_data(fit, 20000))
  optimum <- hill_climb(data, max_parents = 3)
  run <- function(sampler, start, seed, space) {
    set.seed(seed)
    args <- list(data, iterations = iterations, chains = 1, start = start, max_parents = 3)
    if (space != "all pairs") args$restrict <- optimum
    if (space == "skeleton + 1") args$plus_one <- TRUE
    time <- system.time(x <- suppressWarnings(do.call(sampler, args)))[["elapsed"]]
    list(x = x, time = time)
  }
  out <- list()
  runs <- list(structure_mcmc = c("all pairs", "hill_climb skeleton"),
               partition_mcmc = c("all pairs", "hill_climb skeleton", "skeleton + 1"))
  for (name in names(runs)) {
    for (space in runs[[name]]) {
      empty <- run(name, NULL, 2, space)
      climbed <- run(name, optimum, 3, space)
      diff <- abs(arc_probabilities(empty$x) - arc_probabilities(climbed$x))
      best <- function(x) round(max(x$chains[[1]]$scores), 1)
      out[[length(out) + 1]] <- data.frame(sampler = name, space = space,
                                           time_empty_s = round(empty$time, 1),
                                           time_hill_climb_s = round(climbed$time, 1),
                                           best_dag_empty = best(empty$x),
                                           best_dag_hill_climb = best(climbed$x),
                                           max_arc_diff = round(max(diff), 3),
                                           arcs_diff_over_0.1 = sum(diff > 0.1))
    }
  }
  cat("\nalarm, 20,000 rows, max_parents 3,", format(iterations, big.mark = ","),
      "iterations: one chain from the empty graph and one from hill_climb():\n")
  print(do.call(rbind, out), row.names = FALSE)
}
