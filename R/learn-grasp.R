#' Greedy relaxations of the sparsest permutation (GRaSP)
#'
#' A search over node orders by tucks (Lam, Andrews and Ramsey 2022). As in [boss()],
#' every order has a best DAG, each node taking the parent set that greedy forward
#' addition then backward removal picks among its predecessors (cached in grow-shrink
#' trees). Tucking an arc `x -> y` moves `y` and its ancestors between `x` and `y` to
#' just before `x`. GRaSP tries the tucks of every arc, in random order, and keeps the
#' first that raises the score; a tuck that leaves the score unchanged is followed by
#' tucks of covered arcs (whose child's parents are the parent and its parents), up to
#' `depth` tucks deep, as in causal-learn. It stops when no such sequence improves.
#'
#' Knowledge, randomness, threads and the result are as for [boss()]: a tuck that would
#' put a whitelisted parent after its child is skipped.
#'
#' @inheritParams boss
#' @param depth The longest sequence of tucks tried (a whole number from 1 to 10^6); 1 takes only
#'   tucks that improve the score at once. causal-learn's default is 3.
#' @return A [bn_graph] DAG with its `score` and an `info` list: `algorithm`
#'   (`"grasp"`), `score`, `tucks` (improving tuck sequences applied), `score_evaluations`,
#'   `cache_hits`, `cache_hit_rate`, `time` and `trace` (the score of each run's first
#'   order, then after each improvement).
#' @references Lam, W.-Y., Andrews, B. and Ramsey, J. (2022). Greedy relaxations of the
#'   sparsest permutation algorithm. *Proceedings of the 38th Conference on Uncertainty
#'   in Artificial Intelligence (UAI 2022)*, PMLR 180, 1052-1062.
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' set.seed(1)
#' g <- grasp(d, score = "bdeu", iss = 5)
#' g
#' cpdag(g)
grasp <- function(data, score = NULL, ..., start = NULL, whitelist = NULL, blacklist = NULL,
                  max_parents = Inf, no_parents = NULL, no_children = NULL, restrict = NULL,
                  depth = 3, restarts = 0, threads = NULL, verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict,
                           start = class_start(start), threads = threads, verbose = verbose)
  check_number(restarts, min = 0, max = 1e6, whole = TRUE)
  check_number(depth, min = 1, max = 1e6, whole = TRUE)
  options <- list(starts = restarts + 1, depth = depth)
  permutation_search(search, "grasp", options, "{tucks} tuck{?s}")
}
