# impute(): the most probable completion of the missing cells of each row.

#' Impute missing values from a fitted network
#'
#' Replaces the missing cells of every row by their most probable completion given
#' the row's observed cells under `fit`: the joint maximum a posteriori assignment of
#' the row's missing cells, not cell-by-cell modes. The missing cells of a row split into
#' groups that no family of the network links; each group's posterior is enumerated
#' exactly, so the result is exact unless a group has more than 65,536 completions
#' (then the best of Gibbs samples is refined by iterated conditional modes).
#' Observed cells are left as they are.
#'
#' **Mixed and continuous data.** For a conditional linear Gaussian fit (of mixed data) or
#' a linear Gaussian one (which has no discrete node), the posterior of
#' each row's missing cells is computed exactly: every completion of its missing discrete
#' cells (at most 65,536 per row) is weighted by its probability times the normal density
#' of the row's observed continuous cells, which are jointly normal given the discrete
#' values. Missing discrete cells take the completion of highest posterior probability
#' (jointly, as above), and missing continuous cells their conditional mean given all
#' the row's observed cells (a mean over the discrete completions, weighted by their
#' posterior). This is the exact value that bnlearn's `impute(method = "bayes-lw")`
#' estimates by likelihood weighting for continuous cells, and for a row with one missing
#' discrete cell. A row whose observed cells have probability zero under `fit` is an error
#' of class `"learnbn_error_value"`.
#'
#' @param fit A discrete, linear Gaussian or conditional linear Gaussian `bn_fit` (from
#'   [fit_parameters()], for instance with `missing = "em"`, or [read_bif()]).
#' @param data A data.frame or [bn_data()] object (built with `missing = "allow"`) with a
#'   column for every node of `fit`; its values must be states of the fit's nodes.
#' @return A data.frame with one column per node of `fit` (in the fit's node order;
#'   discrete nodes as factors with the fit's levels, continuous ones as numbers) and the
#'   rows of `data`; when `data` is a `bn_data`
#'   with case counts, a last column `count` holds them. The attribute `declared_levels`
#'   tells [bn_data()] not to warn about levels of the fit that occur in no row.
#' @family parameters
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' set.seed(1)
#' x <- simulate_data(asia, 2000)
#' holes <- x
#' holes[matrix(runif(2000 * 8) < 0.1, 2000)] <- NA
#' d <- bn_data(holes, missing = "allow")
#' fit <- fit_parameters(asia$graph, d, missing = "em")
#' filled <- impute(fit, d)
#' mean(filled[is.na(holes)] == x[is.na(holes)])  # share of missing cells recovered
#'
#' # Mixed data (a conditional linear Gaussian network):
#' cars <- mtcars[c("am", "wt", "mpg")]
#' cars$am <- factor(cars$am, labels = c("automatic", "manual"))
#' fit <- fit_parameters(bn_graph_from_string("[am][wt|am][mpg|am:wt]"), cars)
#' cars$mpg[c(1, 3)] <- NA
#' cars$am[c(2, 3)] <- NA
#' head(impute(fit, cars), 3)
impute <- function(fit, data) {
  fit <- check_bn_fit(fit)
  if (is_mixed_fit(fit) || is_gaussian_fit(fit)) {
    return(impute_mixed(fit, data))  # R/fit-impute-mixed.R: a Gaussian fit has no discrete node
  }
  data <- align_to_fit(data, fit)
  result <- complete_data(fit, data, "map")
  codes <- lapply(result$data$codes[names(fit$cpts)], as.integer)
  out <- fit_data_frame(fit, names(fit$cpts), codes, list(), length(codes[[1L]]))
  if (!is.null(data$weights)) out$count <- data$weights
  out
}

# `data` as a bn_data whose columns for the fit's nodes use the fit's levels.
align_to_fit <- function(data, fit, call = rlang::caller_env()) {
  node_names <- names(fit$cpts)
  if (!inherits(data, "bn_data")) {
    if (!is.data.frame(data)) abort_not_data(data, "data", call)
    check_node_columns(node_names, names(data), "data", "fit", call)
    frame <- data[node_names]
    for (node in node_names) {
      values <- as.character(frame[[node]])
      frame[[node]] <- factor(values, levels = fit$levels[[node]])
      check_known_values(values[!is.na(values) & is.na(frame[[node]])], node, fit, call)
    }
    data <- new_bn_data(frame, type = "discrete", missing = "allow", arg = "data", call = call,
                        levels_given = TRUE)
  }
  check_data_type(data, "discrete", "{.fn impute}", call = call)
  check_node_columns(node_names, names(data$levels), "data", "fit", call)
  data <- data_subset(data, node_names)
  for (node in node_names) {
    from <- data$levels[[node]]
    to <- fit$levels[[node]]
    if (identical(from, to)) next
    # A column never observed has no values to match (its levels were guessed from its
    # type, e.g. FALSE and TRUE for a column of NA): it takes the fit's states.
    if (data$missing[[node]] >= data$n_rows) from <- character()
    check_known_values(setdiff(from, to), node, fit, call)
    data$codes[[node]] <- encode_codes(match(from, to)[data_codes(data, node) + 1L], length(to))
    data$levels[[node]] <- to
  }
  data
}

check_known_values <- function(unknown, node, fit, call) {
  unknown <- unique(unknown)
  if (length(unknown)) {
    lbn_abort(c(paste0("Column {.val {node}} of {.arg data} has value{?s} {.val {unknown}} that ",
                       "{?is/are} not a state of the node in {.arg fit}."),
                "i" = "States in {.arg fit}: {.val {fit$levels[[node]]}}."), "unknown_level",
              call = call)
  }
}

# The error of impute() and of the Gaussian predictive density (fit-gaussian.R) for data
# that are neither a data.frame nor a bn_data.
abort_not_data <- function(x, arg, call) {
  lbn_abort(paste0("{.arg {arg}} must be a data.frame or a {.cls bn_data}, not ",
                   "{.obj_type_friendly {x}}."),
            "type", call = call)
}
