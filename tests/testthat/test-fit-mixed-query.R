# query() on conditional linear Gaussian fits (R/fit-mixed-query.R), against plain-R
# enumeration and numerical integration.

# The network clg_fit() and its plain-R density clg_density() are in helper-clg.R.

grid <- expand.grid(a = c("a1", "a2"), b = c("b1", "b2", "b3"), stringsAsFactors = FALSE)

test_that("discrete targets given continuous evidence equal numerical integration", {
  fit <- clg_fit()
  joint <- mapply(clg_density_y, grid$a, grid$b, MoreArgs = list(y = 1.3), USE.NAMES = FALSE)
  q <- query(fit, "A", evidence = list(Y = 1.3))
  expect_s3_class(q, "bn_posterior")
  expect_equal(as.vector(q), as.vector(tapply(joint, grid$a, sum)) / sum(joint), tolerance = 1e-8)
  expect_equal(names(q), c("a1", "a2"))
  # p(Y = 1.3), a density, is P(evidence)
  expect_equal(attr(q, "evidence_probability"), sum(joint), tolerance = 1e-8)
  # joint of A and B (first target fastest, as for discrete fits)
  q <- query(fit, c("A", "B"), evidence = list(Y = 1.3))
  expect_equal(as.vector(q), joint / sum(joint), tolerance = 1e-8)
  expect_equal(dimnames(q), list(A = c("a1", "a2"), B = c("b1", "b2", "b3")))
  # X observed too: no integral, the product of the densities
  direct <- mapply(clg_density, grid$a, grid$b, MoreArgs = list(x = 0.4, y = 1.3),
                   USE.NAMES = FALSE)
  q <- query(fit, "B", evidence = list(X = 0.4, Y = 1.3))
  expect_equal(as.vector(q), as.vector(tapply(direct, grid$b, sum)) / sum(direct),
               tolerance = 1e-12)
  # discrete evidence only: the CPTs
  p <- clg_parameters()
  expect_equal(as.vector(query(fit, "B", evidence = list(A = "a2"))), unname(p$pb["a2", ]),
               tolerance = 1e-12)
  expect_equal(as.vector(query(fit, "A", evidence = list(B = "b3"))),
               unname(p$pa * p$pb[, "b3"] / sum(p$pa * p$pb[, "b3"])), tolerance = 1e-12)
})

test_that("continuous targets are the mixture's mean and sd, with its components", {
  fit <- clg_fit()
  # X given Y = 1.3: the mixture over (A, B) of conditional normals; plain R integrates
  # x p(x, y) and x^2 p(x, y) over x.
  moment <- function(k) {
    sum(mapply(function(a, b) {
      integrate(function(x) x^k * clg_density(a, b, x, 1.3), -Inf, Inf, rel.tol = 1e-12)$value
    }, grid$a, grid$b))
  }
  total <- moment(0)
  mean_x <- moment(1) / total
  q <- query(fit, "X", evidence = list(Y = 1.3))
  expect_equal(q$mean, c(X = mean_x), tolerance = 1e-8)
  expect_equal(q$cov, matrix(moment(2) / total - mean_x^2, 1, 1, dimnames = list("X", "X")),
               tolerance = 1e-8)
  expect_identical(q$method, "exact")
  # six components, one per configuration of A and B, sorted by weight
  joint <- mapply(clg_density_y, grid$a, grid$b, MoreArgs = list(y = 1.3), USE.NAMES = FALSE)
  components <- q$components
  expect_identical(names(components), c("A", "B", "weight", "mean", "sd"))
  expect_equal(nrow(components), 6L)
  key <- paste(components$A, components$B)
  expect_equal(components$weight, (joint / sum(joint))[match(key, paste(grid$a, grid$b))],
               tolerance = 1e-8)
  expect_equal(sum(components$weight * components$mean), mean_x, tolerance = 1e-10)
  # one component by hand: a1, b3; X ~ N(1, 1), Y | X ~ N(-1 + 2 X, 1.5^2)
  row <- components[components$A == "a1" & components$B == "b3", ]
  var_y <- 4 * 1 + 1.5^2
  expect_equal(row$mean, 1 + 2 * (1.3 - (-1 + 2)) / var_y, tolerance = 1e-12)
  expect_equal(row$sd, sqrt(1 - 4 / var_y), tolerance = 1e-12)
  # Y given A = a1: no evidence on continuous nodes; mixture over B of N(c + d * 1, ...)
  p <- clg_parameters()
  q <- query(fit, "Y", evidence = list(A = "a1"))
  means <- p$cy + p$dy * 1
  vars <- p$dy^2 * 1 + p$ty^2
  w <- p$pb["a1", ]
  expect_equal(q$mean, c(Y = sum(w * means)), tolerance = 1e-12)
  expect_equal(q$cov[1, 1], sum(w * (vars + means^2)) - sum(w * means)^2, tolerance = 1e-12)
  # two continuous targets given B: their joint mixture over A
  q <- query(fit, c("X", "Y"), evidence = list(B = "b2"))
  wa <- p$pa * p$pb[, "b2"] / sum(p$pa * p$pb[, "b2"])
  mx <- p$mx
  my <- p$cy[["b2"]] + p$dy[["b2"]] * p$mx
  expect_equal(q$mean, c(X = sum(wa * mx), Y = sum(wa * my)), tolerance = 1e-12)
  cov_xy <- sum(wa * (p$dy[["b2"]] * p$sx^2 + mx * my)) - sum(wa * mx) * sum(wa * my)
  expect_equal(q$cov["X", "Y"], cov_xy, tolerance = 1e-12)
  expect_identical(names(q$components), c("A", "weight", "mean_X", "mean_Y", "sd_X", "sd_Y"))
})

test_that("type = 'marginal', sampling methods and do = on a CLG fit", {
  fit <- clg_fit()
  m <- query(fit, c("A", "X"), evidence = list(Y = 1.3), type = "marginal")
  expect_identical(names(m), c("A", "X"))
  expect_equal(m$A, query(fit, "A", evidence = list(Y = 1.3)))
  expect_equal(m$X, query(fit, "X", evidence = list(Y = 1.3)))
  exact <- query(fit, "A", evidence = list(Y = 1.3))
  set.seed(1)
  lw <- query(fit, "A", evidence = list(Y = 1.3), method = "lw", n = 4000)
  set.seed(1)
  expect_identical(query(fit, "A", evidence = list(Y = 1.3), method = "lw", n = 4000), lw)
  expect_identical(attr(lw, "samples"), 4000)
  # A is sampled, X integrated exactly: the error is that of 4,000 draws of A
  expect_equal(as.vector(lw), as.vector(exact), tolerance = 0.05)
  set.seed(2)
  ls <- query(fit, "X", evidence = list(B = "b3", Y = 1.3), method = "ls", n = 4000)
  expect_equal(ls$mean, query(fit, "X", evidence = list(B = "b3", Y = 1.3))$mean, tolerance = 0.05)
  expect_identical(ls$method, "ls")
  # do(X = 2) cuts A -> X: P(A | Y = y, do(X = 2)) is prop. to P(A) sum_B P(B | A) p(y | 2, B)
  p <- clg_parameters()
  likelihood <- dnorm(0.5, p$cy + 2 * p$dy, p$ty)
  posterior <- p$pa * drop(p$pb %*% likelihood)
  q <- query(fit, "A", evidence = list(Y = 0.5), do = list(X = 2))
  expect_equal(as.vector(q), unname(posterior / sum(posterior)), tolerance = 1e-12)
  q <- query(fit, "Y", do = list(X = 2, A = "a1"))
  expect_equal(q$mean, c(Y = sum(p$pb["a1", ] * (p$cy + 2 * p$dy))), tolerance = 1e-12)
})

test_that("likelihood weighting beyond the exact limit agrees with brute force", {
  # 17 binary roots D1..D17 (P(d = 1) = 0.3) and Y | D ~ N(sum_j e_j d_j, 1):
  # 131,072 configurations, past the limit of 1e5.
  k <- 17
  roots <- paste0("D", seq_len(k))
  effects <- seq(-1, 1, length.out = k)
  states <- as.matrix(expand.grid(rep(list(0:1), k)))
  means <- drop(states %*% effects)
  levels <- stats::setNames(rep(list(c("n", "y")), k), roots)
  cpts <- lapply(stats::setNames(roots, roots), function(v) {
    array(c(0.7, 0.3), 2, dimnames = levels[v])
  })
  names_config <- do.call(paste, c(lapply(seq_len(k), function(j) c("n", "y")[states[, j] + 1]),
                                   sep = ":"))
  beta <- matrix(means, 1, dimnames = list("(Intercept)", names_config))
  g <- bn_graph_from_string(paste0(paste0("[", roots, "]", collapse = ""), "[Y|",
                                   paste(roots, collapse = ":"), "]"))
  fit <- new_mixed_fit(g, levels, cpts, list(Y = beta),
                       list(Y = stats::setNames(rep(1, 2^k), names_config)), "mle")
  prior <- exp(drop(states %*% rep(log(0.3 / 0.7), k)) + k * log(0.7))
  joint <- prior * dnorm(2, means, 1)
  truth <- sum(joint[states[, 1] == 1]) / sum(joint)
  expect_error(query(fit, "D1", evidence = list(Y = 2)), class = "learnbn_error_too_large")
  set.seed(3)
  lw <- query(fit, "D1", evidence = list(Y = 2), method = "lw", n = 20000)
  # truth is 0.1345; over 20 seeds the estimate's sd is 0.0032: four sds allowed
  expect_lt(abs(lw[["y"]] - truth), 0.013)
  # with D1 observed, 2^16 configurations: exact
  q <- query(fit, "Y", evidence = list(D1 = "y"))
  expect_equal(q$mean, c(Y = effects[1] + 0.3 * sum(effects[-1])), tolerance = 1e-10)
  expect_snapshot(error = TRUE, query(fit, "D1", evidence = list(Y = 2)))
})

test_that("print() of a CLG posterior names its method", {
  fit <- clg_fit()
  expect_snapshot({
    query(fit, "A", evidence = list(Y = 1.3))
    query(fit, "A", evidence = list(B = "b1"))
  })
})

test_that("bad queries on a CLG fit are classed errors", {
  fit <- clg_fit()
  expect_error(query(fit, "Z"), class = "learnbn_error_unknown_node")
  expect_error(query(fit, "X", evidence = list(A = 1)), class = "learnbn_error_type")
  expect_error(query(fit, "X", evidence = list(A = "a3")), class = "learnbn_error_value")
  expect_error(query(fit, "A", evidence = list(Y = "high")), class = "learnbn_error_type")
  expect_error(query(fit, "A", evidence = list(Y = Inf)), class = "learnbn_error_value")
  expect_error(query(fit, c("A", "X")), class = "learnbn_error_value")
  impossible <- clg_fit(pb = rbind(a1 = c(b1 = 0.5, b2 = 0.5, b3 = 0), a2 = c(0.1, 0.6, 0.3)))
  expect_error(query(impossible, "X", evidence = list(A = "a1", B = "b3")),
               class = "learnbn_error_impossible_evidence")
  unfitted <- fit
  unfitted$coefficients$Y[, "b2"] <- NA
  expect_error(query(unfitted, "Y"), class = "learnbn_error_unobserved_configurations")
  expect_snapshot(error = TRUE, {
    query(fit, "Z")
    query(fit, "X", evidence = list(A = 1))
    query(fit, "X", evidence = list(A = "a3"))
    query(fit, "A", evidence = list(Y = "high"))
    query(fit, c("A", "X"))
    query(impossible, "X", evidence = list(A = "a1", B = "b3"))
    query(unfitted, "Y")
  })
})
