# Plot method for bn_graph objects (igraph graphics).

#' Plot a graph
#'
#' Draws a [bn_graph] with igraph: directed arcs with one arrowhead, bidirected edges
#' (see [bn_graph()]) with an arrowhead at each end, undirected edges without.
#' Graphs with arcs are laid out in layers (Sugiyama), parents above their children, and
#' an arc that spans several layers bends through one point per layer it crosses, so no
#' arc passes through a node it does not join; graphs with only undirected edges use
#' [igraph::layout_nicely()]. Works on any
#' graphics device, including a non-interactive [grDevices::pdf()] device.
#'
#' igraph drops plotting arguments it does not know without a word, so arguments in
#' `...` that are not arguments of [igraph::plot.igraph()] or plotting parameters listed
#' in [igraph::igraph.plotting] (such as a misspelt `vertex.colour`) give a warning of
#' class `"learnbn_warning_unused_arguments"` naming them, and are ignored.
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
  args <- list(...)
  warn_unused_plot_args(args)
  do.call(graphics::plot, graph_plot_args(x, layout, args[names(args) %in% igraph_plot_args()]))
  invisible(x)
}

# The arguments of plot.igraph() for a graph: the igraph graph, its layout, the user's
# plotting parameters `args` and our defaults for those not given. With the default
# layered layout, the graph drawn is Sugiyama's extended graph: an arc spanning several
# layers runs through invisible bend points, one per layer crossed, so it never passes
# through a node.
graph_plot_args <- function(x, layout, args) {
  edges <- arcs(x)
  nodes <- colnames(x$amat)
  ig <- igraph::make_empty_graph(n = length(nodes), directed = TRUE)
  ig <- igraph::set_vertex_attr(ig, "name", value = nodes)
  if (nrow(edges)) {
    ends <- rbind(match(edges$from, nodes), match(edges$to, nodes))
    ig <- igraph::add_edges(ig, as.vector(ends))
  }
  layered <- is.null(layout) && nrow(edges) && any(edges$type != "undirected")
  if (layered) return(layered_plot_args(ig, edges, args))
  if (is.null(layout)) layout <- default_graph_layout(ig)
  if (is.function(layout)) layout <- layout(ig)
  c(list(ig, layout = layout), args, graph_plot_defaults(edge_arrow_modes(edges$type), args))
}

# igraph's arrow modes: 0 no head, 1 a head at the `from` end, 2 at the `to` end, 3 both.
edge_arrow_modes <- function(types) unname(c(directed = 2, undirected = 0, bidirected = 3)[types])

graph_plot_defaults <- function(arrow_mode, args) {
  defaults <- list(edge.arrow.mode = arrow_mode, edge.arrow.size = 0.5,
                   vertex.color = "white", vertex.label.color = "black",
                   vertex.label.family = "sans", vertex.size = 20, edge.color = "grey30")
  defaults[setdiff(names(defaults), names(args))]
}

# plot.igraph() arguments for the extended graph of the layered layout: bend points are
# drawn as nothing, each segment of an arc gets the arc's parameters, and the heads sit
# on the first (bidirected) and last segments only.
layered_plot_args <- function(ig, edges, args) {
  sugiyama <- igraph::layout_with_sugiyama(ig)
  extended <- sugiyama$extd_graph
  n <- igraph::vcount(ig)
  bends <- igraph::vcount(extended) - n
  orig <- igraph::edge_attr(extended, "orig")
  segment_ends <- igraph::ends(extended, igraph::E(extended), names = FALSE)
  last <- segment_ends[, 2] <= n
  first <- segment_ends[, 1] <= n
  type <- edges$type[orig]
  mode <- ifelse(type == "undirected", 0,
                 ifelse(type == "bidirected", 1 * first + 2 * last, 2 * last))
  for (name in intersect(names(args), paste0("edge.", c("color", "lty", "width", "arrow.size", "arrow.width", "curved")))) {
    if (length(args[[name]]) == nrow(edges)) args[[name]] <- args[[name]][orig]
  }
  args$edge.label <- NULL  # one label per arc would repeat on every segment
  for (name in grep("^vertex[.]", names(args), value = TRUE)) {
    if (length(args[[name]]) == n) args[[name]] <- c(args[[name]], rep(args[[name]][1], bends))
  }
  hidden <- list(vertex.size = c(rep(args$vertex.size %||% 20, length.out = n), rep(0, bends)),
                 vertex.label = c(args$vertex.label %||% igraph::V(ig)$name, rep("", bends)),
                 vertex.frame.color = c(rep(args$vertex.frame.color %||% "black", length.out = n),
                                        rep(NA, bends)))
  args[names(hidden)] <- hidden
  layout <- rbind(sugiyama$layout, sugiyama$layout.dummy)[, 1:2, drop = FALSE]
  c(list(extended, layout = layout), args, graph_plot_defaults(mode, args))
}

# The names plot.igraph() uses: its own arguments and the parameters of ?igraph.plotting.
igraph_plot_args <- function() {
  vertex <- c("color", "size", "size2", "label", "label.degree", "label.color", "label.dist",
              "label.family", "label.font", "label.cex", "frame.color", "frame.width", "shape",
              "pie", "pie.color", "pie.border", "pie.angle", "pie.density", "pie.lty", "raster")
  edge <- c("color", "label", "lty", "width", "loop.angle", "loop.angle2", "label.family",
            "label.font", "label.cex", "label.color", "label.x", "label.y", "arrow.size",
            "arrow.mode", "curved", "arrow.width")
  plot <- c("palette", "margin", "rescale", "asp", "frame", "main", "sub", "xlab", "ylab")
  own <- setdiff(names(formals(igraph::plot.igraph)), c("x", "..."))
  unique(c(own, paste0("vertex.", vertex), paste0("edge.", edge), plot))
}

warn_unused_plot_args <- function(args) {
  given <- if (is.null(names(args))) rep("", length(args)) else names(args)
  unknown <- setdiff(given[nzchar(given)], igraph_plot_args())
  unnamed <- sum(!nzchar(given))
  if (!length(unknown) && !unnamed) return(invisible())
  lbn_warn(c("{.fn plot} ignores {length(unknown) + unnamed} argument{?s} it does not use.",
             "x" = if (length(unknown)) "Unknown: {.arg {unknown}}.",
             "x" = if (unnamed) "Unnamed: {unnamed} argument{?s} after {.arg layout}.",
             "i" = "Plotting parameters are those of {.fn igraph::plot.igraph}, e.g. {.arg vertex.color}, {.arg vertex.size}, {.arg edge.color}, {.arg main}."),
           "unused_arguments")
}

default_graph_layout <- function(ig) {
  if (igraph::vcount(ig) == 0L) return(matrix(numeric(), 0L, 2L))
  igraph::layout_nicely(ig)
}
