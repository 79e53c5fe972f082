college_graph <- function() {
  bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
}

test_that("fit$node and fit[['node']] give the node's CPT, fields take precedence", {
  fit <- fit_parameters(college_graph(), bn_data(college_plans, counts = "count"))
  cp <- unclass(fit)$cpts$CP
  expect_identical(unclass(fit$CP), cp)
  expect_identical(unclass(fit[["CP"]]), cp)
  expect_s3_class(fit$CP, "bn_cpt")
  expect_identical(fit$CP, cpt(fit, "CP"))
  expect_identical(names(dimnames(fit$CP)), c("CP", "SES", "IQ", "PE"))
  expect_identical(fit$graph, unclass(fit)$graph)
  expect_identical(fit[["cpts"]], unclass(fit)$cpts)
  expect_identical(fit$iss, 1)
  expect_null(fit$em)
  expect_null(fit$type)
  expect_identical(fit[[3]], unclass(fit)[[3]])
})

test_that("a CPT prints one row per parent configuration", {
  fit <- fit_parameters(college_graph(), bn_data(college_plans, counts = "count"))
  expect_snapshot({
    fit$IQ
    fit$SEX
  })
  # a subset is a plain array again
  expect_false(inherits(fit$IQ[, "low"], "bn_cpt"))
  expect_error(print(fit$IQ, digits = 0), class = "learnbn_error_value")
  expect_error(print(fit$IQ, digits = list()), class = "learnbn_error_type")
})

test_that("a node named like a field is reached through cpt()", {
  g <- bn_graph_from_string("[graph][x|graph]")
  d <- data.frame(graph = factor(c("a", "b", "a", "b")), x = factor(c("u", "u", "v", "v")))
  fit <- fit_parameters(g, d)
  expect_s3_class(fit$graph, "bn_graph")
  expect_identical(names(dimnames(cpt(fit, "graph"))), "graph")
  expect_identical(names(dimnames(fit$x)), c("x", "graph"))
})

test_that("an unknown name is a classed error with a did-you-mean", {
  fit <- fit_parameters(college_graph(), bn_data(college_plans, counts = "count"))
  expect_error(fit$cp, class = "learnbn_error_unknown_node")
  expect_error(fit[["IQQ"]], class = "learnbn_error_unknown_node")
  # NA has no did-you-mean (its edit distance is NA: an unclassed error before)
  expect_error(`$`(fit, NA_character_), class = "learnbn_error_unknown_node")
  expect_snapshot(error = TRUE, {
    fit$cp
    fit[["Pe"]]
  })
})

test_that("Gaussian fits give the node's regression", {
  g <- bn_graph_from_string("[Petal.Length][Petal.Width|Petal.Length][Sepal.Length|Petal.Length]")
  fit <- fit_parameters(g, iris[c(1, 3, 4)])
  reg <- fit$Petal.Width
  ref <- lm(Petal.Width ~ Petal.Length, data = iris)
  expect_s3_class(reg, "bn_node_regression")
  expect_equal(unname(reg$coefficients), unname(coef(ref)), tolerance = 1e-10)
  expect_identical(names(reg$coefficients), c("(Intercept)", "Petal.Length"))
  expect_equal(reg$sd, sqrt(mean(residuals(ref)^2)), tolerance = 1e-10)  # divisor n
  expect_identical(reg$parents, "Petal.Length")
  expect_identical(fit[["Petal.Length"]]$parents, character())
  expect_identical(fit$sd, unclass(fit)$sd)
  expect_snapshot(fit$Petal.Width)
})

test_that("summary() lists parents, levels and parameters per node", {
  fit <- fit_parameters(college_graph(), bn_data(college_plans, counts = "count"), iss = 5)
  s <- summary(fit)
  expect_s3_class(s, "bn_fit_summary")
  expect_identical(s$node, c("SEX", "SES", "IQ", "PE", "CP"))
  expect_identical(s$parents, c("", "", "SES", "SEX, SES, IQ", "SES, IQ, PE"))
  expect_identical(s$levels, c(2L, 4L, 4L, 2L, 2L))
  # (r - 1) q: SEX 1, SES 3, IQ 3 * 4, PE 1 * 32, CP 1 * 32
  expect_identical(s$nparams, c(1, 3, 12, 32, 32))
  expect_identical(sum(s$nparams), nparams(fit))
  expect_identical(attr(s, "method"), "bayes")
  expect_identical(attr(s, "iss"), 5)
  expect_snapshot(print(s))
})

test_that("summary() of a Gaussian fit counts k + 2 parameters per node", {
  g <- bn_graph_from_string("[Petal.Length][Petal.Width|Petal.Length][Sepal.Length|Petal.Length:Petal.Width]")
  fit <- fit_parameters(g, iris[c(1, 3, 4)])
  s <- summary(fit)
  expect_identical(s$node, c("Petal.Length", "Petal.Width", "Sepal.Length"))
  expect_identical(s$nparams, c(2, 3, 4))
  expect_identical(s$levels, rep(NA_integer_, 3))
  expect_null(attr(s, "iss"))
})

test_that("coef() gives regression coefficients or CPTs", {
  g <- bn_graph_from_string("[Petal.Length][Petal.Width|Petal.Length]")
  fit <- fit_parameters(g, iris[3:4])
  expect_identical(coef(fit), unclass(fit)$coefficients)
  expect_identical(names(coef(fit)), c("Petal.Length", "Petal.Width"))
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  expect_identical(coef(asia), unclass(asia)$cpts)
})
