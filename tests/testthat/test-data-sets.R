# The bundled data sets against their published tables.

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

# --- No silent data traps (issue 15) --------------------------------------------------

test_that("the bundled count tables name their counts column and are used with it as they are", {
  expect_identical(attr(college_plans, "counts"), "count")
  expect_identical(attr(florida, "counts"), "count")
  expect_identical(class(college_plans), "data.frame")
  expect_identical(names(college_plans), c("SEX", "SES", "IQ", "PE", "CP", "count"))
  expect_no_warning(d <- bn_data(college_plans))
  expect_identical(d, bn_data(college_plans, counts = "count"))
  expect_identical(d$counts, "count")
  expect_equal(d$n_cases, 10318)
  expect_identical(bn_data(florida), bn_data(florida, counts = "count"))
  expect_snapshot(bn_data(college_plans))
})
