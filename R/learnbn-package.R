#' learnbn: fast structure learning for Bayesian networks
#'
#' Data go in through [bn_data()] (discrete, continuous, or discrete with missing
#' values), are checked and recoded once, and every score, test and learner works from
#' that object. Counting, scoring, tests and searches run in a C++17 core; graphs come
#' back as [bn_graph] objects.
#'
#' @section Options:
#' * `learnbn.max_memory` (default `1e9` bytes): the score-based searches and [pc()]
#'   keep tables with an entry per ordered pair of variables (about 32 bytes per pair).
#'   Before building them, a call whose tables would exceed this many bytes fails with
#'   an error of class `learnbn_error_too_large` that states the memory needed; select fewer
#'   variables or raise the option. The same limit bounds the memory used to complete
#'   incomplete data in [fit_parameters()] (EM and Gibbs sampling), [structural_em()]
#'   and [impute()], and, checked before anything is drawn or learned, the data of
#'   [simulate_data()], the adjacency matrix of [random_gaussian_fit()], the graphs kept
#'   by [bootstrap_arcs()] and the traces of the MCMC samplers ([structure_mcmc()] and
#'   the others); each fails at once with an error of class `learnbn_error_too_large`
#'   stating the size and the bytes it would need. It also bounds the operators one
#'   node may have in the phases of [ges()] and [gies()] (about 64 bytes each; more
#'   than 15.6 million at the default), counted before they are built: past it [ges()]
#'   and [gies()] fail with an error of class `learnbn_error_too_large` naming the node,
#'   and [boss()], whose GES phases allow 1/128 of it (122,070 at the default), leaves
#'   out BES (and with it its `ges_start` run) or the `ges_start` run alone with a
#'   warning of class `learnbn_warning_too_large`.
#'   [exact_search()] has its own `max_memory` argument.
#' * `learnbn.threads` (default `1`): the number of threads of every learner and of
#'   [network_score()] whose `threads` argument is left at `NULL`. The results do not
#'   depend on it. A value that is not a whole number in \[1, 1024\] fails with an error
#'   of class `learnbn_error_type` or `learnbn_error_value` naming the option.
#'
#' @section Progress:
#' Long runs show a cli progress bar in interactive sessions once they have lasted
#' `getOption("cli.progress_show_after")` seconds (2 by default): [bootstrap_arcs()],
#' [structure_mcmc()], [order_mcmc()] and [partition_mcmc()] (scoring the families when
#' they need them, then sampling), [exact_search()] and [exhaustive_search()] (scoring the families,
#' then the search), [ci_test()] with a permutation test (its permutations), [pc()] (the edges of
#' each level), [structural_em()] (its iterations) and [hill_climb()] with `restarts`.
#' Outside interactive sessions (Rscript, R CMD check, knitting) they show none;
#' `options(rlang_interactive = TRUE)` asks for them there, and
#' `options(cli.progress_show_after = Inf)` turns them off. With `verbose = TRUE`,
#' [pc()] prints a line per level, [hill_climb()] one per restart, [structural_em()] one
#' per iteration and the MCMC samplers one per tenth of the run, each as it ends.
#'
#' @keywords internal
#' @useDynLib learnbn, .registration = TRUE
#' @importFrom Rcpp sourceCpp
#' @importFrom rlang %||%
#' @importFrom stats AIC BIC logLik predict
"_PACKAGE"
