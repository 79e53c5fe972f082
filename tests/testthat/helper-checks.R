# Many checks made in a loop, reported as one expectation: for cheap checks testthat's
# bookkeeping per expect_*() call costs more than the checks themselves. `...` are named
# TRUE/FALSE checks; returns the names of those not TRUE, prefixed by `case`, to collect
# over the loop and compare with character() at the end.
failed_checks <- function(case, ...) {
  checks <- list(...)
  bad <- names(checks)[!vapply(checks, isTRUE, TRUE)]  # (FALSE, NA or not a flag)
  if (length(bad)) paste0(case, ": ", bad) else character()
}

# expect_equal()'s test of two numbers (all.equal's relative difference), as TRUE/FALSE.
near <- function(actual, expected, tolerance = 1e-9) {
  isTRUE(all.equal(expected, actual, tolerance = tolerance))
}
