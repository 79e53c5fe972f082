# Warnings about discrete columns that are probably not what the user meant as variables
# (bn_data()): identifiers, unused factor levels, the string "NA".

# The warnings about discrete columns that are probably not what the user meant as
# variables; `unused`: the unused levels of each factor column (see unused_levels()).
warn_discrete_columns <- function(data, unused, arg) {
  warn_identifiers(data, arg)
  warn_unused_levels(unused, arg)
  warn_na_strings(data, arg)
}

# A string or factor column is taken as an identifier when it has a distinct observed
# value in at least this share of its observed cases, and more than `identifier_cases`.
identifier_share <- 0.9
identifier_cases <- 10

# Warns about string and factor columns with (nearly) one value per case, such as row
# identifiers: learned as a variable, each splits the data into one case per state.
# With case counts, cases are compared (a count table has one row per configuration).
warn_identifiers <- function(data, arg) {
  nominal <- names(data$sources)[data$sources %in% c("character", "factor")]
  ids <- nominal[vapply(nominal, function(node) looks_like_identifier(data, node), NA)]
  if (!length(ids)) return(invisible())
  n <- cli::qty(length(ids))
  lbn_warn(c(paste0("{n}Column{?s} {list_few(ids, quote = TRUE)} of {.arg {arg}} {n}{?has/have} a ",
                    "different value in nearly every case: {n}{?it looks/they look} like ",
                    "{n}{?an identifier/identifiers}, not {n}{?a variable/variables}."),
             "i" = "Drop {n}{?it/them} from {.arg {arg}} before learning."),
           "identifier")
}

# Whether `node` has a distinct observed value in at least identifier_share of its
# observed cases, and more than identifier_cases of them. The codes are read only when
# the number of levels allows it (a factor may declare levels that never occur).
looks_like_identifier <- function(data, node) {
  r <- length(data$levels[[node]])
  observed_rows <- data$n_rows - data$missing[[node]]
  if (r <= identifier_share * identifier_cases) return(FALSE)
  if (is.null(data$weights) && r < identifier_share * observed_rows) return(FALSE)
  codes <- data_codes(data, node)
  cases <- if (is.null(data$weights)) observed_rows else sum(data$weights[!is.na(codes)])
  cases > identifier_cases && sum(tabulate(codes + 1L, r) > 0L) >= identifier_share * cases
}

# The levels of each factor column of the frame `x` that occur in no row, named by
# column (columns without any left out). Most columns show every level in their first
# rows: only the others are counted whole (on 1e6 rows, counting every column was a
# twentieth of pc()'s time).
unused_levels <- function(x) {
  factors <- names(x)[vapply(x, is.factor, NA)]
  unused <- lapply(x[factors], function(col) {
    n <- nlevels(col)
    if (all(tabulate(col[seq_len(min(length(col), 1000L))], n) > 0L)) return(character())
    levels(col)[tabulate(col, n) == 0L]
  })
  unused[lengths(unused) > 0L]
}

# Internal: marks a data.frame whose factor levels are declared on purpose (a fit's or a
# bn_data's), so that bn_data() does not warn about those that occur in no row.
declare_levels <- function(frame) {
  attr(frame, "declared_levels") <- TRUE
  frame
}

# Warns about factor levels that occur nowhere (left over from subset() or a filter):
# they are kept, as states of their variable, which changes degrees of freedom and scores.
warn_unused_levels <- function(unused, arg) {
  if (!length(unused)) return(invisible())
  shown <- vapply(names(unused), function(name) {
    cli::format_inline("{.val {name}} ({list_few(unused[[name]], 3L, quote = TRUE)})")
  }, "")
  n <- cli::qty(length(unused))
  lbn_warn(c(paste0("{n}Factor column{?s} {list_few(shown)} of {.arg {arg}} {n}{?has/have} levels ",
                    "that never occur."),
             "i" = paste0("Declared levels are kept as states, which changes degrees of freedom, ",
                          "scores and learned graphs."),
             "i" = paste0("If they are left over from {.fn subset} or filtering, drop them with ",
                          "{.code droplevels({arg})}.")),
           "unused_levels")
}

# Warns about string values and factor levels spelt "NA" (for example from reading a
# file with na = ""): they are a level, not a missing value.
warn_na_strings <- function(data, arg) {
  nominal <- names(data$sources)[data$sources %in% c("character", "factor")]
  spelt <- nominal[vapply(data$levels[nominal], function(l) "NA" %in% l, NA)]
  if (!length(spelt)) return(invisible())
  n <- cli::qty(length(spelt))
  lbn_warn(c(paste0("{n}Column{?s} {list_few(spelt, quote = TRUE)} of {.arg {arg}} {n}{?has/have} ",
                    "the string {.val NA} as a value, which is used as a level, not as a missing ",
                    "value."),
             "i" = paste0("If it marks missing values, convert it, e.g. ",
                          "{.code x[x == \"NA\"] <- NA} for each column (then {.fn droplevels} ",
                          "for a factor), and use {.code missing = \"allow\"}.")),
           "na_string")
}

# The warnings about the columns of data (bn_data() and the functions above), by kind.
column_warning_kinds <- c("single_level", "many_levels", "identifier", "unused_levels",
                          "na_string")

# Internal: `expr` without warnings about the columns of data, for data made from the
# user's data after these warnings were given once (folds of bn_cv()), or new data read
# with a fit's levels (a few rows of new data may well leave levels unused).
without_column_warnings <- function(expr) {
  classes <- paste0("learnbn_warning_", column_warning_kinds)
  withCallingHandlers(expr, warning = function(w) {
    if (inherits(w, classes)) invokeRestart("muffleWarning")
  })
}
