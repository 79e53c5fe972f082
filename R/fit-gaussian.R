# Linear-Gaussian networks: least-squares fits from the data's sufficient statistics,
# simulation, predictive densities and random networks.
#
# A Gaussian bn_fit is list(graph, type = "gaussian", nodes, coefficients, sd, method):
# for every node the regression on its parents, node = b0 + sum_j b_j parent_j + N(0, sd^2),
# with `coefficients[[node]]` = c("(Intercept)" = b0, parent = b_j, ...) (parents in the
# graph's parent order) and `sd[[node]]` the residual standard deviation.

new_gaussian_fit <- function(graph, coefficients, sd, method = "mle") {
  structure(list(graph = graph, type = "gaussian", nodes = colnames(graph$amat),
                 coefficients = coefficients, sd = sd, method = method),
            class = "bn_fit")
}

is_gaussian_fit <- function(fit) identical(fit$type, "gaussian")

# Stops when a discrete-only helper (`what`) gets a Gaussian fit.
# A mixed fit passes only where its discrete nodes suffice (`mixed_ok`, as in cpt()).
check_discrete_fit <- function(fit, what, call = rlang::caller_env(), mixed_ok = FALSE) {
  if (!mixed_ok) stop_mixed_fit(fit, what, call)
  if (is_gaussian_fit(fit)) {
    lbn_abort(c(paste(what, paste0("needs a discrete network, but {.arg fit} is a linear-Gaussian ",
                                   "network.")),
                "i" = "Its parameters are in {.code fit$coefficients} and {.code fit$sd}."),
              "data_type", call = call)
  }
  invisible(fit)
}

# fit_parameters() on Gaussian data: one least-squares regression per node.
fit_gaussian <- function(g, data, method, call = rlang::caller_env()) {
  if (identical(method, c("bayes", "mle"))) method <- "mle"
  if (!identical(method, "mle")) {
    lbn_abort(c(paste0("{.arg method} must be {.val mle} for a linear-Gaussian network, not ",
                       "{.val {method}}."),
                "i" = paste0("Only least squares (maximum likelihood) is available for Gaussian ",
                             "networks.")),
              "value", call = call)
  }
  node_names <- nodes(g)
  check_node_columns(node_names, names(data$levels), "data", "g", call)
  parents <- graph_parents(g)[node_names]
  fits <- lapply(node_names, function(node) gaussian_regression(data, node, parents[[node]], call))
  new_gaussian_fit(g, stats::setNames(lapply(fits, `[[`, "coefficients"), node_names),
                   stats::setNames(vapply(fits, `[[`, numeric(1), "sd"), node_names))
}

# Least squares of `node` on `parents` from the weighted means, sds and correlations:
# the standardized coefficients b solve cor[P, P] b = cor[P, i]; the residual sum of
# squares is N sd_i^2 (1 - cor[i, P] b) and sd = sqrt(RSS / N), the maximum-likelihood
# estimate, so that logLik() of the fit is the "loglik" score (and logLik(lm())): the
# divisor N - k - 1 of lm()'s sigma (and bnlearn's bn.fit) is not the maximum.
gaussian_regression <- function(data, node, parents, call) {
  n <- data$n_cases
  k <- length(parents)
  if (n <= k + 1) {
    lbn_abort(paste0("Node {.val {node}} has {k} parent{?s}, so its regression needs more than ",
                     "{k + 1} cases; {.arg data} has {n}."),
              "value", call = call)
  }
  sd_i <- data$sds[[node]]
  beta <- numeric()
  explained <- 0
  if (k > 0L) {
    r <- data$cor[parents, parents, drop = FALSE]
    collinear <- collinear_columns(r, n_rows = Inf)  # any singular block, whatever the rows
    if (length(collinear)) {
      what <- cli::format_inline(paste0("The parents of node {.val {node}} are collinear in ",
                                        "{.arg data}, so their coefficients are not identifiable"))
      abort_collinear(what, r, collinear, call)
    }
    factor <- chol(r)
    standard <- backsolve(factor, forwardsolve(t(factor), data$cor[parents, node]))
    explained <- sum(standard * data$cor[node, parents])
    beta <- standard * sd_i / data$sds[parents]
  }
  intercept <- data$means[[node]] - sum(beta * data$means[parents])
  rss <- max(0, n * sd_i^2 * (1 - explained))
  list(coefficients = c("(Intercept)" = intercept, stats::setNames(beta, parents)),
       sd = sqrt(rss / n))
}

# Ancestral sampling: each node n normal draws, in topological order.
simulate_gaussian <- function(fit, n) {
  values <- list()
  for (node in topological_order(fit$graph)) {
    beta <- fit$coefficients[[node]]
    x <- rep(beta[[1L]], n)
    for (p in names(beta)[-1L]) x <- x + beta[[p]] * values[[p]]
    values[[node]] <- x + fit$sd[[node]] * stats::rnorm(n)
  }
  structure(values[fit$nodes], names = fit$nodes, row.names = c(NA_integer_, -n),
            class = "data.frame")
}

# Sum over nodes of the normal log density of each row given its parents.
log_predictive_gaussian <- function(fit, newdata, sum, call = rlang::caller_env()) {
  columns <- gaussian_newdata(newdata, fit$nodes, call)
  log_density <- numeric(length(columns$values[[1L]]))
  for (node in fit$nodes) {
    beta <- fit$coefficients[[node]]
    mean <- rep(beta[[1L]], length(log_density))
    for (p in names(beta)[-1L]) mean <- mean + beta[[p]] * columns$values[[p]]
    log_density <- log_density +
      stats::dnorm(columns$values[[node]], mean, fit$sd[[node]], log = TRUE)
  }
  if (!sum) return(log_density)
  if (is.null(columns$weights)) base::sum(log_density)
  else base::sum(columns$weights * log_density)
}

# The numeric columns `nodes` of new data (a data.frame or Gaussian bn_data) and its case
# counts (of a bn_data, or of a data.frame's column named by attr(x, "counts"), as
# bn_data() reads them). Not converted with bn_data(): a few new rows may well be
# constant or integer.
gaussian_newdata <- function(newdata, nodes, call) {
  if (inherits(newdata, "bn_data")) {
    if (!is_gaussian(newdata)) {
      lbn_abort("{.arg newdata} is discrete, but {.arg fit} is a linear-Gaussian network.",
                "data_type", call = call)
    }
    check_rows(newdata, "A predictive density", arg = "newdata", call = call)
    values <- newdata$values
    weights <- newdata$weights
  } else if (is.data.frame(newdata)) {
    values <- as.list(newdata)
    counts <- counts_attribute(newdata)
    weights <- if (!is.null(counts)) check_counts(newdata[[counts]], counts, call)
  } else {
    abort_not_data(newdata, "newdata", call)  # fit-impute.R
  }
  check_node_columns(nodes, names(values), "newdata", "fit", call)
  values <- values[nodes]
  bad <- nodes[!vapply(values, function(v) is.numeric(v) && !anyNA(v), logical(1))]
  if (length(bad)) {
    lbn_abort(paste0("{cli::qty(bad)}Column{?s} {list_few(bad, quote = TRUE)} of {.arg newdata} ",
                     "must be numeric without missing values."),
              "value", call = call)
  }
  # An infinite cell would make the log-likelihood -Inf or NaN without a word.
  infinite <- nodes[vapply(values, function(v) any(is.infinite(v)), logical(1))]
  if (length(infinite)) {
    lbn_abort(paste0("{cli::qty(infinite)}Column{?s} {list_few(infinite, quote = TRUE)} of ",
                     "{.arg newdata} {cli::qty(infinite)}hold{?s/} infinite values."),
              "value", call = call)
  }
  list(values = lapply(values, as.double), weights = weights)
}

#' A random linear-Gaussian Bayesian network
#'
#' Draws a random DAG and random parameters, for simulation studies and benchmarks.
#' The nodes are put in a random order and every pair of nodes gets an arc from the
#' earlier to the later one with probability `average_degree / (n_nodes - 1)`, so the
#' expected number of arcs is `n_nodes * average_degree / 2` (the number of arcs is
#' drawn from its binomial distribution, then the pairs, so large graphs are cheap).
#' Each arc gets a coefficient of random sign whose absolute value is uniform on
#' `coefficients`; each node a residual standard deviation uniform on `sd`. Intercepts
#' are 0. Everything follows `set.seed()`.
#'
#' The network's graph holds an `n_nodes` x `n_nodes` adjacency matrix (4 bytes a cell);
#' with its arcs, it is checked against the memory limit
#' `getOption("learnbn.max_memory", 1e9)` bytes (see [learnbn-package]) before anything
#' is drawn, so a network too large (about 15,800 nodes by default) fails at once with an
#' error of class `"learnbn_error_too_large"` that states the size.
#'
#' @param n_nodes Number of nodes, a positive whole number.
#' @param average_degree Expected number of arcs touching a node (parents plus
#'   children), between 0 and `n_nodes - 1` (any non-negative number for one node).
#' @param coefficients Range `c(low, high)` of the absolute values of the arc
#'   coefficients, `0 <= low <= high`.
#' @param sd Range `c(low, high)` of the residual standard deviations, `0 < low <= high`.
#' @param nodes Node names (a character vector of `n_nodes` distinct names), or `NULL`
#'   for `"X1"`, `"X2"`, ...
#' @return A linear-Gaussian `bn_fit` object as returned by [fit_parameters()] on
#'   continuous data, with `method = "random"`; draw data from it with [simulate_data()].
#' @family parameters
#' @export
#' @examples
#' set.seed(1)
#' fit <- random_gaussian_fit(6, average_degree = 2)
#' fit
#' head(simulate_data(fit, 100))
random_gaussian_fit <- function(n_nodes, average_degree = 2, coefficients = c(0.5, 1.5),
                                sd = c(0.5, 1.5), nodes = NULL) {
  nodes <- check_random_network(n_nodes, average_degree, coefficients, sd, nodes)
  n_nodes <- length(nodes)
  arcs <- random_arcs(sample.int(n_nodes), average_degree)
  from <- arcs$from
  to <- arcs$to
  weight <- sample(c(-1, 1), length(from), replace = TRUE) *
    stats::runif(length(from), coefficients[1L], coefficients[2L])
  residual_sd <- stats::runif(n_nodes, sd[1L], sd[2L])
  amat <- matrix(0L, n_nodes, n_nodes, dimnames = list(nodes, nodes))
  amat[cbind(from, to)] <- 1L
  # Parents in node order, as in graph_parents().
  sorted <- order(to, from)
  by_child <- split(sorted, factor(to[sorted], levels = seq_len(n_nodes)))
  betas <- lapply(by_child, function(a) {
    c("(Intercept)" = 0, stats::setNames(weight[a], nodes[from[a]]))
  })
  new_gaussian_fit(new_bn_graph(amat, "dag"), stats::setNames(betas, nodes),
                   stats::setNames(residual_sd, nodes), method = "random")
}

# The checks random_gaussian_fit() and random_mixed_fit() (fit-mixed-random.R) share;
# returns the node names.
check_random_network <- function(n_nodes, average_degree, coefficients, sd, nodes,
                                 call = rlang::caller_env()) {
  check_number(n_nodes, min = 1, max = .Machine$integer.max, whole = TRUE, call = call)
  n_nodes <- as.integer(n_nodes)
  # A single node has no pairs, so any degree gives the empty graph.
  check_number(average_degree, min = 0, max = if (n_nodes > 1L) n_nodes - 1 else Inf,
               call = call)
  check_range(coefficients, min = 0, call = call)
  check_range(sd, min = 0, min_open = TRUE, call = call)
  check_random_network_memory(n_nodes, average_degree, call)
  check_node_names(nodes, n_nodes, call = call)
}

# The arcs of a random DAG whose node of rank r is ranked[r]: each pair of ranks, from the
# lower, with probability average_degree / (n - 1).
random_arcs <- function(ranked, average_degree) {
  n <- length(ranked)
  pairs <- random_pairs(n, if (n > 1L) average_degree / (n - 1) else 0)
  list(from = ranked[pairs$first], to = ranked[pairs$second])
}

# The adjacency matrix (4 bytes a cell) and, per expected arc, its pair, coefficient
# and name (about 64 bytes) must fit max_memory().
check_random_network_memory <- function(n_nodes, average_degree, call = rlang::caller_env()) {
  n <- as.double(n_nodes)
  bytes <- 4 * n^2 + 64 * n * min(average_degree, n) / 2
  what <- paste0("A random network on ", format_count(n), " nodes (an adjacency matrix of ",
                 format_count(n), " x ", format_count(n), " cells)")
  check_memory(bytes, what, "Use fewer nodes", call = call)
}

# Each of the n (n - 1) / 2 pairs first < second (positions 1..n) with probability p:
# a binomial number of pairs, then which ones, decoded from their index in the order
# (1, 2), (1, 3), (2, 3), (1, 4), ...
random_pairs <- function(n, p) {
  total <- n * (n - 1) / 2
  if (total == 0 || p == 0) return(list(first = integer(), second = integer()))
  index <- sample.int(total, stats::rbinom(1L, total, p)) - 1
  second <- floor((1 + sqrt(1 + 8 * index)) / 2)
  # Guard the square root against rounding: pairs before column `second` are choose(second, 2).
  second <- second - (second * (second - 1) / 2 > index)
  second <- second + ((second + 1) * second / 2 <= index)
  first <- index - second * (second - 1) / 2
  list(first = as.integer(first) + 1L, second = as.integer(second) + 1L)
}

check_range <- function(x, min, min_open = FALSE, arg = rlang::caller_arg(x),
                        call = rlang::caller_env()) {
  if (!is.numeric(x) || length(x) != 2L || anyNA(x) || any(!is.finite(x))) {
    lbn_abort(paste0("{.arg {arg}} must be two finite numbers {.code c(low, high)}, not ",
                     "{.obj_type_friendly {x}}."),
              "type", call = call)
  }
  if ((if (min_open) x[1L] <= min else x[1L] < min) || x[1L] > x[2L]) {
    bound <- if (min_open) paste(min, "<") else paste(min, "<=")
    lbn_abort("{.arg {arg}} must satisfy {bound} low <= high, not {.code c({x[1L]}, {x[2L]})}.",
              "value", call = call)
  }
  invisible(x)
}

check_node_names <- function(nodes, n, arg = rlang::caller_arg(nodes), call = rlang::caller_env()) {
  if (is.null(nodes)) return(paste0("X", seq_len(n)))
  if (!is.character(nodes) || length(nodes) != n || anyNA(nodes) || !all(nzchar(nodes))) {
    lbn_abort("{.arg {arg}} must be {n} non-empty name{?s}, not {.obj_type_friendly {nodes}}.",
              "type", call = call)
  }
  if (anyDuplicated(nodes)) {
    lbn_abort("{.arg {arg}} names {.val {unique(nodes[duplicated(nodes)])}} more than once.",
              "value", call = call)
  }
  nodes
}
