# The possible parent sets of a node over the DAGs of a CPDAG (or PDAG), for IDA
# (causal_effect()): locally valid sets (no new v-structure at the node), or one set per
# DAG of the class, enumerated by orienting one edge at a time and closing under Meek's
# rules in the core (graph/meek.hpp, through cpp_fit_knowledge()).

# Locally valid parent sets of `x` (a node name) in the PDAG `amat`, in pcalg's ida()
# order: the definite parents with no sibling first, then each subset of the siblings
# (undirected neighbours) by size, in combn() order. A subset S is valid when orienting
# S -> x and x -> the other siblings makes no new v-structure: S is a clique, every
# definite parent is adjacent to every member of S, and the definite parents of each
# sibling turned into a child are adjacent to x (pcalg's has.new.coll()).
local_parent_sets <- function(amat, x) {
  nodes <- colnames(amat)
  directed <- amat == 1L & t(amat) == 0L
  adjacent <- amat == 1L | t(amat) == 1L
  definite <- nodes[directed[, x]]
  siblings <- nodes[amat[, x] == 1L & amat[x, ] == 1L]
  subsets <- c(list(character()), unlist(lapply(seq_along(siblings), function(k) {
    utils::combn(siblings, k, simplify = FALSE)
  }), recursive = FALSE))
  valid <- vapply(subsets, function(s) {
    children <- setdiff(siblings, s)
    clique <- all(adjacent[s, s][upper.tri(adjacent[s, s])])
    joined <- all(adjacent[definite, s])
    their_parents <- setdiff(nodes[rowSums(directed[, children, drop = FALSE]) > 0], x)
    clique && joined && all(adjacent[x, their_parents])
  }, logical(1))
  lapply(subsets[valid], function(s) c(definite, s))
}

# The parents of `x` in every DAG of the class of the PDAG `amat` (one set per DAG, in the
# order of the enumeration). Refuses a class of more than `max_dags` DAGs.
global_parent_sets <- function(amat, x, max_dags, call = rlang::caller_env()) {
  size <- count_equivalent_dags(new_bn_graph(amat, "pdag"))
  if (size > max_dags) {
    lbn_abort(c(paste0("The equivalence class of {.arg g} holds {format(size)} DAGs, more than ",
                       "{.arg max_dags} = {format_count(max_dags)}."),
                "i" = paste0("Use {.code method = \"local\"}, which needs only the neighbours ",
                             "of {.arg x}, or raise {.arg max_dags}.")),
              "too_large", call = call)
  }
  dags <- class_dags(amat)
  lapply(dags, function(dag) rownames(dag)[dag[, x] == 1L])
}

# Every consistent extension of a PDAG: branch on its first undirected edge a - b, orient
# it either way and close under Meek's rules R1-R4 (which then leaves only orientations
# that extend), until no undirected edge is left. Each branch leads to distinct DAGs.
class_dags <- function(amat) {
  pairs <- which(amat == 1L & t(amat) == 1L, arr.ind = TRUE)
  if (!nrow(pairs)) return(list(amat))
  a <- pairs[1L, 1L]
  b <- pairs[1L, 2L]
  # The one required arc as the core's knowledge (what build_constraints() would give
  # after its checks, which an arc on an undirected edge of the graph passes).
  none <- matrix(FALSE, nrow(amat), ncol(amat))
  branches <- lapply(list(c(a, b), c(b, a)), function(arc) {
    required <- none
    required[arc[1L], arc[2L]] <- TRUE
    knowledge <- list(required = required, forbidden = none, max_parents = Inf)
    fit <- cpp_fit_knowledge(amat, knowledge)
    if (fit$problem != "none") return(list())
    oriented <- fit$amat
    dimnames(oriented) <- dimnames(amat)
    class_dags(oriented)
  })
  c(branches[[1L]], branches[[2L]])
}
