# Discrete and continuous nodes told apart in plot() and autoplot() of a graph learned
# from mixed data: continuous nodes are drawn shaded, with a caption saying so.
#
# A learner's graph knows its nodes' kinds through `info$excluded_arcs`: under a
# conditional linear Gaussian score every arc from a continuous to a discrete node is
# excluded, so its `from` column lists every continuous node and `to` every discrete one.

continuous_fill <- "#D6EAF8"
continuous_border <- "#1F618D"
continuous_caption <- "Shaded boxes: continuous nodes; white boxes: discrete nodes."

# The continuous nodes of graph `x` (before a subgraph is taken), or NULL if unknown.
graph_continuous_nodes <- function(x) {
  excluded <- if (inherits(x, "bn_graph")) x$info$excluded_arcs
  if (!is.data.frame(excluded) || !nrow(excluded)) return(NULL)
  unique(as.character(excluded$from))
}

# `style` with the continuous nodes among `nodes` shaded (highlighted nodes keep their
# colours); `style$caption` says what the shading means.
mark_continuous <- function(style, nodes, continuous, highlight) {
  marked <- nodes %in% continuous & !nodes %in% highlight
  if (!any(nodes %in% continuous)) return(style)
  style$node_fill[marked] <- continuous_fill
  style$node_border[marked] <- continuous_border
  style$caption <- continuous_caption
  style
}
