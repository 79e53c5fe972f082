test_that("college_plans reproduces Heckerman's (2003) Table 1 and its level orders", {
  # Table 1 of Heckerman (2003): rows are SEX x SES (male first), columns IQ x PE x CP, CP fastest.
  table1 <- c(
    4, 349, 13, 64, 9, 207, 33, 72, 12, 126, 38, 54, 10, 67, 49, 43,
    2, 232, 27, 84, 7, 201, 64, 95, 12, 115, 93, 92, 17, 79, 119, 59,
    8, 166, 47, 91, 6, 120, 74, 110, 17, 92, 148, 100, 6, 42, 198, 73,
    4, 48, 39, 57, 5, 47, 123, 90, 9, 41, 224, 65, 8, 17, 414, 54,
    5, 454, 9, 44, 5, 312, 14, 47, 8, 216, 20, 35, 13, 96, 28, 24,
    11, 285, 29, 61, 19, 236, 47, 88, 12, 164, 62, 85, 15, 113, 72, 50,
    7, 163, 36, 72, 13, 193, 75, 90, 12, 174, 91, 100, 20, 81, 142, 77,
    6, 50, 36, 58, 5, 70, 110, 76, 12, 48, 230, 81, 13, 49, 360, 98)
  expect_equal(college_plans$count, table1)
  expect_equal(sum(college_plans$count), 10318)
  four <- c("low", "lower_middle", "upper_middle", "high")
  expect_equal(lapply(college_plans[1:5], levels),
               list(SEX = c("male", "female"), SES = four, IQ = four, PE = c("low", "high"), CP = c("yes", "no")))
  expect_equal(as.character(unlist(college_plans[1, 1:5])), c("male", "low", "low", "low", "yes"))
  expect_equal(as.character(unlist(college_plans[128, 1:5])), c("female", "high", "high", "high", "no"))
})

test_that("florida has Radelet's 637 cases and level orders", {
  expect_equal(sum(florida$count), 637)
  expect_equal(nrow(florida), 32)
  expect_equal(lapply(florida[1:5], levels),
               list(V = c("white", "black"), D = c("white", "black"), R = c("nonprimary", "primary"),
                    I = c("first", "other"), S = c("no", "yes")))
  expect_equal(florida$count[1:4], c(105, 19, 27, 0))
})

test_that("bn_data recodes every column type to 0-based codes and keeps declared levels", {
  df <- data.frame(f = factor(c("b", "a", "b"), levels = c("b", "a", "unused")),
                   s = c("y", "x", "y"), l = c(TRUE, FALSE, TRUE), i = c(10L, 2L, 10L),
                   w = c(3, 1, 3), stringsAsFactors = FALSE)
  d <- bn_data(df)
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
  x <- factor(sprintf("v%03d", 1:300))
  d <- bn_data(data.frame(x = x, y = rep(c("a", "b"), 150)))
  expect_type(d$codes$x, "integer")
  expect_equal(learnbn:::data_codes(d, "x"), 0:299)
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
  expect_error(bn_data(data.frame(a = c(1.5, 2), b = factor(1:2))), class = "learnbn_error_mixed")
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
  expect_snapshot(error = TRUE, {
    bn_data(data.frame(a = c("x", NA, "y"), b = c(NA, NA, "z")))
    bn_data(data.frame(a = c(1.5, 2)), type = "discrete")
    bn_data(data.frame(a = c(1.5, 2), b = factor(1:2)))
    bn_data(data.frame(a = 1:2, n = c(1, -1)), counts = "n")
  })
})

test_that("bn_data prints a compact summary", {
  expect_snapshot(bn_data(college_plans, counts = "count"))
})
