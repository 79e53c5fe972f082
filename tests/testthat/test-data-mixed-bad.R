# Bad input of mixed data (issue 35's list): each a classed error or a warning that names
# the columns. The expected outcomes follow from the definitions: a continuous family
# needs more cases than coefficients in every configuration of its discrete parents, and
# a residual variance above 0 (score/conditional_gaussian.hpp, bnlearn's rule).

mixed_frame <- function(n = 200) {
  set.seed(35)
  a <- factor(sample(c("x", "y"), n, TRUE))
  b <- rnorm(n)
  data.frame(a = a, b = b, c = b + ifelse(a == "x", 1, -1) + rnorm(n, sd = 0.5))
}

test_that("a factor with one level among numeric columns warns and stays unconnected", {
  d <- mixed_frame()
  d$f <- factor(rep("only", nrow(d)))
  expect_snapshot(g <- hill_climb(d))
  expect_identical(sum(as.matrix(g)[, "f"]) + sum(as.matrix(g)["f", ]), 0L)
})

test_that("a numeric column with NA stops the learners that need complete rows", {
  d <- mixed_frame()
  d$b[c(3, 50)] <- NA
  expect_snapshot(error = TRUE, {
    hill_climb(d)
    fit_parameters(bn_graph_from_string("[a][b][c|a:b]"), d)
  })
  expect_error(hill_climb(d), class = "learnbn_error_missing")
  # pc() uses each test's available cases: 198 rows for the tests that involve b.
  g <- pc(d)
  expect_identical(unique(g$info$tests$n[g$info$tests$x == "b" | g$info$tests$y == "b"]), 198)
})

test_that("a discrete column with 10,000 levels next to continuous ones warns, naming it", {
  set.seed(1)
  n <- 12000
  d <- data.frame(id = factor(sprintf("id%05d", c(1:10000, sample(10000, n - 10000)))),
                  y = rnorm(n))
  d$z <- d$y + rnorm(n)
  # Each of the 8,000 or so levels seen once leaves its configuration without residual
  # variance, so no continuous family with id as a parent has a finite score.
  singles <- sum(table(d$id) == 1)
  expect_snapshot(g <- hill_climb(d), transform = function(x) {
    sub(format(singles, big.mark = ","), "<singles>", x, fixed = TRUE)
  })
  # The one arc joins y and z (either way: the two directions score alike).
  expect_identical(sort(unlist(arcs(g)[c("from", "to")], use.names = FALSE)), c("y", "z"))
})

test_that("a continuous parent of a discrete node: excluded, and an error when asked for", {
  d <- mixed_frame()
  g <- hill_climb(d)
  expect_identical(g$info$excluded_arcs, data.frame(from = c("b", "c"), to = c("a", "a")))
  expect_snapshot(error = TRUE, {
    hill_climb(d, whitelist = data.frame(from = "b", to = "a"))
    fit_parameters(bn_graph_from_string("[b][a|b][c|a:b]"), d)
  })
  expect_error(tabu_search(d, start = bn_graph_from_string("[c][a|c][b]")),
               class = "learnbn_error_continuous_parent")
})

test_that("collinear continuous columns: an error, or a warning within one configuration", {
  d <- mixed_frame()
  everywhere <- transform(d, c = 2 * b + 1)
  # 1 - R^2 is 0 or a rounding error, which depends on the machine.
  tiny <- function(x) sub("1 - R\\^2 = [0-9.e-]+\\)", "1 - R^2 = <tiny>)", x)
  expect_snapshot(error = TRUE, transform = tiny, {
    hill_climb(everywhere)
    pc(everywhere)
  })
  expect_error(hill_climb(everywhere), class = "learnbn_error_collinear")
  # With missing cells (pc() takes them) the rows where both are observed are checked.
  holes <- everywhere
  holes$b[3] <- NA
  holes$c[5] <- NA
  expect_error(pc(holes), class = "learnbn_error_collinear")
  holes$c[7] <- holes$c[7] + 1  # no longer a linear function of b on those rows
  expect_s3_class(pc(holes), "bn_graph")
  # c = 2 b + 1 where a is "x" only: the family c | a, b is an exact fit there.
  within <- transform(d, c = ifelse(a == "x", 2 * b + 1, c))
  g <- bn_graph_from_string("[a][b][c|a:b]")
  expect_snapshot(error = TRUE, {
    s <- network_score(g, within)
    fit_parameters(g, within)
  })
  expect_warning(s <- network_score(g, within), class = "learnbn_warning_singular")
  expect_identical(s, -Inf)
  learned <- hill_climb(within)
  expect_false(all(c("a", "b") %in% parents(learned, "c")))
})

test_that("a configuration with fewer cases than coefficients: a warning, an error", {
  # Level "y" of a has two cases: c's regression on b there has two coefficients.
  set.seed(2)
  b <- rnorm(102)
  a <- factor(c(rep("x", 100), "y", "y"))
  d <- data.frame(a = a, b = b, c = b + 2 * (a == "y") + rnorm(102, sd = 0.3))
  g <- bn_graph_from_string("[a][b][c|a:b]")
  expect_snapshot(error = TRUE, {
    s <- network_score(g, d)
    fit_parameters(g, d)
  })
  # mi_cg counts the singular model 0 (as bnlearn 4.9's ci.test(): statistic 0, df 2).
  expect_snapshot(test <- ci_test(d, "b", "c", "a"))
  expect_identical(c(test$statistic, test$df, test$p_value), c(0, 2, 1))
  # So pc() drops the strong b - c edge (as bnlearn 4.9's pc.stable(test = "mi-cg"): no
  # arcs), and says why.
  expect_snapshot(g <- pc(d))
  expect_identical(nrow(arcs(g)), 0L)
  expect_lt(ci_test(d, "b", "c")$p_value, 1e-20)
})
