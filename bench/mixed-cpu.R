# Mixed data in CPU seconds: hill_climb() with the CG BIC against bnlearn 4.9's
# hc(score = "bic-cg"), and pc() with "mi_cg" against pc.stable(test = "mi-cg"), side by
# side in one R process on the same data.frame with shuffled columns. On a shared machine
# elapsed times follow the load; CPU time (user + system) of this process does not, so
# the ratio is taken from it (elapsed is printed next to it). Runs under a second are
# repeated (bench/timed.R): CPU time is their mean (10 ms ticks), elapsed their median.
# Data: the random CLG network of bench/mixed.R (its generator, read from that file) and
# bnlearn's clgaussian.test repeated 4 times (20,000 rows).
#   Rscript bench/mixed-cpu.R [nodes] [rows] [shuffles]
suppressPackageStartupMessages(library(learnbn))
anchors <- Sys.getenv("LEARNBN_ANCHORS", "/work/anchor-lib")
suppressPackageStartupMessages(library(bnlearn, lib.loc = anchors))
args <- as.numeric(commandArgs(trailingOnly = TRUE))
n_nodes <- if (length(args) >= 1) args[1] else 50
n_rows <- if (length(args) >= 2) args[2] else 20000
shuffles <- if (length(args) >= 3) seq_len(args[3]) else 1:2
options(width = 200)

# bench/mixed.R's generator, so both scripts time the same networks.
generator <- Filter(function(e) identical(e[[2]], quote(simulate_clg)),
                    as.list(parse("bench/mixed.R")))
eval(generator[[1]])

source("bench/timed.R")  # timed()

skeleton <- function(amat) {
  a <- (amat + t(amat)) > 0
  a <- a[sort(rownames(a)), sort(colnames(a))]
  a[upper.tri(a)]
}

row_of <- function(task, shuffle, ours, theirs, same) {
  data.frame(task = task, shuffle = shuffle,
             bnlearn_cpu_s = signif(theirs$cpu, 3), learnbn_cpu_s = signif(ours$cpu, 3),
             ratio_cpu = round(theirs$cpu / ours$cpu, 1),
             bnlearn_wall_s = signif(theirs$elapsed, 3), learnbn_wall_s = signif(ours$elapsed, 3),
             ratio_wall = round(theirs$elapsed / ours$elapsed, 1), same = same)
}

clg <- get(utils::data("clgaussian.test", package = "bnlearn", lib.loc = anchors))
rows <- list()
for (shuffle in shuffles) {
  set.seed(2026 + shuffle)
  sim <- simulate_clg(n_nodes, n_rows)
  sim <- sim[sample(ncol(sim))]
  label <- sprintf("%d nodes, %g rows", n_nodes, n_rows)
  ours <- timed(function() hill_climb(sim, threads = 1))
  theirs <- timed(function() bnlearn::hc(sim, score = "bic-cg"))
  same <- isTRUE(all.equal(ours$value$score, bnlearn::score(ours$value |> as_bn(), sim,
                                                            type = "bic-cg")))
  rows[[length(rows) + 1]] <- row_of(paste("hc", label), shuffle, ours, theirs, same)
  ours <- timed(function() suppressWarnings(pc(sim, test = "mi_cg", threads = 1)))
  theirs <- timed(function() bnlearn::pc.stable(sim, test = "mi-cg"))
  same <- identical(skeleton(ours$value$amat), skeleton(bnlearn::amat(theirs$value)))
  rows[[length(rows) + 1]] <- row_of(paste("pc", label), shuffle, ours, theirs, same)
  d <- clg[rep(seq_len(nrow(clg)), 4), ]
  d <- d[sample(ncol(d))]
  ours <- timed(function() suppressWarnings(pc(d, test = "mi_cg", threads = 1)))
  theirs <- timed(function() suppressWarnings(bnlearn::pc.stable(d, test = "mi-cg")))
  same <- identical(skeleton(ours$value$amat), skeleton(bnlearn::amat(theirs$value)))
  rows[[length(rows) + 1]] <- row_of("pc clgaussian.test x4", shuffle, ours, theirs, same)
}
print(do.call(rbind, rows), row.names = FALSE)
