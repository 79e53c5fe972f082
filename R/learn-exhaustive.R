# Largest number of nodes exhaustive_search() enumerates.
exhaustive_max_nodes <- 6L

#' Exhaustive search over all DAGs
#'
#' Scores every DAG that the constraints allow and returns the best one together with
#' a ranking of the `top` best and their posterior probabilities. Each DAG is
#' enumerated exactly once, through its unique layering (its sources first; each node
#' of a later layer has a parent in the layer just before it and all its parents in
#' earlier layers), and scored as a sum of family scores computed beforehand for every
#' node and every allowed parent set. This is the analysis of Heckerman's (1995, 2003)
#' college-plans example (see the examples).
#'
#' The posterior probability of a DAG `G` is `exp(score(G) - log(sum_H exp(score(H))))`
#' over all enumerated DAGs `H`: with a Bayesian score it is `P(G | data)` under a prior
#' that is uniform over the allowed DAGs (times the score's structure prior, if any).
#' With `"loglik"`, `"aic"` or `"bic"` it is only the corresponding normalised weight.
#'
#' **Cost.** The number of DAGs grows superexponentially ([count_dags()]): 1, 3, 25,
#' 543, 29281 and 3781503 for 1 to 6 nodes, and more than 1.1e9 for 7, so at most 6
#' nodes are accepted. Six nodes take a second or two and little memory (the `top`
#' DAGs and one family table); for more nodes use [exact_search()], which finds the
#' best DAG without enumerating them.
#'
#' @inheritParams prepare_search
#' @inheritParams exact_search
#' @param top How many of the best DAGs to rank (a whole number >= 1).
#' @param threads Number of threads used to compute the family scores.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report the number of DAGs and the time taken.
#' @return A [bn_graph]: the best DAG (the first found in a tie), with `score` its
#'   score and `info` holding `algorithm` (`"exhaustive_search"`), `score` (the score
#'   type), `score_evaluations` (family scores computed, each once), `cache_hits` and
#'   `cache_hit_rate` (0: the families are scored outside the cache), `time` (seconds),
#'   `trace` (the best score: the search has no steps), `n_dags` (DAGs enumerated),
#'   `log_total` (log of the sum of `exp(score)` over them), `top` (a data.frame with
#'   columns `rank`, `model` (model string), `log_score` and `posterior`, best first)
#'   `graphs` (the ranked DAGs as a list of `bn_graph`s) and `arc_probabilities` (the
#'   exact posterior probability of every arc: the share of `exp(score)` over all the
#'   enumerated DAGs that contain it, rows `from`, columns `to`). See [top_models()].
#' @references Heckerman, D. (1995). A tutorial on learning with Bayesian networks.
#'   Technical Report MSR-TR-95-06, Microsoft Research.
#'
#'   Heckerman, D. (2003). Graphical models: structure learning. In Arbib, M. A.
#'   (ed.), *The Handbook of Brain Theory and Neural Networks*, 2nd ed., MIT Press.
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' # Heckerman (2003): BDe with a uniform prior network and iss 5; SEX and SES have no
#' # parents and CP has no children.
#' g <- exhaustive_search(d, score = "bde", iss = 5, no_parents = c("SEX", "SES"),
#'                        no_children = "CP", top = 3)
#' top_models(g)
#' g$info$n_dags
exhaustive_search <- function(data, score = NULL, ..., top = 10, whitelist = NULL,
                              blacklist = NULL, max_parents = Inf, no_parents = NULL,
                              no_children = NULL, restrict = NULL, threads = NULL,
                              verbose = FALSE) {
  inputs <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict, threads = threads,
                           verbose = verbose)
  check_number(top, min = 1, whole = TRUE)
  nodes <- inputs$nodes
  if (length(nodes) > exhaustive_max_nodes) {
    lbn_abort(c(paste0("Exhaustive search handles at most {exhaustive_max_nodes} nodes, not ",
                       "{length(nodes)}."),
                "i" = paste0("{length(nodes)} nodes have ",
                             "{format(count_dags(length(nodes)), scientific = TRUE)} DAGs; 6 ",
                             "nodes (3,781,503 DAGs) already take a second or two."),
                "i" = "Use {.fn exact_search} for the best DAG, or select fewer variables."),
              "too_large")
  }
  progress <- progress_reporter(c(families = "Scoring parent sets", dags = "Enumerating DAGs"))
  on.exit(progress_close(progress), add = TRUE)
  result <- call_search(inputs, "exhaustive", list(top = top), progress = progress)
  graphs <- lapply(seq_along(result$top_scores), function(i) {
    graph_from_parent_ids(result$top_parents[[i]], nodes, result$top_scores[i])
  })
  ranking <- data.frame(
    rank = seq_along(graphs),
    model = vapply(graphs, model_string, ""),
    log_score = result$top_scores,
    posterior = exp(result$top_scores - result$log_total),
    stringsAsFactors = FALSE)
  arc_probabilities <- matrix(result$arc_probability, length(nodes), byrow = TRUE,
                              dimnames = list(nodes, nodes))
  info <- search_info(result, inputs, "exhaustive_search",
                      paste0(format_count(result$n_dags), " DAGs"),
                      extra = list(n_dags = result$n_dags, log_total = result$log_total,
                                   top = ranking, graphs = graphs,
                                   arc_probabilities = arc_probabilities))
  new_bn_graph(result$amat, "dag", score = result$score, info = info)
}

# A DAG bn_graph from the 0-based parent ids of each node.
graph_from_parent_ids <- function(parents, nodes, score = NULL, info = list()) {
  n <- length(nodes)
  amat <- matrix(0L, n, n, dimnames = list(nodes, nodes))
  for (v in seq_len(n)) amat[parents[[v]] + 1L, v] <- 1L
  new_bn_graph(amat, "dag", score = score, info = info)
}

#' The best models of an exhaustive search
#'
#' The ranking kept by [exhaustive_search()]: rank, model string, log score and
#' posterior probability of its `top` best DAGs, printed with scores to two decimals
#' and probabilities to three significant digits.
#'
#' @param x A [bn_graph] returned by [exhaustive_search()].
#' @param n How many models to show (all by default).
#' @return A data.frame of class `bn_top_models` with columns `rank`, `model`,
#'   `log_score` and `posterior`.
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' g <- exhaustive_search(d, score = "bdeu", iss = 5, no_parents = c("SEX", "SES"),
#'                        no_children = "CP")
#' top_models(g, 2)
top_models <- function(x, n = NULL) {
  if (!inherits(x, "bn_graph") || !is.data.frame(x$info$top)) {
    lbn_abort("{.arg x} must be a {.cls bn_graph} returned by {.fn exhaustive_search}.", "type")
  }
  ranking <- x$info$top
  if (!is.null(n)) {
    check_number(n, min = 0, whole = TRUE)
    ranking <- ranking[seq_len(min(n, nrow(ranking))), , drop = FALSE]
  }
  structure(ranking, class = c("bn_top_models", "data.frame"))
}

#' @export
print.bn_top_models <- function(x, ...) {
  shown <- data.frame(rank = x$rank, model = x$model,
                      log_score = sprintf("%.2f", x$log_score),
                      posterior = format(signif(x$posterior, 3)),
                      stringsAsFactors = FALSE)
  print(shown, row.names = FALSE, right = FALSE)
  invisible(x)
}
