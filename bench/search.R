# Score-based search on data simulated from the reference networks: time, score (BDeu,
# iss 1), gap to the true network's score, arcs, SHD between the learned and the true
# CPDAG, and the score cache's hit rate. Run from the package root:
#   Rscript bench/search.R [network ...]     (LEARNBN_NETWORKS: folder of the .bif.gz files)
# LEARNBN_THREADS sets the threads (a list such as "1,2" runs each count). With
# LEARNBN_BEFORE_LIB set to a library holding another build of learnbn, each hill climb
# is also run with that build in a child R process on the same data (medians of
# LEARNBN_REPEATS runs, 3 by default), and the row adds its seconds, the speed-up and
# whether the graph and the score (to 1e-10) are the same, e.g.
#   LEARNBN_BEFORE_LIB=/tmp/lbn-lib-before LEARNBN_THREADS=1,2 Rscript bench/search.R andes pigs
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
cases <- c(alarm = 20000, insurance = 20000, hailfinder = 20000, andes = 10000, pigs = 10000,
           link = 10000, munin = 10000)
chosen <- commandArgs(trailingOnly = TRUE)
if (length(chosen)) cases <- cases[chosen]
thread_counts <- as.integer(strsplit(Sys.getenv("LEARNBN_THREADS", "1"), ",")[[1]])
before_lib <- Sys.getenv("LEARNBN_BEFORE_LIB")
repeats <- as.integer(Sys.getenv("LEARNBN_REPEATS", "3"))
small <- c("alarm", "insurance", "hailfinder")  # where tabu and restarts are also run

# Median seconds of `repeats` hill climbs with the build in `lib`, in a child process
# (two builds of one package cannot share a process), with its graph and score.
hill_climb_with <- function(lib, data_file, threads) {
  out <- tempfile(fileext = ".rds")
  code <- sprintf(paste(
    "suppressPackageStartupMessages(library(learnbn, lib.loc = '%s'))",
    "data <- readRDS('%s'); secs <- numeric(%d)",
    "for (i in seq_along(secs)) secs[i] <- system.time(g <- hill_climb(data, score = 'bdeu', iss = 1, threads = %d))[['elapsed']]",
    "saveRDS(list(seconds = median(secs), amat = g$amat, score = g$score), '%s')", sep = "; "),
    lib, data_file, repeats, threads, out)
  system2(file.path(R.home("bin"), "Rscript"), c("-e", shQuote(code)))
  readRDS(out)
}

rows <- list()
for (name in names(cases)) {
  set.seed(1)
  fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
  raw <- simulate_data(fit, cases[[name]])
  raw <- raw[sample(ncol(raw))]  # no search profits from the file's topological order
  data <- bn_data(raw)
  data_file <- tempfile(fileext = ".rds")
  saveRDS(raw, data_file)
  truth <- fit$graph
  true_score <- network_score(truth, data, score = "bdeu")
  true_cpdag <- cpdag(truth)
  for (threads in thread_counts) {
    learners <- list(hill_climb = function() hill_climb(data, threads = threads))
    if (name %in% small) {
      learners$tabu <- function() tabu_search(data, tabu = 50, max_tabu = 50, threads = threads)
      learners$restarts_10 <- function() hill_climb(data, restarts = 10, perturb = 10, threads = threads)
    }
    for (algorithm in names(learners)) {
      set.seed(2)
      times <- numeric(if (algorithm == "hill_climb" && nzchar(before_lib)) repeats else 1)
      for (i in seq_along(times)) times[i] <- system.time(g <- learners[[algorithm]]())[["elapsed"]]
      row <- data.frame(
        network = name, nodes = length(nodes(g)), rows = cases[[name]], algorithm = algorithm,
        threads = threads, seconds = round(median(times), 2), score = round(g$score, 1),
        gap_to_truth = round(g$score - true_score, 1), arcs = nrow(arcs(g)),
        true_arcs = nrow(arcs(truth)), shd_cpdag = shd(cpdag(g), true_cpdag),
        cache_hit_rate = round(g$info$cache_hit_rate, 3))
      if (nzchar(before_lib)) {
        before <- if (algorithm == "hill_climb") hill_climb_with(before_lib, data_file, threads)
        row$seconds_before <- if (is.null(before)) NA else round(before$seconds, 2)
        row$speedup <- round(row$seconds_before / row$seconds, 1)
        row$same_result <- if (is.null(before)) NA else
          identical(before$amat, g$amat) && abs(before$score - g$score) <= 1e-10
      }
      print(row, row.names = FALSE)  # as it finishes: the large networks take a while
      rows[[length(rows) + 1]] <- row
    }
  }
}
cat("\nAll runs:\n")
print(do.call(rbind, rows), row.names = FALSE)
