#' Opportunistic local search over DAGs
#'
#' Algorithm 5.3 of Kochenderfer et al. (2022): draw a random ordered pair of nodes
#' (i, j); if the arc i -> j is present, remove or reverse it (with equal probability),
#' otherwise add it; accept the change if it is legal and raises the score. Repeat
#' `k_max` times. Follows [set.seed()].
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param k_max Number of random neighbours drawn.
#' @param max_iter Largest number of changes accepted: the search stops after that many,
#'   even if fewer than `k_max` neighbours have been drawn.
#' @return A [bn_graph] DAG, with `info` as in [hill_climb()] (`iterations` counts the
#'   accepted changes).
#' @references Kochenderfer, M. J., Wheeler, T. A. and Wray, K. H. (2022). *Algorithms for
#'   Decision Making*. MIT Press, chapter 5 (Structure learning).
#' @family score-based learners
#' @export
#' @examples
#' set.seed(1)
#' d <- bn_data(college_plans, counts = "count")
#' local_search(d, score = "bdeu", iss = 5, k_max = 2000)
local_search <- function(data, score = NULL, ..., start = NULL, whitelist = NULL, blacklist = NULL,
                         max_parents = Inf, no_parents = NULL, no_children = NULL, restrict = NULL,
                         k_max = 10000, max_iter = Inf, threads = NULL, verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict, start = start,
                           threads = threads, verbose = verbose)
  run_search(search, "local", list(max_iter = as_count(max_iter), k_max = as_count(k_max)),
             name = "local_search")
}
