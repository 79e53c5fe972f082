#' Hill climbing over DAGs
#'
#' Greedy search (Heckerman 1995, 2003; Kochenderfer et al. 2022, section 5.2): from a
#' start graph, repeatedly make the single arc change (addition, removal or reversal)
#' that raises the score most, until none does. With `restarts`, the best graph found is
#' perturbed by `perturb` random moves and climbed again, keeping the best. The whole
#' search runs in C++: after a move only the families whose parent sets changed are
#' rescored, acyclicity is checked in constant time from reachability sets, and family
#' scores are cached.
#'
#' Among moves of equal score the first in scan order wins (target node, then source, in
#' column order), so ties matter: the two directions of an arc between nodes without other
#' parents are score-equivalent, and the direction taken decides which additions come
#' next. bnlearn's `hc()` breaks such ties its own way (up to rounding in the last digits),
#' so the two can end at different local optima of the same score, neither of which a
#' single move improves: on bnlearn's `clgaussian.test` they agree for eight moves, then
#' take `F -> C` and `C -> F` (equal deltas to 1e-11) and end 20 BIC units apart.
#'
#' @inheritParams prepare_search
#' @param restarts Number of random restarts. With `verbose = TRUE`, each is reported as
#'   it ends, with its score and the best so far; in interactive sessions a progress bar
#'   counts them once the run takes a few seconds.
#' @param perturb Number of random moves applied before each restart.
#' @param cluster `NULL` (the default) runs the restarts one after the other, each from
#'   the best graph found so far. A cluster from [parallel::makeCluster()] or `"future"`
#'   (the plan set with [future::plan()]; needs the future.apply package) spreads them
#'   over workers: then every restart perturbs the first climb's optimum, so the
#'   restarts are independent, each seeded beforehand from R's generator, and the result
#'   under [set.seed()] is the same on every backend (`future::plan("sequential")`
#'   included) though it may differ from the serial search's. Workers need learnbn
#'   installed.
#' @param max_iter Largest number of moves of each climb.
#' @param threads Number of threads used to score candidate moves; the result does not
#'   depend on it.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report the moves, score evaluations and time.
#' @return A [bn_graph] DAG with its `score` and an `info` list: `algorithm` (the
#'   learner's function name, here `"hill_climb"`), `score`, `iterations` (moves made),
#'   `score_evaluations` (family scores computed), `cache_hits`, `cache_hit_rate`,
#'   `time` (seconds since the call) and `trace` (the score after each move, starting
#'   with the start graph's).
#' @references Heckerman, D. (1995). A tutorial on learning with Bayesian networks.
#'   Technical Report MSR-TR-95-06, Microsoft Research.
#'
#'   Heckerman, D. (2003). Graphical models: structure learning. In Arbib, M. A.
#'   (ed.), *The Handbook of Brain Theory and Neural Networks*, 2nd ed., MIT Press.
#'
#'   Kochenderfer, M. J., Wheeler, T. A. and Wray, K. H. (2022). *Algorithms for
#'   Decision Making*. MIT Press, chapter 5 (Structure learning).
#' @inheritSection bootstrap_arcs Clusters and schedulers
#' @family score-based learners
#' @export
#' @examples
#' g <- hill_climb(college_plans[rep(1:128, college_plans$count), 1:5], score = "bic")
#' g
#' g$info$trace
#' d <- bn_data(college_plans, counts = "count")
#' hill_climb(d, score = "bde", iss = 5, no_parents = c("SEX", "SES"), no_children = "CP",
#'            restarts = 5)
hill_climb <- function(data, score = NULL, ..., start = NULL, whitelist = NULL, blacklist = NULL,
                       max_parents = Inf, no_parents = NULL, no_children = NULL, restrict = NULL,
                       restarts = 0, perturb = 5, max_iter = Inf, cluster = NULL, threads = NULL,
                       verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict, start = start,
                           threads = threads, verbose = verbose)
  restarts <- as_count(restarts)
  options <- list(max_iter = as_count(max_iter), restarts = restarts, perturb = as_count(perturb))
  cluster <- check_cluster(cluster)
  if (!is.null(cluster) && restarts > 0) return(spread_restarts(search, options, cluster))
  on_restart <- if (restarts > 0) restart_reporter(restarts, verbose)
  run_search(search, "hill_climb", options, on_restart = on_restart)
}

# Restarts given a `cluster`. Serially each restart perturbs the best graph found so far,
# a chain that cannot be split; here every restart perturbs the first climb's optimum
# instead, so the restarts are independent runs (seeded as in scale_out()) and the result
# is the same on every backend. The best graph wins, the earliest on ties.
spread_restarts <- function(search, options, cluster) {
  first <- run_search(search, "hill_climb", utils::modifyList(options, list(restarts = 0)))
  seeds <- as.list(sample.int(.Machine$integer.max, options$restarts))
  from <- search
  from$start <- first$amat
  storage.mode(from$start) <- "integer"
  from$verbose <- FALSE
  # One restart in the core: the climb from the optimum makes no move, then one perturbed
  # climb, keeping the better of the two.
  restart <- function(seed) {
    set.seed(seed)
    run_search(from, "hill_climb", utils::modifyList(options, list(restarts = 1)))
  }
  climbs <- scale_out(seeds, restart, cluster, "Hill-climbing restarts")
  best <- first
  for (i in seq_along(climbs)) {
    if (score_improves(climbs[[i]]$score, best$score)) best <- climbs[[i]]
    if (search$verbose) {
      cli::cli_inform(paste0("hill_climb restart {i}: score ",
                             "{format(climbs[[i]]$score, nsmall = 2)}, best ",
                             "{format(best$score, nsmall = 2)}."))
    }
  }
  all <- c(list(first), climbs)
  total <- function(k) sum(vapply(all, function(g) g$info[[k]], numeric(1)))
  result <- list(score = best$score, counts = list(iterations = total("iterations")),
                 score_evaluations = total("score_evaluations"), cache_hits = total("cache_hits"),
                 trace = best$info$trace)
  best$info <- search_info(result, search, "hill_climb", NULL)
  best
}

# Reports each restart as it ends: a line when verbose, and a progress bar over the
# restarts; NULL (the core then calls nothing) when neither is shown.
restart_reporter <- function(restarts, verbose, envir = parent.frame()) {
  bar <- progress_bar("Hill-climbing restarts", total = restarts, envir = envir)
  if (is.null(bar) && !verbose) return(NULL)
  function(restart, score, best) suspendInterrupts({
    if (verbose) {
      cli::cli_inform(paste0("hill_climb restart {restart}: score {format(score, nsmall = 2)}, ",
                             "best {format(best, nsmall = 2)}."))
    }
    progress_set(bar, restart)
  })
}
