# Best-first search against greedy search with random restarts for a fixed amount of
# computation (Heckerman 1995: "for a fixed amount of computation time, greedy search with
# random restarts produces better models than does best-first search"), measured two
# ways on 20,000 rows simulated from alarm with BDeu (iss 1):
#   * equal work: each hill climb (with 0 to 100 restarts) runs first, and best-first
#     search gets the same number of family-score evaluations (max_evaluations), with at
#     most 20,000 expansions (once it sits on a plateau, expansions cost almost no new
#     evaluations; `capped` says when the expansion cap stopped it first);
#   * equal time: best-first search with a number of expansions, then hill climbing
#     with as many restarts as fit in the same time (rescaled up to three times until the
#     times agree within 10%).
# Run from the package root:
#   Rscript bench/best-first.R          (LEARNBN_NETWORKS: folder of the .bif.gz files)
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
set.seed(1)
fit <- read_bif(file.path(networks, "alarm.bif.gz"))
data <- bn_data(simulate_data(fit, 20000))
truth <- fit$graph
true_score <- network_score(truth, data, score = "bdeu")
true_cpdag <- cpdag(truth)
max_expansions <- 20000

run <- function(comparison, label, expr) {
  seconds <- system.time(g <- expr)[["elapsed"]]
  steps <- if (is.null(g$info$expansions)) g$info$iterations else g$info$expansions
  data.frame(comparison = comparison, algorithm = label, evaluations = g$info$score_evaluations,
             steps = steps, capped = identical(g$info$expansions, max_expansions),
             seconds = round(seconds, 2), score = round(g$score, 1),
             gap_to_truth = round(g$score - true_score, 1), arcs = nrow(arcs(g)),
             shd_cpdag = shd(cpdag(g), true_cpdag))
}

rows <- list()
for (restarts in c(0, 5, 20, 100)) {
  set.seed(2)
  label <- if (restarts) paste0("hill_climb, ", restarts, " restarts") else "hill_climb"
  hc <- run("equal evaluations", label, hill_climb(data, restarts = restarts, perturb = 10))
  rows[[length(rows) + 1]] <- hc
  rows[[length(rows) + 1]] <- run("equal evaluations", "best_first",
    best_first_search(data, max_expansions = max_expansions, max_evaluations = hc$evaluations))
}
seconds_per_restart <- rows[[7]]$seconds / 100
for (expansions in c(200, 2000)) {
  bf <- run("equal time", paste0("best_first, ", expansions, " expansions"),
            best_first_search(data, max_expansions = expansions))
  restarts <- max(1, round(bf$seconds / seconds_per_restart))
  for (attempt in 1:3) {  # rescale the restarts until the times roughly match
    set.seed(2)
    hc <- run("equal time", paste0("hill_climb, ", restarts, " restarts"),
              hill_climb(data, restarts = restarts, perturb = 10))
    if (abs(hc$seconds - bf$seconds) <= 0.1 * bf$seconds) break
    restarts <- max(1, round(restarts * bf$seconds / max(hc$seconds, 0.01)))
  }
  rows[[length(rows) + 1]] <- bf
  rows[[length(rows) + 1]] <- hc
}
cat("alarm, 20,000 rows, BDeu (iss 1); the true network scores", round(true_score, 1), "\n")
cat("steps: moves made (hill climbing) or states expanded (best-first)\n")
print(do.call(rbind, rows), row.names = FALSE)
