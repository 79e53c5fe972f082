# plot() and autoplot() of PAGs: the drawing of plot.bn_graph() (R/plot-graph.R), with
# each edge end drawn by its mark.

# A stand-in bn_graph that plot.bn_graph() lays out and draws: --> and o-> edges as arcs
# (so the layered layout puts arrowheads below), every other edge two-way, and arcs()
# giving each edge the type "pag:<mark at from>:<mark at to>" that edge_shapes() draws.
pag_drawing_graph <- function(x, nodes = NULL, call = rlang::caller_env()) {
  amat <- x$amat
  if (!is.null(nodes)) {
    check_query_nodes(nodes, amat, arg = "nodes", call = call)
    keep <- colnames(amat) %in% nodes
    amat <- amat[keep, keep, drop = FALSE]
  }
  adjacency <- (amat != 0L) * 1L
  # an arrowhead at j's end only (i --> j, i o-> j) is laid out as the arc i -> j
  head_only <- amat == pag_marks[["arrowhead"]] & t(amat) != pag_marks[["arrowhead"]]
  adjacency[t(head_only)] <- 0L
  g <- new_bn_graph(adjacency, "pdag", info = x$info)
  g$pag <- amat
  class(g) <- c("bn_pag_drawing", class(g))
  g
}

#' @export
arcs.bn_pag_drawing <- function(g, ...) {
  edges <- arcs.bn_graph(g)
  if (!nrow(edges)) return(edges)  # paste() below would give one "pag::" for no edge
  amat <- g$pag
  mark_names <- names(pag_marks)
  edges$type <- paste("pag", mark_names[amat[cbind(edges$to, edges$from)] + 1L],
                      mark_names[amat[cbind(edges$from, edges$to)] + 1L], sep = ":")
  edges
}

#' Plot a PAG
#'
#' Draws a PAG (a `bn_pag`, see [as_pag()]) as [plot.bn_graph()] draws a graph, each edge
#' end by its mark: an arrowhead as an arrowhead, a circle as a small open circle, a tail
#' as the plain end of the line. Edges `A --> B` and `A o-> B` are laid out as arcs, A above
#' B; the other edges do not decide the layers. `autoplot()` gives the same drawing
#' as a ggplot (needs ggplot2).
#'
#' @param x,object A `bn_pag`.
#' @inheritParams plot.bn_graph
#' @inheritParams autoplot.bn_graph
#' @param removed `TRUE` to draw also the edges the learner removed, dotted and labelled
#'   with their separating sets (for a PAG whose `info` has them).
#' @return `plot()`: `x`, invisibly. `autoplot()`: a ggplot object.
#' @family graphs
#' @export
#' @examples
#' nodes <- c("A", "B", "C", "D")
#' m <- matrix(0, 4, 4, dimnames = list(nodes, nodes))
#' m["A", "C"] <- 2; m["C", "A"] <- 1   # A o-> C
#' m["B", "C"] <- 2; m["C", "B"] <- 2   # B <-> C
#' m["C", "D"] <- 2; m["D", "C"] <- 3   # C --> D
#' m["A", "B"] <- 1; m["B", "A"] <- 1   # A o-o B
#' plot(as_pag(m), main = "A PAG")
plot.bn_pag <- function(x, layout = NULL, strength = NULL, highlight = NULL, nodes = NULL,
                        removed = FALSE, main = NULL, cex = NULL, ...) {
  g <- pag_drawing_graph(x, nodes, call = rlang::current_env())
  plot.bn_graph(g, layout = layout, strength = strength, highlight = highlight,
                removed = removed, main = main, cex = cex, ...)
  invisible(x)
}

#' @rdname plot.bn_pag
#' @exportS3Method ggplot2::autoplot
autoplot.bn_pag <- function(object, strength = NULL, highlight = NULL, nodes = NULL,
                            removed = FALSE, main = NULL, cex = NULL, width = NULL,
                            height = NULL, ...) {
  g <- pag_drawing_graph(object, nodes, call = rlang::current_env())
  autoplot.bn_graph(g, strength = strength, highlight = highlight, removed = removed,
                    main = main, cex = cex, width = width, height = height, ...)
}
