#' Fit the parameters of a Bayesian network
#'
#' Estimates one conditional probability table (CPT) per node of a DAG from discrete
#' data, or one linear regression per node from continuous (Gaussian) data, given the
#' node's parents in the graph.
#'
#' On discrete data, with N_ijk the (weighted) number of cases in which node i takes
#' its k-th state and its parents their j-th configuration, N_ij = sum_k N_ijk, r_i the
#' number of states of node i and q_i the number of configurations of its parents:
#'
#' * `"bayes"` (the default) is the posterior mean under the BDeu Dirichlet prior
#'   alpha_ijk = iss / (q_i r_i) (Heckerman 1995, 2003):
#'   theta_ijk = (alpha_ijk + N_ijk) / (alpha_ij + N_ij) with alpha_ij = iss / q_i.
#'   Every parameter is strictly positive.
#' * `"mle"` is the maximum-likelihood estimate theta_ijk = N_ijk / N_ij. A parent
#'   configuration that never occurs in the data (N_ij = 0) gets the uniform
#'   distribution 1 / r_i.
#'
#' **Missing values.** With `missing = "em"`, the expectation-maximisation algorithm
#' alternates an E-step, the expected counts N_ijk given each row's observed cells under
#' the current parameters (each incomplete row counts its completions weighted by their
#' posterior probability; exact, as the missing cells of a row, in groups linked by
#' families, are enumerated, except groups of more than 65,536 completions, which are
#' Gibbs-sampled), and an M-step, the complete-data estimate above on those counts. With `"mle"` it
#' climbs the observed-data log-likelihood; with `"bayes"`, the log-likelihood plus
#' sum alpha_ijk log theta_ijk, the log posterior under the prior Dir(alpha_ijk + 1) whose
#' mode is the posterior-mean formula above. The trace is kept in `fit$em`.
#' With `missing = "gibbs"` (Gibbs sampling for incomplete data, Heckerman 1995, 2003;
#' `method = "bayes"` only), the missing cells are first drawn from the start
#' parameters; each sweep then draws every theta_ij from its Dirichlet posterior
#' Dir(alpha_ijk + N_ijk) given the completed data and redraws every missing cell from
#' its distribution given its Markov blanket under those parameters. The estimate is the
#' average over the sweeps after burn-in of the posterior means (alpha_ijk + N_ijk) /
#' (alpha_ij + N_ij). Random draws follow [set.seed()].
#'
#' On continuous data (a linear-Gaussian network) each node is the least-squares
#' (maximum-likelihood) regression on its parents,
#' x_i = b_0 + sum_j b_j x_j + N(0, sd_i^2), computed from the data's weighted means,
#' standard deviations and correlations (see [bn_data()]): the standardized
#' coefficients solve `cor[P, P] b = cor[P, i]` for the parents P. With N cases (the sum
#' of the case counts) and k parents, `sd_i = sqrt(RSS / N)`, the maximum-likelihood
#' estimate; case counts give weighted least squares, the same as `lm()` on the expanded
#' rows. Only `method = "mle"` (the default here) is available, and `iss` is ignored.
#'
#' **Residual variance.** learnbn says one thing on continuous data: the variance is
#' the maximum-likelihood `RSS / N`, in the fit and in the `"loglik"`, `"aic"` and
#' `"bic"` scores of [bn_score()], so [logLik()] of the fit on its own data equals the
#' `"loglik"` score of the graph (and the sum of `logLik(lm())` over the nodes), as on
#' discrete data. [stats::lm()]'s `sigma` and bnlearn's `bn.fit()` divide by
#' `N - k - 1` instead: multiply `sd_i` by `sqrt(N / (N - k - 1))` to get theirs. Mixed
#' data are the exception, with their reason below.
#'
#' **Mixed data** (a conditional linear Gaussian network, as bnlearn's `bn.fit()` fits
#' it): a discrete node, whose parents must all be discrete (an error of class
#' `learnbn_error_continuous_parent` otherwise), gets its CPT as above (`"mle"` by
#' default, `"bayes"` if asked for); a continuous node gets, in each configuration j of
#' its discrete parents, the least-squares regression on its continuous parents over the
#' cases of that configuration, with residual sd `sqrt(RSS_j / (N_j - k - 1))` (the
#' residual standard error of `lm()` on those cases, and bnlearn's estimate): the
#' unbiased divisor, because the conditional Gaussian scores of [bn_score()] use it to
#' equal bnlearn's `"loglik-cg"`, the reference they are tested against. So
#' here too [logLik()] of the fit on its own data equals the `"loglik"` score of
#' [bn_score()].
#' A configuration without cases gets `NA` coefficients and sd, as in bnlearn; one
#' with cases but no more than k + 1 of them is an error of class
#' `learnbn_error_too_few_cases`, and collinear continuous parents within a
#' configuration one of class `learnbn_error_collinear`, naming the node and the
#' configuration. On such a fit, [query()], [predict()] and [impute()] give a
#' configuration without cases weight 0 where observed continuous values need its
#' parameters (their density there is taken as 0), and fail with an error of class
#' `learnbn_error_unobserved_configurations` where values they are asked for need them
#' in a configuration of positive probability.
#'
#' @param g A [bn_graph] that is a DAG. A graph with undirected edges (a CPDAG or
#'   PDAG) must first be oriented, for instance with [pdag_to_dag()].
#' @param data A data.frame or a [bn_data()] object with a column for every node of
#'   `g` (other columns are ignored). Case counts of a `bn_data` object are used as
#'   weights.
#' @param method `"bayes"` (posterior mean with a BDeu prior) or `"mle"`
#'   (maximum likelihood). The default is `"bayes"` on discrete and `"mle"` (least
#'   squares) on continuous and mixed data.
#' @param iss Imaginary (equivalent) sample size of the BDeu prior, a positive number;
#'   used by `method = "bayes"` on discrete data only (a warning of class
#'   `learnbn_warning_unused_argument` otherwise). Larger than the number of cases, the
#'   prior outweighs the data: allowed, with a warning of class
#'   `learnbn_warning_large_iss`.
#' @param missing How missing cells of the graph's nodes in discrete `data` (a
#'   [bn_data()] built with `missing = "allow"`) are handled: `"none"` (an error of
#'   class `learnbn_error_missing` if there are any), `"em"` or `"gibbs"`. No effect on
#'   complete data. See "Missing values".
#' @param control Settings of `missing = "em"` and `"gibbs"`, a named list with any of
#'   `max_iter` (largest number of EM iterations, default 100), `tol` (EM stops when the
#'   objective gains less than `tol` times its absolute value, default `1e-6`),
#'   `iterations` (Gibbs sweeps kept, default 500), `burn_in` (Gibbs sweeps discarded
#'   first, default 100) and `start` (a `bn_fit` of `g` to start from; by default the
#'   available-case fit: each family counted on the rows where it is observed,
#'   smoothed by a BDeu prior).
#' @return A `bn_fit` object: a list with
#'   * `graph`: the DAG `g`;
#'   * `levels`: the states of every node (named list, in the graph's node order);
#'   * `cpts`: for every node an array P(node | parents) with dimensions
#'     `c(r_node, r_parent1, r_parent2, ...)` and named dimnames (node first, then
#'     parents in the order of the graph's parent sets); it sums to 1 over its first
#'     dimension;
#'   * `method`: `"bayes"`, `"mle"` or `"bif"` (read with [read_bif()]);
#'   * `iss`: the imaginary sample size (`NULL` unless `method = "bayes"`).
#'   * `em` (with `missing = "em"` on incomplete data): `iterations` (M-steps),
#'     `converged`, `loglik` (observed-data log-likelihood of the start and of each
#'     iteration's parameters), `objective` (the same plus the log prior term for
#'     `"bayes"`) and `inexact_rows` (rows whose likelihood was estimated by sampling);
#'   * `gibbs` (with `missing = "gibbs"`): `iterations` and `burn_in`.
#'
#'   On continuous data, a `bn_fit` with `type = "gaussian"`: a list with
#'   * `graph`: the DAG `g`;
#'   * `type`: `"gaussian"`;
#'   * `nodes`: the node names, in the graph's node order;
#'   * `coefficients`: for every node a named numeric vector, `"(Intercept)"` then the
#'     parents in the order of the graph's parent sets;
#'   * `sd`: the residual standard deviation of every node (named numeric);
#'   * `method`: `"mle"` (or `"random"` from [random_gaussian_fit()]).
#'
#'   On mixed data, a `bn_fit` with `type = "mixed"`: the fields of both, `levels` and
#'   `cpts` for the discrete nodes, `coefficients` and `sd` (a list) for the continuous
#'   ones. A continuous node without discrete parents has a vector and a number, as in a
#'   linear-Gaussian fit; one with discrete parents a matrix of coefficients (rows
#'   `"(Intercept)"` and the continuous parents, one column per configuration of the
#'   discrete parents, the first varying fastest, named by their levels joined by `":"`)
#'   and a named vector of sds, one per configuration. [predict()], [query()] and
#'   [impute()] do not take such fits yet (an error of class `learnbn_error_data_type`).
#' @references Heckerman, D. (1995). A tutorial on learning with Bayesian networks.
#'   Technical Report MSR-TR-95-06, Microsoft Research.
#'
#'   Heckerman, D. (2003). Graphical models: structure learning. In Arbib, M. A.
#'   (ed.), *The Handbook of Brain Theory and Neural Networks*, 2nd ed., MIT Press.
#' @family parameters
#' @export
#' @examples
#' g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
#' d <- bn_data(college_plans, counts = "count")
#' fit <- fit_parameters(g, d)
#' fit
#' cpt(fit, "IQ")
#' fit_mle <- fit_parameters(g, d, method = "mle")
#' nparams(fit_mle)
#'
#' # Incomplete data: EM and Gibbs sampling
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' set.seed(1)
#' x <- simulate_data(asia, 2000)
#' x[matrix(runif(2000 * 8) < 0.1, 2000)] <- NA
#' d <- bn_data(x, missing = "allow")
#' fit_em <- fit_parameters(asia$graph, d, missing = "em")
#' fit_em$em$loglik
#' fit_gibbs <- fit_parameters(asia$graph, d, missing = "gibbs",
#'                             control = list(iterations = 100, burn_in = 20))
#' cpt(fit_gibbs, "either")
#'
#' # A linear-Gaussian network
#' fit_iris <- fit_parameters(hill_climb(iris[1:4]), iris[1:4])
#' fit_iris
#' fit_iris$coefficients$Petal.Width
#'
#' # A conditional linear Gaussian network (mixed data)
#' fit_clg <- fit_parameters(hill_climb(iris), iris)
#' fit_clg
#' coef(fit_clg)$Petal.Length
fit_parameters <- function(g, data, method = c("bayes", "mle"), iss = 1,
                           missing = c("none", "em", "gibbs"), control = list()) {
  g <- check_fit_graph(g)
  data <- as_bn_data(data)
  if (is_mixed(data)) {
    # Least squares, like bnlearn's bn.fit(), unless "bayes" is asked for the CPTs.
    method <- if (identical(method, c("bayes", "mle"))) "mle" else check_fit_method(method)
    if (method == "mle" && !missing(iss)) {
      warn_unused_arguments("iss", "with {.code method = \"mle\"}")
    }
    check_number(iss, min = 0, max = Inf, min_open = TRUE, max_open = TRUE)
    check_complete(data, "Fitting a conditional Gaussian network")
    return(fit_mixed(g, data, method, iss))  # R/fit-mixed.R
  }
  if (is_gaussian(data)) {
    if (!missing(iss)) warn_unused_arguments("iss", "for a linear-Gaussian network")
    return(fit_gaussian(g, data, method))
  }
  method <- check_fit_method(method)
  check_number(iss, min = 0, max = Inf, min_open = TRUE, max_open = TRUE)
  if (method == "mle" && !missing(iss)) {
    warn_unused_arguments("iss", "with {.code method = \"mle\"}",
                          c("i" = paste0("{.arg iss} is the equivalent sample size of the BDeu ",
                                         "prior of {.code method = \"bayes\"}.")))
  }
  if (method == "bayes") warn_large_iss(iss, data$n_cases)
  node_names <- nodes(g)
  check_node_columns(node_names, names(data$levels), "data", "g")
  missing <- check_choice(missing, c("none", "em", "gibbs"))
  if (missing == "none" && length(control)) {
    warn_unused_arguments("control", "with {.code missing = \"none\"}",
                          c("i" = paste0("{.arg control} sets {.code missing = \"em\"} and ",
                                         "{.code \"gibbs\"}.")))
  }
  control <- check_missing_control(control)
  if (any(data$missing[node_names] > 0)) {
    return(fit_incomplete(g, data, method, iss, missing, control))
  }
  levels <- data$levels[node_names]
  parents <- graph_parents(g)[node_names]
  call <- rlang::current_env()
  cpts <- lapply(node_names, function(node) {
    family <- c(node, parents[[node]])
    check_table_size(lengths(levels[family]), node, call = call)
    counts <- family_table(data, node, parents[[node]], call = call)
    counts <- array(as.numeric(counts), dim = unname(lengths(levels[family])),
                    dimnames = levels[family])
    estimate_cpt(counts, method, iss)
  })
  names(cpts) <- node_names
  new_bn_fit(g, levels, cpts, method, if (method == "bayes") iss else NULL)
}

# theta_ijk from the counts N_ijk of one family (array, node first): the BDeu posterior
# mean (alpha_ijk + N_ijk) / (alpha_ij + N_ij) with alpha_ijk = iss / (q_i r_i), or the
# MLE N_ijk / N_ij with the uniform distribution where N_ij = 0.
estimate_cpt <- function(counts, method, iss) {
  n_states <- dim(counts)[1L]
  parent_configs <- length(counts) %/% n_states
  if (method == "bayes") {
    counts <- counts + iss / (parent_configs * n_states)
  }
  config_totals <- rep(colSums(matrix(counts, nrow = n_states)), each = n_states)
  probs <- counts / config_totals
  probs[config_totals == 0] <- 1 / n_states
  probs
}

# Largest CPT (product of the cardinalities of a node and its parents) we allocate:
# 80 MB of doubles. fit_parameters(), read_bif() and the fits of incomplete data check
# it before building a table.
max_cpt_cells <- 1e7

# `where` (a formatted string, e.g. the file and line of a BIF block) is added as a bullet.
check_table_size <- function(cardinalities, node, call = rlang::caller_env(), where = NULL) {
  cells <- prod(as.numeric(cardinalities))
  if (cells > max_cpt_cells) {
    lbn_abort(c(paste0("The CPT of node {.val {node}} would have {format_count(cells)} cells ",
                       "({format_bytes(8 * cells)}), more than the limit of ",
                       "{format_count(max_cpt_cells)}."),
                "i" = paste0("Its family (the node and its {length(cardinalities) - 1} ",
                             "parent{?s}) has cardinalities {list_few(cardinalities, 10L)}; give ",
                             "it fewer parents or merge states."),
                "i" = if (!is.null(where)) "{where}"),
              "too_large", call = call)
  }
  invisible(cells)
}

check_fit_graph <- function(g, arg = rlang::caller_arg(g), call = rlang::caller_env()) {
  check_not_pag(g, arg = arg, call = call)
  if (inherits(g, c("bn", "bn.fit"))) return(check_fit_graph(as_graph_arg(g), arg, call))
  if (!inherits(g, "bn_graph")) {
    lbn_abort("{.arg {arg}} must be a {.cls bn_graph}, not {.obj_type_friendly {g}}.",
              "type", call = call)
  }
  check_no_bidirected(g, arg = arg, call = call)
  check_no_undirected(g$amat, fn = "fit_parameters", call = call)
  check_directed_acyclic(g$amat, call = call)
  invisible(g)
}

# "bayes" or "mle" (the first when `method` is left at its default).
check_fit_method <- function(method, call = rlang::caller_env()) {
  check_choice(method, c("bayes", "mle"), arg = "method", call = call)
}

new_bn_fit <- function(graph, levels, cpts, method, iss = NULL) {
  structure(list(graph = graph, levels = levels, cpts = cpts, method = method, iss = iss),
            class = "bn_fit")
}

# Returns the fit, a bnlearn bn.fit converted.
check_bn_fit <- function(fit, arg = rlang::caller_arg(fit), call = rlang::caller_env()) {
  if (inherits(fit, "bn.fit")) return(fit_from_bn(fit))
  if (!inherits(fit, "bn_fit")) {
    lbn_abort(paste0("{.arg {arg}} must be a {.cls bn_fit} (see {.fn fit_parameters} and ",
                     "{.fn read_bif}), not {.obj_type_friendly {fit}}."),
              "type", call = call)
  }
  invisible(fit)
}

#' Conditional probability table of one node
#'
#' @param fit A `bn_fit` object from [fit_parameters()] or [read_bif()].
#' @param node The name of a node of `fit`.
#' @return An array P(node | parents) with dimensions `c(r_node, r_parent1, ...)` and
#'   named dimnames, node first; it sums to 1 over its first dimension. Its class
#'   `bn_cpt` prints it with one row per configuration of the parents; a subset
#'   (`cpt(fit, node)["yes", , ]`) is a plain array.
#' @family parameters
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' cpt(asia, "either")
#' cpt(asia, "dysp")["yes", , ]
cpt <- function(fit, node) {
  fit <- check_bn_fit(fit)
  check_discrete_fit(fit, "{.fn cpt}", mixed_ok = TRUE)
  check_string(node)
  check_nodes(node, names(fit$cpts))
  new_bn_cpt(fit$cpts[[node]])
}

#' Number of free parameters of a fitted network
#'
#' The number of free parameters of a discrete Bayesian network,
#' sum over the nodes of (r_i - 1) q_i, where r_i is the number of states of node i
#' and q_i the number of configurations of its parents. For a linear-Gaussian network,
#' sum over the nodes of k_i + 2 (the intercept, k_i parent coefficients and the
#' residual standard deviation).
#'
#' @param fit A `bn_fit` object.
#' @param ... Unused.
#' @return A number.
#' @family parameters
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' nparams(asia)
nparams <- function(fit, ...) UseMethod("nparams")

#' @rdname nparams
#' @export
nparams.default <- function(fit, ...) {
  nparams(check_bn_fit(fit, arg = "fit", call = rlang::caller_env()))  # a bnlearn bn.fit
}

#' @rdname nparams
#' @export
nparams.bn_fit <- function(fit, ...) {
  if (is_gaussian_fit(fit)) return(sum(lengths(fit$coefficients)) + length(fit$nodes))
  if (is_mixed_fit(fit)) return(nparams_mixed(fit))
  sum(vapply(fit$cpts, function(table) {
    n_states <- dim(table)[1L]
    (n_states - 1) * length(table) / n_states
  }, numeric(1)))
}
