# The mixed-data test mi_cg (citest/conditional_gaussian.hpp) against bnlearn 4.9.
# Reference values: bnlearn 4.9 (/work/anchor-lib), computed once with
#   d <- read.csv(gzfile("ref/clgaussian_400.csv.gz"), stringsAsFactors = TRUE)
#   r <- bnlearn::ci.test(x, y, z, data = d, test = "mi-cg")
#   sprintf("%.17g", c(r$statistic, r$parameter, r$p.value))
# (A, B, C, F discrete; D, E, G, H continuous.) The cases cover every branch: both
# continuous (given nothing, continuous z, discrete z), one discrete, both discrete
# given continuous z with and without discrete z, and x and y swapped where bnlearn's
# statistic is not symmetric.

clg <- read.csv(gzfile(test_path("ref", "clgaussian_400.csv.gz")), stringsAsFactors = TRUE)

mi_cg_reference <- read.table(sep = "|", col.names = c("x", "y", "z", "stat", "df", "p"),
                              colClasses = c(rep("character", 3), rep("numeric", 3)), text = "
A|G||361.8798603043424|2|2.622930474302888e-79
G|A||361.8798603043424|2|2.622930474302888e-79
E|G|A|207.31725245495181|2|9.5858499756032539e-46
E|G|A,B|46.220722403085801|6|2.6756022222677926e-08
A|G|E|384.41828288287707|3|5.2492583583618786e-83
G|A|E,H|385.12879411458243|4|4.5411978762888612e-82
A|G|B,E|225.72084714396988|9|1.3096316926439505e-43
A|B|E|771.93987427555044|2|2.3734829730828998e-168
A|B|E,G|965.62539803616949|2|2.0754344612152002e-210
A|B|C,E,G|1075.6482264617234|48|6.8727575399453693e-194
B|A|C,E,G|502.30428138998792|28|2.2588848211021702e-88
E|G|A,F|1135.6820614776982|4|1.3956119085266518e-244
H|D|A,E,G|33.813415881773437|2|4.5447503747128926e-08")

test_that("mi_cg equals bnlearn's mi-cg: statistic, df and p-value", {
  d <- bn_data(clg)
  for (k in seq_len(nrow(mi_cg_reference))) {
    ref <- mi_cg_reference[k, ]
    z <- if (nzchar(ref$z)) strsplit(ref$z, ",")[[1]] else character()
    res <- ci_test(d, ref$x, ref$y, z)
    expect_identical(res$test, "mi_cg")
    expect_equal(res$statistic, ref$stat, tolerance = 1e-8, info = k)
    expect_identical(res$df, ref$df, info = k)
    expect_equal(res$p_value, ref$p, tolerance = 1e-8, info = k)
    expect_identical(res$n, 400)
  }
})

test_that("mi_cg's branches bnlearn does not take equal their textbook statistics", {
  d <- bn_data(clg)
  # both continuous given nothing: -N log(1 - r^2), df 1
  r <- cor(clg$E, clg$G)
  res <- ci_test(d, "E", "G")
  expect_equal(res$statistic, -400 * log(1 - r^2), tolerance = 1e-10)
  expect_identical(res$df, 1)
  # both discrete, discrete z: the G2 test of the discrete data
  expect_equal(ci_test(d, "A", "B", "C")$statistic,
               ci_test(clg[c("A", "B", "C")], "A", "B", "C", test = "g2")$statistic,
               tolerance = 1e-12)
  # one discrete, given nothing: 2 (ll(G | A) - ll(G)) with unbiased variances (as
  # bnlearn's CLG log-likelihood), df 2 (|A| - 1)
  ll <- function(fit) {
    s <- sqrt(sum(residuals(fit)^2) / df.residual(fit))
    sum(dnorm(residuals(fit), 0, s, log = TRUE))
  }
  by_a <- sum(vapply(split(clg$G, clg$A), function(g) ll(lm(g ~ 1)), 0))
  expect_equal(ci_test(d, "G", "A")$statistic, 2 * (by_a - ll(lm(G ~ 1, clg))), tolerance = 1e-10)
})

test_that("mi_cg is the test of mixed data, and only of them", {
  expect_error(ci_test(clg, "A", "G", test = "mi"), class = "learnbn_error_data_type")
  expect_error(ci_test(clg[c("A", "B")], "A", "B", test = "mi_cg"),
               class = "learnbn_error_data_type")
  expect_error(ci_test(clg, "A", "G", test = "mi-cg"), "mi_cg",
               class = "learnbn_error_unknown_test")
})

# bnlearn 4.9: bnlearn::pc.stable(d, test = "mi-cg", alpha = 0.05), skeleton edges
# (the mtcars columns below with cyl, vs, am, gear as factors).
skeleton_edges <- function(g) {
  a <- g$amat != 0
  a <- a | t(a)
  w <- which(a & upper.tri(a), arr.ind = TRUE)
  sort(apply(cbind(rownames(a)[w[, 1]], colnames(a)[w[, 2]]), 1,
             function(e) paste(sort(e), collapse = "-")))
}

test_that("pc() on mixed data finds bnlearn's pc.stable(test = 'mi-cg') skeleton", {
  expect_identical(skeleton_edges(pc(iris)),
                   sort(c("Petal.Length-Petal.Width", "Petal.Length-Sepal.Length",
                          "Petal.Length-Species", "Petal.Width-Sepal.Width",
                          "Petal.Width-Species", "Sepal.Length-Species",
                          "Sepal.Width-Species")))
  mt <- mtcars[c("mpg", "cyl", "disp", "hp", "vs", "am", "gear", "wt")]
  for (v in c("cyl", "vs", "am", "gear")) mt[[v]] <- factor(mt[[v]])
  # 32 cars: some tests given gear meet a configuration with too few cases (a warning).
  expect_warning(g <- suppressMessages(pc(mt)), class = "learnbn_warning_singular")
  expect_identical(skeleton_edges(g), sort(c("am-gear", "am-wt", "cyl-vs", "disp-wt", "mpg-wt")))
})

# bnlearn 4.9 on the columns in name order (the order learnbn visits them in):
# bnlearn::mmpc(), si.hiton.pc(), gs() with test = "mi-cg", alpha = 0.05,
# undirected = TRUE, skeleton edges.
test_that("mmpc(), hiton_pc() and gs() on mixed data find bnlearn's skeletons", {
  iris_edges <- sort(c("Petal.Length-Petal.Width", "Petal.Length-Sepal.Length",
                       "Petal.Length-Species", "Petal.Width-Sepal.Width",
                       "Petal.Width-Species", "Sepal.Length-Species", "Sepal.Width-Species"))
  mt <- mtcars[c("mpg", "cyl", "disp", "hp", "vs", "am", "gear", "wt")]
  for (v in c("cyl", "vs", "am", "gear")) mt[[v]] <- factor(mt[[v]])
  mt <- suppressMessages(bn_data(mt))
  expected_mt <- list(mmpc = c("am-gear", "am-wt", "cyl-vs", "disp-wt", "mpg-wt"),
                      hiton_pc = c("am-gear", "am-wt", "disp-wt", "mpg-wt"),
                      gs = c("am-disp", "cyl-vs"))
  for (f in names(expected_mt)) {
    learner <- get(f, asNamespace("learnbn"))
    expect_identical(skeleton_edges(learner(iris)), iris_edges, info = f)
    expect_identical(skeleton_edges(learner(mt)), sort(expected_mt[[f]]), info = f)
  }
})

test_that("hybrid() on mixed data restricts with mi_cg and maximises the CG BIC", {
  # bnlearn 4.9: mmhc(iris[sort(names(iris))], restrict.args = list(test = "mi-cg",
  # alpha = 0.05), maximize.args = list(score = "bic-cg")), score(type = "bic-cg"):
  # -302.49445973303352 (an equivalent DAG of the same CPDAG).
  g <- hybrid(iris)
  expect_equal(network_score(g, iris, score = "bic"), -302.49445973303352, tolerance = 1e-10)
  expect_identical(g$info$pc$edges, 7L)  # the skeleton of pc(iris), as bnlearn's
  expect_identical(nrow(g$info$excluded_arcs), 4L)
})

test_that("minimal_imap() refuses mixed data", {
  expect_error(minimal_imap(iris, order = names(iris)), "one variable on each side",
               class = "learnbn_error_data_type")
})
