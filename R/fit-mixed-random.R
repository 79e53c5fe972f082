# Random conditional linear Gaussian (CLG) networks, for simulation studies and benchmarks:
# the mixed counterpart of random_gaussian_fit(), in the layout of R/fit-mixed.R.

#' A random conditional linear Gaussian Bayesian network
#'
#' Draws a random DAG over discrete and continuous nodes and random parameters, for
#' simulation studies and benchmarks of mixed data. A share `discrete` of the nodes
#' (rounded) is discrete; the graph is drawn as in [random_gaussian_fit()] (every pair
#' of nodes gets an arc with probability `average_degree / (n_nodes - 1)`), on a random
#' node order that puts every discrete node before every continuous one, so that no
#' discrete node has a continuous parent: the network is a conditional linear Gaussian
#' one, as [fit_parameters()] learns from mixed data.
#'
#' Each discrete node gets a number of states drawn from `levels` (states `"a"`, `"b"`,
#' ...) and, for each configuration of its parents, a distribution drawn uniformly from
#' the simplex (a flat Dirichlet). Each continuous node gets, for each configuration of
#' its discrete parents, its own regression on its continuous parents: coefficients of
#' random sign whose absolute value is uniform on `coefficients`, an intercept drawn the
#' same way (0 when the node has no discrete parent, as in [random_gaussian_fit()]), and
#' a residual standard deviation uniform on `sd`. Everything follows `set.seed()`.
#'
#' The network is checked against the memory limit as [random_gaussian_fit()] is, and each
#' family's table against the CPT limit (error class `"learnbn_error_too_large"`).
#'
#' @inheritParams random_gaussian_fit
#' @param discrete Share of the nodes that are discrete, between 0 and 1; rounded to a
#'   number of nodes, which must leave at least one node of each kind (use
#'   [random_gaussian_fit()] for continuous nodes only).
#' @param levels Numbers of states the discrete nodes draw from (uniformly), whole numbers
#'   from 2 to 26; one number gives every discrete node that many states.
#' @param coefficients Range `c(low, high)` of the absolute values of the regression
#'   coefficients and of the intercepts of continuous nodes with discrete parents,
#'   `0 <= low <= high`.
#' @return A conditional linear Gaussian `bn_fit` object as returned by
#'   [fit_parameters()] on mixed data, with `method = "random"`; draw data from it with
#'   [simulate_data()].
#' @family parameters
#' @export
#' @examples
#' set.seed(1)
#' fit <- random_mixed_fit(6, average_degree = 2)
#' fit
#' head(simulate_data(fit, 100))
random_mixed_fit <- function(n_nodes, average_degree = 2, discrete = 0.5, levels = 2:3,
                             coefficients = c(0.5, 1.5), sd = c(0.5, 1.5), nodes = NULL) {
  nodes <- check_random_network(n_nodes, average_degree, coefficients, sd, nodes)  # fit-gaussian.R
  n_nodes <- length(nodes)
  check_number(discrete, min = 0, max = 1)
  n_discrete <- check_discrete_share(discrete, n_nodes)
  levels <- check_levels_range(levels)
  # Discrete nodes take the first ranks, so every arc between the kinds leaves a discrete node.
  is_discrete <- seq_len(n_nodes) %in% sample.int(n_nodes, n_discrete)
  arcs <- random_arcs(c(sample_all(which(is_discrete)), sample_all(which(!is_discrete))),
                      average_degree)
  amat <- matrix(0L, n_nodes, n_nodes, dimnames = list(nodes, nodes))
  amat[cbind(arcs$from, arcs$to)] <- 1L
  graph <- new_bn_graph(amat, "dag")
  parents <- graph_parents(graph)
  states <- lapply(stats::setNames(nodes[is_discrete], nodes[is_discrete]), function(node) {
    letters[seq_len(sample_all(levels)[1L])]
  })
  cpts <- lapply(stats::setNames(names(states), names(states)), function(node) {
    random_cpt(states[c(node, parents[[node]])], node)
  })
  continuous <- stats::setNames(nodes[!is_discrete], nodes[!is_discrete])
  regressions <- lapply(continuous, function(node) {
    random_regression(node, parents[[node]], states, coefficients, sd)
  })
  new_mixed_fit(graph, states, cpts, lapply(regressions, `[[`, "coefficients"),
                lapply(regressions, `[[`, "sd"), method = "random")
}

# sample() of every element of `x`, also when `x` is one number (sample(5) is 1:5 shuffled).
sample_all <- function(x) x[sample.int(length(x))]

# The number of discrete nodes: at least one of each kind.
check_discrete_share <- function(discrete, n_nodes, call = rlang::caller_env()) {
  n_discrete <- round(discrete * n_nodes)
  if (n_discrete < 1 || n_discrete >= n_nodes) {
    lbn_abort(c(paste0("{.arg discrete} = {discrete} of {n_nodes} node{?s} makes ",
                       "{n_discrete} discrete node{?s}, but a mixed network needs at least one ",
                       "discrete and one continuous node."),
                "i" = paste0("Give a share between those, or use {.fn random_gaussian_fit} for ",
                             "continuous nodes only.")),
              "value", call = call)
  }
  as.integer(n_discrete)
}

check_levels_range <- function(levels, call = rlang::caller_env()) {
  if (!is.numeric(levels) || !length(levels) || anyNA(levels) ||
      any(levels != round(levels)) || any(levels < 2 | levels > 26)) {
    lbn_abort(paste0("{.arg levels} must be whole numbers of states from 2 to 26, not ",
                     "{.obj_type_friendly {levels}}{if (is.numeric(levels)) ",
                     "paste0(' (', toString(utils::head(levels, 5)), ')')}."),
              "value", call = call)
  }
  as.integer(levels)
}

# A CPT (node first, then its parents) whose every column is a flat Dirichlet draw.
random_cpt <- function(family_levels, node) {
  dims <- lengths(family_levels)
  check_table_size(dims, node)
  draws <- matrix(stats::rgamma(prod(dims), 1), nrow = dims[[1L]])
  array(sweep(draws, 2L, colSums(draws), `/`), dim = unname(dims), dimnames = family_levels)
}

# The regressions of a continuous node on its continuous parents, one per configuration of
# its discrete parents (`states`: the discrete nodes' levels), in fit_mixed()'s layout.
random_regression <- function(node, parents, states, coefficients, sd) {
  dparents <- parents[parents %in% names(states)]
  cparents <- setdiff(parents, dparents)
  q <- prod(lengths(states[dparents]))
  check_table_size(c(length(cparents) + 1, q), node)
  draw <- function(n) {
    sample(c(-1, 1), n, replace = TRUE) * stats::runif(n, coefficients[1L], coefficients[2L])
  }
  terms <- c("(Intercept)", cparents)
  if (!length(dparents)) {
    return(list(coefficients = stats::setNames(c(0, draw(length(cparents))), terms),
                sd = stats::runif(1L, sd[1L], sd[2L])))
  }
  configs <- configuration_names(states[dparents])
  list(coefficients = matrix(draw(length(terms) * q), length(terms), q,
                             dimnames = list(terms, configs)),
       sd = stats::setNames(stats::runif(q, sd[1L], sd[2L]), configs))
}

# The names of all configurations of discrete variables with `levels` (a list): their
# levels joined by ":", the first variable varying fastest, as in a CPT.
configuration_names <- function(levels) {
  grid <- expand.grid(levels, KEEP.OUT.ATTRS = FALSE, stringsAsFactors = FALSE)
  do.call(paste, c(unname(as.list(grid)), sep = ":"))
}
