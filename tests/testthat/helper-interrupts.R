# Interrupting long runs (issues 7 and 33): a child R process loads the installed
# package, runs `setup()` once and then `job(data)` `times` times in a row; the test
# sends SIGINT (Ctrl-C) to each run after a random delay and expects every run to end
# with an interrupt condition within 5 seconds, and the child to survive them all.
# Progress bars are on in the child (rlang_interactive, no delay), so that interrupts
# also land inside the R callbacks the core makes, the path that used to abort R.

skip_interrupts <- function() {
  skip_on_cran()
  skip_on_os("windows")
  skip_if_not_installed("callr")
}

interrupt_repeatedly <- function(setup, job, times = 20, max_delay = 0.3, min_delay = 0.02) {
  p <- callr::r_bg(function(setup, job, times) {
    library(learnbn)
    options(rlang_interactive = TRUE, cli.progress_show_after = 0)
    data <- setup()
    for (i in seq_len(times)) {
      cat("start", i, "\n")
      outcome <- tryCatch({
        job(data)
        "finished"
      }, interrupt = function(cnd) "interrupted", error = function(cnd) conditionMessage(cnd))
      cat("result", i, outcome, "\n")
    }
    "survived"
  }, args = list(setup = setup, job = job, times = times), stdout = "|", stderr = "|", package = FALSE)
  on.exit(if (p$is_alive()) p$kill(), add = TRUE)
  output <- ""
  wait_for <- function(pattern, seconds) {
    deadline <- Sys.time() + seconds
    while (!grepl(pattern, output) && p$is_alive() && Sys.time() < deadline) {
      p$poll_io(20)
      output <<- paste0(output, p$read_output())
    }
    grepl(pattern, output)
  }
  waited <- numeric()
  for (i in seq_len(times)) {
    if (!wait_for(paste0("start ", i, " "), 60)) break
    Sys.sleep(stats::runif(1, min_delay, max_delay))
    sent <- Sys.time()
    p$interrupt()
    answered <- wait_for(paste0("result ", i, " [^\n]*\n"), 10)  # the whole line
    waited <- c(waited, as.numeric(difftime(Sys.time(), sent, units = "secs")))
    if (!answered) break
  }
  p$wait(10000)
  if (!p$is_alive()) output <- paste0(output, tryCatch(p$read_all_output(), error = function(e) ""))
  outcomes <- regmatches(output, gregexpr("result [0-9]+ [^\n]*", output))[[1]]
  outcomes <- trimws(sub("^result [0-9]+ ", "", outcomes))
  list(outcomes = outcomes, waited = waited,
       survived = !p$is_alive() && identical(tryCatch(p$get_result(), error = function(e) NULL), "survived"),
       stderr = p$read_all_error())
}

# Every run interrupted, none finishing first, each answering within 5 s; R never aborts.
# Each interrupt comes min_delay to max_delay seconds after its run started.
expect_interrupted_every_time <- function(setup, job, times = 20, min_delay = 0.02,
                                          max_delay = 0.3) {
  set.seed(33)
  r <- interrupt_repeatedly(setup, job, times, max_delay, min_delay)
  expect(r$survived, paste("the child R process did not survive; its stderr ends:\n",
                           paste(utils::tail(strsplit(r$stderr, "\n")[[1]], 5), collapse = "\n")))
  expect_equal(r$outcomes, rep("interrupted", times))
  expect_lt(max(r$waited), 5)
}
