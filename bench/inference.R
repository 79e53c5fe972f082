# Inference speed: exact queries per second (variable elimination) on alarm, hailfinder
# and andes, for random targets with 0, 2 and 5 evidence nodes drawn from a simulated
# row; likelihood weighting on munin (where exact elimination builds too large tables),
# with its agreement against a long run.
# Run from the package root: Rscript bench/inference.R
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
read_network <- function(name) read_bif(file.path(networks, paste0(name, ".bif.gz")))

random_queries <- function(fit, count, evidence_size) {
  nodes <- colnames(fit$graph$amat)
  rows <- simulate_data(fit, count)
  lapply(seq_len(count), function(i) {
    target <- sample(nodes, 1)
    observed <- sample(setdiff(nodes, target), evidence_size)
    list(target = target, evidence = lapply(stats::setNames(observed, observed),
                                            function(v) as.character(rows[[v]][i])))
  })
}

rows <- list()
set.seed(1)
for (name in c("alarm", "hailfinder", "andes")) {
  fit <- read_network(name)
  for (size in c(0, 2, 5)) {
    queries <- random_queries(fit, 200, size)
    seconds <- system.time(for (q in queries) {
      tryCatch(query(fit, q$target, q$evidence), learnbn_error_impossible_evidence = function(e) NULL)
    })[["elapsed"]]
    rows[[length(rows) + 1L]] <- data.frame(network = name, nodes = length(fit$levels),
                                            evidence = size, queries = length(queries),
                                            seconds = round(seconds, 3),
                                            per_second = round(length(queries) / seconds))
  }
}
cat("Exact queries (variable elimination):\n")
print(do.call(rbind, rows), row.names = FALSE)

munin <- read_network("munin")
set.seed(2)
queries <- random_queries(munin, 5, 3)
cat("\nLikelihood weighting on munin (", length(munin$levels), " nodes): n = 1e4 and 1e5 against 1e6\n", sep = "")
out <- list()
for (q in queries) {
  exact <- tryCatch(query(munin, q$target, q$evidence), learnbn_error_too_large = function(e) NULL)
  long <- query(munin, q$target, q$evidence, method = "lw", n = 1e6)
  for (n in c(1e4, 1e5)) {
    seconds <- system.time(lw <- query(munin, q$target, q$evidence, method = "lw", n = n))[["elapsed"]]
    out[[length(out) + 1L]] <- data.frame(target = q$target, n = n, seconds = round(seconds, 3),
                                          max_diff_to_1e6 = signif(max(abs(lw - long)), 3),
                                          exact_available = !is.null(exact))
  }
}
print(do.call(rbind, out), row.names = FALSE)
