# The bn_graph class: constructor and accessors. Its checks are in graph-check.R, model
# strings and igraph conversion in graph-io.R.
#
# A bn_graph is list(amat, type, score, info, bidirected) with class "bn_graph". amat is an
# integer 0/1 square matrix with identical row and column dimnames (the node names);
# amat[i, j] == 1 means i -> j, and a two-way edge has both amat[i, j] and amat[j, i] set.
# A two-way edge is undirected unless `bidirected` lists it: a data.frame (from, to) of
# node names, `from` first in node order, rows in node order, no rows when there is none.
# Keeping the kind of two-way edge beside the matrix (not in it) keeps as.matrix() 0/1.

graph_types <- c("dag", "cpdag", "pdag", "forest")

#' Build a graph without checks (for learners)
#'
#' Internal constructor used by learners that already know their result is valid.
#' The storage mode of `amat` is coerced to integer and `bidirected` (NULL or a two-column
#' data.frame or matrix of node-name pairs, each with both amat entries set) is put in
#' the stored form; nothing is checked.
#' @noRd
new_bn_graph <- function(amat, type, score = NULL, info = list(), bidirected = NULL) {
  storage.mode(amat) <- "integer"
  bidirected <- if (is.null(bidirected)) no_bidirected else bidirected_frame(bidirected,
                                                                             colnames(amat))
  structure(list(amat = amat, type = type, score = score, info = info, bidirected = bidirected),
            class = "bn_graph")
}

no_bidirected <- data.frame(from = character(), to = character(), stringsAsFactors = FALSE)

# Node-name pairs (a two-column data.frame or matrix) in the stored form of g$bidirected.
bidirected_frame <- function(pairs, nodes) {
  if (is.matrix(pairs)) pairs <- as.data.frame(pairs, stringsAsFactors = FALSE)
  i <- match(pairs[[1L]], nodes)
  j <- match(pairs[[2L]], nodes)
  if (!length(i)) return(no_bidirected)
  first <- pmin(i, j)
  second <- pmax(i, j)
  keep <- !duplicated(cbind(first, second))
  first <- first[keep]
  second <- second[keep]
  sorted <- order(first, second)
  data.frame(from = nodes[first[sorted]], to = nodes[second[sorted]], stringsAsFactors = FALSE)
}

# The bidirected edges of a graph (g$bidirected, or none for a graph built without it).
bidirected_edges <- function(g) {
  if (is.null(g$bidirected)) no_bidirected else g$bidirected
}

# Logical matrix over `nodes` (default: the graph's own order) that is TRUE at both
# entries of every bidirected edge.
bidirected_mask <- function(g, nodes = colnames(g$amat)) {
  n <- length(nodes)
  mask <- matrix(FALSE, n, n, dimnames = list(nodes, nodes))
  bi <- bidirected_edges(g)
  if (nrow(bi)) {
    mask[cbind(bi$from, bi$to)] <- TRUE
    mask[cbind(bi$to, bi$from)] <- TRUE
  }
  mask
}

#' Parents of every node via directed arcs
#'
#' Returns a named list: for each node (in amat order) the character vector of its
#' parents through directed arcs (undirected edges are ignored), in amat order.
#' @noRd
graph_parents <- function(g) {
  amat <- g$amat
  nodes <- colnames(amat)
  directed <- amat == 1L & t(amat) == 0L
  parents <- lapply(seq_along(nodes), function(j) nodes[directed[, j]])
  names(parents) <- nodes
  parents
}

# The parents of one node through directed arcs of `amat`, in the order of the nodes
# (graph_parents()'s rule, without building every node's list).
node_parents <- function(amat, node) colnames(amat)[amat[, node] == 1L & amat[node, ] == 0L]

#' A DAG from a named list of parents
#'
#' `parents` is a named list (node -> character vector of parent names); nodes missing
#' from the list have no parents. Not validated for acyclicity.
#' @noRd
graph_from_parents <- function(parents, nodes = names(parents), type = "dag") {
  n <- length(nodes)
  amat <- matrix(0L, n, n, dimnames = list(nodes, nodes))
  for (child in names(parents)) {
    if (length(parents[[child]])) amat[parents[[child]], child] <- 1L
  }
  new_bn_graph(amat, type)
}

#' Bayesian network graphs
#'
#' `bn_graph()` builds a graph from an adjacency matrix and checks it. Every learner in
#' learnbn returns a `bn_graph`: a list with
#' * `amat`: an integer 0/1 square matrix whose row and column names are the node names;
#'   `amat[i, j] == 1` means the arc i -> j, and a two-way edge (undirected or
#'   bidirected) has both `amat[i, j]` and `amat[j, i]` set;
#' * `type`: one of `"dag"`, `"cpdag"`, `"pdag"` (partially directed graph) or `"forest"`;
#' * `score`: `NULL` or the network score where one applies;
#' * `info`: a list of algorithm-specific results;
#' * `bidirected`: the two-way edges that are bidirected (i <-> j) rather than
#'   undirected, as a data.frame of node names (`from`, `to`), `from` first in node
#'   order; no rows when there is none.
#'
#' A bidirected edge is not an undirected one: it records that the data point both
#' ways, as when two immoralities found by [pc()] orient the same edge in opposite
#' directions (`conflicts = "bidirected"`). Such a graph is neither a DAG nor a
#' partially directed graph with a consistent extension, so functions that need one
#' ([cpdag()], [pdag_to_dag()], [markov_equivalent()], [network_score()],
#' [fit_parameters()], ...) stop with an error of class
#' `"learnbn_error_bidirected"` that names the bidirected edges; [is_dag()] is `FALSE`.
#' Printing shows `i <-> j`, [model_string()] writes it in a section of its own, [arcs()] gives the
#' edge the type `"bidirected"`, [plot.bn_graph()] draws it with two arrowheads, and [shd()] and
#' [compare_graphs()] count it as a kind of edge of its own.
#'
#' The checks are: `amat` is a square matrix of 0/1 (or logical) values without `NA`,
#' its row and column names are present, equal, unique and non-empty, and there are no
#' self-loops. With `type = NULL` the type is `"dag"` when there is no two-way edge
#' (the graph must then be acyclic) and `"pdag"` otherwise. An explicit type is checked:
#' a `"dag"` has no undirected edge and no cycle; a `"pdag"` has no cycle of directed
#' arcs; a `"cpdag"` must equal the [cpdag()] of its consistent extension; a `"forest"`
#' has at most one parent per node and no cycle in its skeleton (directed, undirected
#' or mixed trees). Only a `"pdag"` may have bidirected edges, each with both entries
#' of `amat` set.
#'
#' Errors have class `"learnbn_error"` and one of `"learnbn_error_type"` (not a matrix),
#' `"learnbn_error_invalid_graph"` (shape, names, values, self-loops, type mismatch,
#' bidirected edges that `amat` lacks) or `"learnbn_error_cycle"` (the message names the
#' nodes on one cycle).
#'
#' @param amat A square matrix of 0/1 or logical values with node names as identical
#'   row and column names.
#' @param type `NULL` (guess from `amat`) or one of `"dag"`, `"cpdag"`, `"pdag"`,
#'   `"forest"`.
#' @param bidirected `NULL` or the bidirected edges: a two-column data.frame or
#'   character matrix of node names, one row per edge (either direction).
#' @return A `bn_graph` object.
#' @family graphs
#' @export
#' @examples
#' m <- matrix(0, 3, 3, dimnames = list(c("A", "B", "C"), c("A", "B", "C")))
#' m["A", "B"] <- 1
#' m["C", "B"] <- 1
#' g <- bn_graph(m)
#' g
#' # an undirected edge makes a partially directed graph
#' m["A", "C"] <- m["C", "A"] <- 1
#' bn_graph(m)$type
#' # the same two-way edge declared bidirected
#' bn_graph(m, bidirected = data.frame(from = "A", to = "C"))
bn_graph <- function(amat, type = NULL, bidirected = NULL) {
  call <- rlang::current_env()
  amat <- check_amat(amat, call = call)
  if (!is.null(type)) {
    if (!is.character(type) || length(type) != 1L || is.na(type) || !type %in% graph_types) {
      lbn_abort(c("{.arg type} must be one of {.val {graph_types}}.",
                  "x" = "It is {.obj_type_friendly {type}}."), "value", call = call)
    }
  }
  bidirected <- check_bidirected(bidirected, amat, call = call)
  has_undirected <- any(amat == 1L & t(amat) == 1L)
  if (is.null(type)) type <- if (has_undirected) "pdag" else "dag"
  if (nrow(bidirected) && type != "pdag") {
    lbn_abort(c("A graph of type {.val {type}} cannot have bidirected edges.",
                "x" = "Bidirected: {format_edges(as.matrix(bidirected), '<->')}.",
                "i" = "Use {.code type = \"pdag\"}."),
              "invalid_graph", call = call)
  }
  g <- new_bn_graph(amat, type, bidirected = bidirected)
  switch(type,
    dag = {
      if (has_undirected) {
        lbn_abort(c("A graph of type {.val dag} cannot have undirected edges.",
                    "x" = "Undirected: {format_edges(undirected_pairs(amat), '-')}.",
                    "i" = "Use {.code type = \"pdag\"} or orient them with {.fn pdag_to_dag}."),
                  "invalid_graph", call = call)
      }
      check_directed_acyclic(amat, call = call)
    },
    pdag = check_directed_acyclic(amat, call = call),
    cpdag = {
      check_directed_acyclic(amat, call = call)
      ext <- pdag_extension(amat, call = call)
      essential <- cpdag_amat(ext)
      if (!identical(essential, amat)) {
        lbn_abort(c("{.arg amat} is not a valid CPDAG (essential graph).",
                    "i" = paste0("Its consistent extension has a different CPDAG; use {.fn cpdag} ",
                                 "to compute one.")),
                  "invalid_graph", call = call)
      }
    },
    forest = check_forest(amat, call = call)
  )
  g
}

#' @export
as.matrix.bn_graph <- function(x, ...) {
  x$amat
}

#' Nodes and arcs of a graph
#'
#' `nodes()` gives the node names: of a graph in the order of its adjacency matrix, of a
#' [bn_data()] object in the order of its columns, of a fitted network ([fit_parameters()],
#' [read_bif()]) in the order of its graph, and of the samples of [structure_mcmc()] or
#' [order_mcmc()] in the order of the data they were drawn from. An adjacency matrix or
#' an igraph graph is read as a graph.
#'
#' `arcs()` lists the edges of a graph as a data.frame with columns `from`, `to`,
#' `directed` and `type`: a directed arc i -> j is one row with `type = "directed"`; an
#' undirected edge i - j (`type = "undirected"`) and a bidirected edge i <-> j
#' (`type = "bidirected"`, see [bn_graph()]) are listed once, with `from` the node that
#' comes first in node order. `directed` is `TRUE` for directed arcs only (kept for
#' scripts written before `type`). Rows are sorted by `from`, then `to`, in node order.
#' A graph without edges gives a data.frame with no rows and the same columns.
#'
#' Of a PAG ([as_pag()]), `arcs()` lists each edge once, `from` first in node order, with
#' the marks at both ends: columns `from`, `to`, `mark_from` and `mark_to`, each mark one
#' of `"tail"`, `"arrowhead"` or `"circle"` (so `A o-> B` is `"circle"`, `"arrowhead"`).
#'
#' @param g A [bn_graph] or a PAG (`arcs()`, `nodes()`), or for `nodes()` also a `bn_data`,
#'   `bn_fit` or `bn_samples` object.
#' @param ... Unused; for methods.
#' @return `nodes()`: a character vector. `arcs()`: a data.frame.
#' @family graphs
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][B|A][C|A:B]")
#' nodes(g)
#' arcs(g)
#' arcs(cpdag(g))
#' nodes(bn_data(college_plans, counts = "count"))
#' @order 1
nodes <- function(g, ...) UseMethod("nodes")

#' @rdname nodes
#' @export
#' @order 2
nodes.bn_graph <- function(g, ...) {
  colnames(g$amat)
}

#' @rdname nodes
#' @export
#' @order 6
nodes.default <- function(g, ...) {
  colnames(as_graph_arg(g)$amat)
}

#' @rdname nodes
#' @export
#' @order 7
arcs <- function(g, ...) UseMethod("arcs")

#' @rdname nodes
#' @export
#' @order 8
arcs.bn_graph <- function(g, ...) {
  nodes <- colnames(g$amat)
  edges <- edge_index(g)
  keep <- edges$directed | edges$from < edges$to
  data.frame(from = nodes[edges$from[keep]], to = nodes[edges$to[keep]],
             directed = edges$directed[keep], type = edges$type[keep],
             stringsAsFactors = FALSE)
}

# Every set entry of a graph's adjacency matrix as (from, to) indices sorted by from, then
# to, with `directed` FALSE for the two entries of a two-way edge and `type` "directed",
# "undirected" or "bidirected".
edge_index <- function(g) {
  amat <- g$amat
  idx <- which(amat == 1L, arr.ind = TRUE)
  idx <- idx[order(idx[, 1L], idx[, 2L]), , drop = FALSE]
  directed <- amat[idx[, 2:1, drop = FALSE]] == 0L
  type <- c("undirected", "directed")[directed + 1L]
  if (nrow(bidirected_edges(g))) type[bidirected_mask(g)[idx]] <- "bidirected"
  list(from = unname(idx[, 1L]), to = unname(idx[, 2L]), directed = directed, type = type)
}

#' @rdname nodes
#' @export
#' @order 9
arcs.default <- function(g, ...) {
  arcs.bn_graph(as_graph_arg(g))
}
