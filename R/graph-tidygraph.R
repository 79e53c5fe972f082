# The graph ecosystem: the attributes as_igraph() carries over (edge strengths, node
# types) and tidygraph's as_tbl_graph(), for ggraph.

#' Convert to a tidygraph graph
#'
#' Methods for tidygraph's `as_tbl_graph()` generic, so a learned graph or a fitted
#' network goes straight to tidygraph's verbs and to ggraph's plots. The `tbl_graph` is
#' [as_igraph()]'s graph: a node table with `name` (and `node_type` and `n_levels` for a
#' fit, or a graph given with its `data`) and an edge table with `from`, `to`,
#' `directed`, `type` (and `strength` when given). An undirected or bidirected edge is
#' two opposite rows, as in igraph. [from_igraph()] reads the `tbl_graph` back. Needs
#' the tidygraph package (and ggraph to plot).
#'
#' @param x A [bn_graph], or a `bn_fit` from [fit_parameters()] or [read_bif()].
#' @param ... Passed to [as_igraph()]: `strength` and `data`.
#' @return A `tbl_graph`.
#' @family graphs
#' @exportS3Method tidygraph::as_tbl_graph
#' @examples
#' if (requireNamespace("tidygraph", quietly = TRUE)) {
#'   d <- bn_data(college_plans, counts = "count")
#'   set.seed(1)
#'   boot <- bootstrap_arcs(d, hill_climb, R = 10, score = "bic")
#'   tg <- tidygraph::as_tbl_graph(average_network(boot), strength = boot, data = d)
#'   print(tg)
#'   from_igraph(tg)
#' }
#' \donttest{
#' # plotted with ggraph: edge width by strength, nodes filled by their number of levels
#' if (requireNamespace("ggraph", quietly = TRUE)) {
#'   ggraph::ggraph(tg, layout = "sugiyama") +
#'     ggraph::geom_edge_link(ggplot2::aes(edge_width = strength),
#'                            arrow = ggplot2::arrow(length = ggplot2::unit(3, "mm")),
#'                            end_cap = ggraph::circle(5, "mm")) +
#'     ggraph::scale_edge_width(range = c(0.3, 1.5), limits = c(0, 1)) +
#'     ggraph::geom_node_label(ggplot2::aes(label = name, fill = factor(n_levels))) +
#'     ggplot2::labs(fill = "levels")
#' }
#' }
as_tbl_graph.bn_graph <- function(x, ...) {
  rlang::check_installed("tidygraph", reason = "to convert to a tbl_graph.")
  tidygraph::as_tbl_graph(as_igraph(x, ...))
}

#' @rdname as_tbl_graph.bn_graph
#' @exportS3Method tidygraph::as_tbl_graph
as_tbl_graph.bn_fit <- function(x, ...) {
  rlang::check_installed("tidygraph", reason = "to convert to a tbl_graph.")
  tidygraph::as_tbl_graph(as_igraph(x, ...))
}

# The vertex attributes node_type and n_levels of a fit's nodes, or of a graph's nodes in
# `data`; an empty list when neither says.
node_kinds <- function(g, data, call = rlang::caller_env()) {
  if (inherits(g, "bn_fit")) {
    if (!is.null(data)) warn_unused_arguments("data", "for a {.cls bn_fit}")
    # A Gaussian fit has no levels; a mixed one those of its discrete nodes only.
    return(kinds_from_levels(.subset2(g, "levels"), colnames(.subset2(g, "graph")$amat)))
  }
  if (is.null(data)) return(list())
  # Only the columns' kinds are read: warnings about learning from them do not apply.
  data <- withCallingHandlers(as_bn_data(data, arg = "data", call = call),
                              learnbn_warning = function(w) invokeRestart("muffleWarning"))
  nodes <- colnames(as_graph_arg(g, arg = "g", call = call)$amat)
  check_node_columns(nodes, names(data$levels), "data", "g", call = call)
  levels <- data$levels
  levels[continuous_nodes(data)] <- list(NULL)
  kinds_from_levels(levels, nodes)
}

kinds_from_levels <- function(levels, nodes) {
  n_levels <- vapply(nodes, function(node) length(levels[[node]]), 0L, USE.NAMES = FALSE)
  list(node_type = ifelse(n_levels > 0L, "discrete", "gaussian"),
       n_levels = ifelse(n_levels > 0L, n_levels, NA_integer_))
}

# The edge attributes from `strength` for the igraph edges (node numbers `edges$from`
# and `edges$to`, as edge_index() gives them): `strength`, the larger of the two
# directions for a two-way edge, and for a bootstrap result `direction`.
edge_strength_attrs <- function(edges, nodes, strength, call = rlang::caller_env()) {
  if (is.null(strength)) return(list())
  table <- igraph_strength_table(strength, nodes, call)
  key <- function(from, to) paste(from, to, sep = "\r")
  from <- nodes[edges$from]
  to <- nodes[edges$to]
  row <- match(key(from, to), key(table$from, table$to))
  back <- match(key(to, from), key(table$from, table$to))
  s <- ifelse(edges$type == "directed", table$strength[row],
              pmax(table$strength[row], table$strength[back], na.rm = TRUE))
  if (attr(table, "exhaustive")) s[is.na(s)] <- 0
  out <- list(strength = s)
  if (!is.null(table$direction)) out$direction <- ifelse(is.na(row), 0, table$direction[row])
  out
}

# `strength` as from, to, strength (and direction for a bootstrap result), with the
# attribute `exhaustive`: TRUE when an absent edge has strength 0 (bootstrap, arc
# probabilities), FALSE for a user's table, where it is unknown.
igraph_strength_table <- function(strength, nodes, call) {
  if (is.data.frame(strength)) return(data_frame_strengths(strength, call))
  table <- strength_table(strength, nodes, call = call)  # R/plot-graph.R
  if (inherits(strength, "bn_bootstrap")) table$direction <- strength$strength$direction
  structure(table, exhaustive = TRUE)
}

# A user's table (such as arc_strength()'s): any finite numbers.
data_frame_strengths <- function(strength, call) {
  if (!all(c("from", "to", "strength") %in% names(strength)) ||
      !is.numeric(strength$strength) || any(!is.finite(strength$strength))) {
    lbn_abort(c(paste0("{.arg strength} must have columns {.field from}, {.field to} and ",
                       "{.field strength}, the last of finite numbers."),
                "i" = "Its columns: {list_few(names(strength), 10L, quote = TRUE)}."),
              "value", call = call)
  }
  table <- data.frame(from = as.character(strength$from), to = as.character(strength$to),
                      strength = as.numeric(strength$strength), stringsAsFactors = FALSE)
  structure(table, exhaustive = FALSE)
}
