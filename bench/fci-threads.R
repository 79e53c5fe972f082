# FCI and RFCI on 1 and 2 threads: the tests after the skeleton (possible-d-sep, RFCI's
# checks of triples and discriminating paths) run on the learner's threads as well as
# PC's skeleton. Alarm at 20,000 simulated rows with LVFAILURE, HYPOVOLEMIA and
# PULMEMBOLUS hidden, G2 at alpha = 0.05: CPU (user + sys) and wall seconds, tests by
# phase, and whether the PAG, the tests and the separating sets equal those of 1 thread.
# Run from the package root: Rscript bench/fci-threads.R [rows] [repeats]
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
n <- if (length(args)) as.integer(args[1]) else 20000L
repeats <- if (length(args) > 1) as.integer(args[2]) else 3L
hidden <- c("LVFAILURE", "HYPOVOLEMIA", "PULMEMBOLUS")
fit <- read_bif(file.path(networks, "alarm.bif.gz"))
set.seed(2026)
full <- simulate_data(fit, n)
df <- full[setdiff(names(full), hidden)]
df <- df[sample(names(df))]  # shuffled columns
data <- bn_data(df)

timed <- function(expr) {
  before <- proc.time()
  value <- force(expr)
  used <- proc.time() - before
  list(value = value, cpu = used[["user.self"]] + used[["sys.self"]] +
         used[["user.child"]] + used[["sys.child"]], wall = used[["elapsed"]])
}
rows <- list()
for (learner in c("fci", "rfci")) {
  f <- get(learner, asNamespace("learnbn"))
  reference <- NULL
  for (threads in c(1L, 2L)) {
    runs <- lapply(seq_len(repeats), function(i) timed(f(data, test = "g2", threads = threads)))
    g <- runs[[1]]$value
    late <- g$info$tests$phase != "skeleton"
    if (is.null(reference)) reference <- g
    same <- identical(g$amat, reference$amat) && identical(g$info$tests, reference$info$tests) &&
      identical(g$info$sepsets, reference$info$sepsets)
    rows[[length(rows) + 1L]] <- data.frame(
      learner = learner, threads = threads,
      cpu_s = round(stats::median(vapply(runs, `[[`, 0, "cpu")), 2),
      wall_s = round(stats::median(vapply(runs, `[[`, 0, "wall")), 2),
      tests = g$info$n_tests, after_skeleton = sum(late), same_as_1_thread = same)
  }
}
cat("alarm,", format(n, big.mark = ","), "rows, 3 nodes hidden; median of", repeats, "runs\n")
print(do.call(rbind, rows), row.names = FALSE)
