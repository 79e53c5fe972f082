#' learnbn: fast structure learning for Bayesian networks
#'
#' Discrete data go in through [bn_data()], are checked and recoded once, and every
#' score, test and learner works from that object. Counting and scoring run in a
#' C++17 core; graphs come back as [bn_graph] objects.
#'
#' @keywords internal
#' @useDynLib learnbn, .registration = TRUE
#' @importFrom Rcpp sourceCpp
"_PACKAGE"
