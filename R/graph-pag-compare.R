# shd() and compare_graphs() between two PAGs (bn_pag, R/graph-pag.R): by their marks.

#' Comparing PAGs
#'
#' [shd()] and [compare_graphs()] compare two PAGs (`bn_pag` objects, see [as_pag()]) on
#' the same nodes, in any node order, by the marks at both ends of their edges.
#'
#' * `shd(g1, g2)` is the number of node pairs whose edge differs: present in one graph
#'   only, or present in both with a different mark at either end. So `A o-> B` against
#'   `A --> B` counts one, as does `A o-> B` against no edge.
#' * `compare_graphs(learned, truth)` counts, as for graphs: `skeleton_tp`, `skeleton_fp`,
#'   `skeleton_fn` for the node pairs adjacent in both, in `learned` only, in `truth` only;
#'   then for each edge end (two per edge) with an arrowhead, `arrowhead_tp` (an
#'   arrowhead at that end in both graphs), `arrowhead_fp` (in `learned` only, including
#'   ends of edges `truth` lacks) and `arrowhead_fn` (in `truth` only); the same for tails
#'   (`tail_tp`, `tail_fp`, `tail_fn`); precision `tp / (tp + fp)` and recall
#'   `tp / (tp + fn)` of arrowheads and of tails (`NA` when there is nothing to divide by);
#'   and `shd`. Circles are marks neither way, so a circle where the truth has an
#'   arrowhead is a false negative, not a false positive.
#'
#' A PAG compared with a DAG or a CPDAG is an error of class `"learnbn_error_pag"`:
#' convert the graph with [as_pag()] (a DAG is its own MAG) or, for the PAG of a DAG with
#' latent nodes, with `dag_to_pag()`. PAGs on different nodes are an error of class
#' `"learnbn_error_node_mismatch"`.
#'
#' @name pag_comparison
#' @family graphs
#' @examples
#' nodes <- c("A", "B", "C")
#' truth <- matrix(0, 3, 3, dimnames = list(nodes, nodes))
#' truth["A", "B"] <- 2; truth["B", "A"] <- 1   # A o-> B
#' truth["C", "B"] <- 2; truth["B", "C"] <- 1   # C o-> B
#' learned <- truth
#' learned["B", "A"] <- 3                        # A --> B
#' learned["A", "C"] <- 1; learned["C", "A"] <- 1 # A o-o C
#' shd(as_pag(learned), as_pag(truth))
#' compare_graphs(as_pag(learned), as_pag(truth))
NULL

# Both arguments as PAGs' matrices in the node order of the first, or a classed error.
aligned_pags <- function(g1, g2, arg1, arg2, call) {
  for (k in 1:2) {
    g <- list(g1, g2)[[k]]
    if (!inherits(g, "bn_pag")) abort_pag_against(g, c(arg1, arg2)[k], c(arg2, arg1)[k], call)
  }
  n1 <- colnames(g1$amat)
  check_same_nodes(n1, colnames(g2$amat), arg1, arg2, call)
  list(g1$amat, g2$amat[n1, n1, drop = FALSE])
}

abort_pag_against <- function(g, arg, pag_arg, call) {
  lbn_abort(c("{.arg {pag_arg}} is a PAG but {.arg {arg}} is {.obj_type_friendly {g}}.",
              "i" = paste0("Compare a PAG with a PAG: convert a DAG or a CPDAG with ",
                           "{.code as_pag({arg})} (a DAG is its own MAG), or a DAG with latent ",
                           "nodes with {.fn dag_to_pag}.")),
            "pag", call = call)
}

# The marks of every pair i < j of a PAG matrix, as one code per pair (0 for no edge).
pag_pair_marks <- function(amat) {
  (amat * 4L + t(amat))[upper.tri(amat)]
}

shd_pag <- function(g1, g2, call = rlang::caller_env()) {
  pair <- aligned_pags(g1, g2, "g1", "g2", call)
  sum(pag_pair_marks(pair[[1L]]) != pag_pair_marks(pair[[2L]]))
}

compare_pags <- function(learned, truth, call = rlang::caller_env()) {
  pair <- aligned_pags(learned, truth, "learned", "truth", call)
  a1 <- pair[[1L]]
  a2 <- pair[[2L]]
  adj1 <- (a1 != 0L)[upper.tri(a1)]
  adj2 <- (a2 != 0L)[upper.tri(a2)]
  ends <- function(mark) {
    m1 <- a1 == pag_marks[[mark]]
    m2 <- a2 == pag_marks[[mark]]
    c(tp = sum(m1 & m2), fp = sum(m1 & !m2), fn = sum(!m1 & m2))
  }
  head <- ends("arrowhead")
  tail <- ends("tail")
  ratio <- function(tp, other) if (tp + other > 0) tp / (tp + other) else NA_real_
  data.frame(skeleton_tp = sum(adj1 & adj2), skeleton_fp = sum(adj1 & !adj2),
             skeleton_fn = sum(!adj1 & adj2),
             arrowhead_tp = head[["tp"]], arrowhead_fp = head[["fp"]], arrowhead_fn = head[["fn"]],
             tail_tp = tail[["tp"]], tail_fp = tail[["fp"]], tail_fn = tail[["fn"]],
             arrowhead_precision = ratio(head[["tp"]], head[["fp"]]),
             arrowhead_recall = ratio(head[["tp"]], head[["fn"]]),
             tail_precision = ratio(tail[["tp"]], tail[["fp"]]),
             tail_recall = ratio(tail[["tp"]], tail[["fn"]]),
             shd = sum(pag_pair_marks(a1) != pag_pair_marks(a2)))
}
