# Score-based search on data simulated from the reference networks: time, score (BDeu,
# iss 1), gap to the true network's score, arcs, SHD between the learned and the true
# CPDAG, and the score cache's hit rate. Run from the package root:
#   Rscript bench/search.R [network ...]     (LEARNBN_NETWORKS: folder of the .bif.gz files)
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
cases <- c(alarm = 20000, insurance = 20000, hailfinder = 20000, andes = 10000, pigs = 10000,
           link = 10000, munin = 10000)
chosen <- commandArgs(trailingOnly = TRUE)
if (length(chosen)) cases <- cases[chosen]
threads <- as.integer(Sys.getenv("LEARNBN_THREADS", "1"))
small <- c("alarm", "insurance", "hailfinder")  # where tabu and restarts are also run

rows <- list()
for (name in names(cases)) {
  set.seed(1)
  fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
  data <- bn_data(simulate_data(fit, cases[[name]]))
  truth <- fit$graph
  true_score <- network_score(truth, data, score = "bdeu")
  true_cpdag <- cpdag(truth)
  learners <- list(hill_climb = function() hill_climb(data, threads = threads))
  if (name %in% small) {
    learners$tabu <- function() tabu_search(data, tabu = 50, max_tabu = 50, threads = threads)
    learners$restarts_10 <- function() hill_climb(data, restarts = 10, perturb = 10, threads = threads)
  }
  for (algorithm in names(learners)) {
    set.seed(2)
    time <- system.time(g <- learners[[algorithm]]())[["elapsed"]]
    row <- data.frame(
      network = name, nodes = length(nodes(g)), rows = cases[[name]], algorithm = algorithm,
      seconds = round(time, 2), score = round(g$score, 1),
      gap_to_truth = round(g$score - true_score, 1), arcs = nrow(arcs(g)),
      true_arcs = nrow(arcs(truth)), shd_cpdag = shd(cpdag(g), true_cpdag),
      cache_hit_rate = round(g$info$cache_hit_rate, 3))
    print(row, row.names = FALSE)  # as it finishes: the large networks take a while
    rows[[length(rows) + 1]] <- row
  }
}
cat("\nAll runs:\n")
print(do.call(rbind, rows), row.names = FALSE)
