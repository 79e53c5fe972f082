# Warnings about columns that are probably not variables (issue 33): R/data-columns.R.

test_that("string and factor columns with a value per case get a classed identifier warning", {
  set.seed(1)
  x <- data.frame(id = sprintf("id%03d", 1:500), a = sample(c("x", "y"), 500, TRUE))
  w <- expect_warning(bn_data(x), class = "learnbn_warning_identifier")
  expect_match(conditionMessage(w), "Column \"id\" of `x` has a different value in nearly every case",
               fixed = TRUE)
  expect_match(conditionMessage(w), "Drop it", fixed = TRUE)
  # Factors too, and every such column in one warning; a learner names its argument.
  x$code <- factor(sprintf("c%03d", 500:1))
  w <- expect_warning(hill_climb(x), class = "learnbn_warning_identifier")
  expect_match(conditionMessage(w), "Columns \"id\" and \"code\" of `data`", fixed = TRUE)
  # The rule: distinct observed values in at least 90% of more than 10 observed cases.
  expect_warning(bn_data(data.frame(v = c(letters[1:10], "a"))), class = "learnbn_warning_identifier")
  expect_no_warning(bn_data(data.frame(v = letters[1:10])))  # 10 cases only
  expect_no_warning(bn_data(data.frame(v = c(letters[1:9], "a", "b", "c"))))  # 9 of 12
  # Missing cells are not cases; declared levels that never occur are not values.
  expect_warning(bn_data(data.frame(v = c(letters[1:11], rep(NA, 20))), missing = "allow"),
                 class = "learnbn_warning_identifier")
  many <- factor(rep(c("a", "b"), 10), levels = letters)
  expect_no_warning(suppressWarnings(bn_data(data.frame(v = many)), class = "learnbn_warning_unused_levels"))
  # With case counts, cases are compared: 20 configurations of 100 cases are no identifier.
  counted <- data.frame(v = letters[1:20], n = 5)
  expect_no_warning(bn_data(counted, counts = "n"))
  expect_warning(bn_data(transform(counted, n = 1), counts = "n"), class = "learnbn_warning_identifier")
  # Whole numbers are the many-levels warning's, logicals cannot be identifiers.
  expect_no_warning(bn_data(data.frame(v = 1:500), type = "discrete"))
})

test_that("unused factor levels are kept, with a classed warning saying droplevels()", {
  set.seed(3)
  n <- 200
  a <- factor(sample(c("p", "q", "r", "s"), n, TRUE))
  b <- factor(ifelse(runif(n) < ifelse(a == "p", 0.7, 0.4), "u", "v"))
  x <- subset(data.frame(a, b), a %in% c("p", "q"))
  w <- expect_warning(bn_data(x), class = "learnbn_warning_unused_levels")
  expect_match(conditionMessage(w), "Factor column \"a\" (\"r\" and \"s\") of `x` has levels that never occur",
               fixed = TRUE)
  expect_match(conditionMessage(w), "droplevels(x)", fixed = TRUE)
  # Pearson's X2 of the 2 x 2 table by hand: the declared levels change df from 1 to 3.
  observed <- table(droplevels(x))
  expected <- outer(rowSums(observed), colSums(observed)) / sum(observed)
  x2 <- sum((observed - expected)^2 / expected)
  expect_warning(kept <- ci_test(x, "a", "b"), class = "learnbn_warning_unused_levels")
  expect_equal(c(kept$statistic, kept$df, kept$p_value),
               c(x2, 3, stats::pchisq(x2, 3, lower.tail = FALSE)), tolerance = 1e-10)
  dropped <- expect_no_warning(ci_test(droplevels(x), "a", "b"))
  expect_equal(c(dropped$statistic, dropped$df, dropped$p_value),
               c(x2, 1, stats::pchisq(x2, 1, lower.tail = FALSE)), tolerance = 1e-10)
  expect_lt(dropped$p_value, 0.05)
  expect_gt(kept$p_value, 0.05)
  # Every column in one warning, a few levels of each.
  x$c <- factor(rep("k", nrow(x)), levels = c("k", letters[1:8]))
  w <- expect_warning(bn_data(x), class = "learnbn_warning_unused_levels")
  expect_match(conditionMessage(w), "\"a\" (\"r\" and \"s\"), \"c\" (\"a\", \"b\", \"c\" and 5 more)",
               fixed = TRUE)
})

test_that("levels first seen past the first thousand rows are used, the others not", {
  # unused_levels() counts a column whole only when its first 1,000 rows miss a level.
  late <- factor(c(rep("a", 1200), "b", rep("a", 299)), levels = c("a", "b"))
  never <- factor(rep(c("a", "b"), 750), levels = c("a", "b", "z"))
  expect_no_warning(bn_data(data.frame(late, v = rep(c("p", "q"), 750))))
  w <- expect_warning(bn_data(data.frame(late, never)), class = "learnbn_warning_unused_levels")
  expect_match(conditionMessage(w), "Factor column \"never\" (\"z\") of", fixed = TRUE)
})

test_that("declared levels are not warned about: tables, count-table rows, simulated data", {
  # A table's dimnames, and a count table listing a configuration with no case.
  tab <- table(a = factor(c("p", "q"), levels = c("p", "q", "r")), b = c("u", "v"))
  expect_no_warning(d <- bn_data(tab))
  expect_identical(d$levels$a, c("p", "q", "r"))
  counted <- data.frame(a = factor(c("p", "q", "r")), b = c("u", "v", "u"), n = c(4, 5, 0))
  expect_no_warning(d <- bn_data(counted, counts = "n"))
  expect_identical(d$levels$a, c("p", "q", "r"))
  expect_no_warning(bn_data(florida))
  # Data drawn from a network, completed by impute() or converted back from a bn_data.
  fit <- fit_parameters(bn_graph_from_string("[a][b|a]"),
                        data.frame(a = c("p", "q", "r"), b = c("u", "v", "u")))
  set.seed(1)
  sim <- simulate_data(fit, 2)
  expect_lt(nlevels(droplevels(sim)$a), 3)
  expect_no_warning(bn_data(sim))
  filled <- impute(fit, data.frame(a = c("p", NA), b = c(NA, "u")))
  expect_lt(nlevels(droplevels(filled)$a), 3)
  expect_no_warning(bn_data(filled))
  d <- suppressWarnings(bn_data(data.frame(a = factor(c("p", "p"), levels = c("p", "q")))),
                        classes = "learnbn_warning_unused_levels")
  expect_no_warning(bn_data(as.data.frame(d)))
})

test_that("the string \"NA\" as a value or a level gets a classed warning", {
  x <- data.frame(a = c("x", "NA", "y", "x"), b = factor(c("u", "v", "NA", "u")),
                  c = c("p", "q", "p", "q"))
  w <- expect_warning(bn_data(x), class = "learnbn_warning_na_string")
  expect_match(conditionMessage(w), "Columns \"a\" and \"b\" of `x` have the string \"NA\" as a value",
               fixed = TRUE)
  expect_match(conditionMessage(w), "x[x == \"NA\"] <- NA", fixed = TRUE)
  d <- suppressWarnings(bn_data(x))
  expect_identical(d$levels$a, c("NA", "x", "y"))
  # Converted as the warning says: a missing value, no warning.
  x$a[x$a == "NA"] <- NA
  x$b[x$b == "NA"] <- NA
  expect_no_warning(d <- bn_data(droplevels(x), missing = "allow"))
  expect_identical(d$missing, c(a = 1, b = 1, c = 0))
})
