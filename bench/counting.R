# Local-score throughput: uncached BDeu family scores per second on data simulated from
# alarm (20,000 rows) and munin (10,000 rows), for parent sets of size 0 to 4, one thread
# and two; and the cost of a cache hit. Run from the package root: Rscript bench/counting.R
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
cases <- c(alarm = 20000, munin = 10000)
families_per_size <- 3000

random_families <- function(nodes, size, n) {
  node <- sample(nodes, n, replace = TRUE)
  parents <- lapply(node, function(v) sample(setdiff(nodes, v), size))
  list(node = node, parents = parents)
}

time_scores <- function(data, score, fam, threads) {
  t <- system.time(learnbn:::score_families(data, score, fam$node, fam$parents, threads = threads))[["elapsed"]]
  max(t, 1e-6)
}

rows <- list()
set.seed(2026)
for (name in names(cases)) {
  fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
  data <- bn_data(simulate_data(fit, cases[[name]]))
  score <- bn_score("bdeu", iss = 1)
  for (size in 0:4) {
    fam <- random_families(names(data$levels), size, families_per_size)
    one <- time_scores(data, score, fam, 1)
    two <- time_scores(data, score, fam, 2)
    cache <- learnbn:::new_score_cache(data, score)
    learnbn:::cache_local_scores(cache, fam$node, fam$parents)
    hit <- system.time(learnbn:::cache_local_scores(cache, fam$node, fam$parents))[["elapsed"]]
    rows[[length(rows) + 1]] <- data.frame(
      network = name, rows = cases[[name]], parents = size, families = families_per_size,
      us_per_score = round(1e6 * one / families_per_size, 1),
      scores_per_s = round(families_per_size / one),
      scores_per_s_2threads = round(families_per_size / two),
      us_per_cache_hit = round(1e6 * hit / families_per_size, 2))
  }
}
print(do.call(rbind, rows), row.names = FALSE)
