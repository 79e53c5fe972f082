# alarm at 10 million rows (issue 38: PC and hill climbing each under 4 GB and 60 s).
# One task per process, so that each peak memory is its own. Run from the package root:
#   Rscript bench/alarm-1e7.R hc | pc [threads]
# Prints the seconds (wall and CPU: user + system of this process) of the learner alone,
# and the peak resident memory (VmHWM) after simulating the data and after learning.
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
task <- if (length(args)) args[[1]] else "hc"
threads <- if (length(args) >= 2) as.integer(args[[2]]) else 1L

peak_mb <- function() {
  hwm <- grep("^VmHWM:", readLines("/proc/self/status"), value = TRUE)
  round(as.numeric(gsub("[^0-9]", "", hwm)) / 1024)
}

options(learnbn.max_memory = 8e9)  # the data alone are 1.56 GB, above the 1 GB default
set.seed(1)
raw <- simulate_data(read_bif(file.path(networks, "alarm.bif.gz")), 1e7)
raw <- raw[sample(ncol(raw))]
invisible(gc())
data_mb <- peak_mb()
learn <- switch(task,
  hc = function() hill_climb(raw, score = "bdeu", iss = 1, threads = threads),
  pc = function() pc(raw, test = "x2", alpha = 0.05, threads = threads),
  stop("task must be hc or pc"))
cpu0 <- proc.time()
g <- learn()
used <- proc.time() - cpu0
cat(sprintf("%s alarm 1e7, %d thread(s): wall %.1f s, CPU %.1f s, peak %d MB (data alone %d MB), %d arcs\n",
            task, threads, used[["elapsed"]], used[["user.self"]] + used[["sys.self"]],
            peak_mb(), data_mb, nrow(arcs(g))))
