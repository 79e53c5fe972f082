# Checks of bn_graph arguments and adjacency matrices, and the errors they raise.

# The `bidirected` argument of bn_graph(): NULL or node-name pairs that amat has both
# ways; returns them in the stored form of g$bidirected.
check_bidirected <- function(bidirected, amat, call = rlang::caller_env()) {
  if (is.null(bidirected)) return(no_bidirected)
  if (is.matrix(bidirected)) bidirected <- as.data.frame(bidirected, stringsAsFactors = FALSE)
  if (!is.data.frame(bidirected) || ncol(bidirected) != 2L ||
      !all(vapply(bidirected, is.character, logical(1)))) {
    lbn_abort(paste0("{.arg bidirected} must be a two-column data.frame or matrix of node names, ",
                     "not {.obj_type_friendly {bidirected}}."),
              "type", call = call)
  }
  nodes <- colnames(amat)
  check_nodes(unique(unlist(bidirected, use.names = FALSE)), nodes, arg = "bidirected", call = call)
  pairs <- bidirected_frame(bidirected, nodes)
  one_way <- amat[cbind(pairs$from, pairs$to)] == 0L | amat[cbind(pairs$to, pairs$from)] == 0L
  if (any(one_way)) {
    lbn_abort(c("{.arg bidirected} lists edges that {.arg amat} does not have both ways.",
                "x" = "Not set both ways: {format_edges(as.matrix(pairs[one_way, ]), '<->')}.",
                "i" = paste0("A bidirected edge i <-> j has both {.code amat[i, j]} and ",
                             "{.code amat[j, i]} set.")),
              "invalid_graph", call = call)
  }
  pairs
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
    lbn_abort("{.arg {arg}} must have identical row and column names.", "invalid_graph",
              call = call)
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

abort_cycle <- function(cycle, call = rlang::caller_env(), what = "The graph") {
  path <- paste(c(cycle, cycle[1L]), collapse = " -> ")
  lbn_abort(c(paste(what, "has a directed cycle."), "x" = "Cycle: {path}."), "cycle", call = call)
}

# Stops when a graph has bidirected edges, which no DAG or partially directed graph has:
# for every function that needs one of those.
check_no_bidirected <- function(g, arg = rlang::caller_arg(g), call = rlang::caller_env()) {
  bi <- bidirected_edges(g)
  if (nrow(bi)) {
    lbn_abort(c(paste0("{.arg {arg}} has {cli::qty(nrow(bi))}{?a/} bidirected edge{?s}: ",
                       "{format_edges(as.matrix(bi), '<->')}."),
                "i" = paste0("A bidirected edge records two conflicting orientations (see ",
                             "{.fn pc}) and has no place in a DAG or a CPDAG; rerun {.fn pc} with ",
                             "{.code conflicts = \"first\"}, {.code \"strongest\"} or ",
                             "{.code \"bnlearn\"} to keep one orientation.")),
              "bidirected", call = call)
  }
  invisible(g)
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
  check_not_pag(g, arg = arg, call = call)  # R/graph-pag.R
  if (inherits(g, "bn")) return(from_bn(g))  # bnlearn's structures and fits
  if (inherits(g, "bn.fit")) return(from_bn(g)$graph)
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
