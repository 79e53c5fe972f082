# Equivalence-class search and model averaging on data simulated from the reference
# networks: time, score (BDeu, iss 1) and SHD between the learned CPDAG and the true one,
# in one table. Each section is a function(data, truth) returning a named list of
# learned graphs with their run times; add a section (such as MCMC) to `sections`.
# Run from the package root:
#   Rscript bench/averaging.R [network ...]   (LEARNBN_NETWORKS: folder of the .bif.gz files)
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
cases <- c(alarm = 20000, hailfinder = 20000, andes = 10000)
chosen <- commandArgs(trailingOnly = TRUE)
if (length(chosen)) cases <- cases[chosen]
threads <- as.integer(Sys.getenv("LEARNBN_THREADS", "1"))

# Runs `learn()` after set.seed(2); returns the graph and the elapsed seconds.
timed <- function(learn) {
  set.seed(2)
  seconds <- system.time(g <- learn())[["elapsed"]]
  list(graph = g, seconds = seconds)
}

sections <- list(
  # Greedy equivalence search against hill climbing over DAGs.
  ges = function(data, truth) {
    list(ges = timed(function() ges(data, threads = threads)),
         hill_climb = timed(function() hill_climb(data, threads = threads)))
  },
  # Partially directed graph search (Kochenderfer et al. 2022, section 5.4): every operator is extended
  # and scored at every step, so it is only run on networks of at most 100 nodes.
  pdag_search = function(data, truth) {
    if (ncol(truth$amat) > 100) return(list())
    list(pdag_search = timed(function() pdag_search(data, threads = threads)))
  }
)

rows <- list()
for (name in names(cases)) {
  set.seed(1)
  fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
  data <- bn_data(simulate_data(fit, cases[[name]]))
  true_cpdag <- cpdag(fit$graph)
  for (section in names(sections)) {
    runs <- sections[[section]](data, fit$graph)
    for (algorithm in names(runs)) {
      g <- runs[[algorithm]]$graph
      rows[[length(rows) + 1]] <- data.frame(
        network = name, rows = cases[[name]], section = section, algorithm = algorithm,
        seconds = round(runs[[algorithm]]$seconds, 2), score = round(g$score, 1),
        shd_cpdag = shd(cpdag(g), true_cpdag))
    }
  }
}
print(do.call(rbind, rows), row.names = FALSE)
