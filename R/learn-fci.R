# FCI (Spirtes, Glymour and Scheines 2000; Zhang 2008): PC's skeleton, the
# possible-d-separation phase and the orientation rules of a PAG; the work is done by the
# C++ core (inst/include/learnbn/constraint/fci.hpp, fci_rules.hpp). Also the
# d-separation oracle test (dsep_oracle()) and dag_to_pag().

fci_phase_names <- c("skeleton", "possible-d-sep", "triples", "rfci triples", "rfci paths")
pag_rule_names <- c("R0 collider", paste0("R", 1:10), "background knowledge")
pag_mark_names <- c("none", "circle", "arrowhead", "tail")
triple_rule_names <- c("standard", "conservative", "majority")

#' Learn a partial ancestral graph with FCI
#'
#' The FCI algorithm (Spirtes, Glymour and Scheines 2000) with Zhang's (2008) complete
#' orientation rules, for data whose variables may have latent common causes (and,
#' with `selection_bias = TRUE`, selection variables). It returns a partial ancestral
#' graph (PAG, a [bn_pag]): an edge mark is an arrowhead or a tail when every maximal
#' ancestral graph of the class has it, a circle otherwise; `X <-> Y` says that
#' neither causes the other, so that their dependence comes from a latent common
#' cause.
#'
#' The phases are those of pcalg's `fci()`: **skeleton**, PC's (see [pc()]: the same
#' tests, levels, stable variant, threads and shortcuts); **possible-d-sep**: the
#' unshielded colliders of the skeleton are marked, and each remaining edge X - Y is
#' tested against the subsets of Possible-D-Sep(X) (nodes reachable from X along paths
#' whose inner nodes are colliders or lie on triangles) that are not within the
#' neighbours of X, in increasing size; **triples** (with `orientation` other than
#' `"standard"`): each unshielded triple X - Y - Z is tested against every subset of the
#' neighbours of X and of Z. Y in all the separating sets found makes a non-collider, in
#' none a collider; otherwise `"conservative"` marks the triple ambiguous (it orients
#' nothing) and `"majority"` lets the majority decide (a tie is ambiguous), as pcalg's
#' `conservative` and `maj.rule`; **orientation**: unshielded colliders (R0), then
#' Zhang's rules R1-R4, R5-R7 and R8-R10, each group until nothing changes, in pcalg's
#' `udag2pag()` order.
#'
#' **Background knowledge** (as Tetrad's FCI) speaks of the edges of the maximal
#' ancestral graph. A whitelisted pair is never tested (it stays adjacent) and a pair
#' blacklisted both ways is never adjacent. After the skeleton, before the colliders, a
#' whitelisted arc X -> Y fixes a tail at X and an arrowhead at Y; an arc X -> Y
#' blacklisted one way fixes an arrowhead at X (`Y *-> X`) when `selection_bias = FALSE`
#' (without selection variables the edge can only be `X <- Y` or `X <-> Y`); with
#' `selection_bias = TRUE` it fixes nothing until an arrowhead at X or Y (on any edge)
#' rules out `X --- Y`, and the rules may then leave circles that the knowledge decides.
#' Tiers (an ordering of groups of variables) are a blacklist of every arc from a later
#' tier to an earlier one. The fixed marks orient the possible-d-sep phase's colliders
#' too, and the rules carry them on; no rule changes them. When the data disagree:
#' * a collider that needs another mark where the knowledge fixed one is left out (as
#'   [pc()] lets knowledge win over an immorality), with a warning of class
#'   `"learnbn_warning_conflict"`; `info$conflicts` lists them;
#' * when no ancestral graph fits both (the knowledge makes a collider whose middle node
#'   separates its ends, a rule must change a fixed mark, or the rules make a blacklisted
#'   arc X -> Y certain), an error of class `"learnbn_error_incompatible_knowledge"`.
#'
#' **Oracle.** With `test = dsep_oracle(dag, latent)` the tests are answered by
#' d-separation in `dag` and `data` may be `NULL`: the result is then the true PAG of
#' `dag` over its observed nodes, [dag_to_pag()] (a check of the learner).
#'
#' @inheritParams pc
#' @param data A data.frame or [bn_data()] object; `NULL` with an oracle `test`.
#' @param test A conditional independence test, see [ci_test()] and [pc()], or a
#'   [dsep_oracle()].
#' @param orientation How unshielded triples are read: `"standard"` (from the separating
#'   set found), `"conservative"` or `"majority"` (see Details).
#' @param pdsep If `FALSE`, skip the possible-d-separation phase (pcalg's
#'   `doPdsep = FALSE`; faster, but the skeleton may keep edges between nodes that
#'   only a set outside their neighbours separates).
#' @param selection_bias If `FALSE`, rules R5-R7 (for selection variables) are not
#'   applied (pcalg's `selectionBias = FALSE`).
#' @param threads Number of threads for the tests: those of one level of the skeleton
#'   (PC-stable only), of possible-d-sep (the edges of one node at a time) and of the
#'   checks of triples; the result is that of one thread. `r doc_threads_default()`
#' @param verbose If `TRUE`, reports the tests and orientations at the end;
#'   [explain_fci()] gives the walk-through.
#' @return A [bn_pag] whose `amat` is in pcalg's coding and whose `info` holds `tests`
#'   (every test run, with its `phase`), `n_tests`, `cache_hits`, `sepsets` (the final
#'   separating sets), `ambiguous` (triples), `orientations` (each mark set, by rule or
#'   by `"background knowledge"`), `conflicts` (the marks a collider or a rule could not
#'   set for the knowledge), the settings, `algorithm` (`"fci"`, first) and `time` (last).
#' @references Spirtes, P., Glymour, C. and Scheines, R. (2000). *Causation, Prediction,
#'   and Search*, 2nd ed. MIT Press.
#'
#'   Zhang, J. (2008). On the completeness of orientation rules for causal discovery in
#'   the presence of latent confounders and selection bias. *Artificial Intelligence*,
#'   172, 1873-1896.
#'
#'   Colombo, D. and Maathuis, M. H. (2014). Order-independent constraint-based causal
#'   structure learning. *Journal of Machine Learning Research*, 15, 3921-3962.
#' @family constraint-based learners
#' @export
#' @examples
#' fl <- bn_data(florida, counts = "count")
#' g <- fci(fl, alpha = 0.05)
#' g$amat
#' # With the d-separation oracle of a DAG with a latent node L: the true PAG.
#' dag <- bn_graph_from_string("[L][A|L][B|L][C|A:B]")
#' fci(NULL, test = dsep_oracle(dag, latent = "L"))$amat
fci <- function(data, test = NULL, alpha = 0.05, max_cond = Inf, stable = TRUE,
                orientation = c("standard", "conservative", "majority"), pdsep = TRUE,
                selection_bias = TRUE, whitelist = NULL, blacklist = NULL, B = 1000L,
                threads = NULL, verbose = FALSE) {
  orientation <- check_choice(orientation, triple_rule_names)
  check_number(max_cond, min = 0, whole = TRUE)
  check_flag(stable)
  check_flag(pdsep)
  options <- list(algorithm = "fci", alpha = alpha, max_cond = max_cond, stable = stable,
                  pdsep = pdsep, selection_bias = selection_bias, orientation = orientation)
  learn_fci(data, test, options, whitelist, blacklist, if (!missing(B)) B, threads, verbose)
}

# The body of fci() and rfci(): the oracle's run, or PC's skeleton and the FCI phases.
learn_fci <- function(data, test, options, whitelist, blacklist, B, threads, verbose,
                      call = rlang::caller_env()) {
  check_flag(options$selection_bias, arg = "selection_bias", call = call)
  options$shortcuts <- !isFALSE(getOption("learnbn.pc_shortcuts"))
  if (inherits(test, "learnbn_dsep_oracle")) {
    return(fci_with_oracle(data, test, options, whitelist, blacklist, verbose, call = call))
  }
  what <- toupper(options$algorithm)
  inputs <- prepare_tests(data, test, options$alpha, B, threads, verbose = verbose,
                          whitelist = whitelist, blacklist = blacklist, what = what,
                          call = call)
  nodes <- inputs$nodes
  sorted <- nodes[order(nodes, method = "radix")]
  options$threads <- inputs$threads
  progress <- progress_reporter(function(stage) paste(what, "skeleton", stage, "edges"))
  on.exit(progress_close(progress), add = TRUE)
  res <- cpp_fci(data_subset(inputs$data, sorted), sorted, inputs$spec, options,
                 sorted_knowledge(inputs$knowledge, sorted), progress)
  g <- fci_result(res, sorted, nodes, options$algorithm, inputs$spec$name, options,
                  inputs$clock, inputs$knowledge, call)
  warn_untestable(g$info$tests, inputs$spec, inputs$data$n_cases)
  if (verbose) say_fci(g$info)
  g
}

sorted_knowledge <- function(knowledge, sorted) {
  list(required = knowledge$required[sorted, sorted, drop = FALSE],
       forbidden = knowledge$forbidden[sorted, sorted, drop = FALSE])
}

fci_with_oracle <- function(data, oracle, options, whitelist, blacklist, verbose,
                            call = rlang::caller_env()) {
  clock <- stopwatch()
  nodes <- oracle_nodes(data, oracle, call = call)
  check_alpha(options$alpha, call = call)
  check_flag(verbose, arg = "verbose", call = call)
  knowledge <- build_constraints(nodes, whitelist, blacklist, call = call)
  sorted <- nodes[order(nodes, method = "radix")]
  res <- cpp_fci_oracle(oracle$dag, match(sorted, colnames(oracle$dag)) - 1L, sorted, options,
                        sorted_knowledge(knowledge, sorted))
  g <- fci_result(res, sorted, nodes, options$algorithm, "dsep_oracle", options, clock,
                  knowledge, call)
  if (verbose) say_fci(g$info)
  g
}

# The observed nodes of an oracle, in the order of `data`'s columns when data are given.
oracle_nodes <- function(data, oracle, call = rlang::caller_env()) {
  observed <- setdiff(colnames(oracle$dag), oracle$latent)
  if (is.null(data)) return(observed)
  data <- as_bn_data(data, arg = "data", call = call)
  nodes <- names(data$levels)
  if (!setequal(nodes, observed)) {
    lbn_abort(c("The columns of {.arg data} are not the observed nodes of the oracle.",
                "i" = "Observed nodes: {list_few(observed, 10L, quote = TRUE)}.",
                "i" = "Pass {.code data = NULL} to learn from the oracle alone."),
              "value", call = call)
  }
  nodes
}

# The bn_pag of a core result `res` over `sorted` nodes, in the order of `nodes`, after
# the checks of the background knowledge (R/fci-knowledge.R).
fci_result <- function(res, sorted, nodes, algorithm, test, options, clock, knowledge,
                       call = rlang::caller_env()) {
  dimnames(res$amat) <- list(sorted, sorted)
  info <- c(list(algorithm = algorithm),
            fci_info(res, sorted, test, options),
            list(time = clock()))
  check_pag_knowledge(res$amat, info$conflicts, knowledge, call = call)
  new_bn_pag(res$amat[nodes, nodes, drop = FALSE], info = info)
}

fci_info <- function(res, sorted, test, options) {
  name <- function(i) sorted[i]
  t <- res$tests
  tests <- data.frame(x = name(t$x), y = name(t$y), z = t$z, statistic = t$statistic,
                      df = t$df, p_value = t$p_value, independent = t$independent,
                      level = t$level, n = t$n, phase = fci_phase_names[t$phase + 1L],
                      stringsAsFactors = FALSE)
  w <- res$witnesses
  a <- res$ambiguous
  marks <- function(s) {
    data.frame(rule = pag_rule_names[s$rule + 1L], from = name(s$from), to = name(s$to),
               mark = pag_mark_names[s$mark + 1L], stringsAsFactors = FALSE)
  }
  list(test = test, alpha = options$alpha, max_cond = options$max_cond,
       stable = options$stable, pdsep = options$pdsep, orientation = options$orientation,
       selection_bias = options$selection_bias,
       tests = tests, n_tests = nrow(tests), cache_hits = res$cache_hits, levels = res$levels,
       sepsets = data.frame(x = name(w$x), y = name(w$y), z = w$z, p_value = w$p_value,
                            stringsAsFactors = FALSE),
       ambiguous = data.frame(x = name(a[, 1]), middle = name(a[, 2]), y = name(a[, 3]),
                              stringsAsFactors = FALSE),
       orientations = marks(res$steps), conflicts = marks(res$conflicts))
}

say_fci <- function(info) {
  cli::cli_inform(paste0(toupper(info$algorithm), ": {info$n_tests} test{?s} ",
                         "({sum(info$tests$phase == 'possible-d-sep')} possible-d-sep), ",
                         "{nrow(info$orientations)} mark{?s} set, ",
                         "{format(info$time, digits = 2)} s."))
}

#' A d-separation oracle as a conditional independence test
#'
#' A test that answers from a DAG instead of data: X and Y are independent given Z
#' exactly when Z d-separates them in `dag`. Given as the `test` of [fci()] or [pc()] (with
#' `data = NULL`), a learner then returns the equivalence class of the DAG's marginal
#' over its observed nodes, which makes it a check of the learner; [dag_to_pag()] gives
#' that PAG directly.
#'
#' @param dag A [bn_graph] DAG.
#' @param latent Names of the nodes of `dag` that are hidden (not tested).
#' @return An object of class `learnbn_dsep_oracle`: the DAG's adjacency matrix and the
#'   latent nodes.
#' @family constraint-based learners
#' @export
#' @examples
#' dag <- bn_graph_from_string("[L][A|L][B|L][C|A:B]")
#' fci(NULL, test = dsep_oracle(dag, latent = "L"))
dsep_oracle <- function(dag, latent = character()) {
  amat <- check_latent_dag(dag, latent)
  structure(list(dag = amat, latent = latent), class = "learnbn_dsep_oracle")
}

check_latent_dag <- function(dag, latent, call = rlang::caller_env()) {
  if (!inherits(dag, "bn_graph") || !is_dag(dag)) {
    lbn_abort(c("{.arg dag} must be a {.cls bn_graph} DAG, not {.obj_type_friendly {dag}}.",
                "i" = "Build one with {.fn bn_graph} or {.fn bn_graph_from_string}."),
              "not_dag", call = call)
  }
  amat <- as.matrix(dag)
  storage.mode(amat) <- "integer"
  check_nodes(latent, colnames(amat), arg = "latent", call = call)
  if (length(setdiff(colnames(amat), latent)) < 2) {
    lbn_abort("{.arg latent} leaves fewer than 2 observed nodes; a PAG needs 2 at least.",
              "value", call = call)
  }
  amat
}

#' The true PAG of a DAG with latent nodes
#'
#' The partial ancestral graph of the marginal of `g` over its observed nodes, as
#' pcalg's `dag2pag()`: two observed nodes are adjacent unless their observed ancestors
#' d-separate them, and the marks follow from FCI's orientation rules (see [fci()]) with
#' those separating sets. It is the PAG that [fci()] returns with the oracle test
#' [dsep_oracle()] of `g`, and the target of the FCI family on data simulated from `g`.
#'
#' @param g A [bn_graph] DAG.
#' @param latent Names of the hidden nodes of `g`.
#' @param selection_bias If `FALSE`, rules R5-R7 are not applied (they orient nothing
#'   here: a DAG has no selection variables, so the default changes nothing).
#' @return A [bn_pag] over the observed nodes (in the order of `g`), whose `latent` is
#'   `latent` and whose `info` holds the separating sets and the orientations.
#' @family constraint-based learners
#' @export
#' @examples
#' dag <- bn_graph_from_string("[L][A|L][B|L][C|A:B]")
#' dag_to_pag(dag, latent = "L")$amat  # A <-> B: their latent common cause
dag_to_pag <- function(g, latent = character(), selection_bias = TRUE) {
  amat <- check_latent_dag(g, latent)
  check_flag(selection_bias)
  observed <- setdiff(colnames(amat), latent)
  res <- cpp_dag_to_pag(amat, match(observed, colnames(amat)) - 1L, observed, selection_bias)
  dimnames(res$amat) <- list(observed, observed)
  info <- fci_info(res, observed, "dsep_oracle",
                   list(pdsep = FALSE, orientation = "standard", selection_bias = selection_bias))
  info <- c(list(algorithm = "dag_to_pag"), info[c("sepsets", "orientations")])
  new_bn_pag(res$amat, info = info, latent = latent)
}
