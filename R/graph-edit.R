# Editing a DAG one arc at a time.

#' Add, remove or reverse an arc
#'
#' Edits one arc of a DAG and returns a new graph. The result is a plain DAG: the score
#' and the learner's information of a learned graph describe the old graph, so they are
#' dropped (print() shows no stale score).
#'
#' @inheritParams parents
#' @param from,to Names of two different nodes of `g`.
#' @return A DAG ([bn_graph]). `add_arc()` of an arc already there and `remove_arc()`
#'   of an absent arc are errors of class `"learnbn_error_arc"`, as is `add_arc()` when
#'   the opposite arc is present (use `reverse_arc()`). An edit that would close a
#'   directed cycle is an error of class `"learnbn_error_cycle"` naming the cycle.
#' @family graph queries
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][B|A][C|B]")
#' add_arc(g, "A", "C")
#' remove_arc(g, "B", "C")
#' reverse_arc(g, "A", "B")
#' try(add_arc(g, "C", "A"))   # would close A -> B -> C -> A
add_arc <- function(g, from, to) {
  amat <- edit_amat(g, from, to, "add_arc")
  if (amat[from, to] == 1L) lbn_abort("{.arg g} already has the arc {from} -> {to}.", "arc")
  if (amat[to, from] == 1L) {
    lbn_abort(c("{.arg g} has the arc {to} -> {from}.", "i" = paste0("Use {.fn reverse_arc} to ",
                                                                     "turn it round.")), "arc")
  }
  amat[from, to] <- 1L
  edited_graph(amat)
}

#' @rdname add_arc
#' @export
remove_arc <- function(g, from, to) {
  amat <- edit_amat(g, from, to, "remove_arc")
  if (amat[from, to] == 0L) lbn_abort("{.arg g} has no arc {from} -> {to}.", "arc")
  amat[from, to] <- 0L
  edited_graph(amat)
}

#' @rdname add_arc
#' @export
reverse_arc <- function(g, from, to) {
  amat <- edit_amat(g, from, to, "reverse_arc")
  if (amat[from, to] == 0L) lbn_abort("{.arg g} has no arc {from} -> {to}.", "arc")
  amat[from, to] <- 0L
  amat[to, from] <- 1L
  edited_graph(amat)
}

# The DAG matrix of `g` after checking that `from` and `to` are two different nodes.
edit_amat <- function(g, from, to, fn, call = rlang::caller_env()) {
  amat <- query_amat(g, fn, arg = "g", call = call)
  for (arg in c("from", "to")) {
    x <- get(arg, inherits = FALSE)
    if (!rlang::is_string(x)) {
      lbn_abort("{.arg {arg}} must be one node name, not {.obj_type_friendly {x}}.", "type",
                call = call)
    }
    if (!x %in% colnames(amat)) abort_unknown_name(x, colnames(amat), "unknown_node", arg = arg,
                                                   call = call)
  }
  if (from == to) lbn_abort(paste0("{.arg from} and {.arg to} are both {.val {from}}; an arc ",
                                   "joins two nodes."), "arc", call = call)
  amat
}

# A fresh DAG (no score, no info) from an edited matrix; a cycle is an error.
edited_graph <- function(amat, call = rlang::caller_env()) {
  sorted <- topo_sort_amat(amat)
  if (!is.null(sorted$cycle)) abort_cycle(sorted$cycle, call = call, what = "The edited graph")
  new_bn_graph(amat, "dag")
}
