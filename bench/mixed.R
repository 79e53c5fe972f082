# Mixed data (conditional linear Gaussian networks): hill_climb() with the CG BIC against
# bnlearn 4.9's hc(score = "bic-cg"), side by side in one process on the same data.frame
# (columns shuffled), on bnlearn's clgaussian.test (5,000 rows, 8 nodes) and on data
# simulated from a random CLG network of `nodes` nodes (half discrete with 2-3 levels,
# up to 2 discrete and 2 continuous parents each; no continuous parent of a discrete
# node). Reports seconds, the BIC of each result and whether the two graphs are equal.
# Run from the package root:  Rscript bench/mixed.R [nodes] [rows]
#   LEARNBN_ANCHORS: the library holding bnlearn (default /work/anchor-lib).
suppressPackageStartupMessages(library(learnbn))
anchors <- Sys.getenv("LEARNBN_ANCHORS", "/work/anchor-lib")
suppressPackageStartupMessages(library(bnlearn, lib.loc = anchors))
args <- as.numeric(commandArgs(trailingOnly = TRUE))
n_nodes <- if (length(args) >= 1) args[1] else 20
n_rows <- if (length(args) >= 2) args[2] else 20000
options(width = 200)

# A random CLG network in topological order X1, X2, ...: odd nodes discrete.
simulate_clg <- function(n_nodes, n_rows) {
  data <- list()
  for (v in seq_len(n_nodes)) {
    name <- paste0("X", v)
    earlier <- names(data)
    discrete <- earlier[vapply(data, is.factor, NA)]
    continuous <- setdiff(earlier, discrete)
    dpa <- if (length(discrete)) sample(discrete, min(2, length(discrete), sample(0:2, 1)))
    config <- if (length(dpa)) as.integer(interaction(data[dpa], drop = FALSE)) else rep(1L, n_rows)
    if (v %% 2 == 1) {
      levels <- letters[seq_len(sample(2:3, 1))]
      probs <- matrix(stats::rgamma(max(config) * length(levels), 1), ncol = length(levels))
      probs <- probs / rowSums(probs)
      draw <- apply(probs[config, , drop = FALSE], 1, function(p) sample(levels, 1, prob = p))
      data[[name]] <- factor(draw, levels = levels)
    } else {
      cpa <- if (length(continuous)) sample(continuous, min(2, length(continuous), sample(0:2, 1)))
      mean <- stats::rnorm(max(config), sd = 2)[config]
      for (p in cpa) mean <- mean + stats::runif(1, 0.5, 1.5) * sample(c(-1, 1), 1) * data[[p]]
      data[[name]] <- mean + stats::rnorm(n_rows, sd = stats::runif(1, 0.5, 1.5))
    }
  }
  as.data.frame(data)
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
