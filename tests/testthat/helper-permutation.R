# Random problems for the permutation searches (test-boss.R, test-grasp.R).

# A random DAG on `n` nodes (arcs forward in a random order, each with probability
# `density`) and `rows` cases from it: discrete with random CPTs (each parent
# configuration's distribution drawn from a Dirichlet(1) by normalised exponentials), or
# linear Gaussian with coefficients +-U(0.5, 1.5) and unit noise.
random_problem <- function(n, rows, gaussian, density = 0.4) {
  order <- sample(n)
  amat <- matrix(0L, n, n)
  for (i in seq_len(n - 1)) for (j in (i + 1):n) {
    if (runif(1) < density) amat[order[i], order[j]] <- 1L
  }
  columns <- vector("list", n)
  for (v in order) {
    pa <- which(amat[, v] == 1L)
    if (gaussian) {
      x <- stats::rnorm(rows)
      for (u in pa) x <- x + sample(c(-1, 1), 1) * runif(1, 0.5, 1.5) * columns[[u]]
      columns[[v]] <- x
      next
    }
    states <- sample(2:3, 1)
    config <- rep(1L, rows)
    for (u in pa) config <- (config - 1L) * 3L + columns[[u]]
    probs <- matrix(stats::rexp(states * 3^length(pa)), ncol = states)
    probs <- probs / rowSums(probs)
    columns[[v]] <- vapply(config, function(k) sample.int(states, 1, prob = probs[k, ]), 1L)
  }
  names(columns) <- paste0("X", seq_len(n))
  df <- as.data.frame(columns)
  if (!gaussian) df[] <- lapply(df, factor)
  bn_data(df)
}

# How many of 30 random problems (20 discrete scored by BDeu, 10 Gaussian by BIC) `learn`
# solves to exact_search()'s optimum; each result's score must be network_score()'s and
# no better than the optimum.
optimum_hits <- function(learn, seed) {
  set.seed(seed)
  hits <- 0
  for (run in 1:30) {
    gaussian <- run > 20
    d <- random_problem(sample(6:8, 1), if (gaussian) 500 else 5000, gaussian)
    score <- if (gaussian) "bic" else "bdeu"
    optimum <- exact_search(d, score = score)$score
    g <- learn(d, score)
    expect_equal(network_score(g, d, score = score), g$score, tolerance = 1e-9)
    expect_lte(g$score, optimum + 1e-8)
    hits <- hits + (g$score > optimum - 1e-8)
  }
  hits
}
