# Gaussian PC against pcalg's pc() with gaussCItest, side by side in one R process on the
# same shuffled data.frame: a random 50-node linear-Gaussian network (random_gaussian_fit,
# average degree 2), 10,000 rows, alpha 0.05 and 0.01. pcalg works from the correlation
# matrix (its time includes cor()); learnbn from the data.frame (its time includes
# bn_data()). Both run PC-stable. Reports CPU and elapsed seconds (the median of several
# runs when under a second; CPU: the mean of up to 50 runs), the ratio of CPU times, and whether the skeletons and the
# separating sets of the removed edges are the same. learnbn's conflict warning is muffled,
# as in bench/compare.R: printing it costs about 12 ms of cli formatting.
#
# pcalg is never a dependency: install it into a private library and point
# LEARNBN_PEERS_LIB at it (default ../peers-lib). Run from the package root:
#   Rscript bench/pc-gaussian-pcalg.R [nodes] [rows]
suppressPackageStartupMessages(library(learnbn))
peers <- Sys.getenv("LEARNBN_PEERS_LIB", "../peers-lib")
suppressPackageStartupMessages(library(pcalg, lib.loc = peers))
args <- as.numeric(commandArgs(trailingOnly = TRUE))
n_nodes <- if (length(args) >= 1) args[[1]] else 50
n_rows <- if (length(args) >= 2) args[[2]] else 10000
options(width = 200)

source("bench/timed.R")  # timed()

pair_key <- function(a, b) paste(pmin(a, b), pmax(a, b), sep = "~")

# Skeleton pairs and "pair: sorted sepset" strings of a learnbn result.
learnbn_sets <- function(g) {
  a <- as.matrix(g)
  idx <- which((a == 1 | t(a) == 1) & upper.tri(a), arr.ind = TRUE)
  s <- g$info$sepsets
  z <- vapply(strsplit(s$z, ";", fixed = TRUE), function(v) paste(sort(v), collapse = ","), "")
  list(skeleton = sort(pair_key(rownames(a)[idx[, 1]], colnames(a)[idx[, 2]])),
       sepsets = sort(paste0(pair_key(s$x, s$y), ": ", z)))
}

pcalg_sets <- function(fit, labels) {
  a <- methods::as(fit@graph, "matrix") != 0
  idx <- which((a | t(a)) & upper.tri(a), arr.ind = TRUE)
  sep <- character(0)
  for (i in seq_along(labels)) for (j in seq_along(labels)) {
    # pcalg keeps a removed edge's set under one of its two orders.
    set <- if (is.null(fit@sepset[[i]][[j]])) fit@sepset[[j]][[i]] else fit@sepset[[i]][[j]]
    if (i < j && !is.null(set) && !(a[i, j] || a[j, i])) {
      z <- paste(sort(labels[set]), collapse = ",")
      sep <- c(sep, paste0(pair_key(labels[i], labels[j]), ": ", z))
    }
  }
  list(skeleton = sort(pair_key(labels[idx[, 1]], labels[idx[, 2]])), sepsets = sort(sep))
}

set.seed(2026)
fit <- random_gaussian_fit(n_nodes, average_degree = 2)
data <- simulate_data(fit, n_rows)
data <- data[sample(ncol(data))]
# pcalg tests the pairs and candidate sets in column order, learnbn in the (radix) order
# of the names: pcalg gets the columns in that order, so both meet the same first
# separating set (its correlation matrix is computed in the timed run).
labels <- sort(names(data), method = "radix")
rows <- list()
for (alpha in c(0.05, 0.01)) {
  ours <- timed(function() suppressWarnings(learnbn::pc(data, test = "fisher_z", alpha = alpha)))
  theirs <- timed(function() {
    pcalg::pc(suffStat = list(C = stats::cor(data[labels]), n = nrow(data)),
              indepTest = pcalg::gaussCItest, alpha = alpha, labels = labels,
              skel.method = "stable")
  })
  a <- learnbn_sets(ours$value)
  b <- pcalg_sets(theirs$value, labels)
  rows[[length(rows) + 1L]] <- data.frame(
    nodes = n_nodes, rows = n_rows, alpha = alpha,
    pcalg_cpu_s = signif(theirs$cpu, 3), learnbn_cpu_s = signif(ours$cpu, 3),
    ratio_cpu = round(theirs$cpu / ours$cpu, 1),
    pcalg_elapsed_s = signif(theirs$elapsed, 3), learnbn_elapsed_s = signif(ours$elapsed, 3),
    tests = ours$value$info$n_tests,
    same_skeleton = identical(a$skeleton, b$skeleton),
    same_sepsets = identical(a$sepsets, b$sepsets))
  print(rows[[length(rows)]], row.names = FALSE)
}
cat("\nlearnbn pc(fisher_z) against pcalg pc(gaussCItest), one thread:\n")
print(do.call(rbind, rows), row.names = FALSE)
