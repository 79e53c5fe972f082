# Runs `code` as in an interactive session whose runs last long enough for cli to draw
# every update of their progress bars (as plain lines that stay), and returns its value and
# what it wrote (cli writes to standard output in interactive sessions, messages go to
# the message stream). The options are restored on exit.
with_progress_shown <- function(code) {
  # cli draws an update only when its ticker says one is due (every 0.2 s);
  # cli_with_ticks(), which cli's own tests use, makes every update due.
  testthat::skip_if_not(exists("cli_with_ticks", asNamespace("cli")), "cli without cli_with_ticks()")
  with_ticks <- get("cli_with_ticks", asNamespace("cli"))
  old <- options(rlang_interactive = TRUE, cli.dynamic = FALSE, cli.progress_clear = FALSE)
  on.exit(options(old))
  messages <- utils::capture.output(type = "message",
                                    printed <- utils::capture.output(value <- with_ticks(code)))
  list(value = value, output = paste(c(printed, messages), collapse = "\n"))
}

# Runs `code` outside an interactive session with cli set to draw any bar at once:
# learnbn must still draw none (nor print anything else).
expect_no_progress <- function(code) {
  old <- options(rlang_interactive = FALSE, cli.progress_show_after = 0, cli.dynamic = FALSE,
                 cli.progress_clear = FALSE)
  on.exit(options(old))
  testthat::expect_silent(code)
}
