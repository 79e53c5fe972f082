# Every node's posterior at once: query() once per node (variable elimination each time)
# against query(type = "marginal") (one junction tree propagation) and, when it is
# installed, gRain's junction tree (compile, then one propagation and querygrain() of
# every node), without evidence and with evidence on 10 nodes drawn from a simulated
# row. Times are medians of `reps` timings in one process; max_diff is the largest absolute
# difference of any probability against the per-node loop (and gRain's).
# Run from the package root:
#   Rscript bench/query.R [network ...]   (LEARNBN_NETWORKS: folder of the .bif.gz files;
#   LEARNBN_PEERS: library holding gRain, default /tmp/lib-peers)
peers <- Sys.getenv("LEARNBN_PEERS", "/tmp/lib-peers")
# gRain's dependencies there are newer than the system's (rlang): load them first.
if (dir.exists(peers)) .libPaths(c(peers, .libPaths()))
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
chosen <- commandArgs(trailingOnly = TRUE)
names <- if (length(chosen)) chosen else c("alarm", "hepar2", "win95pts", "andes")
have_grain <- suppressWarnings(requireNamespace("gRain", quietly = TRUE))
# gRain attaches gRbase (masking learnbn's nodes() and parents(), unused here) on first use.
if (have_grain) suppressPackageStartupMessages(library(gRbase))
reps <- 5

# Median seconds per call over `times` timings, each of a batch of calls lasting about
# 50 ms (system.time() counts whole milliseconds).
median_seconds <- function(run, times = reps) {
  once <- system.time(run())[["elapsed"]]
  batch <- max(1, min(1000, ceiling(0.05 / max(once, 1e-4))))
  stats::median(vapply(seq_len(times), function(i) {
    system.time(for (b in seq_len(batch)) run())[["elapsed"]] / batch
  }, 0))
}

# gRain's network from the fit's CPTs (arrays over the node, then its parents).
grain_of <- function(fit) {
  gRbase::compile(gRain::grain(gRain::compileCPT(unname(fit$cpts))))
}

grain_marginals <- function(compiled, target, evidence) {
  if (length(evidence)) {
    compiled <- gRain::setEvidence(compiled, evidence = evidence, propagate = TRUE)
  } else {
    compiled <- gRbase::propagate(compiled)
  }
  gRain::querygrain(compiled, nodes = target, type = "marginal")
}

max_diff <- function(a, b) {
  max(vapply(names(a), function(v) max(abs(as.vector(a[[v]]) - as.vector(b[[v]][names(a[[v]])]))),
             0))
}

rows <- list()
for (name in names) {
  fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
  nodes <- colnames(fit$graph$amat)
  set.seed(1)
  row <- simulate_data(fit, 1)
  observed <- sample(nodes, 10)
  for (evidence in list(list(), lapply(stats::setNames(observed, observed),
                                       function(v) as.character(row[[v]])))) {
    target <- setdiff(nodes, names(evidence))
    loop <- lapply(stats::setNames(target, target), function(v) query(fit, v, evidence))
    one <- query(fit, target, evidence, type = "marginal")
    result <- data.frame(
      network = name, nodes = length(nodes), evidence = length(evidence),
      per_node_loop = median_seconds(function() {
        for (v in target) query(fit, v, evidence)
      }, 3),
      marginal = median_seconds(function() query(fit, target, evidence, type = "marginal")),
      max_diff = signif(max_diff(one, loop), 2))
    if (have_grain) {
      compiled <- grain_of(fit)
      peer <- grain_marginals(compiled, target, evidence)
      result$grain_compile <- median_seconds(function() grain_of(fit))
      result$grain_propagate <- median_seconds(function() grain_marginals(compiled, target,
                                                                          evidence))
      result$grain_total <- result$grain_compile + result$grain_propagate
      result$max_diff_grain <- signif(max_diff(one, peer), 2)
    }
    rows[[length(rows) + 1L]] <- result
  }
}
options(width = 200)
table <- do.call(rbind, rows)
if (have_grain) table$speedup_vs_grain <- round(table$grain_total / table$marginal, 1)
table$speedup_vs_loop <- round(table$per_node_loop / table$marginal, 1)
seconds <- intersect(c("per_node_loop", "marginal", "grain_compile", "grain_propagate",
                       "grain_total"), names(table))
table[seconds] <- lapply(table[seconds], signif, 3)
cat("All marginals, seconds (medians of ", reps, " timings; the per-node loop of 3)",
    if (!have_grain) "; gRain not installed", ":\n", sep = "")
print(table, row.names = FALSE)
