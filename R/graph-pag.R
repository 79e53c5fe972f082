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
