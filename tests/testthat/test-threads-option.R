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

test_that("threads that cannot start are fewer, with a warning, never a hang or an abort", {
  # Under a process memory limit (as on HPC nodes), 200 threads' stacks do not fit:
  # hill_climb() used to deadlock and pc() to end R ("libgomp: Thread creation failed").
  # A child shell sets the limit (and a time limit); AddressSanitizer's shadow memory cannot live under one.
  skip_on_cran()
  skip_on_os(c("windows", "mac", "solaris"))
  skip_if(nzchar(Sys.getenv("ASAN_OPTIONS")) || nzchar(Sys.getenv("LD_PRELOAD")), "sanitizer run")
  script <- tempfile(fileext = ".R")
  on.exit(unlink(script))
  writeLines(c(
    "library(learnbn)",
    "run <- function(learn) {",
    "  warned <- character()",
    "  g <- withCallingHandlers(learn(200), warning = function(w) {",
    "    warned <<- c(warned, class(w)[1]); invokeRestart('muffleWarning')",
    "  })",
    "  cat(paste(warned, collapse = ','), identical(as.matrix(g), as.matrix(learn(1))), '\\n')",
    "}",
    "run(function(t) hill_climb(college_plans, threads = t))",
    "run(function(t) pc(college_plans, threads = t))"), script)
  rscript <- file.path(R.home("bin"), "Rscript")
  out <- suppressWarnings(system2("bash", c("-c", shQuote(paste("ulimit -v 1500000; timeout 120", shQuote(rscript), script))),
                                  stdout = TRUE, stderr = TRUE,
                                  env = paste0("R_LIBS=", paste(.libPaths(), collapse = ":"))))
  expect_null(attr(out, "status"))
  expect_equal(trimws(out), rep("learnbn_warning_threads TRUE", 2))
})
