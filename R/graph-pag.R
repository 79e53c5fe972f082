# The bn_pag class: a partial ancestral graph (PAG), the equivalence class of maximal
# ancestral graphs that FCI-type learners return when latent common causes may exist.
#
# A bn_pag is list(amat, info, latent) with class "bn_pag". amat is an integer square
# matrix in pcalg's coding, with identical row and column dimnames (the node names):
# amat[i, j] is the mark at j's end of the edge between i and j, 0 no edge, 1 circle,
# 2 arrowhead, 3 tail. So i -> j is amat[i, j] = 2, amat[j, i] = 3; i <-> j is 2 and 2;
# i o-> j is 2 and 1. An edge has both entries non-zero, a non-edge both zero.
# `latent` names the hidden nodes of the DAG a PAG was derived from (dag_to_pag()),
# character() otherwise.

pag_marks <- c(none = 0L, circle = 1L, arrowhead = 2L, tail = 3L)

#' Build a PAG without checks (for learners)
#'
#' Internal constructor used by learners that already know their matrix is valid.
#' @noRd
new_bn_pag <- function(amat, info = list(), latent = character()) {
  storage.mode(amat) <- "integer"
  structure(list(amat = amat, info = info, latent = latent), class = "bn_pag")
}

# Checks a PAG adjacency matrix given by a user: square, named alike on both sides,
# marks in 0:3, an empty diagonal, and each edge marked at both of its ends.
check_pag_amat <- function(amat, arg = rlang::caller_arg(amat), call = rlang::caller_env()) {
  if (!is.matrix(amat) || !is.numeric(amat) || nrow(amat) != ncol(amat)) {
    lbn_abort("{.arg {arg}} must be a square numeric matrix of edge marks.", "pag", call = call)
  }
  nodes <- colnames(amat)
  if (is.null(nodes) || anyNA(nodes) || anyDuplicated(nodes) ||
      !identical(rownames(amat), nodes)) {
    lbn_abort(c("{.arg {arg}} must have the same unique node names as row and column names.",
                "i" = "Set them with {.code dimnames(x) <- list(nodes, nodes)}."),
              "pag", call = call)
  }
  bad <- which(!(amat %in% pag_marks))
  if (length(bad)) {
    lbn_abort(c("{.arg {arg}} holds {.val {amat[bad[1]]}}; marks are 0 (none), 1 (circle),
                 2 (arrowhead) and 3 (tail)."), "pag", call = call)
  }
  if (any(diag(amat) != 0)) {
    lbn_abort("{.arg {arg}} has a non-zero diagonal (no node has an edge to itself).",
              "pag", call = call)
  }
  half <- which((amat == 0) != (t(amat) == 0), arr.ind = TRUE)
  if (nrow(half)) {
    lbn_abort(c("{.arg {arg}} marks only one end of the edge between {.val {nodes[half[1, 1]]}}
                 and {.val {nodes[half[1, 2]]}}.",
                "i" = "An edge has a mark at both ends: set both entries or neither."),
              "pag", call = call)
  }
  invisible(amat)
}

# ---- reading edges ------------------------------------------------------------------

# Every edge of a PAG once, in node order: indices i < j and the marks at both ends, as
# codes (the mark at i's end is amat[j, i]).
pag_edge_index <- function(amat) {
  idx <- which(amat != 0L & upper.tri(amat), arr.ind = TRUE)
  idx <- idx[order(idx[, 1L], idx[, 2L]), , drop = FALSE]
  list(from = unname(idx[, 1L]), to = unname(idx[, 2L]),
       mark_from = amat[idx[, 2:1, drop = FALSE]], mark_to = amat[idx])
}

# The symbol of one end of an edge, written at the `from` or `to` side of the dashes.
pag_end_symbol <- function(code, side) {
  head <- if (side == "from") "<" else ">"
  c("o", head, "-")[code]
}

# Edges written for people: each edge turned so that the stronger mark (tail < circle <
# arrowhead) is on the right, so every edge reads as one of the six kinds of pag_kinds.
pag_edge_text <- function(amat) {
  e <- pag_edge_index(amat)
  nodes <- colnames(amat)
  strength <- c(2L, 3L, 1L)  # circle, arrowhead, tail
  swap <- strength[e$mark_from] > strength[e$mark_to]
  left <- ifelse(swap, e$to, e$from)
  right <- ifelse(swap, e$from, e$to)
  mark_left <- ifelse(swap, e$mark_to, e$mark_from)
  mark_right <- ifelse(swap, e$mark_from, e$mark_to)
  symbol <- paste0(vapply(mark_left, pag_end_symbol, "", side = "from"), "-",
                   vapply(mark_right, pag_end_symbol, "", side = "to"))
  list(text = paste(nodes[left], symbol, nodes[right]), kind = symbol)
}

# The six kinds of PAG edge (Zhang 2008's names), in the order print() and summary() list them.
pag_kinds <- c("-->" = "directed", "<->" = "bidirected", "o->" = "partially directed",
               "o-o" = "nondirected", "---" = "undirected", "--o" = "partially undirected")

pag_kind_counts <- function(amat) {
  kinds <- pag_edge_text(amat)$kind
  stats::setNames(vapply(names(pag_kinds), function(k) sum(kinds == k), integer(1)),
                  names(pag_kinds))
}

# ---- building ---------------------------------------------------------------------

#' Partial ancestral graphs
#'
#' A partial ancestral graph (PAG, a `bn_pag` object) is what FCI-type learners return when
#' latent common causes may exist: the equivalence class of maximal ancestral graphs
#' (MAGs), drawn as one graph whose edges carry a mark at each end. A tail (`-`) or an
#' arrowhead (`>`) is a mark that every MAG of the class shares; a circle (`o`) is a mark
#' that differs between them. So `A --> B` says A is a cause (ancestor) of B, `A <-> B`
#' that neither causes the other (a latent common cause), `A o-> B` that B does not cause A,
#' and `A o-o B` nothing about direction.
#'
#' `as_pag()` builds one:
#' * from a matrix in pcalg's coding: `x[i, j]` is the mark at j's end of the edge between
#'   i and j, 0 for no edge, 1 circle, 2 arrowhead, 3 tail, with the node names as
#'   identical row and column names (so i --> j is `x[i, j] = 2`, `x[j, i] = 3`). Every edge
#'   has a mark at both ends and the diagonal is 0. A 0/1 adjacency matrix is read in this
#'   coding too (every edge o-o): make it a [bn_graph()] first to read its arcs.
#' * from a [bn_graph]: an arc i -> j becomes i --> j, an undirected edge (of a CPDAG)
#'   i o-o j and a bidirected edge i <-> j. A DAG is its own MAG, and its PAG as a MAG
#'   (tails and arrowheads only). This reads the graph's marks; it is not the PAG of the
#'   DAG's equivalence class, whose marks are less certain (see `dag_to_pag()`).
#' * from a PAG: unchanged.
#'
#' `as.matrix()` gives the matrix in pcalg's coding, so `as_pag(as.matrix(p))` gives `p`
#' back (without its `latent` nodes and `info`), and the matrix can be handed to pcalg's
#' functions. A `bn_pag` is a list with `amat` (that matrix, integer), `info` (what the
#' learner reports) and `latent` (the names of the hidden nodes of the DAG a PAG was derived
#' from, or none).
#'
#' A PAG is not a DAG or a CPDAG: functions that need one ([cpdag()], [fit_parameters()],
#' [network_score()], [pdag_to_dag()], [as_bn()], [as_igraph()], ...) stop with an error of
#' class `"learnbn_error_pag"`. No conversion from a PAG to a DAG exists (its circles and
#' bidirected edges have no one reading); [arcs()] lists its edges with both marks.
#'
#' Errors have class `"learnbn_error_pag"` (a matrix that is not square, not named alike on
#' both sides, holds values other than 0 to 3, has a non-zero diagonal or an edge marked at
#' one end only) or `"learnbn_error_type"` (neither a matrix nor a graph).
#'
#' @param x A numeric matrix in pcalg's coding, a [bn_graph] (or anything [arcs()] reads as
#'   a graph: a bnlearn structure, an igraph graph) or a `bn_pag`.
#' @param ... Unused; for methods.
#' @return A `bn_pag` object.
#' @references Zhang, J. (2008). On the completeness of orientation rules for causal
#'   discovery in the presence of latent confounders and selection bias. *Artificial
#'   Intelligence* 172, 1873-1896.
#' @family graphs
#' @aliases bn_pag
#' @export
#' @examples
#' # A o-> C <-> B, C --> D: pcalg's coding, mark at the column's end
#' m <- matrix(0, 4, 4, dimnames = list(c("A", "B", "C", "D"), c("A", "B", "C", "D")))
#' m["A", "C"] <- 2; m["C", "A"] <- 1
#' m["B", "C"] <- 2; m["C", "B"] <- 2
#' m["C", "D"] <- 2; m["D", "C"] <- 3
#' p <- as_pag(m)
#' p
#' arcs(p)
#' identical(as_pag(as.matrix(p)), p)
#' # a DAG as a MAG, and a CPDAG's undirected edges as o-o
#' g <- bn_graph_from_string("[A][B|A][C|B]")
#' as_pag(g)
#' as_pag(cpdag(g))
as_pag <- function(x, ...) UseMethod("as_pag")

#' @rdname as_pag
#' @export
as_pag.matrix <- function(x, ...) {
  amat <- check_pag_amat(x, arg = "x", call = rlang::current_env())
  dimnames(amat) <- list(colnames(amat), colnames(amat))
  new_bn_pag(amat)
}

#' @rdname as_pag
#' @export
as_pag.bn_graph <- function(x, ...) {
  amat <- as_graph_arg(x, arg = "x", call = rlang::current_env())$amat
  both <- amat == 1L & t(amat) == 1L
  pag <- amat * 2L + t(amat) * 3L  # an arc's head is 2, its tail 3
  pag[both] <- 1L
  pag[bidirected_mask(x)] <- 2L
  new_bn_pag(pag)
}

#' @rdname as_pag
#' @export
as_pag.bn_pag <- function(x, ...) x

#' @rdname as_pag
#' @export
as_pag.default <- function(x, ...) {
  call <- rlang::current_env()
  if (!inherits(x, c("bn", "bn.fit", "igraph"))) {
    lbn_abort(paste0("{.arg x} must be a matrix of edge marks (pcalg's coding), a ",
                     "{.cls bn_graph} or a {.cls bn_pag}, not {.obj_type_friendly {x}}."),
              "type", call = call)
  }
  as_pag.bn_graph(as_graph_arg(x, arg = "x", call = call))
}

#' @export
as.matrix.bn_pag <- function(x, ...) x$amat

#' @rdname nodes
#' @export
#' @order 3
nodes.bn_pag <- function(g, ...) colnames(g$amat)

#' @rdname nodes
#' @export
#' @order 10
arcs.bn_pag <- function(g, ...) {
  nodes <- colnames(g$amat)
  e <- pag_edge_index(g$amat)
  mark_names <- names(pag_marks)
  data.frame(from = nodes[e$from], to = nodes[e$to], mark_from = mark_names[e$mark_from + 1L],
             mark_to = mark_names[e$mark_to + 1L], stringsAsFactors = FALSE)
}

# ---- printing ---------------------------------------------------------------------

#' @export
print.bn_pag <- function(x, ...) {
  amat <- x$amat
  nodes <- colnames(amat)
  counts <- pag_kind_counts(amat)
  shown <- counts[counts > 0L]
  kinds <- if (length(shown)) {
    paste0(": ", paste(format_count(shown), names(shown), collapse = ", "))
  }
  cat("<bn_pag> PAG with ", plural(length(nodes), "node"), " and ", plural(sum(counts), "edge"),
      kinds, "\n", sep = "")
  if (length(nodes)) cat("  nodes: ", format_node_list(nodes), "\n", sep = "")
  if (length(x$latent)) cat("  latent: ", format_node_list(x$latent), "\n", sep = "")
  if (length(nodes) <= 20L && sum(counts)) {
    cat(wrap_items(pag_edge_text(amat)$text, prefix = "  edges: "), sep = "\n")
  }
  invisible(x)
}

#' Summarise a PAG
#'
#' Counts of a `bn_pag` (see [as_pag()]): nodes, edges, edges of each of the six kinds
#' (Zhang 2008's names: directed `-->`, bidirected `<->`, partially directed `o->`,
#' nondirected `o-o`, undirected `---`, partially undirected `--o`), and latent nodes.
#'
#' @param object A `bn_pag`.
#' @param ... Unused.
#' @return A `summary.bn_pag` object (a list with `nodes`, `edges`, `kinds`, a named integer
#'   vector of counts named by the edge symbols, and `latent`, the number of latent nodes)
#'   that prints as a small table.
#' @family graphs
#' @export
#' @examples
#' m <- matrix(0, 3, 3, dimnames = list(c("A", "B", "C"), c("A", "B", "C")))
#' m["A", "B"] <- 2; m["B", "A"] <- 1
#' m["C", "B"] <- 2; m["B", "C"] <- 1
#' summary(as_pag(m))
summary.bn_pag <- function(object, ...) {
  counts <- pag_kind_counts(object$amat)
  structure(list(nodes = ncol(object$amat), edges = sum(counts), kinds = counts,
                 latent = length(object$latent)),
            class = "summary.bn_pag")
}

#' @export
print.summary.bn_pag <- function(x, ...) {
  cat("<bn_pag summary> PAG\n")
  kinds <- stats::setNames(format(x$kinds), paste0(pag_kinds[names(x$kinds)], " (",
                                                    names(x$kinds), ")"))
  rows <- c("nodes" = format(x$nodes), "edges" = format(x$edges), kinds,
            "latent nodes" = format(x$latent))
  labels <- formatC(names(rows), width = -max(nchar(names(rows))))
  cat(paste0("  ", labels, "  ", rows, "\n"), sep = "")
  invisible(x)
}

# ---- where a DAG or CPDAG is needed -------------------------------------------------

# Stops when a PAG is given where a DAG or a CPDAG is needed (as_graph_arg(), the checks of
# fitting and scoring): there is no conversion to make, only the other way.
check_not_pag <- function(g, arg = rlang::caller_arg(g), call = rlang::caller_env()) {
  if (!inherits(g, "bn_pag")) return(invisible(g))
  lbn_abort(c("{.arg {arg}} is a PAG (partial ancestral graph), not a DAG or a CPDAG.",
              "i" = paste0("No conversion from a PAG to a DAG exists: its circles and ",
                           "bidirected edges (latent common causes) have no one reading as arcs."),
              "i" = paste0("{.fn arcs} lists its edges with both marks, and {.fn shd} and ",
                           "{.fn compare_graphs} compare it with another PAG; {.fn as_pag} ",
                           "converts the other way, a DAG or a CPDAG to a PAG.")),
            "pag", call = call)
}
