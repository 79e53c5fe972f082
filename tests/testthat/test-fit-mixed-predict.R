# predict() on conditional linear Gaussian fits (R/fit-mixed-predict.R), against plain-R
# enumeration and numerical integration (the network clg_fit() is in helper-clg.R), and
# bnlearn 4.9 on iris.

clg_rows <- function() {
  data.frame(A = factor(c("a1", "a2", NA, "a1", NA, NA), levels = c("a1", "a2")),
             B = factor(c("b2", NA, "b3", "b1", "b1", NA), levels = c("b1", "b2", "b3")),
             X = c(0.4, -0.3, 1.1, NA, NA, NA), Y = c(1.3, 0.2, 2.5, -0.7, 0.6, NA),
             row.names = paste0("r", 1:6))
}

test_that("a discrete node's posterior mode equals plain-R enumeration", {
  fit <- clg_fit()
  x <- clg_rows()
  p <- clg_parameters()
  predicted <- predict(fit, x, "A", prob = TRUE)
  # r1 (B, X, Y observed): P(A) P(B | A) N(X | A), Y independent of A given X and B
  r1 <- p$pa * p$pb[, "b2"] * dnorm(0.4, p$mx, p$sx)
  # r3 (B = b3, X, Y): the same with b3; r2 has A observed: not used
  r3 <- p$pa * p$pb[, "b3"] * dnorm(1.1, p$mx, p$sx)
  # r4 (B = b1, Y; X missing): X integrated out numerically
  r4 <- vapply(c("a1", "a2"), function(a) clg_density_y(a, "b1", -0.7), 1)
  r5 <- vapply(c("a1", "a2"), function(a) clg_density_y(a, "b1", 0.6), 1)
  expected <- rbind(r1 / sum(r1), r3 / sum(r3), r4 / sum(r4), r5 / sum(r5), p$pa)
  prob <- attr(predicted, "prob")
  expect_equal(unname(prob[c("r1", "r3", "r4", "r5", "r6"), ]), unname(expected),
               tolerance = 1e-8)
  expect_identical(dimnames(prob), list(paste0("r", 1:6), c("a1", "a2")))
  expect_identical(as.character(predicted[c(1, 3, 4, 5, 6)]),
                   c("a1", "a2")[max.col(expected, ties.method = "first")])
  # r2: B given A = a2, X and Y, plain-R enumeration of B; Y's density is B's only factor
  predicted <- predict(fit, x[2, ], "B", prob = TRUE)
  r2 <- p$pb["a2", ] * dnorm(0.2, p$cy + p$dy * -0.3, p$ty)
  expect_equal(attr(predicted, "prob")[1, ], r2 / sum(r2), tolerance = 1e-12)
})

test_that("a continuous node's conditional mean equals numerical integration", {
  fit <- clg_fit()
  x <- clg_rows()
  p <- clg_parameters()
  # E[X | row] = int x p(x, row) dx / int p(x, row) dx, summing unobserved A and B
  conditional_mean <- function(as, bs, y) {
    moment <- function(k) {
      sum(vapply(as, function(a) sum(vapply(bs, function(b) {
        integrate(function(x) x^k * clg_density(a, b, x, y), -Inf, Inf, rel.tol = 1e-12)$value
      }, 1)), 1))
    }
    moment(1) / moment(0)
  }
  expected <- c(conditional_mean("a1", "b2", 1.3), conditional_mean("a2", c("b1", "b2", "b3"), 0.2),
                conditional_mean(c("a1", "a2"), "b3", 2.5), conditional_mean("a1", "b1", -0.7),
                conditional_mean(c("a1", "a2"), "b1", 0.6), sum(p$pa * p$mx))
  expect_equal(predict(fit, x, "X"), expected, tolerance = 1e-8)
  # Y missing: its branch is barren, X | A = a1 has mean 1
  expect_equal(predict(fit, data.frame(A = "a2", B = "b1", Y = NA_real_), "X"), -1)
})

test_that("method = 'parents' uses the parents only, as bnlearn's predict()", {
  fit <- clg_fit()
  x <- clg_rows()
  p <- clg_parameters()
  expect_equal(predict(fit, x[1:2, ], "X", method = "parents"), unname(p$mx[c("a1", "a2")]))
  expect_equal(predict(fit, x[c(1, 3), ], "Y", method = "parents"),
               unname(p$cy[c("b2", "b3")] + p$dy[c("b2", "b3")] * c(0.4, 1.1)))
  expect_identical(as.character(predict(fit, x[c(1, 2), ], "B", method = "parents")),
                   c("b1", "b2"))
  # iris: bnlearn 4.9's predict(bn.fit(g, iris), node, iris[rows, ], method = "parents")
  g <- bn_graph_from_string(paste0("[Species][Petal.Width|Species]",
                                   "[Petal.Length|Petal.Width:Species]",
                                   "[Sepal.Width|Petal.Width:Species]",
                                   "[Sepal.Length|Sepal.Width:Petal.Length:Petal.Width]"))
  fit <- fit_parameters(g, iris)
  rows <- iris[c(1, 51, 101, 120, 135), ]
  bnlearn <- list(
    Petal.Length = c(1.43686144799706, 4.39833002818077, 5.85880093068557, 5.21154158324766,
                     5.14681564850387),
    Sepal.Width = c(3.38948915839765, 2.84796994050725, 3.2732860775932, 2.64188085060332,
                    2.57874032790433),
    Sepal.Length = c(5.01541576127183, 6.49252088642863, 6.86734522305398, 5.99877504883973,
                     6.74023735406376),
    Petal.Width = c(0.246, 1.326, 2.026, 2.026, 2.026))
  for (node in names(bnlearn)) {
    expect_equal(predict(fit, rows, node, method = "parents"), bnlearn[[node]], tolerance = 1e-10)
  }
  # every other column: bnlearn 4.9's method = "bayes-lw" (n = 1e5, set.seed(1)) estimates
  expect_equal(predict(fit, rows, "Petal.Length"),
               c(1.446729, 4.708307, 5.473627, 5.088383, 4.882860), tolerance = 2e-3)
  expect_equal(predict(fit, rows, "Sepal.Width"),
               c(3.479182, 3.068037, 3.067781, 2.534163, 2.343765), tolerance = 2e-3)
  expect_identical(as.character(predict(fit, rows, "Species")),
                   c("setosa", "versicolor", "virginica", "virginica", "virginica"))
  # and the exact posterior of Species given the rest, in plain R: its children's densities
  b <- coef(fit)
  posterior <- t(vapply(seq_len(nrow(rows)), function(i) {
    r <- rows[i, ]
    like <- dnorm(r$Petal.Width, b$Petal.Width[1, ], fit$sd$Petal.Width) *
      dnorm(r$Petal.Length, b$Petal.Length[1, ] + b$Petal.Length[2, ] * r$Petal.Width,
            fit$sd$Petal.Length) *
      dnorm(r$Sepal.Width, b$Sepal.Width[1, ] + b$Sepal.Width[2, ] * r$Petal.Width,
            fit$sd$Sepal.Width)
    like / sum(like)
  }, numeric(3)))
  expect_equal(unname(attr(predict(fit, rows, "Species", prob = TRUE), "prob")), unname(posterior),
               tolerance = 1e-10)
})

test_that("impossible rows, rows without evidence and bad new data", {
  fit <- clg_fit(pb = rbind(a1 = c(b1 = 0.5, b2 = 0.5, b3 = 0), a2 = c(0, 0.6, 0.4)))
  x <- data.frame(B = factor(c("b3", "b1")), X = c(0.5, NA), row.names = c("p", "q"))
  # p: B = b3 only under a2; q: B = b1 only under a1; both possible
  expect_identical(as.character(predict(fit, x, "A")), c("a2", "a1"))
  x <- data.frame(A = "a1", B = "b3", Y = 0.5)
  expect_warning(expect_identical(predict(fit, x, "X"), NA_real_),
                 class = "learnbn_warning_impossible_evidence")
  expect_warning(predicted <- predict(fit, data.frame(Z = 1:2), "X"),
                 class = "learnbn_warning_no_evidence")
  expect_equal(predicted, rep(0.3 * 1 + 0.7 * -1, 2))
  expect_error(predict(fit, data.frame(A = 1, Y = 2), "X"), class = "learnbn_error_data_type")
  expect_error(predict(fit, data.frame(A = "a3", Y = 2), "X"), class = "learnbn_error_value")
  expect_error(predict(fit, data.frame(Y = "high"), "X"), class = "learnbn_error_data_type")
  expect_error(predict(fit, data.frame(Y = Inf), "X"), class = "learnbn_error_value")
  expect_error(predict(fit, data.frame(Y = 1), "X", method = "all"), class = "learnbn_error_value")
  expect_snapshot(error = TRUE, {
    predict(fit, data.frame(A = 1, Y = 2), "X")
    predict(fit, data.frame(A = "a3", Y = 2), "X")
    predict(fit, data.frame(Y = Inf), "X")
  })
})
