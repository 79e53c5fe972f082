# Mixed data (conditional linear Gaussian networks): hill_climb() with the CG BIC against
# bnlearn 4.9's hc(score = "bic-cg"), side by side in one process on the same data.frame
# (columns shuffled), on bnlearn's clgaussian.test (5,000 rows, 8 nodes) and on data
# simulated from a random CLG network of `nodes` nodes (random_mixed_fit(): half discrete
# with 2-3 levels, average degree 2; no continuous parent of a discrete node). Reports
# seconds, the BIC of each result and whether the two graphs are equal.
# Run from the package root:  Rscript bench/mixed.R [nodes] [rows]
#   LEARNBN_ANCHORS: the library holding bnlearn (default /work/anchor-lib).
suppressPackageStartupMessages(library(learnbn))
anchors <- Sys.getenv("LEARNBN_ANCHORS", "/work/anchor-lib")
suppressPackageStartupMessages(library(bnlearn, lib.loc = anchors))
args <- as.numeric(commandArgs(trailingOnly = TRUE))
n_nodes <- if (length(args) >= 1) args[1] else 20
n_rows <- if (length(args) >= 2) args[2] else 20000
options(width = 200)

# Data from a random CLG network (random_mixed_fit(): half the nodes discrete with 2-3
# states, average degree 2, no continuous parent of a discrete node).
simulate_clg <- function(n_nodes, n_rows) {
  simulate_data(random_mixed_fit(n_nodes, average_degree = 2), n_rows)
}

compare <- function(label, x) {
  x <- x[sample(ncol(x))]
  ours <- system.time(g <- hill_climb(x))[["elapsed"]]
  theirs <- system.time(h <- bnlearn::hc(x, score = "bic-cg"))[["elapsed"]]
  mine <- as.matrix(g)[names(x), names(x)] != 0
  ref <- bnlearn::amat(h)[names(x), names(x)] != 0
  data.frame(data = label, nodes = ncol(x), rows = nrow(x),
             learnbn_seconds = round(ours, 3), bnlearn_seconds = round(theirs, 3),
             speedup = round(theirs / max(ours, 1e-3), 1),
             learnbn_bic = round(g$score, 4),
             bnlearn_bic = round(bnlearn::score(h, x, type = "bic-cg"), 4),
             same_graph = identical(mine, ref), score_evaluations = g$info$score_evaluations)
}

set.seed(2026)
clg <- get(utils::data("clgaussian.test", package = "bnlearn", lib.loc = anchors))
rows <- list(compare("clgaussian.test", clg),
             compare(sprintf("simulated CLG (%d nodes)", n_nodes), simulate_clg(n_nodes, n_rows)))
print(do.call(rbind, rows), row.names = FALSE)
