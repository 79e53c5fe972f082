#' Parents and children by Max-Min Parents and Children (MMPC)
#'
#' MMPC (Tsamardinos, Brown and Aliferis 2006) learns the parents and children (the PC
#' set) of a target by conditional independence tests, with bnlearn 4.9's definitions.
#' **Forward**: the candidate whose minimum association with the target is largest (the
#' smallest, over the subsets of the set so far, of the largest p-value) joins the set,
#' while that p-value is at most `alpha`; a candidate found independent is dropped for
#' good. **Backward**: a member is removed when some subset of the other members
#' separates it from the target (a p-value above `alpha`).
#'
#' With `target = NULL` every node is a target, on `threads` threads, and the sets are
#' made symmetric as bnlearn does (y stays a neighbour of x only when x is one of y), which
#' gives the skeleton. The result is left **undirected** (as bnlearn's `mmpc()` with its
#' default `undirected = TRUE`): the skeleton is meant to restrict a score-based search
#' ([mmhc()]) or to be oriented by [pc()]. With a `target`, the same symmetry is checked
#' for the target's members (each member's own PC set is learned). Nodes are visited in
#' the order of their names, so the result does not depend on the column order.
#'
#' Background knowledge: a pair whitelisted either way is always adjacent; a pair
#' blacklisted both ways never is.
#'
#' @inheritParams pc
#' @param target `NULL` to learn the skeleton of the whole network, or the name of one
#'   node to learn its set.
#' @param max_cond Largest size of a conditioning set; `Inf` for no cap.
#' @param verbose If `TRUE`, reports the number of tests run and the time.
#' @return With `target = NULL`, a [bn_graph] of type `"pdag"` whose edges are all
#'   undirected, with `info` holding `algorithm`, `test`, `alpha`, `max_cond`, `n_tests`
#'   (tests run), `cache_hits` (tests asked again for the same target, answered from
#'   memory), `parents_and_children` (the symmetric set of each node), for the blanket
#'   learners `markov_blankets`, and `time` (seconds). With a `target`, the names of the
#'   nodes of its set, in the column order of `data`.
#' @references Tsamardinos, I., Brown, L. E. and Aliferis, C. F. (2006). The max-min
#'   hill-climbing Bayesian network structure learning algorithm. *Machine Learning*, 65,
#'   31-78.
#' @family local discovery learners
#' @export
#' @examples
#' cp <- bn_data(college_plans, counts = "count")
#' mmpc(cp, alpha = 0.01)
#' mmpc(cp, target = "CP", alpha = 0.01)
mmpc <- function(data, target = NULL, test = NULL, alpha = 0.05, max_cond = Inf,
                 whitelist = NULL, blacklist = NULL, B = 1000L, threads = NULL,
                 verbose = FALSE) {
  local_discovery(data, "mmpc", target, test, alpha, max_cond, whitelist, blacklist,
                  if (!missing(B)) B, threads, verbose)
}
