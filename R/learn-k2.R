#' K2 search with a node order
#'
#' The K2 algorithm (Cooper & Herskovits 1992; Kochenderfer et al. 2022, algorithm 5.2):
#' nodes are visited in `order`; each starts with its whitelisted parents (none by
#' default) and repeatedly gains the predecessor in `order` that most improves its
#' family score, while the score improves and it has fewer than `max_parents` parents. A
#' tie goes to the predecessor that comes first in `order`. The result is the same for
#' any score because only the node's own family changes; the default (`score = NULL`) is
#' the K2 score (`alpha_ijk = 1`), as in the original algorithm, on discrete data and
#' BIC on continuous data.
#'
#' `order` must be a topological order of the result: a whitelisted arc must go from
#' an earlier to a later node, and parents are only sought among predecessors.
#'
#' @inheritParams prepare_search
#' @inheritParams exact_search
#' @param order Every node name once, in the order to use (a permutation of the
#'   variables of `data`).
#' @param score A score name or [bn_score()] object; `NULL` means `"k2"` on discrete
#'   data and `"bic"` on continuous data (see [bn_score()]).
#' @param threads Number of threads used to score the candidate parents of a node; the
#'   result does not depend on it.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report the parents found for each node.
#' @return A [bn_graph] DAG whose `score` is the total score and whose `info` holds
#'   `algorithm` (`"k2_search"`), `score` (the score type), `score_evaluations` (family
#'   scores computed), `cache_hits` (family scores found in the cache),
#'   `cache_hit_rate`, `time` (seconds), `trace` (the total score: the nodes' searches
#'   are not steps of one graph's) and `order`.
#' @references Cooper, G. F. and Herskovits, E. (1992). A Bayesian method for the
#'   induction of probabilistic networks from data. *Machine Learning* 9, 309-347.
#'
#'   Kochenderfer, M. J., Wheeler, T. A. and Wray, K. H. (2022). *Algorithms for
#'   Decision Making*. MIT Press, chapter 5 (Structure learning).
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' k2_search(d, order = c("SEX", "SES", "IQ", "PE", "CP"))
#' k2_search(d, order = c("SEX", "SES", "IQ", "PE", "CP"), max_parents = 1,
#'           score = "bdeu", iss = 5)
k2_search <- function(data, order, score = NULL, ..., whitelist = NULL, blacklist = NULL,
                      max_parents = Inf, no_parents = NULL, no_children = NULL,
                      restrict = NULL, threads = NULL, verbose = FALSE) {
  inputs <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict, threads = threads,
                           verbose = verbose, default_score = "k2")
  if (missing(order)) {
    lbn_abort("{.arg order} is missing: give every node name once, in the order to use.", "order")
  }
  nodes <- inputs$nodes
  positions <- check_k2_order(order, nodes, inputs$knowledge$required)
  result <- call_search(inputs, "k2", list(order = positions - 1L))
  info <- search_info(result, inputs, "k2_search", NULL, extra = list(order = order))
  if (verbose) {
    families <- vapply(order, function(node) {
      parents <- node_parents(result$amat, node)
      paste0(node, " <- ", if (length(parents)) paste(parents, collapse = ", ") else "(none)")
    }, "")
    cli::cli_inform(c("K2 families, in order:",
                      stats::setNames(families, rep("*", length(families)))))
  }
  new_bn_graph(result$amat, "dag", score = result$score, info = info)
}

# `order` must list every node once, and each whitelisted arc must go forward in it.
check_k2_order <- function(order, nodes, required, call = rlang::caller_env()) {
  positions <- check_nodes(order, nodes, arg = "order", call = call)
  missing_nodes <- setdiff(nodes, order)
  if (length(missing_nodes)) {
    lbn_abort(c("{.arg order} must list every node once; it misses {.val {missing_nodes}}.",
                "i" = "Give a permutation of {.val {nodes}}."), c("order", "value"), call = call)
  }
  rank <- match(nodes, order)
  backward <- which(required & outer(rank, rank, ">"), arr.ind = TRUE)
  if (nrow(backward)) {
    lbn_abort(paste0("{.arg whitelist} arc{?s} {arc_labels(backward, nodes)} go{?es/} against ",
                     "{.arg order}."),
              "order", call = call)
  }
  positions
}
