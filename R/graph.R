# The bn_graph class: constructor, validator, accessors, model strings, igraph conversion.
#
# A bn_graph is list(amat, type, score, info) with class "bn_graph". amat is an integer 0/1
# square matrix with identical row and column dimnames (the node names); amat[i, j] == 1
# means i -> j, and an undirected edge i - j has both amat[i, j] and amat[j, i] set.

graph_types <- c("dag", "cpdag", "pdag", "forest")

#' Build a graph without checks (for learners)
#'
#' Internal constructor used by learners that already know their result is valid.
#' The storage mode of `amat` is coerced to integer; nothing else is checked.
#' @noRd
new_bn_graph <- function(amat, type, score = NULL, info = list()) {
  storage.mode(amat) <- "integer"
  structure(list(amat = amat, type = type, score = score, info = info), class = "bn_graph")
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
#'   `amat[i, j] == 1` means the arc i -> j, and an undirected edge i - j has both
#'   `amat[i, j]` and `amat[j, i]` set;
#' * `type`: one of `"dag"`, `"cpdag"`, `"pdag"` (partially directed graph) or `"forest"`;
#' * `score`: `NULL` or the network score where one applies;
#' * `info`: a list of algorithm-specific results.
#'
#' The checks are: `amat` is a square matrix of 0/1 (or logical) values without `NA`,
#' its row and column names are present, equal, unique and non-empty, and there are no
#' self-loops. With `type = NULL` the type is `"dag"` when there is no undirected edge
#' (the graph must then be acyclic) and `"pdag"` otherwise. An explicit type is checked:
#' a `"dag"` has no undirected edge and no cycle; a `"pdag"` has no cycle of directed
#' arcs; a `"cpdag"` must equal the [cpdag()] of its consistent extension; a `"forest"`
#' has at most one parent per node and no cycle in its skeleton (directed, undirected
#' or mixed trees).
#'
#' Errors have class `"learnbn_error"` and one of `"learnbn_error_type"` (not a matrix),
#' `"learnbn_error_invalid_graph"` (shape, names, values, self-loops, type mismatch) or
#' `"learnbn_error_cycle"` (the message names the nodes on one cycle).
#'
#' @param amat A square matrix of 0/1 or logical values with node names as identical
#'   row and column names.
#' @param type `NULL` (guess from `amat`) or one of `"dag"`, `"cpdag"`, `"pdag"`,
#'   `"forest"`.
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
bn_graph <- function(amat, type = NULL) {
  call <- rlang::current_env()
  amat <- check_amat(amat, call = call)
  if (!is.null(type)) {
    if (!is.character(type) || length(type) != 1L || is.na(type) || !type %in% graph_types) {
      lbn_abort(c("{.arg type} must be one of {.val {graph_types}}.",
                  "x" = "It is {.obj_type_friendly {type}}."), "value", call = call)
    }
  }
  has_undirected <- any(amat == 1L & t(amat) == 1L)
  if (is.null(type)) type <- if (has_undirected) "pdag" else "dag"
  g <- new_bn_graph(amat, type)
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
                    "i" = "Its consistent extension has a different CPDAG; use {.fn cpdag} to compute one."),
                  "invalid_graph", call = call)
      }
    },
    forest = check_forest(amat, call = call)
  )
  g
}

# Validate and normalise an adjacency matrix; returns an integer matrix.
check_amat <- function(amat, arg = "amat", call = rlang::caller_env()) {
  if (is.data.frame(amat)) amat <- as.matrix(amat)
  if (!is.matrix(amat) || !(is.numeric(amat) || is.logical(amat))) {
    lbn_abort("{.arg {arg}} must be a numeric or logical matrix, not {.obj_type_friendly {amat}}.",
              "type", call = call)
  }
  if (nrow(amat) != ncol(amat)) {
    lbn_abort("{.arg {arg}} must be square, not {nrow(amat)} x {ncol(amat)}.",
              "invalid_graph", call = call)
  }
  rn <- rownames(amat)
  cn <- colnames(amat)
  if (is.null(rn) || is.null(cn)) {
    lbn_abort(c("{.arg {arg}} must have node names as row and column names.",
                "i" = "Set them with {.code dimnames(amat) <- list(nodes, nodes)}."),
              "invalid_graph", call = call)
  }
  if (!identical(unname(rn), unname(cn))) {
    lbn_abort("{.arg {arg}} must have identical row and column names.", "invalid_graph", call = call)
  }
  if (anyNA(rn) || any(!nzchar(rn))) {
    lbn_abort("{.arg {arg}} has empty or missing node names.", "invalid_graph", call = call)
  }
  if (anyDuplicated(rn)) {
    lbn_abort("{.arg {arg}} has duplicated node name{?s} {.val {unique(rn[duplicated(rn)])}}.",
              "invalid_graph", call = call)
  }
  if (anyNA(amat)) {
    lbn_abort("{.arg {arg}} must not contain missing values.", "invalid_graph", call = call)
  }
  if (is.numeric(amat) && !all(amat == 0 | amat == 1)) {
    bad <- unique(amat[amat != 0 & amat != 1])
    lbn_abort("{.arg {arg}} must contain only 0 and 1, not {.val {utils::head(bad, 5)}}.",
              "invalid_graph", call = call)
  }
  storage.mode(amat) <- "integer"
  dimnames(amat) <- list(rn, rn)
  loops <- rn[diag(amat) == 1L]
  if (length(loops)) {
    lbn_abort("{.arg {arg}} has self-loop{?s} on {.val {loops}}.", "invalid_graph", call = call)
  }
  amat
}

check_directed_acyclic <- function(amat, call = rlang::caller_env()) {
  directed <- amat * (1L - t(amat))
  sorted <- topo_sort_amat(directed)
  if (!is.null(sorted$cycle)) abort_cycle(sorted$cycle, call = call)
  invisible(TRUE)
}

check_forest <- function(amat, call = rlang::caller_env()) {
  directed <- amat * (1L - t(amat))
  many <- colnames(amat)[colSums(directed) > 1L]
  if (length(many)) {
    lbn_abort(c("A graph of type {.val forest} has at most one parent per node.",
                "x" = "More than one parent: {.val {many}}."), "invalid_graph", call = call)
  }
  skeleton <- (amat | t(amat))
  n_edges <- sum(skeleton) / 2
  n_components <- length(unique(skeleton_components(skeleton)))
  if (n_edges != nrow(amat) - n_components) {
    lbn_abort("A graph of type {.val forest} cannot have a cycle in its skeleton.",
              "invalid_graph", call = call)
  }
  invisible(TRUE)
}

# Connected components of an undirected logical/0-1 matrix: integer labels.
skeleton_components <- function(skeleton) {
  n <- nrow(skeleton)
  if (n == 0L) return(integer())
  idx <- which(skeleton != 0, arr.ind = TRUE)
  ig <- igraph::make_graph(as.vector(t(idx)), n = n, directed = FALSE)
  igraph::components(ig)$membership
}

abort_cycle <- function(cycle, call = rlang::caller_env()) {
  path <- paste(c(cycle, cycle[1L]), collapse = " -> ")
  lbn_abort(c("The graph has a directed cycle.", "x" = "Cycle: {path}."), "cycle", call = call)
}

# Undirected pairs (i < j) of an amat as a two-column index matrix.
undirected_pairs <- function(amat) {
  idx <- which(amat == 1L & t(amat) == 1L, arr.ind = TRUE)
  idx <- idx[idx[, 1L] < idx[, 2L], , drop = FALSE]
  matrix(rownames(amat)[idx], ncol = 2L)
}

format_edges <- function(pairs, sep, max = 5L) {
  shown <- utils::head(seq_len(nrow(pairs)), max)
  text <- paste(pairs[shown, 1L], sep, pairs[shown, 2L])
  if (nrow(pairs) > max) text <- c(text, paste0("and ", nrow(pairs) - max, " more"))
  paste(text, collapse = ", ")
}

# Any graph argument: a bn_graph, a matrix with dimnames, or an igraph graph.
as_graph_arg <- function(g, arg = rlang::caller_arg(g), call = rlang::caller_env()) {
  if (inherits(g, "bn_graph")) {
    if (!is.matrix(g$amat) || is.null(colnames(g$amat))) {
      lbn_abort("{.arg {arg}} is a malformed {.cls bn_graph} (no adjacency matrix).",
                "invalid_graph", call = call)
    }
    return(g)
  }
  if (is.matrix(g)) {
    amat <- check_amat(g, arg = arg, call = call)
    type <- if (any(amat == 1L & t(amat) == 1L)) "pdag" else "dag"
    return(new_bn_graph(amat, type))
  }
  if (inherits(g, "igraph")) return(from_igraph(g))
  lbn_abort("{.arg {arg}} must be a {.cls bn_graph}, not {.obj_type_friendly {g}}.",
            "type", call = call)
}

#' @export
as.matrix.bn_graph <- function(x, ...) {
  x$amat
}

#' Nodes and arcs of a graph
#'
#' `nodes()` gives the node names in the order of the adjacency matrix. `arcs()` lists
#' the edges as a data.frame with columns `from`, `to` and `directed`: a directed arc
#' i -> j is one row with `directed = TRUE`; an undirected edge is listed once, with
#' `from` the node that comes first in node order and `directed = FALSE`. Rows are
#' sorted by `from`, then `to`, in node order. A graph without edges gives a data.frame
#' with no rows and the same columns.
#'
#' @param g A [bn_graph].
#' @param ... Unused; for methods.
#' @return `nodes()`: a character vector. `arcs()`: a data.frame.
#' @family graphs
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][B|A][C|A:B]")
#' nodes(g)
#' arcs(g)
#' arcs(cpdag(g))
nodes <- function(g, ...) UseMethod("nodes")

#' @rdname nodes
#' @export
nodes.bn_graph <- function(g, ...) {
  colnames(g$amat)
}

#' @rdname nodes
#' @export
nodes.default <- function(g, ...) {
  colnames(as_graph_arg(g)$amat)
}

#' @rdname nodes
#' @export
arcs <- function(g, ...) UseMethod("arcs")

#' @rdname nodes
#' @export
arcs.bn_graph <- function(g, ...) {
  nodes <- colnames(g$amat)
  edges <- edge_index(g$amat)
  keep <- edges$directed | edges$from < edges$to
  data.frame(from = nodes[edges$from[keep]], to = nodes[edges$to[keep]],
             directed = edges$directed[keep], stringsAsFactors = FALSE)
}

# Every set entry of an adjacency matrix as (from, to) indices sorted by from, then to, with
# `directed` FALSE for the two entries of an undirected edge.
edge_index <- function(amat) {
  idx <- which(amat == 1L, arr.ind = TRUE)
  idx <- idx[order(idx[, 1L], idx[, 2L]), , drop = FALSE]
  list(from = unname(idx[, 1L]), to = unname(idx[, 2L]),
       directed = amat[idx[, 2:1, drop = FALSE]] == 0L)
}

#' @rdname nodes
#' @export
arcs.default <- function(g, ...) {
  arcs.bn_graph(as_graph_arg(g))
}

#' Model strings
#'
#' `bn_graph_from_string()` reads the bracket notation common in the field: one bracket
#' per node, `[node]` for a node without parents and `[node|parent1:parent2]` otherwise,
#' e.g. `"[A][B|A][C|A:B]"`. Node names cannot contain `[`, `]`, `|` or `:`; spaces
#' around names are dropped. Nodes appear in the graph in the order of the string.
#' `model_string()` writes a DAG in the same notation, nodes and parents in node order.
#'
#' Errors (class `"learnbn_error_parse"`) for malformed strings, duplicated nodes or
#' parents, unknown parents and self-parents; a cycle gives `"learnbn_error_cycle"`.
#' `model_string()` of a graph with undirected edges gives
#' `"learnbn_error_undirected"`: orient them first with [pdag_to_dag()].
#'
#' @param string A single string in bracket notation.
#' @param g A DAG ([bn_graph]).
#' @return `bn_graph_from_string()`: a `bn_graph` of type `"dag"`. `model_string()`: a
#'   single string.
#' @family graphs
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][B|A][C|A:B]")
#' model_string(g)
#' asia <- bn_graph_from_string(paste0(
#'   "[asia][smoke][tub|asia][lung|smoke][bronc|smoke]",
#'   "[either|tub:lung][xray|either][dysp|bronc:either]"))
#' asia
bn_graph_from_string <- function(string) {
  check_string(string)
  text <- gsub("[[:space:]]+", "", string)
  if (!grepl("^(\\[[^][]+\\])+$", text)) {
    lbn_abort(c("{.arg string} is not a model string of the form {.str [A][B|A][C|A:B]}.",
                "x" = "Got {.str {string}}."), "parse")
  }
  blocks <- regmatches(text, gregexpr("\\[[^][]+\\]", text))[[1L]]
  blocks <- substr(blocks, 2L, nchar(blocks) - 1L)
  bad <- blocks[!grepl("^[^|:]+(\\|[^|:]+(:[^|:]+)*)?$", blocks)]
  if (length(bad)) {
    lbn_abort(c("{.arg string} has a malformed bracket.",
                "x" = "Cannot read {.str [{bad[1]}]}: expected {.str [node]} or {.str [node|parent1:parent2]}."),
              "parse")
  }
  pieces <- strsplit(blocks, "|", fixed = TRUE)
  nodes <- vapply(pieces, `[[`, "", 1L)
  parents <- lapply(pieces, function(p) {
    if (length(p) > 1L) strsplit(p[2L], ":", fixed = TRUE)[[1L]] else character()
  })
  names(parents) <- nodes
  if (anyDuplicated(nodes)) {
    lbn_abort("{.arg string} lists node{?s} {.val {unique(nodes[duplicated(nodes)])}} more than once.",
              "parse")
  }
  for (node in nodes) {
    pa <- parents[[node]]
    unknown <- setdiff(pa, nodes)
    if (length(unknown)) {
      lbn_abort(c("{.arg string} gives node {.val {node}} the unknown parent{?s} {.val {unknown}}.",
                  "i" = "Every parent needs its own bracket, e.g. {.str [{unknown[1]}]}."), "parse")
    }
    if (anyDuplicated(pa)) {
      lbn_abort("{.arg string} gives node {.val {node}} the parent {.val {pa[duplicated(pa)][1]}} twice.",
                "parse")
    }
    if (node %in% pa) {
      lbn_abort("{.arg string} makes node {.val {node}} its own parent.", "parse")
    }
  }
  g <- graph_from_parents(parents, nodes)
  check_directed_acyclic(g$amat)
  g
}

#' @rdname bn_graph_from_string
#' @export
model_string <- function(g) {
  g <- as_graph_arg(g)
  amat <- g$amat
  check_no_undirected(amat, fn = "model_string")
  nodes <- colnames(amat)
  parents <- graph_parents(g)
  blocks <- vapply(nodes, function(node) {
    pa <- parents[[node]]
    if (length(pa)) paste0("[", node, "|", paste(pa, collapse = ":"), "]") else paste0("[", node, "]")
  }, "")
  paste(blocks, collapse = "")
}

check_no_undirected <- function(amat, fn, call = rlang::caller_env()) {
  pairs <- undirected_pairs(amat)
  if (nrow(pairs)) {
    lbn_abort(c("{.fn {fn}} needs a graph without undirected edges.",
                "x" = "Undirected: {format_edges(pairs, '-')}.",
                "i" = "Orient them first with {.fn pdag_to_dag}."),
              "undirected", call = call)
  }
  invisible(TRUE)
}

#' Convert to and from igraph
#'
#' `as_igraph()` gives a directed igraph graph with the node names as vertex names.
#' A directed arc is one edge; an undirected edge becomes two opposite edges, and the
#' logical edge attribute `directed` tells which is which. `from_igraph()` goes back:
#' an undirected igraph graph gives a graph whose edges are all undirected; in a
#' directed igraph graph a pair of opposite edges becomes an undirected edge and other
#' edges become arcs. The type is guessed as in [bn_graph()]. Vertices without names
#' are named `V1`, `V2`, ...; multiple edges and loops are errors.
#'
#' @param g A [bn_graph].
#' @param ig An igraph graph.
#' @return `as_igraph()`: an igraph graph. `from_igraph()`: a `bn_graph`.
#' @family graphs
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][B|A][C|A:B]")
#' ig <- as_igraph(g)
#' ig
#' from_igraph(ig)
as_igraph <- function(g) {
  g <- as_graph_arg(g)
  edges <- edge_index(g$amat)
  ig <- igraph::make_empty_graph(n = nrow(g$amat), directed = TRUE)
  ig <- igraph::set_vertex_attr(ig, "name", value = colnames(g$amat))
  if (length(edges$from)) {
    ig <- igraph::add_edges(ig, as.vector(rbind(edges$from, edges$to)),
                            attr = list(directed = edges$directed))
  }
  ig
}

#' @rdname as_igraph
#' @export
from_igraph <- function(ig) {
  if (!inherits(ig, "igraph")) {
    lbn_abort("{.arg ig} must be an igraph graph, not {.obj_type_friendly {ig}}.", "type")
  }
  if (any(igraph::which_loop(ig))) {
    lbn_abort("{.arg ig} has self-loops; a Bayesian network graph cannot.", "invalid_graph")
  }
  if (any(igraph::which_multiple(ig))) {
    lbn_abort("{.arg ig} has multiple edges between the same vertices.", "invalid_graph")
  }
  n <- igraph::vcount(ig)
  names <- igraph::vertex_attr(ig, "name")
  if (is.null(names)) names <- paste0("V", seq_len(n))
  ends <- igraph::ends(ig, igraph::E(ig), names = FALSE)
  amat <- matrix(0L, n, n, dimnames = list(names, names))
  amat[ends] <- 1L
  if (!igraph::is_directed(ig)) amat[ends[, 2:1, drop = FALSE]] <- 1L
  bn_graph(amat)
}

#' Is a graph a DAG?
#'
#' `TRUE` when the graph has no undirected edge and no directed cycle.
#' @param g A [bn_graph].
#' @return `TRUE` or `FALSE`.
#' @family graphs
#' @export
#' @examples
#' is_dag(bn_graph_from_string("[A][B|A][C|B]"))
#' is_dag(cpdag(bn_graph_from_string("[A][B|A][C|B]")))
is_dag <- function(g) {
  g <- as_graph_arg(g)
  amat <- g$amat
  if (any(amat == 1L & t(amat) == 1L)) return(FALSE)
  is.null(topo_sort_amat(amat)$cycle)
}
