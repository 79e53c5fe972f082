#' Simulate data from a fitted Bayesian network
#'
#' Forward (ancestral) sampling: the nodes are drawn in topological order, each from
#' its CPT given the values already drawn for its parents. Every node takes `n`
#' uniform draws from R's random number generator (in topological order), so
#' `set.seed()` makes a simulation reproducible.
#'
#' For a linear-Gaussian network (from [fit_parameters()] on continuous data or
#' [random_gaussian_fit()]) each node is drawn as
#' `b_0 + sum_j b_j x_j + sd * rnorm(n)` from its parents' values, again in
#' topological order with `n` normal draws per node.
#'
#' The result is checked against the memory limit `getOption("learnbn.max_memory", 1e9)`
#' bytes (see [learnbn-package]) before anything is drawn: 4 bytes per cell of a factor
#' column, 8 per cell of a numeric one, plus 8 per row for one node's random draws. A
#' larger simulation fails at once with an error of class `"learnbn_error_too_large"`
#' that states its rows, columns and bytes; draw it in parts, or raise the option.
#'
#' @param fit A `bn_fit` object from [fit_parameters()], [read_bif()] or
#'   [random_gaussian_fit()].
#' @param n Number of rows to draw, a positive whole number of at most
#'   `.Machine$integer.max` (the most rows a data.frame can have).
#' @return A data.frame with `n` rows and one factor column per node (in the node
#'   order of `fit`), with the levels of `fit`, and the attribute `declared_levels`
#'   (so that [bn_data()] does not warn about levels that were not drawn); numeric
#'   columns for a linear-Gaussian network.
#' @family parameters
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' set.seed(1)
#' sample <- simulate_data(asia, 1000)
#' head(sample)
#' table(sample$smoke) / 1000
simulate_data <- function(fit, n) {
  fit <- check_bn_fit(fit)
  check_number(n, min = 1, max = .Machine$integer.max, whole = TRUE)
  n <- as.integer(n)
  bytes <- if (is_gaussian_fit(fit) || is_mixed_fit(fit)) 8 else 4
  check_simulation_memory(n, nrow(fit$graph$amat), bytes)
  if (is_gaussian_fit(fit)) return(simulate_gaussian(fit, n))
  if (is_mixed_fit(fit)) return(simulate_mixed(fit, n))  # R/fit-mixed.R
  codes <- list()
  for (node in topological_order(fit$graph)) {
    table <- fit$cpts[[node]]
    codes[[node]] <- draw_states(table, cpt_column(table, codes), stats::runif(n))
  }
  fit_data_frame(fit, names(fit$cpts), codes, list(), n)
}

# A data.frame of n rows with declared levels of the fit's `nodes`: factors of the fit's
# levels from the 0-based `codes` of its discrete nodes, the `values` of the others.
fit_data_frame <- function(fit, nodes, codes, values, n) {
  columns <- lapply(stats::setNames(nodes, nodes), function(node) {
    if (is.null(codes[[node]])) return(values[[node]])
    structure(codes[[node]] + 1L, levels = fit$levels[[node]], class = "factor")
  })
  declare_levels(structure(columns, row.names = c(NA_integer_, -n), class = "data.frame"))
}

# The result (`bytes_per_cell` per cell) and one node's n draws must fit max_memory().
check_simulation_memory <- function(n, n_columns, bytes_per_cell, call = rlang::caller_env()) {
  bytes <- as.double(n) * (n_columns * bytes_per_cell + 8)
  what <- paste0("The simulated data (", format_count(n), " rows x ", format_count(n_columns),
                 " column", if (n_columns != 1) "s", ")")
  check_memory(bytes, what, "Draw fewer rows at a time", call = call)
}

# The 0-based CPT column of every row (its parents' configuration), from `codes`: 0-based
# states named by node, the table's parents among them.
cpt_column <- function(table, codes) {
  parent_config_index(codes[names(dimnames(table))[-1L]], dim(table)[-1L])
}

# log P(node = codes[[node]] | its parents) of every row, from its CPT.
cpt_log_probability <- function(table, node, codes) {
  log(as.vector(table)[codes[[node]] + 1L + dim(table)[1L] * cpt_column(table, codes)])
}

# 0-based column of a CPT (flattened over the parents, first parent fastest) for every
# row, from the parents' 0-based codes.
parent_config_index <- function(parent_codes, parent_cards) {
  index <- 0L
  stride <- 1L
  for (p in seq_along(parent_codes)) {
    index <- index + parent_codes[[p]] * stride
    stride <- stride * parent_cards[[p]]
  }
  index
}

# Inverse-CDF draw of 0-based states: row i takes the number of cumulative
# probabilities of its parent configuration lying below uniform[i].
draw_states <- function(table, config, uniform) {
  n_states <- dim(table)[1L]
  if (n_states == 1L) return(integer(length(uniform)))
  cumulative <- matrix(table, nrow = n_states)
  for (k in seq_len(n_states)[-1L]) cumulative[k, ] <- cumulative[k - 1L, ] + cumulative[k, ]
  offset <- config * n_states
  state <- integer(length(uniform))
  for (k in seq_len(n_states - 1L)) {
    state <- state + (uniform > cumulative[offset + k])
  }
  state
}
