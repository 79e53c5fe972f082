# Inference: query() against the enumerated joint distribution, sampling against exact,
# conditional Gaussian against the plain-R formula.

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

# A random DAG on `p` nodes of 2 or 3 states, each with up to 2 parents among the 5 nodes
# before it, with random CPTs (random_fit()).
wide_fit <- function(p, seed) {
  set.seed(seed)
  nodes <- paste0("X", seq_len(p))
  levels <- lapply(stats::setNames(nodes, nodes), function(v) paste0("s", seq_len(sample(2:3, 1))))
  parents <- lapply(seq_len(p), function(i) {
    if (i == 1) character() else sample(nodes[max(1, i - 5):(i - 1)], min(i - 1, sample(0:2, 1)))
  })
  model <- paste0("[", nodes, ifelse(lengths(parents) > 0, "|", ""),
                  vapply(parents, paste, "", collapse = ":"), "]", collapse = "")
  random_fit(list(levels = levels), model, seed = seed)
}

# log P(target = each level, rest of the row) up to a constant, in plain R: the target's
# CPT entry times its children's (its Markov blanket), on the log scale.
ref_blanket_log <- function(fit, row, target) {
  vapply(fit$levels[[target]], function(level) {
    row[[target]] <- level
    families <- Filter(function(v) target %in% names(dimnames(fit$cpts[[v]])), names(fit$cpts))
    sum(vapply(families, function(v) {
      table <- fit$cpts[[v]]
      log(table[matrix(vapply(names(dimnames(table)), function(u) as.character(row[[u]]), ""), 1)])
    }, numeric(1)))
  }, numeric(1))
}

test_that("predict() and query() on 1,200 nodes match the Markov blanket despite P(evidence) underflowing", {
  fit <- wide_fit(1200, seed = 7)
  set.seed(8)
  x <- simulate_data(fit, 6)
  target <- "X600"
  # Every other cell observed: P(evidence) is about e^-1000, below the smallest double.
  p <- predict(fit, x, target, prob = TRUE)
  for (i in seq_len(nrow(x))) {
    log_joint <- ref_blanket_log(fit, x[i, ], target)
    want <- exp(log_joint - max(log_joint)) / sum(exp(log_joint - max(log_joint)))
    expect_equal(unname(attr(p, "prob")[i, ]), unname(want), tolerance = 1e-10)
    expect_identical(as.character(p[i]), fit$levels[[target]][which.max(want)])
  }
  evidence <- lapply(x[1, setdiff(names(x), target)], as.character)
  q <- query(fit, target, evidence)
  expect_equal(as.vector(q), unname(attr(p, "prob")[1, ]), tolerance = 1e-10)
  # log P(evidence) = log sum over the target's levels of P(full row), in plain R.
  log_rows <- vapply(fit$levels[[target]], function(level) {
    row <- x[1, ]
    row[[target]] <- level
    sum(vapply(names(fit$cpts), function(v) {
      table <- fit$cpts[[v]]
      log(table[matrix(vapply(names(dimnames(table)), function(u) as.character(row[[u]]), ""), 1)])
    }, numeric(1)))
  }, numeric(1))
  expect_lt(max(log_rows), -700)
  expect_equal(attr(q, "log_evidence_probability"), max(log_rows) + log(sum(exp(log_rows - max(log_rows)))),
               tolerance = 1e-10)
  expect_identical(attr(q, "evidence_probability"), 0)
  expect_output(print(q), "log P(evidence) = ", fixed = TRUE)
  # Likelihood weighting: only the target is sampled, each sample weighted by its
  # children's CPT entries (a product of ~1,000 probabilities).
  set.seed(9)
  lw <- query(fit, target, evidence, method = "lw", n = 4000)
  expect_lt(max(abs(lw - q)), 4 * sqrt(0.25 / 4000))
})

test_that("messages about wide evidence list a few values, then how many more", {
  fit <- wide_fit(300, seed = 10)
  set.seed(11)
  x <- simulate_data(fit, 3)
  fit$cpts$X1[] <- c(0, rep(1 / (length(fit$cpts$X1) - 1), length(fit$cpts$X1) - 1))
  x$X1 <- factor("s1", levels = fit$levels$X1)
  evidence <- lapply(x[1, -2], as.character)
  err <- expect_error(query(fit, "X2", evidence), class = "learnbn_error_impossible_evidence")
  expect_match(conditionMessage(err), "X1 = s1, X3 = [^,]+, X4 = [^,]+, X5 = [^,]+, X6 = [^,]+ and 294 more")
  expect_lt(nchar(conditionMessage(err)), 200)
  rownames(x) <- paste0("case", 1:3)
  expect_warning(out <- predict(fit, x, "X2"), "3 rows of `newdata` (case1, case2, case3)", fixed = TRUE,
                 class = "learnbn_warning_impossible_evidence")
  expect_true(all(is.na(out)))
  expect_identical(learnbn:::list_few(letters[1:3]), "a, b, c")
  expect_identical(learnbn:::list_few(1:2000, max = 2), "1, 2 and 1,998 more")
})

# A linear-Gaussian fit given by its regressions (parents in node order).
gaussian_fit_by_hand <- function(model, coefficients, sd) {
  g <- bn_graph_from_string(model)
  structure(list(graph = g, type = "gaussian", nodes = nodes(g), coefficients = coefficients[nodes(g)],
                 sd = sd[nodes(g)], method = "mle"), class = "bn_fit")
}

test_that("Gaussian evidence must be a finite number, named in the error", {
  set.seed(12)
  fit <- random_gaussian_fit(4, nodes = LETTERS[1:4])
  for (value in list(Inf, -Inf, NaN)) {
    err <- expect_error(query(fit, "A", list(B = value)), class = "learnbn_error_value")
    expect_match(conditionMessage(err), paste0('"B" the value ', format(value)), fixed = TRUE)
  }
  expect_error(query(fit, "A", list(B = "1")), "\"B\" must be a number", class = "learnbn_error_type")
  x <- simulate_data(fit, 3)
  x$B[2] <- -Inf
  expect_error(predict(fit, x, "A"), "Column \"B\" of `newdata` holds infinite values", class = "learnbn_error_value")
  expect_error(logLik(fit, x), "Column \"B\" of `newdata` holds infinite values", class = "learnbn_error_value")
  x$B <- letters[1:3]
  expect_error(predict(fit, x, "A"), "Column \"B\" of `newdata` must be numeric", class = "learnbn_error_type")
})

test_that("Gaussian evidence on linearly dependent nodes is a classed error, not garbage", {
  # C = A + B exactly (sd 0): conditioning on A, B and C together is not defined.
  fit <- gaussian_fit_by_hand("[A][B][C|A:B][D|C]",
                              list(A = c("(Intercept)" = 0), B = c("(Intercept)" = 0),
                                   C = c("(Intercept)" = 0, A = 1, B = 1), D = c("(Intercept)" = 1, C = 2)),
                              c(A = 1, B = 1, C = 0, D = 1))
  expect_error(query(fit, "D", list(A = 1, B = 2, C = 3)), "\"A\", \"B\", and \"C\" are linearly dependent",
               class = "learnbn_error_value")
  expect_error(predict(fit, data.frame(A = 1, B = 2, C = 3), "D"), class = "learnbn_error_value")
  # Any two of them are fine: E[D | A = 1, C = 3] = 1 + 2 * 3.
  expect_equal(query(fit, "D", list(A = 1, C = 3))$mean[["D"]], 7, tolerance = 1e-10)
  # Nodes on very different scales are no false alarm: A ~ N(0, 1e-12), B = 1e6 A + N(0, 1e-6),
  # so E[A | B = 1] = cov(A, B) / var(B) = 1e-6 / (1 + 1e-6).
  scaled <- gaussian_fit_by_hand("[A][B|A]", list(A = c("(Intercept)" = 0), B = c("(Intercept)" = 0, A = 1e6)),
                                 c(A = 1e-6, B = 1e-3))
  expect_equal(query(scaled, "A", list(B = 1))$mean[["A"]], 1e-6 / (1 + 1e-6), tolerance = 1e-8)
})

test_that("messages listing nodes, levels or values of a wide network stay short", {
  fit <- wide_fit(300, seed = 14)
  err <- expect_error(query(fit, "X0"), class = "learnbn_error_unknown_node")
  expect_match(conditionMessage(err), "\"X20\" and 280 more, not \"X0\"")
  set.seed(15)
  x <- simulate_data(fit, 40)
  x$X5 <- paste0("id", 1:40)
  err <- expect_error(predict(fit, x, "X1"), class = "learnbn_error_value")
  expect_match(conditionMessage(err), "\"id10\" and 30 more that the fit does not know")
  err <- expect_error(logLik(fit, x), class = "learnbn_error_value")
  expect_match(conditionMessage(err), "\"id10\" and 30 more that the fit does not know")
  err <- expect_error(logLik(fit, x[1:2]), class = "learnbn_error_unknown_node")
  expect_match(conditionMessage(err), "\"X12\" and 288 more of `object`")
  expect_error(AIC(asia_fit, simulate_data(asia_fit, 5), k = NA), class = "learnbn_error_type")
  expect_error(AIC(asia_fit, simulate_data(asia_fit, 5), k = -1), class = "learnbn_error_value")
})

test_that("NA targets and overflowing Gaussian evidence are classed errors", {
  expect_error(query(asia_fit, NA_character_), class = "learnbn_error_type")
  posterior <- query(asia_fit, "lung")
  expect_error(print(posterior, digits = "junk"), class = "learnbn_error_type")
  expect_error(print(posterior, digits = 2^31), class = "learnbn_error_value")
  expect_error(predict(asia_fit, simulate_data(asia_fit, 2), NA_character_), class = "learnbn_error_type")
  fit <- gaussian_fit_by_hand("[A][B|A]", list(A = c("(Intercept)" = 0), B = c("(Intercept)" = 0, A = 1)),
                              c(A = 1, B = 1))
  # E[A | B = 1e308] = 1e308 / 2 is finite; with B = 4 A, E[B | A = 1e308] = 4e308 overflows.
  expect_equal(query(fit, "A", list(B = 1e308))$mean[["A"]], 0.5e308)
  fit$coefficients$B[["A"]] <- 4
  expect_error(query(fit, "B", list(A = 1e308)), "overflows", class = "learnbn_error_value")
  expect_error(predict(fit, data.frame(A = 1e308), "B"), "overflows", class = "learnbn_error_value")
})

test_that("a posterior table too large is refused at once, its size written out (issue 33)", {
  # 28 independent binary nodes: their joint posterior has 2^28 = 268,435,456 cells.
  nodes <- paste0("X", 1:28)
  path <- tempfile(fileext = ".bif")
  writeLines(c(sprintf("variable %s { type discrete [ 2 ] { a, b }; }", nodes),
               sprintf("probability ( %s ) { table 0.5, 0.5; }", nodes)), path)
  fit <- read_bif(path)
  took <- system.time(
    err <- expect_error(query(fit, nodes), class = "learnbn_error_too_large")
  )[["elapsed"]]
  expect_lt(took, 1)
  message <- gsub("\\s+", " ", conditionMessage(err))
  expect_match(message, "268,435,456 cells", fixed = TRUE)  # never "268435456.000000 cells"
  expect_match(message, "28 nodes", fixed = TRUE)
  expect_error(query(fit, nodes, method = "lw", n = 10), class = "learnbn_error_too_large")
  # 2^27 cells is the limit itself, and the joint of 3 targets is small.
  expect_equal(sum(query(fit, nodes[1:3])), 1)
})
