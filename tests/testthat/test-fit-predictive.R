# Training data for A -> B. With BDeu, iss = 1:
#   P(A = a1) = (0.5 + 2) / (1 + 3) = 0.625,            P(A = a2) = 0.375
#   P(B = b1 | a1) = (0.25 + 1) / (0.5 + 2) = 0.5,      P(B = b2 | a1) = 0.5
#   P(B = b1 | a2) = (0.25 + 0) / (0.5 + 1) = 1 / 6,    P(B = b2 | a2) = 5 / 6
train <- data.frame(A = factor(c("a1", "a1", "a2")), B = factor(c("b1", "b2", "b2")))
g <- bn_graph_from_string("[A][B|A]")

test_that("log_predictive() gives hand-computed posterior predictive probabilities", {
  fit <- fit_parameters(g, train, method = "bayes", iss = 1)
  new <- data.frame(A = c("a1", "a2", "a2"), B = c("b1", "b2", "b1"))
  expected <- log(c(0.625 * 0.5, 0.375 * 5 / 6, 0.375 / 6))
  expect_equal(log_predictive(fit, new, sum = FALSE), expected, tolerance = 1e-12)
  expect_equal(log_predictive(fit, new), sum(expected), tolerance = 1e-12)
  # Columns in another order, extra columns, and levels in another order.
  shuffled <- data.frame(C = 1:3, B = factor(new$B, levels = c("b2", "b1")), A = new$A)
  expect_equal(log_predictive(fit, shuffled, sum = FALSE), expected, tolerance = 1e-12)
  # Case counts weight the rows.
  counted <- bn_data(data.frame(new, n = c(2, 1, 3)), counts = "n")
  expect_equal(log_predictive(fit, counted), sum(c(2, 1, 3) * expected), tolerance = 1e-12)
  expect_equal(log_predictive(fit, counted, sum = FALSE), expected, tolerance = 1e-12)
})

test_that("log_predictive() with iss = 2 and with an MLE fit", {
  fit <- fit_parameters(g, train, iss = 2)  # alpha_A = 1, alpha_B|A = 0.5
  expect_equal(log_predictive(fit, data.frame(A = "a2", B = "b1")),
               log((1 + 1) / (2 + 3) * (0.5 + 0) / (1 + 1)), tolerance = 1e-12)
  mle <- fit_parameters(g, train, method = "mle")
  expect_equal(log_predictive(mle, data.frame(A = "a1", B = "b2")), log(2 / 3 * 1 / 2))
  expect_identical(log_predictive(mle, data.frame(A = "a2", B = "b1")), -Inf)
})

test_that("log_predictive() agrees with a brute-force joint on a BIF network", {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(5)
  cases <- simulate_data(asia, 20)
  joint <- vapply(seq_len(nrow(cases)), function(r) {
    sum(vapply(names(asia$cpts), function(node) {
      table <- asia$cpts[[node]]
      index <- lapply(names(dimnames(table)), function(v) as.character(cases[[v]][r]))
      log(do.call(`[`, c(list(table), index)))
    }, numeric(1)))
  }, numeric(1))
  expect_equal(log_predictive(asia, cases, sum = FALSE), joint, tolerance = 1e-12)
})

test_that("log_predictive() checks its arguments", {
  fit <- fit_parameters(g, train)
  expect_error(log_predictive(train, train), class = "learnbn_error_type")
  expect_error(log_predictive(fit, train["A"]), class = "learnbn_error_unknown_node")
  expect_error(log_predictive(fit, train, sum = NA), class = "learnbn_error_type")
  expect_snapshot(log_predictive(fit, data.frame(A = c("a1", "a3"), B = "b1")), error = TRUE)
})

test_that("log_predictive(fit, college_plans) weights the rows by their counts", {
  g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  fit <- fit_parameters(g, college_plans)
  # Before: each of the 128 rows counted once (-693.95).
  value <- log_predictive(fit, college_plans)
  expect_equal(value, log_predictive(fit, bn_data(college_plans, counts = "count")))
  per_row <- log_predictive(fit, college_plans[1:5], sum = FALSE)
  expect_equal(value, sum(college_plans$count * per_row))
  expect_equal(value, -45356.25, tolerance = 1e-6)
})
