# Interventional data: which variables were set by intervention in each row. A bn_data
# keeps them as `interventions`, a named list (intervened nodes only, in column order) of
# the sorted 1-based rows where each was set, or NULL for observational data. The scores
# leave those rows out of the node's own family (R/score.R's docs; the core's
# data/interventions.hpp).

#' @section Interventional data:
#' A variable set by intervention in a row (a knock-out, a randomised treatment) does not
#' follow its usual conditional distribution there, while the other variables of that row
#' do. Given `interventions`, every score leaves those rows out of the intervened
#' variable's own family, and only there: the mutilated Dirichlet scores of Cooper and
#' Yoo (1999) (`"bdeu"` is bnlearn's `"mbde"`), and likewise the likelihood scores, with
#' the Gaussian interventional BIC of Hauser and Bühlmann (2012) on continuous data
#' (penalised with the log of all the cases). Every score-based learner uses them.
#' Subsets and bootstrap samples of the rows keep each row's interventions. Mixed data
#' and the `"cv"` score do not support interventions; the conditional independence tests
#' and [fit_parameters()] use every row.
#' @rdname bn_data
#' @name bn_data
NULL

# The interventions of `x` (bn_data()'s argument) as a logical matrix over the rows of the
# data.frame `frame`, one column per node named, or NULL. Accepts bnlearn's form (a named
# list: node -> row indices, as score(type = "mbde", exp = )) or a logical matrix /
# data.frame with one column per intervened node and one row per data row.
# A table has no rows to name.
interventions_mask <- function(interventions, nodes, n_rows, from_table = FALSE, arg = "x",
                               call = rlang::caller_env()) {
  if (is.null(interventions)) return(NULL)
  if (from_table) {
    lbn_abort(paste0("{.arg interventions} needs rows: give {.arg {arg}} as a data.frame, ",
                     "not a table."),
              "type", call = call)
  }
  arg <- "interventions"
  if (is.data.frame(interventions)) interventions <- as.matrix(interventions)
  mask <- if (is.matrix(interventions)) {
    intervention_matrix(interventions, n_rows, arg, call)
  } else if (is.list(interventions)) {
    intervention_list(interventions, n_rows, arg, call)
  } else {
    lbn_abort(c(paste0("{.arg {arg}} must be a named list of row indices or a logical matrix, ",
                       "not {.obj_type_friendly {interventions}}."),
                "i" = paste0("For example {.code list(B = 1:50)}: node {.val B} was set by ",
                             "intervention in rows 1 to 50.")),
              "type", call = call)
  }
  check_nodes(colnames(mask), nodes, arg = arg, call = call)
  mask
}

intervention_matrix <- function(m, n_rows, arg, call) {
  if (!is.logical(m)) {
    lbn_abort(paste0("{.arg {arg}} must be a logical matrix (TRUE where a node was set by ",
                     "intervention), not a {typeof(m)} one."),
              "type", call = call)
  }
  if (is.null(colnames(m)) || anyNA(colnames(m)) || any(!nzchar(colnames(m)))) {
    lbn_abort("Every column of {.arg {arg}} must be named by the node it is about.",
              "names", call = call)
  }
  if (nrow(m) != n_rows) {
    lbn_abort(paste0("{.arg {arg}} has {format_count(nrow(m))} {cli::qty(nrow(m))}row{?s}, ",
                     "but the data have {format_count(n_rows)}: give one row per data row."),
              "value", call = call)
  }
  if (anyNA(m)) {
    bad <- which(is.na(m), arr.ind = TRUE)[1, ]
    lbn_abort(paste0("{.arg {arg}} has a missing value (row {bad[[1]]}, column ",
                     "{.val {colnames(m)[bad[[2]]]}}); use TRUE or FALSE."),
              "missing", call = call)
  }
  m
}

intervention_list <- function(x, n_rows, arg, call) {
  if (length(x) && (is.null(names(x)) || anyNA(names(x)) || any(!nzchar(names(x))))) {
    lbn_abort(paste0("{.arg {arg}} must be a named list: each element named by a node and ",
                     "holding the rows where it was set by intervention."),
              "names", call = call)
  }
  mask <- matrix(FALSE, n_rows, length(x), dimnames = list(NULL, names(x)))
  for (node in names(x)) {
    rows <- x[[node]]
    if (!is.numeric(rows) || anyNA(rows) || any(rows != round(rows))) {
      lbn_abort(paste0("{.arg {arg}${node}} must hold whole-number row indices, not ",
                       "{.obj_type_friendly {rows}}."),
                "type", call = call)
    }
    out <- rows[rows < 1 | rows > n_rows]
    if (length(out)) {
      lbn_abort(c(paste0("{.arg {arg}${node}} names {cli::qty(length(out))}row{?s} ",
                         "{list_few(format_count(out))} outside the data."),
                  "i" = "The data have rows 1 to {format_count(n_rows)}."),
                "value", call = call)
    }
    mask[rows, node] <- TRUE
  }
  mask
}

# `data` with the interventions `mask` of the rows `kept` attached.
attach_interventions <- function(data, mask, kept, call) {
  if (!is.null(mask) && is_mixed(data)) stop_mixed_interventions(call)
  data$interventions <- stored_interventions(mask, kept, names(data$levels), call = call)
  data
}

# The interventions of data whose rows are the rows `kept` of the mask (those with a case,
# for a count table), as stored in a bn_data (see the top of this file). A node set in
# every row has no data for its own distribution: an error.
stored_interventions <- function(mask, kept, nodes, arg = "interventions",
                                 call = rlang::caller_env()) {
  if (is.null(mask)) return(NULL)
  mask <- mask[kept, , drop = FALSE]
  columns <- intersect(nodes, colnames(mask))
  out <- lapply(stats::setNames(columns, columns), function(node) which(mask[, node]))
  everywhere <- names(out)[lengths(out) == nrow(mask)]
  if (length(everywhere)) {
    lbn_abort(c(paste0("{.arg {arg}} sets {.val {everywhere}} by intervention in every row, ",
                       "leaving no row to learn {?its/their} distribution from."),
                "i" = "Each intervened node needs some rows where it was not set."),
              "value", call = call)
  }
  out <- out[lengths(out) > 0]
  if (length(out)) out
}

# The interventions of the rows `rows` of `data` (in that order, possibly repeated), as
# data_rows() and the bootstrap take them.
intervention_rows <- function(interventions, rows, n_rows) {
  if (is.null(interventions)) return(NULL)
  out <- lapply(interventions, function(set) {
    mask <- logical(n_rows)
    mask[set] <- TRUE
    which(mask[rows])
  })
  out <- out[lengths(out) > 0]
  if (length(out)) out
}

# The line print.bn_data() shows for interventional data: intervened rows (cases with
# case counts) per node.
interventions_line <- function(data) {
  if (is.null(data$interventions)) return(invisible())
  per_node <- vapply(data$interventions, function(rows) {
    if (is.null(data$weights)) length(rows) else sum(data$weights[rows])
  }, numeric(1))
  unit <- if (is.null(data$weights)) "rows" else "cases"
  cli::cat_line(strwrap(paste0("set by intervention (", unit, "): ",
                               paste0(names(per_node), " (", format_count(per_node), ")",
                                      collapse = ", ")),
                        indent = 2, exdent = 4))
}

# The data with the interventions `mask` (rows of the bn_data) attached, for bn_data()
# given a bn_data.
with_interventions <- function(data, interventions, call) {
  mask <- interventions_mask(interventions, names(data$levels), data$n_rows, call = call)
  attach_interventions(data, mask, seq_len(data$n_rows), call)
}

stop_mixed_interventions <- function(call) {
  lbn_abort(c("Interventions are supported for discrete or continuous data, not mixed data.",
              "i" = "Make every column discrete or every column continuous."),
            "data_type", call = call)
}

# Searches over Markov equivalence classes (and chow_liu()'s symmetric edge weights) need
# Markov-equivalent DAGs to score alike, which an interventional score does not do: an
# error pointing to gies().
check_observational <- function(data, fn, call = rlang::caller_env()) {
  if (is.null(data$interventions)) return(invisible(data))
  lbn_abort(c(paste0("{.fn {fn}} compares Markov equivalence classes, but {.arg data} has ",
                     "interventions, under which DAGs of one class can score differently."),
              "i" = paste0("Use {.fn gies} for the interventional classes, or a DAG search such ",
                           "as {.fn hill_climb}.")),
            c("interventional", "value"), call = call)
}
