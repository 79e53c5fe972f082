# Collinear continuous columns (issue 33): R/data-collinear.R.

# b = a + s e with e orthogonal to a (and centred) and of the same sd: 1 - R^2 of b on a is
# exactly s^2 / (1 + s^2), whatever a.
collinear_pair <- function(s, n = 100, seed = 7) {
  set.seed(seed)
  a <- rnorm(n)
  e <- stats::residuals(lm(rnorm(n) ~ a))
  e <- e * stats::sd(a) / stats::sd(e)
  data.frame(a = a, b = a + s * e, c = rnorm(n))
}

test_that("bn_data() finds collinear continuous columns once, on the correlation scale", {
  set.seed(1)
  a <- rnorm(100)
  exact <- bn_data(data.frame(a = a, b = 2 * a, c = rnorm(100)))
  expect_length(exact$collinear, 1L)
  expect_identical(exact$collinear[[1]]$column, 2L)
  expect_identical(exact$collinear[[1]]$candidates, 1L)
  expect_lt(exact$collinear[[1]]$ratio, 1e-10)
  # Noise of sd 1e-6 on sd 2: 1 - R^2 about 1e-12 / 4 (2.5e-13), far below the limit.
  noisy <- bn_data(data.frame(a = a, b = 2 * a + rnorm(100, sd = 1e-6), c = rnorm(100)))
  expect_identical(noisy$collinear[[1]]$column, 2L)
  expect_equal(noisy$collinear[[1]]$ratio, 1 - cor(noisy$values$a, noisy$values$b)^2,
               tolerance = 0.01)
  # Units do not matter: the same columns in other units give the same finding.
  rescaled <- bn_data(data.frame(a = 1e-3 * a, b = 1e6 * (2 * a + rnorm(100, sd = 1e-6)),
                                 c = rnorm(100)))
  expect_identical(rescaled$collinear[[1]]$column, 2L)
  # The limit 1 - R^2 < 1e-10, on pairs built with 1 - R^2 = s^2 / (1 + s^2) exactly.
  expect_length(bn_data(collinear_pair(1e-4))$collinear, 0L)     # 1e-8: kept
  expect_length(bn_data(collinear_pair(1e-6))$collinear, 1L)     # 1e-12: collinear
  expect_length(bn_data(collinear_pair(sqrt(1 / 0.99^2 - 1)))$collinear, 0L)  # r = 0.99
  # A sum of two columns is named with both.
  three <- bn_data(data.frame(a = a, c = rnorm(100), s = a - 0.5 * rnorm(100)))
  expect_length(three$collinear, 0L)
  summed <- bn_data(transform(as.data.frame(three), d = a + 3 * c))
  expect_identical(summed$collinear[[1]]$column, 4L)
  expect_setequal(summed$collinear[[1]]$candidates, 1:3)
})

test_that("with more columns than rows only genuine collinearity is reported", {
  # 10 rows span 9 centred dimensions: 30 random columns are rank deficient by
  # necessity, which is no collinearity; a scaled copy and a sum of two columns are.
  set.seed(2)
  wide <- as.data.frame(matrix(rnorm(10 * 30), 10))
  expect_length(bn_data(wide)$collinear, 0L)
  copied <- bn_data(transform(wide, copy = -3 * V2))
  expect_length(copied$collinear, 1L)
  expect_identical(copied$collinear[[1]]$column, 31L)
  expect_identical(copied$collinear[[1]]$candidates, 2L)
  early <- wide
  early$V5 <- early$V1 + early$V2
  found <- bn_data(early)$collinear
  expect_length(found, 1L)
  expect_identical(found[[1]]$column, 5L)
})
