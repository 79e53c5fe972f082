# options(learnbn.threads): the session default of every `threads = NULL` (R/checks.R).

alarm_sample <- function() {
  alarm <- read_bif(system.file("extdata", "alarm.bif", package = "learnbn"))
  set.seed(19)
  simulate_data(alarm, 2000)
}

test_that("options(learnbn.threads) reaches the run and leaves the result as with 1 thread", {
  d <- alarm_sample()
  pc1 <- expect_warning(pc(d, threads = 1), class = "learnbn_warning_conflict")
  hc1 <- hill_climb(d, threads = 1)
  seen <- new.env()
  # The threads each call resolved, as check_threads() returns them to the learner.
  ns <- asNamespace("learnbn")
  record <- function(threads) seen$threads <- c(seen$threads, threads)
  suppressMessages(trace("check_threads", exit = bquote(.(record)(returnValue())), print = FALSE,
                         where = ns))
  on.exit(suppressMessages(untrace("check_threads", where = ns)), add = TRUE)
  withr::local_options(learnbn.threads = 2)
  pc2 <- expect_warning(pc(d), class = "learnbn_warning_conflict")
  hc2 <- hill_climb(d)
  expect_identical(seen$threads, c(2L, 2L))
  expect_identical(pc2$amat, pc1$amat)
  expect_identical(hc2$amat, hc1$amat)
  expect_identical(hc2$score, hc1$score)
  expect_identical(network_score(hc1, d), network_score(hc1, d, threads = 1))
  # An explicit argument wins over the option.
  seen$threads <- NULL
  hill_climb(d, threads = 1)
  expect_identical(seen$threads, 1L)
})

test_that("without the option, NULL means one thread", {
  withr::local_options(learnbn.threads = NULL)
  expect_identical(learnbn:::check_threads(NULL), 1L)
  withr::local_options(learnbn.threads = 3)
  expect_identical(learnbn:::check_threads(NULL), 3L)
})

test_that("a bad learnbn.threads option is a classed error naming the option", {
  d <- bn_data(college_plans, counts = "count")
  withr::local_options(learnbn.threads = 0)
  expect_error(hill_climb(d), class = "learnbn_error_value")
  expect_snapshot(hill_climb(d), error = TRUE)
  withr::local_options(learnbn.threads = "two")
  expect_error(pc(d), class = "learnbn_error_type")
  expect_snapshot(pc(d), error = TRUE)
  withr::local_options(learnbn.threads = 1.5)
  expect_error(network_score(hill_climb(d, threads = 1), d), class = "learnbn_error_value")
  # The argument, when given, is named as the argument.
  expect_snapshot(hill_climb(d, threads = 0), error = TRUE)
})
