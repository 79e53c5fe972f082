# Shared set-up and wrap-up of the learners. Every learner has one shape: check its
# arguments and build the search (prepare_search() for the score-based learners,
# prepare_tests() for the constraint-based ones), call the core, and wrap the result
# with new_bn_graph() and an info record that starts with `algorithm` and holds `time`
# (seconds since the learner started, from the stopwatch the prepare function starts).

# Starts a wall-clock stopwatch: the function returned gives the seconds elapsed since.
stopwatch <- function() {
  began <- proc.time()[["elapsed"]]
  function() proc.time()[["elapsed"]] - began
}

#' The arguments every score-based learner shares
#'
#' The set-up of every score-based learner: the data are checked and recoded once, the
#' score built, and the knowledge (`whitelist`, `blacklist`, `max_parents`, `no_parents`,
#' `no_children`, `restrict`) and the start graph checked against the data's nodes. The
#' learners take these arguments under the same names, and their help pages inherit
#' this documentation, so that it is written once.
#'
#' @param data A data.frame or [bn_data()] object, discrete or continuous (see
#'   [bn_data()]).
#' @param score A score name or [bn_score()] object; `NULL` means `"bdeu"` on discrete
#'   data and `"bic"` on continuous data (see [bn_score()]). BDe with a prior network is
#'   not supported by the searches yet (BDe without one, i.e. BDeu, is).
#' @param ... Options of [bn_score()] (such as `iss`) when `score` is a name.
#' @param whitelist,blacklist `NULL` or a two-column data.frame or character matrix of
#'   arcs (from, to) that must be present / must not be.
#' @param max_parents The largest number of parents of a node.
#' @param no_parents,no_children Names of nodes that may have no parents / no children.
#' @param restrict `NULL`, or a graph (a [bn_graph] such as the result of [pc()], or an
#'   adjacency matrix) whose skeleton limits the search: only pairs adjacent in it may
#'   be joined by an arc, as in the hybrid learners MMHC and H2PC (see [hybrid()]).
#' @param start `NULL` (the empty graph) or a [bn_graph] DAG on the data's nodes.
#' @param threads Number of threads used to score families; the result does not depend
#'   on it.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report the steps, score evaluations and time.
#' @param default_score The score type used when `score` is `NULL` on discrete data.
#' @param call The environment named in error messages.
#' @return A list: the checked `data`, `score`, `knowledge`, `nodes`, `start` (an
#'   integer adjacency matrix with the whitelist's arcs), `threads`, `verbose` and
#'   `clock` (the seconds since the set-up began).
#' @keywords internal
prepare_search <- function(data, score, ..., whitelist = NULL, blacklist = NULL, max_parents = Inf,
                           no_parents = NULL, no_children = NULL, restrict = NULL, start = NULL,
                           threads = NULL, verbose = FALSE, default_score = "bdeu",
                           call = rlang::caller_env()) {
  clock <- stopwatch()
  data <- as_bn_data(data, arg = "data", call = call)
  check_enough_cases(data, call = call)
  check_complete(data, "A score-based search", call = call)
  check_not_collinear(data, call = call)
  check_pairwise_memory(length(data$levels), "A score-based search", call = call)
  score <- as_bn_score(score, ..., data = data, default = default_score, arg = "score", call = call)
  data <- with_cv_folds(data, score, call = call)
  if (!is.null(score$prior_network)) {
    lbn_abort(paste0("Searches do not support BDe with a prior network yet; use ",
                     "{.code bn_score(\"bde\")} (uniform prior network) or {.val bdeu}."),
              "value", call = call)
  }
  threads <- check_threads(threads, call = call)
  check_flag(verbose, arg = "verbose", call = call)
  nodes <- names(data$levels)
  knowledge <- build_constraints(nodes, whitelist, blacklist, max_parents, no_parents, no_children,
                                 restrict = restrict, call = call)
  knowledge <- exclude_continuous_parents(knowledge, data, start, call, score)  # R/score-mixed.R
  warn_unscorable_families(data, score, min(knowledge$max_parents, length(nodes) - 1))
  list(data = data, score = score, knowledge = knowledge, nodes = nodes,
       start = start_matrix(start, knowledge, call), threads = threads, verbose = verbose,
       clock = clock)
}

# The constraint-based counterpart of prepare_search() (pc(), minimal_imap()): the data,
# the test specification, alpha, threads, verbose and the background knowledge checked
# once, and the stopwatch started.
prepare_tests <- function(data, test, alpha, B, threads, verbose = FALSE, whitelist = NULL,
                          blacklist = NULL, gaussian_default = "fisher_z", what = NULL,
                          call = rlang::caller_env()) {
  clock <- stopwatch()
  data <- as_bn_data(data, arg = "data", call = call)
  # Mixed data: the mi_cg test (R/citest.R); minimal_imap() tests sets, which it does not.
  if (is_mixed(data) && learner_name(call) == "minimal_imap") stop_mixed_sets(call)
  check_enough_cases(data, call = call)
  check_not_collinear(data, call = call)
  nodes <- names(data$levels)
  if (!is.null(what)) check_pairwise_memory(length(nodes), what, call = call)
  spec <- ci_test_spec(test, B, data, gaussian_default = gaussian_default, call = call)
  check_alpha(alpha, call = call)
  check_flag(verbose, arg = "verbose", call = call)
  threads <- check_threads(threads, call = call)
  knowledge <- build_constraints(nodes, whitelist, blacklist, call = call)
  list(data = data, nodes = nodes, spec = spec, alpha = alpha, threads = threads,
       verbose = verbose, knowledge = knowledge, clock = clock)
}

# Structure learning compares dependence with independence, which needs two distinct
# rows at least: with one (however many cases it counts), every variable is constant
# and the Bayesian scores still prefer some arcs.
check_enough_cases <- function(data, arg = "data", call = rlang::caller_env()) {
  if (data$n_rows >= 2 && data$n_cases >= 2) return(invisible(data))
  cases <- if (!is.null(data$weights)) paste0(" (", format(data$n_cases), " cases)") else ""
  lbn_abort(c(paste0("Learning a structure needs at least 2 rows of data, but {.arg {arg}} has ",
                     "{data$n_rows}{cases}."),
              "i" = "With a single row every variable is constant, so no dependence can be seen."),
            "too_few_cases", call = call)
}

# A linear-Gaussian family of k parents fits N cases exactly when N <= k + 1, and its
# likelihood-based score ("loglik", "aic", "bic") is then -Inf (see score/gaussian.hpp):
# a search silently keeps every node below N - 1 parents. Said once per search when
# `max_parents` (at most n - 1) allows such families. Discrete scores and BGe are finite
# for any number of cases.
warn_unscorable_families <- function(data, score, max_parents) {
  n_cases <- data$n_cases
  if (!is_gaussian(data) || score$type == "bge" || n_cases >= max_parents + 2) {
    return(invisible())
  }
  limit <- max(n_cases - 2, 0)
  lbn_warn(c(paste0("With {n_cases} cases, a node with {n_cases - 1} or more parents fits ",
                    "{.arg data} exactly, so its {.val {score$type}} score is -Inf: the search ",
                    "gives no node more than {limit} ",
                    "parent{?s}{if (limit == 0) ' and learns no arc' else ''}."),
             "i" = paste0("Use more cases, the {.val bge} score (finite for any number of cases), ",
                          "or {.code max_parents = {limit}} to make the limit explicit.")),
           "too_few_cases")
}

# The start of a search over equivalence classes (ges(), pdag_search()): a DAG is kept, a
# CPDAG / PDAG is replaced by one of its consistent extensions. A graph with only
# directed arcs but a cycle is left to start_matrix(), which rejects it as every search
# does (class `learnbn_error_not_dag`).
class_start <- function(start, call = rlang::caller_env()) {
  if (!inherits(start, "bn_graph") || !is.matrix(start$amat)) return(start)
  check_no_bidirected(start, call = call)
  amat <- start$amat
  if (!any(amat == 1L & t(amat) == 1L)) return(start)
  new_bn_graph(pdag_extension(amat, call = call), "dag")
}

# Searches and PC keep tables with one entry per ordered pair of nodes: in R the
# constraint matrices and the start graph (three matrices of 4-byte cells), in the core
# what its registry says (constraints, DAG and gain tables), about
# bytes_per_node_pair() bytes in all. Before anything of that size is built, the total is
# checked against getOption("learnbn.max_memory", 1e9) bytes (10,000 variables would
# need 3.2 GB and n^2 family scores before the first move).
bytes_per_node_pair <- function() 3 * 4 + core_registry()$bytes_per_node_pair

check_pairwise_memory <- function(n_nodes, what, call = rlang::caller_env()) {
  limit <- max_memory(call)
  needed <- bytes_per_node_pair() * as.double(n_nodes)^2
  if (needed > limit) {
    lbn_abort(c(paste0("{what} on {format_count(n_nodes)} variables would need about ",
                       "{format_bytes(needed)} for its node-pair tables, more than the limit of ",
                       "{format_bytes(limit)}."),
                "i" = paste0("Select fewer columns of {.arg data} (for example by a screening ",
                             "test), or raise the limit with ",
                             "{.code options(learnbn.max_memory = <bytes>)}.")),
              "too_large", call = call)
  }
  invisible(needed)
}

# The start graph as an integer matrix in data order, with the whitelist's arcs added.
start_matrix <- function(start, knowledge, call) {
  nodes <- knowledge$nodes
  amat <- matrix(0L, length(nodes), length(nodes), dimnames = list(nodes, nodes))
  if (!is.null(start)) {
    start <- check_dag_graph(start, arg = "start", call = call)
    given <- colnames(start$amat)
    if (!setequal(given, nodes)) {
      absent <- setdiff(nodes, given)
      unknown <- setdiff(given, nodes)
      lbn_abort(c("{.arg start} must have the data's nodes.",
                  "x" = if (length(absent)) "Missing: {list_few(absent, quote = TRUE)}.",
                  "x" = if (length(unknown)) "Unknown: {list_few(unknown, quote = TRUE)}."),
                "unknown_node", call = call)
    }
    amat[] <- start$amat[nodes, nodes]
    bad <- which(amat == 1L & knowledge$forbidden, arr.ind = TRUE)
    if (nrow(bad)) {
      lbn_abort("{.arg start} has arc{?s} that the constraints forbid: {arc_labels(bad, nodes)}.",
                "constraints", call = call)
    }
  }
  amat[knowledge$required] <- 1L
  if (!is.null(topo_sort_amat(amat)$cycle)) {
    lbn_abort("{.arg start} with the {.arg whitelist} arcs added has a directed cycle.", "cycle",
              call = call)
  }
  crowded <- nodes[colSums(amat) > knowledge$max_parents]
  if (length(crowded)) {
    lbn_abort("{.arg start} gives {.val {crowded}} more than {.arg max_parents} parents.",
              "constraints", call = call)
  }
  amat
}

# Runs one core search through the one entry point, cpp_search(): `algorithm` is the
# core's name of the search ("hill_climb", "tabu", "local", "annealing", "genetic",
# "best_first", "ges", "pdag_search", "k2", "exact", "exhaustive"; see
# src/rcpp-search.cpp), `options` its own settings. The result has `amat` (the class for
# ges and pdag_search, with a member DAG in `dag`) named by the nodes, `score`, `counts`
# (the search's own, by name), `score_evaluations`, `cache_hits`, `trace` and the
# search's extra fields. With `search$expected` (structural EM: list(network, options)),
# families are scored on the expected counts of the data's missing cells under that
# network, and the result has the expected counts of its families (`expected_counts`)
# and the number of component completions kept (`completions`).
call_search <- function(search, algorithm, options = list(), on_restart = NULL,
                        progress = NULL) {
  # An internal switch for the tests: FALSE counts every family over all rows.
  options$count_groups <- !isFALSE(getOption("learnbn.count_groups"))
  options$max_bytes <- max_memory(search$call)
  spec <- score_spec(search$score, search$nodes)
  result <- cpp_search(search$data, spec, search$knowledge, search$start,
                       algorithm, options, search$threads, search$expected, on_restart, progress)
  check_completion_memory(result, search$expected$options, search$call)
  if (!is.null(result$too_large)) {
    name <- search$nodes[result$too_large]
    lbn_abort(c(too_many_operators(result$max_operators),
                "i" = paste0("Use a smaller {.arg max_subset} or {.arg max_parents}, or raise ",
                             "the limit with {.code options(learnbn.max_memory = <bytes>)}.")),
              "too_large", call = search$call)
  }
  dimnames(result$amat) <- list(search$nodes, search$nodes)
  if (!is.null(result$dag)) dimnames(result$dag) <- dimnames(result$amat)
  result
}

# The cli text of GES's operator limit (search/ges_operators.hpp): node `name` (a
# variable where the text is formatted) had more operators than `limit`, which
# options(learnbn.max_memory) sets.
too_many_operators <- function(limit) {
  limit <- format(round(limit), big.mark = ",", scientific = FALSE)
  paste0("Node {.val {name}} has more than ", limit, " GES operators: its neighbours in ",
         "the equivalence class form a large clique (columns that show one state do this).")
}

# A search over DAGs by arc moves, wrapped: a bn_graph DAG whose info is search_info()'s
# (`name`, recorded as info$algorithm, is the learner's R function name), plus
# structural EM's `expected_counts` and `completions` when it asked for them.
run_search <- function(search, algorithm, options, name = algorithm, on_restart = NULL) {
  result <- call_search(search, algorithm, options, on_restart = on_restart)
  info <- search_info(result, search, name, cli::pluralize("{result$counts$iterations} move{?s}"))
  if (!is.null(search$expected)) info[c("expected_counts",
                                        "completions")] <- result[c("expected_counts",
                                                                    "completions")]
  new_bn_graph(result$amat, "dag", score = result$score, info = info)
}

# The one constructor of a score-based learner's info record: `algorithm` (the learner's
# function name), `score` (the score type), the search's own counts (`result$counts`),
# then what every search reports: `score_evaluations` (family scores computed),
# `cache_hits` and `cache_hit_rate` (NA when the learner does not count them), `time`
# (seconds since the learner started) and `trace` (the score after each step, the
# start's first; the result's score alone for a search without steps), then `extra`.
# With `verbose`, the learner's `steps_text` is said with these figures (nothing when it
# is NULL: the learner reports in its own way).
search_info <- function(result, search, algorithm, steps_text, extra = list()) {
  lookups <- result$score_evaluations + result$cache_hits
  hit_rate <- if (is.na(lookups) || lookups > 0) result$cache_hits / lookups else 0
  info <- c(list(algorithm = algorithm, score = search$score$type), result$counts,
            list(score_evaluations = result$score_evaluations, cache_hits = result$cache_hits,
                 cache_hit_rate = hit_rate, time = search$clock(), trace = result$trace),
            extra)
  info$excluded_arcs <- search$knowledge$excluded_arcs  # mixed data: continuous -> discrete
  if (search$verbose && !is.null(steps_text)) {
    cli::cli_inform(paste0("{algorithm}: {steps_text}, {info$score_evaluations} family score{?s} ",
                           "computed, score {format(result$score, nsmall = 2)}, ",
                           "{format(info$time, digits = 3)} s."))
  }
  info
}

# A count such as max_iter, where Inf means "no limit" (the glue's limit_from_r() maps
# Inf to the core's largest count).
as_count <- function(x, arg = rlang::caller_arg(x), call = rlang::caller_env(), min = 0) {
  check_number(x, min = min, whole = TRUE, arg = arg, call = call)
  x
}
