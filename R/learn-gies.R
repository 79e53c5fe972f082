#' Greedy Interventional Equivalence Search
#'
#' GIES (Hauser and Bühlmann 2012, pcalg's `gies()`): [ges()] over interventional
#' Markov equivalence classes, for data where some variables were set by intervention
#' in some rows ([bn_data()]'s `interventions`). Two DAGs are interventionally
#' equivalent when they are Markov equivalent and orient alike every edge with exactly
#' one end in some intervention target (the set of variables intervened on together in
#' a row); a class is represented by its interventional essential graph, whose arcs are
#' those every DAG of the class has. Interventions thus orient edges that observational
#' data leave undirected.
#'
#' The forward phase applies the best `Insert(X, Y, T)` operator while one raises the
#' score, the backward phase the best `Delete(X, Y, H)`, with the validity conditions and
#' score changes of [ges()] on the essential graph (Hauser and Bühlmann, Section 5);
#' after each operator the graph is completed to the essential graph of its class. The
#' turning phase applies the best `Turn(U, V, C)` (Hauser and Bühlmann, Section 5.3): it
#' makes the edge between `U` and `V` the arc `U -> V` (reversing `V -> U` or orienting
#' `U - V`) and gives `V` the new parents `C`, a clique of its neighbours. For an arc
#' `V -> U`, `C` must hold the neighbours of `V` that are parents of `U`, and every path
#' from `V` to `U` along arcs and undirected edges, but the arc itself, must meet `C` or
#' a neighbour of `U`. For an undirected edge, with `N` the common neighbours of `U` and
#' `V`, `C` must have nodes outside `N`, and `C` and `N` in common must separate those
#' from the rest of `N` among the neighbours of `V`. Only `U`'s and `V`'s families change,
#' which gives the score change. By default the three phases are repeated until none
#' takes a step, as in pcalg's `gies()`. The score leaves each variable's intervened rows
#' out of its family (see [bn_data()]): with `score = "bic"` on continuous data it is
#' pcalg's `GaussL0penIntScore` (up to a constant per node), with `"bdeu"` the mutilated
#' BDeu of Cooper and Yoo. Without interventions the class is a Markov equivalence class
#' and the search is pcalg's `ges()` (see [ges()]'s `phases`).
#'
#' @inheritParams ges
#' @param data A [bn_data()] object with `interventions`, or a data.frame (then
#'   observational).
#' @return A [bn_graph]: the interventional essential graph of the class found (type
#'   `"pdag"`, or `"cpdag"` when the interventions orient nothing more than the CPDAG),
#'   with `info` as [ges()]'s plus `targets` (the intervention targets, a list of node
#'   names; the observational rows' empty target is left out) and `turning_steps` when
#'   that phase is run.
#' @references Hauser, A. and Bühlmann, P. (2012). Characterization and greedy learning
#'   of interventional Markov equivalence classes of directed acyclic graphs. *Journal of
#'   Machine Learning Research*, 13, 2409-2464.
#' @family score-based learners
#' @export
#' @examples
#' set.seed(1)
#' n <- 400
#' a <- rnorm(n)
#' b <- a + rnorm(n)
#' b[301:400] <- rnorm(100)  # b set by intervention in the last 100 rows
#' x <- data.frame(a = a, b = b, c = b + rnorm(n))
#' gies(bn_data(x, interventions = list(b = 301:400)), score = "bic")
#' # without the interventions, the directions are not identified
#' ges(x, score = "bic")
gies <- function(data, score = NULL, ..., start = NULL, whitelist = NULL, blacklist = NULL,
                 max_parents = Inf, no_parents = NULL, no_children = NULL, restrict = NULL,
                 max_subset = 8, phases = c("forward", "backward", "turning"),
                 iterate = length(phases) > 1, threads = NULL, verbose = FALSE) {
  phase_options <- ges_phases(phases, iterate)
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict,
                           start = class_start(start), threads = threads, verbose = verbose)
  check_score_equivalent(search$score, "gies")
  targets <- intervention_targets(search$data)
  result <- call_search(search, "ges", c(list(max_subset = as_count(max_subset),
                                              targets = targets), phase_options))
  info <- search_info(result, search, "gies", ges_steps(result$counts))
  info$targets <- lapply(seq_len(nrow(targets)), function(t) colnames(targets)[targets[t, ]])
  g <- cpdag_result(result, search, info)
  if (g$type == "cpdag" && !identical(as.matrix(g), as.matrix(cpdag(g$info$dag)))) {
    g$type <- "pdag"
  }
  g
}

# The intervention targets of the data (the distinct non-empty sets of variables set
# together in a row): a logical matrix, one row per target, one column per variable.
intervention_targets <- function(data) {
  nodes <- names(data$levels)
  mask <- matrix(FALSE, data$n_rows, length(nodes), dimnames = list(NULL, nodes))
  for (node in names(data$interventions)) mask[data$interventions[[node]], node] <- TRUE
  mask <- unique(mask[rowSums(mask) > 0, , drop = FALSE])
  mask[do.call(order, lapply(seq_len(ncol(mask)), function(j) -mask[, j])), , drop = FALSE]
}
