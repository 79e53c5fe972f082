# The finiteness check of continuous data, now made on the pass of cpp_gaussian_stats().
test_that("continuous columns with infinite values are refused, each named once", {
  d <- data.frame(a = c(0.5, 1.5, -2, 3), b = c(Inf, 1, 2, 4), c = c(1, 2, 3, -Inf))
  expect_error(bn_data(d), "Continuous columns \"b\" and \"c\" have infinite values",
               class = "learnbn_error_value")
  d$b <- c(1, NaN, 2, 3)  # NaN is missing, refused before the finiteness check
  expect_error(bn_data(d), class = "learnbn_error_missing")
})

test_that("huge finite values whose sum overflows are not taken for infinite ones", {
  d <- data.frame(a = c(0.5, 1.5, -2, 3, 1), b = c(1e308, 1e308, 2.5, 4.5, 1.5))
  expect_true(is.finite(sum(d$a)) && !is.finite(sum(d$b)))
  # b's scatter overflows, so its sd is not finite and the next check names it: not the
  # finiteness one (its values are finite).
  expect_error(suppressWarnings(bn_data(d)), "Continuous column \"b\" is constant",
               class = "learnbn_error_value")
})
