# Times every structure learner on data simulated from alarm, insurance and hailfinder
# (20,000 rows) and writes vignettes/timings.csv for the algorithms vignette.
# Run from the package root: Rscript bench/overview.R
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
learners <- list(
  hill_climb = function(d) hill_climb(d),
  tabu_search = function(d) tabu_search(d, tabu = 50, max_tabu = 50),
  restarts = function(d) hill_climb(d, restarts = 10, perturb = 10),
  simulated_annealing = function(d) simulated_annealing(d),
  memetic = function(d) genetic_search(d, generations = 5, memetic = TRUE),
  chow_liu = function(d) chow_liu(d, score = "bdeu"),
  pc = function(d) suppressWarnings(pc(d, alpha = 0.05, conflicts = "first")),
  hybrid = function(d) hybrid(d, alpha = 0.05),
  ges = function(d) ges(d))
rows <- list()
for (name in c("alarm", "insurance", "hailfinder")) {
  set.seed(1)
  fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
  data <- bn_data(simulate_data(fit, 20000))
  truth <- cpdag(fit$graph)
  for (learner in names(learners)) {
    set.seed(2)
    seconds <- system.time(g <- learners[[learner]](data))[["elapsed"]]
    extension <- if (is_dag(g)) g else pdag_to_dag(g)
    rows[[length(rows) + 1]] <- data.frame(
      network = name, learner = learner, seconds = round(seconds, 3),
      bdeu = round(network_score(extension, data), 1), shd = shd(cpdag(extension), truth))
  }
}
timings <- do.call(rbind, rows)
print(timings, row.names = FALSE)
utils::write.csv(timings, "vignettes/timings.csv", row.names = FALSE)
