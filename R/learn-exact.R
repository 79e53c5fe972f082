#' Exact structure learning by dynamic programming
#'
#' Finds a DAG of provably highest score (Silander & Myllymaki 2006). First the local
#' score of every parent set the constraints allow is computed; then, for each node
#' `v` and each set `C` of its candidate parents, the best parent set inside `C`,
#' `bps(v, C) = max(score(v, C), max_{s in C} bps(v, C \ {s}))`; then the best network
#' on every subset `S` of the nodes, `best(S) = max_{v in S} best(S \ {v}) +
#' bps(v, S \ {v})` (`v` is the best sink of `S`); the optimal DAG is read back by
#' peeling sinks off the full set. Ties are broken deterministically (lowest node
#' index as sink, first parent set in order of size).
#'
#' Constraints restrict the parent sets: a blacklisted arc (or `no_parents` /
#' `no_children`) removes the parent from the candidates, a whitelisted arc `i -> j`
#' keeps only the parent sets of `j` that contain `i`, and `max_parents` bounds their
#' size.
#'
#' **Cost.** The tables are held in double precision: `bps` takes
#' `sum_v 2^c_v` doubles (`c_v` the number of candidate parents of `v`, at most
#' `n - 1`), the subset table `2^n` doubles plus `2^n` bytes, and the local scores 32
#' bytes per parent set. With `n` nodes and no blacklist that is about
#' `8 n 2^(n-1) + 9 * 2^n` bytes: 0.05 GB for 20 nodes, 1.9 GB for 24, 3.7 GB for 25.
#' The memory needed is computed before anything is allocated; above `max_memory` the
#' function fails with an error of class `learnbn_error_too_large`. Time grows the same
#' way, plus one family score for each of the `n * sum_{k <= max_parents} C(n - 1, k)`
#' parent sets, which dominates without `max_parents`. Measured here (the first nodes of
#' alarm, 5,000 rows, BIC, one thread): without `max_parents` 3.4 s for 14 nodes, 24 s
#' for 16 and 68 s for 17, about three times longer for each further node, so about 17
#' nodes fit in a minute; with `max_parents = 3`, 0.3 s for 20 nodes, 1 s for 22 and 4 s
#' for 24 (1.8 GB), where memory, not time, is the limit.
#'
#' @inheritParams prepare_search
#' @param max_memory Memory budget in bytes for the search tables (default 4e9).
#' @param threads Number of threads used to compute the local scores and the
#'   best-parent tables.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report the memory used and the time taken.
#' @return A [bn_graph] DAG whose `score` is the optimal total score and whose `info`
#'   holds `algorithm` (`"exact_search"`), `score` (the score type), `score_evaluations`
#'   (local scores computed, each once), `cache_hits` and `cache_hit_rate` (0: every
#'   allowed parent set is scored once, outside the cache), `time` (seconds), `trace`
#'   (the optimal score: the search has no steps), `parent_sets` (number of allowed
#'   parent sets) and `memory` (bytes of the search tables).
#' @references Silander, T. and Myllymaki, P. (2006). A simple approach for finding
#'   the globally optimal Bayesian network structure. *UAI 2006*, 445-452.
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' g <- exact_search(d, score = "bde", iss = 5, no_parents = c("SEX", "SES"),
#'                   no_children = "CP")
#' g
#' g$info$time
#' exact_search(d, score = "bic", max_parents = 2)
exact_search <- function(data, score = NULL, ..., whitelist = NULL, blacklist = NULL,
                         max_parents = Inf, no_parents = NULL, no_children = NULL,
                         restrict = NULL, max_memory = 4e9, threads = NULL, verbose = FALSE) {
  inputs <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict, threads = threads,
                           verbose = verbose)
  check_number(max_memory, min = 0, min_open = TRUE)
  needed <- exact_memory(inputs$knowledge)
  if (needed$bytes > max_memory) {
    n <- length(inputs$nodes)
    lbn_abort(c(paste0("Exact search on {n} node{?s} would need {format_bytes(needed$bytes)} of ",
                       "memory, more than {.arg max_memory} = {format_bytes(max_memory)}."),
                "i" = paste0("It scores {format_count(needed$parent_sets)} parent sets and keeps ",
                             "tables of about n * 2^(n - 1) + 2^n numbers."),
                "i" = paste0("Use fewer nodes, a smaller {.arg max_parents}, a {.arg blacklist}, ",
                             "or raise {.arg max_memory}.")),
              "too_large")
  }
  progress <- progress_reporter(c(families = "Scoring parent sets",
                                  subsets = "Exact search over node sets"))
  on.exit(progress_close(progress), add = TRUE)
  result <- call_search(inputs, "exact", progress = progress)
  info <- search_info(result, inputs, "exact_search",
                      paste0(format_count(needed$parent_sets), " parent sets, ",
                             format_bytes(needed$bytes)),
                      extra = list(parent_sets = needed$parent_sets, memory = needed$bytes))
  new_bn_graph(result$amat, "dag", score = result$score, info = info)
}

# Number of allowed parent sets and bytes of the exact search's tables, as the core
# plans them (search/memory.hpp).
exact_memory <- function(constraints) {
  plan <- cpp_search_plan(constraints)
  list(parent_sets = sum(plan$parent_sets), bytes = plan$exact_bytes)
}

