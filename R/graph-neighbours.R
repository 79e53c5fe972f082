#' The neighbourhood of a DAG
#'
#' The DAGs one basic graph operation away from `g` (Kochenderfer et al. 2022, section 5.2): adding
#' an arc between two non-adjacent nodes, removing an arc, or reversing an arc, whenever
#' the result is still acyclic. This is the neighbourhood that [hill_climb()],
#' [tabu_search()] and [best_first_search()] explore. An addition `i -> j` is
#' legal unless `j` already reaches `i`; a reversal of `i -> j` is legal unless another
#' directed path leads from `i` to `j`; removals are always legal.
#'
#' Exercise 5.1 of Kochenderfer et al. (2022): an edgeless DAG on `m` nodes has
#' `m (m - 1)` neighbours (every arc can be added and nothing else can be done).
#'
#' @param g A DAG: a [bn_graph], an adjacency matrix with dimnames or an igraph graph.
#' @return `neighbours()`: a list of [bn_graph] DAGs named by their move, such as
#'   `"add A -> B"`, `"remove A -> B"` or `"reverse A -> B"` (additions first, then
#'   removals, then reversals, each in the order of the node pairs).
#'   `count_neighbours()`: their number, without building them.
#' @references Kochenderfer, M. J., Wheeler, T. A. and Wray, K. H. (2022). *Algorithms for
#'   Decision Making*. MIT Press, chapter 5 (Structure learning).
#' @family graphs
#' @export
#' @examples
#' count_neighbours(bn_graph_from_string("[A][B][C][D]"))  # 4 * 3
#' # Kochenderfer et al. (2022), exercise 5.2: A -> B, A -> C, B -> C and D -> B
#' # have 10 neighbours.
#' g <- bn_graph_from_string("[A][D][B|A:D][C|A:B]")
#' names(neighbours(g))
neighbours <- function(g) {
  g <- as_graph_arg(g)
  moves <- legal_moves(g)
  nodes <- colnames(g$amat)
  graphs <- lapply(seq_len(nrow(moves)), function(m) apply_move(g, moves[m, ]))
  names(graphs) <- sprintf("%s %s -> %s", moves$move, nodes[moves$from], nodes[moves$to])
  graphs
}

# The DAG after one move of legal_moves() (a row: move, from, to).
apply_move <- function(g, move) {
  amat <- g$amat
  amat[move$from, move$to] <- if (move$move == "add") 1L else 0L
  if (move$move == "reverse") amat[move$to, move$from] <- 1L
  new_bn_graph(amat, "dag")
}

#' @rdname neighbours
#' @export
count_neighbours <- function(g) nrow(legal_moves(g))

# The legal moves of a DAG as a data.frame (move, from, to) of 1-based node positions.
legal_moves <- function(g, arg = rlang::caller_arg(g), call = rlang::caller_env()) {
  force(arg)
  g <- as_graph_arg(g, arg = arg, call = call)
  check_no_bidirected(g, arg = arg, call = call)
  if (!is_dag(g)) {
    lbn_abort(c("{.arg {arg}} must be a DAG, not a graph of type {.val {g$type}}.",
                "i" = "Undirected edges can be oriented with {.fn pdag_to_dag}."), "not_dag",
              call = call)
  }
  moves <- as.data.frame(cpp_legal_moves(g$amat), stringsAsFactors = FALSE)
  moves <- moves[order(match(moves$move, c("add", "remove", "reverse")), moves$from, moves$to), ]
  rownames(moves) <- NULL
  moves
}
