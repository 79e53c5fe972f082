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
#'   and [impute()]. [exact_search()] has its own `max_memory` argument.
#'
#' @keywords internal
#' @useDynLib learnbn, .registration = TRUE
#' @importFrom Rcpp sourceCpp
#' @importFrom rlang %||%
#' @importFrom stats AIC BIC logLik predict
"_PACKAGE"
