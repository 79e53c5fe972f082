# The PC algorithm (Spirtes et al. 2000): skeleton, immoralities, orientation rules; the
# work is done by the C++ core (inst/include/learnbn/constraint/pc.hpp).

pc_rule_names <- c("background knowledge", "R1 prohibited immorality", "R2 acyclicity",
                   "R3 quartet", "R4")
pc_immorality_status <- c("applied", "bidirected", "dropped")

#' Learn a partially directed graph with the PC algorithm
#'
#' The PC algorithm of Spirtes et al. (2000). **Skeleton**: start from the complete
#' graph; for conditioning-set sizes l = 0, 1, 2, ... test every remaining edge X - Y
#' against each subset of size l of the current neighbours of X, then of Y (the
#' candidate witness sets), and remove the edge at the first independence (p-value above
#' `alpha`), keeping that set as its witness (separating) set. The default
#' `stable = TRUE` is PC-stable (Colombo and Maathuis 2014): the neighbourhoods are frozen at the
#' start of each level, so the result does not depend on the order of the edges and the
#' tests of a level can run on several threads with the same result as one. Nodes are
#' visited in the (locale-independent) order of their names, so the result is the same
#' under any column order of `data`. **Immoralities**: every unshielded triple X - Y - Z
#' whose middle node is not in the witness set of X - Z becomes X -> Y <- Z.
#' **Orientation**: the prohibited-immorality, acyclicity and quartet rules (Meek's
#' R1-R3), plus R4 when background knowledge orients arcs, until nothing changes.
#'
#' **Conflicts.** When two immoralities orient one edge both ways (as in the PC
#' walk-through of the [florida] data, where D -> V <- R and V -> R <- S disagree on
#' V - R) the data are not faithful to any DAG at this `alpha`. `conflicts` chooses what
#' happens, and every conflict raises a warning of class `"learnbn_warning_conflict"`
#' and is listed in `info$conflicts`:
#' * `"bidirected"` (default): both immoralities are kept and the edge becomes a
#'   bidirected edge V <-> R of the result (listed in `g$bidirected` and
#'   `info$bidirected`; the adjacency matrix has both entries set, as for an undirected
#'   edge, and the orientation rules leave the edge alone). The result has type
#'   `"pdag"`; it prints, plots and lists ([arcs()]) the edge as bidirected, and
#'   functions that need a DAG or a CPDAG ([cpdag()], [pdag_to_dag()],
#'   [network_score()], ...) refuse it (see [bn_graph()]).
#' * `"first"`: immoralities are applied in the order of their endpoints' names; one that
#'   clashes with an earlier one is dropped whole.
#' * `"strongest"`: as `"first"`, but in decreasing order of the p-value of the test that
#'   separated the two endpoints (the most confident independence wins).
#' * `"bnlearn"`: bnlearn's rule (its `pc.stable()` and the other constraint-based
#'   learners of bnlearn 4.9): as `"first"`, but in increasing order of that p-value (ties
#'   by the middle node's name), and an immorality that would close a directed cycle is
#'   skipped too (status `"dropped"` in `info$immoralities`). Use it to reproduce
#'   bnlearn's CPDAGs on data where immoralities clash. Both programs keep the first
#'   separating set they find, bnlearn in the data's column order and learnbn in the
#'   order of node names, so where several sets separate a pair the immoralities (and
#'   then the CPDAGs) can still differ.
#'
#' Background knowledge: whitelisted pairs are never tested (the edge stays), a
#' whitelisted arc fixes the orientation; a pair blacklisted both ways is never adjacent;
#' an arc blacklisted one way orients the edge the other way. Knowledge always wins over
#' an immorality (the clash is reported as a conflict).
#'
#' **Missing values.** On discrete [bn_data()] built with `missing = "allow"`, every
#' test uses the rows observed on its own variables (available cases; see [ci_test()]),
#' and `info$tests$n` records how many.
#'
#' **Mixed data.** On data mixing discrete and continuous columns (see [bn_data()]) the
#' tests are `"mi_cg"` (bnlearn's `"mi-cg"`, see [ci_test()]); the skeleton equals
#' bnlearn's `pc.stable(test = "mi-cg")`. The orientation phase treats every node alike:
#' as in bnlearn's `pc.stable()`, an arc from a continuous to a discrete node may be
#' oriented (an immorality or a rule can imply it), although a conditional linear Gaussian
#' network has no such arc; the score-based learners exclude them (see [hill_climb()]).
#'
#' **Oracle.** With `test = dsep_oracle(dag)` ([dsep_oracle()]) the tests are answered by
#' d-separation in `dag` and `data` may be `NULL` (data only give the order of the
#' nodes): the result is then `cpdag(dag)` (with latent nodes, PC's reading of the
#' marginal's independences). The skeleton is then PC-stable's whatever `stable` says
#' (with an oracle both give the same graph).
#'
#' @param data A data.frame or a [bn_data()] object (discrete data may have missing
#'   values, see Details).
#' @param test A conditional independence test, see [ci_test()]; `NULL` means `"x2"` on
#'   discrete data, `"fisher_z"` on continuous data (`"mi_g"` for [minimal_imap()]) and
#'   `"mi_cg"` on mixed data (not yet taken by [iamb()] and [minimal_imap()]).
#' @param alpha Significance level in (0, 1): an edge is removed when a test's p-value
#'   exceeds it.
#' @param max_cond Largest size of a conditioning (witness) set; `Inf` for no cap.
#' @param stable `TRUE` for PC-stable (order-independent skeleton), `FALSE` for the
#'   original PC, which removes edges as soon as they are found independent.
#' @param conflicts How conflicting immoralities are handled: `"bidirected"`, `"first"`,
#'   `"strongest"` or `"bnlearn"` (see Details).
#' @param whitelist,blacklist `NULL` or two-column data.frames (or character matrices)
#'   of from/to node names: arcs that must be present / must be absent.
#' @param B Number of permutations for the permutation tests (a warning of class
#'   `learnbn_warning_unused_argument` when given with another test).
#' @param threads Number of threads for the tests of one level (PC-stable only).
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, reports each level of the skeleton phase as it ends (tests
#'   run, edges removed and left, seconds so far) and a summary at the end; [explain_pc()]
#'   gives the whole walk-through.
#' @return A [bn_graph] of type `"cpdag"` (or `"pdag"` when background knowledge or
#'   conflicts shaped it), whose `info` holds `tests` (every test run: x, y, z
#'   `;`-separated, statistic, df, p_value, independent, level, n: the cases used),
#'   `n_tests`, `cache_hits`,
#'   `sepsets` (the witness set of each removed edge with its p-value), `immoralities`
#'   (with their strength and status), `conflicts`, `bidirected`, `orientations` (each
#'   arc oriented by a rule, in order), the settings used, and `algorithm` (`"pc"`,
#'   first) and `time` (seconds, last).
#' @references Colombo, D. and Maathuis, M. H. (2014). Order-independent constraint-based
#'   causal structure learning. *Journal of Machine Learning Research*, 15, 3921-3962.
#'
#'   Spirtes, P., Glymour, C. and Scheines, R. (2000). *Causation, Prediction, and
#'   Search*, 2nd ed. MIT Press.
#'
#'   Meek, C. (1995). Causal inference and causal explanation with background knowledge.
#'   *Proceedings of UAI 1995*, 403-410.
#' @family constraint-based learners
#' @export
#' @examples
#' cp <- bn_data(college_plans, counts = "count")
#' g <- pc(cp, alpha = 0.04)
#' g
#' explain_pc(g)
#' fl <- bn_data(florida, counts = "count")
#' g <- pc(fl, alpha = 0.05)  # warns: V - R is oriented both ways
#' g$info$conflicts
#' pc(fl, alpha = 0.05, conflicts = "first")
#' pc(fl, alpha = 0.05, conflicts = "bnlearn")  # bnlearn's pc.stable() CPDAG
#' # With the d-separation oracle of a DAG: its CPDAG.
#' pc(NULL, test = dsep_oracle(bn_graph_from_string("[A][B][C|A:B][D|C]")))
pc <- function(data, test = NULL, alpha = 0.05, max_cond = Inf, stable = TRUE,
               conflicts = c("bidirected", "first", "strongest", "bnlearn"),
               whitelist = NULL, blacklist = NULL, B = 1000L, threads = NULL, verbose = FALSE) {
  if (inherits(test, "learnbn_dsep_oracle")) {
    return(pc_with_oracle(data, test, alpha, max_cond, stable, conflicts, whitelist, blacklist,
                          verbose))
  }
  inputs <- prepare_tests(data, test, alpha, if (!missing(B)) B, threads, verbose = verbose,
                          whitelist = whitelist, blacklist = blacklist, what = "PC")
  data <- inputs$data
  nodes <- inputs$nodes
  spec <- inputs$spec
  knowledge <- inputs$knowledge
  threads <- inputs$threads
  check_number(max_cond, min = 0, whole = TRUE)
  check_flag(stable)
  conflicts <- check_choice(conflicts, core_registry()$conflict_policies)

  sorted <- nodes[order(nodes, method = "radix")]
  # The internal option learnbn.pc_shortcuts = FALSE turns off the counting shortcuts
  # (same results, slower), so that tests can compare both paths.
  options <- list(alpha = alpha, max_cond = max_cond, stable = stable, threads = threads,
                  conflicts = conflicts, shortcuts = !isFALSE(getOption("learnbn.pc_shortcuts")))
  progress <- progress_reporter(function(stage) paste("PC", stage, "edges"))
  on.exit(progress_close(progress), add = TRUE)
  report <- if (verbose) function(level, tests, removed, left) suspendInterrupts({
    progress_close(progress)  # the level's bar ends above its line
    cli::cli_inform(paste0("PC level {level}: {tests} test{?s}, {removed} edge{?s} removed, ",
                           "{left} left ({format(inputs$clock(), digits = 2)} s)."))
  })
  res <- cpp_pc(data_subset(data, sorted), sorted, spec, options,
                list(required = knowledge$required[sorted, sorted, drop = FALSE],
                     forbidden = knowledge$forbidden[sorted, sorted, drop = FALSE]), report,
                progress)
  pc_result(res, nodes, sorted, pc_info(res, sorted, spec, alpha, max_cond, stable, conflicts),
            inputs$clock, verbose, untestable = function(tests) {
              warn_untestable(tests, spec, data$n_cases)
              warn_singular_tests(tests, spec, data)
            })
}

# The bn_graph of cpp_pc()'s result over `sorted` nodes, in the order of `nodes`, with
# its warnings (`untestable` warns about the tests that could not run or were singular).
pc_result <- function(res, nodes, sorted, info, clock, verbose, untestable = function(tests) {}) {
  dimnames(res$amat) <- dimnames(res$bidirected) <- list(sorted, sorted)
  amat <- res$amat[nodes, nodes, drop = FALSE]
  info <- c(list(algorithm = "pc"), info, list(time = clock()))
  untestable(info$tests)
  if (nrow(info$conflicts)) warn_conflicts(info$conflicts, info$conflict_policy)
  shaped <- nrow(info$conflicts) > 0 || any(info$orientations$rule == pc_rule_names[1])
  g <- new_bn_graph(amat, type = if (shaped) "pdag" else "cpdag", info = info,
                    bidirected = info$bidirected)
  if (verbose) {
    cli::cli_inform(paste0("PC: {info$n_tests} test{?s}, {nrow(info$orientations)} ",
                           "orientation{?s}, {format(info$time, digits = 2)} s; ",
                           "{.code explain_pc()} gives the walk-through."))
  }
  g
}

# pc() with a dsep_oracle() as its test (as fci_with_oracle()): the stable skeleton, whose
# separating sets are the oracle's, then PC's orientation.
pc_with_oracle <- function(data, oracle, alpha, max_cond, stable, conflicts, whitelist,
                           blacklist, verbose, call = rlang::caller_env()) {
  clock <- stopwatch()
  nodes <- oracle_nodes(data, oracle, call = call)
  check_alpha(alpha, call = call)
  check_number(max_cond, min = 0, whole = TRUE, call = call)
  check_flag(stable, call = call)
  check_flag(verbose, call = call)
  conflicts <- check_choice(conflicts, core_registry()$conflict_policies, call = call)
  knowledge <- build_constraints(nodes, whitelist, blacklist, call = call)
  sorted <- nodes[order(nodes, method = "radix")]
  res <- cpp_pc_oracle(oracle$dag, match(sorted, colnames(oracle$dag)) - 1L, sorted,
                       list(alpha = alpha, max_cond = max_cond, conflicts = conflicts),
                       sorted_knowledge(knowledge, sorted))
  info <- pc_info(res, sorted, list(name = "dsep_oracle"), alpha, max_cond, TRUE, conflicts)
  pc_result(res, nodes, sorted, info, clock, verbose)
}

# The result's tables, built by list2DF(): data.frame() checks and deparses its arguments,
# which cost a millisecond a call (equal results: plain unnamed vectors).
pc_info <- function(res, sorted, spec, alpha, max_cond, stable, policy) {
  name <- function(i) sorted[i]
  tests <- res$tests
  tests <- list2DF(list(x = name(tests$x), y = name(tests$y), z = tests$z,
                        statistic = tests$statistic, df = tests$df, p_value = tests$p_value,
                        independent = tests$independent, level = tests$level, n = tests$n))
  w <- res$witnesses
  sepsets <- list2DF(list(x = name(w$x), y = name(w$y), z = w$z, p_value = w$p_value))
  v <- res$immoralities
  immoralities <- list2DF(list(x = name(v$x), middle = name(v$middle), y = name(v$y),
                               strength = v$strength,
                               status = pc_immorality_status[v$status + 1L]))
  # Vectorised: a conflict-heavy run has one label per conflict, pasted in one call.
  triple <- function(k) {
    out <- rep("background knowledge", length(k))
    i <- k[k != 0L]
    out[k != 0L] <- paste0(immoralities$x[i], " -> ", immoralities$middle[i], " <- ",
                           immoralities$y[i])
    out
  }
  cf <- res$conflicts
  conflicts <- list2DF(list(from = name(cf$from), to = name(cf$to), kept = triple(cf$kept),
                            other = triple(cf$other),
                            resolution = c("bidirected", "dropped")[cf$resolution + 1L]))
  bidirected <- which(res$bidirected == 1L & upper.tri(res$bidirected), arr.ind = TRUE)
  steps <- res$steps
  list(test = spec$name, alpha = alpha, max_cond = max_cond, stable = stable,
       conflict_policy = policy,
       tests = tests, n_tests = nrow(tests), cache_hits = res$cache_hits,
       levels = res$levels, sepsets = sepsets, immoralities = immoralities,
       conflicts = conflicts,
       bidirected = list2DF(list(from = name(bidirected[, 1]), to = name(bidirected[, 2]))),
       orientations = list2DF(list(from = name(steps$from), to = name(steps$to),
                                   rule = pc_rule_names[steps$rule + 1L])))
}

warn_conflicts <- function(conflicts, policy) {
  lines <- paste0(conflicts$from, " -> ", conflicts$to, " (", conflicts$kept, ") vs ",
                  conflicts$to, " -> ", conflicts$from, " (", conflicts$other, "): ",
                  conflicts$resolution)
  advice <- switch(policy,
    bidirected = paste0("Kept both orientations as bidirected edges (see ",
                        "{.code info$bidirected}); use {.code conflicts = \"first\"}, ",
                        "{.code \"strongest\"} or {.code \"bnlearn\"} to keep one."),
    paste0("Kept the {policy} immoralit{?y/ies} (policy {.code conflicts = \"{policy}\"}); the ",
           "default {.code \"bidirected\"} keeps both."))
  # Five bullets at most: the rest are in info$conflicts (and node names are not markup).
  shown <- gsub("([{}])", "\\1\\1", utils::head(lines, 5L))
  more <- if (length(lines) > 5L) paste0("... and ", length(lines) - 5L, " more.")
  lbn_warn(c(paste0("{length(lines)} conflicting orientation{?s} between immoralities or ",
                    "background knowledge:"),
             stats::setNames(c(shown, more), rep("*", length(shown) + length(more))),
             "i" = advice,
             "i" = paste0("The data may not be faithful to any DAG at this {.arg alpha}; see ",
                          "{.code info$conflicts}.")),
           "conflict")
}
