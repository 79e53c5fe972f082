# random_mixed_fit(): random conditional linear Gaussian networks, checked against their
# definition, and recovered by simulate_data() and fit_parameters() within standard errors.

discrete_nodes_of <- function(fit) names(fit$cpts)

test_that("random_mixed_fit() gives a CLG network in fit_parameters()' layout", {
  set.seed(3)
  fit <- random_mixed_fit(12, average_degree = 3, discrete = 0.25, levels = 2:4)
  expect_s3_class(fit, "bn_fit")
  expect_identical(fit$type, "mixed")
  expect_identical(fit$method, "random")
  expect_identical(fit$nodes, paste0("X", 1:12))
  discrete <- discrete_nodes_of(fit)
  continuous <- setdiff(fit$nodes, discrete)
  expect_length(discrete, 3L)  # round(0.25 * 12)
  expect_setequal(names(fit$coefficients), continuous)
  expect_true(is_dag(fit$graph))
  # No arc from a continuous to a discrete node.
  expect_true(all(fit$graph$amat[continuous, discrete] == 0L))
  for (node in discrete) {
    table <- fit$cpts[[node]]
    expect_true(length(fit$levels[[node]]) %in% 2:4)
    expect_identical(fit$levels[[node]], letters[seq_along(fit$levels[[node]])])
    expect_identical(names(dimnames(table)), c(node, parents(fit$graph, node)))
    expect_equal(colSums(matrix(table, nrow = dim(table)[1L])),
                 rep(1, length(table) / dim(table)[1L]), tolerance = 1e-12)
  }
  for (node in continuous) {
    p <- parents(fit$graph, node)
    dparents <- intersect(p, discrete)
    beta <- fit$coefficients[[node]]
    q <- prod(lengths(fit$levels[dparents]))
    expect_identical(NROW(beta), length(setdiff(p, discrete)) + 1L)
    expect_identical(NCOL(beta), as.integer(q))
    expect_length(fit$sd[[node]], q)
    expect_true(all(fit$sd[[node]] >= 0.5 & fit$sd[[node]] <= 1.5))
    slopes <- as.vector(as.matrix(beta)[-1L, ])
    expect_true(all(abs(slopes) >= 0.5 & abs(slopes) <= 1.5))
    intercepts <- as.matrix(beta)[1L, ]
    if (length(dparents)) expect_true(all(abs(intercepts) >= 0.5 & abs(intercepts) <= 1.5))
    else expect_identical(unname(intercepts), 0)
  }
  # The layout of fit_parameters() on data drawn from it: same names, dims and dimnames.
  refit <- fit_parameters(fit$graph, simulate_data(fit, 5000), method = "mle")
  shape <- function(x) lapply(x, function(v) list(dim(v), dimnames(v), names(v)))
  for (part in c("levels", "cpts", "coefficients", "sd")) {
    expect_identical(shape(refit[[part]]), shape(fit[[part]]), label = part)
  }
  expect_identical(nparams(refit), nparams(fit))
})

test_that("random_mixed_fit() covers every pair and follows set.seed()", {
  # Probability 1: the complete DAG, discrete nodes first in its order.
  set.seed(4)
  full <- random_mixed_fit(10, average_degree = 9, discrete = 0.4, levels = 2)
  amat <- full$graph$amat
  expect_identical(sum(amat), 45L)
  expect_true(all((amat + t(amat))[upper.tri(amat)] == 1L))
  discrete <- discrete_nodes_of(full)
  expect_length(discrete, 4L)
  expect_true(all(amat[discrete, setdiff(full$nodes, discrete)] == 1L))
  expect_true(all(lengths(full$levels) == 2L))
  expect_identical(sum(random_mixed_fit(6, average_degree = 0)$graph$amat), 0L)
  set.seed(9)
  first <- random_mixed_fit(8, 2, nodes = letters[1:8])
  set.seed(9)
  expect_identical(random_mixed_fit(8, 2, nodes = letters[1:8]), first)
  expect_identical(first$nodes, letters[1:8])
})

test_that("simulate_data() from random_mixed_fit() refits within its standard errors", {
  set.seed(5)
  truth <- random_mixed_fit(6, average_degree = 3, discrete = 0.5, levels = 2:3)
  n <- 20000
  sample <- simulate_data(truth, n)
  expect_identical(names(sample), truth$nodes)
  discrete <- discrete_nodes_of(truth)
  expect_true(all(vapply(sample[discrete], is.factor, NA)))
  expect_true(all(vapply(sample[setdiff(truth$nodes, discrete)], is.double, NA)))
  fit <- fit_parameters(truth$graph, sample, method = "mle")
  # CPTs: 5 binomial standard errors sqrt(p (1 - p) / n_j), n_j the parent configuration's rows.
  for (node in discrete) {
    p <- truth$cpts[[node]]
    states <- dim(p)[1L]
    family <- names(dimnames(p))
    rows <- if (length(family) > 1L) {
      as.vector(table(sample[family[-1L]]))
    } else n
    se <- sqrt(p * (1 - p) / rep(rows, each = states))
    expect_true(all(abs(fit$cpts[[node]] - p) <= 5 * se), label = node)
  }
  # Regressions: lm()'s standard errors in each configuration (5 allowed); the residual
  # sd within 5 of its approximate standard error sd / sqrt(2 (n_j - k - 1)).
  for (node in setdiff(truth$nodes, discrete)) {
    p <- parents(truth$graph, node)
    dparents <- intersect(p, discrete)
    beta <- as.matrix(truth$coefficients[[node]])
    config <- if (length(dparents)) interaction(sample[dparents], lex.order = FALSE) else
      factor(rep(1, n))
    for (j in seq_len(ncol(beta))) {
      rows <- sample[as.integer(config) == j, , drop = FALSE]
      rhs <- if (nrow(beta) > 1L) paste(rownames(beta)[-1L], collapse = " + ") else "1"
      model <- summary(lm(stats::as.formula(paste(node, "~", rhs)), data = rows))
      se <- model$coefficients[, "Std. Error"]
      expect_true(all(abs(model$coefficients[, "Estimate"] - beta[, j]) <= 5 * se),
                  label = paste(node, j))
      sd_true <- truth$sd[[node]][[j]]
      expect_lte(abs(model$sigma - sd_true), 5 * sd_true / sqrt(2 * model$df[2L]))
    }
  }
})

test_that("random_mixed_fit() refuses bad arguments with classed errors", {
  expect_snapshot(error = TRUE, {
    random_mixed_fit(4, discrete = 0)
    random_mixed_fit(4, discrete = 1)
    random_mixed_fit(1)
    random_mixed_fit(4, levels = 1:3)
    random_mixed_fit(4, levels = "two")
    random_mixed_fit(4, discrete = 2)
    random_mixed_fit(4, coefficients = c(2, 1))
  })
  expect_error(random_mixed_fit(4, discrete = 0), class = "learnbn_error_value")
  expect_error(random_mixed_fit(4, levels = 27), class = "learnbn_error_value")
  # Every pair an arc among 30 discrete nodes of 26 states: the last CPT has 26^30 cells.
  expect_error(random_mixed_fit(31, average_degree = 30, discrete = 30 / 31, levels = 26),
               class = "learnbn_error_too_large")
})
