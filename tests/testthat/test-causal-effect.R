# IDA (causal_effect()): Gaussian multisets against pcalg::ida(), the global enumeration
# against brute force over all DAGs, discrete back-door adjustment against plain-R counts
# and against query(do = ) on saturated fits.

# pcalg 2.7 ida(x, y, cov(data), graph, method = "local" / "global") for every ordered
# pair, computed by the script bench/causal-effect.R (section "reference") and stored with
# dput(): for pcalg's own example (data(gmG): cov(gmG8$x), n = 5000, the graph of
# pc(alpha = 0.01) with gaussCItest, not a valid CPDAG by pcalg's isValidGraph() but a
# PDAG with extensions) and for 1,000 rows simulated from random_gaussian_fit(10,
# average_degree = 3) after set.seed(7), with the CPDAG of its true DAG.
ida_reference <- dget(test_path("ref", "ida_pcalg.txt"))

# A data.frame whose sample covariance (denominator n - 1) is exactly `covariance`:
# whitened normal draws times the Cholesky factor. IDA's regressions depend on the data
# only through it.
data_with_covariance <- function(covariance, n) {
  set.seed(1)
  p <- ncol(covariance)
  z <- scale(matrix(stats::rnorm(n * p), n, p), scale = FALSE)
  z <- z %*% solve(chol(crossprod(z) / (n - 1)))
  x <- z %*% chol(covariance)
  colnames(x) <- colnames(covariance)
  as.data.frame(x)
}

test_that("Gaussian effects equal pcalg::ida() for every pair, local and global", {
  for (case in ida_reference) {
    x <- data_with_covariance(case$cov, case$n)
    expect_equal(cov(x), case$cov, tolerance = 1e-12)
    g <- bn_graph(case$amat)
    for (ref in case$ida) {
      got <- causal_effect(g, x, ref$x, ref$y, method = ref$method)
      # The same elements in the same order (global: the same multiset).
      if (ref$method == "local") expect_equal(got$effect, ref$effects, tolerance = 1e-9)
      else expect_equal(sort(got$effect), sort(ref$effects), tolerance = 1e-9)
    }
  }
  # pcalg's example, ida(2, 5, cov(gmG8$x), pc.fit@graph): three possible effects.
  gm <- ida_reference$gmG8
  got <- causal_effect(bn_graph(gm$amat), data_with_covariance(gm$cov, gm$n), "Bar", "V5")
  expect_equal(got$effect, c(0.17009585413870201, 0.17152649755800331, 0.17073476006057484),
               tolerance = 1e-9)
  # Bar's siblings Author and Ctrl are not adjacent: {}, {Author} and {Ctrl}.
  expect_identical(unclass(got$parents), list(character(), "Author", "Ctrl"))
})

test_that("a Gaussian effect is the regression coefficient of x given each parent set", {
  set.seed(2)
  x <- data.frame(A = rnorm(300))
  x$B <- x$A + rnorm(300)
  x$C <- 0.5 * x$B - x$A + rnorm(300)
  g <- cpdag(bn_graph_from_string("[A][B|A][C|A:B]"))  # complete: six DAGs
  local <- causal_effect(g, x, "B", "C")
  expect_equal(local$effect, c(coef(lm(C ~ B, x))[["B"]], coef(lm(C ~ B + A, x))[["B"]], 0,
                               0), tolerance = 1e-10)
  expect_identical(unclass(local$parents), list(character(), "A", "C", c("A", "C")))
  global <- causal_effect(g, x, "B", "C", method = "global")
  # Over the six orders of A, B, C, the parents of B are {} twice, {A} once, {C} once and
  # {A, C} twice.
  expect_identical(nrow(global), 6L)
  expect_equal(sort(global$effect), sort(c(rep(coef(lm(C ~ B, x))[["B"]], 2),
                                           coef(lm(C ~ B + A, x))[["B"]], 0, 0, 0)),
               tolerance = 1e-10)
})

# Plain-R v-structures of a DAG adjacency matrix, as sorted strings "a>c<b".
plain_v_structures <- function(a) {
  out <- character()
  for (c in colnames(a)) {
    parents <- colnames(a)[a[, c] == 1]
    for (pair in if (length(parents) > 1) utils::combn(parents, 2, simplify = FALSE) else list()) {
      if (a[pair[1], pair[2]] == 0 && a[pair[2], pair[1]] == 0) {
        out <- c(out, paste0(pair[1], ">", c, "<", pair[2]))
      }
    }
  }
  sort(out)
}

test_that("the global method enumerates exactly the DAGs of the class (brute force)", {
  nodes <- c("A", "B", "C", "D")
  dags <- brute_force_dags(nodes)
  for (model in c("[A][B|A][C|A:B][D|C]", "[A][B|A][C|B][D|B]", "[A][C][B|A:C][D|B]",
                  "[A][B|A][C|A:B][D|A:B:C]")) {
    truth <- as.matrix(bn_graph_from_string(model))[nodes, nodes]
    skeleton <- (truth + t(truth)) > 0
    members <- Filter(function(a) {
      identical((a + t(a)) > 0, skeleton) &&
        identical(plain_v_structures(a), plain_v_structures(truth))
    }, dags)
    g <- cpdag(bn_graph_from_string(model))
    for (node in nodes) {
      want <- sort(vapply(members, function(a) paste(nodes[a[, node] == 1], collapse = ","), ""))
      got <- learnbn:::global_parent_sets(as.matrix(g)[nodes, nodes], node, 1e4)
      expect_identical(sort(vapply(got, paste, "", collapse = ",")), want)
    }
  }
})

# P(y = level | do(x = value)) by back-door adjustment for `parents`, from table().
plain_backdoor <- function(d, x, y, parents, value, level) {
  if (!length(parents)) return(mean(d[[y]][d[[x]] == value] == level))
  config <- interaction(d[parents], drop = TRUE)
  sum(vapply(levels(config), function(z) {
    in_z <- config == z
    mean(d[[y]][in_z & d[[x]] == value] == level) * mean(in_z)
  }, numeric(1)))
}

test_that("discrete effects are back-door differences of interventional probabilities", {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(3)
  d <- simulate_data(asia, 3000)
  g <- cpdag(asia$graph)
  got <- causal_effect(g, d, "smoke", "dysp", x_levels = c("no", "yes"), y_level = "yes")
  # smoke's siblings in the CPDAG are lung and bronc (not adjacent): {}, {lung}, {bronc}.
  expect_identical(unclass(got$parents), list(character(), "lung", "bronc"))
  for (i in seq_len(nrow(got))) {
    s <- got$parents[[i]]
    expect_equal(got$p0[i], plain_backdoor(d, "smoke", "dysp", s, "no", "yes"), tolerance = 1e-12)
    expect_equal(got$p1[i], plain_backdoor(d, "smoke", "dysp", s, "yes", "yes"), tolerance = 1e-12)
  }
  expect_equal(got$effect, got$p1 - got$p0)
  # Defaults: the first two levels of x (yes, then no) and the first level of y.
  default <- causal_effect(g, d, "smoke", "dysp")
  expect_equal(default$effect, -got$effect, tolerance = 1e-12)
  # y a parent of x in some DAGs: 0, and both probabilities the marginal.
  back <- causal_effect(g, d, "lung", "smoke", method = "global")
  with_smoke <- vapply(back$parents, function(s) "smoke" %in% s, NA)
  expect_true(any(with_smoke) && any(!with_smoke))
  expect_identical(back$effect[with_smoke], rep(0, sum(with_smoke)))
  expect_equal(back$p0[with_smoke], rep(mean(d$smoke == "yes"), sum(with_smoke)))
})

test_that("on a saturated model the effect is that of query(do = ) on the MLE fit", {
  set.seed(4)
  d <- data.frame(A = factor(sample(c("a0", "a1"), 400, TRUE)))
  d$B <- factor(ifelse(runif(400) < ifelse(d$A == "a1", 0.7, 0.2), "b1", "b0"))
  d$C <- factor(ifelse(runif(400) < 0.2 + 0.3 * (d$A == "a1") + 0.4 * (d$B == "b1"), "c1", "c0"))
  g <- cpdag(bn_graph_from_string("[A][B|A][C|A:B]"))
  got <- causal_effect(g, d, "B", "C", method = "global", x_levels = c("b0", "b1"),
                       y_level = "c1")
  expect_identical(nrow(got), 6L)
  # Each DAG of the complete class is saturated, so its MLE fit reproduces the data's joint
  # frequencies and query(do = ) gives the back-door formula.
  dags <- list("[A][B|A][C|A:B]", "[B][A|B][C|A:B]", "[A][C|A][B|A:C]", "[C][A|C][B|A:C]",
               "[B][C|B][A|B:C]", "[C][B|C][A|B:C]")
  for (model in dags) {
    fit <- fit_parameters(bn_graph_from_string(model), d, method = "mle")
    pa <- parents(fit, "B")
    row <- which(vapply(got$parents, function(s) setequal(s, pa), NA))[1]
    p1 <- query(fit, "C", do = list(B = "b1"))[["c1"]]
    p0 <- query(fit, "C", do = list(B = "b0"))[["c1"]]
    expect_equal(c(got$p0[row], got$p1[row]), c(p0, p1), tolerance = 1e-12)
  }
})

test_that("bad input to causal_effect() is a classed error", {
  set.seed(5)
  x <- data.frame(A = rnorm(50), B = rnorm(50), C = rnorm(50))
  g <- cpdag(bn_graph_from_string("[A][B|A][C|B]"))
  amat <- matrix(0L, 3, 3, dimnames = list(c("A", "B", "C"), c("A", "B", "C")))
  amat["A", "B"] <- 2L
  amat["B", "A"] <- 1L
  pag <- learnbn:::new_bn_pag(amat)
  with_bidirected <- as.matrix(g)
  with_bidirected["A", "C"] <- with_bidirected["C", "A"] <- 1L
  bidirected <- bn_graph(with_bidirected, bidirected = data.frame(from = "A", to = "C"))
  expect_error(causal_effect(pag, x, "A", "C"), class = "learnbn_error_pag")
  expect_error(causal_effect(bidirected, x, "A", "C"), class = "learnbn_error_bidirected")
  expect_error(causal_effect(g, x, "A", "A"), class = "learnbn_error_value")
  expect_error(causal_effect(g, x, "A", "Z"), class = "learnbn_error_unknown_node")
  expect_error(causal_effect(g, x, 1, "A"), class = "learnbn_error_type")
  expect_error(causal_effect(g, x[1:2], "A", "B"), class = "learnbn_error_unknown_node")
  expect_error(causal_effect(g, x, "A", "C", method = "all"), class = "learnbn_error_value")
  expect_error(causal_effect(g, x, "A", "C", method = "global", max_dags = 2),
               class = "learnbn_error_too_large")
  mixed <- data.frame(A = x$A, B = factor(x$B > 0), C = x$C)
  expect_error(causal_effect(g, mixed, "A", "C"), class = "learnbn_error_data_type")
  # The chordless undirected cycle A - B - C - D - A: every orientation has a v-structure.
  square <- matrix(c(0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0), 4,
                   dimnames = list(LETTERS[1:4], LETTERS[1:4]))
  expect_error(causal_effect(bn_graph(square), cbind(x, D = rnorm(50)), "A", "C"),
               class = "learnbn_error_no_extension")
  d <- data.frame(A = factor(c("u", "v", "u", "v")), B = factor(c("p", "p", "q", "q")),
                  C = factor(c("s", "t", "t", "s")))
  expect_error(causal_effect(g, d, "A", "C", x_levels = c("u", "w")), class = "learnbn_error_value")
  expect_error(causal_effect(g, d, "A", "C", x_levels = "u"), class = "learnbn_error_type")
  expect_error(causal_effect(g, d, "A", "C", y_level = "x"), class = "learnbn_error_value")
  # B = p only with A = u... : every configuration of {B} must occur with both levels of A.
  d2 <- data.frame(A = factor(c("u", "u", "v", "v")), B = factor(c("p", "p", "q", "q")),
                   C = factor(c("s", "t", "t", "s")))
  expect_warning(na <- causal_effect(g, d2, "A", "C", method = "global"),
                 class = "learnbn_warning_positivity")
  expect_true(anyNA(na$effect))
  expect_snapshot(error = TRUE, {
    causal_effect(pag, x, "A", "C")
    causal_effect(g, x, "A", "A")
    causal_effect(g, x, "A", "C", method = "global", max_dags = 2)
    causal_effect(g, d, "A", "C", x_levels = c("u", "w"))
  })
  expect_snapshot(causal_effect(g, d2, "B", "C", x_levels = c("p", "q")))
})
