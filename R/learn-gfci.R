# GFCI (Ogarrio, Spirtes and Ramsey 2016): FCI's tests and orientation started from the
# CPDAG that ges() (or boss()) finds; the core is inst/include/learnbn/constraint/gfci.hpp.

#' Learn a partial ancestral graph with GFCI
#'
#' Greedy FCI (Ogarrio, Spirtes and Ramsey 2016), as Tetrad's `GFci`: a score-based
#' search ([ges()], or [boss()]) gives a CPDAG G, and FCI's tests (see [fci()]) then
#' prune and orient it into a partial ancestral graph (a [bn_pag]), which allows latent
#' common causes. The score finds most adjacencies with fewer tests than PC's skeleton;
#' the tests remove the edges that a latent confounder forces into G.
#'
#' The phases, in Tetrad's order: **GES** with `score` (its options in `...`, as
#' [ges()]'s), or [boss()] with `search = "boss"`; **skeleton**: each edge X - Y of G
#' is tested against the subsets of the current neighbours of X, then of Y, by
#' increasing size, and removed with its separating set when one is found;
#' **colliders**: an unshielded triple X - Y - Z is oriented X *-> Y <-* Z when G has
#' the collider X -> Y <- Z, or when X and Z were adjacent in G, a test separated them,
#' and Y is not in their separating set; **possible-d-sep**: FCI's removal (see [fci()])
#' with those colliders; then every mark is reset to a circle, the colliders are found
#' again on the new skeleton, and Zhang's rules R1-R10 orient the rest. Rule R4 needs a
#' separating set for pairs that G never joined: it uses the parents, in a DAG of G's
#' class, of the one that is not an ancestor of the other (G is an independence map, so
#' they separate the pair).
#'
#' **BOSS start.** `search = "boss"` replaces GES by [boss()] (the score and `...` as
#' [boss()]'s, so `restarts` and `bes` too; [set.seed()] reproduces its random orders)
#' and starts from the CPDAG of its DAG, oriented by the whitelist and blacklist as
#' [cpdag()] does; every later phase is the same. Tetrad calls this BFCI (`BFci`, now
#' `BossFci`), but its later steps are not GFci's: `BossFci` (Tetrad 2026) tests the
#' edges in a random order, each against the subsets of the neighbours of X and of Y,
#' keeping the separating set of larger p-value when both find one; it skips
#' possible-d-sep and finds R4's separating sets by tests. learnbn keeps GFci's steps
#' above and changes only the start, so with an oracle both starts give the true PAG
#' whenever their graph is an independence map. As BOSS returns a DAG, whose class is
#' defined for any score, a score that is not score-equivalent (such as `"k2"`) is
#' accepted there.
#'
#' **Oracle.** With `test = dsep_oracle(dag, latent)` the tests are answered by
#' d-separation in `dag`; `data` (over the observed nodes) is still needed by the score.
#'
#' @inheritParams fci
#' @param data A data.frame or [bn_data()] object.
#' @param score The score of the GES phase, as [ges()]'s (a score-equivalent one), or of
#'   the BOSS phase, as [boss()]'s.
#' @param ... Options of the score, as [ges()]'s (for example `iss` of `"bdeu"`), or
#'   with `search = "boss"` further arguments of [boss()] (such as `restarts`).
#' @param search The score-based search of the first phase: `"ges"` or `"boss"`.
#' @param whitelist,blacklist `NULL` or two-column data.frames (or character matrices) of
#'   from/to node names: arcs that GES's graph must have / must not have; the tests never
#'   remove a whitelisted pair, and the arcs fix marks of the PAG as in [fci()].
#' @param threads Threads of the GES (or BOSS) phase and of the tests of possible-d-sep
#'   (the edges of one node at a time; the result is that of one thread). `NULL` (the
#'   default) uses `getOption("learnbn.threads", 1)`.
#' @return A [bn_pag] as [fci()]'s, whose `info` also holds `search` (`"ges"` or
#'   `"boss"`) and, named by it (`info$ges` or `info$boss`), the CPDAG of that phase (a
#'   [bn_graph], with the DAG in its `info$dag`); `info$sepsets` are the separating sets
#'   found by tests.
#' @references Ogarrio, J. M., Spirtes, P. and Ramsey, J. (2016). A hybrid causal search
#'   algorithm for latent variable models. *Proceedings of the Eighth International
#'   Conference on Probabilistic Graphical Models*, PMLR 52, 368-379.
#' @family constraint-based learners
#' @export
#' @examples
#' fl <- bn_data(florida, counts = "count")
#' g <- gfci(fl, alpha = 0.05)
#' g$amat
#' nrow(g$info$ges$amat)
#' set.seed(1)
#' gfci(fl, alpha = 0.05, search = "boss")$info$search
gfci <- function(data, test = NULL, score = NULL, ..., alpha = 0.05, max_cond = Inf,
                 pdsep = TRUE, selection_bias = TRUE, whitelist = NULL, blacklist = NULL,
                 B = 1000L, search = c("ges", "boss"), threads = NULL, verbose = FALSE) {
  search <- check_choice(search, c("ges", "boss"))
  options <- gfci_options(alpha, max_cond, pdsep, selection_bias)
  if (is.null(data) && inherits(test, "learnbn_dsep_oracle")) {
    lbn_abort(c("{.fn gfci} needs {.arg data} for its score, even with an oracle test.",
                "i" = "Pass data over the observed nodes, or use {.fn fci} with the oracle."),
              "value")
  }
  setup <- gfci_setup(data, test, alpha, if (!missing(B)) B, threads, verbose, whitelist,
                      blacklist)
  start <- gfci_start(search, data, score, ..., whitelist = whitelist, blacklist = blacklist,
                      threads = threads)
  gfci_from(start, setup, options, verbose, search)
}

# The first phase: ges()'s CPDAG, or the CPDAG of boss()'s DAG oriented by the knowledge
# as ges() orients its own, each with its DAG in info$dag.
gfci_start <- function(search, data, score, ..., whitelist, blacklist, threads) {
  if (search == "ges") {
    return(ges(data, score, ..., whitelist = whitelist, blacklist = blacklist,
               threads = threads))
  }
  dag <- boss(data, score, ..., whitelist = whitelist, blacklist = blacklist,
              threads = threads)
  start <- cpdag(dag, whitelist = whitelist, blacklist = blacklist)
  start$score <- dag$score
  start$info <- c(dag$info, list(dag = dag))
  start
}

gfci_options <- function(alpha, max_cond, pdsep, selection_bias, call = rlang::caller_env()) {
  check_number(max_cond, min = 0, whole = TRUE, call = call)
  check_flag(pdsep, call = call)
  check_flag(selection_bias, call = call)
  list(algorithm = "gfci", alpha = alpha, max_cond = max_cond, stable = FALSE, pdsep = pdsep,
       selection_bias = selection_bias, orientation = "standard")
}

# GFCI's tests and orientation from the CPDAG `start` (with a member DAG in
# start$info$dag); tests check the oracle path with a known I-map as `start`.
gfci_from <- function(start, setup, options, verbose, search = "ges",
                      call = rlang::caller_env()) {
  sorted <- setup$nodes[order(setup$nodes, method = "radix")]
  amat <- function(g) {
    m <- as.matrix(g)[sorted, sorted, drop = FALSE]
    storage.mode(m) <- "integer"
    m
  }
  options$threads <- if (is.null(setup$threads)) 1L else setup$threads
  res <- cpp_gfci(setup$data, sorted, setup$spec, setup$oracle, options,
                  sorted_knowledge(setup$knowledge, sorted), amat(start),
                  amat(start$info$dag))
  g <- fci_result(res, sorted, setup$nodes, "gfci", setup$test_name, options, setup$clock,
                  setup$knowledge, call)
  if (!is.null(setup$spec)) warn_untestable(g$info$tests, setup$spec, setup$n_cases)
  info <- g$info[setdiff(names(g$info), c("stable", "time"))]
  g$info <- c(info, list(search = search), stats::setNames(list(start), search),
              list(time = setup$clock()))
  if (verbose) say_fci(g$info)
  g
}

# The tests of gfci(): the oracle's (data must still match its observed nodes) or those
# of prepare_tests(), with the data ordered for the core.
gfci_setup <- function(data, test, alpha, B, threads, verbose, whitelist, blacklist,
                       call = rlang::caller_env()) {
  if (!inherits(test, "learnbn_dsep_oracle")) {
    inputs <- prepare_tests(data, test, alpha, B, threads, verbose = verbose,
                            whitelist = whitelist, blacklist = blacklist, what = "GFCI",
                            call = call)
    sorted <- inputs$nodes[order(inputs$nodes, method = "radix")]
    return(list(data = data_subset(inputs$data, sorted), nodes = inputs$nodes,
                spec = inputs$spec, oracle = NULL, knowledge = inputs$knowledge,
                threads = inputs$threads,
                test_name = inputs$spec$name, n_cases = inputs$data$n_cases,
                clock = inputs$clock))
  }
  clock <- stopwatch()
  nodes <- oracle_nodes(data, test, call = call)
  check_alpha(alpha, call = call)
  check_flag(verbose, arg = "verbose", call = call)
  sorted <- nodes[order(nodes, method = "radix")]
  oracle <- list(dag = test$dag, observed = match(sorted, colnames(test$dag)) - 1L)
  list(data = NULL, nodes = nodes, spec = NULL, oracle = oracle,
       knowledge = build_constraints(nodes, whitelist, blacklist, call = call),
       test_name = "dsep_oracle", clock = clock)
}
