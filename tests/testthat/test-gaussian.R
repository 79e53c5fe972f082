# Continuous (Gaussian) data: statistics, scores, tests and learners checked against
# plain-R computations written here (cor(), lm(), the BGe formula, Fisher's z).

# --- Plain-R references -------------------------------------------------------------

# n rows of k correlated variables V1..Vk (random mixing of independent normals),
# on different scales and with non-zero means.
gs_frame <- function(n, k = 5, seed = 1) {
  set.seed(seed)
  z <- matrix(rnorm(n * k), n, k)
  mixing <- matrix(runif(k * k, -1, 1), k, k)
  x <- z %*% mixing
  x <- sweep(sweep(x, 2, runif(k, 0.5, 20), `*`), 2, runif(k, -5, 5), `+`)
  stats::setNames(as.data.frame(x), paste0("V", seq_len(k)))
}

# The maximised Gaussian log-likelihood of `node` regressed on `parents` (lm()), and
# its AIC / BIC penalised versions with |parents| + 2 parameters.
gs_ref_score <- function(frame, node, parents, type) {
  rhs <- if (length(parents)) paste(parents, collapse = " + ") else "1"
  loglik <- as.numeric(logLik(lm(stats::as.formula(paste(node, "~", rhs)), data = frame)))
  params <- length(parents) + 2
  switch(type, loglik = loglik, aic = loglik - params,
         bic = loglik - log(nrow(frame)) / 2 * params)
}

# log of the multivariate gamma function Gamma_l(a).
gs_lmvgamma <- function(a, l) {
  if (l == 0) return(0)
  l * (l - 1) / 4 * log(pi) + sum(lgamma(a + (1 - seq_len(l)) / 2))
}

# BGe marginal likelihood of the columns `vars` of x (Kuipers, Moffa and Heckerman 2014,
# eq. 2): T = t I, t = am (aw - n - 1) / (am + 1), prior mean = sample mean, R = T + S.
gs_ref_bge_set <- function(x, vars, am, aw) {
  l <- length(vars)
  if (!l) return(0)
  N <- nrow(x)
  n <- ncol(x)
  t <- am * (aw - n - 1) / (am + 1)
  R <- diag(t, n) + crossprod(scale(x, scale = FALSE))
  l / 2 * log(am / (N + am)) + gs_lmvgamma((N + aw - n + l) / 2, l) -
    gs_lmvgamma((aw - n + l) / 2, l) - l * N / 2 * log(pi) + (aw - n + l) / 2 * l * log(t) -
    (aw + N - n + l) / 2 * as.numeric(determinant(R[vars, vars, drop = FALSE])$modulus)
}

gs_ref_bge <- function(frame, node, parents, am = 1, aw = NULL) {
  x <- as.matrix(frame)
  if (is.null(aw)) aw <- ncol(x) + am + 1
  gs_ref_bge_set(x, c(node, parents), am, aw) - gs_ref_bge_set(x, parents, am, aw)
}

# The same marginal likelihood by a different route: the product of the one-step
# predictive densities (multivariate t) of the rows, updating the normal-Wishart
# posterior after each row. The marginal prior of the l variables `vars` of n is
# normal-Wishart with aw - n + l degrees of freedom and T[vars, vars].
gs_ref_bge_sequential <- function(x, vars, am, aw) {
  N <- nrow(x)
  n <- ncol(x)
  l <- length(vars)
  t <- am * (aw - n - 1) / (am + 1)
  z <- x[, vars, drop = FALSE]
  nu <- colMeans(z)
  total <- 0
  for (m in 0:(N - 1)) {
    tm <- diag(t, l)
    mean_m <- nu
    if (m > 0) {
      seen <- z[seq_len(m), , drop = FALSE]
      xbar <- colMeans(seen)
      tm <- tm + crossprod(sweep(seen, 2, xbar)) + am * m / (am + m) * tcrossprod(nu - xbar)
      mean_m <- (am * nu + m * xbar) / (am + m)
    }
    dof <- aw - n + l + m - l + 1
    scale_m <- tm * (am + m + 1) / ((am + m) * dof)
    dev <- z[m + 1, ] - mean_m
    total <- total + lgamma((dof + l) / 2) - lgamma(dof / 2) - l / 2 * log(dof * pi) -
      0.5 * as.numeric(determinant(scale_m)$modulus) -
      (dof + l) / 2 * log1p(sum(dev * solve(scale_m, dev)) / dof)
  }
  total
}

# Partial correlation of x and y given z from the inverse correlation matrix.
gs_ref_partial <- function(frame, x, y, z = character()) {
  p <- solve(cor(frame[c(x, y, z)]))
  -p[1, 2] / sqrt(p[1, 1] * p[2, 2])
}

# Gaussian G2 of sets X, Y given Z: N log(det Sigma(X | Z) / det Sigma(X | Y, Z)) with
# the residual covariances of multivariate least squares (lm() with a matrix response).
gs_ref_g2 <- function(frame, x, y, z = character()) {
  resid_det <- function(given) {
    response <- as.matrix(frame[x])
    fit <- if (length(given)) lm(response ~ as.matrix(frame[given])) else lm(response ~ 1)
    det(crossprod(as.matrix(residuals(fit))) / nrow(frame))
  }
  nrow(frame) * log(resid_det(z) / resid_det(c(y, z)))
}

gs_graph <- function(amat) bn_graph(amat)

# Arcs x -> y that are covered: pa(y) = pa(x) + x. Reversing one keeps the DAG in its
# Markov equivalence class (Chickering 1995).
gs_covered_arcs <- function(amat) {
  arcs <- which(amat == 1L, arr.ind = TRUE)
  keep <- apply(arcs, 1, function(a) {
    pa_x <- amat[, a[1]] == 1L
    pa_y <- amat[, a[2]] == 1L
    pa_x[a[1]] <- TRUE
    identical(pa_x, pa_y)
  })
  arcs[keep, , drop = FALSE]
}

gs_random_dag <- function(nodes, prob, seed) {
  set.seed(seed)
  n <- length(nodes)
  order <- sample(n)
  amat <- matrix(0L, n, n, dimnames = list(nodes, nodes))
  for (i in seq_len(n - 1)) for (j in (i + 1):n) {
    if (runif(1) < prob) amat[order[i], order[j]] <- 1L
  }
  amat
}

# The known linear-Gaussian network the learners should recover: a v-structure at C
# (A -> C <- B) with a compelled arc C -> D, and undirected edges T - R - S - A.
gs_truth <- bn_graph_from_string("[R][S|R][T|R][A|S][B][C|A:B][D|C]")
gs_order <- c("R", "S", "T", "A", "B", "C", "D")

gs_simulate_truth <- function(n, seed) {
  set.seed(seed)
  R <- rnorm(n, 2, 1.5)
  S <- 0.9 * R + rnorm(n)
  T <- -0.7 * R + rnorm(n)
  A <- 0.8 * S + rnorm(n)
  B <- rnorm(n, -1, 1.5)
  C <- 0.7 * A - 0.6 * B + rnorm(n)
  D <- 0.5 * C + rnorm(n, sd = 1.5)
  # Columns out of topological order, so the learners cannot follow it.
  data.frame(D = D, A = A, T = T, C = C, S = S, B = B, R = R)
}

gs_learn_data <- bn_data(gs_simulate_truth(20000, seed = 8))
gs_true_cpdag <- cpdag(gs_truth)

# --- Data ---------------------------------------------------------------------------

test_that("bn_data() detects continuous data and computes its statistics as R does", {
  frame <- gs_frame(300)
  d <- bn_data(frame)
  expect_identical(d$type, "gaussian")
  expect_identical(names(d$levels), names(frame))
  expect_true(all(vapply(d$levels, is.null, logical(1))))
  expect_identical(d$n_cases, 300L)
  expect_equal(d$values, as.list(frame), tolerance = 0)
  expect_equal(d$means, colMeans(frame), tolerance = 1e-12)
  expect_equal(d$sds, sqrt(colMeans(sweep(frame, 2, colMeans(frame))^2)), tolerance = 1e-12)
  expect_equal(d$cor, cor(frame), tolerance = 1e-12)
  expect_identical(dimnames(d$cor), list(names(frame), names(frame)))

  # Whole numbers stay discrete unless forced; one fractional column makes all continuous.
  whole <- data.frame(a = c(1, 2, 2, 3), b = c(0L, 1L, 1L, 0L))
  expect_identical(bn_data(whole)$type, "discrete")
  forced <- bn_data(whole, type = "gaussian")
  expect_identical(forced$type, "gaussian")
  expect_equal(forced$means, colMeans(whole), tolerance = 1e-12)
  expect_equal(forced$cor, cor(whole), tolerance = 1e-12)
  expect_identical(bn_data(transform(whole, a = a + 0.5))$type, "gaussian")
  expect_identical(bn_data(iris[1:4])$type, "gaussian")
})

test_that("case counts weight the statistics as expanded rows do", {
  frame <- gs_frame(40, k = 4, seed = 2)
  set.seed(3)
  frame$n <- sample(0:5, nrow(frame), replace = TRUE)
  weighted <- bn_data(frame, counts = "n")
  expanded <- frame[rep(seq_len(nrow(frame)), frame$n), 1:4]
  plain <- bn_data(expanded)
  expect_equal(weighted$n_cases, nrow(expanded))
  expect_identical(weighted$n_rows, sum(frame$n > 0))
  expect_equal(weighted$means, colMeans(expanded), tolerance = 1e-12)
  expect_equal(weighted$sds, plain$sds, tolerance = 1e-12)
  expect_equal(weighted$sds, sqrt(colMeans(sweep(expanded, 2, colMeans(expanded))^2)),
               tolerance = 1e-12)
  expect_equal(weighted$cor, cor(expanded), tolerance = 1e-12)
})

test_that("bad continuous data give classed errors", {
  frame <- gs_frame(20, k = 3)
  # with a discrete column, continuous data are mixed (test-data-mixed.R)
  expect_identical(bn_data(transform(frame, f = rep(c("a", "b"), 10)))$type, "mixed")
  expect_error(bn_data(transform(frame, f = rep(c("a", "b"), 10)), type = "gaussian"),
               class = "learnbn_error_mixed")
  expect_error(bn_data(data.frame(a = c(1, 2, 3), f = c("x", "y", "x")), type = "gaussian"),
               class = "learnbn_error_mixed")
  with_na <- frame
  with_na$V2[5] <- NA
  expect_error(bn_data(with_na), class = "learnbn_error_missing")
  expect_error(bn_data(with_na, missing = "allow"), class = "learnbn_error_missing")
  with_inf <- frame
  with_inf$V1[3] <- Inf
  expect_error(bn_data(with_inf), class = "learnbn_error_value")
  expect_error(bn_data(transform(frame, k = 2.5)), class = "learnbn_error_value")
  expect_error(bn_data(transform(frame, k = 2.5)), "constant")
  expect_error(bn_data(frame, type = "discrete"), class = "learnbn_error_continuous")
})

# --- Scores -------------------------------------------------------------------------

test_that("loglik, AIC and BIC equal logLik(lm()) and its penalties", {
  frame <- gs_frame(150, k = 5, seed = 4)
  d <- bn_data(frame)
  families <- list(character(), "V1", c("V1", "V3", "V4"))
  for (type in c("loglik", "aic", "bic")) for (parents in families) {
    expect_equal(local_score(d, "V2", parents, score = type),
                 gs_ref_score(frame, "V2", parents, type), tolerance = 1e-8)
  }
  expect_equal(local_score(d, "V5", c("V2", "V4", "V1"), score = "aic"),
               gs_ref_score(frame, "V5", c("V1", "V2", "V4"), "aic"), tolerance = 1e-8)
  # The default score on continuous data is BIC.
  expect_identical(local_score(d, "V3", "V2"), local_score(d, "V3", "V2", score = "bic"))

  g <- gs_graph(gs_random_dag(names(frame), 0.5, seed = 5))
  parents <- lapply(names(frame), function(v) rownames(g$amat)[g$amat[, v] == 1L])
  for (type in c("loglik", "aic", "bic")) {
    reference <- mapply(function(v, p) gs_ref_score(frame, v, p, type), names(frame), parents)
    expect_equal(network_score(g, d, score = type, local = TRUE), reference, tolerance = 1e-8)
    expect_equal(network_score(g, d, score = type), sum(reference), tolerance = 1e-8)
  }
})

test_that("Gaussian scores with case counts equal those of the expanded rows", {
  frame <- gs_frame(50, k = 4, seed = 6)
  set.seed(7)
  frame$n <- sample(0:4, nrow(frame), replace = TRUE)
  weighted <- bn_data(frame, counts = "n")
  expanded <- frame[rep(seq_len(nrow(frame)), frame$n), 1:4]
  for (type in c("loglik", "aic", "bic")) for (parents in list(character(), "V4", c("V1", "V2", "V4"))) {
    expect_equal(local_score(weighted, "V3", parents, score = type),
                 gs_ref_score(expanded, "V3", parents, type), tolerance = 1e-8)
  }
  for (parents in list(character(), "V4", c("V1", "V2", "V4"))) {
    expect_equal(local_score(weighted, "V3", parents, score = "bge"),
                 gs_ref_bge(expanded, "V3", parents), tolerance = 1e-8)
  }
})

test_that("the plain-R BGe closed form equals the product of predictive densities", {
  x <- as.matrix(gs_frame(25, k = 4, seed = 8))
  for (vars in list(2L, c(1L, 3L), c(4L, 2L, 1L), 1:4)) {
    expect_equal(gs_ref_bge_set(x, vars, am = 1, aw = 6),
                 gs_ref_bge_sequential(x, vars, am = 1, aw = 6), tolerance = 1e-10)
    expect_equal(gs_ref_bge_set(x, vars, am = 2.5, aw = 5.5),
                 gs_ref_bge_sequential(x, vars, am = 2.5, aw = 5.5), tolerance = 1e-10)
  }
})

test_that("BGe family scores equal the plain-R formula", {
  frame <- gs_frame(80, k = 5, seed = 9)
  d <- bn_data(frame)
  families <- list(character(), "V1", c("V1", "V3"), c("V1", "V3", "V4"), c("V1", "V3", "V4", "V5"))
  settings <- list(list(am = 1, aw = NULL), list(am = 0.1, aw = 6.5), list(am = 10, aw = 30))
  for (s in settings) for (parents in families) {
    expect_equal(local_score(d, "V2", parents, score = bn_score("bge", am = s$am, aw = s$aw)),
                 gs_ref_bge(frame, "V2", parents, am = s$am, aw = s$aw), tolerance = 1e-8)
  }
  # Without parents the family is the marginal likelihood of the single variable.
  expect_equal(local_score(d, "V4", score = "bge"), gs_ref_bge_set(as.matrix(frame), 4L, 1, 7),
               tolerance = 1e-8)
  # The complete DAG scores the joint marginal likelihood of all the variables.
  complete <- matrix(0L, 5, 5, dimnames = list(names(frame), names(frame)))
  complete[upper.tri(complete)] <- 1L
  expect_equal(network_score(bn_graph(complete), d, score = "bge"),
               gs_ref_bge_set(as.matrix(frame), 1:5, 1, 7), tolerance = 1e-8)
  # aw > n - 1 makes the Wishart proper; t > 0 also needs aw > n + 1.
  expect_error(local_score(d, "V1", score = "bge", aw = 3), class = "learnbn_error_value")
  expect_error(local_score(d, "V1", score = "bge", aw = 6), class = "learnbn_error_value")
  expect_true(is.finite(local_score(d, "V1", "V2", score = "bge", aw = 6.01)))
})

test_that("Markov-equivalent DAGs have equal Gaussian scores", {
  frame <- gs_frame(120, k = 6, seed = 10)
  d <- bn_data(frame)
  types <- c("bge", "bic", "aic", "loglik")
  scores <- function(g) vapply(types, function(s) network_score(g, d, score = s), numeric(1))
  chain <- scores(bn_graph_from_string("[V1][V2|V1][V3|V2][V4][V5][V6]"))
  expect_equal(scores(bn_graph_from_string("[V3][V2|V3][V1|V2][V4][V5][V6]")), chain, tolerance = 1e-8)
  expect_equal(scores(bn_graph_from_string("[V2][V1|V2][V3|V2][V4][V5][V6]")), chain, tolerance = 1e-8)
  collider <- scores(bn_graph_from_string("[V1][V3][V2|V1:V3][V4][V5][V6]"))
  expect_true(all(abs(collider - chain) > 1e-6))

  reversals <- 0
  for (seed in 1:6) {
    amat <- gs_random_dag(names(frame), 0.5, seed = seed)
    before <- scores(gs_graph(amat))
    for (step in 1:4) {  # a walk through the class by covered-arc reversals
      covered <- gs_covered_arcs(amat)
      if (!nrow(covered)) break
      arc <- covered[1 + (seed + step) %% nrow(covered), ]
      amat[arc[1], arc[2]] <- 0L
      amat[arc[2], arc[1]] <- 1L
      reversals <- reversals + 1
    }
    other <- gs_graph(amat)
    expect_true(markov_equivalent(other, gs_graph(gs_random_dag(names(frame), 0.5, seed = seed))))
    expect_equal(scores(other), before, tolerance = 1e-8)
  }
  expect_gt(reversals, 10)
})

# --- Conditional independence tests -------------------------------------------------

test_that("Fisher's z equals sqrt(N - |z| - 3) atanh(partial correlation)", {
  frame <- gs_frame(200, k = 6, seed = 11)
  d <- bn_data(frame)
  for (z in list(character(), "V3", c("V3", "V5", "V6"))) {
    r <- gs_ref_partial(frame, "V1", "V2", z)
    statistic <- sqrt(200 - length(z) - 3) * atanh(r)
    res <- ci_test(d, "V1", "V2", z, test = "fisher_z")
    expect_equal(res$statistic, statistic, tolerance = 1e-10)
    expect_equal(res$df, 200 - length(z) - 3)
    expect_equal(res$p_value, 2 * pnorm(-abs(statistic)), tolerance = 1e-10)
    # The default test on continuous data.
    expect_identical(ci_test(d, "V1", "V2", z)$statistic, res$statistic)
    expect_equal(ci_test(d, "V2", "V1", z)$statistic, res$statistic, tolerance = 1e-12)
  }
  # Case counts: the expanded rows' statistic.
  set.seed(12)
  frame$n <- sample(0:3, nrow(frame), replace = TRUE)
  expanded <- frame[rep(seq_len(nrow(frame)), frame$n), 1:6]
  res <- ci_test(bn_data(frame, counts = "n"), "V4", "V6", c("V1", "V2"))
  expect_equal(res$statistic, sqrt(nrow(expanded) - 5) * atanh(gs_ref_partial(expanded, "V4", "V6", c("V1", "V2"))),
               tolerance = 1e-10)
})

test_that("the Gaussian G2 (mi_g) equals the likelihood-ratio statistic", {
  frame <- gs_frame(150, k = 6, seed = 13)
  d <- bn_data(frame)
  for (z in list(character(), "V3", c("V3", "V5", "V6"))) {
    r <- gs_ref_partial(frame, "V1", "V2", z)
    res <- ci_test(d, "V1", "V2", z, test = "mi_g")
    expect_equal(res$statistic, -150 * log(1 - r^2), tolerance = 1e-10)
    expect_equal(res$statistic, gs_ref_g2(frame, "V1", "V2", z), tolerance = 1e-10)
    expect_equal(res$df, 1)
    expect_equal(res$p_value, pchisq(res$statistic, 1, lower.tail = FALSE), tolerance = 1e-10)
  }
  # Sets of variables, as minimal_imap() tests them.
  spec <- learnbn:::ci_test_spec("mi_g", data = d)
  sets <- learnbn:::run_ci_tests(d, spec, list(c("V1", "V4")), list(c("V2", "V5", "V6")), list("V3"))
  expect_equal(sets$statistic, gs_ref_g2(frame, c("V1", "V4"), c("V2", "V5", "V6"), "V3"),
               tolerance = 1e-10)
  expect_equal(sets$df, 6)
  expect_equal(sets$p_value, pchisq(sets$statistic, 6, lower.tail = FALSE), tolerance = 1e-10)
})

test_that("Fisher's z permutation test is reproducible and agrees with the asymptotic one", {
  set.seed(14)
  n <- 300
  z1 <- rnorm(n)
  frame <- data.frame(z1 = z1, x = z1 + rnorm(n), y = 0.9 * z1 + rnorm(n))
  frame$y <- frame$y + 0.2 * frame$x
  d <- bn_data(frame)
  set.seed(1)
  first <- ci_test(d, "x", "y", "z1", test = "fisher_z_perm", B = 1000)
  set.seed(1)
  expect_identical(ci_test(d, "x", "y", "z1", test = "fisher_z_perm", B = 1000), first)
  asymptotic <- ci_test(d, "x", "y", "z1", test = "fisher_z")
  expect_identical(first$statistic, asymptotic$statistic)
  expect_identical(first$B, 1000L)
  expect_gt(asymptotic$p_value, 0.01)
  expect_lt(asymptotic$p_value, 0.5)
  expect_lt(abs(first$p_value - asymptotic$p_value), 0.05)

  # Independent data: permutation p-values spread over (0, 1) and track the asymptotic ones.
  set.seed(15)
  p <- t(replicate(30, {
    d0 <- bn_data(data.frame(a = rnorm(60), b = rnorm(60), c = rnorm(60)))
    c(ci_test(d0, "a", "b", "c", test = "fisher_z_perm", B = 199)$p_value,
      ci_test(d0, "a", "b", "c", test = "fisher_z")$p_value)
  }))
  expect_gt(mean(p[, 1]), 0.3)
  expect_lt(mean(p[, 1]), 0.7)
  expect_gt(cor(p[, 1], p[, 2]), 0.95)
})

# --- Learners -----------------------------------------------------------------------

test_that("score-based learners recover the true CPDAG from Gaussian data", {
  d <- gs_learn_data
  hc <- hill_climb(d)
  expect_identical(hc$info$score, "bic")
  expect_equal(shd(cpdag(hc), gs_true_cpdag), 0)
  expect_equal(hc$score, network_score(hc, d, score = "bic"), tolerance = 1e-8)
  expect_equal(shd(cpdag(tabu_search(d)), gs_true_cpdag), 0)
  expect_equal(shd(cpdag(hill_climb(d, score = "bge")), gs_true_cpdag), 0)
  for (score in c("bge", "bic")) {
    g <- ges(d, score = score)
    expect_identical(g$type, "cpdag")
    expect_equal(shd(g, gs_true_cpdag), 0)
  }
  ex <- exact_search(d)
  expect_equal(shd(cpdag(ex), gs_true_cpdag), 0)
  # The optimum scores at least as well as hill climbing and the truth.
  expect_gte(ex$score, hc$score - 1e-6)
  expect_gte(ex$score, network_score(gs_truth, d) - 1e-6)
  k2 <- k2_search(d, order = gs_order)
  expect_equal(shd(k2, gs_truth), 0)
  expect_equal(compare_graphs(k2, gs_truth)$shd, 0)
})

test_that("pc() and minimal_imap() recover the truth with the Gaussian tests", {
  d <- gs_learn_data
  g <- pc(d, alpha = 0.01)
  expect_identical(g$info$test, "fisher_z")
  expect_equal(shd(g, gs_true_cpdag), 0)
  cmp <- compare_graphs(g, gs_true_cpdag)
  expect_equal(cmp$skeleton_fp + cmp$skeleton_fn, 0)
  expect_equal(shd(pc(d, test = "mi_g", alpha = 0.01), gs_true_cpdag), 0)
  imap <- minimal_imap(d, order = gs_order, alpha = 0.01)
  expect_identical(imap$info$test, "mi_g")
  expect_lte(shd(imap, gs_truth), 1)
})

test_that("stochastic and sampling learners give sensible graphs on Gaussian data", {
  d <- gs_learn_data
  set.seed(1)
  sa <- simulated_annealing(d)
  expect_lte(shd(cpdag(sa), gs_true_cpdag), 3)
  set.seed(2)
  ga <- genetic_search(d, generations = 30)
  expect_lte(shd(cpdag(ga), gs_true_cpdag), 3)
  set.seed(3)
  mc <- structure_mcmc(d, score = "bge", iterations = 3000, chains = 1)
  probs <- arc_probabilities(mc)
  skeleton <- (probs + t(probs))[rownames(gs_truth$amat), colnames(gs_truth$amat)] > 0.5
  expect_identical(skeleton, (gs_truth$amat + t(gs_truth$amat)) > 0)
  set.seed(4)
  om <- order_mcmc(d, score = "bge", iterations = 2000, chains = 1, max_parents = 2)
  probs <- arc_probabilities(om)
  best <- bn_graph((probs > 0.5) * 1L)
  expect_lte(shd(cpdag(best), gs_true_cpdag), 1)
})

test_that("threaded hill climbing and pc() equal the serial runs", {
  # 20 variables: a node has enough candidate parents (>= 16) to be scored in parallel.
  amat <- gs_random_dag(paste0("X", 1:20), 2 / 19, seed = 17)
  x <- matrix(rnorm(2000 * 20), 2000, 20, dimnames = list(NULL, colnames(amat)))
  for (v in topological_order(bn_graph(amat))) {
    parents <- which(amat[, v] == 1L)
    x[, v] <- x[, v] + x[, parents, drop = FALSE] %*% runif(length(parents), 0.5, 1.5)
  }
  d <- bn_data(as.data.frame(x))
  serial <- hill_climb(d)
  threaded <- hill_climb(d, threads = 2)
  expect_identical(as.matrix(threaded), as.matrix(serial))
  expect_identical(threaded$score, serial$score)
  expect_identical(compare_graphs(serial, bn_graph(amat))$skeleton_fn, 0L)
  # Conflicting v-structures (a warning) are resolved the same way on both paths.
  expect_identical(as.matrix(suppressWarnings(pc(d, threads = 2))),
                   as.matrix(suppressWarnings(pc(d))))
})

test_that("hill climbing on Gaussian data stops at a local optimum", {
  frame <- gs_frame(300, k = 5, seed = 16)
  d <- bn_data(frame)
  for (score in c("bic", "bge")) {
    g <- hill_climb(d, score = score)
    best <- network_score(g, d, score = score)
    amat <- as.matrix(g)
    nodes <- colnames(amat)
    neighbours <- list()
    for (i in nodes) for (j in nodes) if (i != j) {
      if (amat[i, j] == 1L) {
        removed <- amat
        removed[i, j] <- 0L
        reversed <- removed
        reversed[j, i] <- 1L
        neighbours <- c(neighbours, list(removed), if (plain_acyclic(reversed)) list(reversed))
      } else if (amat[j, i] == 0L) {
        added <- amat
        added[i, j] <- 1L
        if (plain_acyclic(added)) neighbours <- c(neighbours, list(added))
      }
    }
    expect_gt(length(neighbours), 10)
    moved <- vapply(neighbours, function(a) network_score(bn_graph(a), d, score = score), numeric(1))
    expect_true(all(moved <= best + 1e-8))
  }
})

# --- Errors -------------------------------------------------------------------------

test_that("scores and tests refuse data of the other kind", {
  d <- bn_data(gs_frame(50, k = 3))
  discrete <- bn_data(college_plans, counts = "count")
  for (score in c("bdeu", "k2", "cv", "bde", "bd")) {
    expect_error(local_score(d, "V1", "V2", score = score), class = "learnbn_error_data_type")
  }
  expect_error(network_score(bn_graph_from_string("[V1][V2|V1][V3]"), d, score = "bdeu"),
               class = "learnbn_error_data_type")
  expect_error(hill_climb(d, score = "k2"), class = "learnbn_error_data_type")
  expect_error(local_score(discrete, "CP", "PE", score = "bge"), class = "learnbn_error_data_type")
  expect_error(hill_climb(discrete, score = "bge"), class = "learnbn_error_data_type")
  for (test in c("x2", "g2", "mi", "x2_perm")) {
    expect_error(ci_test(d, "V1", "V2", test = test), class = "learnbn_error_data_type")
  }
  expect_error(pc(d, test = "x2"), class = "learnbn_error_data_type")
  for (test in c("fisher_z", "fisher_z_perm", "mi_g")) {
    expect_error(ci_test(discrete, "CP", "PE", test = test), class = "learnbn_error_data_type")
  }
  expect_error(pc(discrete, test = "fisher_z"), class = "learnbn_error_data_type")
})
