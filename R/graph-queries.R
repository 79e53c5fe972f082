# Graph queries: parents, children, Markov blankets, ancestors, descendants and
# d-separation of a DAG.

# The DAG adjacency matrix of a graph, a fit or a learner result for the queries below;
# undirected and bidirected edges have no parent/child reading, so they are errors.
query_amat <- function(g, fn, arg = rlang::caller_arg(g), call = rlang::caller_env()) {
  if (inherits(g, "bn_fit")) g <- g$graph
  g <- as_graph_arg(g, arg = arg, call = call)
  check_no_bidirected(g, arg = arg, call = call)
  check_no_undirected(g$amat, fn = fn, call = call)
  g$amat
}

# Stops on any name in `node` that is not a node of the graph (with a did-you-mean).
check_query_nodes <- function(node, amat, arg = rlang::caller_arg(node),
                              call = rlang::caller_env()) {
  if (!is.character(node) || anyNA(node)) {
    lbn_abort(paste0("{.arg {arg}} must be a character vector of node names, not ",
                     "{.obj_type_friendly {node}}."),
              "type", call = call)
  }
  for (x in node) {
    if (!x %in% colnames(amat)) abort_unknown_name(x, colnames(amat), "unknown_node", arg = arg,
                                                   call = call)
  }
  invisible(node)
}

# Nodes reachable from `from` following amat (forward) or t(amat) (backward), without
# `from` itself unless a cycle returns to it (which a DAG has not).
reachable <- function(amat, from) {
  seen <- character()
  frontier <- from
  while (length(frontier)) {
    nxt <- colnames(amat)[colSums(amat[frontier, , drop = FALSE]) > 0]
    frontier <- setdiff(nxt, seen)
    seen <- c(seen, frontier)
  }
  colnames(amat)[colnames(amat) %in% seen]
}

#' Parents, children, Markov blanket, ancestors and descendants
#'
#' Neighbourhood queries on a DAG. Each function takes a graph ([bn_graph], including
#' the result of any learner), a fitted network ([fit_parameters()]) or an adjacency
#' matrix, and one or more node names; for several nodes the result is the union, without
#' the query nodes themselves.
#'
#' The Markov blanket of a node is its parents, its children and the other parents of its
#' children: given its blanket, a node is independent of every other node.
#'
#' @param g A DAG: a [bn_graph], a fitted network or an adjacency matrix. A graph with
#'   undirected edges (a CPDAG) is an error of class `"learnbn_error_undirected"`: pick a
#'   member of its class first with [pdag_to_dag()].
#' @param node Names of nodes of `g`. An unknown name is an error of class
#'   `"learnbn_error_unknown_node"` that suggests the closest names.
#' @return A character vector of node names in the node order of `g` (empty when there
#'   are none).
#' @family graph queries
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][B][C|A:B][D|C][E|D]")
#' parents(g, "C")
#' children(g, "C")
#' markov_blanket(g, "A")
#' markov_blanket(bn_data(college_plans, counts = "count"), "CP", alpha = 0.01)
#' ancestors(g, "E")
#' descendants(g, c("A", "B"))
parents <- function(g, node) {
  amat <- query_amat(g, "parents")
  check_query_nodes(node, amat)
  setdiff(colnames(amat)[rowSums(amat[, node, drop = FALSE]) > 0], node)
}

#' @rdname parents
#' @export
children <- function(g, node) {
  amat <- query_amat(g, "children")
  check_query_nodes(node, amat)
  setdiff(colnames(amat)[colSums(amat[node, , drop = FALSE]) > 0], node)
}

#' @rdname parents
#' @param method For `markov_blanket()` on data: the learner, `"iamb"`, `"fast_iamb"`,
#'   `"inter_iamb"` or `"gs"` (see [iamb()] and [gs()]).
#' @param ... For `markov_blanket()` on data: further arguments of the learner (`test`,
#'   `alpha`, `max_cond`, `whitelist`, `blacklist`, `B`, `threads`, `verbose`).
#' @details `markov_blanket()` also learns a blanket from data: when `g` is a data.frame
#'   or a [bn_data()] object, `markov_blanket(data, target)` is the Markov blanket of the
#'   node `target` learned by conditional independence tests, with [iamb()] (or the
#'   `method` given), for feature selection.
#' @export
markov_blanket <- function(g, node, method = c("iamb", "fast_iamb", "inter_iamb", "gs"), ...) {
  if (is.data.frame(g) || inherits(g, "bn_data")) {
    method <- check_choice(method, c("iamb", "fast_iamb", "inter_iamb", "gs"))
    if (method == "gs") return(gs(g, target = node, ...))
    return(iamb(g, target = node, method = method, ...))
  }
  amat <- query_amat(g, "markov_blanket")
  check_query_nodes(node, amat)
  ch <- colSums(amat[node, , drop = FALSE]) > 0
  pa <- rowSums(amat[, node, drop = FALSE]) > 0
  spouses <- rowSums(amat[, ch, drop = FALSE]) > 0
  setdiff(colnames(amat)[ch | pa | spouses], node)
}

#' @rdname parents
#' @export
ancestors <- function(g, node) {
  amat <- query_amat(g, "ancestors")
  check_query_nodes(node, amat)
  setdiff(reachable(t(amat), node), node)
}

#' @rdname parents
#' @export
descendants <- function(g, node) {
  amat <- query_amat(g, "descendants")
  check_query_nodes(node, amat)
  setdiff(reachable(amat, node), node)
}

#' D-separation in a DAG
#'
#' Tests whether the node sets `x` and `y` are d-separated given `z` in a DAG, by the
#' moralised ancestral graph (Lauritzen et al. 1990): keep `x`, `y`, `z` and their
#' ancestors, join the parents of every kept node, drop directions, delete `z`; `x` and
#' `y` are d-separated exactly when no path joins them in what is left. In a faithful
#' distribution d-separation is conditional independence.
#'
#' @inheritParams parents
#' @param x,y Names of nodes of `g` (one or several each).
#' @param z Names of the conditioning nodes; `character()` (the default) for none.
#' @return `TRUE` when every node of `x` is d-separated from every node of `y` given `z`,
#'   `FALSE` otherwise. `x`, `y` and `z` must be disjoint (an error of class
#'   `"learnbn_error_overlap"` otherwise).
#' @family graph queries
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][B][C|A:B][D|C]")
#' dsep(g, "A", "B")        # TRUE: C is a collider
#' dsep(g, "A", "B", "D")   # FALSE: conditioning on a descendant of the collider
#' dsep(g, "A", "D", "C")   # TRUE: C blocks the chain
dsep <- function(g, x, y, z = character()) {
  amat <- query_amat(g, "dsep")
  check_query_nodes(x, amat)
  check_query_nodes(y, amat)
  check_query_nodes(z, amat)
  sets <- list(x = x, y = y, z = z)
  for (pair in list(c("x", "y"), c("x", "z"), c("y", "z"))) {
    common <- intersect(sets[[pair[1]]], sets[[pair[2]]])
    if (length(common)) {
      lbn_abort(paste0("{.arg {pair[1]}} and {.arg {pair[2]}} share {.val {common}}; they must be ",
                       "disjoint."),
                "overlap")
    }
  }
  keep <- union(c(x, y, z), reachable(t(amat), c(x, y, z)))
  keep <- colnames(amat)[colnames(amat) %in% keep]
  moral <- amat[keep, keep, drop = FALSE]
  for (v in keep) {
    pa <- keep[amat[keep, v] == 1L]
    moral[pa, pa] <- 1L
  }
  moral <- (moral + t(moral)) > 0
  diag(moral) <- FALSE
  open <- setdiff(keep, z)
  moral <- moral[open, open, drop = FALSE] * 1L
  !any(reachable(moral, x) %in% y)
}

#' Is a graph a DAG?
#'
#' `TRUE` when the graph has no undirected or bidirected edge and no directed cycle.
#' @param g A [bn_graph].
#' @return `TRUE` or `FALSE`.
#' @family graphs
#' @export
#' @examples
#' is_dag(bn_graph_from_string("[A][B|A][C|B]"))
#' is_dag(cpdag(bn_graph_from_string("[A][B|A][C|B]")))
is_dag <- function(g) {
  g <- as_graph_arg(g)
  amat <- g$amat
  if (any(amat == 1L & t(amat) == 1L)) return(FALSE)
  is.null(topo_sort_amat(amat)$cycle)
}

#' Topological order of a DAG
#'
#' Orders the nodes so that every arc points from an earlier to a later node (Kahn's
#' algorithm by layers; ties are broken by node order, so the result is the same on
#' every run).
#'
#' @param g A DAG ([bn_graph]).
#' @return A character vector of node names. A graph with a directed cycle is an error
#'   of class `"learnbn_error_cycle"` naming the nodes on one cycle; a graph with
#'   undirected edges is an error of class `"learnbn_error_undirected"`, and one with
#'   bidirected edges of class `"learnbn_error_bidirected"`.
#' @family graphs
#' @export
#' @examples
#' topological_order(bn_graph_from_string("[C|B][B|A][A]"))
topological_order <- function(g) {
  g <- as_graph_arg(g)
  check_no_bidirected(g)
  amat <- g$amat
  check_no_undirected(amat, fn = "topological_order")
  sorted <- topo_sort_amat(amat)
  if (!is.null(sorted$cycle)) abort_cycle(sorted$cycle)
  colnames(amat)[sorted$order]
}
