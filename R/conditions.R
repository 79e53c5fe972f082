# Warnings whose text is formatted only when someone asks for it. cli's formatting costs
# milliseconds per warning (about 16 ms for pc()'s conflict list), which a caller that
# muffles or catches the warning (suppressWarnings(), tryCatch(), a loop over data sets)
# paid for nothing: on alarm at 20,000 rows it was 40% of pc()'s time.
#
# The condition has the classes and fields cli::cli_warn() gave it, but no `message`
# field: `$`, `[[` and conditionMessage() format the cli text on first use and keep it.
# The values the text interpolates are copied when the warning is signalled, so a handler
# that formats the warning later (testthat, knitr) sees them as they were.

new_lazy_warning <- function(message, class, envir, ...) {
  text <- new.env(parent = emptyenv())
  text$message <- message
  text$envir <- frozen_env(envir)
  text$formatted <- NULL
  structure(list(call = NULL, footer = character(), ...),
            class = c(class, "rlang_warning", "warning", "condition"), lazy_text = text)
}

# A child of `env` holding copies of its evaluated bindings: later changes to `env` do not
# reach the copies, while promises not yet forced (and active bindings) are still read
# from `env` itself, as cli would have read them. Copies are cheap: R copies on write.
frozen_env <- function(env) {
  frozen <- new.env(parent = env)
  names <- ls(env, all.names = TRUE, sorted = FALSE)
  if (!length(names)) return(frozen)
  lazy <- rlang::env_binding_are_lazy(env, names) | rlang::env_binding_are_active(env, names)
  for (name in names[!lazy]) {
    # A missing argument has no value to copy; reading it fails as it would have in cli.
    value <- tryCatch(get(name, envir = env, inherits = FALSE), error = function(e) NULL)
    if (!is.null(value)) assign(name, value, envir = frozen)
  }
  frozen
}

lazy_message <- function(cnd) {
  given <- .subset2(cnd, "message")
  if (!is.null(given)) return(given)  # set by a handler
  text <- attr(cnd, "lazy_text", exact = TRUE)
  if (is.null(text$formatted)) {
    text$formatted <- cli::format_warning(text$message, .envir = text$envir)
  }
  text$formatted
}

# base::signalCondition() (R 4.2) asks for the text before it calls any handler, only to
# pass it to the C-level handlers of errors, which a warning never reaches: that one call
# gets "" instead of paying for the formatting.
#' @export
conditionMessage.learnbn_warning <- function(c) {
  text <- attr(c, "lazy_text", exact = TRUE)
  asker <- sys.function(sys.parent())
  if (isTRUE(text$signalling) && identical(asker, base::signalCondition)) {
    text$signalling <- FALSE
    return("")
  }
  lazy_message(c)
}

#' @export
`$.learnbn_warning` <- function(x, name) {
  if (identical(name, "message")) lazy_message(x) else .subset2(x, name)
}

#' @export
`[[.learnbn_warning` <- function(x, i, ...) {
  if (identical(i, "message")) lazy_message(x) else .subset2(x, i, ...)
}

# Signals `cnd` as warning() does, formatting it only when no handler muffles or catches
# it. Then R's own default action runs on a copy that carries the text and is not of class
# "warning", so the calling handlers that saw `cnd` do not see the warning twice (rlang's
# errors do the same); with options(warn = 2) it becomes the same error as before. As
# rlang::warn() does, long texts are not cut at R's default 1,000 characters.
signal_lazy_warning <- function(cnd) {
  if (isTRUE(getOption("warning.length") == 1000)) {
    old <- options(warning.length = 8170L)
    on.exit(options(old), add = TRUE)
  }
  text <- attr(cnd, "lazy_text", exact = TRUE)
  withRestarts({
    text$signalling <- TRUE
    signalCondition(cnd)
    text$signalling <- FALSE
    warning(structure(list(message = conditionMessage(cnd), call = NULL),
                      class = c("learnbn_unhandled_warning", "condition")))
  }, muffleWarning = function() NULL)
  invisible(NULL)
}
