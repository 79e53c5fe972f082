# Plain-R reference: BDeu posterior-mean CPTs (iss = 1) of A -> B, A -> C on `train`,
# and the loss on `test`.
small_cases <- function() {
  set.seed(3)
  n <- 60
  A <- factor(sample(c("a1", "a2"), n, TRUE))
  B <- factor(ifelse(runif(n) < ifelse(A == "a1", 0.8, 0.3), "b1", "b2"))
  C <- factor(ifelse(runif(n) < ifelse(A == "a1", 0.2, 0.7), "c1", "c2"), levels = c("c1", "c2", "c3"))
  # c3 never occurs, on purpose: the folds keep every declared level
  structure(data.frame(A, B, C), declared_levels = TRUE)
}
fixed_dag <- function() bn_graph_from_string("[A][B|A][C|A]")

reference_fold <- function(train, test) {
  p_a <- (table(train$A) + 1 / 2) / (nrow(train) + 1)
  cond <- function(child) {
    counts <- table(train[[child]], train$A) + 1 / (2 * nlevels(train[[child]]))
    sweep(counts, 2, colSums(counts), "/")
  }
  p_b <- cond("B")
  p_c <- cond("C")
  joint <- function(a, b, c) p_a[a] * p_b[cbind(b, a)] * p_c[cbind(c, a)]
  a <- as.character(test$A); b <- as.character(test$B); c <- as.character(test$C)
  logl <- -mean(log(joint(a, b, c)))
  # classify A: argmax over its levels of the joint
  scores <- sapply(levels(test$A), function(level) joint(rep(level, nrow(test)), b, c))
  scores <- matrix(scores, nrow = nrow(test))
  pred <- levels(test$A)[max.col(scores, ties.method = "first")]
  list(logl = logl, pred = mean(pred != a))
}

test_that("deterministic folds give the plain-R losses", {
  cases <- small_cases()
  folds <- rep(1:4, length.out = nrow(cases))
  learner <- function(data) fixed_dag()
  expected <- lapply(1:4, function(f) reference_fold(cases[folds != f, ], cases[folds == f, ]))
  cv <- bn_cv(cases, learner, folds = folds)
  expect_s3_class(cv, "bn_cv")
  expect_equal(cv$loss, vapply(expected, `[[`, numeric(1), "logl"), tolerance = 1e-12)
  expect_equal(cv$mean, mean(cv$loss))
  expect_identical(cv$folds, folds)
  expect_identical(cv$learner, "learner")
  cv_pred <- bn_cv(cases, learner, loss = "pred", target = "A", folds = folds)
  expect_equal(cv_pred$loss, vapply(expected, `[[`, numeric(1), "pred"), tolerance = 1e-12)
  expect_true(all(cv_pred$loss < 0.5))
})

test_that("learners by name, ... passed on, reproducible under set.seed", {
  d <- bn_data(college_plans, counts = "count")
  set.seed(7)
  a <- bn_cv(d, "hill_climb", k = 3, score = "bic")
  set.seed(7)
  b <- bn_cv(d, "hill_climb", k = 3, score = "bic")
  expect_identical(a$loss, b$loss)
  expect_identical(a$folds, b$folds)
  expect_length(a$folds, sum(college_plans$count))
  expect_identical(as.vector(table(a$folds)), c(3440L, 3439L, 3439L))
  expect_identical(a$learner, "hill_climb")
  # the same folds by hand
  cases <- college_plans[rep(1:128, college_plans$count), 1:5]
  g1 <- hill_climb(cases[a$folds != 1, ], score = "bic")
  fit1 <- fit_parameters(g1, cases[a$folds != 1, ])
  expect_equal(a$loss[1], -log_predictive(fit1, cases[a$folds == 1, ]) / sum(a$folds == 1),
               tolerance = 1e-12)
  expect_identical(shd(a$graphs[[1]], g1), 0L)
  # a CPDAG learner is oriented before fitting
  set.seed(7)
  p <- bn_cv(d, "pc", k = 3)
  expect_true(all(vapply(p$graphs, function(g) all(arcs(g)$directed), logical(1))))
  expect_snapshot(print(a))
})

test_that("bad input is a classed error", {
  cases <- small_cases()
  expect_error(bn_cv(cases, "hill_clim"), class = "learnbn_error_value")
  expect_error(bn_cv(cases, loss = "pred"), class = "learnbn_error_value")
  expect_error(bn_cv(cases, loss = "pred", target = "D"), class = "learnbn_error_unknown_node")
  expect_error(bn_cv(cases, folds = rep(c(1, 3), 30)), class = "learnbn_error_value")
  expect_error(bn_cv(cases, k = 1), class = "learnbn_error_value")
  # pc() takes no `...`: R's "unused argument" came from inside the first fold
  expect_error(bn_cv(cases, "pc", aw = 1), "aw", class = "learnbn_error_unknown_argument")
  expect_error(bn_cv(iris[1:4], loss = "pred", target = "Sepal.Length"),
               class = "learnbn_error_data_type")
  expect_warning(bn_cv(cases, k = 2, target = "A"), class = "learnbn_warning_unused_argument")
  expect_snapshot(error = TRUE, {
    bn_cv(cases, "hill_clim")
    bn_cv(cases, loss = "pred")
    bn_cv(cases, folds = rep(c(1, 3), 30))
  })
})

test_that("more folds than cases are refused at once, naming both (issue 33)", {
  college <- bn_data(college_plans, counts = "count")  # 10,318 cases
  took <- system.time(
    err <- expect_error(bn_cv(college, k = 1e6), class = "learnbn_error_value")
  )[["elapsed"]]
  expect_lt(took, 1)
  expect_match(conditionMessage(err), "`k` = 1,000,000 asks for more folds than the 10,318 cases",
               fixed = TRUE)
  cases <- data.frame(A = factor(c("x", "y", "x")), B = factor(c("u", "u", "v")))
  expect_error(bn_cv(cases, k = 4), "the 3 cases", class = "learnbn_error_value")
})

test_that("folds that miss a level of the data give no unused-levels warning", {
  # Every level occurs in the data, but a rare one is missing from some training and
  # most test folds: the data were checked once, the folds are not warned about.
  set.seed(4)
  cases <- data.frame(A = factor(sample(c("a1", "a2"), 40, TRUE)),
                      B = factor(c("rare", rep(c("b1", "b2"), length.out = 39))))
  expect_no_warning(cv <- bn_cv(cases, "hill_climb", k = 4))
  expect_length(cv$loss, 4)
  expect_no_warning(bn_cv(cases, "hill_climb", k = 4, loss = "pred", target = "A"))
  # The user's data with an unused level: one warning, from the data, naming `data`.
  cases$A <- factor(cases$A, levels = c("a1", "a2", "a3"))
  w <- expect_warning(bn_cv(cases, "hill_climb", k = 4), class = "learnbn_warning_unused_levels")
  expect_match(conditionMessage(w), "of `data`", fixed = TRUE)
})
