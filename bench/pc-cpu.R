# PC (Pearson X2) against bnlearn 4.9's pc.stable() in CPU seconds, side by side in one R
# process on the same shuffled data.frame (simulated as bench/compare.R does: set.seed
# of the shuffle, then the columns shuffled). On a shared machine elapsed times follow
# the load; CPU time (user + system) of this process does not, so the ratio is taken from
# it (elapsed is printed next to it). Runs under a second are repeated (up to 50): CPU time
# is their mean (it is counted in 10 ms ticks), elapsed their median.
#   Rscript bench/pc-cpu.R [pattern] [shuffles]
# Tasks: alarm 20k (alpha .05), alarm 1e6 (.05), pigs 10k (.01, learnbn only: bnlearn
# took 41 minutes). `pattern` keeps the tasks whose label matches it.
suppressPackageStartupMessages(library(learnbn))
anchor <- Sys.getenv("LEARNBN_ANCHOR_LIB", "../anchor-lib")
if (!requireNamespace("bnlearn", lib.loc = anchor, quietly = TRUE)) {
  stop("bnlearn 4.9 is not installed in ", anchor, "; see bench/compare.R")
}
invisible(loadNamespace("bnlearn", lib.loc = anchor))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
options(width = 200)
tasks <- list(
  list(network = "alarm", rows = 2e4, alpha = 0.05),
  list(network = "alarm", rows = 1e6, alpha = 0.05),
  list(network = "pigs", rows = 1e4, alpha = 0.01, learnbn_only = TRUE))
label <- function(task) sprintf("pc %s, %g rows", task$network, task$rows)
if (length(args) >= 1) tasks <- Filter(function(t) grepl(args[[1]], label(t)), tasks)
shuffles <- if (length(args) >= 2) seq_len(as.integer(args[[2]])) else 1:2

source("bench/timed.R")  # timed()

skeleton <- function(g) {
  a <- learnbn::arcs(g)
  sort(unique(paste(pmin(a$from, a$to), pmax(a$from, a$to), sep = "~")))
}

rows <- list()
for (task in tasks) for (shuffle in shuffles) {
  truth <- read_bif(file.path(networks, paste0(task$network, ".bif.gz")))
  set.seed(shuffle)
  data <- simulate_data(truth, task$rows)
  data <- data[sample(ncol(data))]
  ours <- timed(function() suppressWarnings(pc(data, test = "x2", alpha = task$alpha)))
  theirs <- if (isTRUE(task$learnbn_only)) list(cpu = NA, elapsed = NA) else
    timed(function() bnlearn::pc.stable(data, test = "x2", alpha = task$alpha))
  same <- if (is.null(theirs$value)) NA else identical(skeleton(ours$value), skeleton(theirs$value))
  rows[[length(rows) + 1L]] <- data.frame(
    task = label(task), shuffle = shuffle, tests = ours$value$info$n_tests,
    bnlearn_cpu_s = signif(theirs$cpu, 3), learnbn_cpu_s = signif(ours$cpu, 3),
    ratio_cpu = round(theirs$cpu / ours$cpu, 1),
    bnlearn_elapsed_s = signif(theirs$elapsed, 3), learnbn_elapsed_s = signif(ours$elapsed, 3),
    same_skeleton = same)
  print(rows[[length(rows)]], row.names = FALSE)
}
cat("\nlearnbn pc() against bnlearn 4.9 pc.stable(), X2, one thread, CPU seconds:\n")
print(do.call(rbind, rows), row.names = FALSE)
