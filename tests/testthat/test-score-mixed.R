# Conditional linear Gaussian scores of mixed data (score/conditional_gaussian.hpp) and the
# searches on mixed data, against bnlearn 4.9 and a plain-R reference.

# The first 400 rows of bnlearn 4.9's clgaussian.test (data/clgaussian.test.rda), written
# with write.csv() (ref/README.md): A, B, C, F discrete; D, E, G, H continuous.
clg <- function() {
  utils::read.csv(test_path("ref", "clgaussian_400.csv.gz"), stringsAsFactors = TRUE)
}

expect_close <- function(object, expected, tolerance = 1e-8) {
  expect_identical(is.finite(object), is.finite(expected))
  finite <- is.finite(expected)
  expect_lt(max(abs(object[finite] - expected[finite]), 0), tolerance)
}

# A family's CLG log-likelihood and parameters as bnlearn defines them, by lm(): one
# regression on the continuous parents per configuration of the discrete parents, with
# the unbiased residual variance RSS / (n_j - p) of each (p coefficients).
reference_family <- function(data, node, parents, type) {
  discrete <- parents[vapply(data[parents], is.factor, NA)]
  continuous <- setdiff(parents, discrete)
  config <- if (length(discrete)) interaction(data[discrete], drop = TRUE) else
    factor(rep(1, nrow(data)))
  q <- prod(vapply(data[discrete], nlevels, 1L))
  p <- length(continuous) + 1
  loglik <- 0
  for (j in levels(config)) {
    rows <- data[config == j, , drop = FALSE]
    fit <- stats::lm(stats::reformulate(c("1", continuous), node), data = rows)
    s2 <- sum(stats::residuals(fit)^2) / (nrow(rows) - p)
    loglik <- loglik + sum(stats::dnorm(rows[[node]], stats::fitted(fit), sqrt(s2), log = TRUE))
  }
  params <- q * (p + 1)
  switch(type, loglik = loglik, aic = loglik - params,
         bic = loglik - log(nrow(data)) / 2 * params)
}

test_that("network scores equal bnlearn 4.9's loglik-cg, aic-cg and bic-cg", {
  data <- bn_data(clg())
  # bnlearn 4.9: score(model2network(g), clg(), type = "loglik-cg" / "aic-cg" / "bic-cg")
  reference <- list(
    "[A][B][C][D][E][F][G][H]" = c(-4853.9315652066, -4868.9315652066, -4898.8675493099),
    "[A][B][C][H][D|A:H][F|B:C][E|B:D][G|A:D:E:F]" =
      c(-1564.6644669845, -1615.6644669845, -1717.4468129358),
    "[A][B][C|A:B][H][D|A:H][E|B:D][F|A:C][G|A:D:F:H]" =
      c(-2949.1200002511, -3011.1200002511, -3134.8554012114),
    "[A][B|A][C][F|B:C][H][D|A:B][E|D:F][G|E:H]" =
      c(-4081.3013035308, -4125.3013035308, -4213.1135235671))
  for (string in names(reference)) {
    g <- bn_graph_from_string(string)
    got <- vapply(c("loglik", "aic", "bic"), function(s) network_score(g, data, score = s), 1)
    expect_close(unname(got), reference[[string]])
  }
  # by node, bnlearn's score(..., by.node = TRUE) in data order A..H
  g <- bn_graph_from_string("[A][B][C][H][D|A:H][F|B:C][E|B:D][G|A:D:E:F]")
  expect_close(unname(network_score(g, data, score = "bic", local = TRUE)[LETTERS[1:8]]),
               c(-130.8177039595, -417.3156216056, -536.9918705196, -141.6105970394,
                 -548.1281715031, -258.5660857818, 24.2696563579, 291.7135811153))
})

test_that("family scores equal lm() per configuration", {
  x <- clg()
  families <- list(list("G", c("A", "D", "E", "F")), list("E", c("B", "C", "D")),
                   list("D", "H"), list("H", character()), list("G", c("F", "A")))
  for (f in families) {
    for (type in c("loglik", "aic", "bic")) {
      expect_equal(local_score(x, f[[1]], f[[2]], score = type),
                   reference_family(x, f[[1]], f[[2]], type), tolerance = 1e-9)
    }
  }
  expect_equal(local_score(iris, "Petal.Width", c("Species", "Sepal.Length"), score = "bic"),
               reference_family(iris, "Petal.Width", c("Species", "Sepal.Length"), "bic"),
               tolerance = 1e-9)
  # weighted rows count as repeated cases
  w <- data.frame(x[1:60, c("A", "D", "H")], n = rep(1:3, 20))
  expanded <- w[rep(seq_len(60), w$n), c("A", "D", "H")]
  expect_equal(local_score(bn_data(w, counts = "n"), "D", c("A", "H"), score = "bic"),
               local_score(expanded, "D", c("A", "H"), score = "bic"), tolerance = 1e-9)
})

test_that("families with R^2 near 1 and configuration means far apart match lm() to 1e-9", {
  # Per configuration, R^2 0.9994-0.9995 and means 300-900 within-sds from the global one:
  # sums about the global mean lost digits there (4e-6 off before the per-configuration
  # pilots of score/cg_rows.hpp; G | A, D, E, F was 1e-7 off on the 5,000 rows of
  # clgaussian.test, 8e-10 on these 400).
  x <- clg()
  expect_lt(abs(local_score(x, "G", c("A", "D", "E", "F"), score = "loglik") -
                  reference_family(x, "G", c("A", "D", "E", "F"), "loglik")), 1e-9)
  set.seed(1)
  d <- data.frame(A = factor(sample(c("a", "b", "c"), 600, TRUE)), X = rnorm(600),
                  Z = rnorm(600))
  d$Y <- c(a = -300, b = 0, c = 900)[as.character(d$A)] + 2 * d$X - d$Z +
    rnorm(600, sd = 0.05)
  expect_lt(abs(local_score(d, "Y", c("A", "X", "Z"), score = "loglik") -
                  reference_family(d, "Y", c("A", "X", "Z"), "loglik")), 1e-9)
})

# Twenty rows where, given Z = "a", X is constant and V = 2 W + 1 (bnlearn: finite
# scores, the aliased coefficient dropped but counted).
collinear_rows <- function() {
  i <- 1:20
  d <- data.frame(Z = factor(rep(c("a", "b"), each = 10)),
                  X = c(rep(1.5, 10), i[11:20] / 10 + 0.03 * i[11:20]^2), W = cos(i) * 2)
  d$V <- ifelse(d$Z == "a", 2 * d$W + 1, sin(3 * i))
  d$Y <- sin(i) + 0.5 * d$X + 0.25 * d$W
  d
}

test_that("singular families: -Inf with a warning naming them, collinear parents as bnlearn", {
  data <- bn_data(clg())
  g <- bn_graph_from_string("[A][B][C][F][H][D|H][E|A:B:C:F:D][G|E]")
  # bnlearn 4.9: -Inf (a configuration of A, B, C, F with at most 2 rows)
  expect_warning(s <- network_score(g, data, score = "bic"), "\"E\"",
                 class = "learnbn_warning_singular")
  expect_identical(s, -Inf)
  d <- collinear_rows()
  # bnlearn 4.9: score(model2network(g), d, type = "loglik-cg" / "bic-cg")
  reference <- list("[Z][X][W][V][Y|Z:X]" = c(-173.2307966169, -192.7030563950),
                    "[Z][X][W][V][Y|Z:W:V]" = c(-180.0027562146, -202.4707482662),
                    "[Z][X][W][V][Y|X:W:V]" = c(-171.0006549414, -188.9750485827))
  for (string in names(reference)) {
    g <- bn_graph_from_string(string)
    got <- withCallingHandlers(
      vapply(c("loglik", "bic"), function(s) network_score(g, d, score = s), 1),
      learnbn_warning_collinear = function(w) invokeRestart("muffleWarning"))
    expect_close(unname(got), reference[[string]])
  }
  expect_warning(network_score(bn_graph_from_string("[Z][X][W][V][Y|Z:X]"), d),
                 "Z = a", class = "learnbn_warning_collinear")
  expect_error(local_score(iris, "Species", "Petal.Width", score = "bic"), "Petal.Width",
               class = "learnbn_error_continuous_parent")
  expect_error(network_score(bn_graph_from_string("[D][A|D][B][C][E][F][G][H]"), data),
               class = "learnbn_error_continuous_parent")
  expect_error(network_score(bn_graph_from_string("[Z][X][W][V][Y]"), d, score = "bdeu"),
               class = "learnbn_error_data_type")
})

# The same equivalence class (skeleton and v-structures) as bnlearn's network `string`:
# equal-score moves may be broken differently (on iris, Sepal.Width - Petal.Width).
same_arcs <- function(g, string) {
  ref <- bn_graph_from_string(string)
  nodes <- colnames(g$amat)
  expect_identical(unname(cpdag(g)$amat[nodes, nodes] != 0),
                   unname(cpdag(ref)$amat[nodes, nodes] != 0))
}


test_that("searches learn bnlearn's CLG networks; continuous -> discrete arcs are excluded", {
  # bnlearn 4.9: modelstring(hc(iris, score = "bic-cg"))
  g <- hill_climb(iris)
  same_arcs(g, paste0("[Species][Petal.Length|Species][Petal.Width|Petal.Length:Species]",
                      "[Sepal.Width|Petal.Width:Species]",
                      "[Sepal.Length|Sepal.Width:Petal.Length:Petal.Width]"))
  expect_close(g$score, -283.4909081202)
  expect_identical(g$info$score, "bic")
  expect_identical(nrow(g$info$excluded_arcs), 4L)
  expect_true(all(g$info$excluded_arcs$to == "Species"))
  # bnlearn 4.9, with cyl, am, vs, gear as factors: modelstring(hc(m, score = "bic-cg"))
  m <- suppressMessages(bn_data(mtcars, type = c(cyl = "discrete", am = "discrete",
                                                 vs = "discrete", gear = "discrete")))
  same_arcs(hill_climb(m), paste0("[am][gear|am][cyl|gear][drat|gear][vs|cyl][qsec|drat:vs]",
                                  "[carb|cyl:qsec][disp|cyl:carb][wt|disp:qsec:carb]",
                                  "[hp|cyl:disp:drat:wt:carb][mpg|hp:wt:vs]"))
  # bnlearn 4.9: hc(clg(), score = "bic-cg") and tabu(clg(), score = "aic-cg")
  truth <- "[A][B][C][H][D|A:H][F|B:C][E|B:D][G|A:D:E:F]"
  same_arcs(hill_climb(clg(), threads = 2), truth)
  same_arcs(tabu_search(clg(), score = "aic"), truth)
  # bnlearn 4.9: modelstring(tabu(iris, score = "aic-cg"))
  same_arcs(tabu_search(iris, score = "aic"),
            paste0("[Species][Petal.Length|Species][Sepal.Length|Petal.Length:Species]",
                   "[Petal.Width|Petal.Length:Species]",
                   "[Sepal.Width|Sepal.Length:Petal.Width:Species]"))
})

test_that("the other searches over DAGs take mixed data", {
  x <- iris[c(1, 3, 4, 5)]
  best <- exhaustive_search(x)
  # every DAG of 4 nodes enumerated: the exact search and the best of the local ones agree
  expect_close(exact_search(x)$score, best$score)
  expect_close(network_score(best, x), best$score)
  set.seed(1)
  for (learner in list(hill_climb, tabu_search, simulated_annealing, best_first_search)) {
    g <- learner(x)
    expect_lte(g$score, best$score + 1e-8)
    expect_close(network_score(g, x), g$score)
    expect_false(any(g$amat[c("Sepal.Length", "Petal.Length", "Petal.Width"), "Species"] != 0))
  }
  g <- k2_search(x, order = c("Species", "Petal.Length", "Petal.Width", "Sepal.Length"))
  expect_close(network_score(g, x), g$score)
})

test_that("knowledge asking for a continuous parent of a discrete node is an error", {
  expect_error(hill_climb(iris, whitelist = data.frame(from = "Petal.Width", to = "Species")),
               "Petal.Width -> Species", class = "learnbn_error_continuous_parent")
  start <- bn_graph_from_string(paste0("[Sepal.Length][Sepal.Width][Petal.Length]",
                                       "[Petal.Width][Species|Petal.Width]"))
  expect_error(hill_climb(iris, start = start), "Petal.Width -> Species",
               class = "learnbn_error_continuous_parent")
  expect_error(hill_climb(iris, score = "bdeu"), class = "learnbn_error_data_type")
})

test_that("penalty_discount scales the conditional Gaussian penalty", {
  # BIC's penalty is bic - loglik; a discount of 3 triples it, AIC's likewise.
  g <- bn_graph_from_string("[Species][Petal.Width|Species][Sepal.Length|Petal.Width:Species]")
  d <- bn_data(iris[c("Species", "Petal.Width", "Sepal.Length")])
  loglik <- network_score(g, d, "loglik")
  for (type in c("bic", "aic")) {
    penalty <- loglik - network_score(g, d, type)
    expect_gt(penalty, 0)
    expect_equal(loglik - network_score(g, d, type, penalty_discount = 3), 3 * penalty,
                 tolerance = 1e-12)
  }
})
