# The graph of no arcs on the given nodes.
empty_graph <- function(nodes) {
  n <- length(nodes)
  learnbn:::new_bn_graph(matrix(0L, n, n, dimnames = list(nodes, nodes)), "dag")
}

# The asia network (Lauritzen and Spiegelhalter 1988) as a model string.
asia_string <- paste0("[asia][smoke][tub|asia][lung|smoke][bronc|smoke]",
                      "[either|tub:lung][xray|either][dysp|bronc:either]")

# The graph pc() finds on florida at alpha 0.05 (V -> I, D -> V, I -> R, I -> S, S -> R
# and the conflict V - R oriented both ways), as a 0/1 matrix in the data's node order.
florida_pc_matrix <- function() {
  nodes <- c("V", "D", "R", "I", "S")
  m <- matrix(0L, 5, 5, dimnames = list(nodes, nodes))
  m[cbind(c("V", "D", "V", "R", "S", "I", "I"), c("I", "V", "R", "V", "R", "S", "R"))] <- 1L
  m
}

# The same graph with V <-> R bidirected.
florida_pc_graph <- function() {
  bn_graph(florida_pc_matrix(), bidirected = data.frame(from = "V", to = "R"))
}
