# Conditional linear Gaussian fits of mixed data (R/fit-mixed.R).

iris_graph <- function() {
  bn_graph_from_string(paste0("[Species][Petal.Width|Species][Petal.Length|Petal.Width:Species]",
                              "[Sepal.Width|Petal.Width:Species]",
                              "[Sepal.Length|Sepal.Width:Petal.Length:Petal.Width]"))
}

test_that("a CLG fit of iris equals bnlearn 4.9's bn.fit() and lm() per configuration", {
  fit <- fit_parameters(iris_graph(), iris)
  expect_identical(fit$type, "mixed")
  expect_identical(fit$method, "mle")
  # bnlearn 4.9: bn.fit(model2network(<the same graph>), iris); dput() of each node's
  # coefficients and sd (its rows in the order (Intercept), Petal.Length, Petal.Width,
  # Sepal.Width for Sepal.Length; columns setosa, versicolor, virginica).
  b <- coef(fit)
  expect_equal(unname(b$Sepal.Length[c("(Intercept)", "Petal.Length", "Petal.Width",
                                       "Sepal.Width")]),
               c(1.85599749291754, 0.709131959136729, -0.556482660167024, 0.650837159313219),
               tolerance = 1e-10)
  expect_equal(fit$sd$Sepal.Length, 0.314549089246543, tolerance = 1e-10)
  expect_equal(unname(b$Sepal.Width), matrix(c(3.22205071664829, 0.837192208746784,
                                               1.37286295793758, 1.05364784469262,
                                               1.6947730101185, 0.631405226989882), 2),
               tolerance = 1e-10)
  expect_equal(unname(fit$sd$Sepal.Width),
               c(0.372474138635125, 0.237069126766751, 0.274720558069582), tolerance = 1e-10)
  expect_equal(unname(b$Petal.Length), matrix(c(1.32756339581036, 0.54649026093348,
                                                1.78127544097693, 1.8693247051456,
                                                4.2406525620908, 0.647259347437909), 2),
               tolerance = 1e-10)
  expect_equal(unname(fit$sd$Petal.Length),
               c(0.165534097469272, 0.293118253517546, 0.527894732585436), tolerance = 1e-10)
  expect_equal(unname(b$Petal.Width), matrix(c(0.246, 1.326, 2.026), 1), tolerance = 1e-10)
  expect_equal(unname(fit$sd$Petal.Width),
               c(0.105385589380046, 0.197752680004544, 0.274650055636667), tolerance = 1e-10)
  expect_equal(dimnames(b$Sepal.Width),
               list(c("(Intercept)", "Petal.Width"), levels(iris$Species)))
  expect_equal(as.vector(b$Species), rep(1 / 3, 3))
  # lm() in each configuration: the same coefficients and its residual standard error.
  for (node in c("Sepal.Width", "Petal.Length")) {
    for (s in levels(iris$Species)) {
      m <- lm(iris[[node]] ~ Petal.Width, data = iris, subset = Species == s)
      expect_equal(b[[node]][, s], coef(m), tolerance = 1e-10)
      expect_equal(fit$sd[[node]][[s]], summary(m)$sigma, tolerance = 1e-10)
    }
  }
  m <- lm(Sepal.Length ~ Sepal.Width + Petal.Length + Petal.Width, data = iris)
  expect_equal(b$Sepal.Length[names(coef(m))], coef(m), tolerance = 1e-10)
})

test_that("nparams, summary and print of a CLG fit", {
  fit <- fit_parameters(iris_graph(), iris)
  # Per continuous node (k + 2) per configuration: 5 + 3 * 3 + 3 * 3 + 3 * 2, plus 2
  # for Species; bnlearn 4.9's nparams(bn.fit(...)) is also 31.
  expect_equal(nparams(fit), 31)
  s <- summary(fit)
  expect_equal(setNames(s$nparams, s$node), c(Sepal.Length = 5, Sepal.Width = 9,
                                               Petal.Length = 9, Petal.Width = 6,
                                               Species = 2)[s$node])
  expect_equal(s$levels[s$node == "Species"], 3L)
  expect_true(all(is.na(s$levels[s$node != "Species"])))
  out <- capture.output(print(fit))
  expect_match(out[1L], "1 discrete and 4 continuous nodes, 8 arcs, 31 parameters", fixed = TRUE)
  expect_true(any(grepl("Species = versicolor: Petal.Length = 1.78 + 1.87 Petal.Width",
                        out, fixed = TRUE)))
  expect_equal(as.vector(fit$Species), rep(1 / 3, 3))
})

test_that("logLik of a CLG fit by hand, and equal to the loglik score (same sd convention)", {
  g <- iris_graph()
  fit <- fit_parameters(g, iris)
  b <- coef(fit)
  sp <- as.integer(iris$Species)
  by_hand <- nrow(iris) * log(1 / 3) +
    sum(dnorm(iris$Petal.Width, b$Petal.Width[1, sp], fit$sd$Petal.Width[sp], log = TRUE)) +
    sum(dnorm(iris$Petal.Length, b$Petal.Length[1, sp] + b$Petal.Length[2, sp] * iris$Petal.Width,
              fit$sd$Petal.Length[sp], log = TRUE)) +
    sum(dnorm(iris$Sepal.Width, b$Sepal.Width[1, sp] + b$Sepal.Width[2, sp] * iris$Petal.Width,
              fit$sd$Sepal.Width[sp], log = TRUE)) +
    sum(dnorm(iris$Sepal.Length, fitted(lm(Sepal.Length ~ Sepal.Width + Petal.Length +
                                             Petal.Width, data = iris)),
              fit$sd$Sepal.Length, log = TRUE))
  ll <- logLik(fit, iris)
  expect_equal(as.numeric(ll), by_hand, tolerance = 1e-10)
  # bnlearn 4.9: logLik(bn.fit(dag, iris), iris) and score(dag, iris, "loglik-cg")
  expect_equal(as.numeric(ll), -205.82606106166224, tolerance = 1e-10)
  expect_equal(as.numeric(ll), network_score(g, iris, "loglik"), tolerance = 1e-10)
  expect_equal(attr(ll, "df"), 31)
  expect_equal(BIC(fit, iris), -2 * by_hand + log(150) * 31, tolerance = 1e-10)
  expect_equal(BIC(fit, iris), -2 * network_score(g, iris, "bic"), tolerance = 1e-10)
  expect_equal(AIC(fit, iris), -2 * by_hand + 2 * 31, tolerance = 1e-10)
  expect_equal(log_predictive(fit, iris[1:3, ], sum = FALSE)[2],
               log_predictive(fit, iris[2, ]), tolerance = 1e-12)
})

test_that("a configuration without cases has NA coefficients and sd, as in bnlearn", {
  d <- iris[iris$Species != "virginica", c("Species", "Sepal.Width", "Sepal.Length")]
  g <- bn_graph_from_string("[Species][Sepal.Width][Sepal.Length|Species:Sepal.Width]")
  fit <- suppressWarnings(fit_parameters(g, d))
  # bnlearn 4.9: bn.fit(model2network(<g>), d)$Sepal.Length
  expect_equal(unname(fit$coefficients$Sepal.Length),
               matrix(c(2.63900124985797069, 0.69048971707760476, 3.53973471502590664,
                        0.86507772020725393, NA, NA), 2), tolerance = 1e-10)
  expect_equal(unname(fit$sd$Sepal.Length), c(0.23854223907306224, 0.44357368788095491, NA),
               tolerance = 1e-10)
  expect_equal(fit$coefficients$Sepal.Width, c("(Intercept)" = mean(d$Sepal.Width)))
  expect_match(capture.output(print(fit)), "virginica: Sepal.Length not fitted (no cases)",
               fixed = TRUE, all = FALSE)
})

test_that("simulate_data() from a CLG fit is reproducible and a refit recovers it", {
  fit <- fit_parameters(iris_graph(), iris)
  set.seed(11)
  x <- simulate_data(fit, 20000)
  set.seed(11)
  expect_identical(simulate_data(fit, 20000), x)
  expect_identical(levels(x$Species), levels(iris$Species))
  refit <- fit_parameters(iris_graph(), x)
  # About 6,700 rows per species: the standard errors of the coefficients are at most
  # sd / (sd(Petal.Width | species) sqrt(6,700)) ~ 0.53 / (0.27 * 82) ~ 0.025 for the
  # slopes (about 2.5 times that for the intercepts, Petal.Width ~ 2 there), and of an sd
  # about sd / sqrt(2 * 6,700) ~ 0.005: 0.15 and 0.03 are above 5 standard errors.
  for (node in c("Sepal.Length", "Sepal.Width", "Petal.Length", "Petal.Width")) {
    expect_lt(max(abs(refit$coefficients[[node]] - fit$coefficients[[node]])), 0.15)
    expect_lt(max(abs(refit$sd[[node]] - fit$sd[[node]])), 0.03)
  }
  expect_lt(max(abs(refit$cpts$Species - 1 / 3)), 0.02)  # binomial sd 0.0033
})

test_that("bad CLG fits are classed errors naming the node", {
  g <- bn_graph_from_string("[Petal.Width][Species|Petal.Width]")
  expect_error(fit_parameters(g, iris[c("Petal.Width", "Species")]),
               class = "learnbn_error_continuous_parent")
  d <- data.frame(a = factor(rep(c("x", "y"), c(2, 20))), b = rnorm(22), c = rnorm(22))
  g <- bn_graph_from_string("[a][b][c|a:b]")
  expect_error(fit_parameters(g, d), "more than 2 cases where a is \"x\"",
               class = "learnbn_error_too_few_cases")
  d$c2 <- 2 * d$b + 1
  g <- bn_graph_from_string("[a][b][c2][c|a:b:c2]")
  d$a <- factor(rep(c("x", "y"), 11))
  expect_error(fit_parameters(g, d), "collinear", class = "learnbn_error_collinear")
})

test_that("fit$node of a CLG fit, and functions that do not take CLG fits say so", {
  fit <- fit_parameters(iris_graph(), iris)
  node <- fit$Petal.Length
  expect_s3_class(node, "bn_node_regression")
  expect_identical(node$parents, "Petal.Width")
  expect_identical(node$coefficients, fit$coefficients$Petal.Length)
  expect_match(capture.output(print(node))[2L],
               "[versicolor] Petal.Length = 1.78 + 1.87 Petal.Width + N(0, 0.293^2)", fixed = TRUE)
  expect_equal(as.vector(cpt(fit, "Species")), rep(1 / 3, 3))
  expect_error(write_bif(fit, tempfile()), "write_bif", class = "learnbn_error_data_type")
  expect_error(plot(fit, "Species"), "plot", class = "learnbn_error_data_type")
})
