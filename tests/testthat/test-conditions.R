# lbn_warn() signals a warning formatted only on demand; everything a user or handler can
# see must equal what cli::cli_warn() gave (the reference here: cli itself).

warn_both <- function(signal, kind = "thing") {
  n <- 3
  items <- c("a", "b{c}")
  msg <- c("{n} thing{?s} with {.code x = 1} and {.val {items}}",
           "*" = "bullet {.arg alpha}", "i" = "info {n + 1}", "x" = "cross")
  if (signal == "lazy") learnbn:::lbn_warn(msg, kind)
  else cli::cli_warn(msg, class = c(paste0("learnbn_warning_", kind), "learnbn_warning"))
  n <- 100  # changed after the signal: the text must keep n = 3
  invisible("done")
}

caught <- function(signal) tryCatch(warn_both(signal), warning = function(w) w)

test_that("the text, classes and fields equal cli_warn()'s", {
  lazy <- caught("lazy")
  eager <- caught("eager")
  expect_identical(class(lazy), class(eager))
  expect_identical(conditionMessage(lazy), conditionMessage(eager))
  expect_identical(lazy$message, eager$message)
  expect_identical(lazy[["message"]], eager$message)
  expect_identical(rlang::cnd_message(lazy), rlang::cnd_message(eager))
  expect_null(conditionCall(lazy))
  expect_match(conditionMessage(lazy), "^3 things with `x = 1`")
  # A handler may overwrite the text.
  lazy$message <- "new"
  expect_identical(conditionMessage(lazy), "new")
})

test_that("a muffled or caught warning is never formatted", {
  formatted <- 0
  count <- function() {
    formatted <<- formatted + 1
    "x"
  }
  signal <- function() learnbn:::lbn_warn("{count()}", "thing")
  suppressWarnings(signal())
  tryCatch(signal(), warning = function(w) NULL)
  withCallingHandlers(signal(), learnbn_warning = function(w) invokeRestart("muffleWarning"))
  expect_identical(formatted, 0)
  expect_warning(signal(), "^x$", class = "learnbn_warning_thing")
  expect_identical(formatted, 1)
})

# In a child R process: testthat's own handlers would muffle every warning here.
test_that("handlers see the warning once, and R prints it as before", {
  skip_if_not_installed("callr")
  out <- callr::r(function(warn_both) {
    seen <- list()
    handler <- function(w) seen[[length(seen) + 1L]] <<- class(w)
    printed <- function(signal, warn) {
      options(warn = warn)
      utils::capture.output(withCallingHandlers(warn_both(signal), warning = handler),
                            type = "message")
    }
    long <- strrep("y", 3000)
    list(lazy = printed("lazy", 1), eager = printed("eager", 1),
         error_lazy = tryCatch(printed("lazy", 2), error = conditionMessage),
         error_eager = tryCatch(printed("eager", 2), error = conditionMessage),
         seen = seen,
         long = printed(function() learnbn:::lbn_warn("{long}", "thing"), 1))
  }, list(warn_both = function(signal, warn) {
    if (is.function(signal)) return(signal())
    n <- 3
    msg <- c("{n} thing{?s} with {.code x = 1}", "i" = "info {n + 1}")
    if (signal == "lazy") learnbn:::lbn_warn(msg, "thing")
    else cli::cli_warn(msg, class = c("learnbn_warning_thing", "learnbn_warning"))
  }))
  expect_identical(out$lazy, out$eager)
  expect_identical(out$lazy[1], "Warning: 3 things with `x = 1`")
  expect_identical(out$error_lazy, out$error_eager)
  expect_match(out$error_lazy, "^\\(converted from warning\\) 3 things")
  # One handler call per warning, with the same classes.
  expect_length(out$seen, 4L)
  expect_identical(out$seen[[1]], out$seen[[2]])
  expect_identical(out$seen[[1]], out$seen[[3]])
  # Texts longer than R's default 1,000 characters are not cut.
  expect_identical(out$long, paste("Warning:", strrep("y", 3000)))
})

test_that("warnings shown once per session keep rlang's frequency", {
  rlang::local_options(rlib_warning_verbosity = "default")
  rlang::reset_warning_verbosity("learnbn_test_once")
  once <- function() {
    learnbn:::lbn_warn("once", "thing", .frequency = "once", .frequency_id = "learnbn_test_once")
  }
  expect_warning(once(), "^once", class = "learnbn_warning_thing")
  expect_no_warning(once())
})
