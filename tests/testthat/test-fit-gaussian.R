# Linear-Gaussian networks: least-squares fits checked against lm(), simulation,
# predictive densities and random networks.

gaussian_frame <- function(n = 200) {
  set.seed(11)
  a <- rnorm(n, 1, 2)
  b <- 0.5 * a + rnorm(n)
  c <- 2 - a + 0.7 * b + rnorm(n, sd = 0.5)
  d <- 3 + 0.2 * c + rnorm(n, sd = 1.5)
  data.frame(A = a, B = b, C = c, D = d)
}

# lm() of every node of `g` on its parents (in the graph's parent order).
expect_matches_lm <- function(fit, g, frame, weights = NULL) {
  parents <- lapply(stats::setNames(colnames(g$amat), colnames(g$amat)),
                    function(node) rownames(g$amat)[g$amat[, node] == 1L])
  for (node in names(parents)) {
    rhs <- if (length(parents[[node]])) paste(parents[[node]], collapse = " + ") else "1"
    model <- lm(stats::as.formula(paste(node, "~", rhs)), data = frame)
    expect_equal(fit$coefficients[[node]], coef(model), tolerance = 1e-10)
    # the maximum-likelihood sd, sqrt(RSS / n), as logLik(lm()) uses (not lm's sigma)
    expect_equal(fit$sd[[node]], sqrt(mean(residuals(model)^2)), tolerance = 1e-10)
  }
}

test_that("Gaussian fits equal lm() coefficients and maximum-likelihood sds", {
  frame <- gaussian_frame()
  # C's parents in graph order are A then B; D has one parent; A none.
  g <- bn_graph_from_string("[A][B|A][C|B:A][D|C]")
  fit <- fit_parameters(g, frame)
  expect_s3_class(fit, "bn_fit")
  expect_identical(fit$type, "gaussian")
  expect_identical(fit$method, "mle")
  expect_identical(fit$nodes, c("A", "B", "C", "D"))
  expect_identical(names(fit$coefficients$C), c("(Intercept)", "A", "B"))
  expect_identical(names(fit$coefficients$A), "(Intercept)")
  expect_matches_lm(fit, g, frame)
  # Intercept-only node: the mean and the standard deviation with divisor n.
  expect_equal(unname(fit$coefficients$A), mean(frame$A), tolerance = 1e-12)
  expect_equal(fit$sd[["A"]], sd(frame$A) * sqrt(199 / 200), tolerance = 1e-12)
  expect_identical(fit_parameters(g, frame, method = "mle"), fit)
  expect_equal(nparams(fit), 1 + 2 + 3 + 2 + 4)
})

test_that("a learned graph on iris matches lm() node by node", {
  g <- hill_climb(iris[1:4])
  expect_matches_lm(fit_parameters(g, iris[1:4]), g, iris[1:4])
  empty <- bn_graph_from_string("[Sepal.Length][Sepal.Width][Petal.Length][Petal.Width]")
  expect_matches_lm(fit_parameters(empty, bn_data(iris[1:4])), empty, iris[1:4])
})

test_that("case counts give weighted least squares, as lm() on the expanded rows", {
  frame <- gaussian_frame(60)
  set.seed(3)
  frame$count <- sample(0:4, nrow(frame), replace = TRUE)
  g <- bn_graph_from_string("[A][B|A][C|A:B][D|C:A]")
  fit <- fit_parameters(g, bn_data(frame, counts = "count"))
  expanded <- frame[rep(seq_len(nrow(frame)), frame$count), 1:4]
  expect_matches_lm(fit, g, expanded)
  # Same coefficients as lm(weights =), whose sigma uses the rows, not the cases.
  weighted <- lm(D ~ A + C, data = frame, weights = count)
  expect_equal(fit$coefficients$D, coef(weighted)[c("(Intercept)", "A", "C")],
               tolerance = 1e-10)
})

# Covariance matrix implied by a linear-Gaussian fit: (I - B)^-T D (I - B)^-1.
implied_covariance <- function(fit) {
  nodes <- fit$nodes
  b <- matrix(0, length(nodes), length(nodes), dimnames = list(nodes, nodes))
  for (node in nodes) {
    beta <- fit$coefficients[[node]][-1L]
    b[names(beta), node] <- beta
  }
  inverse <- solve(diag(length(nodes)) - b)
  t(inverse) %*% diag(fit$sd^2) %*% inverse
}

test_that("simulating then fitting recovers the parameters", {
  set.seed(42)
  truth <- random_gaussian_fit(6, average_degree = 3)
  n <- 50000
  sample <- simulate_data(truth, n)
  expect_identical(names(sample), truth$nodes)
  expect_true(all(vapply(sample, is.double, logical(1))))
  fit <- fit_parameters(truth$graph, sample)
  sigma <- implied_covariance(truth)
  expect_equal(cov(sample), sigma, tolerance = 0.05, ignore_attr = TRUE)
  for (node in truth$nodes) {
    parents <- names(truth$coefficients[[node]])[-1L]
    if (length(parents)) {
      # Standard errors of the slopes: sd_i sqrt(diag(Sigma_PP^-1) / n); 5 of them allowed.
      se <- truth$sd[[node]] * sqrt(diag(solve(sigma[parents, parents, drop = FALSE])) / n)
      slopes <- fit$coefficients[[node]][-1L]
      expect_true(all(abs(slopes - truth$coefficients[[node]][-1L]) < 5 * se))
    }
    expect_lt(abs(fit$sd[[node]] - truth$sd[[node]]), 5 * truth$sd[[node]] / sqrt(2 * n))
    # The true intercept is 0; with centred parents its standard error is about sd_i / sqrt(n).
    expect_lt(abs(fit$coefficients[[node]][[1L]]), 5 * truth$sd[[node]] / sqrt(n))
  }
})

test_that("Gaussian simulation follows set.seed()", {
  fit <- fit_parameters(bn_graph_from_string("[A][B|A][C|B:A][D|C]"), gaussian_frame())
  set.seed(5)
  first <- simulate_data(fit, 20)
  set.seed(5)
  expect_identical(simulate_data(fit, 20), first)
  expect_false(identical(simulate_data(fit, 20), first))
  # Root node: intercept + sd * the first n normal draws (A is first in topological order).
  set.seed(5)
  z <- rnorm(20)
  expect_equal(first$A, fit$coefficients$A[[1]] + fit$sd[["A"]] * z, tolerance = 1e-14)
  expect_identical(dim(simulate_data(fit, 1)), c(1L, 4L))
})

test_that("log_predictive() of a Gaussian fit is the sum of normal log densities", {
  frame <- gaussian_frame()
  fit <- fit_parameters(bn_graph_from_string("[A][B|A][C|B:A][D|C]"), frame[1:150, ])
  new <- frame[151:200, ]
  # Plain-R normal log density of each node given its parents, with the fit's parameters.
  log_normal <- function(x, mean, s) -0.5 * log(2 * pi * s^2) - (x - mean)^2 / (2 * s^2)
  beta <- fit$coefficients
  s <- fit$sd
  rows <- log_normal(new$A, beta$A[[1]], s[["A"]]) +
    log_normal(new$B, beta$B[[1]] + beta$B[["A"]] * new$A, s[["B"]]) +
    log_normal(new$C, beta$C[[1]] + beta$C[["A"]] * new$A + beta$C[["B"]] * new$B, s[["C"]]) +
    log_normal(new$D, beta$D[[1]] + beta$D[["C"]] * new$C, s[["D"]])
  expect_equal(log_predictive(fit, new, sum = FALSE), rows, tolerance = 1e-12)
  expect_equal(log_predictive(fit, new), sum(rows), tolerance = 1e-12)
  # One row, extra columns and case counts.
  expect_equal(log_predictive(fit, cbind(new[1, ], E = 1)), rows[1], tolerance = 1e-12)
  counted <- bn_data(cbind(new, n = rep(1:2, 25)), counts = "n")
  expect_equal(log_predictive(fit, counted), sum(rep(1:2, 25) * rows), tolerance = 1e-12)
  # ... also from a data.frame naming its counts column in attr(x, "counts").
  frame <- as.data.frame(counted)
  expect_identical(attr(frame, "counts"), "count")
  expect_equal(log_predictive(fit, frame), sum(rep(1:2, 25) * rows), tolerance = 1e-12)
  expect_error(log_predictive(fit, new[1:3]), class = "learnbn_error_unknown_node")
  expect_error(log_predictive(fit, data.frame(A = "x", B = 1, C = 1, D = 1)),
               class = "learnbn_error_value")
  expect_error(log_predictive(fit, college_plans), class = "learnbn_error_unknown_node")
  expect_error(log_predictive(fit, bn_data(college_plans, counts = "count")),
               class = "learnbn_error_data_type")
})

test_that("random_gaussian_fit() draws arcs with the requested density", {
  set.seed(1)
  fit <- random_gaussian_fit(1000, average_degree = 2)
  n_arcs <- sum(fit$graph$amat)
  # Binomial(499500, 2 / 999): mean 1000, sd about 31.6.
  expect_gt(n_arcs, 850)
  expect_lt(n_arcs, 1150)
  expect_true(is_dag(fit$graph))
  expect_identical(fit$nodes, paste0("X", 1:1000))
  expect_identical(fit$type, "gaussian")
  slopes <- unlist(lapply(fit$coefficients, `[`, -1L))
  expect_length(slopes, n_arcs)
  expect_true(all(abs(slopes) >= 0.5 & abs(slopes) <= 1.5))
  expect_true(any(slopes < 0) && any(slopes > 0))
  expect_true(all(vapply(fit$coefficients, `[[`, numeric(1), 1L) == 0))
  expect_true(all(fit$sd >= 0.5 & fit$sd <= 1.5))
  # Coefficient names are the parents, in the graph's parent order.
  amat <- fit$graph$amat
  for (node in c("X1", "X500", "X1000")) {
    expect_identical(names(fit$coefficients[[node]])[-1L], rownames(amat)[amat[, node] == 1L])
  }
  expect_equal(nparams(fit), n_arcs + 2 * 1000)
})

test_that("random_gaussian_fit() covers every pair and follows set.seed()", {
  # Probability 1: the complete DAG, one arc per pair.
  set.seed(2)
  full <- random_gaussian_fit(40, average_degree = 39)
  amat <- full$graph$amat
  expect_identical(sum(amat), 780L)
  expect_true(all((amat + t(amat))[upper.tri(amat)] == 1L))
  expect_true(is_dag(full$graph))
  expect_identical(sum(random_gaussian_fit(5, average_degree = 0)$graph$amat), 0L)
  single <- random_gaussian_fit(1, nodes = "Z")
  expect_identical(single$nodes, "Z")
  set.seed(9)
  first <- random_gaussian_fit(30, 3, coefficients = c(1, 1), sd = c(2, 2))
  set.seed(9)
  expect_identical(random_gaussian_fit(30, 3, coefficients = c(1, 1), sd = c(2, 2)), first)
  expect_true(all(abs(unlist(lapply(first$coefficients, `[`, -1L))) == 1))
  expect_true(all(first$sd == 2))
})

test_that("print() shows one regression per node", {
  fit <- fit_parameters(bn_graph_from_string("[A][B][C|A:B]"), gaussian_frame()[1:3])
  fit$coefficients$C <- c("(Intercept)" = 0.5, A = 1.2, B = -0.3)
  fit$sd[["C"]] <- 0.8
  expect_output(print(fit), "3 Gaussian nodes, 2 arcs, 8 parameters", fixed = TRUE)
  expect_output(print(fit), "C = 0.5 + 1.2 A - 0.3 B + N(0, 0.8^2)", fixed = TRUE)
  expect_output(print(random_gaussian_fit(20)), "and 10 more nodes", fixed = TRUE)
})

test_that("Gaussian fits fail clearly where they do not apply", {
  frame <- gaussian_frame()
  g <- bn_graph_from_string("[A][B|A][C|B:A][D|C]")
  expect_error(fit_parameters(g, frame, method = "bayes"), class = "learnbn_error_value")
  expect_error(fit_parameters(g, frame, method = "em"), class = "learnbn_error_value")
  expect_error(fit_parameters(bn_graph_from_string("[A][E|A]"), frame),
               class = "learnbn_error_unknown_node")
  expect_error(fit_parameters(g, frame[1:3, ]), class = "learnbn_error_value")
  collinear <- transform(frame, D = A + 2 * B)
  expect_error(fit_parameters(bn_graph_from_string("[A][B][D][C|A:B:D]"), collinear),
               class = "learnbn_error_value")
  fit <- fit_parameters(g, frame)
  expect_error(cpt(fit, "A"), class = "learnbn_error_data_type")
  expect_error(write_bif(fit, tempfile()), class = "learnbn_error_data_type")
})

test_that("random_gaussian_fit() checks its arguments", {
  expect_error(random_gaussian_fit(0), class = "learnbn_error_value")
  expect_error(random_gaussian_fit(2.5), class = "learnbn_error_value")
  expect_error(random_gaussian_fit("5"), class = "learnbn_error_type")
  expect_error(random_gaussian_fit(5, average_degree = 5), class = "learnbn_error_value")
  expect_error(random_gaussian_fit(5, average_degree = -1), class = "learnbn_error_value")
  expect_error(random_gaussian_fit(5, coefficients = 1), class = "learnbn_error_type")
  expect_error(random_gaussian_fit(5, coefficients = c(2, 1)), class = "learnbn_error_value")
  expect_error(random_gaussian_fit(5, coefficients = c(-1, 1)), class = "learnbn_error_value")
  expect_error(random_gaussian_fit(5, sd = c(0, 1)), class = "learnbn_error_value")
  expect_error(random_gaussian_fit(5, sd = c(1, Inf)), class = "learnbn_error_type")
  expect_error(random_gaussian_fit(3, nodes = c("a", "b")), class = "learnbn_error_type")
  expect_error(random_gaussian_fit(2, nodes = c("a", "a")), class = "learnbn_error_value")
})

test_that("collinear parents of a Gaussian fit are a classed error naming them", {
  collinear <- transform(gaussian_frame(), D = A + 2 * B)
  err <- expect_error(fit_parameters(bn_graph_from_string("[A][B][D][C|A:B:D]"), collinear),
                      class = "learnbn_error_collinear")
  expect_match(conditionMessage(err), "\"D\" is (almost) a linear function of \"B\" and \"A\"",
               fixed = TRUE)
  expect_match(conditionMessage(err), "parents of node \"C\"", fixed = TRUE)
})

test_that("random_gaussian_fit() refuses a network past the memory limit at once (issue 33)", {
  took <- system.time(
    err <- expect_error(random_gaussian_fit(1e5), class = "learnbn_error_too_large")
  )[["elapsed"]]
  expect_lt(took, 1)
  # The 1e5 x 1e5 integer adjacency matrix alone is 4e10 bytes.
  message <- gsub("\\s+", " ", conditionMessage(err))  # cli wraps lines
  expect_match(message, "100,000 nodes", fixed = TRUE)
  expect_match(message, "100,000 x 100,000 cells", fixed = TRUE)
  expect_match(message, "40 GB", fixed = TRUE)
  # 4 * 10^2 + 64 * 10 * 2 / 2 = 1040 bytes for 10 nodes of average degree 2.
  withr::local_options(learnbn.max_memory = 1040)
  expect_length(random_gaussian_fit(10)$nodes, 10L)
  expect_error(random_gaussian_fit(11), "11 nodes", class = "learnbn_error_too_large")
})
