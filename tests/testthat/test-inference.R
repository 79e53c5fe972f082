# Inference: query() against the enumerated joint distribution, sampling against exact,
# conditional Gaussian against the plain-R formula, predict(), logLik()/AIC()/BIC().

asia_fit <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))

# P(target | evidence) from the full joint, as query() lays it out.
ref_query <- function(fit, target, evidence) {
  joint <- brute_force_joint(fit)
  nodes <- names(fit$levels)
  keep <- lapply(fit$levels, function(l) rep(TRUE, length(l)))
  for (node in names(evidence)) keep[[node]] <- fit$levels[[node]] == evidence[[node]]
  sliced <- do.call(`[`, c(list(joint), keep, list(drop = FALSE)))
  margin <- apply(sliced, match(target, nodes), sum)
  as.vector(margin / sum(margin))
}

# Random evidence sets of size 0-3 on nodes other than the targets.
check_against_enumeration <- function(fit, cases, seed) {
  set.seed(seed)
  nodes <- names(fit$levels)
  for (i in seq_len(cases)) {
    target <- sample(nodes, sample(1:2, 1))
    observed <- sample(setdiff(nodes, target), sample(0:3, 1))
    evidence <- lapply(stats::setNames(observed, observed), function(v) sample(fit$levels[[v]], 1))
    want <- ref_query(fit, target, evidence)
    if (any(!is.finite(want))) next  # evidence of probability zero
    got <- query(fit, target, evidence)
    expect_equal(as.vector(got), want, tolerance = 1e-10)
    expect_equal(sum(got), 1, tolerance = 1e-12)
  }
}

test_that("exact queries on asia equal the enumerated joint for every target", {
  for (node in names(asia_fit$levels)) {
    expect_equal(as.vector(query(asia_fit, node)), ref_query(asia_fit, node, list()), tolerance = 1e-12)
  }
  check_against_enumeration(asia_fit, 60, seed = 1)
  q <- query(asia_fit, "lung", evidence = list(smoke = "yes", xray = "yes"))
  expect_named(q, c("yes", "no"))
  # P(smoke = yes, xray = yes) from the joint.
  joint <- brute_force_joint(asia_fit)
  expect_equal(attr(q, "evidence_probability"), sum(joint[, , "yes", , , , "yes", ]), tolerance = 1e-12)
  two <- query(asia_fit, c("tub", "lung"), evidence = list(dysp = "yes"))
  expect_identical(dimnames(two), asia_fit$levels[c("tub", "lung")])
})

test_that("exact queries on random 8-node networks equal the enumerated joint", {
  for (k in 1:5) {
    set.seed(100 + k)
    nodes <- paste0("X", 1:8)
    levels <- lapply(stats::setNames(nodes, nodes), function(v) paste0(tolower(v), seq_len(sample(2:3, 1))))
    parents <- lapply(seq_along(nodes), function(i) {
      if (i == 1) character() else sample(nodes[seq_len(i - 1)], min(i - 1, sample(0:3, 1)))
    })
    model <- paste0("[", nodes, ifelse(lengths(parents) > 0, "|", ""),
                    vapply(parents, paste, "", collapse = ":"), "]", collapse = "")
    fit <- random_fit(list(levels = levels), model, seed = k)
    check_against_enumeration(fit, 25, seed = k)
  }
})

test_that("sampled queries follow set.seed and agree with exact ones on alarm", {
  alarm <- read_bif(system.file("extdata", "alarm.bif", package = "learnbn"))
  evidence <- list(BP = "LOW", HRBP = "HIGH")
  exact <- query(alarm, "HYPOVOLEMIA", evidence)
  set.seed(1)
  lw <- query(alarm, "HYPOVOLEMIA", evidence, method = "lw", n = 20000)
  set.seed(1)
  expect_identical(query(alarm, "HYPOVOLEMIA", evidence, method = "lw", n = 20000), lw)
  # Within 4 standard errors of a proportion from the effective sample.
  expect_lt(max(abs(lw - exact)), 4 * sqrt(0.25 / (20000 * attr(exact, "evidence_probability"))))
  set.seed(2)
  ls <- query(alarm, "HYPOVOLEMIA", evidence, method = "ls", n = 20000)
  expect_lt(max(abs(ls - exact)), 4 * sqrt(0.25 / (20000 * attr(exact, "evidence_probability"))))
  expect_equal(attr(ls, "evidence_probability"), attr(exact, "evidence_probability"), tolerance = 0.1)
})

test_that("Gaussian queries are the conditional normal of the joint", {
  set.seed(3)
  fit <- random_gaussian_fit(5, nodes = LETTERS[1:5])
  # Plain R: covariance by simulation-free recursion in topological order.
  order <- topological_order(fit$graph)
  mu <- stats::setNames(numeric(5), LETTERS[1:5])
  S <- matrix(0, 5, 5, dimnames = list(LETTERS[1:5], LETTERS[1:5]))
  for (v in order) {
    beta <- fit$coefficients[[v]]
    pa <- names(beta)[-1]
    mu[v] <- beta[[1]] + sum(beta[pa] * mu[pa])
    S[v, ] <- S[, v] <- if (length(pa)) drop(beta[pa] %*% S[pa, , drop = FALSE]) else 0
    S[v, v] <- (if (length(pa)) drop(t(beta[pa]) %*% S[pa, pa, drop = FALSE] %*% beta[pa]) else 0) + fit$sd[[v]]^2
  }
  q <- query(fit, c("A", "C"), evidence = list(E = 1.5, B = -0.5))
  o <- c("E", "B")
  gain <- S[c("A", "C"), o] %*% solve(S[o, o])
  expect_equal(q$mean, drop(mu[c("A", "C")] + gain %*% (c(1.5, -0.5) - mu[o])), tolerance = 1e-10)
  expect_equal(q$cov, S[c("A", "C"), c("A", "C")] - gain %*% S[o, c("A", "C")], tolerance = 1e-10)
  expect_equal(query(fit, "D")$mean, mu["D"], tolerance = 1e-10)
  x <- simulate_data(fit, 5)
  expect_equal(predict(fit, x, "A"), vapply(1:5, function(i) {
    query(fit, "A", evidence = as.list(x[i, setdiff(names(x), "A")]))$mean[[1]]
  }, numeric(1)), tolerance = 1e-10)
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

test_that("bad queries fail with classed errors", {
  expect_error(query(asia_fit, "lng"), class = "learnbn_error_unknown_node")
  expect_error(query(asia_fit, "lung", evidence = list(smok = "yes")), class = "learnbn_error_unknown_node")
  expect_error(query(asia_fit, "lung", evidence = list(smoke = "maybe")), class = "learnbn_error_value")
  expect_error(query(asia_fit, "lung", evidence = list(lung = "yes")), class = "learnbn_error_value")
  expect_error(query(asia_fit, "lung", evidence = list("yes")), class = "learnbn_error_type")
  expect_error(query(asia_fit, "lung", evidence = list(tub = "yes", either = "no")),
               class = "learnbn_error_impossible_evidence")
  set.seed(1)
  expect_error(query(asia_fit, "lung", evidence = list(tub = "yes", either = "no"), method = "ls", n = 100),
               class = "learnbn_error_impossible_evidence")
  expect_error(query(asia_fit, "lung", method = "exactly"), class = "learnbn_error_value")
  expect_snapshot(error = TRUE, {
    query(asia_fit, "lng")
    query(asia_fit, "lung", evidence = list(smoke = "maybe"))
    query(asia_fit, "lung", evidence = list(tub = "yes", either = "no"))
  })
})
