# Learners on mixed data (issue 35) beyond the DAG searches: the MCMC samplers with the
# CLG scores and the continuous -> discrete arcs excluded, iamb(), missing values, and the
# learners that refuse mixed data with the reason.

# A plain-R CLG BIC of one family, as bnlearn's "bic-cg": a discrete node by its counts
# per configuration of its (discrete) parents, a continuous one by a regression on its
# continuous parents per configuration of its discrete parents, with the residual
# variance RSS / (n_j - coefficients).
clg_bic_family <- function(df, node, parents, penalty = log(nrow(df)) / 2) {
  n <- nrow(df)
  discrete <- parents[vapply(df[parents], is.factor, TRUE)]
  continuous <- setdiff(parents, discrete)
  config <- if (length(discrete)) interaction(df[discrete], drop = FALSE) else factor(rep(1, n))
  if (is.factor(df[[node]])) {
    tab <- table(config, df[[node]])
    loglik <- sum(ifelse(tab > 0, tab * log(tab / rowSums(tab)), 0))
    return(loglik - (nlevels(df[[node]]) - 1) * nlevels(config) * penalty)
  }
  loglik <- 0
  for (level in levels(config)) {
    rows <- config == level
    x <- cbind(1, as.matrix(df[rows, continuous, drop = FALSE]))
    residuals <- qr.resid(qr(x), df[[node]][rows])
    sd <- sqrt(sum(residuals^2) / (sum(rows) - ncol(x)))
    loglik <- loglik + sum(stats::dnorm(residuals, 0, sd, log = TRUE))
  }
  loglik - (length(continuous) + 2) * nlevels(config) * penalty
}

# Two discrete nodes (a, b) and two continuous ones (c, e), 50 rows.
mixed_four <- function() {
  withr::with_seed(3, {
    n <- 50
    a <- factor(sample(c("x", "y"), n, TRUE))
    b <- factor(ifelse(stats::runif(n) < ifelse(a == "y", 0.75, 0.3), "u", "v"))
    c <- stats::rnorm(n) + 0.9 * (a == "y")
    e <- 0.5 * c + stats::rnorm(n) + 0.4 * (b == "u")
    data.frame(a, b, c, e)
  })
}

# Every DAG on the nodes of `df` without an arc from a continuous to a discrete node, by
# enumeration of the 3^6 ways to join the pairs: list(amat, extensions), where
# `extensions` counts the node orders consistent with the DAG (order MCMC's prior).
allowed_dags <- function(df) {
  nodes <- names(df)
  continuous <- nodes[!vapply(df, is.factor, TRUE)]
  pairs <- t(utils::combn(4, 2))
  orders <- as.matrix(expand.grid(rep(list(1:4), 4)))
  orders <- orders[apply(orders, 1, function(o) length(unique(o)) == 4), ]
  dags <- list()
  for (code in 0:(3^6 - 1)) {
    amat <- matrix(0, 4, 4, dimnames = list(nodes, nodes))
    for (p in seq_len(nrow(pairs))) {
      joined <- code %/% 3^(p - 1) %% 3
      if (joined == 1) amat[pairs[p, 1], pairs[p, 2]] <- 1
      if (joined == 2) amat[pairs[p, 2], pairs[p, 1]] <- 1
    }
    if (any(amat[continuous, setdiff(nodes, continuous)] == 1)) next
    extensions <- sum(apply(orders, 1, function(o) all(amat[o, o][lower.tri(amat)] == 0)))
    if (extensions > 0) dags[[length(dags) + 1]] <- list(amat = amat, extensions = extensions)
  }
  dags
}

# The exact arc probabilities: sum over the DAGs of their adjacency matrices, weighted by
# exp(log_weight).
exact_arc_probabilities <- function(dags, log_weight) {
  w <- exp(log_weight - max(log_weight))
  Reduce(`+`, Map(function(g, p) g$amat * p, dags, w / sum(w)))
}

test_that("the samplers on mixed data converge to the exact CLG BIC posterior", {
  df <- mixed_four()
  nodes <- names(df)
  dags <- allowed_dags(df)
  expect_length(dags, 144)
  family <- new.env()
  score <- vapply(dags, function(g) {
    sum(vapply(nodes, function(v) {
      parents <- nodes[g$amat[, v] == 1]
      key <- paste(v, paste(parents, collapse = ","))
      if (is.null(family[[key]])) family[[key]] <- clg_bic_family(df, v, parents)
      family[[key]]
    }, 0))
  }, 0)
  extensions <- vapply(dags, `[[`, 0, "extensions")
  # Uniform prior over the allowed DAGs; order MCMC's prior counts each DAG's orders.
  exact <- exact_arc_probabilities(dags, score)
  exact_order <- exact_arc_probabilities(dags, score + log(extensions))
  d <- bn_data(df)
  set.seed(1)
  for (sampler in c("structure_mcmc", "partition_mcmc", "order_mcmc")) {
    x <- get(sampler)(d, "bic", iterations = 30000, chains = 2)
    p <- arc_probabilities(x)
    expected <- if (sampler == "order_mcmc") exact_order else exact
    expect_lt(max(abs(p - expected)), 0.02)
    expect_identical(unname(p[c("c", "e"), c("a", "b")]), matrix(0, 2, 2))
    expect_identical(x$info$excluded_arcs,
                     data.frame(from = c("c", "e", "c", "e"), to = c("a", "a", "b", "b")))
  }
  expect_equal(round(exact["c", "e"], 4), 0.4970)
})

test_that("a sampler's whitelist asking for a continuous parent of a discrete node fails", {
  d <- bn_data(mixed_four())
  expect_error(structure_mcmc(d, "bic", iterations = 100, whitelist = data.frame("c", "a")),
               class = "learnbn_error_continuous_parent")
  expect_error(partition_mcmc(d, "bic", iterations = 100, whitelist = data.frame("e", "b")),
               class = "learnbn_error_continuous_parent")
})

# mtcars with its few-valued columns as factors, as in test-citest-mixed.R.
mtcars_mixed <- function() {
  mt <- mtcars[c("mpg", "cyl", "disp", "hp", "vs", "am", "gear", "wt")]
  for (v in c("cyl", "vs", "am", "gear")) mt[[v]] <- factor(mt[[v]])
  suppressMessages(bn_data(mt))
}

mixed_skeleton <- function(g) {
  amat <- as.matrix(g)
  where <- which((amat + t(amat)) > 0 & upper.tri(amat), arr.ind = TRUE)
  sort(apply(cbind(rownames(amat)[where[, 1]], colnames(amat)[where[, 2]]), 1,
             function(pair) paste(sort(pair), collapse = "-")))
}

test_that("iamb() on mixed data finds bnlearn's skeletons and blankets", {
  mt <- mtcars_mixed()
  # bnlearn 4.9: iamb(mt, test = "mi-cg", undirected = TRUE) and inter.iamb(...), with
  # the columns above; fast.iamb() with bnlearn:::indep.test() made one candidate at a
  # time (its vectorised mi-cg gives p = 0 to am against hp, 0.089 alone; see ?iamb).
  expected <- list(iamb = c("am-wt", "cyl-vs", "disp-wt", "mpg-wt"),
                   inter_iamb = c("am-cyl", "cyl-vs", "disp-wt", "mpg-wt"),
                   fast_iamb = c("gear-vs", "hp-mpg", "mpg-wt"))
  for (method in names(expected)) {
    expect_identical(mixed_skeleton(iamb(mt, method = method)), expected[[method]],
                     info = method)
  }
  # bnlearn 4.9: learn.mb(mt, "am", method = "iamb", test = "mi-cg"); its shrink step
  # drops gear given wt, disp, vs, then keeps wt given disp, vs only (round robin).
  expect_identical(sort(iamb(mt, target = "am")), c("disp", "vs", "wt"))
  expect_identical(sort(iamb(mt, target = "wt")), c("am", "disp", "gear", "mpg"))
})

test_that("mi_cg is not symmetric in two discrete variables (the memo keeps the order)", {
  mt <- mtcars_mixed()
  # mi_cg of two discrete variables given continuous ones is not symmetric: the blanket
  # of am depends on testing am against vs (not vs against am) given disp and wt.
  # bnlearn 4.9: ci.test("am", "vs", c("disp", "wt"), data = mt, test = "mi-cg") and
  # with am and vs swapped.
  expect_equal(ci_test(mt, "am", "vs", c("disp", "wt"))$statistic, 32.6529372799,
               tolerance = 1e-10)
  expect_equal(ci_test(mt, "vs", "am", c("disp", "wt"))$statistic, 23.7162877795,
               tolerance = 1e-10)
})

# iris with 20 Sepal.Length and 15 Species cells removed, and mtcars with factors with 3
# am, 4 wt and 2 vs cells removed (the rows as listed).
iris_with_na <- function() {
  df <- iris
  df$Sepal.Length[c(13, 16, 27, 38, 41, 51, 53, 58, 66, 71, 74, 76, 85, 92, 107, 113, 121,
                    122, 128, 131)] <- NA
  df$Species[c(8, 42, 51, 54, 70, 72, 80, 91, 99, 104, 109, 116, 123, 138, 146)] <- NA
  df
}

mtcars_with_na <- function() {
  mt <- mtcars[c("mpg", "cyl", "disp", "hp", "vs", "am", "gear", "wt")]
  for (v in c("cyl", "vs", "am", "gear")) mt[[v]] <- factor(mt[[v]])
  mt$am[c(3, 9, 20)] <- NA
  mt$wt[c(1, 9, 25, 30)] <- NA
  mt$vs[c(5, 17)] <- NA
  suppressMessages(bn_data(mt))
}

test_that("mixed data keep their missing cells, and mi_cg uses its available cases", {
  d <- bn_data(iris_with_na())
  expect_identical(d$missing, c(Sepal.Length = 20, Sepal.Width = 0, Petal.Length = 0,
                                Petal.Width = 0, Species = 15))
  expect_output(print(d), "missing cells: Sepal.Length \\(20\\), Species \\(15\\)")
  mt <- mtcars_with_na()
  # bnlearn 4.9: ci.test(x, y, z, data = <the same data.frame>, test = "mi-cg").
  cases <- list(
    list(d, "Sepal.Length", "Species", "Petal.Width", 17.1603981050, 6, 116),
    list(d, "Species", "Sepal.Length", "Petal.Width", 17.1603981050, 6, 116),
    list(d, "Sepal.Width", "Petal.Width", "Species", 44.3470696702, 3, 135),
    list(mt, "am", "vs", "wt", 9.7858722554, 1, 24),
    list(mt, "vs", "am", "wt", 14.6127994888, 1, 24),
    list(mt, "wt", "am", "vs", 19.7515951914, 4, 24))
  for (case in cases) {
    result <- ci_test(case[[1]], case[[2]], case[[3]], case[[4]])
    expect_equal(result$statistic, case[[5]], tolerance = 1e-10)
    expect_identical(c(result$df, result$n), c(case[[6]], case[[7]]))
  }
  # The same test on the complete rows of its variables alone.
  rows <- stats::complete.cases(iris_with_na()[c("Sepal.Width", "Petal.Width", "Species")])
  expect_identical(ci_test(d, "Sepal.Width", "Petal.Width", "Species"),
                   ci_test(iris_with_na()[rows, ], "Sepal.Width", "Petal.Width", "Species"))
})

test_that("constraint-based learners take incomplete mixed data as bnlearn does", {
  mt <- mtcars_with_na()
  # bnlearn 4.9 on the same data.frame, test = "mi-cg": pc.stable(), mmpc() and
  # inter.iamb() (undirected = TRUE), skeleton edges.
  # Some tests given gear meet a configuration with too few cases (a warning).
  expect_warning(g <- pc(mt), class = "learnbn_warning_singular")
  expect_identical(mixed_skeleton(g), c("am-gear", "cyl-vs", "disp-mpg", "disp-wt", "mpg-wt"))
  expect_identical(mixed_skeleton(mmpc(mt)), c("am-gear", "cyl-vs", "disp-wt", "mpg-wt"))
  expect_identical(mixed_skeleton(iamb(mt, method = "inter_iamb")),
                   c("am-gear", "cyl-vs", "disp-wt", "mpg-wt"))
})

test_that("gs() on incomplete mixed data is bnlearn's gs() on the columns sorted by name", {
  mt <- mtcars_with_na()
  # bnlearn 4.9: gs(s, test = "mi-cg", undirected = TRUE) with s the data.frame of
  # mtcars_with_na() with its columns sorted by name (learnbn's scan order, see ?gs); in
  # the column order above bnlearn finds am-cyl, cyl-vs and disp-wt instead.
  g <- gs(mt)
  expect_identical(mixed_skeleton(g), c("am-disp", "cyl-vs"))
  expect_identical(g$info$markov_blankets,
                   list(mpg = character(), cyl = "vs", disp = "am", hp = character(),
                        vs = "cyl", am = "disp", gear = character(), wt = character()))
})

test_that("score-based learners and fits refuse incomplete mixed data, saying what to do", {
  d <- bn_data(iris_with_na())
  g <- hill_climb(iris)
  expect_error(hill_climb(d), "pc", class = "learnbn_error_missing")
  expect_error(structure_mcmc(d, iterations = 100), "na.omit", class = "learnbn_error_missing")
  expect_error(network_score(g, d), "Sepal.Length", class = "learnbn_error_missing")
  expect_error(fit_parameters(g, d), "Species", class = "learnbn_error_missing")
  expect_error(bn_data(data.frame(a = factor(c("x", "y", "x")), b = c(NA_real_, NA, NA))), "b",
               class = "learnbn_error_unobserved")
})

# The best score of a DAG on the columns of `df` with at most one parent per node and no
# continuous parent of a discrete node, by enumeration of the parent vectors, with the
# plain-R CLG family scores: list(score, skeleton).
best_allowed_forest <- function(df, penalty) {
  nodes <- names(df)
  p <- length(nodes)
  continuous <- !vapply(df, is.factor, TRUE)
  family <- sapply(0:p, function(u) sapply(1:p, function(v) {
    if (u == v || (u > 0 && continuous[u] && !continuous[v])) return(-Inf)
    clg_bic_family(df, nodes[v], if (u > 0) nodes[u] else character(), penalty)
  }))
  best <- -Inf
  for (code in 0:((p + 1)^p - 1)) {
    parent <- code %/% (p + 1)^(0:(p - 1)) %% (p + 1)
    total <- sum(family[cbind(1:p, parent + 1)])
    if (total <= best) next
    acyclic <- all(vapply(1:p, function(v) {
      for (step in 1:p) v <- if (v > 0) parent[v] else 0
      v == 0
    }, TRUE))
    if (acyclic) {
      best <- total
      best_parent <- parent
    }
  }
  edges <- vapply(which(best_parent > 0), function(v) {
    paste(sort(nodes[c(v, best_parent[v])]), collapse = "-")
  }, "")
  list(score = best, skeleton = sort(edges))
}

test_that("chow_liu() on mixed data finds the best allowed forest, by enumeration", {
  # b is a threshold of c, so the unconstrained best tree joins a and b through c, which
  # no orientation allows; the best allowed one joins a and b directly.
  four <- withr::with_seed(7, {
    a <- factor(sample(c("x", "y"), 200, TRUE))
    c <- stats::rnorm(200) + 0.7 * (a == "y")
    data.frame(a, b = factor(c + stats::rnorm(200, sd = 0.3) > 0.5), c,
               e = 0.6 * c + stats::rnorm(200))
  })
  for (df in list(iris, four)) {
    continuous <- !vapply(df, is.factor, TRUE)
    for (score in c("loglik", "bic")) {
      best <- best_allowed_forest(df, if (score == "bic") log(nrow(df)) / 2 else 0)
      g <- chow_liu(df, score = score)
      expect_equal(g$score, best$score, tolerance = 1e-10)
      expect_identical(mixed_skeleton(g), best$skeleton)
      expect_false(any(as.matrix(g)[continuous, !continuous] == 1))
    }
  }
  expect_true("a-b" %in% mixed_skeleton(chow_liu(four)))
  expect_error(chow_liu(iris, root = "Sepal.Length"), "Sepal.Length",
               class = "learnbn_error_continuous_parent")
  expect_s3_class(ges(iris), "bn_graph")  # ges() takes mixed data: test-ges-mixed.R
  expect_error(pdag_search(iris), "hill_climb", class = "learnbn_error_data_type")
})
