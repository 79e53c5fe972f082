# Plain-R k-fold cross-validation: fit on the other folds (BDeu posterior mean) and
# sum the log predictive probability of each held-out fold.
ref_cv <- function(g, df, folds, iss = 1) {
  sum(vapply(sort(unique(folds)), function(f) {
    fit <- fit_parameters(g, df[folds != f, , drop = FALSE], method = "bayes", iss = iss)
    log_predictive(fit, df[folds == f, , drop = FALSE])
  }, numeric(1)))
}

cases <- college_plans[rep(seq_len(nrow(college_plans)), college_plans$count), 1:5]
rownames(cases) <- NULL
true_graph <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")

test_that("the cv score equals a plain-R k-fold computation (college plans)", {
  set.seed(10)
  folds <- sample(rep_len(1:5, nrow(cases)))
  for (model in c("[SEX][SES][IQ][PE][CP]", "[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]",
                  "[SEX][SES|SEX][IQ|SES:SEX][PE|SES:IQ][CP|PE]")) {
    g <- bn_graph_from_string(model)
    expect_equal(network_score(g, cases, score = bn_score("cv", folds = folds)),
                 ref_cv(g, cases, folds), tolerance = 1e-9)
  }
  expect_equal(network_score(true_graph, cases, score = "cv", folds = folds, iss = 10),
               ref_cv(true_graph, cases, folds, iss = 10), tolerance = 1e-9)
})

test_that("weighted rows are dealt to folds case by case, as if expanded", {
  set.seed(11)
  folds <- sample(rep_len(1:4, nrow(cases)))
  d <- bn_data(college_plans, counts = "count")
  score <- bn_score("cv", folds = folds)
  expect_equal(network_score(true_graph, d, score = score),
               network_score(true_graph, cases, score = score), tolerance = 1e-9)
  expect_equal(network_score(true_graph, d, score = score, local = TRUE),
               network_score(true_graph, cases, score = score, local = TRUE), tolerance = 1e-9)
  expect_equal(local_score(d, "CP", c("PE", "IQ"), score = score),
               local_score(cases, "CP", c("PE", "IQ"), score = score), tolerance = 1e-9)
  # A drawn assignment also deals the cases of a weighted row one by one.
  set.seed(12)
  drawn <- bn_score("cv", folds = 3)
  case_folds <- learnbn:::with_seed(drawn$fold_seed, sample(rep_len(1:3, nrow(cases))))
  expect_equal(network_score(true_graph, d, score = drawn), ref_cv(true_graph, cases, case_folds),
               tolerance = 1e-9)
})

test_that("the cv score on a small simulated set, sparse counting included", {
  set.seed(13)
  n <- 60
  df <- data.frame(lapply(stats::setNames(1:7, paste0("V", 1:7)), function(i) {
    factor(sample(letters[1:5], n, replace = TRUE), levels = letters[1:5])
  }))
  folds <- sample(rep_len(1:3, n))
  # 5^7 cells, more than the dense limit (65,536 cells for few rows): sparse counting.
  g <- bn_graph_from_string("[V1][V2][V3][V4][V5][V6][V7|V1:V2:V3:V4:V5:V6]")
  expect_equal(network_score(g, df, score = "cv", folds = folds), ref_cv(g, df, folds),
               tolerance = 1e-9)
  g2 <- bn_graph_from_string("[V1][V2|V1][V3|V1:V2][V4][V5|V4][V6|V5][V7|V6]")
  expect_equal(network_score(g2, df, score = "cv", folds = folds, iss = 3),
               ref_cv(g2, df, folds, iss = 3), tolerance = 1e-9)
})

test_that("folds are reproducible under set.seed() and leave the RNG stream alone", {
  d <- bn_data(college_plans, counts = "count")
  set.seed(1)
  s1 <- network_score(true_graph, d, score = "cv")
  set.seed(1)
  s2 <- network_score(true_graph, d, score = "cv")
  expect_identical(s1, s2)
  set.seed(2)
  expect_false(identical(network_score(true_graph, d, score = "cv"), s1))
  # One bn_score splits the data the same way every time; using it draws nothing.
  set.seed(3)
  score <- bn_score("cv", folds = 5)
  after_build <- stats::runif(1)
  set.seed(3)
  sample.int(.Machine$integer.max, 1L)
  expect_identical(after_build, stats::runif(1))
  set.seed(4)
  a <- network_score(true_graph, d, score = score)
  x <- stats::runif(1)
  set.seed(4)
  expect_identical(stats::runif(1), x)
  expect_identical(network_score(true_graph, d, score = score), a)
})

test_that("searches use the cv score and report it consistently", {
  set.seed(20)
  score <- bn_score("cv", folds = 5)
  d <- bn_data(college_plans, counts = "count")
  hc <- hill_climb(d, score = score)
  expect_equal(hc$score, network_score(hc, d, score = score), tolerance = 1e-9)
  expect_gt(hc$score, network_score(bn_graph_from_string("[SEX][SES][IQ][PE][CP]"), d, score = score))
  bf <- best_first_search(d, score = score, max_expansions = 50)
  expect_equal(bf$score, network_score(bf, d, score = score), tolerance = 1e-9)
  # Exhaustive search under the same folds agrees with best-first search on 3 nodes.
  small <- bn_data(college_plans[c("SES", "IQ", "CP", "count")], counts = "count")
  ex <- exhaustive_search(small, score = score)
  bf3 <- best_first_search(small, score = score, max_expansions = Inf)
  expect_equal(bf3$score, ex$score, tolerance = 1e-9)
  set.seed(21)
  g1 <- hill_climb(d, score = "cv", folds = 4)
  set.seed(21)
  g2 <- hill_climb(d, score = "cv", folds = 4)
  expect_identical(g1$score, g2$score)
})

test_that("bn_score() checks the folds of the cv score", {
  expect_error(bn_score("cv", folds = 1), class = "learnbn_error_value")
  expect_error(bn_score("cv", folds = 2.5), class = "learnbn_error_value")
  expect_error(bn_score("cv", folds = c(1, 0, 2)), class = "learnbn_error_value")
  expect_error(bn_score("bdeu", folds = 5), class = "learnbn_error_value")
  expect_error(network_score(true_graph, cases, score = "cv", folds = c(1, 2, 1)),
               class = "learnbn_error_value")
  expect_snapshot({
    bn_score("cv", folds = 5, iss = 2)
    bn_score("cv", folds = c(1, 2, 2, 1))
  })
  expect_snapshot(bn_score("bic", folds = 3), error = TRUE)
  expect_snapshot(network_score(true_graph, cases, score = "cv", folds = c(1, 2, 1)), error = TRUE)
})
