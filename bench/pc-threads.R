# PC (Pearson X2) on one and on two threads: elapsed and CPU seconds (user + system of the
# process, both threads) on the same shuffled data.frame, and whether the two runs give
# the same tests (statistics, p-values), separating sets and graph. The speed-up is the
# ratio of elapsed times: it only means something on an otherwise idle machine (print
# the load average next to it).
#   Rscript bench/pc-threads.R [network] [rows] [alpha]
# Defaults: pigs, 10,000 rows, alpha 0.01 (the issue 38 case).
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
network <- if (length(args) >= 1) args[[1]] else "pigs"
n_rows <- if (length(args) >= 2) as.numeric(args[[2]]) else 1e4
alpha <- if (length(args) >= 3) as.numeric(args[[3]]) else 0.01
truth <- read_bif(file.path(networks, paste0(network, ".bif.gz")))
set.seed(1)
data <- simulate_data(truth, n_rows)
data <- data[sample(ncol(data))]
runs <- lapply(c(1L, 2L), function(threads) {
  start <- proc.time()
  g <- suppressWarnings(pc(data, test = "x2", alpha = alpha, threads = threads))
  used <- proc.time() - start
  list(g = g, threads = threads, elapsed = used[["elapsed"]],
       cpu = used[["user.self"]] + used[["sys.self"]])
})
same <- identical(runs[[1]]$g$info$tests, runs[[2]]$g$info$tests) &&
  identical(runs[[1]]$g$info$sepsets, runs[[2]]$g$info$sepsets) &&
  identical(as.matrix(runs[[1]]$g), as.matrix(runs[[2]]$g))
table <- data.frame(
  network = network, rows = n_rows, alpha = alpha,
  threads = vapply(runs, `[[`, 0L, "threads"),
  tests = vapply(runs, function(r) r$g$info$n_tests, 0L),
  elapsed_s = signif(vapply(runs, `[[`, 0, "elapsed"), 3),
  cpu_s = signif(vapply(runs, `[[`, 0, "cpu"), 3))
table$speedup <- round(table$elapsed_s[1] / table$elapsed_s, 2)
print(table, row.names = FALSE)
cat("same tests, separating sets and graph on 1 and 2 threads:", same, "\n")
cat("load average:", readLines("/proc/loadavg"), "\n")
