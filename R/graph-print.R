# print and summary methods for bn_graph objects.

graph_type_label <- function(type) {
  switch(type, dag = "DAG", cpdag = "CPDAG", pdag = "PDAG", forest = "forest",
         as.character(type))
}

# Directed arcs, undirected edges and bidirected edges of a graph.
edge_counts <- function(g) {
  amat <- g$amat
  both <- sum(amat == 1L & t(amat) == 1L) / 2
  bidirected <- nrow(bidirected_edges(g))
  c(arcs = sum(amat) - 2 * both, edges = both - bidirected, bidirected = bidirected)
}

edge_symbols <- c(directed = "->", undirected = "-", bidirected = "<->")

format_node_list <- function(nodes, max = 10L) {
  if (length(nodes) <= max) return(paste(nodes, collapse = ", "))
  paste0(paste(nodes[seq_len(max)], collapse = ", "), ", ... (", length(nodes) - max, " more)")
}

# Comma-separated items packed greedily into lines, never splitting an item.
wrap_items <- function(items, prefix, width = getOption("width", 80L)) {
  indent <- strrep(" ", nchar(prefix))
  lines <- character()
  current <- prefix
  for (i in seq_along(items)) {
    item <- if (i < length(items)) paste0(items[i], ",") else items[i]
    fresh <- current == prefix || current == indent
    if (!fresh && nchar(current) + 1L + nchar(item) > width) {
      lines <- c(lines, current)
      current <- indent
      fresh <- TRUE
    }
    current <- if (fresh) paste0(current, item) else paste(current, item)
  }
  c(lines, current)
}

plural <- function(count, word) {
  paste0(format_count(count), " ", word, if (count != 1) "s")
}

#' @export
print.bn_graph <- function(x, ...) {
  amat <- x$amat
  nodes <- colnames(amat)
  counts <- edge_counts(x)
  # bidirected edges are rare (PC conflicts): counted only when there are some
  bidirected <- if (counts[["bidirected"]]) paste0(", ",
                                                   plural(counts[["bidirected"]],
                                                          "bidirected edge"))
  cat("<bn_graph> ", graph_type_label(x$type), " with ", plural(length(nodes), "node"), ", ",
      plural(counts[["arcs"]], "arc"), ", ", plural(counts[["edges"]], "undirected edge"),
      bidirected, "\n", sep = "")
  if (length(nodes)) cat("  nodes: ", format_node_list(nodes), "\n", sep = "")
  if (!is.null(x$score)) cat("  score: ", format(x$score, digits = 8), "\n", sep = "")
  if (length(nodes) <= 20L && sum(amat) > 0) {
    if (counts[["arcs"]] == sum(amat) && is.null(topo_sort_amat(amat)$cycle)) {
      cat("  model: ", model_string(x), "\n", sep = "")
    } else {
      edges <- arcs(x)
      text <- paste(edges$from, edge_symbols[edges$type], edges$to)
      cat(wrap_items(text, prefix = "  edges: "), sep = "\n")
    }
  }
  invisible(x)
}

#' Summarise a graph
#'
#' Counts and degree statistics of a [bn_graph]: number of nodes, directed arcs,
#' undirected edges and bidirected edges, the average Markov blanket size (parents,
#' children, other parents of the children through directed arcs, and neighbours through
#' undirected and bidirected edges), the average and largest number of parents through
#' directed arcs, and the number of immoralities ([v_structures()]).
#'
#' @param object A [bn_graph].
#' @param ... Unused.
#' @return A `summary.bn_graph` object (a list with `type`, `nodes`, `arcs`, `edges`
#'   (undirected), `bidirected`, `avg_markov_blanket`, `avg_in_degree`, `max_in_degree`,
#'   `v_structures`) that prints as a small table; the bidirected row is printed only
#'   when there are some.
#' @family graphs
#' @export
#' @examples
#' summary(bn_graph_from_string("[A][C][B|A:C][D|B]"))
summary.bn_graph <- function(object, ...) {
  amat <- object$amat
  n <- nrow(amat)
  counts <- edge_counts(object)
  directed <- amat == 1L & t(amat) == 0L
  undirected <- amat == 1L & t(amat) == 1L
  in_degree <- colSums(directed)
  parents <- lapply(seq_len(n), function(j) which(directed[, j]))
  blanket_size <- vapply(seq_len(n), function(i) {
    children <- which(directed[i, ])
    members <- c(parents[[i]], children, which(undirected[i, ]),
                 unlist(parents[children], use.names = FALSE))
    length(setdiff(unique(members), i))
  }, numeric(1))
  structure(list(type = object$type, nodes = n, arcs = counts[["arcs"]],
                 edges = counts[["edges"]], bidirected = counts[["bidirected"]],
                 avg_markov_blanket = if (n) mean(blanket_size) else 0,
                 avg_in_degree = if (n) mean(in_degree) else 0,
                 max_in_degree = if (n) max(in_degree) else 0,
                 v_structures = nrow(v_structure_index(amat))),
            class = "summary.bn_graph")
}

#' @export
print.summary.bn_graph <- function(x, ...) {
  cat("<bn_graph summary> ", graph_type_label(x$type), "\n", sep = "")
  rows <- c("nodes" = format(x$nodes), "directed arcs" = format(x$arcs),
            "undirected edges" = format(x$edges),
            "bidirected edges" = if (isTRUE(x$bidirected > 0)) format(x$bidirected),
            "average Markov blanket size" = formatC(x$avg_markov_blanket, format = "f", digits = 2),
            "average in-degree" = formatC(x$avg_in_degree, format = "f", digits = 2),
            "maximum in-degree" = format(x$max_in_degree),
            "v-structures" = format(x$v_structures))
  labels <- formatC(names(rows), width = -max(nchar(names(rows))))
  cat(paste0("  ", labels, "  ", rows, "\n"), sep = "")
  invisible(x)
}
