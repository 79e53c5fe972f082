# Where PC's time goes, level by level: for each level of the skeleton phase, its tests,
# the edges it removed and the CPU seconds (user + system of this process) it took, read
# at verbose's report of each level; the last row is what follows the skeleton
# (orientation, and the records handed to R). One thread, Pearson X2, the data of
# bench/pc-threads.R (simulate_data() with set.seed(1), columns shuffled).
#   Rscript bench/pc-levels.R [network] [rows] [alpha]
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
cpu <- function() sum(proc.time()[c("user.self", "sys.self")])
rows <- list()
last <- cpu()
on_level <- function(m) {
  now <- cpu()
  text <- conditionMessage(m)
  numbers <- as.numeric(regmatches(text, gregexpr("[0-9]+", text))[[1]])
  if (startsWith(text, "PC level")) {  # level, tests, removed, left
    rows[[length(rows) + 1]] <<- data.frame(level = as.character(numbers[1]),
                                            tests = numbers[2], removed = numbers[3],
                                            cpu_s = round(now - last, 2))
    last <<- now
  }
  invokeRestart("muffleMessage")
}
g <- withCallingHandlers(
  suppressWarnings(pc(data, test = "x2", alpha = alpha, threads = 1L, verbose = TRUE)),
  message = on_level)
rows[[length(rows) + 1]] <- data.frame(level = "after the skeleton", tests = NA,
                                       removed = NA, cpu_s = round(cpu() - last, 2))
table <- do.call(rbind, rows)
table$share <- round(table$cpu_s / sum(table$cpu_s), 3)
cat(network, n_rows, "rows, alpha", alpha, "- tests:", g$info$n_tests, "\n")
print(table, row.names = FALSE)
cat("load average:", readLines("/proc/loadavg"), "\n")
