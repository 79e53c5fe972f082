#' Partially directed graph search
#'
#' Local search in the space of Markov equivalence classes, each represented by its
#' CPDAG (Kochenderfer et al. 2022, section 5.4). From the class of `start` (by default
#' the empty graph), every step applies the operator that raises the score most, until
#' none does (steepest ascent). The operators on the current CPDAG are
#' * add `X - Y` or `X -> Y` (or `Y -> X`) between non-adjacent `X` and `Y`;
#' * remove an edge `X - Y` or `X -> Y`;
#' * reverse an arc `X -> Y` into `Y -> X`;
#' * turn `X - Y - Z`, with `X` and `Z` not adjacent, into the v-structure
#'   `X -> Y <- Z`.
#'
#' The result of an operator is a partially directed graph; it is scored through a
#' member of its class, a consistent extension found by Dor and Tarsi's algorithm, and
#' skipped when it has none. The operator taken is then completed to a CPDAG (its
#' extension's CPDAG by Chickering's 1995 labelling) before the next step. Every
#' operator is extended and scored at every step; extensions are computed on `threads`
#' threads and family scores are cached. The search runs in C++. Unlike [ges()], whose
#' operators are scored locally, this search costs about `n^4` operations per step on
#' `n` nodes, so it suits networks of up to a few dozen nodes.
#'
#' **Scores.** Classes are compared through one of their DAGs, so the score must give
#' the same value to Markov-equivalent DAGs: `"bdeu"`, `"bde"` (without a prior
#' network), `"bic"`, `"aic"` and `"loglik"`. `"k2"` and `"bd"` give an error of class
#' `learnbn_error_not_score_equivalent`.
#'
#' **Mixed data** (see [bn_data()]) are refused with an error of class
#' `learnbn_error_data_type`: an arc from a continuous to a discrete node is excluded
#' while its reverse is allowed, so not every DAG of a class is allowed, and the
#' likelihood scores (`"bic"`, `"aic"`, `"loglik"`) give Markov-equivalent DAGs different
#' scores. Search over DAGs instead ([hill_climb()], [tabu_search()], [exact_search()]),
#' or use [pc()].
#'
#' **Constraints.** As in [ges()], a class is allowed when one of its DAGs has no
#' blacklisted arc, has every whitelisted arc and gives no node more than `max_parents`
#' parents. That DAG is found by orienting the undirected edges that the constraints
#' decide, extending the graph by Dor and Tarsi's algorithm and checking that no new
#' v-structure appeared; it is returned as `info$dag`. Operators that add a blacklisted
#' arc, remove a whitelisted edge, reverse an arc into a blacklisted or out of a
#' whitelisted direction, or make a v-structure with a blacklisted arc are not
#' considered; an improving operator whose completed result is not allowed is skipped
#' and the next best one is tried. The search starts from the class of `start` with the
#' whitelist's arcs added. The check is conservative: for `max_parents` only the
#' extension found as above is tried, not every DAG of the class.
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param start `NULL` (the empty graph) or a [bn_graph] on the data's nodes: a DAG or
#'   a CPDAG / PDAG (then one of its consistent extensions); the search starts from its
#'   equivalence class.
#' @param max_iter Largest number of steps (operators applied).
#' @param threads Number of threads used to extend the candidate graphs; the result
#'   does not depend on it.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report the steps, score evaluations and time.
#' @return A [bn_graph]: the CPDAG of the class found (type `"cpdag"`), or, when
#'   `whitelist`, `blacklist`, `no_parents` or `no_children` orient edges that the CPDAG
#'   leaves undirected, the maximally oriented PDAG of the class under that knowledge
#'   (type `"pdag"`, as [cpdag()] with knowledge gives): its arcs are those every DAG of
#'   the class that satisfies the knowledge has, so every consistent extension
#'   ([pdag_to_dag()]) satisfies it (`max_parents` is only promised for `info$dag`).
#'   Its `score` is the score of its DAGs and its `info`
#'   holds `algorithm` (`"pdag_search"`), `score` (the score type), `iterations`
#'   (operators applied), `score_evaluations` (family scores computed), `cache_hits`,
#'   `cache_hit_rate`, `time` (seconds), `trace` (the score after each step, the
#'   start's first) and `dag` (a DAG of the class that satisfies the constraints, a
#'   `bn_graph`).
#' @references Chickering, D. M. (2002). Learning equivalence classes of
#'   Bayesian-network structures. *Journal of Machine Learning Research*, 2, 445-498.
#'
#'   Dor, D. and Tarsi, M. (1992). A simple algorithm to construct a consistent
#'   extension of a partially oriented graph. Technical Report R-185, UCLA.
#'
#'   Kochenderfer, M. J., Wheeler, T. A. and Wray, K. H. (2022). *Algorithms for
#'   Decision Making*. MIT Press, chapter 5 (Structure learning).
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' g <- pdag_search(d, score = "bdeu", iss = 5)
#' g
#' g$info$iterations
#' g$info$trace
#' pdag_search(d, score = "bic", no_parents = c("SEX", "SES"), no_children = "CP")
pdag_search <- function(data, score = NULL, ..., start = NULL, whitelist = NULL,
                        blacklist = NULL, max_parents = Inf, no_parents = NULL,
                        no_children = NULL, restrict = NULL, max_iter = Inf, threads = NULL,
                        verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict,
                           start = class_start(start), threads = threads, verbose = verbose)
  check_score_equivalent(search$score, "pdag_search")
  check_observational(search$data, "pdag_search")  # R/data-interventions.R
  result <- call_search(search, "pdag_search", list(max_iter = as_count(max_iter)))
  info <- search_info(result, search, "pdag_search",
                      cli::pluralize("{result$counts$iterations} step{?s}"))
  cpdag_result(result, search, info)
}
