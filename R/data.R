#' Data for structure learning
#'
#' Checks a data set once and prepares it for every score, test and learner, which
#' accept a `bn_data` object or a data.frame (passed through `bn_data()`).
#'
#' **Discrete data.** Every column is recoded to compact 0-based integer codes, keeping
#' the declared levels (so a level that never occurs still counts in r_i, the number
#' of states of a variable). Columns may be factors (levels and their order are kept),
#' character vectors (levels sorted), logical vectors (levels `FALSE`, `TRUE`) or whole
#' numbers (levels are the sorted distinct values). A whole-number column with many
#' distinct values is more likely a rounded measurement than a category: with
#' `type = "auto"` a warning (class `learnbn_warning_many_levels`) names each numeric
#' column made discrete with more than 20 levels, or with more than 5 levels and more
#' than one level per 10 cases. Treat such columns as continuous with
#' `type = "gaussian"` (every column numeric), or keep them discrete without the warning
#' with `type = "discrete"` or by making them factors (or intervals with [cut()]).
#'
#' A declared factor level that occurs in no row is kept as a state, as promised above,
#' but it changes the degrees of freedom of tests and the scores, and so the learned
#' graph: such levels are usually left over from [subset()] or filtering, and a warning
#' (class `learnbn_warning_unused_levels`) names them and says to drop them with
#' [droplevels()]. The levels of a `table` are deliberate and not warned about, nor are
#' the levels of a count table's rows with no case, nor those of a data.frame with the
#' attribute `declared_levels` set to `TRUE`, as [simulate_data()], [impute()] and
#' `as.data.frame()` of a `bn_data` set it. A string or factor column with a
#' different value in at least 90% of its observed cases (and more than 10 of them;
#' with case counts, cases are compared, not rows) is most likely an identifier, not a
#' variable: a warning (class `learnbn_warning_identifier`) says to drop it. The string
#' `"NA"` as a value or a factor level is kept as a level, with a warning (class
#' `learnbn_warning_na_string`), since it probably marks a missing value: convert it
#' with `x[x == "NA"] <- NA`. Each of these warnings names every column concerned at
#' once.
#'
#' **Continuous (Gaussian) data.** When every column is numeric and some column holds
#' a non-integer value (or `type = "gaussian"`), the data are continuous: the values are
#' kept, and the sufficient statistics of a linear-Gaussian network (weighted means,
#' standard deviations and the correlation matrix) are computed once, in C++ with
#' Eigen. Scores and tests then work from these statistics without touching the rows
#' again. A data.frame mixing continuous and discrete columns gives mixed data (see
#' the section below). Printing a `bn_data` object shows which kind every column became.
#'
#' **Collinear columns.** A continuous column that is (almost) a linear function of
#' others, with a residual variance ratio 1 - R^2 below `1e-10` on the correlation scale
#' (so whatever the units), has no linear-Gaussian density: its likelihood scores would
#' be -Inf and its partial correlations undefined, which would make the strongest
#' dependence of the data read as independence. `bn_data()` looks for such columns once
#' (a Cholesky factor of the correlation matrix); every learner then stops with an error
#' of class `learnbn_error_collinear` naming them (for example `"b" is (almost) a linear
#' function of "a"`), as do [local_score()] and [network_score()] for a family of
#' collinear columns, [ci_test()] when `x` or `y` is a linear function of `z` or `z` is
#' collinear, and [fit_parameters()] for collinear parents. Drop or combine such columns.
#' The limit leaves several correct digits in 1 - R^2 computed from correlations in
#' double precision; below it the statistics cannot tell a near-exact relation from an
#' exact one. Data with at least as many columns as rows are collinear by necessity;
#' there a column is reported up front only when it is a linear function of fewer
#' columns than the rows less one (a copy, for example); other collinear sets are found by
#' [local_score()], [network_score()] and [ci_test()] only.
#'
#' **Case counts.** A count table (one row per configuration and a column of case
#' counts) is used as it is, without expanding rows: name the column in `counts`, or
#' set the attribute `attr(x, "counts")` to its name, as the bundled [college_plans]
#' and [florida] do, so that they are learned correctly when given as they are (for
#' example `hill_climb(college_plans)`). `counts` takes precedence over the attribute;
#' remove the attribute (`attr(x, "counts") <- NULL`) to use the column as a variable.
#' Selecting columns with `x[cols]` or [subset()] drops the attribute. A numeric column
#' of non-negative whole numbers named `count`, `counts`, `n`, `freq`, `Freq`, `weight`
#' or `weights` (in any case) that is not declared as counts is most likely one, for
#' example the `Freq` column of `as.data.frame(table(...))`: it is used as a variable
#' with a warning (class `learnbn_warning_count_column`) that says how to declare it.
#' Make it a factor to use it as a variable without the warning.
#'
#' **Missing values.** By default a missing value is an error naming the columns and
#' their number of missing cells. With `missing = "allow"` (discrete data only) a
#' missing cell keeps a missing code: [ci_test()] and [pc()] then use available cases
#' (each test the rows complete on its variables), [fit_parameters()] can use EM or
#' Gibbs sampling, [structural_em()] learns a structure and [impute()] completes the
#' data. Other learners need complete data. Every variable needs at least one observed
#' value and one level: a column with none (all `NA`, or a factor without levels) is an
#' error (class `learnbn_error_unobserved`) naming it.
#'
#' @param x A data.frame, a `table` (each cell a configuration, its value the count),
#'   or a `bn_data` object (returned unchanged).
#' @param counts `NULL`, or the name of a column of `x` holding non-negative whole-number
#'   case counts: each row then stands for that many identical cases, so a count table
#'   such as [college_plans] is used as it is, without expanding rows. Rows with a zero
#'   count are dropped. `NULL` uses the column named by `attr(x, "counts")`, if any.
#' @param type `"auto"` (continuous when every column is numeric and one has a
#'   non-integer value, mixed when other columns are factors, strings or logicals, and
#'   discrete otherwise), `"discrete"`, `"gaussian"`, or a named vector giving some
#'   columns `"discrete"` or `"continuous"` (the others as by `"auto"`), such as
#'   `c(cyl = "discrete")`; see the section on mixed data.
#' @param missing `"error"` (the default) or `"allow"` (keep missing cells of discrete
#'   data with a missing code).
#' @param interventions `NULL` (observational data), or which variables were set by
#'   intervention in each row: a named list, node -> the rows where it was set (bnlearn's
#'   form, as in its `score(type = "mbde", exp = )`), or a logical matrix or data.frame
#'   with one column per intervened node (named by it) and one row per row of `x`. Rows
#'   are those of `x` (or of a `bn_data` given as `x`); see "Interventional data".
#' @return A `bn_data` object: a list with `type` (`"discrete"`, `"gaussian"` or
#'   `"mixed"`; mixed data have both `codes` and `values`, `NULL` for the other kind),
#'   `levels` (named by variable; `NULL` entries for continuous variables), `sources`
#'   (the kind of each column before recoding: `"factor"`, `"character"`, `"logical"`,
#'   `"whole number"` or `"numeric"`), `weights` (`NULL` or the case counts), `counts`
#'   (`NULL` or the name of the counts column), `n_rows` and `n_cases`. Discrete data
#'   add `codes` (one vector of 0-based codes per variable, raw when a variable has at
#'   most 256 levels, or 255 with missing values) and `missing` (missing cells per
#'   variable). Gaussian data add `values` (the columns), `means`, `sds`
#'   (maximum-likelihood, divisor N), `cor` (the weighted correlation matrix) and
#'   `collinear` (the collinear columns found, an empty list when none; see Details).
#'   Interventional data add `interventions`: a named list, for each node set by
#'   intervention in some row, the sorted rows where it was set.
#' @family data
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' d
#' # the same: college_plans names its counts column in an attribute
#' attr(college_plans, "counts")
#' bn_data(college_plans)
#' bn_data(data.frame(smoker = c(TRUE, FALSE, TRUE), cough = c("yes", "no", "yes")))
#' bn_data(UCBAdmissions)
#' bn_data(as.data.frame(UCBAdmissions), counts = "Freq")
#' bn_data(data.frame(a = c("x", NA, "y"), b = c("u", "v", NA)), missing = "allow")
#' bn_data(iris[1:4])
#' bn_data(iris)
#' bn_data(mtcars, type = c(cyl = "discrete", am = "discrete"))
#' # B was set by intervention in rows 4 to 6
#' chain <- data.frame(A = c(1, 1, 2, 2, 1, 2), B = c(1, 1, 2, 2, 2, 1), C = c(1, 2, 2, 2, 2, 1))
#' bn_data(chain, type = "discrete", interventions = list(B = 4:6))
bn_data <- function(x, counts = NULL, type = c("auto", "discrete", "gaussian"),
                    missing = c("error", "allow"), table = NULL, interventions = NULL) {
  new_bn_data(x, counts, type, missing, arg = "x", call = rlang::current_env(), table = table,
              interventions = interventions)
}

# bn_data() for a user's data given as argument `arg` of the function called as `call`,
# so that errors and warnings name that argument and that function.
# With `levels_given`, the levels come from elsewhere (a fit's, for new data): a column
# may then be wholly missing (impute() fills it from the fit), and neither unused levels
# nor identifier-like columns are warned about.
new_bn_data <- function(x, counts = NULL, type = "auto", missing = "error", arg = "x",
                        call = rlang::caller_env(), levels_given = FALSE, table = NULL,
                        interventions = NULL) {
  if (inherits(x, "bn_data")) {
    if (!is.null(counts)) {
      lbn_abort("{.arg counts} cannot be used with data that is already a {.cls bn_data}.",
                "value", call = call)
    }
    if (!is.null(interventions)) x <- with_interventions(x, interventions, call)
    return(x)
  }
  if (is.null(names(type))) type <- check_choice(type, c("auto", "discrete", "gaussian"),
                                                  arg = "type", call = call)
  missing <- check_choice(missing, c("error", "allow"), arg = "missing", call = call)
  if (is_database(x)) {
    if (!is.null(interventions)) {
      lbn_abort(c("{.arg interventions} cannot be given with data in a database yet.",
                  "i" = "Load the rows into R, or learn from the observational rows only."),
                "interventional", call = call)
    }
    return(db_data(x, table, counts, type, missing, arg, call))  # data-db.R
  }
  if (!is.null(table)) {
    lbn_abort("{.arg table} names a table of a database connection; {.arg {arg}} is not one.",
              "value", call = call)
  }
  counts_name <- NULL
  from_table <- is.table(x)
  if (from_table) {
    x <- table_to_frame(x, arg, call)
    counts <- ".count"
  } else {
    if (is.null(counts)) counts <- counts_attribute(x)
    counts_name <- counts
  }
  if (is.matrix(x)) x <- as.data.frame(x, stringsAsFactors = FALSE)
  if (!is.data.frame(x)) {
    lbn_abort(paste0("{.arg {arg}} must be a data.frame, a table or a {.cls bn_data}, not ",
                     "{.obj_type_friendly {x}}."),
              "type", call = call)
  }
  check_frame_names(x, arg, call)
  # A table's dimnames, and the rows of a count table (even with no case), declare their
  # levels on purpose: only factor levels absent from every row are unused.
  # So do frames made with declared levels (simulate_data(), impute(), as.data.frame()).
  declared <- from_table || levels_given || isTRUE(attr(x, "declared_levels", exact = TRUE))
  unused <- if (!declared) unused_levels(x[setdiff(names(x), counts)])
  mask <- interventions_mask(interventions, setdiff(names(x), counts), nrow(x), from_table,
                             arg = arg, call = call)  # R/data-interventions.R
  rows <- split_counts(x, counts, arg, call)
  check_frame_shape(rows$x, arg, call)
  types <- column_types(rows$x, type, arg, call)  # R/data-mixed.R
  data <- switch(types$type,
    gaussian = gaussian_data(rows$x, rows$weights, arg, call),
    mixed = mixed_data(rows$x, rows$weights, types$kinds, types$auto, arg, call),
    discrete_data(rows$x, rows$weights, missing == "allow", warn_levels = types$auto,
                  not_again = rows$suspects, arg = arg, call = call, levels_given = levels_given))
  if (!is_gaussian(data) && !levels_given) warn_discrete_columns(data, unused, arg)
  data$counts <- counts_name
  attach_interventions(data, mask, rows$kept, call)
}

# The variables of `x` and the case counts of its rows: the column `counts` (rows with
# no case dropped), or NULL. Without `counts`, `suspects` names the columns warned
# about as looking like counts.
split_counts <- function(x, counts, arg, call) {
  if (is.null(counts)) {
    return(list(x = x, weights = NULL, suspects = warn_count_columns(x, arg),
                kept = seq_len(nrow(x))))
  }
  check_counts_name(counts, names(x), arg, call)  # R/data-db.R
  weights <- check_counts(x[[counts]], counts, call)
  keep <- weights > 0
  list(x = x[keep, names(x) != counts, drop = FALSE], weights = weights[keep],
       suspects = character(), kept = which(keep))
}

# Discrete data: every column recoded (see column_codes()) and stored in one call to the
# core. With `warn_levels`, numeric columns with many levels are warned about, except
# those in `not_again`.
discrete_data <- function(x, weights, allow_missing, warn_levels, not_again, arg, call,
                          levels_given = FALSE) {
  columns <- column_codes(x, call)
  stored <- cpp_encode_codes(columns$codes, lengths(columns$levels), missing_code_raw,
                             missing_code_int)
  missing_cells <- stats::setNames(stored$missing, names(x))
  if (!levels_given) stop_if_unobserved(missing_cells, nrow(x), columns$levels, arg, call)
  stop_if_missing(missing_cells, allow_missing, missing_hint_discrete, arg, call)
  check_levels(columns$levels, columns$sources, call)
  n_cases <- if (is.null(weights)) nrow(x) else sum(weights)
  if (warn_levels) {
    whole_numbers <- columns$sources == "whole number" & !names(x) %in% not_again
    warn_many_levels(lengths(columns$levels)[whole_numbers], n_cases, arg)
  }
  structure(
    list(type = "discrete",
         codes = stats::setNames(stored$codes, names(x)),
         levels = columns$levels,
         sources = columns$sources,
         weights = weights,
         n_rows = nrow(x),
         n_cases = n_cases,
         missing = missing_cells),
    class = "bn_data")
}

# The column named by attr(x, "counts") (as set on college_plans and florida), or NULL
# when the attribute is absent or names no column (e.g. after the column was dropped).
counts_attribute <- function(x) {
  name <- attr(x, "counts", exact = TRUE)
  if (is.character(name) && length(name) == 1L && !is.na(name) && name %in% names(x)) name
}

# Names under which count tables usually carry their case counts (compared in lower case;
# as.data.frame(table(...)) writes `Freq`).
count_column_names <- c("count", "counts", "n", "freq", "weight", "weights")

# Warns about numeric columns of non-negative whole numbers named like case counts: used
# as a variable, such a column splits every family into one configuration per count.
# Returns the names of those columns.
warn_count_columns <- function(x, arg) {
  suspects <- names(x)[tolower(names(x)) %in% count_column_names]
  suspects <- suspects[vapply(x[suspects], is_count_like, logical(1))]
  if (!length(suspects)) return(suspects)
  first <- suspects[[1]]
  n <- cli::qty(length(suspects))
  lbn_warn(c(paste0("{n}Column{?s} {.val {suspects}} of {.arg {arg}} {n}look{?s/} like case ",
                    "counts (whole numbers, named like counts) but {n}{?is/are} used as ",
                    "{n}{?a variable/variables}."),
             "i" = paste0("If each row stands for {.field {first}} identical cases, use ",
                          "{.code bn_data({arg}, counts = \"{first}\")} and pass that to the ",
                          "learner."),
             "i" = paste0("To use {n}{?it/them} as {n}{?a variable/variables} without this ",
                          "warning, make {n}{?it a factor/them factors}.")),
           "count_column")
  suspects
}

is_count_like <- function(col) {
  is.numeric(col) && !is.factor(col) && length(col) > 0 && !anyNA(col) &&
    all(is.finite(col) & col >= 0 & col == round(col))
}

# More levels than this (or more than 5 and more than one per `cases_per_level` cases)
# make a numeric column made discrete look like a rounded measurement.
many_levels <- 20
cases_per_level <- 10

# Warns about numeric columns made discrete (`levels`: their numbers of levels, named)
# with so many levels that each has few cases: they are probably measurements.
warn_many_levels <- function(levels, n_cases, arg) {
  many <- levels[levels > many_levels | (levels > 5 & levels > n_cases / cases_per_level)]
  if (!length(many)) return(invisible())
  shown <- paste0(names(many), " (", many, " levels)")
  n <- cli::qty(length(many))
  lbn_warn(c(paste0("{n}Numeric column{?s} {shown} of {.arg {arg}} {n}{?is/are} treated as ",
                    "discrete, with one level per distinct value, in {format_count(n_cases)} ",
                    "cases."),
             "i" = paste0("If {n}{?it is a measurement/they are measurements}, treat the data as ",
                          "continuous with {.code bn_data({arg}, type = \"gaussian\")} (every ",
                          "column numeric), or group the values with {.fn cut}."),
             "i" = paste0("To keep {n}{?it/them} discrete without this warning, use ",
                          "{.code bn_data({arg}, type = \"discrete\")} or make ",
                          "{n}{?it a factor/them factors}.")),
           "many_levels")
}

# An error naming the columns with no observed value or no level (`n_na`: missing cells
# per column, of `n_rows`): such a variable has no states to count or to complete.
stop_if_unobserved <- function(n_na, n_rows, levels, arg, call) {
  empty <- names(n_na)[n_na >= n_rows | lengths(levels) == 0L]
  if (!length(empty)) return(invisible())
  n <- cli::qty(length(empty))
  lbn_abort(c(paste0("{n}Column{?s} {list_few(empty, quote = TRUE)} of {.arg {arg}} ",
                     "{n}{?has/have} no observed value."),
              "i" = paste0("A variable needs at least one observed value and one level; drop ",
                           "{n}{?it/them} from {.arg {arg}}.")),
            "unobserved", call = call)
}

missing_hint_discrete <- paste0("Use {.code bn_data({arg}, missing = \"allow\")} for {.fn pc}, ",
                                "{.fn structural_em}, {.fn fit_parameters} with ",
                                "{.code missing = \"em\"} and {.fn impute}; or remove incomplete ",
                                "rows.")
missing_hint_gaussian <- paste0("Missing values are supported for discrete data only; remove ",
                                "incomplete rows.")

# An error (with the advice `hint`) when a column has missing cells (`n_na`, named by
# column), unless `allow`.
stop_if_missing <- function(n_na, allow, hint, arg = "x", call = rlang::caller_env()) {
  if (allow || !any(n_na > 0)) return(invisible())
  detail <- paste0(names(n_na)[n_na > 0], " (", n_na[n_na > 0], " NA)")
  lbn_abort(c("{.arg {arg}} has missing values in {sum(n_na > 0)} column{?s}: {detail}.",
              "i" = hint),
            "missing", call = call)
}

# Largest number of levels a variable may have: codes must fit the core's 32-bit
# configuration arithmetic with room for the other variables of a family.
max_levels <- 65535L

check_frame_names <- function(x, arg = "x", call = rlang::caller_env()) {
  nms <- names(x)
  if (is.null(nms) || anyNA(nms) || any(!nzchar(nms))) {
    lbn_abort("Every column of {.arg {arg}} must have a non-empty name.", "names", call = call)
  }
  if (anyDuplicated(nms)) {
    lbn_abort("{.arg {arg}} has duplicated column name{?s} {.val {unique(nms[duplicated(nms)])}}.",
              "names", call = call)
  }
}

check_frame_shape <- function(x, arg = "x", call = rlang::caller_env()) {
  if (!ncol(x)) lbn_abort("{.arg {arg}} has no columns.", "empty", call = call)
  if (!nrow(x)) lbn_abort("{.arg {arg}} has no rows (or every count is zero).", "empty",
                          call = call)
}

# Internal: whether data are continuous, and whether they have missing cells.
is_gaussian <- function(data) identical(data$type, "gaussian")
has_missing <- function(data) any(data$missing > 0)

# Internal: stops unless the data are complete (missing cells are allowed by the
# available-case tests, EM and Gibbs sampling only).
check_complete <- function(data, what, call = rlang::caller_env()) {
  if (!has_missing(data)) return(invisible(data))
  n_na <- data$missing[data$missing > 0]
  hint <- if (is_mixed(data)) {
    # (EM and imputation of conditional Gaussian networks are not built yet)
    paste0("Mixed data: use {.fn pc} or another constraint-based learner (available-case ",
           "{.val mi_cg} tests), or remove the incomplete rows (e.g. with {.fn na.omit}).")
  } else {
    paste0("Use {.fn structural_em} to learn a structure, {.fn pc} ",
           "(available-case tests), or {.fn impute} to complete the data.")
  }
  lbn_abort(c(paste0("{what} needs complete data, but {.arg data} has missing values: ",
                     "{paste0(names(n_na), ' (', n_na, ' NA)')}."),
              "i" = hint),
            "missing", call = call)
}

# Internal: stops unless the data have the kind a method needs ("discrete" or "gaussian").
check_data_type <- function(data, needed, what, call = rlang::caller_env()) {
  type <- data_type_of(data)
  if (type == "mixed" && needed != "mixed") stop_mixed(what, call)
  if (type != needed) {
    lbn_abort("{what} needs {needed} data, but {.arg data} {?is/are} {type}.", "data_type",
              call = call)
  }
  invisible(data)
}

# Internal: the data restricted to `rows`, with new case counts `weights` (or NULL).
data_rows <- function(data, rows, weights = NULL) {
  check_rows(data, "Resampling the data (bootstrap, cross-validation)", call = NULL)
  for (field in c("values", "codes")) {
    if (!is.null(data[[field]])) data[[field]] <- lapply(data[[field]], `[`, rows)
  }
  data["weights"] <- list(weights)  # keeps the element when NULL
  data$interventions <- intervention_rows(data$interventions, rows, data$n_rows)
  data$n_rows <- length(rows)
  data$n_cases <- if (is.null(weights)) length(rows) else sum(weights)
  if (is_gaussian(data)) return(with_gaussian_stats(data))
  if (has_missing(data)) {
    data$missing <- vapply(names(data$codes), function(node) {
      if (is.null(data$codes[[node]])) sum(is.na(data$values[[node]]))  # continuous (mixed)
      else sum(is.na(data_codes(data, node)))
    }, numeric(1))
  }
  data
}

# Coerces `data` to bn_data; errors and warnings about it name the caller's argument
# and the caller, not `x` of bn_data().
as_bn_data <- function(data, arg = rlang::caller_arg(data), call = rlang::caller_env()) {
  new_bn_data(data, arg = arg, call = call)
}
