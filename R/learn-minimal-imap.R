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
#' @inheritParams pc
#' @param order Character vector naming every variable of `data` once: the ordering.
#' @param max_parents Largest parent set tried. When no subset up to this size passes,
#'   the subset of that size with the largest p-value is kept (and listed in
#'   `info$capped`).
#' @param threads Number of threads for the tests of one subset size.
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
                         B = 1000L, threads = 1L, verbose = FALSE) {
  inputs <- prepare_tests(data, test, alpha, B, threads, verbose = verbose,
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

  parents <- stats::setNames(vector("list", length(order)), order)
  logs <- list()
  capped <- character()
  for (i in seq_along(order)) {
    step <- minimal_parents(data, spec, order[i], order[seq_len(i - 1L)], alpha,
                            max_parents, threads)
    parents[[order[i]]] <- step$parents
    logs[[i]] <- step$tests
    if (step$capped) capped <- c(capped, order[i])
  }
  tests <- do.call(rbind, logs)
  amat <- graph_from_parents(parents, nodes = nodes)$amat
  info <- list(algorithm = "minimal_imap", order = order, test = spec$name, alpha = alpha,
               tests = tests, n_tests = nrow(tests), capped = capped, time = inputs$clock())
  if (verbose) {
    cli::cli_inform("minimal_imap: {info$n_tests} test{?s}, {sum(amat)} arc{?s}, {format(info$time, digits = 3)} s.")
  }
  new_bn_graph(amat, "dag", info = info)
}

# The parents of `node` among `predecessors`: the smallest subset U leaving it
# independent of the rest. Returns list(parents, tests, capped).
minimal_parents <- function(data, spec, node, predecessors, alpha, max_parents, threads) {
  empty_log <- data.frame(x = character(), y = character(), z = character(),
                          statistic = numeric(), df = numeric(), p_value = numeric(),
                          n = numeric(), independent = logical(), stringsAsFactors = FALSE)
  logs <- list(empty_log)
  top <- min(length(predecessors), max_parents)
  for (size in seq(0, top)) {
    candidates <- utils::combn(length(predecessors), size, simplify = FALSE)
    candidates <- lapply(candidates, function(k) predecessors[k])
    if (size == length(predecessors)) {
      return(list(parents = predecessors, tests = do.call(rbind, logs), capped = FALSE))
    }
    rest <- lapply(candidates, function(u) setdiff(predecessors, u))
    res <- run_ci_tests(data, spec, rep(list(node), length(candidates)), rest, candidates,
                        threads)
    logs[[length(logs) + 1L]] <- data.frame(
      x = node, y = vapply(rest, paste, "", collapse = ";"),
      z = vapply(candidates, paste, "", collapse = ";"), res,
      independent = res$p_value > alpha, stringsAsFactors = FALSE)
    best <- which.max(res$p_value)
    if (res$p_value[best] > alpha || size == top) {
      return(list(parents = candidates[[best]], tests = do.call(rbind, logs),
                  capped = res$p_value[best] <= alpha))
    }
  }
}
