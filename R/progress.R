# Progress bars of long runs. cli draws a bar once a run has lasted
# getOption("cli.progress_show_after") seconds (2 by default), also in Rscript and in
# R CMD check, whose logs would then fill with bar lines. learnbn asks cli for bars only
# in interactive sessions: rlang::is_interactive(), which the option
# `rlang_interactive` overrides (the tests set it to TRUE to see the bars).
#
# Every change to a bar runs with interrupts suspended (a Ctrl-C waits until it is
# done): an interrupt in the middle of cli's update leaves the bar half changed, and
# closing it as the interrupt unwinds then fails with an error that replaces the
# interrupt. For the same reason a bar is closed by learnbn's own exit handler, which
# drops any error while closing: cli's own exit handler re-raises it (an interrupt of
# bootstrap_arcs() under load once came back as "promise already under evaluation").

# A cli progress bar closed when the frame `envir` returns, or NULL when bars are off.
progress_bar <- function(name, total = NA, envir = parent.frame()) {
  if (!rlang::is_interactive()) return(NULL)
  bar <- suspendInterrupts(
    cli::cli_progress_bar(name, total = total, .auto_close = FALSE, .envir = envir))
  do.call(base::on.exit, list(as.call(list(progress_bar_done, bar, envir)), add = TRUE),
          envir = envir)
  bar
}

# Closes `bar` (as done, or failed when its frame exits on an error or interrupt); an
# error while closing is dropped, so that it never replaces the condition being unwound.
progress_bar_done <- function(bar, envir) {
  suspendInterrupts(tryCatch(cli::cli_progress_done(id = bar, .envir = envir, result = "auto"),
                             error = function(e) NULL))
}

# Moves `bar` to `done` units of work; nothing without a bar.
progress_set <- function(bar, done) {
  if (!is.null(bar)) suspendInterrupts(cli::cli_progress_update(set = done, id = bar))
  invisible(bar)
}

# The R end of the core's Progress (src/rcpp-glue.h): a function(stage, done, total)
# that draws one bar per stage, named `labels[[stage]]` (or the stage itself, or
# `labels(stage)` when `labels` is a function), with an
# unknown total when `total` is NaN; NULL, so the core reports nothing, when bars are
# off. The core calls it a few times per second at most and once at the end of each
# stage. Called with no arguments, it closes the last bar: cli's own closing when
# `envir` returns misses bars opened from the core's callbacks, so the caller closes it
# (on.exit(progress_close(progress))).
progress_reporter <- function(labels = character(), envir = parent.frame()) {
  if (!rlang::is_interactive()) return(NULL)
  current <- NULL
  bar <- NULL
  function(stage = NULL, done = NULL, total = NULL) suspendInterrupts({
    if (is.null(stage)) {
      if (!is.null(bar)) cli::cli_progress_done(id = bar, .envir = envir)
      bar <<- current <<- NULL
      return(invisible())
    }
    if (!identical(stage, current)) {
      if (!is.null(bar)) cli::cli_progress_done(id = bar, .envir = envir)
      label <- if (is.function(labels)) {
        labels(stage)
      } else if (stage %in% names(labels)) {
        labels[[stage]]
      } else {
        stage
      }
      # Kept open at its total (not auto-terminated) so that a stage the core reports
      # only as it ends is still drawn when cli is due to draw.
      bar <<- cli::cli_progress_bar(label, total = if (is.nan(total)) NA else total,
                                    auto_terminate = FALSE, .envir = envir)
      current <<- stage
    }
    cli::cli_progress_update(set = done, id = bar, .envir = envir)
  })
}

# Closes the last bar of a progress_reporter() (NULL: nothing to close).
progress_close <- function(progress) {
  if (!is.null(progress)) progress()
  invisible()
}
