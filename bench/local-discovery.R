# Local discovery against bnlearn 4.9 side by side in one process: mmpc() and mmhc() on
# alarm, insurance and hailfinder (../shared/networks) at 20,000 rows with shuffled
# columns, Pearson X2, alpha = 0.05, one thread (and mmpc on two). mmpc: seconds, tests,
# same skeleton as bnlearn's. learnbn visits the nodes in the order of their names, bnlearn
# in the column order, and both break ties between equal p-values (often 0 at 20,000 rows)
# by that order: so bnlearn is given the columns in name order (same_skeleton), and
# bnlearn_order_dependent says whether bnlearn's own skeleton changes on the shuffled ones.
# mmhc (hill climbing with BIC inside the MMPC skeleton): seconds, BIC score of the DAG
# (learnbn's network_score() for both) and SHD of its CPDAG to the true CPDAG.
# bnlearn is looked up in BNLEARN_LIB (default /work/anchor-lib), never a dependency.
# Run from the package root: Rscript bench/local-discovery.R [network ...]
suppressPackageStartupMessages({
  library(learnbn)
  library(bnlearn, lib.loc = Sys.getenv("BNLEARN_LIB", "/work/anchor-lib"),
          include.only = character())
})
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
cases <- c(alarm = 20000, insurance = 20000, hailfinder = 20000)
chosen <- commandArgs(trailingOnly = TRUE)
if (length(chosen)) cases <- cases[chosen]

edges <- function(amat) {
  w <- which((amat | t(amat)) & upper.tri(amat), arr.ind = TRUE)
  n <- rownames(amat)
  sort(paste(pmin(n[w[, 1]], n[w[, 2]]), pmax(n[w[, 1]], n[w[, 2]]), sep = "~"))
}
# Wall and CPU seconds of evaluating expr (in the caller's frame, so assignments stick).
timed <- function(expr) {
  t <- system.time(expr)
  c(wall = t[["elapsed"]], cpu = t[["user.self"]] + t[["sys.self"]])
}

rows <- list()
for (name in names(cases)) {
  fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
  set.seed(2026)
  frame <- simulate_data(fit, cases[[name]])
  frame <- frame[sample(ncol(frame))]
  data <- bn_data(frame)
  truth <- cpdag(fit$graph)
  t_ours <- timed(ours <- mmpc(data, test = "x2", alpha = 0.05, threads = 1))
  t_two <- timed(mmpc(data, test = "x2", alpha = 0.05, threads = 2))
  sorted <- frame[order(names(frame), method = "radix")]
  t_theirs <- timed(theirs <- bnlearn::mmpc(sorted, test = "x2", alpha = 0.05,
                                              undirected = TRUE))
  shuffled <- bnlearn::mmpc(frame, test = "x2", alpha = 0.05, undirected = TRUE)
  same <- identical(edges(as.matrix(ours)), edges(bnlearn::amat(theirs)))
  order_dependent <- !identical(edges(bnlearn::amat(shuffled)), edges(bnlearn::amat(theirs)))
  h_ours <- timed(hc_ours <- mmhc(data, test = "x2", alpha = 0.05, score = "bic", threads = 1))
  h_theirs <- timed(hc_theirs <- bnlearn::mmhc(
    sorted, restrict.args = list(test = "x2", alpha = 0.05),
    maximize.args = list(score = "bic")))
  hc_theirs <- from_bn(hc_theirs)
  score <- function(g) network_score(g, data, score = "bic")
  rows[[name]] <- data.frame(
    network = name, nodes = ncol(frame), rows = nrow(frame),
    mmpc_s = round(t_ours[["wall"]], 2), mmpc_cpu = round(t_ours[["cpu"]], 2),
    mmpc_2threads_s = round(t_two[["wall"]], 2),
    bnlearn_mmpc_s = round(t_theirs[["wall"]], 2), bnlearn_mmpc_cpu = round(t_theirs[["cpu"]], 2),
    speedup = round(t_theirs[["wall"]] / t_ours[["wall"]], 1),
    cpu_speedup = round(t_theirs[["cpu"]] / t_ours[["cpu"]], 1),
    tests = ours$info$n_tests, bnlearn_tests = bnlearn::ntests(theirs), same_skeleton = same,
    bnlearn_order_dependent = order_dependent,
    edges = length(edges(as.matrix(ours))),
    mmhc_s = round(h_ours[["wall"]], 2), mmhc_cpu = round(h_ours[["cpu"]], 2),
    bnlearn_mmhc_s = round(h_theirs[["wall"]], 2), bnlearn_mmhc_cpu = round(h_theirs[["cpu"]], 2),
    mmhc_bic = round(score(hc_ours), 1), bnlearn_mmhc_bic = round(score(hc_theirs), 1),
    mmhc_shd = shd(cpdag(hc_ours), truth), bnlearn_mmhc_shd = shd(cpdag(hc_theirs), truth))
  print(rows[[name]], row.names = FALSE)
}
cat("\nSummary\n")
print(do.call(rbind, rows), row.names = FALSE)
