# Equivalence classes of bn_graph objects: v-structures, CPDAGs (Chickering 1995), Markov
# equivalence and consistent extensions (Dor & Tarsi 1992). Topological order, CPDAGs and
# extensions are the core's (graph/ in C++), the rest is vectorised
# R, so graphs of thousands of nodes are handled in well under a second.

# ---- internal workers on integer adjacency matrices -------------------------------------

# Kahn's algorithm by layers (in C++, shared with the core): every nonzero entry is an
# arc. Returns list(order = node indices, cycle = NULL or the node names of one directed
# cycle, in arc order).
topo_sort_amat <- function(arcs) {
  sorted <- cpp_topological_order(arcs)
  cycle <- if (length(sorted$cycle)) rownames(arcs)[sorted$cycle]
  list(order = sorted$order, cycle = cycle)
}

# Indices (x, y, z) of the immoralities x -> y <- z with x, z non-adjacent and x < z.
v_structure_index <- function(amat) {
  n <- nrow(amat)
  directed <- amat == 1L & t(amat) == 0L
  idx <- which(directed, arr.ind = TRUE)  # sorted by child, then parent
  if (nrow(idx) < 2L) return(matrix(integer(), 0L, 3L))
  from <- idx[, 1L]
  to <- idx[, 2L]
  group_size <- tabulate(to, n)[to]
  rank <- seq_along(to) - match(to, to) + 1L
  partners <- group_size - rank
  first <- rep.int(seq_along(to), partners)
  second <- first + sequence(partners)
  x <- from[first]
  z <- from[second]
  y <- to[first]
  open <- amat[cbind(x, z)] == 0L & amat[cbind(z, x)] == 0L
  cbind(x[open], y[open], z[open])
}

# CPDAG of a DAG by Chickering's (1995) edge labelling (in C++, shared with GES).
cpdag_amat <- function(amat) {
  out <- cpp_cpdag(amat)
  dimnames(out) <- dimnames(amat)
  out
}

# A consistent extension of a partially directed graph (Dor & Tarsi 1992, in C++, shared
# with GES and pdag_search()). Errors when there is none, saying why.
pdag_extension <- function(amat, call = rlang::caller_env()) {
  if (!any(amat == 1L & t(amat) == 1L)) {
    sorted <- topo_sort_amat(amat)
    if (!is.null(sorted$cycle)) abort_no_extension(cycle = sorted$cycle, call = call)
    return(amat)
  }
  extension <- cpp_pdag_extension(amat)
  if (is.null(extension$amat)) abort_no_extension(stuck = extension$stuck, nodes = rownames(amat),
                                                  call = call)
  out <- extension$amat
  dimnames(out) <- dimnames(amat)
  out
}

# The error of a graph without a consistent extension. `cycle`: the nodes of a directed
# cycle of a graph without undirected edges; otherwise `stuck` (node, a, b, 1-based, from
# cpp_pdag_extension()) lists the nodes Dor and Tarsi's algorithm could not place last,
# each with its reason: its arc node -> a (b is NA), or the new v-structure a -> node <- b
# that orienting a - node into node would make.
abort_no_extension <- function(call, cycle = NULL, stuck = NULL, nodes = NULL) {
  header <- paste0("The graph has no consistent extension (a DAG with the same skeleton, the same ",
                   "arcs and no new v-structure).")
  if (!is.null(cycle)) {
    lbn_abort(c(header, "x" = paste0("Its arcs form the directed cycle ",
                                     "{paste(c(cycle, cycle[1]), collapse = ' -> ')}.")),
              "no_extension", call = call)
  }
  node <- nodes[stuck$node]
  a <- nodes[stuck$a]
  b <- nodes[stuck$b]
  shown <- seq_len(min(length(node), 10L))
  reasons <- ifelse(is.na(stuck$b[shown]),
                    sprintf("{node[%d]} has the arc {node[%d]} -> {a[%d]}.", shown, shown, shown),
                    sprintf(paste0("{node[%d]}: orienting {a[%d]} - {node[%d]} into {node[%d]} ",
                                   "makes the new v-structure {a[%d]} -> {node[%d]} <- {b[%d]}."),
                            shown, shown, shown, shown, shown, shown, shown))
  more <- if (length(node) > 10L) c("*" = "... and {length(node) - 10L} more node{?s}.")
  lbn_abort(c(header,
              "x" = "Among {.val {node}}, none can be placed after all the others:",
              stats::setNames(reasons, rep("*", length(reasons))), more,
              "i" = paste0("A graph learned by {.fn pc} can be like this when its tests fit no ",
                           "DAG (the data are not faithful to one at that {.arg alpha}).")),
            "no_extension", call = call)
}

# A DAG adjacency matrix for any graph argument: the graph itself or its extension.
dag_amat <- function(g, call = rlang::caller_env()) {
  amat <- g$amat
  if (!any(amat == 1L & t(amat) == 1L)) {
    sorted <- topo_sort_amat(amat)
    if (!is.null(sorted$cycle)) abort_cycle(sorted$cycle, call = call)
    return(amat)
  }
  pdag_extension(amat, call = call)
}

#' Immoralities (unshielded colliders) of a graph
#'
#' Lists every v-structure x -> y <- z whose ends x and z are not adjacent. Only
#' directed arcs take part (not undirected or bidirected edges), so in a CPDAG these are
#' exactly the immoralities shared by every DAG of its equivalence class.
#'
#' @param g A [bn_graph].
#' @return A data.frame with character columns `x`, `y` (the collider) and `z`, one row
#'   per immorality with `x` before `z` in node order, rows sorted by `y`, `x`, `z` in
#'   node order. No rows when there is none.
#' @family graphs
#' @export
#' @examples
#' v_structures(bn_graph_from_string("[A][C][B|A:C][D|B]"))
v_structures <- function(g) {
  g <- as_graph_arg(g)
  nodes <- colnames(g$amat)
  idx <- v_structure_index(g$amat)
  data.frame(x = nodes[idx[, 1L]], y = nodes[idx[, 2L]], z = nodes[idx[, 3L]],
             stringsAsFactors = FALSE)
}

#' CPDAG (essential graph) of a DAG
#'
#' Computes the completed partially directed acyclic graph that represents the Markov
#' equivalence class of a DAG: an arc is directed when every DAG of the class has it
#' (it is *compelled*) and undirected otherwise. Uses Chickering's (1995) edge labelling,
#' in time linear in the number of arcs times the largest in-degree. For a partially
#' directed graph the result is the CPDAG of its consistent extension ([pdag_to_dag()]),
#' so `cpdag()` of a CPDAG gives it back.
#'
#' **Background knowledge.** With `whitelist` or `blacklist`, the result is the
#' *maximally oriented PDAG* of the class under that knowledge (Meek 1995): the edges the
#' knowledge decides are oriented (`A - B` becomes `A -> B` when `A -> B` is whitelisted
#' or `B -> A` blacklisted), then Meek's rules R1-R4 orient every edge that this forces,
#' until nothing changes. An edge is then directed exactly when every DAG of the class
#' that satisfies the knowledge has that arc, and [pdag_to_dag()] of the result is such a
#' DAG. [pc()] orients its graphs with the same rules, and [ges()] and [pdag_search()]
#' return their classes this way when given knowledge.
#'
#' @param g A [bn_graph]: a DAG, a CPDAG or a partially directed graph with a consistent
#'   extension.
#' @param whitelist,blacklist `NULL` or two-column data.frames (or character matrices)
#'   of from/to node names: arcs that every DAG of the result must have / must not have.
#' @return A `bn_graph` with the same node order: of type `"cpdag"`, or, when the
#'   knowledge orients edges that the CPDAG leaves undirected, of type `"pdag"`. A graph
#'   without a consistent extension is an error of class `"learnbn_error_no_extension"`
#'   that names the nodes left and why none of them can come last. Knowledge that no DAG
#'   of the class satisfies is an error of class `"learnbn_error_incompatible_knowledge"`
#'   (also a `"learnbn_error_constraints"`) that names the arcs: a whitelisted arc between
#'   non-adjacent nodes or against a compelled arc, a blacklisted compelled arc, or a
#'   set of arcs that cannot hold together although, without any one of them, the
#'   others can. A graph with bidirected edges (see [bn_graph()]) is an error of class
#'   `"learnbn_error_bidirected"`.
#' @references Chickering, D. M. (1995). A transformational characterization of
#'   equivalent Bayesian network structures. *UAI*.
#'
#'   Meek, C. (1995). Causal inference and causal explanation with background knowledge.
#'   *Proceedings of UAI 1995*, 403-410.
#' @family graphs
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][C][B|A:C][D|B]")
#' arcs(cpdag(g))
#' chain <- bn_graph_from_string("[A][B|A][C|B]")
#' arcs(cpdag(chain))
#' # Forbidding B -> A orients A -> B, then B -> C (A -> B <- C would be a new v-structure)
#' arcs(cpdag(chain, blacklist = data.frame(from = "B", to = "A")))
#' # Knowledge no DAG of the class satisfies is an error naming the arc
#' try(cpdag(chain, whitelist = data.frame(from = "A", to = "C")))
cpdag <- function(g, whitelist = NULL, blacklist = NULL) {
  g <- as_graph_arg(g)
  check_no_bidirected(g)
  essential <- cpdag_amat(dag_amat(g))
  if (is.null(whitelist) && is.null(blacklist)) return(new_bn_graph(essential, "cpdag"))
  knowledge <- build_constraints(colnames(essential), whitelist, blacklist)
  oriented <- orient_with_knowledge(essential, knowledge, paste0("DAG of the equivalence class of ",
                                                                 "{.arg g}"),
                                    "the CPDAG of {.arg g}")$amat
  new_bn_graph(oriented, if (identical(oriented, essential)) "cpdag" else "pdag")
}

#' Markov equivalence of two graphs
#'
#' Two DAGs are Markov equivalent when they have the same skeleton and the same
#' immoralities (Verma & Pearl). Partially directed graphs and CPDAGs are compared
#' through their consistent extensions. The graphs may list their nodes in different
#' orders.
#'
#' @param g1,g2 [bn_graph] objects on the same nodes.
#' @return `TRUE` or `FALSE`. Graphs on different node sets are an error of class
#'   `"learnbn_error_node_mismatch"`, a graph with bidirected edges one of class
#'   `"learnbn_error_bidirected"`.
#' @family graphs
#' @export
#' @examples
#' chain <- bn_graph_from_string("[A][B|A][C|B]")
#' fork <- bn_graph_from_string("[B][A|B][C|B]")
#' collider <- bn_graph_from_string("[A][C][B|A:C]")
#' markov_equivalent(chain, fork)
#' markov_equivalent(chain, collider)
markov_equivalent <- function(g1, g2) {
  call <- rlang::current_env()
  pair <- aligned_graphs(g1, g2, "g1", "g2", call)
  check_no_bidirected(pair[[1L]], arg = "g1", call = call)
  check_no_bidirected(pair[[2L]], arg = "g2", call = call)
  a1 <- dag_amat(new_bn_graph(pair[[3L]], pair[[1L]]$type), call = call)
  a2 <- dag_amat(new_bn_graph(pair[[4L]], pair[[2L]]$type), call = call)
  skeleton1 <- a1 == 1L | t(a1) == 1L
  skeleton2 <- a2 == 1L | t(a2) == 1L
  if (!identical(skeleton1, skeleton2)) return(FALSE)
  identical(v_structure_index(a1), v_structure_index(a2))
}

#' A DAG in the class of a partially directed graph
#'
#' Finds a consistent extension of a partially directed graph: a DAG with the same
#' skeleton, the same arcs where the graph has arcs, and the same v-structures, by the
#' algorithm of Dor & Tarsi (1992). For a CPDAG this is a member of its Markov
#' equivalence class. A DAG is returned as it is.
#'
#' With `whitelist` or `blacklist`, the extension also has every whitelisted arc and no
#' blacklisted one: the edges the knowledge decides are oriented and Meek's rules R1-R4
#' are applied first (as [cpdag()] does with knowledge), then the graph is extended.
#'
#' @param g A [bn_graph] (a CPDAG or any partially directed graph).
#' @param whitelist,blacklist `NULL` or two-column data.frames (or character matrices)
#'   of from/to node names: arcs the extension must have / must not have.
#' @return A `bn_graph` of type `"dag"`. When no consistent extension exists (for
#'   example a directed cycle, or undirected edges that every orientation turns into a
#'   cycle or a new v-structure) the error has class `"learnbn_error_no_extension"` and
#'   says why. When extensions exist but none satisfies the knowledge, the error has
#'   class `"learnbn_error_incompatible_knowledge"` and names the arcs (see [cpdag()]). A
#'   graph with bidirected edges gives `"learnbn_error_bidirected"`.
#' @references Dor, D. and Tarsi, M. (1992). A simple algorithm to construct a
#'   consistent extension of a partially oriented graph. Technical Report R-185,
#'   Cognitive Systems Laboratory, UCLA.
#'
#'   Meek, C. (1995). Causal inference and causal explanation with background knowledge.
#'   *Proceedings of UAI 1995*, 403-410.
#' @family graphs
#' @export
#' @examples
#' g <- cpdag(bn_graph_from_string("[A][B|A][C|B][D|B]"))
#' arcs(g)
#' arcs(pdag_to_dag(g))
#' # An extension without the arc B -> A
#' arcs(pdag_to_dag(g, blacklist = data.frame(from = "B", to = "A")))
pdag_to_dag <- function(g, whitelist = NULL, blacklist = NULL) {
  g <- as_graph_arg(g)
  check_no_bidirected(g)
  if (is.null(whitelist) && is.null(blacklist)) return(new_bn_graph(pdag_extension(g$amat), "dag"))
  knowledge <- build_constraints(colnames(g$amat), whitelist, blacklist)
  dag <- orient_with_knowledge(g$amat, knowledge, "consistent extension of {.arg g}",
                               "{.arg g}")$dag
  new_bn_graph(dag, "dag")
}
