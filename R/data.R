#' Discrete data for structure learning
#'
#' Checks a data set once and recodes every column to compact 0-based integer codes,
#' keeping the declared levels (so a level that never occurs still counts in r_i,
#' the number of states of a variable). Every score, test and learner accepts a
#' `bn_data` object or a data.frame, which it passes through `bn_data()`.
#'
#' Columns may be factors (levels and their order are kept), character vectors
#' (levels sorted), logical vectors (levels `FALSE`, `TRUE`) or whole numbers (levels
#' are the sorted distinct values). Continuous (non-integer) columns, missing values,
#' empty data and duplicated column names are errors.
#'
#' @param x A data.frame, a `table` (each cell a configuration, its value the count),
#'   or a `bn_data` object (returned unchanged).
#' @param counts `NULL`, or the name of a column of `x` holding non-negative whole-number
#'   case counts: each row then stands for that many identical cases, so a count table
#'   such as [college_plans] is used as it is, without expanding rows. Rows with a zero
#'   count are dropped.
#' @return A `bn_data` object: a list with `codes` (one vector of 0-based codes per
#'   variable, raw when a variable has at most 256 levels), `levels`, `weights` (`NULL`
#'   or the case counts), `n_rows` and `n_cases`.
#' @family data
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' d
#' bn_data(data.frame(smoker = c(TRUE, FALSE, TRUE), cough = c("yes", "no", "yes")))
#' bn_data(UCBAdmissions)
bn_data <- function(x, counts = NULL) {
  if (inherits(x, "bn_data")) {
    if (!is.null(counts)) {
      lbn_abort("{.arg counts} cannot be used with data that is already a {.cls bn_data}.",
                "value")
    }
    return(x)
  }
  if (is.table(x)) {
    x <- table_to_frame(x)
    counts <- ".count"
  }
  if (is.matrix(x)) x <- as.data.frame(x, stringsAsFactors = FALSE)
  if (!is.data.frame(x)) {
    lbn_abort("{.arg x} must be a data.frame, a table or a {.cls bn_data}, not {.obj_type_friendly {x}}.",
              "type")
  }
  check_frame_names(x)
  weights <- NULL
  if (!is.null(counts)) {
    check_string(counts)
    if (!counts %in% names(x)) {
      lbn_abort("{.arg counts} names column {.val {counts}}, which is not in {.arg x}.",
                "unknown_column")
    }
    weights <- check_counts(x[[counts]], counts)
    x <- x[names(x) != counts]
    keep <- weights > 0
    x <- x[keep, , drop = FALSE]
    weights <- weights[keep]
  }
  check_frame_shape(x)
  columns <- lapply(names(x), function(name) encode_column(x[[name]], name))
  names(columns) <- names(x)
  structure(
    list(codes = lapply(columns, `[[`, "codes"),
         levels = lapply(columns, `[[`, "levels"),
         weights = weights,
         n_rows = nrow(x),
         n_cases = if (is.null(weights)) nrow(x) else sum(weights)),
    class = "bn_data")
}

# Largest number of levels a variable may have: codes must fit the core's 32-bit
# configuration arithmetic with room for the other variables of a family.
max_levels <- 65535L

table_to_frame <- function(x) {
  frame <- as.data.frame(x, stringsAsFactors = TRUE, responseName = ".count")
  if (is.null(names(dimnames(x))) || any(!nzchar(names(dimnames(x))))) {
    lbn_abort("{.arg x} is a table without names on every dimension; name them with {.code names(dimnames(x)) <- ...}.",
              "value", call = rlang::caller_env())
  }
  frame
}

check_counts <- function(counts, name, call = rlang::caller_env()) {
  if (!is.numeric(counts)) {
    lbn_abort("The counts column {.val {name}} must be numeric, not {.obj_type_friendly {counts}}.",
              "counts", call = call)
  }
  bad <- which(is.na(counts) | !is.finite(counts) | counts < 0 | counts != round(counts))
  if (length(bad)) {
    lbn_abort(c("The counts column {.val {name}} must hold non-negative whole numbers.",
                "x" = "Row {bad[1]} has {.val {counts[bad[1]]}} ({length(bad)} bad row{?s} in all)."),
              "counts", call = call)
  }
  as.numeric(counts)
}

check_frame_names <- function(x, call = rlang::caller_env()) {
  nms <- names(x)
  if (is.null(nms) || anyNA(nms) || any(!nzchar(nms))) {
    lbn_abort("Every column of {.arg x} must have a non-empty name.", "names", call = call)
  }
  if (anyDuplicated(nms)) {
    lbn_abort("{.arg x} has duplicated column name{?s} {.val {unique(nms[duplicated(nms)])}}.",
              "names", call = call)
  }
}

check_frame_shape <- function(x, call = rlang::caller_env()) {
  if (!ncol(x)) lbn_abort("{.arg x} has no columns.", "empty", call = call)
  if (!nrow(x)) lbn_abort("{.arg x} has no rows (or every count is zero).", "empty", call = call)
  nms <- names(x)
  has_na <- vapply(x, anyNA, logical(1))
  if (any(has_na)) {
    n_na <- vapply(x[has_na], function(col) sum(is.na(col)), numeric(1))
    detail <- paste0(nms[has_na], " (", n_na, " NA)")
    lbn_abort(c("{.arg x} has missing values in {sum(has_na)} column{?s}: {detail}.",
                "i" = "Remove or impute incomplete rows before learning."),
              "missing", call = call)
  }
}

# Recode one column to 0-based codes and its levels.
encode_column <- function(col, name, call = rlang::caller_env()) {
  if (is.factor(col)) {
    levels <- levels(col)
    if (anyNA(levels)) {
      lbn_abort(c("Column {.val {name}} is a factor with {.code NA} as a level.",
                  "i" = "Missing values must be removed or imputed, not coded as a level."),
                "missing", call = call)
    }
    codes <- as.integer(col) - 1L
  } else if (is.logical(col)) {
    levels <- c("FALSE", "TRUE")
    codes <- as.integer(col)
  } else if (is.character(col)) {
    levels <- sort(unique(col))
    codes <- match(col, levels) - 1L
  } else if (is.numeric(col)) {
    bad <- !is.finite(col) | col != round(col)
    if (any(bad)) {
      lbn_abort(c("Column {.val {name}} is numeric with non-integer values such as {.val {col[bad][1]}}.",
                  "i" = "Discrete data need factors, characters, logicals or whole numbers."),
                "continuous", call = call)
    }
    values <- sort(unique(col))
    levels <- as.character(values)
    codes <- match(col, values) - 1L
  } else {
    lbn_abort("Column {.val {name}} is {.obj_type_friendly {col}}; use a factor, character, logical or whole-number column.",
              "type", call = call)
  }
  if (length(levels) > max_levels) {
    lbn_abort(c("Column {.val {name}} has {length(levels)} levels; at most {max_levels} are supported.",
                "i" = "Is it an identifier or a continuous variable? Drop or discretise it."),
              "too_many_levels", call = call)
  }
  if (length(levels) == 1L) {
    lbn_warn("Column {.val {name}} has a single level ({.val {levels}}); it cannot depend on anything.",
             "single_level")
  }
  if (length(levels) <= 256L) codes <- as.raw(codes)
  list(codes = codes, levels = levels)
}

#' @export
print.bn_data <- function(x, ...) {
  cards <- lengths(x$levels)
  cli::cat_line("<bn_data> ", length(cards), " discrete variables, ",
                format(x$n_cases, big.mark = ","), " cases",
                if (!is.null(x$weights)) paste0(" in ", x$n_rows, " weighted rows") else "")
  shown <- paste0(names(cards), " (", cards, ")")
  cli::cat_line(strwrap(paste(shown, collapse = ", "), indent = 2, exdent = 2))
  invisible(x)
}

#' @export
dim.bn_data <- function(x) c(x$n_rows, length(x$levels))

#' @export
dimnames.bn_data <- function(x) list(NULL, names(x$levels))

#' Convert `bn_data` back to a data.frame
#'
#' @param x A [bn_data()] object.
#' @param row.names,optional Ignored.
#' @param ... Ignored.
#' @return A data.frame of factors with the declared levels, plus a `count` column
#'   when the data carry case counts.
#' @export
#' @examples
#' head(as.data.frame(bn_data(college_plans, counts = "count")))
as.data.frame.bn_data <- function(x, row.names = NULL, optional = FALSE, ...) {
  frame <- as.data.frame(lapply(names(x$levels), function(name) {
    factor(x$levels[[name]][as.integer(x$codes[[name]]) + 1L], levels = x$levels[[name]])
  }), col.names = names(x$levels), optional = TRUE)
  names(frame) <- names(x$levels)
  if (!is.null(x$weights)) frame$count <- x$weights
  frame
}

# Internal: the variables' cardinalities r_i.
data_cardinalities <- function(data) lengths(data$levels)

# Internal: a column's 0-based codes as integers.
data_codes <- function(data, node) as.integer(data$codes[[node]])

#' Sewell and Shah's college plans data
#'
#' Counts of 10,318 Wisconsin high-school seniors cross-classified by five variables
#' (Sewell and Shah 1968), as analysed in Heckerman's "Graphical models: structure
#' learning" (seed document 004, Table 1) and in the PC walk-through of seed 002.
#'
#' @format A data.frame with 128 rows (one per configuration, CP varying fastest, then
#'   PE, IQ, SES and SEX) and 6 columns:
#' \describe{
#'   \item{SEX}{sex: male, female}
#'   \item{SES}{socioeconomic status: low, lower_middle, upper_middle, high}
#'   \item{IQ}{intelligence quotient: low, lower_middle, upper_middle, high}
#'   \item{PE}{parental encouragement: low, high}
#'   \item{CP}{college plans: yes, no}
#'   \item{count}{number of students in the configuration}
#' }
#' @source Sewell, W. and Shah, V. (1968). Social class, parental encouragement, and
#'   educational aspirations. *American Journal of Sociology*, 73, 559-572.
#' @family data
#' @examples
#' sum(college_plans$count)
#' bn_data(college_plans, counts = "count")
#' @name college_plans
#' @docType data
#' @keywords datasets
NULL

#' Radelet's Florida homicide data
#'
#' 637 Florida homicide trials cross-classified by five variables (Radelet 1981), as
#' used in the constraint-based learning examples of seed document 002.
#'
#' @format A data.frame with 32 rows and 6 columns:
#' \describe{
#'   \item{V}{race of the victim: white, black}
#'   \item{D}{race of the defendant: white, black}
#'   \item{R}{relationship of victim and defendant: nonprimary, primary}
#'   \item{I}{indictment: first (first-degree murder), other}
#'   \item{S}{death sentence: no, yes}
#'   \item{count}{number of trials in the configuration}
#' }
#' @source Radelet, M. L. (1981). Racial characteristics and the imposition of the death
#'   penalty. *American Sociological Review*, 46, 918-927.
#' @family data
#' @examples
#' sum(florida$count)
#' bn_data(florida, counts = "count")
#' @name florida
#' @docType data
#' @keywords datasets
NULL
