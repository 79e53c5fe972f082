# The graph of no arcs on the given nodes.
empty_graph <- function(nodes) {
  n <- length(nodes)
  learnbn:::new_bn_graph(matrix(0L, n, n, dimnames = list(nodes, nodes)), "dag")
}
