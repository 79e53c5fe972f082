# The best score over all DAGs (optionally those passing `keep`), with network_score().
brute_force_best <- function(data, score, keep = function(a) TRUE) {
  nodes <- names(data)
  scores <- vapply(brute_force_dags(nodes), function(a) {
    if (!keep(a)) return(-Inf)
    network_score(bn_graph(a), data, score = score)
  }, numeric(1))
  max(scores)
}

small_data <- function(n = 300, seed = 1) {
  set.seed(seed)
  a <- sample(c("a1", "a2"), n, replace = TRUE)
  b <- ifelse(stats::runif(n) < 0.8, sub("a", "b", a), sample(c("b1", "b2"), n, replace = TRUE))
  c <- ifelse(stats::runif(n) < 0.7, sub("b", "c", b), sample(c("c1", "c2", "c3"), n, replace = TRUE))
  d <- ifelse(a == "a1" & c == "c1", sample(c("d1", "d2"), n, TRUE, prob = c(0.9, 0.1)),
              sample(c("d1", "d2"), n, TRUE))
  data.frame(A = a, B = b, C = c, D = d, stringsAsFactors = TRUE)
}

test_that("the brute-force helper enumerates 25 and 543 DAGs", {
  expect_length(brute_force_dags(LETTERS[1:3]), 25)
  expect_length(brute_force_dags(LETTERS[1:4]), 543)
})

test_that("with no budget best-first search finds the brute-force optimum", {
  df <- small_data()
  for (score in c("bdeu", "bic", "k2")) {
    g <- best_first_search(df, score = score, max_expansions = Inf, max_open = Inf)
    expect_equal(g$score, brute_force_best(df, score), tolerance = 1e-9)
    expect_equal(g$score, network_score(g, df, score = score), tolerance = 1e-9)
    expect_true(g$info$exhausted)
    expect_identical(g$info$expansions, 543)
    expect_identical(g$info$generated, 543)
    expect_identical(g$info$dropped, 0)
  }
  three <- df[c("A", "C", "D")]
  g <- best_first_search(three, score = "aic", max_expansions = Inf)
  expect_equal(g$score, brute_force_best(three, "aic"), tolerance = 1e-9)
  expect_identical(g$info$expansions, 25)
})

test_that("best-first search respects constraints and still finds the constrained optimum", {
  df <- small_data(seed = 2)
  black <- data.frame(from = c("A", "B"), to = c("B", "D"))
  white <- data.frame(from = "D", to = "C")
  g <- best_first_search(df, score = "bdeu", blacklist = black, whitelist = white, max_parents = 2,
                         max_expansions = Inf)
  a <- as.matrix(g)
  expect_identical(a["A", "B"], 0L)
  expect_identical(a["B", "D"], 0L)
  expect_identical(a["D", "C"], 1L)
  expect_true(all(colSums(a) <= 2))
  keep <- function(a) a["A", "B"] == 0 && a["B", "D"] == 0 && a["D", "C"] == 1 && all(colSums(a) <= 2)
  expect_equal(g$score, brute_force_best(df, "bdeu", keep), tolerance = 1e-9)
  expect_true(g$info$exhausted)
  n_allowed <- sum(vapply(brute_force_dags(names(df)), keep, logical(1)))
  expect_identical(g$info$expansions, as.numeric(n_allowed))
})

test_that("budgets bound the expansions and the open list", {
  df <- small_data(seed = 3)
  one <- best_first_search(df, score = "bic", max_expansions = 1)
  expect_identical(one$info$expansions, 1)
  expect_identical(one$info$generated, 13)  # the empty graph and its 4 * 3 neighbours
  empty <- bn_graph(matrix(0L, 4, 4, dimnames = list(names(df), names(df))))
  best_neighbour <- max(vapply(c(list(empty), neighbours(empty)), network_score, numeric(1),
                               data = df, score = "bic"))
  expect_equal(one$score, best_neighbour, tolerance = 1e-9)
  expect_length(one$info$trace, 2)

  narrow <- best_first_search(df, score = "bic", max_expansions = 20, max_open = 3)
  expect_lte(narrow$info$peak_open, 3)
  expect_gt(narrow$info$dropped, 0)
  expect_identical(narrow$info$expansions, 20)
  expect_true(all(diff(narrow$info$trace) >= 0))
  expect_equal(narrow$score, network_score(narrow, df, score = "bic"), tolerance = 1e-9)

  capped <- best_first_search(df, score = "bic", max_expansions = Inf, max_evaluations = 30)
  expect_lt(capped$info$expansions, 543)
  expect_gte(capped$info$score_evaluations, 30)
})

test_that("best-first search is deterministic, threads or not, and starts where told", {
  df <- small_data(seed = 4)
  g1 <- best_first_search(df, score = "bdeu", max_expansions = 30)
  g2 <- best_first_search(bn_data(df), score = "bdeu", max_expansions = 30, threads = 2)
  expect_identical(as.matrix(g1), as.matrix(g2))
  expect_identical(g1$info$trace, g2$info$trace)
  start <- bn_graph_from_string("[A][B|A][C|B][D|C]")
  g3 <- best_first_search(df, score = "bdeu", start = start, max_expansions = 0)
  expect_identical(as.matrix(g3), as.matrix(start)[names(df), names(df)])
  expect_equal(g3$score, network_score(start, df), tolerance = 1e-9)
  expect_identical(g3$info$algorithm, "best_first_search")
})

test_that("best-first search on college plans reaches at least the hill-climbing optimum", {
  d <- bn_data(college_plans, counts = "count")
  hc <- hill_climb(d, score = "bic")
  bf <- best_first_search(d, score = "bic", max_expansions = 200)
  expect_gte(bf$score, hc$score - 1e-6)
  expect_message(best_first_search(d, score = "bic", max_expansions = 2, verbose = TRUE),
                 "best_first_search: 2 expansions")
})

test_that("best-first search checks its arguments", {
  df <- small_data()
  expect_error(best_first_search(df, max_open = 0), class = "learnbn_error_value")
  expect_error(best_first_search(df, max_expansions = -1), class = "learnbn_error_value")
  expect_error(best_first_search(df, max_evaluations = "a"), class = "learnbn_error_type")
  expect_error(best_first_search(df, score = "nope"), class = "learnbn_error_unknown_score")
  expect_snapshot(best_first_search(df, max_open = 0), error = TRUE)
})
