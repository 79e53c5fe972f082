# The Bayesian conditional Gaussian score "bcg" (score/master_prior.hpp, R/score-mixed-bayes.R)
# against deal 1.2.42's network scores and a plain-R reference of the master prior.
#
# deal's numbers were computed (Debian's r-cran-deal, outside the package) by
#   nw <- network(df); prior <- jointprior(nw, N)   # N = NA: deal's default
#   getnetwork(learn(as.network(model_string, nw), df, prior))$score
# with the columns of df put in a topological order of each graph first (deal returns NaN,
# or fails, for a family whose parents come after its node among the columns; the order
# changes nothing else).

expect_close <- function(object, expected, tolerance = 1e-8) {
  expect_lt(max(abs(object - expected)), tolerance)
}

# deal's example data `rats` (deal 1.2.42, data(rats)).
rats <- function() {
  data.frame(
    Sex = factor(rep(c("M", "F"), each = 12)),
    Drug = factor(rep(rep(c("D1", "D2", "D3"), each = 4), 2)),
    W1 = c(5, 7, 9, 5, 9, 7, 7, 6, 14, 21, 12, 17, 7, 8, 6, 9, 7, 10, 6, 8, 14, 14, 16, 10),
    W2 = c(6, 6, 9, 4, 12, 7, 6, 8, 11, 15, 10, 12, 10, 10, 6, 7, 6, 13, 9, 7, 9, 8, 12, 5))
}

# Simulated mixed data: A -> B, A -> X, X -> Y, B -> Y, Y -> Z.
sim_mixed <- function(n = 200) {
  set.seed(35)
  A <- factor(sample(c("a1", "a2", "a3"), n, TRUE))
  B <- factor(ifelse(runif(n) < c(0.2, 0.5, 0.8)[A], "b1", "b2"))
  X <- c(-1, 0, 1.5)[A] + rnorm(n)
  Y <- 0.8 * X + c(0, 1)[B] + rnorm(n, sd = 0.7)
  Z <- 2 - 0.5 * Y + rnorm(n, sd = 1.3)
  data.frame(A, B, X = round(X, 3), Y = round(Y, 3), Z = round(Z, 3))
}

# The first 400 rows of bnlearn 4.9's clgaussian.test (see test-score-mixed.R).
clg <- function() {
  utils::read.csv(test_path("ref", "clgaussian_400.csv.gz"), stringsAsFactors = TRUE)
}

# W1 and W2 of rats are whole numbers with few cases, which bn_data() would make discrete.
mixed <- function(df) {
  numeric <- names(df)[vapply(df, is.numeric, NA)]
  suppressMessages(bn_data(df, type = stats::setNames(rep("gaussian", length(numeric)), numeric)))
}

bcg_scores <- function(df, graphs, iss = NULL) {
  data <- mixed(df)
  score <- if (is.null(iss)) bn_score("bcg") else bn_score("bcg", iss = iss)
  vapply(graphs, function(g) network_score(bn_graph_from_string(g), data, score = score), 1)
}

# A plain-R transcription of deal's computation for a family, from the formulas of
# Bottcher and Dethlefsen (master prior -> local prior -> posterior), without the
# simplifications of the C++ core (standardised units): the master prior in the units of
# the data, deal's conditional.cont() for the regression prior, and the multivariate t
# density of each configuration's rows by its n x n scale matrix.
reference_family <- function(df, node, parents, N = NULL) {
  disc <- names(df)[vapply(df, is.factor, NA)]
  TD <- prod(vapply(df[disc], nlevels, 1L))
  if (is.null(N)) N <- 2 * TD
  dp <- intersect(parents, disc)
  cp <- setdiff(parents, disc)
  q <- if (length(dp)) prod(vapply(df[dp], nlevels, 1L)) else 1
  key <- if (length(dp)) interaction(df[dp], drop = FALSE) else factor(rep(1, nrow(df)))
  if (node %in% disc) {  # Dirichlet with alpha = N / (q r)
    tab <- table(key, df[[node]])
    a <- N / (q * nlevels(df[[node]]))
    return(sum(lgamma(N / q) - lgamma(N / q + rowSums(tab))) + sum(lgamma(a + tab) - lgamma(a)))
  }
  vars <- c(cp, node)
  mu <- vapply(df[vars], mean, 1)
  sigma <- diag(vapply(df[vars], function(x) mean((x - mean(x))^2), 1), length(vars))
  nu <- N / q
  phi <- sigma * (N - TD) / q  # sum of sigma (N / TD - 1) over the TD / q joint cells
  A <- seq_along(cp)
  B <- length(vars)
  if (length(cp)) {  # deal's conditional.cont()
    inv <- solve(phi[A, A, drop = FALSE])
    b <- phi[B, A, drop = FALSE] %*% inv
    prior_mu <- c(mu[B] - b %*% mu[A], b)
    tau_inv <- rbind(cbind(1 / nu + t(mu[A]) %*% inv %*% mu[A], -t(inv %*% mu[A])),
                     cbind(-inv %*% mu[A], inv))
    tau <- solve(tau_inv)
    phi_b <- phi[B, B] - b %*% phi[A, B]
  } else {
    prior_mu <- mu[B]
    tau <- matrix(nu)
    phi_b <- phi[B, B]
  }
  rho <- nu + length(cp)
  total <- 0
  for (k in levels(key)) {
    rows <- which(key == k)
    n <- length(rows)
    if (!n) next
    Z <- cbind(1, as.matrix(df[rows, cp, drop = FALSE]))
    y <- df[rows, node]
    S <- drop(phi_b) / rho * (diag(n) + Z %*% solve(tau) %*% t(Z))
    e <- y - Z %*% prior_mu
    total <- total + lgamma((rho + n) / 2) - lgamma(rho / 2) -
      0.5 * determinant(rho * S * pi)$modulus -
      (rho + n) / 2 * log(1 + drop(t(e) %*% solve(S, e)) / rho)
  }
  total
}

test_that("bcg equals deal's network score on deal's rats data", {
  graphs <- c("[Sex][Drug|Sex][W1|Drug][W2|W1:Drug]", "[Sex][Drug][W1][W2]",
              "[Sex][Drug][W1|Sex:Drug][W2|Sex:Drug:W1]", "[Sex][Drug][W2|Drug][W1|W2:Drug]")
  expect_close(unname(bcg_scores(rats(), graphs)),
               c(-163.5157347490, -175.2507763075, -166.5816609018, -162.3077444189))
  expect_close(unname(bcg_scores(rats(), graphs, iss = 30)),
               c(-165.3183481973, -171.9919529726, -166.6622211566, -164.7010328144))
})

test_that("bcg equals deal's network score on simulated and clgaussian data", {
  graphs <- c("[A][B|A][X|A][Y|X:B][Z|Y]", "[A][B|A][X|A][Z][Y|X:B:Z]", "[A][B][X][Y][Z]",
              "[A][B|A][X|A:B][Y|A:B:X][Z|A:B:X:Y]", "[A][B|A][Z][Y|Z:B][X|A:Y]",
              "[B][A|B][X|A][Y|X:B][Z|Y]")
  deal_default <- c(-1194.5506076600, -1210.5660701865, -1426.6001264085, -1230.1218210105,
                    -1242.2498444028, -1194.5506076600)
  deal_50 <- c(-1245.0693558034, -1256.2695105666, -1418.1079646635, -1251.2191637671,
               -1273.4802541868, -1245.0693558034)
  expect_close(unname(bcg_scores(sim_mixed(), graphs)), deal_default)
  expect_close(unname(bcg_scores(sim_mixed(), graphs, iss = 50)), deal_50)
  graphs <- c("[A][B][C][H][D|A:H][F|B:C][E|B:D][G|A:D:E:F]",
              "[A][B|A][C|B][F|C][H][D|A:H][E|D:H][G|E:F]")
  # deal adds up one row at a time, so its rounding grows with the rows: 2.3e-8 of 3,723
  # here (5e-12 relative; the plain-R reference below agrees with learnbn to 1e-12).
  expect_close(unname(bcg_scores(clg(), graphs)), c(-3723.4705811132, -4353.1066311840), 5e-8)
  expect_close(unname(bcg_scores(clg(), graphs, iss = 500)), c(-4508.2723280099, -4739.8119138336),
               5e-8)
})

test_that("bcg's local scores equal the plain-R transcription of deal's formulas", {
  df <- sim_mixed()
  data <- mixed(df)
  families <- list(list("Y", c("X", "B")), list("Y", character()), list("Y", c("A", "B")),
                   list("Z", c("A", "B", "X", "Y")), list("X", c("Y", "Z")),
                   list("A", "B"), list("B", character()), list("B", "A"))
  for (iss in list(NULL, 13, 400)) {
    score <- if (is.null(iss)) bn_score("bcg") else bn_score("bcg", iss = iss)
    for (f in families) {
      expect_close(local_score(data, f[[1]], f[[2]], score = score),
                   reference_family(df, f[[1]], f[[2]], iss), 1e-9)
    }
  }
})

test_that("bcg is score equivalent within conditional Gaussian DAGs", {
  pairs <- list(c("[A][B|A][X|A][Y|X:B][Z|Y]", "[B][A|B][X|A][Y|X:B][Z|Y]"),
                c("[A][B|A][X][Y|X][Z|Y]", "[A][B|A][Z][Y|Z][X|Y]"),
                c("[A][B][X|A:B][Y|A:B:X][Z]", "[A][B][Y|A:B][X|A:B:Y][Z]"),
                c("[A][B|A][X|A][Y|A:X][Z|X:Y]", "[A][B|A][Y|A][X|A:Y][Z|X:Y]"))
  for (pair in pairs) {
    s <- bcg_scores(sim_mixed(), pair)
    expect_close(s[[1]], s[[2]], 1e-9)
  }
})

test_that("every score-based learner takes bcg through the scorer", {
  df <- sim_mixed(120)
  data <- mixed(df)
  runs <- list(hill_climb = hill_climb(data, score = "bcg"),
               tabu_search = tabu_search(data, score = "bcg"),
               k2_search = k2_search(data, order = names(df), score = "bcg"),
               exact_search = exact_search(data, score = "bcg"),
               exhaustive_search = exhaustive_search(data, score = "bcg"),
               local_search = local_search(data, score = "bcg"),
               best_first_search = best_first_search(data, score = "bcg"),
               boss = boss(data, score = "bcg"), grasp = grasp(data, score = "bcg"))
  best <- runs$exact_search$score
  expect_close(runs$exhaustive_search$score, best, 1e-8)
  for (name in names(runs)) {
    g <- runs[[name]]
    expect_close(g$score, network_score(g, data, score = "bcg"), 1e-8)
    expect_lte(g$score, best + 1e-8)
    expect_identical(g$info$score, "bcg")
    expect_gt(nrow(g$info$excluded_arcs), 0)
  }
})

test_that("bcg's iss, data and arcs are checked", {
  data <- mixed(sim_mixed(50))
  expect_snapshot(network_score(bn_graph_from_string("[A][B][X][Y][Z]"), data,
                                score = bn_score("bcg", iss = 6)), error = TRUE)
  expect_error(network_score(bn_graph_from_string("[A][B][X][Y][Z]"), data,
                             score = bn_score("bcg", iss = 6)), class = "learnbn_error_value")
  expect_error(network_score(bn_graph_from_string("[X][A|X][B][Y][Z]"), data, score = "bcg"),
               class = "learnbn_error_continuous_parent")
  expect_error(network_score(bn_graph_from_string("[SEX][SES]"),
                             college_plans[rep(1:128, college_plans$count), 1:2], score = "bcg"),
               class = "learnbn_error_data_type")
  expect_error(hill_climb(data, score = "bcg", iss = 2), class = "learnbn_error_value")
  expect_snapshot(print(bn_score("bcg")))
  expect_snapshot(print(bn_score("bcg", iss = 20)))
})

test_that("structure priors add their terms to bcg", {
  data <- mixed(sim_mixed())
  g <- bn_graph_from_string("[A][B|A][X|A][Y|X:B][Z|Y]")
  plain <- network_score(g, data, score = "bcg")
  arcs <- network_score(g, data, score = bn_score("bcg", prior = "arcs", arc_prob = 0.2))
  parents <- c(0, 1, 1, 2, 1)  # A, B, X, Y, Z; each node has 4 possible parents
  expect_close(arcs - plain, sum(parents * log(0.2) + (4 - parents) * log(0.8)), 1e-9)
})
