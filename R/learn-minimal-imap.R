# Minimal I-maps from a known variable ordering (Spirtes et al. 2000; Koller and
# Friedman 2009, ch. 3 and 18).

#' Learn a minimal I-map from a variable ordering
#'
#' The construction of a minimal I-map for a known topological ordering X_1, ..., X_n:
#' for each X_i, the parents are the smallest subset U of its predecessors
#' {X_1, ..., X_(i-1)} such that X_i is independent of the other predecessors given U,
#' as judged by a conditional independence test (the other predecessors are tested as
#' one combined variable). Subsets are tried in increasing size; among the subsets of
#' the first size that passes (p-value above `alpha`), the one with the largest p-value
#' is kept, so the result does not depend on how ties would be broken by enumeration
#' order. The full set of predecessors always passes, so the search ends. The result is
#' a DAG for which `order` is a topological ordering.
#'
#' Mixed data (see [bn_data()]) are refused (class `learnbn_error_data_type`): the other
#' predecessors are tested as one combined variable, and a set mixing discrete and
#' continuous variables is not one the `"mi_cg"` test takes. Use [pc()] or [hybrid()].
#'
#' @inheritParams pc
#' @param order Character vector naming every variable of `data` once: the ordering.
#' @param max_parents Largest parent set tried. When no subset up to this size passes,
#'   the subset of that size with the largest p-value is kept (and listed in
#'   `info$capped`).
#' @param threads Number of threads for the tests of one subset size.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report the number of tests, the arcs found and the time.
#' @return A [bn_graph] of type `"dag"`; `info` holds `order`, `tests` (x, y, z
#'   `;`-separated, statistic, df, p_value, n (cases used; fewer than all when the
#'   data have missing values, as each test uses its available cases, see [ci_test()]),
#'   independent), `n_tests`, `capped`, the settings used, and `algorithm`
#'   (`"minimal_imap"`, first) and `time` (seconds, last).
#' @references Koller, D. and Friedman, N. (2009). *Probabilistic Graphical Models: Principles
#'   and Techniques*. MIT Press.
#'
#'   Spirtes, P., Glymour, C. and Scheines, R. (2000). *Causation, Prediction, and
#'   Search*, 2nd ed. MIT Press.
#' @family constraint-based learners
#' @export
#' @examples
#' cp <- bn_data(college_plans, counts = "count")
#' minimal_imap(cp, order = c("SEX", "SES", "IQ", "PE", "CP"), alpha = 0.04)
#' minimal_imap(cp, order = c("CP", "PE", "IQ", "SES", "SEX"), alpha = 0.04)
minimal_imap <- function(data, order, test = NULL, alpha = 0.05, max_parents = Inf,
                         B = 1000L, threads = NULL, verbose = FALSE) {
  inputs <- prepare_tests(data, test, alpha, if (!missing(B)) B, threads, verbose = verbose,
                          gaussian_default = "mi_g")
  data <- inputs$data
  nodes <- inputs$nodes
  spec <- inputs$spec
  threads <- inputs$threads
  if (missing(order)) {
    lbn_abort("{.arg order} is missing: give every node name once, in the order to use.", "order")
  }
  check_nodes(order, nodes)
  missing <- setdiff(nodes, order)
  if (length(missing)) {
    lbn_abort("{.arg order} must name every variable once; it misses {.val {missing}}.",
              c("value", "order"))
  }
  check_number(max_parents, min = 0, whole = TRUE)

  if (spec$statistic == "fisher_z" && length(order) > 2L) abort_fisher_z_sets()

  res <- cpp_minimal_imap(data, match(order, nodes) - 1L, spec,
                          list(alpha = alpha, max_parents = max_parents, threads = threads))
  names_of <- function(sets) vapply(sets, function(s) paste(nodes[s + 1L], collapse = ";"), "")
  tests <- data.frame(x = nodes[res$tests$x + 1L], y = names_of(res$tests$y),
                      z = names_of(res$tests$z), statistic = res$tests$statistic,
                      df = res$tests$df, p_value = res$tests$p_value, n = res$tests$n,
                      independent = res$tests$p_value > alpha, stringsAsFactors = FALSE)
  parents <- stats::setNames(lapply(res$parents, function(p) nodes[p + 1L]), nodes)
  amat <- graph_from_parents(parents, nodes = nodes)$amat
  capped <- nodes[res$capped + 1L]
  info <- list(algorithm = "minimal_imap", order = order, test = spec$name, alpha = alpha,
               tests = tests, n_tests = nrow(tests), capped = capped, time = inputs$clock())
  warn_untestable(tests, spec, data$n_cases)
  if (verbose) {
    cli::cli_inform(paste0("minimal_imap: {info$n_tests} test{?s}, {sum(amat)} arc{?s}, ",
                           "{format(info$time, digits = 3)} s."))
  }
  new_bn_graph(amat, "dag", info = info)
}
