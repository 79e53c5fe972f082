# PC-stable benchmark: time, number of tests and skeleton precision / recall against the
# true network, on data simulated from ../shared/networks (alarm, insurance, hailfinder at
# 20,000 rows; andes, pigs, link at 10,000 rows), Pearson X2, alpha = 0.05, one thread
# and two. Run from the package root: Rscript bench/pc.R [network ...]
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
cases <- c(alarm = 20000, insurance = 20000, hailfinder = 20000,
           andes = 10000, pigs = 10000, link = 10000)
chosen <- commandArgs(trailingOnly = TRUE)
if (length(chosen)) cases <- cases[chosen]

skeleton_scores <- function(learned, truth) {
  a <- as.matrix(learned)
  t <- as.matrix(truth)[rownames(a), colnames(a)]
  upper <- upper.tri(a)
  found <- (a == 1 | t(a) == 1)[upper]
  true <- (t == 1 | t(t) == 1)[upper]
  c(precision = sum(found & true) / max(1, sum(found)), recall = sum(found & true) / sum(true))
}

rows <- list()
for (name in names(cases)) {
  fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
  set.seed(2026)
  data <- bn_data(simulate_data(fit, cases[[name]]))
  for (threads in 1:2) {
    elapsed <- system.time(g <- suppressWarnings(pc(data, test = "x2", alpha = 0.05,
                                                    threads = threads)))[["elapsed"]]
    scores <- skeleton_scores(g, fit$graph)
    rows[[length(rows) + 1L]] <- data.frame(
      network = name, nodes = length(data$levels), rows = cases[[name]], threads = threads,
      seconds = round(elapsed, 3), tests = g$info$n_tests,
      tests_per_second = round(g$info$n_tests / max(elapsed, 1e-3)),
      precision = round(scores[["precision"]], 3), recall = round(scores[["recall"]], 3),
      conflicts = nrow(g$info$conflicts))
    print(rows[[length(rows)]], row.names = FALSE)
  }
}
cat("\nSummary\n")
print(do.call(rbind, rows), row.names = FALSE)
