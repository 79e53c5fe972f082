# A parent A with three states (z never observed) and a binary child B.
# (A's level z, which never occurs, is declared on purpose: no unused-levels warning)
hand_counts <- structure(data.frame(
  A = factor(c("x", "x", "y", "y"), levels = c("x", "y", "z")),
  B = factor(c("u", "v", "u", "v"), levels = c("u", "v")),
  count = c(3, 1, 2, 4)
), declared_levels = TRUE)
hand_graph <- function() bn_graph_from_string("[A][B|A]")

test_that("mle CPTs match counts computed by hand", {
  fit <- fit_parameters(hand_graph(), bn_data(hand_counts, counts = "count"), method = "mle")
  expect_s3_class(fit, "bn_fit")
  expect_identical(fit$method, "mle")
  expect_null(fit$iss)
  expect_identical(names(fit$cpts), c("A", "B"))
  expect_identical(fit$levels, list(A = c("x", "y", "z"), B = c("u", "v")))
  expect_equal(as.vector(cpt(fit, "A")), c(4, 6, 0) / 10)
  expect_identical(dimnames(cpt(fit, "A")), list(A = c("x", "y", "z")))
  b <- cpt(fit, "B")
  expect_identical(dimnames(b), list(B = c("u", "v"), A = c("x", "y", "z")))
  expect_equal(b[, "x"], c(u = 3 / 4, v = 1 / 4))
  expect_equal(b[, "y"], c(u = 2 / 6, v = 4 / 6))
  # a parent configuration never observed gets the uniform distribution
  expect_equal(b[, "z"], c(u = 1 / 2, v = 1 / 2))
})

test_that("bayes CPTs are the BDeu posterior means computed by hand", {
  d <- bn_data(hand_counts, counts = "count")
  fit <- fit_parameters(hand_graph(), d)
  expect_identical(fit$method, "bayes")
  expect_identical(fit$iss, 1)
  # A: q = 1, r = 3, alpha_ijk = 1/3, alpha_ij = 1
  expect_equal(as.vector(cpt(fit, "A")), (c(4, 6, 0) + 1 / 3) / (10 + 1))
  # B: q = 3, r = 2, alpha_ijk = 1/6, alpha_ij = 1/3
  b <- cpt(fit, "B")
  expect_equal(unname(b[, "x"]), (c(3, 1) + 1 / 6) / (4 + 1 / 3))
  expect_equal(unname(b[, "y"]), (c(2, 4) + 1 / 6) / (6 + 1 / 3))
  expect_equal(unname(b[, "z"]), c(1 / 2, 1 / 2))
  fit6 <- fit_parameters(hand_graph(), d, method = "bayes", iss = 6)
  # alpha_ijk = 6 / (3 * 2) = 1 for B, 6 / 3 = 2 for A
  expect_equal(unname(cpt(fit6, "B")[, "x"]), c(4, 2) / 6)
  expect_equal(as.vector(cpt(fit6, "A")), c(6, 8, 2) / 16)
})

test_that("a count-weighted bn_data gives the same fit as the expanded rows", {
  expanded <- hand_counts[rep(seq_len(nrow(hand_counts)), hand_counts$count), c("A", "B")]
  attr(expanded, "declared_levels") <- TRUE
  for (method in c("mle", "bayes")) {
    weighted <- fit_parameters(hand_graph(), bn_data(hand_counts, counts = "count"), method)
    plain <- fit_parameters(hand_graph(), expanded, method)
    expect_equal(weighted, plain)
  }
})

test_that("every CPT sums to 1 over its first dimension", {
  g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  d <- bn_data(college_plans, counts = "count")
  for (method in c("mle", "bayes")) {
    fit <- fit_parameters(g, d, method)
    for (table in fit$cpts) {
      sums <- colSums(matrix(table, nrow = dim(table)[1]))
      expect_equal(sums, rep(1, length(sums)))
    }
  }
})

test_that("college_plans CPTs match an xtabs() computation", {
  g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  d <- bn_data(college_plans, counts = "count")
  fit_mle <- fit_parameters(g, d, method = "mle")
  fit_bayes <- fit_parameters(g, d, method = "bayes", iss = 10)
  expect_identical(fit_bayes$iss, 10)
  expect_identical(nparams(fit_mle), 1 + 3 + 3 * 4 + 1 * 2 * 4 * 4 + 1 * 2 * 4 * 4)

  for (node in c("CP", "PE", "IQ")) {
    table <- unclass(cpt(fit_mle, node))
    family <- names(dimnames(table))
    expect_setequal(family[-1], graph_parents(g)[[node]])
    counts <- xtabs(stats::as.formula(paste("count ~", paste(family, collapse = " + "))),
                    data = college_plans)
    counts <- array(counts, dim = dim(counts), dimnames = dimnames(counts))
    margins <- seq_along(family)[-1]
    n_ij <- apply(counts, margins, sum)
    expected_mle <- sweep(counts, margins, n_ij, "/")
    expect_equal(table, expected_mle)
    r <- dim(counts)[1]
    q <- length(counts) / r
    expected_bayes <- sweep(counts + 10 / (q * r), margins, n_ij + 10 / q, "/")
    expect_equal(unclass(cpt(fit_bayes, node)), expected_bayes)
  }
  # spot values: P(CP = yes | PE = high, IQ = high, SES = high), P(SEX = male)
  cp <- college_plans
  sel <- cp$PE == "high" & cp$IQ == "high" & cp$SES == "high"
  expect_equal(cpt(fit_mle, "CP")["yes", "high", "high", "high"],
               sum(cp$count[sel & cp$CP == "yes"]) / sum(cp$count[sel]))
  expect_equal(cpt(fit_mle, "SEX")[["male"]],
               sum(cp$count[cp$SEX == "male"]) / sum(cp$count))
})

test_that("fit_parameters accepts a data.frame with extra columns", {
  g <- bn_graph_from_string("[SES][IQ|SES]")
  fit <- fit_parameters(g, bn_data(college_plans, counts = "count"), method = "mle")
  expect_identical(names(fit$cpts), c("SES", "IQ"))
  frame <- fit_parameters(g, college_plans[c("SEX", "IQ", "SES")], method = "mle")
  expect_identical(frame$levels, fit$levels)
})

test_that("fit_parameters checks its arguments", {
  d <- bn_data(hand_counts, counts = "count")
  expect_error(fit_parameters(matrix(1), d), class = "learnbn_error_type")
  undirected <- bn_graph(matrix(c(0, 1, 1, 0), 2, dimnames = list(c("A", "B"), c("A", "B"))))
  expect_error(fit_parameters(undirected, d), class = "learnbn_error_undirected")
  expect_error(fit_parameters(bn_graph_from_string("[A][C|A]"), d),
               class = "learnbn_error_unknown_node")
  expect_error(fit_parameters(hand_graph(), d, method = "ml"), class = "learnbn_error_value")
  # a function was an unclassed "cannot coerce type 'closure'" from the message
  expect_error(fit_parameters(hand_graph(), d, method = mean), class = "learnbn_error_value")
  expect_error(fit_parameters(hand_graph(), d, iss = 0), class = "learnbn_error_value")
  expect_error(fit_parameters(hand_graph(), d, iss = -1), class = "learnbn_error_value")
  expect_error(fit_parameters(hand_graph(), d, iss = Inf), class = "learnbn_error_value")
  expect_error(fit_parameters(hand_graph(), d, iss = "1"), class = "learnbn_error_type")
  expect_error(fit_parameters(hand_graph(), list(1)), class = "learnbn_error_type")
  expect_snapshot(fit_parameters(bn_graph_from_string("[A][C|A][D|C]"), d), error = TRUE)
  expect_snapshot(fit_parameters(undirected, d), error = TRUE)
})

test_that("a CPT larger than the limit is a clear error", {
  wide <- as.data.frame(lapply(stats::setNames(nm = paste0("X", 1:8)), function(x) {
    factor(c("1", "2"), levels = as.character(1:8))
  }))
  attr(wide, "declared_levels") <- TRUE
  g <- bn_graph_from_string(paste0("[X1][X2][X3][X4][X5][X6][X7][X8|X1:X2:X3:X4:X5:X6:X7]"))
  expect_error(fit_parameters(g, wide), class = "learnbn_error_too_large")
  expect_snapshot(fit_parameters(g, wide), error = TRUE)
})

test_that("cpt() and nparams() work and check their arguments", {
  fit <- fit_parameters(hand_graph(), bn_data(hand_counts, counts = "count"))
  expect_identical(unclass(cpt(fit, "B")), fit$cpts$B)
  expect_s3_class(cpt(fit, "B"), "bn_cpt")
  expect_identical(nparams(fit), 2 + 3)
  expect_error(cpt(fit, "Z"), class = "learnbn_error_unknown_node")
  expect_error(cpt(fit, 1), class = "learnbn_error_type")
  expect_error(cpt(list(), "A"), class = "learnbn_error_type")
})

test_that("print.bn_fit is compact", {
  d <- bn_data(college_plans, counts = "count")
  g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  expect_snapshot({
    fit_parameters(g, d)
    fit_parameters(g, d, method = "mle")
  })
  expect_invisible(print(fit_parameters(g, d)))
})

# --- No silent data traps (issue 15) --------------------------------------------------

test_that("fit_parameters(g, college_plans) uses its counts: the CPTs of counts = \"count\"", {
  g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  # Before: `count` was an ignored extra column and every row one case (128 cases).
  fit <- fit_parameters(g, college_plans, method = "mle")
  expect_identical(fit$cpts, fit_parameters(g, bn_data(college_plans, counts = "count"), method = "mle")$cpts)
  expect_equal(cpt(fit, "SEX")[["male"]], sum(college_plans$count[college_plans$SEX == "male"]) / 10318)
  expect_equal(cpt(fit, "SEX")[["male"]], 4991 / 10318)
  bayes <- fit_parameters(g, college_plans, iss = 5)
  expect_identical(bayes$cpts, fit_parameters(g, bn_data(college_plans, counts = "count"), iss = 5)$cpts)
})

test_that("iss and control that do nothing are named in a classed warning", {
  d <- bn_data(hand_counts, counts = "count")
  expect_snapshot({
    fit <- fit_parameters(hand_graph(), d, method = "mle", iss = 3)
    fit <- fit_parameters(hand_graph(), d, control = list(max_iter = 5))
  })
  expect_warning(fit_parameters(hand_graph(), d, method = "mle", iss = 3),
                 class = "learnbn_warning_unused_argument")
  # The result is the fit without the argument.
  expect_identical(suppressWarnings(fit_parameters(hand_graph(), d, method = "mle", iss = 3))$cpts,
                   fit_parameters(hand_graph(), d, method = "mle")$cpts)
  gaussian <- data.frame(a = c(0.1, 1.3, 2.2, 2.9), b = c(1.2, 0.4, 2.5, 3.1))
  expect_warning(fit_parameters(bn_graph_from_string("[a][b|a]"), gaussian, iss = 2),
                 class = "learnbn_warning_unused_argument")
  expect_no_warning(fit_parameters(hand_graph(), d, method = "bayes", iss = 3))
})

test_that("an iss larger than the number of cases is allowed, with a classed warning", {
  d <- bn_data(hand_counts, counts = "count")
  expect_snapshot(fit <- fit_parameters(hand_graph(), d, iss = 1e9))
  expect_warning(fit_parameters(hand_graph(), d, iss = 11), class = "learnbn_warning_large_iss")
  expect_no_warning(fit_parameters(hand_graph(), d, iss = 10))
  # The fit is still the posterior mean: P(A = x) = (1e9 / 3 + 4) / (1e9 + 10).
  expect_equal(cpt(fit, "A")[["x"]], (1e9 / 3 + 4) / (1e9 + 10))
})
