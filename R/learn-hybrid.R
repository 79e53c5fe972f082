#' Hybrid learning: a PC skeleton, then a score-based search inside it
#'
#' Restricts a score-based search to the skeleton found by conditional independence
#' tests, as MMHC and H2PC do: [pc()] finds which pairs of variables are adjacent, and
#' [hill_climb()] (or [tabu_search()]) then chooses arcs only among those pairs. The
#' tests prune most candidate arcs, so the search is faster on large networks, and the
#' score decides the directions that the tests leave open.
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param test,alpha,max_cond The conditional independence test, its significance level
#'   and the largest conditioning set of the skeleton phase (see [pc()]).
#' @param search The score-based search run inside the skeleton: `"hill_climb"` or
#'   `"tabu_search"`.
#' @param ... Further arguments of the search (such as `iss`, `restarts` or `tabu`).
#' @return A [bn_graph] DAG with its score; `info` holds `algorithm` (`"hybrid"`),
#'   `search` (the search run), the search's record, `time` (seconds, both phases) and
#'   `pc`, the number of tests, the time and the number of edges of the skeleton phase.
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' hybrid(d, alpha = 0.01, score = "bic")
hybrid <- function(data, test = NULL, alpha = 0.05, score = NULL, ..., max_cond = Inf,
                   search = c("hill_climb", "tabu_search"), whitelist = NULL, blacklist = NULL,
                   threads = NULL, verbose = FALSE) {
  clock <- stopwatch()
  data <- as_bn_data(data)
  check_enough_cases(data)
  search <- check_choice(search, c("hill_climb", "tabu_search"))
  threads <- check_threads(threads)
  check_flag(verbose)
  # Only the skeleton is used, so conflicting orientations do not matter here.
  skeleton <- withCallingHandlers(
    pc(data, test = test, alpha = alpha, max_cond = max_cond, conflicts = "first",
       whitelist = whitelist, blacklist = blacklist, threads = threads),
    learnbn_warning_conflict = function(w) invokeRestart("muffleWarning"))
  search_in_skeleton(data, skeleton, search, score, ..., whitelist = whitelist,
                     blacklist = blacklist, threads = threads, verbose = verbose,
                     algorithm = "hybrid", stage = "pc", clock = clock)
}

# The score-based half of hybrid() and mmhc(): `search` (hill_climb or tabu_search)
# restricted to the skeleton of their constraint-based stage, whose tests, time and
# number of edges go to info[[stage]].
search_in_skeleton <- function(data, skeleton, search, score, ..., whitelist, blacklist,
                               threads, verbose, algorithm, stage, clock) {
  learner <- switch(search, hill_climb = hill_climb, tabu_search = tabu_search)
  g <- learner(data, score = score, ..., whitelist = whitelist, blacklist = blacklist,
               restrict = skeleton, threads = threads, verbose = verbose)
  info <- c(list(algorithm = algorithm, search = search), g$info[names(g$info) != "algorithm"])
  info$time <- clock()
  adjacent <- skeleton$amat | t(skeleton$amat)
  info[[stage]] <- list(n_tests = skeleton$info$n_tests, time = skeleton$info$time,
                        edges = sum(adjacent) %/% 2L)
  new_bn_graph(g$amat, "dag", score = g$score, info = info)
}
