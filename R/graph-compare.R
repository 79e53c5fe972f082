# Graph comparison: SHD and compare_graphs(), on node-aligned adjacency matrices.

# Both graph arguments as bn_graphs with the adjacency matrix of g2 reordered to the node
# order of g1 (list(g1, g2, amat1, amat2)); errors if the node sets differ. The
# bidirected edges of either graph are node names, so they need no reordering.
aligned_graphs <- function(g1, g2, arg1, arg2, call) {
  g1 <- as_graph_arg(g1, arg = arg1, call = call)
  g2 <- as_graph_arg(g2, arg = arg2, call = call)
  n1 <- colnames(g1$amat)
  check_same_nodes(n1, colnames(g2$amat), arg1, arg2, call)
  list(g1, g2, g1$amat, g2$amat[n1, n1, drop = FALSE])
}

check_same_nodes <- function(n1, n2, arg1, arg2, call) {
  if (length(n1) == length(n2) && setequal(n1, n2)) return(invisible())
  only1 <- setdiff(n1, n2)
  only2 <- setdiff(n2, n1)
  lbn_abort(c("{.arg {arg1}} and {.arg {arg2}} must have the same nodes.",
              "x" = if (length(only1)) "Only in {.arg {arg1}}: {.val {only1}}.",
              "x" = if (length(only2)) "Only in {.arg {arg2}}: {.val {only2}}."),
            "node_mismatch", call = call)
}

# Status of every node pair i < j of adjacency matrix `amat` (in any node order) of graph
# `g`: 0 none, 1 i -> j, 2 j -> i, 3 undirected, 4 bidirected.
pair_status <- function(amat, g) {
  status <- amat + 2L * t(amat)
  status[bidirected_mask(g, colnames(amat))] <- 4L
  status[upper.tri(status)]
}

# Arrowheads of adjacency matrix `amat` of graph `g` as a logical matrix: TRUE at [i, j]
# when an edge has a head at j, from a directed arc i -> j or a bidirected edge i <-> j.
arrowheads <- function(amat, g) {
  (amat == 1L & t(amat) == 0L) | bidirected_mask(g, colnames(amat))
}

# "dag" for a DAG (or a forest of arcs), "class" for a CPDAG or partially directed graph
# (or a forest with undirected edges): the kinds shd() and compare_graphs() should not mix.
graph_kind <- function(g) {
  amat <- g$amat
  switch(g$type, dag = "dag", cpdag = , pdag = "class",
         forest = if (any(amat == 1L & t(amat) == 1L)) "class" else "dag", "unknown")
}

# Warns when one graph is a DAG and the other a CPDAG or PDAG: comparing them edge by edge
# counts every reversible arc of the DAG as an error.
warn_graph_kinds <- function(g1, g2, arg1, arg2) {
  kinds <- c(graph_kind(g1), graph_kind(g2))
  if (!setequal(kinds, c("dag", "class"))) return(invisible())
  label <- function(g) if (graph_kind(g) == "dag") "a DAG" else paste("a", graph_type_label(g$type))
  lbn_warn(c(paste0("{.arg {arg1}} is {label(g1)} but {.arg {arg2}} is {label(g2)}: they are ",
                    "different kinds of graph."),
             "i" = paste0("Every reversible arc of the DAG (undirected in its CPDAG) counts as a ",
                          "difference, even when the DAG is in the class; compare {.code cpdag()} ",
                          "of both graphs instead.")),
           "graph_kinds")
}

#' Structural Hamming distance
#'
#' Counts the node pairs whose edge status differs between two graphs, taken as given
#' (no conversion to CPDAGs: call [cpdag()] first to compare equivalence classes). The
#' status of a pair is one of: no edge, i -> j, j -> i, undirected, or bidirected (see
#' [bn_graph()]); a missing edge, an extra edge, a reversed arc, a directed arc against
#' an undirected edge, or a bidirected edge against any other edge each add one. The
#' graphs may list their nodes in different orders.
#'
#' Comparing a DAG with a CPDAG or partially directed graph counts every arc of the DAG
#' that its equivalence class leaves undirected as an error, so it warns (class
#' `"learnbn_warning_graph_kinds"`): a graph counts as a DAG when its type is `"dag"`, or
#' `"forest"` with directed arcs only, and as an equivalence class when its type is
#' `"cpdag"` or `"pdag"`, or `"forest"` with undirected edges. Compare like with like:
#' `shd(cpdag(g1), cpdag(g2))`, or two DAGs.
#'
#' Two PAGs (see [as_pag()]) are compared by their marks: see [pag_comparison].
#'
#' @param g1,g2 [bn_graph] objects on the same nodes, or two `bn_pag` objects.
#' @return A single integer. Graphs on different node sets are an error of class
#'   `"learnbn_error_node_mismatch"`.
#' @family graphs
#' @export
#' @examples
#' truth <- bn_graph_from_string("[A][B|A][C|B][D]")
#' learned <- bn_graph_from_string("[B][A|B][C|B][D|C]")
#' shd(learned, truth)
#' shd(cpdag(learned), cpdag(truth))
shd <- function(g1, g2) {
  if (inherits(g1, "bn_pag") || inherits(g2, "bn_pag")) {
    return(shd_pag(g1, g2))  # R/graph-pag-compare.R
  }
  pair <- aligned_graphs(g1, g2, "g1", "g2", rlang::current_env())
  warn_graph_kinds(pair[[1L]], pair[[2L]], "g1", "g2")
  sum(pair_status(pair[[3L]], pair[[1L]]) != pair_status(pair[[4L]], pair[[2L]]))
}

#' Compare a learned graph with the true one
#'
#' Counts agreements and errors of a learned graph against a reference, on the graphs as
#' given (call [cpdag()] on both to compare equivalence classes). With `L` the learned
#' and `T` the true graph:
#' * skeleton: a node pair is an edge when the nodes are adjacent (by an arc, an
#'   undirected or a bidirected edge). `skeleton_tp` counts pairs adjacent in both,
#'   `skeleton_fp` pairs adjacent in `L` only, `skeleton_fn` pairs adjacent in `T` only.
#' * arrowheads: each directed arc i -> j is one arrowhead at j; a bidirected edge
#'   i <-> j has two, at i and at j; undirected edges have none. `arrowhead_tp` counts
#'   arrowheads present in both graphs, `arrowhead_fp` arrowheads of `L` that `T` lacks
#'   (including those of reversed arcs and of arcs where `T` has an undirected edge or
#'   nothing), `arrowhead_fn` arrowheads of `T` that `L` lacks.
#' * `shd`: the structural Hamming distance [shd()].
#'
#' Precision and recall follow as `tp / (tp + fp)` and `tp / (tp + fn)`. The graphs may
#' list their nodes in different orders. A DAG compared with a CPDAG or partially
#' directed graph gives the warning described in [shd()]: compare `cpdag()` of both.
#'
#' Two PAGs (see [as_pag()]) are compared by their marks: see [pag_comparison].
#'
#' @param learned,truth [bn_graph] objects on the same nodes, or two `bn_pag` objects.
#' @return A one-row data.frame with integer columns `skeleton_tp`, `skeleton_fp`,
#'   `skeleton_fn`, `arrowhead_tp`, `arrowhead_fp`, `arrowhead_fn` and `shd` (rows of
#'   several comparisons bind with [rbind()]).
#' @family graphs
#' @export
#' @examples
#' truth <- bn_graph_from_string("[A][B|A][C|A:B][D|C]")
#' learned <- bn_graph_from_string("[A][B|A][C|B][D|C]")
#' compare_graphs(learned, truth)
#' compare_graphs(cpdag(learned), cpdag(truth))
compare_graphs <- function(learned, truth) {
  if (inherits(learned, "bn_pag") || inherits(truth, "bn_pag")) {
    return(compare_pags(learned, truth))  # R/graph-pag-compare.R
  }
  pair <- aligned_graphs(learned, truth, "learned", "truth", rlang::current_env())
  warn_graph_kinds(pair[[1L]], pair[[2L]], "learned", "truth")
  a1 <- pair[[3L]]
  a2 <- pair[[4L]]
  status1 <- pair_status(a1, pair[[1L]])
  status2 <- pair_status(a2, pair[[2L]])
  adj1 <- status1 > 0L
  adj2 <- status2 > 0L
  arc1 <- arrowheads(a1, pair[[1L]])
  arc2 <- arrowheads(a2, pair[[2L]])
  data.frame(skeleton_tp = sum(adj1 & adj2), skeleton_fp = sum(adj1 & !adj2),
             skeleton_fn = sum(!adj1 & adj2),
             arrowhead_tp = sum(arc1 & arc2), arrowhead_fp = sum(arc1 & !arc2),
             arrowhead_fn = sum(!arc1 & arc2),
             shd = sum(status1 != status2))
}
