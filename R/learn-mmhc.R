#' Max-Min Hill-Climbing (MMHC)
#'
#' MMHC (Tsamardinos, Brown and Aliferis 2006): [mmpc()] learns the skeleton (the
#' symmetric parents-and-children sets), then [hill_climb()] (or [tabu_search()]) chooses
#' arcs only among the adjacent pairs, so the score decides the directions. [hybrid()] is
#' the same with a [pc()] skeleton.
#'
#' @inheritParams hybrid
#' @param test,alpha,max_cond The conditional independence test, its significance level
#'   and the largest conditioning set of the MMPC phase (see [mmpc()]).
#' @return A [bn_graph] DAG with its score; `info` holds `algorithm` (`"mmhc"`), `search`
#'   (the search run), the search's record, `time` (seconds, both phases) and `mmpc`, the
#'   number of tests, the time and the number of edges of the skeleton phase.
#' @references Tsamardinos, I., Brown, L. E. and Aliferis, C. F. (2006). The max-min
#'   hill-climbing Bayesian network structure learning algorithm. *Machine Learning*, 65,
#'   31-78.
#' @family local discovery learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' mmhc(d, alpha = 0.01, score = "bic")
mmhc <- function(data, test = NULL, alpha = 0.05, score = NULL, ..., max_cond = Inf,
                 search = c("hill_climb", "tabu_search"), whitelist = NULL, blacklist = NULL,
                 threads = NULL, verbose = FALSE) {
  clock <- stopwatch()
  data <- as_bn_data(data)
  check_enough_cases(data)
  search <- check_choice(search, c("hill_climb", "tabu_search"))
  threads <- check_threads(threads)
  check_flag(verbose)
  skeleton <- mmpc(data, test = test, alpha = alpha, max_cond = max_cond,
                   whitelist = whitelist, blacklist = blacklist, threads = threads,
                   verbose = verbose)
  search_in_skeleton(data, skeleton, search, score, ..., whitelist = whitelist,
                     blacklist = blacklist, threads = threads, verbose = verbose,
                     algorithm = "mmhc", stage = "mmpc", clock = clock)
}
