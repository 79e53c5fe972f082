# Linear-Gaussian structure learning: random networks of 100, 500 and 1000 nodes (average
# degree 2, |coefficients| ~ U(0.5, 1.5) with random sign, noise sd ~ U(0.5, 1.5)), 10,000
# rows each. Times bn_data() (means, sds, correlation matrix), hill_climb() with BIC and
# pc() with Fisher's z at alpha = 0.01; reports the SHD to the true CPDAG, the arcs learned
# against the true number, and for hill climbing the score evaluations per second and
# the gap between the learned and the true DAG's BIC (negative: stuck at a worse local
# optimum; positive: BIC prefers extra arcs, as it does with many variables).
# Run from the package root:  Rscript bench/gaussian.R [nodes ...]
#   LEARNBN_THREADS: threads for both learners (default 1); LEARNBN_ROWS: rows (10000).
suppressPackageStartupMessages(library(learnbn))
sizes <- c(100, 500, 1000)
chosen <- as.numeric(commandArgs(trailingOnly = TRUE))
if (length(chosen)) sizes <- chosen
threads <- as.integer(Sys.getenv("LEARNBN_THREADS", "1"))
n_rows <- as.integer(Sys.getenv("LEARNBN_ROWS", "10000"))

options(width = 200)

simulate_network <- function(n_nodes, n_rows) {
  fit <- random_gaussian_fit(n_nodes, average_degree = 2)
  list(truth = fit$graph, data = simulate_data(fit, n_rows))
}

rows <- list()
for (n_nodes in sizes) {
  set.seed(2026)
  sim <- simulate_network(n_nodes, n_rows)
  true_cpdag <- cpdag(sim$truth)
  true_arcs <- nrow(arcs(sim$truth))
  stats_time <- system.time(data <- bn_data(sim$data))[["elapsed"]]
  true_score <- network_score(sim$truth, data, score = "bic")
  report <- function(algorithm, seconds, g, evaluations = NA) {
    row <- data.frame(
      nodes = n_nodes, rows = n_rows, algorithm = algorithm, threads = threads,
      seconds = round(seconds, 2), bn_data_seconds = round(stats_time, 2),
      shd_cpdag = shd(if (g$type == "dag") cpdag(g) else g, true_cpdag),
      arcs = nrow(arcs(g)), true_arcs = true_arcs,
      score_evaluations = evaluations,
      scores_per_second = if (is.na(evaluations)) NA else round(evaluations / max(seconds, 1e-3)),
      gap_to_truth = if (g$type == "dag") round(g$score - true_score, 1) else NA)
    print(row, row.names = FALSE)  # as it finishes: the large networks take a while
    rows[[length(rows) + 1L]] <<- row
  }
  hc_time <- system.time(hc <- hill_climb(data, score = "bic", threads = threads))[["elapsed"]]
  report("hill_climb (bic)", hc_time, hc, hc$info$score_evaluations)
  pc_time <- system.time(g <- suppressWarnings(pc(data, test = "fisher_z", alpha = 0.01,
                                                  threads = threads)))[["elapsed"]]
  report("pc (fisher_z, 0.01)", pc_time, g)
}
cat("\nAll runs:\n")
print(do.call(rbind, rows), row.names = FALSE)
