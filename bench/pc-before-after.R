# PC before/after: the same pc() call on the same data with the "before" build and the
# current one, each in its own R process, run alternately (the machine is shared: compare
# medians of close runs), plus whether both give identical graphs and info.
#   Rscript bench/pc-before-after.R BEFORE_LIB AFTER_LIB network rows alpha [max_cond] [repeats]
# e.g. Rscript bench/pc-before-after.R /tmp/lbn-lib-before /tmp/lbn-lib-pc alarm 1e6 0.05
# Data: simulate_data() from ../shared/networks with set.seed(1) and shuffled columns, as
# bench/compare.R does for its first shuffle.
args <- commandArgs(trailingOnly = TRUE)
if (length(args) < 5) stop("usage: bench/pc-before-after.R BEFORE_LIB AFTER_LIB network rows alpha [max_cond] [repeats]")
before <- args[[1]]; after <- args[[2]]; network <- args[[3]]
rows <- as.numeric(args[[4]]); alpha <- as.numeric(args[[5]])
max_cond <- if (length(args) >= 6) as.numeric(args[[6]]) else Inf
repeats <- if (length(args) >= 7) as.integer(args[[7]]) else 3L
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
work <- tempfile("pc-bench")
dir.create(work)
data_file <- file.path(work, "data.rds")

one_run <- function(lib, out) {
  script <- sprintf(paste(
    "suppressPackageStartupMessages(library(learnbn, lib.loc = '%s'))",
    "df <- readRDS('%s')",
    "t <- system.time(g <- suppressWarnings(pc(df, test = 'x2', alpha = %s, max_cond = %s)))[['elapsed']]",
    "info <- g$info; info$time <- NULL",
    "saveRDS(list(seconds = t, amat = as.matrix(g), info = info), '%s')", sep = "\n"),
    lib, data_file, alpha, max_cond, out)
  file <- file.path(work, "run.R")
  writeLines(script, file)
  system2(file.path(R.home("bin"), "Rscript"), file)
  readRDS(out)
}

local({
  suppressPackageStartupMessages(library(learnbn, lib.loc = after))
  truth <- read_bif(file.path(networks, paste0(network, ".bif.gz")))
  set.seed(1)
  data <- simulate_data(truth, rows)
  saveRDS(data[sample(ncol(data))], data_file)
})
times <- list(before = numeric(), after = numeric())
for (r in seq_len(repeats)) {
  b <- one_run(before, file.path(work, "before.rds"))
  a <- one_run(after, file.path(work, "after.rds"))
  times$before <- c(times$before, b$seconds)
  times$after <- c(times$after, a$seconds)
}
cat(sprintf("%s, %g rows, alpha %g, max_cond %g: before %s s (median %.3f), after %s s (median %.3f), ratio %.2f; tests %d; identical graph %s, identical info %s\n",
            network, rows, alpha, max_cond, paste(round(times$before, 3), collapse = " "), median(times$before),
            paste(round(times$after, 3), collapse = " "), median(times$after),
            median(times$before) / median(times$after), a$info$n_tests,
            identical(a$amat, b$amat), identical(a$info, b$info)))
unlink(work, recursive = TRUE)
