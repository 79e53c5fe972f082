# A small data set whose log-likelihood is summed by hand from the CPT entries.
small_data <- function() {
  data.frame(A = factor(c("a", "a", "b", "b", "b", "a")),
             B = factor(c("x", "y", "y", "y", "x", "x")))
}

test_that("logLik() is the plain-R sum of log CPT entries, with df and nobs", {
  d <- small_data()
  g <- bn_graph_from_string("[A][B|A]")
  fit <- fit_parameters(g, d, iss = 2)
  # BDeu posterior means: A: (3 + 1) / (6 + 2) each; B | A = a: x 2, y 1, alpha 0.5 each
  p_a <- c(a = 0.5, b = 0.5)
  p_b <- rbind(a = c(x = 2.5 / 4, y = 1.5 / 4), b = c(x = 1.5 / 4, y = 2.5 / 4))
  expected <- sum(log(p_a[as.character(d$A)]) +
                    log(p_b[cbind(as.character(d$A), as.character(d$B))]))
  ll <- logLik(fit, d)
  expect_s3_class(ll, "logLik")
  expect_equal(as.numeric(ll), expected, tolerance = 1e-12)
  expect_identical(attr(ll, "df"), 3)
  expect_identical(attr(ll, "nobs"), 6)
  expect_equal(AIC(fit, data = d), -2 * expected + 2 * 3, tolerance = 1e-12)
  expect_equal(BIC(fit, data = d), -2 * expected + log(6) * 3, tolerance = 1e-12)
  expect_equal(AIC(fit, data = d, k = 5), -2 * expected + 5 * 3, tolerance = 1e-12)
})

test_that("with the MLE fit, logLik() and BIC() agree with network_score()", {
  d <- bn_data(college_plans, counts = "count")
  g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  fit <- fit_parameters(g, d, method = "mle")
  ll <- logLik(fit, d)
  expect_equal(as.numeric(ll), network_score(g, d, "loglik"), tolerance = 1e-10)
  expect_identical(attr(ll, "nobs"), as.numeric(sum(college_plans$count)))
  expect_equal(BIC(fit, data = d), -2 * network_score(g, d, "bic"), tolerance = 1e-10)
  expect_equal(AIC(fit, data = d), -2 * network_score(g, d, "aic"), tolerance = 1e-10)
  # a data.frame with case counts counts cases, not rows
  counted <- structure(college_plans, counts = "count")
  expect_identical(attr(logLik(fit, counted), "nobs"), as.numeric(sum(college_plans$count)))
})

test_that("logLik() of a Gaussian fit is the sum of lm() log-likelihoods", {
  g <- bn_graph_from_string("[Petal.Length][Petal.Width|Petal.Length]")
  fit <- fit_parameters(g, iris[3:4])
  m1 <- lm(Petal.Length ~ 1, iris)
  m2 <- lm(Petal.Width ~ Petal.Length, iris)
  # lm's logLik uses the ML sd (RSS / n); the fit uses RSS / (n - k - 1), so add up the
  # normal densities with the fit's sds by hand
  expected <- sum(dnorm(iris$Petal.Length, fitted(m1), summary(m1)$sigma, log = TRUE)) +
    sum(dnorm(iris$Petal.Width, fitted(m2), summary(m2)$sigma, log = TRUE))
  ll <- logLik(fit, iris)
  expect_equal(as.numeric(ll), expected, tolerance = 1e-10)
  expect_identical(attr(ll, "df"), 5)
  expect_identical(attr(ll, "nobs"), 150)
})

test_that("logLik() without data is a classed error", {
  fit <- fit_parameters(bn_graph_from_string("[A][B|A]"), small_data())
  expect_error(logLik(fit), class = "learnbn_error_missing_argument")
  expect_snapshot(error = TRUE, logLik(fit))
})

test_that("logLik() on incomplete data matches levels to the fit's by name", {
  # Issue 33: with missing cells, the data's codes were read as the fit's codes, so a
  # column with other (or fewer) levels than the fit got a wrong log-likelihood.
  set.seed(2)
  x <- data.frame(a = sample(c("p", "q", "r"), 200, TRUE), b = sample(c("u", "v"), 200, TRUE))
  fit <- fit_parameters(bn_graph_from_string("[a][b|a]"), x)
  # a has levels q and r only (sorted: codes 0 and 1, which are p and q in the fit); b is
  # wholly missing in the last row, and a in the second.
  y <- data.frame(a = c("q", NA, "r", "r"), b = c("u", "v", "v", NA))
  p_a <- fit$cpts$a
  p_b <- fit$cpts$b
  expected <- log(p_a[["q"]] * p_b["u", "q"]) + log(sum(p_a * p_b["v", ])) +
    log(p_a[["r"]] * p_b["v", "r"]) + log(p_a[["r"]])
  expect_no_warning(ll <- logLik(fit, y))
  expect_equal(as.numeric(ll), expected, tolerance = 1e-12)
  # A column never observed in the new data is no error here: the fit gives its states.
  expect_equal(as.numeric(logLik(fit, data.frame(a = c("p", "q"), b = NA))),
               log(p_a[["p"]]) + log(p_a[["q"]]), tolerance = 1e-12)
})
