#' Tabu search over DAGs
#'
#' Like [hill_climb()], but at a local optimum it keeps going: every step takes the best
#' move that does not undo one of the last `tabu` moves, even if it lowers the score,
#' and the search stops after `max_tabu` steps without a new best graph. The best graph
#' seen is returned, so the result never scores below plain hill climbing from the
#' same start.
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param tabu Length of the tabu list: the inverses of this many recent moves are
#'   forbidden.
#' @param max_tabu Patience: steps without improving the best score before stopping.
#' @return A [bn_graph] DAG, with `info` as in [hill_climb()].
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' tabu_search(d, score = "bdeu", iss = 5, tabu = 10, max_tabu = 20)
tabu_search <- function(data, score = NULL, ..., start = NULL, whitelist = NULL, blacklist = NULL,
                        max_parents = Inf, no_parents = NULL, no_children = NULL, restrict = NULL,
                        tabu = 10, max_tabu = 10, max_iter = Inf, threads = NULL, verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict, start = start,
                           threads = threads, verbose = verbose)
  run_search(search, "tabu", list(max_iter = as_count(max_iter), tabu_length = as_count(tabu),
                                  patience = as_count(max_tabu)), name = "tabu_search")
}
