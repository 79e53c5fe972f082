# ges() on mixed data: a search over equivalence classes needs the allowed DAGs of a class
# (no arc from a continuous to a discrete node) to score alike.

# Every DAG on `nodes` without an arc in `forbidden` (a two-column matrix of indices).
allowed_dags <- function(nodes, forbidden) {
  p <- length(nodes)
  pairs <- utils::combn(p, 2)
  states <- as.matrix(expand.grid(rep(list(0:2), ncol(pairs))))
  dags <- list()
  for (r in seq_len(nrow(states))) {
    a <- matrix(0L, p, p, dimnames = list(nodes, nodes))
    a[t(pairs[, states[r, ] == 1, drop = FALSE])] <- 1L
    a[t(pairs[2:1, states[r, ] == 2, drop = FALSE])] <- 1L
    if (any(a[forbidden] == 1L)) next
    left <- a  # acyclic: removing sinks empties it
    repeat {
      sinks <- which(rowSums(left) == 0)
      if (length(sinks) == 0L || nrow(left) == 0L) break
      left <- left[-sinks, -sinks, drop = FALSE]
    }
    if (nrow(left) == 0L) dags[[length(dags) + 1L]] <- bn_graph(a)
  }
  dags
}

continuous_to_discrete <- function(d) {
  disc <- vapply(d, is.factor, TRUE)
  as.matrix(expand.grid(which(!disc), which(disc)))
}

excluded_blacklist <- function(d) {
  disc <- vapply(d, is.factor, TRUE)
  expand.grid(from = names(d)[!disc], to = names(d)[disc], stringsAsFactors = FALSE)
}

test_that("the CG scores give the allowed DAGs of a Markov equivalence class one score", {
  # 2 discrete + 2 continuous nodes (144 allowed DAGs), then 3 discrete + 1 continuous
  # (200); network_score() of each, grouped by cpdag(). cg_bic is not checked: it allows
  # every arc and is refused by ges().
  for (case in list(c(n_discrete = 2, seed = 1), c(3, 2))) {
    d <- withr::with_seed(case[[2]], {
      simulate_data(random_mixed_fit(4, average_degree = 2, discrete = case[[1]] / 4), 500)
    })
    dags <- allowed_dags(names(d), continuous_to_discrete(d))
    expect_length(dags, c(144L, 200L)[case[[1]] - 1])
    class_of <- vapply(dags, function(g) paste(as.matrix(cpdag(g)), collapse = ""), "")
    expect_lt(length(unique(class_of)), length(dags))
    for (score in c("loglik", "aic", "bic", "bcg")) {
      scores <- vapply(dags, function(g) network_score(g, d, score = score), 0)
      spread <- tapply(scores, class_of, function(s) max(abs(s - s[1]) / abs(s[1])))
      expect_lt(max(spread), 1e-9)
    }
  }
})

test_that("ges() on mixed data finds the allowed class of a CLG network", {
  # random_mixed_fit(7) with seeds 1 and 3, 20,000 rows: the truth's CPDAG with the
  # continuous -> discrete arcs blacklisted (seed 3's orients more than the CPDAG).
  for (seed in c(1, 3)) {
    fit <- withr::with_seed(seed, random_mixed_fit(7, average_degree = 2))
    d <- withr::with_seed(seed, simulate_data(fit, 20000))
    g <- ges(d, score = "bic")
    expect_identical(as.matrix(g), as.matrix(cpdag(fit$graph, blacklist = excluded_blacklist(d))))
    excluded <- g$info$excluded_arcs
    expect_setequal(paste(excluded$from, excluded$to),
                    do.call(paste, excluded_blacklist(d)))
    expect_equal(g$score, network_score(g$info$dag, d, score = "bic"), tolerance = 1e-12)
    expect_equal(g$info$trace[length(g$info$trace)], g$score, tolerance = 1e-12)
  }
  expect_identical(c(ges(iris)$type, ges(iris)$info$score), c("pdag", "bic"))
})

test_that("ges() on mixed data reaches the best allowed score on most small problems", {
  # random_mixed_fit(5) with seeds 1 to 30, 300 rows, bic and bcg: ges() reached
  # exact_search()'s best score (same exclusions) in 56 of the 60 cases; it missed with
  # bic on seeds 8 and 16 and with both on seed 23 (on seed 8 hill_climb() stops at the
  # same local optimum). Checked here on seeds 1-8: all but seed 8's bic.
  matched <- 0L
  for (seed in 1:8) {
    d <- withr::with_seed(seed, simulate_data(random_mixed_fit(5, average_degree = 2), 300))
    for (score in c("bic", "bcg")) {
      g <- ges(d, score = score)
      best <- exact_search(d, score = score)$score
      expect_lte(g$score, best + 1e-9 * abs(best))
      expect_equal(g$score, network_score(g$info$dag, d, score = score), tolerance = 1e-12)
      matched <- matched + isTRUE(all.equal(g$score, best, tolerance = 1e-10))
    }
  }
  expect_identical(matched, 15L)
})

test_that("ges() refuses cg_bic and the turning phase on mixed data", {
  expect_error(ges(iris, score = "cg_bic"), "cg_bic", class = "learnbn_error_not_score_equivalent")
  expect_error(ges(iris, phases = c("forward", "backward", "turning")), "turning",
               class = "learnbn_error_data_type")
})
