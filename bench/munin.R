# munin at scale (issues 38 and 36): hill_climb BDeu iss 1 on munin 10k rows (target under
# 20 s; 2 threads at least 1.8x faster than 1) and boss() on munin 2k and 10k rows (target
# under 2 minutes), columns shuffled. Run from the package root, one case per process so
# that a slow case can be cut by `timeout`, under /usr/bin/time -v for the peak memory:
#   /usr/bin/time -v timeout 1200 Rscript bench/munin.R hc10k | hc10k_2t | boss2k | boss10k |
#     boss10k_2t
# (LEARNBN_NETWORKS: folder of the .bif.gz files.) Prints wall and CPU seconds (user +
# system of this process), the process's peak resident memory so far, the score and the
# family scores computed. bench/munin_core.cpp times the same searches without R (perf).
suppressPackageStartupMessages(library(learnbn))
options(warn = -1)  # munin declares states its samples never show
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
cases <- if (length(args)) args else "hc10k"

munin_data <- function(rows) {
  set.seed(1)
  raw <- simulate_data(read_bif(file.path(networks, "munin.bif.gz")), rows)
  bn_data(raw[sample(ncol(raw))])
}

# The peak resident memory of this process (Linux), in MB.
peak_mb <- function() {
  status <- readLines("/proc/self/status")
  hwm <- grep("^VmHWM:", status, value = TRUE)
  if (!length(hwm)) return(NA_real_)
  round(as.numeric(gsub("[^0-9]", "", hwm)) / 1024)
}

timed <- function(case, learn, d, threads = 1) {
  force(d)  # a promise: unforced, the timing would include simulating the data (5.7 s)
  gc()
  before <- proc.time()
  g <- learn(d, score = bn_score("bdeu", iss = 1), threads = threads)
  used <- proc.time() - before
  data.frame(case = case, wall_s = round(used[["elapsed"]], 1),
             cpu_s = round(used[["user.self"]] + used[["sys.self"]], 1), peak_mb = peak_mb(),
             score = sprintf("%.6f", g$score), evaluations = g$info$score_evaluations)
}

for (case in cases) {
  row <- switch(case,
                hc10k = timed("hill_climb munin 10k", hill_climb, munin_data(1e4)),
                hc10k_2t = timed("hill_climb munin 10k, 2 threads", hill_climb,
                                 munin_data(1e4), threads = 2),
                boss2k = timed("boss munin 2k", boss, munin_data(2000)),
                boss10k = timed("boss munin 10k", boss, munin_data(1e4)),
                boss10k_2t = timed("boss munin 10k, 2 threads", boss, munin_data(1e4),
                                   threads = 2))
  print(row, row.names = FALSE)
}
