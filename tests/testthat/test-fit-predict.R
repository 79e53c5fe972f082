# predict(), logLik(), AIC() and BIC() of fitted networks against plain-R references.

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

test_that("logLik() of a Gaussian fit is the sum of lm() log-likelihoods and the score", {
  g <- bn_graph_from_string("[Petal.Length][Petal.Width|Petal.Length]")
  fit <- fit_parameters(g, iris[3:4])
  m1 <- lm(Petal.Length ~ 1, iris)
  m2 <- lm(Petal.Width ~ Petal.Length, iris)
  # The fit's sd is the maximum-likelihood sqrt(RSS / n), as lm's logLik uses, so the
  # sum of lm() log-likelihoods and the "loglik" score are the same number.
  expected <- as.numeric(logLik(m1)) + as.numeric(logLik(m2))
  ll <- logLik(fit, iris)
  expect_equal(as.numeric(ll), expected, tolerance = 1e-10)
  expect_equal(as.numeric(ll), network_score(g, iris[3:4], "loglik"), tolerance = 1e-10)
  expect_equal(BIC(fit, data = iris), -2 * network_score(g, iris[3:4], "bic"), tolerance = 1e-10)
  expect_equal(AIC(fit, data = iris), -2 * network_score(g, iris[3:4], "aic"), tolerance = 1e-10)
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

test_that("predict() gives the most probable level given each row's observed cells", {
  set.seed(4)
  x <- simulate_data(asia_fit, 40)
  x$smoke[1:5] <- NA
  p <- predict(asia_fit, x, "lung", prob = TRUE)
  expect_s3_class(p, "factor")
  expect_identical(levels(p), asia_fit$levels$lung)
  for (i in c(1, 6, 17)) {
    observed <- setdiff(names(x)[!is.na(unlist(x[i, ]))], "lung")
    evidence <- lapply(stats::setNames(observed, observed), function(v) as.character(x[[v]][i]))
    want <- ref_query(asia_fit, "lung", evidence)
    expect_equal(unname(attr(p, "prob")[i, ]), want, tolerance = 1e-10)
    expect_identical(as.character(p[i]), asia_fit$levels$lung[which.max(want)])
  }
  impossible <- data.frame(tub = "yes", either = "no")
  expect_warning(out <- predict(asia_fit, impossible, "lung"), class = "learnbn_warning_impossible_evidence")
  expect_true(is.na(out))
})

test_that("logLik, AIC and BIC agree with the network score and a plain-R sum", {
  set.seed(5)
  x <- simulate_data(asia_fit, 2000)
  fit <- fit_parameters(asia_fit$graph, x, method = "mle")
  ll <- logLik(fit, x)
  expect_s3_class(ll, "logLik")
  expect_equal(as.numeric(ll), network_score(asia_fit$graph, x, "loglik"), tolerance = 1e-10)
  expect_equal(attr(ll, "df"), nparams(fit))
  expect_equal(attr(ll, "nobs"), 2000)
  expect_equal(BIC(fit, x), -2 * network_score(asia_fit$graph, x, "bic"), tolerance = 1e-10)
  expect_equal(AIC(fit, x), -2 * network_score(asia_fit$graph, x, "aic"), tolerance = 1e-10)
  # Plain R on the true fit: the sum of log CPT entries.
  joint <- brute_force_joint(asia_fit)
  cells <- as.matrix(data.frame(lapply(names(asia_fit$levels), function(v) match(x[[v]], asia_fit$levels[[v]]))))
  expect_equal(as.numeric(logLik(asia_fit, x)), sum(log(joint[cells])), tolerance = 1e-10)
  # Missing cells: the probability of the observed cells.
  y <- x[1:50, ]
  y$lung[1:10] <- NA
  lung <- match("lung", names(asia_fit$levels))
  by_row <- vapply(1:10, function(i) {
    sum(joint[rbind(replace(cells[i, ], lung, 1L), replace(cells[i, ], lung, 2L))])
  }, numeric(1))
  expect_equal(as.numeric(logLik(asia_fit, y)), sum(log(by_row)) + sum(log(joint[cells[11:50, ]])),
               tolerance = 1e-10)
})

# A linear-Gaussian fit given by its regressions (parents in node order).
gaussian_fit_by_hand <- function(model, coefficients, sd) {
  g <- bn_graph_from_string(model)
  structure(list(graph = g, type = "gaussian", nodes = nodes(g), coefficients = coefficients[nodes(g)],
                 sd = sd[nodes(g)], method = "mle"), class = "bn_fit")
}

test_that("a Gaussian predict() from the target column alone gives the marginal mean, with a warning", {
  # A = 2 + N(0, 1), B = -1 + 0.5 A + N(0, 1), C = 3 - 2 B + N(0, 1): E[C] = 3 - 2 (-1 + 0.5 * 2) = 3.
  fit <- gaussian_fit_by_hand("[A][B|A][C|B]",
                              list(A = c("(Intercept)" = 2), B = c("(Intercept)" = -1, A = 0.5),
                                   C = c("(Intercept)" = 3, B = -2)),
                              c(A = 1, B = 1, C = 1))
  newdata <- data.frame(C = c(0.1, 5, 9))
  expect_warning(out <- predict(fit, newdata, "C"), "marginal distribution of \"C\"",
                 class = "learnbn_warning_no_evidence")
  expect_equal(out, rep(3, 3), tolerance = 1e-12)
  # Columns present but unobserved: the marginal too, with no warning (the user said so).
  expect_no_warning(out <- predict(fit, data.frame(A = NA_real_, B = c(NA, 1)), "C"))
  expect_equal(out, c(3, 3 - 2 * 1), tolerance = 1e-12)
  # Discrete fits warn alike.
  expect_warning(p <- predict(asia_fit, data.frame(lung = "yes", Smoke = "no"), "lung", prob = TRUE),
                 class = "learnbn_warning_no_evidence")
  expect_equal(unname(attr(p, "prob")[1, ]), ref_query(asia_fit, "lung", list()), tolerance = 1e-12)
})

test_that("a Gaussian predict() with missing cells is each row's plain-R conditional mean", {
  set.seed(8)
  fit <- random_gaussian_fit(6, average_degree = 3, nodes = LETTERS[1:6])
  # The joint normal in plain R: x = b0 + B x + e, so x = (I - B)^-1 (b0 + e).
  B <- matrix(0, 6, 6, dimnames = list(LETTERS[1:6], LETTERS[1:6]))
  b0 <- numeric(6)
  for (i in 1:6) {
    beta <- fit$coefficients[[LETTERS[i]]]
    b0[i] <- beta[[1]]
    B[i, names(beta)[-1]] <- beta[-1]
  }
  A <- solve(diag(6) - B)
  mu <- drop(A %*% b0)
  S <- A %*% diag(fit$sd[LETTERS[1:6]]^2) %*% t(A)
  x <- simulate_data(fit, 40)[, -4]  # no column for D
  x[cbind(c(1:10, 5:20, 15:30), rep(c(1, 3, 5), c(10, 16, 16)))] <- NA
  x$F[33:40] <- NA
  for (target in c("A", "C", "F")) {
    others <- setdiff(names(x), target)
    expected <- vapply(seq_len(nrow(x)), function(r) {
      o <- match(others[!is.na(unlist(x[r, others]))], LETTERS)
      t <- match(target, LETTERS)
      if (!length(o)) return(mu[t])
      mu[t] + drop(S[t, o] %*% solve(S[o, o], unlist(x[r, LETTERS[o]]) - mu[o]))
    }, numeric(1))
    expect_equal(predict(fit, x, target), expected, tolerance = 1e-10)
  }
})

test_that("logLik() warns about rows of probability zero, naming a few", {
  set.seed(13)
  x <- simulate_data(asia_fit, 30)
  # either is the logical or of tub and lung: rows 1 to 3 contradict it.
  either <- x$tub == "yes" | x$lung == "yes"
  x$either <- factor(ifelse(either != (seq_len(30) <= 3), "yes", "no"), levels = c("yes", "no"))
  expect_warning(ll <- logLik(asia_fit, x), "3 rows of `data` (1, 2, 3)", fixed = TRUE,
                 class = "learnbn_warning_zero_probability")
  expect_identical(as.numeric(ll), -Inf)
  expect_no_warning(logLik(asia_fit, x[-(1:3), ]))
})

test_that("method = 'parents' predicts from the columns of the node's parents only", {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  x <- data.frame(smoke = c("yes", "no", NA), dysp = c("yes", "no", "yes"),
                  xray = c("yes", "yes", "no"))
  predicted <- predict(asia, x, "lung", prob = TRUE, method = "parents")
  # asia.bif's P(lung | smoke): (0.1, 0.9) and (0.01, 0.99); smoke unobserved: P(smoke) = 0.5
  expect_equal(unname(attr(predicted, "prob")),
               rbind(c(0.1, 0.9), c(0.01, 0.99), c(0.055, 0.945)), tolerance = 1e-12)
  # Gaussian: the regression of Petal.Width on Petal.Length, whatever Petal.Width's children
  g <- bn_graph_from_string("[Petal.Length][Petal.Width|Petal.Length][Sepal.Width|Petal.Width]")
  fit <- fit_parameters(g, iris[2:4])
  expect_equal(predict(fit, iris[1:5, ], "Petal.Width", method = "parents"),
               unname(fitted(lm(Petal.Width ~ Petal.Length, iris))[1:5]), tolerance = 1e-10)
  expect_equal(predict(fit, iris[1:2, ], "Petal.Length", method = "parents"),
               rep(mean(iris$Petal.Length), 2), tolerance = 1e-10)
})
