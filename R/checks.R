# Argument checks shared by every user-facing function. Each error carries the classes
# c("learnbn_error_<kind>", "learnbn_error") and names the caller's argument.

lbn_abort <- function(message, kind, call = rlang::caller_env(), ..., .envir = parent.frame()) {
  cli::cli_abort(message, class = c(paste0("learnbn_error_", kind), "learnbn_error"),
                 call = call, ..., .envir = .envir)
}

# As cli::cli_warn(), but the text is formatted only when asked for (R/conditions.R).
# Warnings shown once per session (rlang's `.frequency`) are rare: they keep cli_warn().
lbn_warn <- function(message, kind, ..., .envir = parent.frame()) {
  class <- c(paste0("learnbn_warning_", kind), "learnbn_warning")
  if (any(startsWith(c(names(list(...)), ""), ".frequency"))) {
    return(cli::cli_warn(message, class = class, ..., .envir = .envir))
  }
  signal_lazy_warning(new_lazy_warning(message, class, .envir, ...))
}

check_string <- function(x, arg = rlang::caller_arg(x), call = rlang::caller_env()) {
  if (!is.character(x) || length(x) != 1L || is.na(x) || !nzchar(x)) {
    lbn_abort("{.arg {arg}} must be a single non-empty string, not {.obj_type_friendly {x}}.",
              "type", call = call)
  }
  invisible(x)
}

check_number <- function(x, arg = rlang::caller_arg(x), call = rlang::caller_env(),
                         min = -Inf, max = Inf, min_open = FALSE, max_open = FALSE,
                         whole = FALSE) {
  if (!is.numeric(x) || length(x) != 1L || is.na(x)) {
    lbn_abort("{.arg {arg}} must be a single number, not {.obj_type_friendly {x}}.",
              "type", call = call)
  }
  too_low <- if (min_open) x <= min else x < min
  too_high <- if (max_open) x >= max else x > max
  if (too_low || too_high) {
    range <- paste0(if (min_open) "(" else "[", min, ", ", max, if (max_open) ")" else "]")
    lbn_abort("{.arg {arg}} must lie in {range}, not {x}.", "value", call = call)
  }
  if (whole && is.finite(x) && x != round(x)) {
    lbn_abort("{.arg {arg}} must be a whole number, not {x}.", "value", call = call)
  }
  invisible(x)
}

check_flag <- function(x, arg = rlang::caller_arg(x), call = rlang::caller_env()) {
  if (!is.logical(x) || length(x) != 1L || is.na(x)) {
    lbn_abort("{.arg {arg}} must be TRUE or FALSE, not {.obj_type_friendly {x}}.",
              "type", call = call)
  }
  invisible(x)
}

# The `threads` argument of every learner and of network_score(): a whole number of
# threads in [1, 1024]. NULL, the default everywhere, takes the session's
# getOption("learnbn.threads", 1L), so a user sets it once instead of in every call; a bad
# option value is named as the option, since the call itself never mentioned threads.
check_threads <- function(threads, arg = rlang::caller_arg(threads), call = rlang::caller_env()) {
  if (is.null(threads)) {
    threads <- getOption("learnbn.threads", 1L)
    arg <- "options(learnbn.threads)"
  }
  check_number(threads, min = 1, max = 1024, whole = TRUE, arg = arg, call = call)
  threads <- as.integer(threads)
  if (threads > 1L) threads <- startable_threads(threads)
  threads
}

# `wanted` threads when they can all start now; else, with a warning, half as many as
# could (the rest of the address space is left for the run's own memory and for the
# other threads' tables): under a process memory limit (ulimit -v) there is no room for
# more stacks, and a thread that fails to start inside OpenMP ends the R process.
startable_threads <- function(wanted) {
  started <- cpp_startable_threads(wanted)
  if (started >= wanted) return(wanted)
  use <- max(1L, started %/% 2L)
  lbn_warn(c(paste0("Only {started} of the {wanted} threads asked for could start (a process ",
                    "memory or thread limit); using {use}."),
             "i" = "Ask for at most {use} thread{?s} to silence this warning."),
           "threads")
  use
}

# The sentence every `threads` parameter ends with (inline R code in the roxygen docs), so
# the default is described in one place.
doc_threads_default <- function() {
  paste("`NULL` (the default) uses `getOption(\"learnbn.threads\", 1)`; set that option",
        "to use more threads for a whole session.")
}

# Node names given by the user must exist; returns their 1-based positions.
check_nodes <- function(x, all_nodes, arg = rlang::caller_arg(x), call = rlang::caller_env(),
                        allow_empty = TRUE) {
  if (is.null(x)) x <- character()
  if (!is.character(x) || anyNA(x)) {
    lbn_abort(paste0("{.arg {arg}} must be a character vector of node names, not ",
                     "{.obj_type_friendly {x}}."),
              "type", call = call)
  }
  if (!allow_empty && !length(x)) {
    lbn_abort("{.arg {arg}} must name at least one node.", "value", call = call)
  }
  unknown <- setdiff(x, all_nodes)
  if (length(unknown)) {
    lbn_abort(c("{.arg {arg}} names unknown node{?s} {.val {unknown}}.",
                "i" = "Known nodes: {list_few(all_nodes, 10L, quote = TRUE)}."), "unknown_node",
                call = call)
  }
  if (anyDuplicated(x)) {
    lbn_abort("{.arg {arg}} names {.val {unique(x[duplicated(x)])}} more than once.",
              "value", call = call)
  }
  match(x, all_nodes)
}

# The first `max` of `x` joined by commas, then "and N more": for messages that could
# list hundreds of values (nodes, rows, evidence). A string to interpolate as "{shown}"
# (cli does not re-parse it, so braces in the values are safe). With `quote`, values are
# styled as cli's {.val}, and a short list is exactly cli's ("a", "b", and "c").
list_few <- function(x, max = 5L, quote = FALSE) {
  if (quote && length(x) <= max) return(cli::format_inline("{.val {x}}"))
  shown <- utils::head(x, max)
  shown <- if (quote) vapply(shown, function(v) cli::format_inline("{.val {v}}"),
                             "") else as.character(shown)
  if (length(x) <= max) return(paste(shown, collapse = ", "))
  paste0(paste(shown, collapse = ", "), " and ", format_count(length(x) - max), " more")
}

# Counts and sizes in messages, with thousands separators: "241,864,704" and "100,000",
# never "241864704.000000" or "1e+05" (format()'s choice for round doubles). Past 1e15,
# where doubles skip whole numbers, three significant digits ("2.42e+20").
format_count <- function(x) {
  if (any(abs(x) >= 1e15, na.rm = TRUE)) return(format(x, digits = 3, trim = TRUE))
  format(x, big.mark = ",", scientific = FALSE, trim = TRUE)
}

# Memory sizes in error messages: bytes, MB or GB.
format_bytes <- function(bytes) {
  if (bytes >= 1e9) sprintf("%.3g GB", bytes / 1e9)
  else if (bytes >= 1e6) sprintf("%.3g MB", bytes / 1e6)
  else sprintf("%.0f bytes", bytes)
}

# The memory limit of learnbn's large tables and results, in bytes:
# getOption("learnbn.max_memory", 1e9) (documented in ?learnbn).
max_memory <- function(call = rlang::caller_env()) {
  limit <- getOption("learnbn.max_memory", 1e9)
  check_number(limit, min = 0, min_open = TRUE, arg = "options(learnbn.max_memory)", call = call)
  limit
}

# Stops before `bytes` are allocated for `what` (text naming the object and its size,
# e.g. "The simulated data (2,147,483,647 rows x 8 columns)") when they pass
# max_memory(); `advice` says what to make smaller. Both are cli text written by learnbn,
# never user data. At once, so a user never waits for R's "cannot allocate vector".
check_memory <- function(bytes, what, advice, call = rlang::caller_env()) {
  limit <- max_memory(call)
  if (bytes > limit) {
    lbn_abort(c(paste(what, paste0("would need {format_bytes(bytes)} of memory, more than the ",
                                   "limit of {format_bytes(limit)}.")),
                "i" = paste0(advice, paste0(", or raise the limit with ",
                                            "{.code options(learnbn.max_memory = <bytes>)}."))),
              "too_large", call = call)
  }
  invisible(bytes)
}

# One of `choices`; the default vector (an argument left unset) means its first element.
check_choice <- function(x, choices, arg = rlang::caller_arg(x), call = rlang::caller_env()) {
  if (identical(x, choices)) return(choices[1])
  if (!is.character(x) || length(x) != 1L || is.na(x) || !x %in% choices) {
    given <- if (rlang::is_string(x)) "{.val {x}}" else "{.obj_type_friendly {x}}"
    lbn_abort(paste0("{.arg {arg}} must be one of {.val {choices}}, not ", given, "."),
              "value", call = call)
  }
  x
}

# Stops unless the columns of the data argument `data_arg` cover every node of the
# model argument `model_arg` (a graph or a fit).
check_node_columns <- function(nodes, columns, data_arg, model_arg, call = rlang::caller_env()) {
  absent <- setdiff(nodes, columns)
  if (length(absent)) {
    lbn_abort(c(paste0("{.arg {data_arg}} has no column for {cli::qty(absent)}node{?s} ",
                       "{list_few(absent, 10L, quote = TRUE)} of {.arg {model_arg}}."),
                "i" = "Columns of {.arg {data_arg}}: {list_few(columns, 10L, quote = TRUE)}."),
              "unknown_node", call = call)
  }
}

# Warns that the arguments `args`, given by the user, have no effect `here` (cli text
# such as "with the {.val bic} score", from learnbn's code, never from the user); `why`
# (cli bullets without interpolated variables) says where each of them applies.
warn_unused_arguments <- function(args, here, why = character()) {
  if (!length(args)) return(invisible(args))
  lbn_warn(c(paste0("{.arg {args}} {cli::qty(args)}{?does/do} nothing ", here,
                    " and {cli::qty(args)}{?is/are} ignored."),
             why),
           "unused_argument")
}

# Stops because `x` (given as argument `arg`) is not one of `choices`, the names (of
# scores, tests, ...) that learnbn knows. `aliases` maps other packages' spellings
# (bnlearn's) to learnbn's names; otherwise the closest choices, ignoring case and at
# most two edits away, are suggested.
abort_unknown_name <- function(x, choices, kind, aliases = character(),
                               arg = rlang::caller_arg(x), call = rlang::caller_env()) {
  hint <- if (x %in% names(aliases)) {
    "{.val {x}} is bnlearn's name; learnbn calls it {.val {aliases[[x]]}}."
  } else {
    close <- closest_names(x, choices)
    if (length(close)) "Did you mean {.or {.val {close}}}?"
  }
  lbn_abort(c("{.arg {arg}} must be one of {list_few(choices, 20L, quote = TRUE)}, not {.val {x}}.",
              "i" = hint),
            kind, call = call)
}

# The names in `choices` nearest to `x`: the one equal ignoring case, else up to three
# at most two edits away (one for a name of two characters), nearest first.
closest_names <- function(x, choices) {
  if (is.na(x)) return(character())
  distance <- drop(utils::adist(tolower(x), tolower(choices)))
  if (any(distance == 0)) return(choices[distance == 0])
  close <- order(distance)[sort(distance) <= min(2, nchar(x) - 1)]
  choices[utils::head(close, 3)]
}
