# Interventions: mutilate() and query(do = ) against the truncated factorisation enumerated
# in plain R (discrete), and against the moments of the mutilated linear-Gaussian network
# computed node by node (Gaussian).

asia_net <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))

# P(v | do(X = x)) over every configuration of asia: the product of the original CPTs of
# the nodes not intervened on, times the indicator of X = x (Pearl's truncated
# factorisation), written out without mutilate().
truncated_joint <- function(fit, do) {
  levels <- fit$levels
  grid <- expand.grid(lapply(levels, seq_along))
  p <- rep(1, nrow(grid))
  for (v in names(fit$cpts)) {
    if (v %in% names(do)) {
      p <- p * (levels[[v]][grid[[v]]] == do[[v]])
    } else {
      table <- fit$cpts[[v]]
      p <- p * table[as.matrix(grid[names(dimnames(table))])]
    }
  }
  array(p, lengths(levels), dimnames = levels)
}

# P(target | evidence, do) from that joint, as a vector (first target fastest).
enumerated_query <- function(fit, target, evidence, do) {
  joint <- truncated_joint(fit, do)
  keep <- lapply(fit$levels, function(l) rep(TRUE, length(l)))
  for (node in names(evidence)) keep[[node]] <- fit$levels[[node]] == evidence[[node]]
  sliced <- do.call(`[`, c(list(joint), keep, list(drop = FALSE)))
  margin <- apply(sliced, match(target, names(fit$levels)), sum)
  list(p = as.vector(margin / sum(margin)), evidence = sum(sliced))
}

test_that("mutilate() cuts the parents of the intervened nodes and puts a point mass on x", {
  m <- mutilate(asia_net, list(either = "no", smoke = "yes"))
  expect_identical(parents(m, "either"), character())
  expect_identical(parents(m, "smoke"), character())
  expect_identical(parents(m, "lung"), "smoke")
  expect_identical(children(m, "either"), c("xray", "dysp"))
  expect_equal(as.vector(cpt(m, "either")), c(0, 1))
  expect_identical(dimnames(unclass(cpt(m, "either"))), list(either = c("yes", "no")))
  for (v in setdiff(names(asia_net$levels), c("either", "smoke"))) {
    expect_identical(m$cpts[[v]], asia_net$cpts[[v]])
  }
  # Eight arcs in asia; the arcs into either (tub, lung) go.
  expect_identical(nrow(arcs(m$graph)), 6L)
  expect_identical(mutilate(asia_net, list()), asia_net)
  # A factor value and a named character vector work like a string.
  expect_identical(mutilate(asia_net, list(smoke = factor("yes"))),
                   mutilate(asia_net, c(smoke = "yes")))
})

test_that("query(do = ) equals the enumerated truncated factorisation on asia", {
  cases <- list(
    list(target = "dysp", evidence = list(), do = list(smoke = "yes")),
    list(target = "dysp", evidence = list(), do = list(smoke = "no")),
    list(target = "smoke", evidence = list(xray = "yes"), do = list(either = "yes")),
    list(target = c("lung", "bronc"), evidence = list(dysp = "yes", asia = "no"),
         do = list(smoke = "yes")),
    list(target = c("tub", "smoke"), evidence = list(dysp = "no"),
         do = list(lung = "yes", bronc = "no")),
    list(target = "xray", evidence = list(bronc = "yes"), do = list(tub = "yes", lung = "no")))
  for (case in cases) {
    want <- enumerated_query(asia_net, case$target, case$evidence, case$do)
    got <- query(asia_net, case$target, case$evidence, do = case$do)
    expect_equal(as.vector(got), want$p, tolerance = 1e-10)
    expect_equal(attr(got, "evidence_probability"), want$evidence, tolerance = 1e-10)
    marginal <- query(asia_net, case$target[1], case$evidence, do = case$do, type = "marginal")
    expect_equal(as.vector(marginal[[1]]),
                 enumerated_query(asia_net, case$target[1], case$evidence, case$do)$p,
                 tolerance = 1e-10)
  }
  # xray's only parent is either: once either is set, observing xray says nothing about
  # smoke, P(smoke | xray, do(either)) = P(smoke).
  expect_equal(as.vector(query(asia_net, "smoke", list(xray = "yes"), do = list(either = "no"))),
               as.vector(query(asia_net, "smoke")), tolerance = 1e-12)
})

test_that("sampled query(do = ) agrees with the enumeration", {
  do <- list(smoke = "yes")
  evidence <- list(xray = "yes")
  want <- enumerated_query(asia_net, "dysp", evidence, do)$p
  set.seed(1)
  lw <- query(asia_net, "dysp", evidence, method = "lw", n = 20000, do = do)
  set.seed(2)
  ls <- query(asia_net, "dysp", evidence, method = "ls", n = 20000, do = do)
  # P(xray = yes | do(smoke = yes)) is about 0.15, so logic sampling keeps ~3,000 samples;
  # 4 standard errors of a proportion from those.
  expect_lt(max(abs(as.vector(lw) - want)), 4 * sqrt(0.25 / 3000))
  expect_lt(max(abs(as.vector(ls) - want)), 4 * sqrt(0.25 / 3000))
})

# A 6-node linear-Gaussian network, A and B roots.
six_fit <- function() {
  g <- bn_graph_from_string("[A][B][C|A:B][D|C][E|A:D][F|B:E]")
  coefficients <- list(A = c("(Intercept)" = 1), B = c("(Intercept)" = -2),
                       C = c("(Intercept)" = 1, A = 0.5, B = -1),
                       D = c("(Intercept)" = 0, C = 2), E = c("(Intercept)" = 3, A = -1, D = 0.7),
                       F = c("(Intercept)" = 0.5, B = 0.3, E = 1.2))
  sd <- c(A = 1, B = 2, C = 0.5, D = 1.5, E = 1, F = 0.8)
  new_gaussian_fit(g, coefficients, sd)
}

# Mean and covariance of a linear-Gaussian network node by node in topological order:
# mu_v = b0 + sum_p b_p mu_p, cov(v, w) = sum_p b_p cov(p, w) for w before v, and
# var(v) = sum_p b_p cov(p, v) + sd_v^2. do(X = x): X's equation is replaced by x.
node_moments <- function(coefficients, sd, order, do = list()) {
  mu <- stats::setNames(numeric(length(order)), order)
  sigma <- matrix(0, length(order), length(order), dimnames = list(order, order))
  for (i in seq_along(order)) {
    v <- order[i]
    if (v %in% names(do)) {
      mu[v] <- do[[v]]
      next
    }
    beta <- coefficients[[v]]
    parents <- names(beta)[-1]
    mu[v] <- beta[[1]] + sum(beta[parents] * mu[parents])
    for (w in order[seq_len(i - 1)]) {
      sigma[v, w] <- sigma[w, v] <- sum(beta[parents] * sigma[parents, w])
    }
    sigma[v, v] <- sum(beta[parents] * sigma[parents, v]) + sd[[v]]^2
  }
  list(mean = mu, cov = sigma)
}

test_that("Gaussian query(do = ) equals the mutilated joint normal, conditioned by hand", {
  fit <- six_fit()
  order <- c("A", "B", "C", "D", "E", "F")
  do <- list(C = 1.5)
  m <- node_moments(fit$coefficients, fit$sd, order, do)
  # Without evidence: the moments of the mutilated network.
  got <- query(fit, order, do = do)
  expect_equal(got$mean, m$mean, tolerance = 1e-12)
  expect_equal(got$cov, m$cov, tolerance = 1e-12)
  expect_equal(got$mean[["D"]], 3)  # D = 2 * 1.5
  # With evidence E = 4: the Schur complement of the mutilated joint.
  target <- c("A", "D", "F")
  gain <- m$cov[target, "E", drop = FALSE] / m$cov["E", "E"]
  got <- query(fit, target, list(E = 4), do = do)
  expect_equal(got$mean, m$mean[target] + drop(gain) * (4 - m$mean[["E"]]), tolerance = 1e-12)
  expect_equal(got$cov, m$cov[target, target] - gain %*% m$cov["E", target, drop = FALSE],
               tolerance = 1e-12)
  # Two interventions at once, one on a root.
  do2 <- list(D = -1, A = 2)
  m2 <- node_moments(fit$coefficients, fit$sd, order, do2)
  got <- query(fit, c("E", "F"), list(B = 0), do = do2)
  gain <- m2$cov[c("E", "F"), "B", drop = FALSE] / m2$cov["B", "B"]
  expect_equal(got$mean, m2$mean[c("E", "F")] + drop(gain) * (0 - m2$mean[["B"]]),
               tolerance = 1e-12)
  expect_equal(unname(got$mean[["E"]]), 3 - 2 + 0.7 * -1)  # B says nothing about E now
})

test_that("a mutilated Gaussian node is the constant x when simulated", {
  fit <- mutilate(six_fit(), list(C = 1.5))
  expect_identical(fit$coefficients$C, c("(Intercept)" = 1.5))
  expect_identical(fit$sd[["C"]], 0)
  expect_identical(parents(fit, "C"), character())
  set.seed(1)
  x <- simulate_data(fit, 2000)
  expect_true(all(x$C == 1.5))
  expect_equal(mean(x$D), 3, tolerance = 0.1)  # sd of the mean 1.5 / sqrt(2000)
})

test_that("mixed fits: a discrete node gets a point mass, a continuous one a constant", {
  set.seed(1)
  x <- data.frame(Z = factor(sample(c("a", "b"), 200, TRUE)))
  x$U <- rnorm(200) + (x$Z == "b")
  x$V <- 2 * x$U + rnorm(200)
  fit <- fit_parameters(bn_graph_from_string("[Z][U|Z][V|U]"), x)
  m <- mutilate(fit, list(U = 0.25))
  expect_identical(m$coefficients$U, c("(Intercept)" = 0.25))
  expect_identical(m$sd$U, 0)
  expect_identical(parents(m, "U"), character())
  m <- mutilate(fit, list(Z = "b"))
  expect_equal(as.vector(cpt(m, "Z")), c(0, 1))
})

test_that("bad interventions are classed errors", {
  fit <- six_fit()
  expect_error(mutilate(asia_net, list(smok = "yes")), class = "learnbn_error_unknown_node")
  expect_error(mutilate(asia_net, list(smoke = "maybe")), class = "learnbn_error_value")
  expect_error(mutilate(asia_net, list(smoke = 1)), class = "learnbn_error_type")
  expect_error(mutilate(asia_net, list(smoke = NA)), class = "learnbn_error_value")
  expect_error(mutilate(asia_net, list(smoke = c("yes", "no"))), class = "learnbn_error_type")
  expect_error(mutilate(asia_net, list(smoke = "yes", smoke = "no")),
               class = "learnbn_error_value")
  expect_error(mutilate(asia_net, "yes"), class = "learnbn_error_type")
  expect_error(mutilate(fit, list(C = "high")), class = "learnbn_error_type")
  expect_error(mutilate(fit, list(C = Inf)), class = "learnbn_error_value")
  expect_error(mutilate(fit, list(C = NA_real_)), class = "learnbn_error_value")
  expect_error(mutilate(list(), list(C = 1)), class = "learnbn_error_type")
  expect_error(query(asia_net, "dysp", list(smoke = "no"), do = list(smoke = "yes")),
               class = "learnbn_error_intervened_evidence")
  expect_error(query(fit, "F", list(C = 1), do = list(C = 1)),
               class = "learnbn_error_intervened_evidence")
  expect_snapshot(error = TRUE, {
    mutilate(asia_net, list(smok = "yes"))
    mutilate(asia_net, list(smoke = 1))
    mutilate(asia_net, list(smoke = "maybe"))
    mutilate(asia_net, list(smoke = NA))
    mutilate(fit, list(C = "high"))
    query(asia_net, "dysp", list(smoke = "no", tub = "yes"), do = list(smoke = "yes", tub = "no"))
  })
})
