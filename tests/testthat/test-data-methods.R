# print() and the other methods of bn_data objects.

test_that("bn_data prints a compact summary", {
  expect_snapshot(bn_data(college_plans, counts = "count"))
})

test_that("print.bn_data says what every column became", {
  x <- data.frame(f = factor(c("a", "b", "a")), s = c("u", "v", "v"), l = c(TRUE, FALSE, TRUE),
                  w = c(1L, 2L, 2L), stringsAsFactors = FALSE)
  expect_snapshot({
    bn_data(x)
    bn_data(iris[1:4])
    bn_data(cbind(iris[1:2], count = 2L), counts = "count")
  })
  expect_identical(bn_data(x)$sources,
                   c(f = "factor", s = "character", l = "logical", w = "whole number"))
  expect_identical(bn_data(iris[1:4])$sources, stats::setNames(rep("numeric", 4), names(iris)[1:4]))
  expect_identical(learnbn:::data_subset(bn_data(x), c("w", "f"))$sources,
                   c(w = "whole number", f = "factor"))
})
