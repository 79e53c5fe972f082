# GFCI benchmark: learnbn's gfci() (GES or BOSS with BDeu or BIC, then G2 tests) against
# fci() and rfci() (G2), alpha = 0.05, on alarm with LVFAILURE, HYPOVOLEMIA and PULMEMBOLUS hidden:
# seconds, tests, and distance to the true PAG (dag_to_pag()): edges missing and extra,
# and marks differing (the G2 tests, not the score, lose most edges). Run from the package
# root: Rscript bench/gfci.R [rows]
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
n <- if (length(args)) as.integer(args[1]) else 20000L
hidden <- c("LVFAILURE", "HYPOVOLEMIA", "PULMEMBOLUS")
fit <- read_bif(file.path(networks, "alarm.bif.gz"))
set.seed(2026)
full <- simulate_data(fit, n)
df <- full[setdiff(names(full), hidden)]
data <- bn_data(df)
truth <- dag_to_pag(fit$graph, latent = hidden)$amat[names(df), names(df)]

row <- function(name, seconds, cpu, g) {
  up <- upper.tri(truth)
  adj <- g$amat != 0
  data.frame(learner = name, seconds = round(seconds, 2), cpu = round(cpu, 2),
             tests = g$info$n_tests,
             missing = sum(!adj & truth != 0 & up), extra = sum(adj & truth == 0 & up),
             marks_differing = sum(g$amat != truth))
}
runs <- list(
  "fci (g2)" = function() fci(data, test = "g2", alpha = 0.05),
  "rfci (g2)" = function() rfci(data, test = "g2", alpha = 0.05),
  "gfci (bdeu + g2)" = function() gfci(data, test = "g2", alpha = 0.05),
  "gfci (bic + g2)" = function() gfci(data, test = "g2", score = "bic", alpha = 0.05),
  "gfci (bic + g2, no pdsep)" = function() gfci(data, test = "g2", score = "bic", alpha = 0.05,
                                               pdsep = FALSE),
  "gfci (boss, bdeu + g2)" = function() gfci(data, test = "g2", alpha = 0.05, search = "boss"),
  "gfci (boss, bic + g2)" = function() gfci(data, test = "g2", score = "bic", alpha = 0.05,
                                            search = "boss"))
rows <- lapply(names(runs), function(name) {
  set.seed(1)  # boss()'s random orders
  t <- system.time(g <- runs[[name]]())
  r <- row(name, t[["elapsed"]], t[["user.self"]] + t[["sys.self"]], g)
  print(r, row.names = FALSE)
  r
})
cat("rows:", format(n, big.mark = ","), " true PAG edges:",
    sum(truth[upper.tri(truth)] != 0), "\n")
print(do.call(rbind, rows), row.names = FALSE)
