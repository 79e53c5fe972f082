# impute() on conditional linear Gaussian fits (R/fit-impute-mixed.R), against the
# posterior of each row worked by hand with dnorm() on a four-node network.

# A -> B (discrete), A -> X (continuous, one regression per level of A), X -> Y:
# P(A = a) = 0.3; P(B = u | a) = 0.8, P(B = u | b) = 0.25;
# X | A = a ~ N(1, 1^2), X | A = b ~ N(4, 2^2); Y = 0.5 + 2 X + N(0, 1.5^2).
# Built as bnlearn lays out a bn.fit.cgnet, read by from_bn().
hand_fit <- function() {
  node <- function(name, parents, class, ...) {
    structure(list(node = name, parents = parents, children = character(), ...), class = class)
  }
  nodes <- list(
    A = node("A", character(), "bn.fit.dnode",
             prob = as.table(array(c(0.3, 0.7), 2L, list(c("a", "b"))))),
    B = node("B", "A", "bn.fit.dnode",
             prob = as.table(array(c(0.8, 0.2, 0.25, 0.75), c(2L, 2L),
                                   list(B = c("u", "v"), A = c("a", "b"))))),
    X = node("X", "A", "bn.fit.cgnode", dparents = 1L, gparents = integer(),
             dlevels = list(A = c("a", "b")),
             coefficients = matrix(c(1, 4), 1L, dimnames = list("(Intercept)", c("0", "1"))),
             sd = c(`0` = 1, `1` = 2)),
    Y = node("Y", "X", "bn.fit.gnode", coefficients = c(`(Intercept)` = 0.5, X = 2), sd = 1.5))
  from_bn(structure(nodes, class = c("bn.fit", "bn.fit.cgnet")))
}

holes <- function() {
  data.frame(A = factor(c(NA, "b", NA, "a", NA), levels = c("a", "b")),
             B = factor(c("u", NA, "v", "u", NA), levels = c("u", "v")),
             X = c(2.5, NA, NA, 0.7, NA), Y = c(NA, 7, 3, 1.9, NA))
}

test_that("impute() fills mixed rows with the exact posterior mode and conditional mean", {
  filled <- impute(hand_fit(), holes())
  expect_identical(names(filled), c("A", "B", "X", "Y"))
  # Row 1: A from P(A) P(B = u | A) N(2.5; mean, sd | A); Y = 0.5 + 2 * 2.5 given X.
  w <- c(a = 0.3 * 0.8 * dnorm(2.5, 1, 1), b = 0.7 * 0.25 * dnorm(2.5, 4, 2))
  expect_identical(as.character(filled$A[1]), names(which.max(w)))
  expect_equal(filled$Y[1], 5.5, tolerance = 1e-12)
  # Row 2: B is independent of Y given A = b (its prior mode); X | A = b, Y = 7 by the
  # normal conditional: var(Y) = 2^2 * 4 + 1.5^2, cov(X, Y) = 2 * 4.
  expect_identical(as.character(filled$B[2]), "v")
  expect_equal(filled$X[2], 4 + 8 / 18.25 * (7 - 8.5), tolerance = 1e-12)
  # Row 3: a mixture over A given B = v and Y = 3.
  w <- c(0.3 * 0.2 * dnorm(3, 2.5, sqrt(6.25)), 0.7 * 0.75 * dnorm(3, 8.5, sqrt(18.25)))
  w <- w / sum(w)
  expect_identical(as.character(filled$A[3]), c("a", "b")[which.max(w)])
  expect_equal(filled$X[3], sum(w * c(1 + 2 / 6.25 * (3 - 2.5), 4 + 8 / 18.25 * (3 - 8.5))),
               tolerance = 1e-12)
  # Row 4 is complete; row 5 is empty: the joint mode of (A, B) is (b, v) (0.525), and
  # the prior means X = 0.3 * 1 + 0.7 * 4 and Y = 0.5 + 2 * X.
  expect_equal(filled[4, ], holes()[4, ], ignore_attr = TRUE)
  expect_identical(as.character(unlist(filled[5, 1:2])), c("b", "v"))
  expect_equal(unlist(filled[5, 3:4]), c(X = 3.1, Y = 6.7), tolerance = 1e-12)
  # A bn_data with case counts gives the same values and keeps the counts.
  counted <- holes()
  counted$n <- c(2, 1, 3, 1, 1)
  expect_warning(counted <- bn_data(counted, counts = "n", missing = "allow"),
                 class = "learnbn_warning_single_case_levels")  # a one-row A = a
  from_data <- impute(hand_fit(), counted)
  expect_equal(from_data[1:4], filled, ignore_attr = TRUE)
  expect_identical(from_data$count, c(2, 1, 3, 1, 1))
})

test_that("impute() on mixed fits gives no weight to configurations without cases", {
  # X was never seen with A = b (NA coefficients, as fit_parameters() leaves them): a row
  # with X observed and A missing takes A = a; one with A = b observed has probability 0.
  fit <- hand_fit()
  fit$coefficients$X[, "b"] <- NA
  fit$sd$X[["b"]] <- NA
  x <- holes()[c(1, 4), ]
  expect_identical(as.character(impute(fit, x)$A), c("a", "a"))
  expect_equal(impute(fit, x)$Y[1], 5.5, tolerance = 1e-12)
  x$A[1] <- "b"
  expect_error(impute(fit, x), "Row 1 ", class = "learnbn_error_value")
})

test_that("impute() on mixed fits refuses impossible rows and unknown values", {
  fit <- hand_fit()
  x <- holes()
  x$A <- as.character(x$A)
  x$A[4] <- "c"
  expect_error(impute(fit, x), "\"c\"", class = "learnbn_error_unknown_level")
  fit$cpts$B[, "b"] <- c(1, 0)  # B = v impossible given A = b
  x <- holes()[3, ]
  x$A <- factor("b", levels = c("a", "b"))
  expect_error(impute(fit, x), "Row 1", class = "learnbn_error_value")
  expect_error(impute(fit, holes()["X"]), "\"A\"", class = "learnbn_error_unknown_node")
  # A column of the wrong kind for its node.
  x <- holes()
  x$X <- factor(x$X)
  expect_error(impute(fit, x), "Column \"X\" of `data`", class = "learnbn_error_data_type")
  expect_error(impute(fit, "junk"), class = "learnbn_error_type")
})

test_that("the posterior of mixed rows gives the observed-data log-likelihood by hand", {
  rows <- learnbn:::mixed_missing_data(hand_fit(), holes())
  post <- learnbn:::cg_row_posterior(hand_fit(), rows)
  # Row 1: sum over A of P(A) P(B = u | A) N(2.5 | A); Y is unobserved.
  expect_equal(post$loglik[1], log(0.3 * 0.8 * dnorm(2.5, 1, 1) + 0.7 * 0.25 * dnorm(2.5, 4, 2)),
               tolerance = 1e-12)
  # Row 2: P(A = b) and the marginal N(7; 8.5, 18.25) of Y given A = b.
  expect_equal(post$loglik[2], log(0.7 * dnorm(7, 8.5, sqrt(18.25))), tolerance = 1e-12)
  # Row 4 is complete: the density of logLik(); row 5 is empty.
  expect_equal(post$loglik[4], as.numeric(logLik(hand_fit(), holes()[4, ])), tolerance = 1e-12)
  expect_identical(post$loglik[5], 0)
  # Each row's completion weights sum to one; row 5 has the 4 completions of (A, B).
  expect_equal(as.vector(rowsum(post$weight, post$row)), rep(1, 5), tolerance = 1e-14)
  expect_equal(post$weight[post$row == 5], c(0.24, 0.175, 0.06, 0.525), tolerance = 1e-14)
})

test_that("impute() on a linear Gaussian fit gives the conditional means", {
  # a -> b -> c: a ~ N(5, 0.8^2), b = 3 + 0.1 a + N(0, 0.4^2), c = -2 + 1.5 b + N(0, 0.5^2).
  node <- function(name, parents, coef, sd) {
    structure(list(node = name, parents = parents, children = character(),
                   coefficients = coef, sd = sd), class = "bn.fit.gnode")
  }
  fit <- from_bn(structure(list(
    a = node("a", character(), c(`(Intercept)` = 5), 0.8),
    b = node("b", "a", c(`(Intercept)` = 3, a = 0.1), 0.4),
    c = node("c", "b", c(`(Intercept)` = -2, b = 1.5), 0.5)), class = c("bn.fit", "bn.fit.gnet")))
  x <- data.frame(a = c(5.5, NA, NA), b = c(NA, 3.2, NA), c = c(3, NA, NA))
  filled <- impute(fit, x)
  # Row 1: b given a and c by Bayes' rule, precisions adding up.
  precision <- 1 / 0.4^2 + 1.5^2 / 0.5^2
  expect_equal(filled$b[1], ((3 + 0.1 * 5.5) / 0.4^2 + 1.5 * (3 + 2) / 0.5^2) / precision,
               tolerance = 1e-12)
  # Row 2: c from b alone; a by regressing a on b: cov(a, b) = 0.1 * 0.8^2.
  expect_equal(filled$c[2], -2 + 1.5 * 3.2, tolerance = 1e-12)
  var_b <- 0.1^2 * 0.8^2 + 0.4^2
  expect_equal(filled$a[2], 5 + 0.1 * 0.8^2 / var_b * (3.2 - 3.5), tolerance = 1e-12)
  # Row 3: the means of the network.
  expect_equal(unlist(filled[3, ]), c(a = 5, b = 3.5, c = 3.25), tolerance = 1e-12)
})
