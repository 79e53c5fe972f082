# The conditional Gaussian score "cg_bic" (Andrews, Ramsey and Cooper 2018; Tetrad's
# ConditionalGaussianScore, score/conditional_gaussian.hpp) against a plain-R transcription
# of its definition (Tetrad's ConditionalGaussianLikelihood at commit b528784, read on
# GitHub, cmu-phil/tetrad).

expect_close <- function(object, expected, tolerance = 1e-8) {
  expect_identical(is.finite(object), is.finite(expected))
  finite <- is.finite(expected)
  expect_lt(max(abs(object[finite] - expected[finite]), 0), tolerance)
}

# Mixed data in which a discrete node B has a continuous parent X: A -> X -> B -> Y.
sim_cg <- function(n = 300) {
  set.seed(2018)
  A <- factor(sample(c("a1", "a2"), n, TRUE))
  X <- c(-1, 1)[A] + rnorm(n)
  B <- factor(ifelse(runif(n) < plogis(2 * X), "b1", "b2"))
  Y <- c(0, 2)[B] + 0.5 * X + rnorm(n)
  data.frame(A, B, X = round(X, 4), Y = round(Y, 4))
}

# L(X, A) and its degrees of freedom, as Tetrad defines them.
reference_joint <- function(df, X, A) {
  cells <- if (length(A)) split(seq_len(nrow(df)), interaction(df[A], drop = TRUE)) else
    list(seq_len(nrow(df)))
  n <- lengths(cells)
  keep <- n >= 4 & n >= length(X)
  cells <- cells[keep]
  total <- sum(n[keep])
  lnl <- if (length(A)) sum(n[keep] * log(n[keep] / total)) else 0
  for (rows in cells) {
    if (!length(X)) next
    det <- det(stats::cov(as.matrix(df[rows, X, drop = FALSE])))
    if (abs(det) < 1e-12) return(list(lnl = NaN))
    lnl <- lnl + length(rows) * (-0.5 * log(det) - 0.5 * length(X) * (1 + log(2 * pi)))
  }
  f <- prod(vapply(df[A], nlevels, 1L))
  p <- length(X)
  list(lnl = lnl, dof = f * (p + p * (p + 1) / 2) + f - 1)
}

reference_family <- function(df, node, parents, discount = 1) {
  disc <- names(df)[vapply(df, is.factor, NA)]
  A <- intersect(parents, disc)
  X <- setdiff(parents, disc)
  j0 <- reference_joint(df, X, A)
  j1 <- if (node %in% disc) reference_joint(df, X, c(A, node)) else
    reference_joint(df, c(X, node), A)
  s <- (j1$lnl - j0$lnl) - discount * (j1$dof - j0$dof) * log(nrow(df)) / 2
  if (is.nan(s)) -Inf else s
}

test_that("cg_bic's local scores equal the plain-R transcription of Tetrad's definition", {
  df <- sim_cg()
  data <- suppressMessages(bn_data(df))
  families <- list(list("B", "X"), list("B", c("A", "X")), list("B", character()),
                   list("A", c("X", "Y")), list("A", "B"), list("X", c("A", "B")),
                   list("Y", c("B", "X")), list("Y", c("A", "B", "X")), list("X", character()))
  for (discount in c(1, 2.5)) {
    score <- bn_score("cg_bic", penalty_discount = discount)
    for (f in families) {
      expect_close(local_score(data, f[[1]], f[[2]], score = score),
                   reference_family(df, f[[1]], f[[2]], discount))
    }
  }
  # cells under 4 cases are left out: in 25 rows, A = a2 and B = b2 has 2
  small <- df[1:25, ]
  small_data <- suppressMessages(bn_data(small, type = c(X = "gaussian", Y = "gaussian")))
  expect_close(local_score(small_data, "Y", c("A", "B"), score = "cg_bic"),
               reference_family(small, "Y", c("A", "B")))
})

test_that("cg_bic allows discrete children of continuous parents in every search", {
  df <- sim_cg()
  data <- suppressMessages(bn_data(df))
  g <- bn_graph_from_string("[A][X|A][B|X][Y|B:X]")
  expected <- sum(reference_family(df, "A", character()), reference_family(df, "X", "A"),
                  reference_family(df, "B", "X"), reference_family(df, "Y", c("B", "X")))
  expect_close(network_score(g, data, score = "cg_bic"), expected)
  runs <- list(hill_climb(data, score = "cg_bic"), tabu_search(data, score = "cg_bic"),
               exact_search(data, score = "cg_bic"))
  for (r in runs) {
    expect_identical(nrow(r$info$excluded_arcs), 0L)
    expect_close(r$score, network_score(r, data, score = "cg_bic"))
    expect_lte(r$score, runs[[3]]$score + 1e-8)
  }
  # the optimum has the arc between X and B, which CLG scores cannot orient X -> B
  amat <- runs[[3]]$amat
  expect_true(amat["X", "B"] + amat["B", "X"] == 1)
  expect_error(hill_climb(data, score = "cg_bic", whitelist = data.frame(from = "X", to = "B")),
               NA)
})

# Tetrad's likelihood ratio test (IndTestConditionalGaussianLrt): 2 (L(y | x, z) - L(y | z)).
reference_lrt <- function(df, x, y, z) {
  lik <- function(parents) {
    disc <- names(df)[vapply(df, is.factor, NA)]
    A <- intersect(parents, disc)
    X <- setdiff(parents, disc)
    j0 <- reference_joint(df, X, A)
    j1 <- if (y %in% disc) reference_joint(df, X, c(A, y)) else reference_joint(df, c(X, y), A)
    c(j1$lnl - j0$lnl, j1$dof - j0$dof)
  }
  l0 <- lik(z)
  l1 <- lik(c(z, x))
  statistic <- 2 * (l1[1] - l0[1])
  df <- l1[2] - l0[2]
  c(statistic = statistic, df = df, p = stats::pchisq(statistic, df, lower.tail = FALSE))
}

test_that("the cg_lrt test equals the plain-R likelihood ratio of cg_bic", {
  df <- sim_cg()
  data <- suppressMessages(bn_data(df))
  cases <- list(c("X", "B"), c("B", "X"), c("X", "B", "A"), c("A", "Y", "B", "X"),
                c("Y", "A", "X"), c("A", "Y", "X"), c("Y", "X", "A", "B"), c("A", "B"))
  for (case in cases) {
    got <- ci_test(data, case[1], case[2], case[-(1:2)], test = "cg_lrt")
    expected <- reference_lrt(df, case[1], case[2], case[-(1:2)])
    expect_close(c(got$statistic, got$df, got$p_value), unname(expected), 1e-8)
  }
  # pc() with it: every test it logs is the plain-R one; X - Y (0.5 X in Y, partly
  # cancelled through B) falls given A at n = 300 (p = 0.108), the other true edges stay.
  g <- pc(data, test = "cg_lrt")
  tests <- g$info$tests
  for (i in seq_len(nrow(tests))) {
    z <- if (nzchar(tests$z[i])) strsplit(tests$z[i], ";", fixed = TRUE)[[1]] else character()
    expected <- reference_lrt(df, tests$x[i], tests$y[i], z)
    expect_close(c(tests$statistic[i], tests$df[i], tests$p_value[i]), unname(expected), 1e-8)
  }
  a <- as.matrix(g)
  a <- (a + t(a)) > 0 & upper.tri(a)
  idx <- which(a, arr.ind = TRUE)
  expect_setequal(paste(rownames(a)[idx[, 1]], colnames(a)[idx[, 2]], sep = "-"),
                  c("A-X", "B-X", "B-Y"))
})
