#' Simulated annealing over DAGs
#'
#' Heckerman's (1995, 2003) schedule with its five parameters: at temperature `T`
#' (starting at `t0`), pick random eligible changes `e` (arc additions, removals,
#' reversals) and make each with probability `min(1, exp(delta(e) / T))`, until `tries`
#' changes have been tried or `changes` made. Stop if no change was made; otherwise
#' lower the temperature, `T <- decay * T`, and stop after `lowerings` lowerings.
#' Returns the best graph seen. Follows [set.seed()].
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param t0 Starting temperature (Heckerman's T0), on the scale of score differences.
#' @param tries Changes tried at each temperature (alpha). By default 100 per node.
#' @param changes Changes made before lowering the temperature (beta). By default 10 per
#'   node.
#' @param decay Factor in (0, 1) by which the temperature is lowered (gamma).
#' @param lowerings Number of temperature lowerings before stopping (delta).
#' @return A [bn_graph] DAG, with `info` as in [hill_climb()] (`iterations` counts the
#'   changes made).
#' @references Heckerman, D. (1995). A tutorial on learning with Bayesian networks.
#'   Technical Report MSR-TR-95-06, Microsoft Research.
#'
#'   Heckerman, D. (2003). Graphical models: structure learning. In Arbib, M. A.
#'   (ed.), *The Handbook of Brain Theory and Neural Networks*, 2nd ed., MIT Press.
#' @family score-based learners
#' @export
#' @examples
#' set.seed(1)
#' d <- bn_data(college_plans, counts = "count")
#' simulated_annealing(d, score = "bdeu", iss = 5, t0 = 20, lowerings = 30)
simulated_annealing <- function(data, score = NULL, ..., start = NULL, whitelist = NULL,
                                blacklist = NULL, max_parents = Inf, no_parents = NULL,
                                no_children = NULL, restrict = NULL, t0 = 10, tries = NULL,
                                changes = NULL, decay = 0.9, lowerings = 50, threads = NULL,
                                verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict, start = start,
                           threads = threads, verbose = verbose)
  n <- length(search$nodes)
  check_number(t0, min = 0, min_open = TRUE, max_open = TRUE)
  check_number(decay, min = 0, max = 1, min_open = TRUE, max_open = TRUE)
  run_search(search, "annealing", list(
    max_iter = 0, start_temperature = t0,
    tries = as_count(if (is.null(tries)) 100 * n else tries, min = 1),
    changes = as_count(if (is.null(changes)) 10 * n else changes, min = 1),
    decay = decay, lowerings = as_count(lowerings)), name = "simulated_annealing")
}
