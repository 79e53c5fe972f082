# boss() at scale (issue 36's "Scale" target: a sparse 1,000-node linear Gaussian DAG,
# n = 1000, under 60 s on one thread; munin, 10k rows, BDeu, under 2 minutes). Run from
# the package root:
#   Rscript bench/boss-scale.R [gaussian] [munin] [munin2k]
# (LEARNBN_NETWORKS: folder of the .bif.gz files.) munin2k is a quicker munin case (2,000
# rows) for profiling. One table: wall and CPU seconds of boss() alone (CPU = user +
# system of this process, every thread), the score, the score minus the true network's,
# the SHD between the learned and the true CPDAG, and boss's own counts.
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
cases <- if (length(args)) args else c("gaussian", "munin")

timed_boss <- function(d, score, ...) {
  gc()
  before <- proc.time()
  g <- boss(d, score = score, threads = 1, ...)
  used <- proc.time() - before
  list(g = g, wall = used[["elapsed"]], cpu = used[["user.self"]] + used[["sys.self"]])
}

row_of <- function(case, run, truth, d, score) {
  true_score <- network_score(truth, d, score = score)
  data.frame(case = case, wall_s = round(run$wall, 1), cpu_s = round(run$cpu, 1),
             score = round(run$g$score, 1), minus_true = round(run$g$score - true_score, 1),
             shd = shd(cpdag(run$g), cpdag(truth)), moves = run$g$info$moves,
             sweeps = run$g$info$sweeps, evaluations = run$g$info$score_evaluations)
}

gaussian_case <- function() {
  set.seed(1)
  fit <- random_gaussian_fit(1000, average_degree = 4)
  d <- bn_data(simulate_data(fit, 1000))
  score <- bn_score("bic", penalty_discount = 2)
  set.seed(1)
  row_of("gaussian 1000 nodes, n = 1000, bic x2", timed_boss(d, score), fit$graph, d, score)
}

munin_case <- function(rows) {
  set.seed(1)
  fit <- read_bif(file.path(networks, "munin.bif.gz"))
  raw <- simulate_data(fit, rows)
  d <- bn_data(raw[sample(ncol(raw))])
  score <- bn_score("bdeu", iss = 1)
  set.seed(1)
  row_of(sprintf("munin %s rows, bdeu iss 1", format(rows, big.mark = ",")),
         timed_boss(d, score), fit$graph, d, score)
}

table <- list()
for (case in cases) {
  table[[case]] <- switch(case, gaussian = gaussian_case(), munin = munin_case(10000),
                          munin2k = munin_case(2000))
  print(table[[case]], row.names = FALSE)
}
cat("\n")
print(do.call(rbind, table), row.names = FALSE)
