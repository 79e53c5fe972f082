#' Best-first search over DAGs
#'
#' Heckerman's (1995, 2003) best-first search: "the space of all models is searched
#' systematically using a heuristic measure that determines the next best structure to
#' examine". An open list holds candidate DAGs ordered by score; the best one not yet
#' expanded is expanded: each of its neighbours (one arc added, removed or reversed, see
#' [neighbours()]) that was never seen before is scored and put on the open list. The
#' search stops when the open list is empty or a budget is spent, and returns the best
#' DAG seen.
#'
#' The whole search runs in C++. A neighbour's score is its parent's plus the change
#' of the one or two families the move touches, from cached family scores. States are
#' arc sets, hashed to 64 bits and compared exactly, so no DAG is expanded twice. The
#' open list keeps the `max_open` best states (the worst are dropped, and may be
#' generated again later). With unlimited budgets every DAG the constraints allow is
#' eventually expanded, so the result is a global optimum; that takes as many
#' expansions as there are DAGs ([count_dags()]), which is feasible for a handful of
#' nodes only.
#'
#' Heckerman reports that "for a fixed amount of computation time, greedy search with
#' random restarts produces better models than does best-first search";
#' `bench/best-first.R` repeats the comparison with equal numbers of family-score
#' evaluations (see `max_evaluations`).
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param max_expansions Largest number of states to expand (`Inf` for no limit).
#' @param max_open Largest size of the open list, a whole number >= 1 (`Inf` for no
#'   limit).
#' @param max_evaluations Stop expanding once this many family scores have been
#'   computed (`Inf` for no limit); cached scores do not count. An expansion in
#'   progress is finished, so the count may exceed the limit a little.
#' @param threads Number of threads used to score the neighbours; the result does not
#'   depend on it.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report the expansions, score evaluations and time.
#' @return A [bn_graph] DAG (the best seen) with its `score` and an `info` list:
#'   `algorithm` (`"best_first_search"`), `score`, `expansions`, `generated` (states put on the
#'   open list, the start included), `dropped` (states dropped from a full open list),
#'   `open` (open-list size at the end), `peak_open`, `exhausted` (`TRUE` when the open
#'   list ran empty: with nothing dropped, every allowed DAG was expanded),
#'   `score_evaluations` (family scores computed), `cache_hits`, `cache_hit_rate`, `time`
#'   (seconds) and `trace` (the best score seen, at the start and after each expansion).
#' @references Heckerman, D. (1995). A tutorial on learning with Bayesian networks.
#'   Technical Report MSR-TR-95-06, Microsoft Research.
#'
#'   Heckerman, D. (2003). Graphical models: structure learning. In Arbib, M. A.
#'   (ed.), *The Handbook of Brain Theory and Neural Networks*, 2nd ed., MIT Press.
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' g <- best_first_search(d, score = "bic", max_expansions = 50)
#' g
#' g$info$expansions
#' # With no budget on three nodes every DAG is expanded: the optimum.
#' small <- bn_data(college_plans[c("SES", "IQ", "CP", "count")], counts = "count")
#' best_first_search(small, score = "bdeu", max_expansions = Inf)$info$expansions
best_first_search <- function(data, score = NULL, ..., start = NULL, whitelist = NULL,
                              blacklist = NULL, max_parents = Inf, no_parents = NULL,
                              no_children = NULL, restrict = NULL, max_expansions = 1000,
                              max_open = 10000, max_evaluations = Inf, threads = NULL,
                              verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict, start = start,
                           threads = threads, verbose = verbose)
  options <- list(max_expansions = as_count(max_expansions), max_open = as_count(max_open, min = 1),
                  max_evaluations = as_count(max_evaluations))
  result <- call_search(search, "best_first", options)
  counts <- result$counts
  steps <- cli::pluralize(paste0("{counts$expansions} expansion{?s}, {counts$generated} state{?s} ",
                                 "generated"))
  new_bn_graph(result$amat, "dag", score = result$score,
               info = search_info(result, search, "best_first_search", steps))
}
