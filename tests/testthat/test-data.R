test_that("bn_data recodes every column type to 0-based codes and keeps declared levels", {
  df <- data.frame(f = factor(c("b", "a", "b"), levels = c("b", "a", "unused")),
                   s = c("y", "x", "y"), l = c(TRUE, FALSE, TRUE), i = c(10L, 2L, 10L),
                   w = c(3, 1, 3), stringsAsFactors = FALSE)
  expect_warning(d <- bn_data(df), class = "learnbn_warning_unused_levels")
  expect_s3_class(d, "bn_data")
  expect_equal(d$levels, list(f = c("b", "a", "unused"), s = c("x", "y"), l = c("FALSE", "TRUE"),
                              i = c("2", "10"), w = c("1", "3")))
  expect_equal(lapply(names(d$levels), function(v) learnbn:::data_codes(d, v)),
               list(c(0L, 1L, 0L), c(1L, 0L, 1L), c(1L, 0L, 1L), c(1L, 0L, 1L), c(1L, 0L, 1L)))
  expect_type(d$codes$f, "raw")
  expect_equal(dim(d), c(3L, 5L))
  expect_null(d$weights)
  expect_equal(d$n_cases, 3)
  expect_identical(bn_data(d), d)
})

test_that("variables with more than 256 levels are stored as integers", {
  # Each value twice, so that x is not taken for an identifier.
  x <- factor(rep(sprintf("v%03d", 1:300), 2))
  d <- bn_data(data.frame(x = x, y = rep(c("a", "b"), 300)))
  expect_type(d$codes$x, "integer")
  expect_equal(learnbn:::data_codes(d, "x"), rep(0:299, 2))
})

test_that("codes are raw while the levels and the missing code fit a byte", {
  encode <- learnbn:::encode_codes
  expect_identical(encode(c(1:255, NA), 255), as.raw(c(0:254, 255)))
  expect_identical(encode(1:256, 256), as.raw(0:255))
  expect_identical(encode(c(1:256, NA), 256), c(0:255, 65535L))
  expect_identical(encode(c(3L, NA, 300L), 300), c(2L, 65535L, 299L))
})

test_that("every kind of column is coded in one call, with its missing cells counted", {
  x <- data.frame(f = factor(c("b", NA, "a", "b"), levels = c("b", "a", "c")),
                  s = c("y", "x", NA, NA), l = c(TRUE, NA, FALSE, TRUE), w = c(3, 1, 3, NA))
  expect_warning(d <- bn_data(x, missing = "allow"), class = "learnbn_warning_unused_levels")
  expect_identical(d$missing, c(f = 1, s = 2, l = 1, w = 1))
  expect_identical(d$sources, c(f = "factor", s = "character", l = "logical", w = "whole number"))
  expect_identical(d$levels, list(f = c("b", "a", "c"), s = c("x", "y"), l = c("FALSE", "TRUE"), w = c("1", "3")))
  expect_identical(d$codes, list(f = as.raw(c(0, 255, 1, 0)), s = as.raw(c(1, 0, 255, 255)),
                                 l = as.raw(c(1, 255, 0, 1)), w = as.raw(c(1, 0, 1, 255))))
})

test_that("counts weight rows and zero-count rows are dropped", {
  d <- bn_data(florida, counts = "count")
  expect_equal(d$n_cases, 637)
  expect_equal(d$n_rows, sum(florida$count > 0))
  expect_equal(names(d$levels), c("V", "D", "R", "I", "S"))
  back <- as.data.frame(d)
  expect_equal(sum(back$count), 637)
  expect_equal(levels(back$R), c("nonprimary", "primary"))
})

test_that("a table is used as a count table", {
  d <- bn_data(UCBAdmissions)
  expect_equal(d$n_cases, sum(UCBAdmissions))
  expect_equal(d$levels$Dept, LETTERS[1:6])
  expect_equal(learnbn:::family_table(d, "Admit", c("Gender", "Dept")), unclass(UCBAdmissions),
               ignore_attr = TRUE)
})

test_that("bad data fail with classed errors naming the column and the problem", {
  expect_error(bn_data(1:3), class = "learnbn_error_type")
  expect_error(bn_data(data.frame(a = c("x", NA, "y"), b = c(NA, NA, "z"))), class = "learnbn_error_missing")
  expect_error(bn_data(data.frame(a = c(1.5, 2)), type = "discrete"), class = "learnbn_error_continuous")
  expect_error(bn_data(data.frame(a = c(1.5, 2), b = factor(1:2)), type = "gaussian"),
               class = "learnbn_error_mixed")
  expect_error(bn_data(data.frame(a = character())), class = "learnbn_error_empty")
  expect_error(bn_data(data.frame()), class = "learnbn_error_empty")
  dup <- data.frame(a = 1:2, b = 1:2)
  names(dup) <- c("a", "a")
  expect_error(bn_data(dup), class = "learnbn_error_names")
  expect_error(bn_data(data.frame(a = 1:2, n = c(1, -1)), counts = "n"), class = "learnbn_error_counts")
  expect_error(bn_data(data.frame(a = 1:2, n = c(1, 0.5)), counts = "n"), class = "learnbn_error_counts")
  expect_error(bn_data(data.frame(a = 1:2, n = c(1, NA)), counts = "n"), class = "learnbn_error_counts")
  expect_error(bn_data(data.frame(a = 1:2, n = c(0, 0)), counts = "n"), class = "learnbn_error_empty")
  expect_error(bn_data(data.frame(a = 1:2), counts = "n"), class = "learnbn_error_unknown_column")
  expect_error(bn_data(data.frame(a = 1:70000)), class = "learnbn_error_too_many_levels")
  expect_error(bn_data(data.frame(a = I(list(1, 2)))), class = "learnbn_error_type")
  expect_error(bn_data(bn_data(florida, counts = "count"), counts = "count"), class = "learnbn_error_value")
  expect_warning(bn_data(data.frame(a = c("x", "x"), b = c("u", "v"))), class = "learnbn_warning_single_level")
  # Every single-level column in one warning.
  w <- expect_warning(bn_data(data.frame(a = c("x", "x"), b = c("u", "v"), c = c("p", "p"))),
                      class = "learnbn_warning_single_level")
  expect_match(conditionMessage(w), "Columns \"a\" (\"x\"), \"c\" (\"p\") have a single level", fixed = TRUE)
  expect_snapshot(error = TRUE, {
    bn_data(data.frame(a = c("x", NA, "y"), b = c(NA, NA, "z")))
    bn_data(data.frame(a = c(1.5, 2)), type = "discrete")
    bn_data(data.frame(a = c(1.5, 2), b = factor(1:2)), type = "gaussian")
    bn_data(data.frame(a = 1:2, n = c(1, -1)), counts = "n")
  })
})

test_that("hill_climb(college_plans) learns the graph of the declared counts", {
  # Before: `count` was a sixth variable with 90 levels and the graph was empty.
  g <- hill_climb(college_plans)
  expect_identical(nodes(g), c("SEX", "SES", "IQ", "PE", "CP"))
  expect_identical(model_string(g), "[SEX|PE][SES|PE:CP][IQ|PE:CP][PE|CP][CP]")
  counted <- hill_climb(bn_data(college_plans, counts = "count"))
  expect_identical(as.matrix(g), as.matrix(counted))
  expect_equal(g$score, counted$score)
  # florida too: tests see its 637 cases.
  x2 <- ci_test(florida, "V", "S")
  expect_equal(x2$n, 637)
  expect_identical(x2$statistic, ci_test(bn_data(florida, counts = "count"), "V", "S")$statistic)
})

test_that("the counts attribute: counts wins, a dropped column is ignored, as.data.frame keeps it", {
  # An explicit `counts` takes precedence over the attribute.
  d <- bn_data(college_plans[c("SES", "IQ", "count")], counts = "count")
  expect_identical(names(d$levels), c("SES", "IQ"))
  cp <- college_plans
  cp$weight <- 1L
  # (`count` is then a variable, with many levels)
  expect_warning(expect_equal(bn_data(cp, counts = "weight")$n_cases, 128),
                 class = "learnbn_warning_many_levels")
  # Row selection keeps the attribute (and the counts); expanding rows and dropping the
  # column drops both.
  # (the first four rows leave levels unused)
  expect_warning(expect_equal(bn_data(college_plans[1:4, ])$n_cases, sum(college_plans$count[1:4])),
                 class = "learnbn_warning_unused_levels")
  rows <- college_plans[rep(1:128, college_plans$count), 1:5]
  expect_null(attr(rows, "counts"))
  expect_equal(bn_data(rows)$n_cases, 10318)
  # An attribute naming no column is ignored.
  no_column <- college_plans
  no_column$count <- NULL
  expect_identical(attr(no_column, "counts"), "count")
  expect_no_warning(expect_equal(bn_data(no_column)$n_cases, 128))
  # The attribute removed: the column is a variable again (with the warning below).
  plain <- college_plans
  attr(plain, "counts") <- NULL
  expect_warning(expect_identical(names(bn_data(plain)$levels), names(college_plans)),
                 class = "learnbn_warning_count_column")
  # as.data.frame() round trip
  frame <- as.data.frame(bn_data(florida))
  expect_identical(attr(frame, "counts"), "count")
  expect_no_warning(expect_equal(bn_data(frame)$n_cases, 637))
})

test_that("a whole-number column named like counts gets a classed warning saying how to declare it", {
  freq <- as.data.frame(UCBAdmissions)
  expect_identical(names(freq), c("Admit", "Gender", "Dept", "Freq"))
  expect_snapshot(d <- bn_data(freq))
  expect_warning(bn_data(freq), class = "learnbn_warning_count_column")
  expect_identical(names(d$levels), c("Admit", "Gender", "Dept", "Freq"))
  # The corrected call: the same data as the table itself.
  fixed <- expect_no_warning(bn_data(freq, counts = "Freq"))
  expect_equal(fixed$n_cases, sum(UCBAdmissions))
  expect_identical(fixed$levels, bn_data(UCBAdmissions)$levels)
  expect_identical(fixed$weights, bn_data(UCBAdmissions)$weights)
  # Other names, any case; several at once.
  two <- data.frame(a = c("x", "y"), N = c(3, 4), Weights = c(1, 0))
  expect_snapshot(bn_data(two))
  # No warning for factors, non-count values, other names or declared counts.
  # (a factor with a value per row is then taken for an identifier)
  expect_no_warning(suppressWarnings(bn_data(transform(freq, Freq = factor(Freq))),
                                     classes = "learnbn_warning_identifier"))
  expect_no_warning(bn_data(data.frame(a = c("x", "y"), n = c(-1, 2))))
  expect_no_warning(bn_data(data.frame(a = c("x", "y"), total = c(3, 4))))
})

test_that("learners name their own argument in the count-column warning", {
  freq <- as.data.frame(UCBAdmissions)
  expect_snapshot(g <- hill_climb(freq))
  expect_identical(model_string(hill_climb(bn_data(freq, counts = "Freq"))),
                   model_string(hill_climb(UCBAdmissions)))
  expect_identical(model_string(hill_climb(UCBAdmissions)), "[Admit|Dept][Gender][Dept|Gender]")
})

test_that("numeric columns made discrete with many levels get a classed warning", {
  # Continuous measurements rounded to whole numbers: 2,000 rows, ~170 values each.
  set.seed(1)
  a <- round(rnorm(2000, 100, 30))
  x <- data.frame(a = a, b = round(a + rnorm(2000, 0, 10)))
  expect_snapshot(d <- bn_data(x))
  expect_warning(bn_data(x), class = "learnbn_warning_many_levels")
  expect_identical(lengths(d$levels), c(a = 171L, b = 173L))
  # Before: silently discrete, and an empty graph.
  g <- suppressWarnings(hill_climb(x))
  expect_identical(nrow(arcs(g)), 0L)
  # The corrected call learns the dependence.
  continuous <- expect_no_warning(bn_data(x, type = "gaussian"))
  expect_identical(continuous$type, "gaussian")
  # (Either direction: the two graphs are score equivalent, so rounding picks one.)
  learned <- arcs(hill_climb(continuous))
  expect_identical(nrow(learned), 1L)
  expect_setequal(c(learned$from, learned$to), c("a", "b"))
  # Deliberately discrete: type = "discrete" or factors, no warning.
  expect_no_warning(bn_data(x, type = "discrete"))
  expect_no_warning(bn_data(data.frame(a = factor(x$a), b = factor(x$b))))
  # The thresholds: more than 20 levels, or more than 5 and more than one per 10 cases.
  codes <- data.frame(likert = rep(1:5, 4), y = rep(c("u", "v"), 10))
  expect_no_warning(bn_data(codes))
  expect_warning(bn_data(data.frame(v = rep(1:6, 5))), class = "learnbn_warning_many_levels")
  expect_no_warning(bn_data(data.frame(v = rep(1:6, 10))))
  expect_warning(bn_data(data.frame(v = rep(1:21, 100))), class = "learnbn_warning_many_levels")
  # Case counts count as cases.
  expect_no_warning(bn_data(data.frame(v = 1:8, count = 100), counts = "count"))
})

test_that("errors about data given to a learner name the learner and its argument", {
  holes <- data.frame(a = c("x", NA, "y"), b = c("u", "v", "v"))
  expect_snapshot(error = TRUE, {
    hill_climb(holes)
    pdag_search(data.frame(b = c(1.5, 2, 3, 4.5), c = factor(c(1, 1, 2, 2))))
    fit_parameters(bn_graph_from_string("[a][b|a]"), data.frame(a = "x", a = "y", check.names = FALSE))
    bn_data(holes)
  })
  err <- expect_error(hill_climb(holes), class = "learnbn_error_missing")
  expect_identical(err$call[[1]], quote(hill_climb))
  expect_match(conditionMessage(err), "`data` has missing values", fixed = TRUE)
  err <- expect_error(log_predictive(fit_parameters(bn_graph_from_string("[a][b|a]"), holes[c(1, 3), ]), list(1)),
                      class = "learnbn_error_type")
  expect_match(conditionMessage(err), "`newdata` must be", fixed = TRUE)
  expect_identical(err$call[[1]], quote(log_predictive))
})

test_that("a column with no observed value or no level is a classed error naming it", {
  set.seed(1)
  a <- sample(c("x", "y"), 50, TRUE)
  # Before: accepted as `b (0)`; ci_test() gave df -1 and EM, Gibbs sampling, structural
  # EM and impute() crashed R.
  err <- expect_error(bn_data(data.frame(a = a, b = NA_character_), missing = "allow"),
                      class = "learnbn_error_unobserved")
  expect_match(conditionMessage(err), "Column \"b\" of `x` has no observed value", fixed = TRUE)
  # Also without missing = "allow", where it is the reason for the missing values.
  expect_error(bn_data(data.frame(a = a, b = NA_character_)), class = "learnbn_error_unobserved")
  # A factor with levels but no value, a factor without levels, a logical column; every
  # such column in one message.
  empty <- data.frame(a = a, f = factor(NA, levels = c("u", "v")), z = factor(rep(NA, 50)),
                      l = NA)
  err <- expect_error(bn_data(empty, missing = "allow"), class = "learnbn_error_unobserved")
  expect_match(conditionMessage(err), "Columns \"f\", \"z\", and \"l\" of `x` have no observed value",
               fixed = TRUE)
  # With case counts, rows without a case do not count as observations.
  counted <- data.frame(a = c("x", "y", "x"), b = c(NA, NA, "u"), n = c(2, 3, 0))
  expect_error(bn_data(counted, counts = "n", missing = "allow"), class = "learnbn_error_unobserved")
  # The learners name their argument.
  err <- expect_error(ci_test(data.frame(a = a, b = NA_character_), "a", "b"),
                      class = "learnbn_error_unobserved")
  expect_match(conditionMessage(err), "of `data`", fixed = TRUE)
  # One observed value is enough.
  d <- expect_no_warning(bn_data(data.frame(a = a, b = c("u", "v", rep(NA, 48))), missing = "allow"))
  expect_identical(d$missing, c(a = 0, b = 48))
})
