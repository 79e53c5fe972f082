# Scores of families and networks (local_score(), network_score()) and the checks of
# their graphs and data.

#' Score of a family or a network
#'
#' `local_score()` scores one node given a set of parents; `network_score()` sums the
#' family scores of a DAG (`local = TRUE` returns the terms, one per node). Scores are
#' log marginal likelihoods plus log structure priors for the Bayesian scores and
#' penalised log-likelihoods otherwise; see [bn_score()].
#'
#' @param data A data.frame or [bn_data()] object with the variables.
#' @param node The node to score, a name.
#' @param parents Names of its parents (order does not matter).
#' @param score A score name or a [bn_score()] object; `NULL` means `"bdeu"` for
#'   discrete data and `"bic"` for continuous data.
#' @param ... Options of [bn_score()] (such as `iss`) when `score` is a name.
#' @return `local_score()`: a number. `network_score()`: a number, or a named vector of
#'   family scores when `local = TRUE`; with a score that has a structure prior (see
#'   [bn_score()]) each family's score includes its prior term, and the vector's attribute
#'   `"prior"` holds those terms, named by node.
#' @family scores
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' local_score(d, "CP", c("PE", "IQ"), score = "bdeu", iss = 5)
#' g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
#' network_score(g, d, score = "bic")
#' network_score(g, d, score = "k2", local = TRUE)
#' # With a structure prior, each node's prior term is the attribute "prior".
#' network_score(g, d, score = "bdeu", prior = "network", kappa = 0.5, local = TRUE,
#'               prior_graph = bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ][CP|PE]"))
local_score <- function(data, node, parents = character(), score = NULL, ...) {
  data <- as_bn_data(data)
  check_complete(data, "Scoring")
  score <- as_bn_score(score, ..., data = data)
  check_string(node)
  all_nodes <- names(data$levels)
  node_id <- check_nodes(node, all_nodes)
  parent_ids <- check_nodes(parents, all_nodes)
  if (node %in% parents) {
    lbn_abort("{.arg parents} contains the node {.val {node}} itself.", "value")
  }
  score_families(data, score, node, list(parents))[[1]]
}

#' @rdname local_score
#' @param g A [bn_graph] DAG whose nodes are columns of `data`.
#' @param local If `TRUE`, return the score of each family instead of their sum.
#' @param threads Number of threads used to score the families.
#'   `r doc_threads_default()`
#' @export
network_score <- function(g, data, score = NULL, local = FALSE, threads = NULL, ...) {
  g <- check_dag_graph(g)
  data <- as_bn_data(data)
  check_complete(data, "Scoring")
  score <- as_bn_score(score, ..., data = data)
  check_flag(local)
  threads <- check_threads(threads)
  nodes <- colnames(g$amat)
  check_nodes(nodes, names(data$levels), arg = "g")
  data <- data_subset(data, nodes)
  parents <- graph_parents(g)[nodes]
  terms <- score_families(data, score, nodes, parents, threads = threads)
  names(terms) <- nodes
  if (!local) return(sum(terms))
  if (identical(score$prior %||% "uniform", "uniform")) return(terms)
  structure(terms, prior = stats::setNames(structure_prior_local(score, nodes, nodes, parents),
                                           nodes))
}

check_dag_graph <- function(g, arg = rlang::caller_arg(g), call = rlang::caller_env()) {
  check_not_pag(g, arg = arg, call = call)
  if (inherits(g, c("bn", "bn.fit"))) g <- as_graph_arg(g)  # bnlearn's; returned converted
  if (!inherits(g, "bn_graph")) {
    lbn_abort("{.arg {arg}} must be a {.cls bn_graph}, not {.obj_type_friendly {g}}.", "type",
              call = call)
  }
  check_no_bidirected(g, arg = arg, call = call)
  if (!is_dag(g)) {
    lbn_abort(c("{.arg {arg}} must be a DAG to be scored.",
                "i" = "Undirected edges can be oriented with {.fn pdag_to_dag}."), "not_dag",
              call = call)
  }
  invisible(g)
}

# Scores families (nodes[f] with parents families[[f]], given by name) in one C++ call.
score_families <- function(data, score, nodes, families, threads = 1L,
                           call = rlang::caller_env()) {
  data <- with_cv_folds(data, score)
  check_collinear_families(data, nodes, families, call)
  check_mixed_families(data, nodes, families, call, score$type)  # R/score-mixed.R
  all_nodes <- names(data$levels)
  joints <- vector("list", length(nodes))
  if (!is.null(score$prior_network)) {
    check_prior_network(score$prior_network, data)
    joints <- family_marginals(score$prior_network, Map(c, nodes, families), call = call)
  }
  cpp_local_scores(data, score_spec(score, all_nodes),
                   match(nodes, all_nodes) - 1L,
                   lapply(families, function(p) match(p, all_nodes) - 1L),
                   joints, as.integer(threads))
}

# A family whose variables are collinear has no Gaussian score (see collinear_tolerance).
check_collinear_families <- function(data, nodes, families, call) {
  if (!is_gaussian(data)) return(invisible())
  data$collinear <- data_collinear(data)
  for (f in seq_along(nodes)) {
    # `what` is only formatted when the check fails.
    check_collinear_set(data, c(families[[f]], nodes[[f]]), call = call, what = cli::format_inline(
      "The family of {.val {nodes[[f]]}} is collinear in {.arg data}, so its score is undefined"))
  }
}

check_prior_network <- function(fit, data, call = rlang::caller_env()) {
  vars <- names(data$levels)
  missing_vars <- setdiff(vars, names(fit$levels))
  if (length(missing_vars)) {
    lbn_abort("The prior network has no node{?s} {.val {missing_vars}}.", "prior_network",
              call = call)
  }
  differ <- vars[!vapply(vars, function(v) identical(fit$levels[[v]], data$levels[[v]]),
                         logical(1))]
  if (length(differ)) {
    lbn_abort("The prior network's levels differ from the data's for {.val {differ}}.",
              "prior_network", call = call)
  }
}
