#' Best Order Score Search (BOSS)
#'
#' A search over node orders (Andrews et al. 2023). Every order has a best DAG: each
#' node takes the parent set that greedy forward addition, then backward removal, picks
#' among its predecessors. BOSS moves one node at a time to the position of the order
#' where the score of that DAG is highest, visiting the nodes in random order, and
#' sweeps until no move improves it; by default a run then ends with backward
#' equivalence search (`bes`). The families are cached per node in grow-shrink trees (a
#' tree of the parent sets greedy addition reaches from any set of predecessors), so
#' that the scores of all positions of a node cost little once the trees have grown.
#' The search runs in C++; the families a step needs are scored in one batch, in
#' `threads` threads.
#'
#' The result is the best DAG found (of the best order, or of BES's class); with a
#' score-equivalent score (`"bdeu"`, `"bic"`, `"bge"`, ...) its equivalence class is
#' [cpdag()] of it. On continuous data, `bn_score("bic", penalty_discount = 2)`
#' (causal-learn's and Tetrad's default for BOSS) gives sparser, more precise graphs
#' than plain BIC.
#'
#' **Knowledge** is honoured exactly: blacklisted arcs and `restrict` remove
#' candidate parents, whitelisted arcs are parents of their child in every order
#' considered (which keeps every whitelisted parent before its child), and no family
#' grows beyond `max_parents`.
#'
#' **Ties.** A family's score is summed by count, so it is the same to the last bit
#' whichever way it was counted (as one parent set plus another parent, or whole), and
#' families of equal score tie exactly. Ties are broken by fixed rules: greedy addition
#' takes the candidate parent that comes first in the data's columns, backward removal
#' the parent added first, and a node moves only to a position whose total score beats
#' its own, the last one among equal totals. Column order can therefore change the
#' result among equal scores.
#'
#' **Randomness.** The first order is a random topological order of `start` (with the
#' whitelist's arcs) and the nodes are visited in random order, drawn from R's random
#' number generator, so [set.seed()] reproduces a run; `threads` does not change it.
#'
#' @inheritParams prepare_search
#' @param start `NULL` or a [bn_graph] on the data's nodes: the first order is a
#'   topological order (ties broken at random) of this DAG, or of one of the consistent
#'   extensions of this CPDAG / PDAG. On discrete data a run from a random order can
#'   stop below [ges()]'s score (see `boss()`'s `ges_start`); `start = ges(data, ...)`
#'   starts from GES's class instead.
#' @param restarts Number of further runs, each from a random order (a whole number up
#'   to 10^6); the best result is kept (causal-learn's `numStarts` minus one). A single
#'   run is a local search over orders; a few restarts often find better graphs.
#' @param bes If `TRUE`, each run ends as in Tetrad's BOSS with backward equivalence
#'   search: GES's phases (see [ges()], at most 8 nodes per operator as its `max_subset`
#'   default) from the class of the run's DAG, keeping a DAG of
#'   the class found when it scores higher. A run stops where no single node moves to a
#'   better position, which can keep an arc that only two moves remove; this step removes
#'   it. Unlike Tetrad, when it raises the score the run sweeps again from a topological
#'   order of the new DAG (ties broken at random), and alternates until neither raises
#'   it. Needs a score-equivalent score and structure prior (as [ges()] does) and data
#'   without interventions. `NULL` (the default) is `TRUE` where these hold (as for
#'   `"bdeu"`, `"bic"` and `"bge"` with the uniform prior) and `FALSE` otherwise
#'   (`"k2"`, interventions, ...); `info$bes` says which ran. Tetrad leaves it off by
#'   default, and causal-learn has no such step. Here it is on because on alarm, insurance,
#'   hailfinder, win95pts and andes at 5,000 rows (BDeu, iss 1, median of 3 data sets)
#'   it raised the score by 8 to 425 and took the CPDAG closer to the true one on four of
#'   them (SHD alarm 10 to 4, insurance 37 to 15, hailfinder 57 to 52, andes 179 to 131;
#'   win95pts 97 to 100), for 1.0 to 1.4 times the CPU time (`bench/search-accuracy.R`).
#'   Where a node of the class would have more than 1/128 of the GES operators that
#'   `options(learnbn.max_memory)` allows [ges()] (see [learnbn-package]; 122,070 at the
#'   default: the phases rebuild a node's operators after each step, so their time binds
#'   before their memory; on munin at 10,000 rows, columns that show one state form a
#'   clique of undirected edges, and no node passed 1,710 on alarm, insurance,
#'   hailfinder, win95pts and andes at 5,000 rows), BES is left out with a warning of
#'   class `learnbn_warning_too_large` and `info$bes` is `FALSE`; the same holds for
#'   `ges_start`, whose run is then left out with BES, in the same warning (its GES from
#'   the empty graph builds such a class too: on munin it ran 38 s before meeting the
#'   limit). With `bes = FALSE` the `ges_start` run meets the limit on its own.
#' @param ges_start If `TRUE`, after the runs from random orders one more run starts from
#'   a topological order of [ges()]'s result (GES's phases from the class of `start`, at
#'   most 8 nodes per operator), and its result is kept when it scores higher. BOSS's
#'   single-node moves can stop in orders far from GES's, below its score: on andes at
#'   5,000 rows (BDeu, iss 1) the runs from random orders stopped 63 to 192 below GES
#'   (3 data sets; 2 restarts did not help), while GES's order is nearly a fixed point of
#'   the sweeps. With this run (median of 3 data sets) the score rose on hailfinder,
#'   win95pts and andes (andes: 632 to 696 above the true network's, GES 695) and SHD to
#'   the true CPDAG fell (hailfinder 52 to 48, win95pts 100 to 94, andes 131 to 118),
#'   alarm, insurance and child unchanged, for 1.2 to 1.5 times the CPU time. Needs what
#'   `bes` needs; `NULL` (the default) is `TRUE` where `bes`'s default is.
#'   `info$ges_start` says whether it ran and `info$ges_run_kept` whether its result was
#'   kept. The random runs draw the same random numbers either way.
#' @return A [bn_graph] DAG with its `score` and an `info` list: `algorithm`
#'   (`"boss"`), `score`, `moves` (nodes moved), `sweeps` (passes over the nodes, over
#'   all runs), `score_evaluations`, `cache_hits`, `cache_hit_rate`, `time`, `trace`
#'   (the score of each run's first order, after each sweep, and at the run's end) and
#'   `bes` (whether the runs ended with BES), `ges_run_kept` and `ges_start` (see
#'   `ges_start`).
#' @references Andrews, B., Ramsey, J., Sanchez-Romero, R., Camchong, J. and
#'   Kummerfeld, E. (2023). Fast scalable and accurate discovery of DAGs using the best
#'   order score search and grow-shrink trees. *Advances in Neural Information
#'   Processing Systems 36* (NeurIPS 2023).
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' set.seed(1)
#' g <- boss(d, score = "bdeu", iss = 5)
#' g
#' cpdag(g)
#' boss(d, score = "bic", penalty_discount = 2, no_parents = c("SEX", "SES"))
boss <- function(data, score = NULL, ..., start = NULL, whitelist = NULL, blacklist = NULL,
                 max_parents = Inf, no_parents = NULL, no_children = NULL, restrict = NULL,
                 restarts = 0, bes = NULL, ges_start = NULL, threads = NULL,
                 verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict,
                           start = class_start(start), threads = threads, verbose = verbose)
  check_number(restarts, min = 0, max = 1e6, whole = TRUE)
  bes <- check_bes(bes, search)
  ges_start <- check_bes(ges_start, search, arg = "ges_start")
  options <- list(starts = restarts + 1, bes = bes, ges_start = ges_start)
  permutation_search(search, "boss", options, "{moves} move{?s} in {sweeps} sweep{?s}",
                     extra = list(bes = bes, ges_start = ges_start))
}

# BES compares Markov equivalence classes, so it needs DAGs of one class to score alike:
# a score-equivalent score and prior, and no interventions. NULL: BES where it applies.
# ges_start (a GES run) needs the same.
check_bes <- function(bes, search, arg = "bes", call = rlang::caller_env()) {
  if (is.null(bes)) {
    return(search$score$type %in% score_equivalent_types &&
             structure_prior_equivalent(search$score) && is.null(search$data$interventions))
  }
  check_flag(bes, arg = arg, call = call)
  if (!bes) return(FALSE)
  check_score_equivalent(search$score, "boss", why = "Equivalence-class search needs it.",
                         call = call)
  check_observational(search$data, "boss", call = call)  # R/data-interventions.R
  TRUE
}

# Runs a permutation search (boss(), grasp()) and wraps its DAG.
permutation_search <- function(search, algorithm, options, steps, extra = list()) {
  result <- call_search(search, algorithm, options)
  phases <- intersect(c("bes", "ges_start"), names(extra))
  skipped <- vapply(phases, function(phase) {
    extra[[phase]] && result$counts[[paste0(phase, "_skipped")]] > 0
  }, logical(1))
  extra[phases[skipped]] <- list(FALSE)
  if (any(skipped)) warn_ges_phases_skipped(result, phases[skipped], search$nodes)
  result$counts[c("bes_skipped", "ges_start_skipped")] <- NULL
  steps <- cli::pluralize(steps, .envir = list2env(result$counts))
  info <- search_info(result, search, algorithm, steps, extra)
  new_bn_graph(result$amat, "dag", score = result$score, info = info)
}

# boss() leaves out BES, or the ges_start run, or both (the run goes with BES) where a
# node of the class has more GES operators than the memory limit allows: the core's
# counts <phase>_skipped name the node (1-based; 0 when it ran). `phases`: those left out.
warn_ges_phases_skipped <- function(result, phases, nodes) {
  name <- nodes[result$counts[[paste0(phases[[1]], "_skipped")]]]
  what <- c(bes = "BES", ges_start = "the run from GES's result ({.arg ges_start})")[phases]
  lbn_warn(c(paste0("{.fn boss} left out ", paste(what, collapse = " and "), "."),
             "i" = too_many_operators(result$max_operators),
             "i" = paste0("Raise the limit with {.code options(learnbn.max_memory = <bytes>)} ",
                          "or set ", paste0("{.code ", phases, " = FALSE}", collapse = " and "),
                          ".")),
           "too_large")
}
