# Mixed data (bn_data()): which columns are discrete and which continuous, and the
# bn_data of data that have both, for conditional linear Gaussian (CLG) networks.

# A whole-number column of mixed data with at most this many distinct values is discrete
# (am, vs, gear and cyl of mtcars; a count or a score with more values is a measurement).
few_values <- 5L

# The kind of each column of `x` ("discrete" or "continuous") and the type of the data
# ("discrete", "gaussian" or "mixed"), from `type`: "auto", "discrete", "gaussian", or a
# named vector of kinds for some columns (the others decided as by "auto").
column_types <- function(x, type, arg = "x", call = rlang::caller_env()) {
  numeric <- vapply(x, function(col) is.numeric(col) && !is.factor(col), logical(1))
  fractional <- vapply(x, has_fraction, logical(1))
  given <- check_column_types(type, names(x), numeric, call)
  if (is.null(given)) {
    auto <- type == "auto"
    if (type == "discrete" || (auto && !any(fractional))) return(all_kind(x, "discrete", auto))
    if (type == "gaussian" || all(numeric)) {
      if (auto) inform_few_values(x, numeric & !fractional, arg)
      return(gaussian_types(x, numeric, call))
    }
    given <- character()
  }
  resolved <- column_kinds(names(x), numeric, fractional, given, function(whole) {
    vapply(x[whole], function(col) length(unique(col[!is.na(col)])), integer(1))
  })
  inform_whole_numbers(resolved$distinct, arg)
  list(type = resolved$type, kinds = resolved$kinds, auto = length(given) < length(x))
}

# The kind of each column (named `columns`) that `given` does not fix: non-numeric ones are
# discrete, numeric ones with a fraction continuous, and whole-number ones discrete when
# no column is continuous, and otherwise by their number of distinct values
# (`distinct(whole)`, counted only then, and returned); with the type of the data. The one
# rule of column_types() and of data in a database (db_data_kinds(), R/data-db.R).
column_kinds <- function(columns, numeric, fractional, given, distinct) {
  kinds <- ifelse(numeric, ifelse(fractional, "continuous", NA), "discrete")
  names(kinds) <- columns
  kinds[names(given)] <- given
  whole <- columns[is.na(kinds)]
  counts <- NULL
  if (!any(kinds == "continuous", na.rm = TRUE)) {
    kinds[whole] <- "discrete"
  } else if (length(whole)) {
    counts <- distinct(whole)
    kinds[whole] <- ifelse(counts <= few_values, "discrete", "continuous")
  }
  type <- if (all(kinds == "discrete")) "discrete" else if (all(kinds == "continuous")) {
    "gaussian"
  } else "mixed"
  list(type = type, kinds = kinds, distinct = counts)
}

# Whether a column holds a finite value that is not whole. Continuous columns show one in
# their first values: those are looked at first (4 ms saved on 10,000 x 50 columns).
has_fraction <- function(col) {
  if (!is.double(col)) return(FALSE)
  first <- col[seq_len(min(length(col), 64L))]
  any(is.finite(first) & first != round(first)) || any(is.finite(col) & col != round(col))
}

all_kind <- function(x, kind, auto) {
  list(type = if (kind == "discrete") "discrete" else "gaussian",
       kinds = stats::setNames(rep(kind, length(x)), names(x)), auto = auto)
}

# "gaussian" for every column, or an error naming those that are not numeric.
gaussian_types <- function(x, numeric, call) {
  if (!all(numeric)) {
    lbn_abort(c(paste0("Continuous data must have numeric columns only; ",
                       "{.val {names(x)[!numeric]}} {?is/are} not."),
                "i" = paste0("With {.code type = \"auto\"} (the default), columns of both kinds ",
                             "make mixed data (a conditional Gaussian network).")),
              "mixed", call = call)
  }
  all_kind(x, "continuous", FALSE)
}

# NULL for a single type name (checked), or the named kinds of a per-column `type`.
check_column_types <- function(type, columns, numeric, call) {
  if (is.null(names(type))) {
    check_choice(type, c("auto", "discrete", "gaussian"), arg = "type", call = call)
    return(NULL)
  }
  type[type == "gaussian"] <- "continuous"
  bad <- names(type)[!type %in% c("discrete", "continuous") | !nzchar(names(type))]
  if (length(bad) || anyNA(type)) {
    lbn_abort(c(paste0("A named {.arg type} gives each column {.val discrete} or ",
                       "{.val continuous}."),
                "x" = "Not so for {.val {bad}}."),
              "value", call = call)
  }
  unknown <- setdiff(names(type), columns)
  if (length(unknown)) {
    lbn_abort(c("{.arg type} names column{?s} {.val {unknown}}, not in the data.",
                "i" = "Columns: {list_few(columns, quote = TRUE)}."),
              "unknown_column", call = call)
  }
  wrong <- names(type)[type == "continuous" & !numeric[names(type)]]
  if (length(wrong)) {
    n <- cli::qty(length(wrong))
    lbn_abort(c("{n}Column{?s} {.val {wrong}} {n}{?is/are} not numeric, so not continuous.",
                "i" = "Convert {n}{?it/them} with {.fn as.numeric} if the values are numbers."),
              "type", call = call)
  }
  type
}

# One line about the whole-number columns of mixed data that the few_values rule decided
# (`distinct`: their numbers of distinct values, named).
inform_whole_numbers <- function(distinct, arg) {
  if (!length(distinct)) return(invisible())
  made <- ifelse(distinct <= few_values, "discrete", "continuous")
  shown <- paste0(names(distinct), " (", distinct, " values: ", made, ")")
  first <- names(distinct)[1]
  other <- if (made[1] == "discrete") "continuous" else "discrete"
  n <- cli::qty(length(shown))
  inform_column_types(paste0("{n}Whole-number column{?s} {shown} of {.arg {arg}}: at most ",
                             "{few_values} distinct values make a column discrete; override ",
                             "with {.code type = c({first} = \"{other}\")}."))
}

# One line about whole-number columns with few values in all-numeric continuous data:
# they stay continuous (as before mixed data were supported), but may be categories.
inform_few_values <- function(x, whole, arg) {
  distinct <- vapply(x[whole], function(col) length(unique(col[!is.na(col)])), integer(1))
  few <- names(distinct)[distinct <= few_values]
  if (!length(few)) return(invisible())
  n <- cli::qty(length(few))
  inform_column_types(paste0("{n}Whole-number column{?s} {.val {few}} of {.arg {arg}} ",
                             "{n}{?has/have} at most {few_values} distinct values but ",
                             "{n}{?is/are} continuous, as every column is numeric; make ",
                             "{n}{?it/them} discrete with ",
                             "{.code type = c({few[1]} = \"discrete\")} ",
                             "(mixed data)."))
}

# A message of class learnbn_message_column_types (so that it can be muffled).
inform_column_types <- function(message, .envir = parent.frame()) {
  cli::cli_inform(message, class = c("learnbn_message_column_types", "learnbn_message"),
                  .envir = .envir)
}

# Mixed data: the discrete columns recoded as discrete_data() does, the continuous ones
# kept as values; `codes` and `values` have an entry per variable, NULL for the other
# kind. Missing cells are kept (a discrete code past the last level, a continuous NA) and
# counted in `missing`: the mi_cg tests use their available cases, the rest refuse them.
mixed_data <- function(x, weights, kinds, warn_levels, arg = "x", call = rlang::caller_env()) {
  n_na <- vapply(x, function(col) if (anyNA(col)) sum(is.na(col)) else 0, numeric(1))
  discrete <- names(kinds)[kinds == "discrete"]
  continuous <- names(kinds)[kinds == "continuous"]
  part <- discrete_data(x[discrete], weights, TRUE, warn_levels = warn_levels,
                        not_again = character(), arg = arg, call = call)
  values <- continuous_values(x[continuous], weights, arg, call)
  data <- structure(list(type = "mixed",
                         codes = stats::setNames(vector("list", ncol(x)), names(x)),
                         values = stats::setNames(vector("list", ncol(x)), names(x)),
                         levels = stats::setNames(vector("list", ncol(x)), names(x)),
                         sources = stats::setNames(rep("numeric", ncol(x)), names(x)),
                         weights = weights, n_rows = nrow(x), n_cases = part$n_cases,
                         missing = n_na),
                    class = "bn_data")
  data$codes[discrete] <- part$codes
  data$levels[discrete] <- part$levels
  data$sources[discrete] <- part$sources
  data$values[continuous] <- values
  warn_single_case_levels(data, arg)
  data
}

# The continuous columns as doubles (NA kept), checked: finite and not constant on their
# observed values.
continuous_values <- function(x, weights, arg, call) {
  values <- lapply(x, as.double)
  infinite <- names(x)[vapply(values, function(v) any(is.infinite(v)), logical(1))]
  if (length(infinite)) {
    lbn_abort("Continuous column{?s} {.val {infinite}} {?has/have} infinite values.", "value",
              call = call)
  }
  constant <- names(x)[vapply(values, function(v) {
    cases <- observed_cases(list(v), weights)
    stats <- cpp_gaussian_stats(cases$values, cases$weights)
    stats$sds <= 1e-12 * pmax(1, abs(stats$means))
  }, logical(1))]
  if (length(constant)) {
    lbn_abort("Continuous column{?s} {.val {constant}} {?is/are} constant; drop {?it/them}.",
              "value", call = call)
  }
  values
}

# The rows of `values` (a list of numeric columns) observed in every column, with their
# weights; columns without NA are not copied.
observed_cases <- function(values, weights) {
  if (!any(vapply(values, anyNA, NA))) return(list(values = values, weights = weights))
  seen <- Reduce(`&`, lapply(values, function(v) !is.na(v)))
  list(values = lapply(values, `[`, seen), weights = if (!is.null(weights)) weights[seen])
}

# Warns about discrete columns of mixed data with levels seen in one case only: a
# continuous child of such a column has a configuration with one case, where its
# residual variance cannot be estimated, so that family has no finite score (as in
# bnlearn) and the arc is never learned. A discrete column with thousands of levels
# next to continuous ones is the usual cause.
warn_single_case_levels <- function(data, arg) {
  discrete <- names(data$levels)[!vapply(data$levels, is.null, NA)]
  single <- vapply(discrete, function(node) {
    # tabulate() counts unweighted cases fast (missing codes are past the last level).
    cases <- if (is.null(data$weights)) {
      tabulate(as.integer(data$codes[[node]]) + 1L, length(data$levels[[node]]))
    } else tapply(data$weights, data_codes(data, node), sum)
    sum(cases == 1)
  }, numeric(1))
  single <- single[single > 0]
  if (!length(single)) return(invisible())
  shown <- paste0(names(single), " (", format(single, big.mark = ","), " level",
                  ifelse(single == 1, "", "s"), ")")
  n <- cli::qty(length(single))
  lbn_warn(c(paste0("{n}Discrete column{?s} {list_few(shown)} of {.arg {arg}} {n}{?has/have} ",
                    "levels seen in a single case: a continuous variable cannot depend on ",
                    "{n}{?it/them} (no residual variance in that case), so no such arc is ",
                    "learned."),
             "i" = "Merge rare levels (or drop the column) to learn such dependences."),
           "single_case_levels")
}

# Internal: "discrete", "gaussian" or "mixed"; whether a variable of mixed data is
# continuous.
data_type_of <- function(data) if (is.null(data$type)) "discrete" else data$type
is_mixed <- function(data) identical(data$type, "mixed")
continuous_nodes <- function(data) {
  if (is_gaussian(data)) return(names(data$levels))
  if (!is_mixed(data)) return(character())
  names(data$levels)[vapply(data$levels, is.null, NA)]
}

# Internal: the error of a function that does not support mixed data yet.
stop_mixed <- function(what, call = rlang::caller_env()) {
  what <- cli::format_inline(what)
  lbn_abort(c("Mixed data are not supported yet by {what}.",
              "i" = paste0("Score-based searches (e.g. {.fn hill_climb}) learn conditional ",
                           "Gaussian networks; or make every column discrete (e.g. with ",
                           "{.fn cut}) or continuous.")),
            "data_type", call = call)
}

# Internal: the columns `nodes` of mixed data (data_subset()), which may be of one kind.
mixed_subset <- function(data, nodes) {
  data$values <- data$values[nodes]
  continuous <- continuous_nodes(data)
  if (length(continuous) == length(nodes)) {
    return(gaussian_data(as.data.frame(data$values), data$weights, call = NULL))
  }
  if (!length(continuous)) {
    data$type <- "discrete"
    data$values <- NULL
  }
  data
}

#' @name bn_data
#' @section Mixed data:
#' A data.frame with discrete columns (factors, ordered factors, strings, logicals) and
#' continuous ones (numeric with a non-integer value) gives mixed data (`type` `"mixed"`),
#' learned as a conditional linear Gaussian network: see [bn_score()] for its scores,
#' and [hill_climb()] and the other searches over DAGs for learning it. A whole-number
#' column of mixed data is discrete when it has at most 5 distinct values (such as the
#' 0/1 or 3/4/5 codes `am`, `vs`, `gear` and `cyl` of [mtcars]) and continuous
#' otherwise (a count or a measurement); a one-line message (class
#' `learnbn_message_column_types`) says how each such column was taken and how to
#' override it with `type = c(name = "discrete")` or `"continuous"`.
#'
#' Data whose columns are all numeric keep the rule they had before mixed data were
#' supported: continuous when one column has a non-integer value, discrete otherwise.
#' Making some of them discrete would change every learned Gaussian network and fit of
#' such data; a message names the
#' whole-number columns with at most 5 values that stay continuous, and
#' `type = c(am = "discrete")` makes mixed data of them.
#'
#' Missing values (`NA`) of mixed data are kept: the `"mi_cg"` tests of [ci_test()],
#' [pc()], [mmpc()], [hiton_pc()], [gs()] and [iamb()] each use the rows observed on their
#' own variables (available cases, as bnlearn's tests do; `n` says how many), while the
#' score-based searches, the samplers, [network_score()] and [fit_parameters()] stop with
#' an error of class `learnbn_error_missing` that names the columns (remove the
#' incomplete rows, e.g. with [na.omit()], or learn with [pc()]).
#'
#' A discrete column with a level seen in a single case gives a warning (class `learnbn_warning_single_case_levels`): no continuous variable can
#' depend on it, since its residual variance in that case cannot be estimated. A
#' factor with one level gives the warning of class `learnbn_warning_single_level`, as
#' in discrete data. Functions that do not support mixed data ([ges()] and
#' [pdag_search()]: CLG scores are not score equivalent; [minimal_imap()]: its tests of
#' sets; [structural_em()] and [impute()]: not built yet) stop with an error of class
#' `learnbn_error_data_type`. [chow_liu()] orients its forest from discrete roots.
#'
#' Continuous columns of mixed data that are collinear (one a linear function of others,
#' on the rows where all are observed) stop every learner with an error of class
#' `learnbn_error_collinear`, as on continuous data. Within one configuration of the
#' discrete variables, a family whose node is an exact linear function of its continuous
#' parents, or with no more cases than regression coefficients, has no finite score (as
#' in bnlearn), so the searches never choose it; [network_score()] and [local_score()]
#' warn (class `learnbn_warning_singular`) naming the family and the configuration,
#' [fit_parameters()] stops (classes `learnbn_error_collinear` and
#' `learnbn_error_too_few_cases`), and [pc()] and [ci_test()] warn (class
#' `learnbn_warning_singular`) about the tests that such a model decided as independence.
NULL
