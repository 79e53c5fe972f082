# Plot method for bn_graph objects (igraph graphics).

#' Plot a graph
#'
#' Draws a [bn_graph] with igraph: directed arcs with arrows, undirected edges without.
#' Graphs with arcs are laid out in layers (Sugiyama), parents above their children;
#' graphs with only undirected edges use [igraph::layout_nicely()]. Works on any
#' graphics device, including a non-interactive [grDevices::pdf()] device.
#'
#' @param x A [bn_graph].
#' @param layout `NULL` for the default layout, or a two-column matrix of coordinates
#'   (one row per node, in node order) or an igraph layout function.
#' @param ... Further arguments for [igraph::plot.igraph()], e.g. `vertex.size`,
#'   `vertex.color`, `main`.
#' @return `x`, invisibly.
#' @family graphs
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][C][B|A:C][D|B]")
#' plot(g)
#' plot(cpdag(g), main = "CPDAG")
plot.bn_graph <- function(x, layout = NULL, ...) {
  edges <- arcs(x)
  nodes <- colnames(x$amat)
  ig <- igraph::make_empty_graph(n = length(nodes), directed = TRUE)
  ig <- igraph::set_vertex_attr(ig, "name", value = nodes)
  if (nrow(edges)) {
    ends <- rbind(match(edges$from, nodes), match(edges$to, nodes))
    ig <- igraph::add_edges(ig, as.vector(ends))
  }
  if (is.null(layout)) layout <- default_graph_layout(ig, edges)
  if (is.function(layout)) layout <- layout(ig)
  args <- list(...)
  defaults <- list(edge.arrow.mode = ifelse(edges$directed, 2, 0), edge.arrow.size = 0.5,
                   vertex.color = "white", vertex.label.color = "black",
                   vertex.label.family = "sans", vertex.size = 20, edge.color = "grey30")
  args <- c(list(ig, layout = layout), args, defaults[setdiff(names(defaults), names(args))])
  do.call(graphics::plot, args)
  invisible(x)
}

default_graph_layout <- function(ig, edges) {
  if (igraph::vcount(ig) == 0L) return(matrix(numeric(), 0L, 2L))
  if (!any(edges$directed)) return(igraph::layout_nicely(ig))
  # layers are numbered from the top, so parents are drawn above their children
  igraph::layout_with_sugiyama(ig)$layout[, 1:2, drop = FALSE]
}
