# learnbn against the incumbent (bnlearn 4.9) side by side in one R process: the same
# data.frame is given to both (each pays its own input checks), with its columns
# shuffled so that no search profits from the file's topological order. For each task
# and shuffle: seconds for both, the ratio, the network scores (hill climbing) or the
# skeleton agreement (PC), and the SHD of each result's CPDAG to the true CPDAG.
#
# bnlearn is never a dependency: install it into a private library first (see
# ../shared/anchors/README.md), e.g.
#   mkdir -p ../anchor-lib && R CMD INSTALL --no-docs -l ../anchor-lib ../shared/anchors/bnlearn_4.9.tar.gz
# Run from the package root:
#   Rscript bench/compare.R [quick|full] [pattern] [shuffles]
# `quick` (the default) runs the alarm and andes tasks; `full` adds alarm 1e6, pigs and
# munin (learnbn only on the last two networks: bnlearn took 41 minutes on pigs and did not finish
# munin in 80 minutes, and their targets are absolute times). learnbn runs with one
# thread and then with two (`speedup_2t`: one thread's time over two threads'; the two
# results must be identical). A run under a second is timed as the median of several.
suppressPackageStartupMessages(library(learnbn))
anchor <- Sys.getenv("LEARNBN_ANCHOR_LIB", "../anchor-lib")
if (!requireNamespace("bnlearn", lib.loc = anchor, quietly = TRUE)) {
  stop("bnlearn 4.9 is not installed in ", anchor, "; see the header of this script")
}
invisible(loadNamespace("bnlearn", lib.loc = anchor))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
mode <- if (length(args) >= 1) args[[1]] else "quick"
options(width = 200)

tasks <- list(
  list(network = "alarm", rows = 2e4, task = "pc", alpha = 0.05),
  list(network = "andes", rows = 1e4, task = "pc", alpha = 0.01),
  list(network = "andes", rows = 1e4, task = "hc"),
  list(network = "alarm", rows = 1e6, task = "pc", alpha = 0.05, full = TRUE),
  list(network = "alarm", rows = 1e6, task = "hc", full = TRUE),
  list(network = "pigs", rows = 1e4, task = "pc", alpha = 0.01, full = TRUE, learnbn_only = TRUE),
  list(network = "pigs", rows = 1e4, task = "hc", full = TRUE, learnbn_only = TRUE),
  list(network = "munin", rows = 1e4, task = "hc", full = TRUE, learnbn_only = TRUE))
if (mode != "full") tasks <- Filter(function(t) !isTRUE(t$full), tasks)
# `pattern` keeps the tasks whose label ("pc alarm, 1e+06 rows", ...) matches it.
label <- function(task) sprintf("%s %s, %g rows", task$task, task$network, task$rows)
if (length(args) >= 2) tasks <- Filter(function(t) grepl(args[[2]], label(t)), tasks)
shuffles <- if (length(args) >= 3) seq_len(as.integer(args[[3]])) else 1:2

# Seconds of run(): the median of as many runs as fit in about a second (at least one,
# at most nine), so that a sub-second task is not timed by one noisy run.
seconds <- function(run) {
  times <- numeric(0)
  repeat {
    start <- proc.time()[["elapsed"]]
    value <- run()
    times <- c(times, proc.time()[["elapsed"]] - start)
    if (sum(times) >= 1 || length(times) >= 9) break
  }
  list(value = value, seconds = stats::median(times))
}

# The skeleton of a bnlearn or learnbn graph as sorted "a~b" pairs.
skeleton <- function(g) {
  arcs <- learnbn::arcs(g)
  sort(unique(apply(cbind(pmin(arcs$from, arcs$to), pmax(arcs$from, arcs$to)), 1, paste, collapse = "~")))
}

run_task <- function(task, shuffle) {
  truth <- read_bif(file.path(networks, paste0(task$network, ".bif.gz")))
  set.seed(shuffle)
  data <- simulate_data(truth, task$rows)
  data <- data[sample(ncol(data))]
  true_cpdag <- cpdag(truth$graph)
  only_ours <- isTRUE(task$learnbn_only)
  not_run <- list(value = NULL, seconds = NA)
  if (task$task == "pc") {
    learn <- function(threads) suppressWarnings(pc(data, test = "x2", alpha = task$alpha, threads = threads))
    theirs <- if (only_ours) not_run else seconds(function() bnlearn::pc.stable(data, test = "x2", alpha = task$alpha))
    agree <- function(ours) if (identical(skeleton(ours), skeleton(theirs$value))) "identical skeletons" else "skeletons differ"
  } else {
    learn <- function(threads) hill_climb(data, score = "bdeu", iss = 1, threads = threads)
    theirs <- if (only_ours) not_run else seconds(function() bnlearn::hc(data, score = "bde", iss = 1))
    agree <- function(ours) sprintf("score %.2f vs %.2f", ours$score, bnlearn::score(theirs$value, data, type = "bde", iss = 1))
  }
  ours <- seconds(function() learn(1L))
  ours_2t <- seconds(function() learn(2L))
  agreement <- if (only_ours) "bnlearn not run" else agree(ours$value)
  if (!identical(as.matrix(ours$value), as.matrix(ours_2t$value))) agreement <- paste(agreement, "; 2 THREADS DIFFER")
  # A PC result may hold conflicting orientations, which no CPDAG has: then the PDAG
  # itself is compared (a bidirected edge is its own kind of edge in shd()).
  to_truth <- function(g) {
    tryCatch(shd(cpdag(g), true_cpdag), error = function(e) suppressWarnings(shd(g, true_cpdag)))
  }
  data.frame(task = label(task), shuffle = shuffle,
             bnlearn_s = signif(theirs$seconds, 3), learnbn_s = signif(ours$seconds, 3),
             ratio = round(theirs$seconds / ours$seconds, 1), learnbn_2t_s = signif(ours_2t$seconds, 3),
             speedup_2t = round(ours$seconds / ours_2t$seconds, 2),
             shd_bnlearn = if (is.null(theirs$value)) NA else to_truth(from_bn(theirs$value)),
             shd_learnbn = to_truth(ours$value), agreement = agreement)
}

rows <- list()
for (task in tasks) for (shuffle in shuffles) {
  rows[[length(rows) + 1L]] <- run_task(task, shuffle)
  print(rows[[length(rows)]], row.names = FALSE)
}
cat("\nlearnbn against bnlearn 4.9 (ratio: bnlearn's time over learnbn's with one thread):\n")
print(do.call(rbind, rows), row.names = FALSE)
