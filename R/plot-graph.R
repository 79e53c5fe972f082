# plot() of bn_graph objects: a layered drawing in base graphics whose arcs never cross
# a node they do not join, with node boxes sized to their labels.

#' Plot a graph
#'
#' Draws a [bn_graph] in layers, parents above their children (Sugiyama's layered layout
#' from igraph). Each node is a box sized to its label; an arc leaves its parent's box at
#' the bottom and enters its child's box at the top, and an arc that spans several layers
#' bends through a free slot in each layer it crosses, so no arc passes through a node it
#' does not join. Directed arcs have one arrowhead, bidirected edges (see [bn_graph()]) one
#' at each end, undirected edges none. Labels, boxes and spacing are scaled to fill the
#' plotting region of the device, so the same call gives a readable figure in the console,
#' in a small R Markdown figure or in a large PNG.
#'
#' Arc `strength` is drawn as arc width and shade: from a thin light grey line (strength 0)
#' to a thick black one (strength 1). `highlight` draws the given nodes, and the arcs among
#' them, in red. The drawing stays readable up to about 100 nodes; for larger networks,
#' plot a part of the graph with `nodes`, such as a Markov blanket (see [markov_blanket()]).
#'
#' A graph learned from mixed data under a conditional linear Gaussian score (whose
#' `info$excluded_arcs` lists the arcs from continuous to discrete nodes) is drawn with
#' its continuous nodes in shaded boxes and its discrete nodes in white ones, and a
#' caption under the drawing says so.
#'
#' @param x A [bn_graph].
#' @param layout `NULL` for the layered layout, or a two-column matrix of node centres (one
#'   row per drawn node, in node order) or an igraph layout function such as
#'   [igraph::layout_in_circle()]. With a layout of your own, arcs are straight lines
#'   between the boxes and may cross other nodes.
#' @param strength `NULL`, or arc strengths: a data.frame with columns `from`, `to` and
#'   `strength` (in \[0, 1\], e.g. from [arc_strength()]), a matrix of arc probabilities
#'   (from [arc_probabilities()]), a `bn_bootstrap` object (the share of replicates with
#'   each edge, in either direction) or a `bn_samples` object (its arc probabilities). An
#'   arc of `x` missing from `strength` has strength 0; an undirected edge takes the larger
#'   of its two directions.
#' @param highlight `NULL`, or names of nodes to draw, with the arcs among them, in red.
#' @param nodes `NULL` to draw every node, or the names of the nodes to draw, with the
#'   edges among them (e.g. `markov_blanket(x, "CP")` and the node itself).
#' @param removed `TRUE` to draw also the edges a [pc()] run removed, dotted and labelled
#'   with the separating set that removed them (`{}` for the empty set); see [explain_pc()]
#'   for the tests behind them.
#' @param main A title, or `NULL` for none.
#' @param cex `NULL` to scale the labels to the device, or the label size (1 is the
#'   device's normal text size).
#' @param ... Not used; a warning names any argument given here.
#' @return `x`, invisibly.
#' @family graphs
#' @export
#' @examples
#' g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SEX:SES:IQ][CP|SES:IQ:PE]")
#' plot(g)
#' plot(cpdag(g), main = "CPDAG")
#' strength <- data.frame(from = c("SES", "IQ", "PE"), to = c("IQ", "PE", "CP"),
#'                        strength = c(1, 0.3, 0.7))
#' plot(g, strength = strength, highlight = c("PE", "CP"))
#' plot(g, nodes = c("CP", markov_blanket(g, "CP")))
#' plot(pc(bn_data(college_plans, counts = "count")), removed = TRUE)
plot.bn_graph <- function(x, layout = NULL, strength = NULL, highlight = NULL, nodes = NULL,
                          removed = FALSE, main = NULL, cex = NULL, ...) {
  warn_unused_plot_args(list(...))
  if (!is.null(main)) check_string(main)
  plan <- graph_plan(x, layout, strength, highlight, nodes, removed, cex)
  title_lines <- if (is.null(main)) 0 else 1.5
  caption_lines <- if (is.null(plan$style$caption)) 0 else 1.2
  old <- graphics::par(mar = c(0.2 + caption_lines, 0.2, 0.2 + title_lines, 0.2))
  on.exit(graphics::par(old))
  graphics::plot.new()
  region <- graphics::par("pin")
  inset <- 0.04  # inches kept free around the drawing, so no box touches the border
  graphics::plot.window(c(-inset, region[1] - inset), c(-inset, region[2] - inset),
                        xaxs = "i", yaxs = "i")
  draw_graph(plan_drawing(plan, region - 2 * inset), plan$style)
  if (!is.null(main)) graphics::title(main)
  if (caption_lines > 0) {
    graphics::mtext(plan$style$caption, side = 1, line = 0.3, adj = 0, cex = 0.8, col = "grey30")
  }
  invisible(x)
}

# What plot() and autoplot() draw, checked: the graph shown, the removed edges of a pc()
# run, the user's node centres, the style, and the label size.
graph_plan <- function(x, layout, strength, highlight, nodes, removed, cex,
                       call = rlang::caller_env()) {
  check_plot_cex(cex, call = call)
  check_flag(removed, call = call)
  shown <- plotted_graph(x, nodes, call = call)
  extra <- if (removed) removed_edges(x, colnames(shown$amat), call = call)
  if (ncol(shown$amat) > 100L) inform_large_plot(shown)
  style <- graph_style(shown, strength, highlight, extra, call = call)
  style <- mark_continuous(style, colnames(shown$amat), graph_continuous_nodes(x),
                           highlight)  # R/plot-node-kinds.R
  list(graph = shown, removed = extra, cex = cex,
       centres = if (!is.null(layout)) node_centres(shown, layout, call = call), style = style)
}

plan_drawing <- function(plan, region) {
  graph_drawing(plan$graph, plan$centres, region, plan$cex, plan$removed)
}

check_plot_cex <- function(cex, call = rlang::caller_env()) {
  if (is.null(cex) || (is.numeric(cex) && length(cex) == 1L && is.finite(cex) && cex > 0)) {
    return(invisible(cex))
  }
  lbn_abort("{.arg cex} must be NULL or one positive number, not {.obj_type_friendly {cex}}.",
            "value", call = call)
}

# The graph to draw: `x`, or its subgraph induced by `nodes`.
plotted_graph <- function(x, nodes, call = rlang::caller_env()) {
  x <- as_graph_arg(x, arg = "x", call = call)
  if (is.null(nodes)) return(x)
  check_query_nodes(nodes, x$amat, arg = "nodes", call = call)
  keep <- colnames(x$amat) %in% nodes
  bi <- bidirected_edges(x)
  bi <- bi[bi$from %in% nodes & bi$to %in% nodes, , drop = FALSE]
  new_bn_graph(x$amat[keep, keep, drop = FALSE], x$type, bidirected = bi)
}

# The edges a pc() run removed between `nodes`, as rows like those of arcs() with the
# separating set as `label`.
removed_edges <- function(x, nodes, call = rlang::caller_env()) {
  sepsets <- x$info$sepsets
  if (!is.data.frame(sepsets)) {
    learner <- x$info$algorithm
    lbn_abort(c("{.arg removed} needs a {.fn pc} result: {.arg x} has no separating sets.",
                "i" = if (!is.null(learner)) "It was learned by {.fn {learner}}."),
              "value", call = call)
  }
  sepsets <- sepsets[sepsets$x %in% nodes & sepsets$y %in% nodes, , drop = FALSE]
  data.frame(from = sepsets$x, to = sepsets$y, directed = rep(FALSE, nrow(sepsets)),
             type = rep("removed", nrow(sepsets)),
             label = ifelse(nzchar(sepsets$z), gsub(";", ", ", sepsets$z), "{}"),
             stringsAsFactors = FALSE)
}

inform_large_plot <- function(g) {
  hub <- colnames(g$amat)[which.max(rowSums(g$amat) + colSums(g$amat))]
  cli::cli_inform(c("Drawing {ncol(g$amat)} nodes: the labels will be hard to read.",
                    "i" = paste0("Draw a part of the graph, e.g. {.code plot(g, nodes = ",
                                 "c(\"{hub}\", markov_blanket(g, \"{hub}\")))}.")),
                  class = "learnbn_message_large_plot")
}

# ---- style: strength and highlight ------------------------------------------------

highlight_colour <- "#C0392B"

# Per-edge colours, widths and line types (arcs(g), then the `removed` edges) and per-node
# fill, border and label colours, drawing `strength` and `highlight`.
graph_style <- function(g, strength, highlight, removed = NULL, call = rlang::caller_env()) {
  nodes <- colnames(g$amat)
  edges <- arcs(g)
  style <- list(arc_colour = rep("grey25", nrow(edges)), arc_width = rep(1.3, nrow(edges)),
                arc_lty = rep("solid", nrow(edges)), node_fill = rep("white", length(nodes)),
                node_border = rep("grey20", length(nodes)),
                label_colour = rep("black", length(nodes)))
  if (!is.null(strength)) {
    s <- edge_strengths(edges, strength_table(strength, nodes, call = call))
    style$arc_width <- 0.5 + 4 * s
    style$arc_colour <- grDevices::grey(0.8 * (1 - s))
  }
  if (!is.null(highlight)) {
    check_query_nodes(highlight, g$amat, arg = "highlight", call = call)
    marked <- nodes %in% highlight
    style$arc_colour[edges$from %in% highlight & edges$to %in% highlight] <- highlight_colour
    style$node_fill[marked] <- "#FADBD8"
    style$node_border[marked] <- highlight_colour
    style$label_colour[marked] <- highlight_colour
  }
  extra <- if (is.null(removed)) 0 else nrow(removed)
  style$arc_colour <- c(style$arc_colour, rep("grey55", extra))
  style$arc_width <- c(style$arc_width, rep(1, extra))
  style$arc_lty <- c(style$arc_lty, rep("dotted", extra))
  style
}

# The strength of each edge: its row of `table`, 0 if absent; an undirected or bidirected
# edge the larger of its two directions.
edge_strengths <- function(edges, table) {
  key <- function(from, to) paste(from, to, sep = "\r")
  lookup <- function(from, to) {
    s <- table$strength[match(key(from, to), key(table$from, table$to))]
    ifelse(is.na(s), 0, s)
  }
  forward <- lookup(edges$from, edges$to)
  ifelse(edges$type == "directed", forward, pmax(forward, lookup(edges$to, edges$from)))
}

# `strength` as a data.frame (from, to, strength) over the graph's nodes; strengths of
# arcs between nodes that are not drawn are dropped.
strength_table <- function(strength, nodes, arg = "strength", call = rlang::caller_env()) {
  if (inherits(strength, "bn_bootstrap")) strength <- strength$strength
  if (inherits(strength, "bn_samples")) strength <- arc_probabilities(strength)
  if (is.matrix(strength) && !is.null(rownames(strength)) && !is.null(colnames(strength))) {
    present <- which(strength > 0, arr.ind = TRUE)
    strength <- data.frame(from = rownames(strength)[present[, 1]],
                           to = colnames(strength)[present[, 2]],
                           strength = strength[present], stringsAsFactors = FALSE)
  }
  if (!is.data.frame(strength) || !all(c("from", "to", "strength") %in% names(strength))) {
    lbn_abort(paste0("{.arg {arg}} must be a data.frame with columns {.field from}, {.field to} ",
                     "and {.field strength}, a matrix of arc probabilities, or a ",
                     "{.cls bn_bootstrap} or {.cls bn_samples} object, not ",
                     "{.obj_type_friendly {strength}}."),
              "type", call = call)
  }
  s <- strength$strength
  if (!is.numeric(s) || anyNA(s) || any(s < 0 | s > 1)) {
    lbn_abort("Column {.field strength} of {.arg {arg}} must hold numbers in [0, 1].", "value",
              call = call)
  }
  data.frame(from = as.character(strength$from), to = as.character(strength$to), strength = s,
             stringsAsFactors = FALSE)
}

# ---- geometry ---------------------------------------------------------------------
# A drawing is everything in inches inside the plotting region, laid out in layers or
# around the user's node `centres`: `nodes` (label, centre x and y, box width w and
# height h), `edges` (arcs(g)), `paths` (one two-column matrix of points per edge, from
# its `from` box to its `to` box), `cex` (label size) and `head` (arrowhead length).
# `edges` holds arcs(g) and then the `removed` edges of a pc() run (type "removed", with
# their separating set as `label`), and `notes` where those labels go (place_notes()).

graph_drawing <- function(g, centres, region, cex = NULL, removed = NULL) {
  labels <- colnames(g$amat)
  edges <- arcs(g)
  edges$label <- rep(NA_character_, nrow(edges))
  edges <- rbind(edges, removed)
  if (!length(labels)) {
    return(place_notes(list(nodes = data.frame(label = character(), x = numeric(), y = numeric(),
                                               w = numeric(), h = numeric()),
                            edges = edges, paths = list(), cex = 1, head = 0), region))
  }
  em <- graphics::strheight("M", units = "inches", cex = 1)
  size <- list(w = graphics::strwidth(labels, units = "inches", cex = 1) + 1.2 * em,
               h = 2 * em, em = em)
  drawing <- if (is.null(centres)) layered_drawing(labels, edges, size, region, cex)
             else placed_drawing(labels, edges, size, region, centres, cex)
  place_notes(drawing, region)  # R/plot-layout.R
}

# The largest label size: text grows with the device, up to twice the normal size.
max_text_scale <- function(region) min(2, max(1, min(region) / 4.5))

# Node centres from the user's layout (a matrix or an igraph layout function).
node_centres <- function(g, layout, call = rlang::caller_env()) {
  if (is.function(layout)) layout <- layout(as_igraph(g))
  n <- ncol(g$amat)
  if (!is.numeric(layout) || !is.matrix(layout) || nrow(layout) != n || ncol(layout) < 2 ||
      anyNA(layout[, 1:2])) {
    lbn_abort(paste0("{.arg layout} must be NULL, an igraph layout function or a numeric matrix ",
                     "with {n} row{?s} (one per node) and 2 columns, not ",
                     "{.obj_type_friendly {layout}}."),
              "type", call = call)
  }
  layout[, 1:2, drop = FALSE]
}

# A drawing at the user's node centres: straight edges from box border to box border.
placed_drawing <- function(labels, edges, size, region, centres, cex) {
  n <- length(labels)
  s <- cex %||% min(max_text_scale(region), region[1] / (3 * max(size$w)), region[2] / (6 * size$h))
  w <- size$w * s
  h <- size$h * s
  xy <- fit_centres(centres, region - c(max(w), h))
  x <- xy[, 1] + max(w) / 2
  y <- xy[, 2] + h / 2
  paths <- lapply(seq_len(nrow(edges)), function(k) {
    a <- match(edges$from[k], labels)
    b <- match(edges$to[k], labels)
    rbind(box_exit(x[a], y[a], w[a], h, x[b], y[b]), box_exit(x[b], y[b], w[b], h, x[a], y[a]))
  })
  list(nodes = data.frame(label = labels, x = x, y = y, w = w, h = rep(h, n),
                          stringsAsFactors = FALSE),
       edges = edges, paths = paths, cex = s, head = 0.9 * size$em * s)
}

# Centres scaled alike in x and y (so a circle stays round) to fit `room`, and centred.
fit_centres <- function(centres, room) {
  spread <- apply(centres, 2, function(v) diff(range(v)))
  k <- min(room[spread > 0] / spread[spread > 0], Inf)
  if (!is.finite(k)) k <- 0
  shifted <- sweep(centres, 2, apply(centres, 2, min)) * k
  sweep(shifted, 2, (room - spread * k) / 2, "+")
}

# Where the line from the centre of a box (cx, cy, width w, height h) towards (tx, ty)
# leaves the box.
box_exit <- function(cx, cy, w, h, tx, ty) {
  dx <- tx - cx
  dy <- ty - cy
  t <- min(if (dx != 0) w / 2 / abs(dx) else Inf, if (dy != 0) h / 2 / abs(dy) else Inf, 1)
  c(cx + t * dx, cy + t * dy)
}

# ---- drawing ----------------------------------------------------------------------

# What to draw, as tables for either renderer (base graphics or ggplot2): `lines` (one
# group of points per edge, with colour, width and line type), `heads` (one triangle per
# arrowhead), `boxes`, `labels` and `notes` (the separating sets on removed edges).
graph_scene <- function(drawing, style) {
  nodes <- drawing$nodes
  edges <- drawing$edges
  shapes <- lapply(seq_along(drawing$paths),
                   function(k) edge_shapes(drawing$paths[[k]], edges$type[k], drawing$head))
  lines <- do.call(rbind, lapply(seq_along(shapes), function(k) {
    line <- shapes[[k]]$line
    data.frame(edge = k, x = line[, 1], y = line[, 2])
  }))
  heads <- do.call(rbind, lapply(seq_along(shapes), function(k) {
    do.call(rbind, lapply(seq_along(shapes[[k]]$heads), function(i) {
      data.frame(edge = k, head = paste(k, i), x = shapes[[k]]$heads[[i]][, 1],
                 y = shapes[[k]]$heads[[i]][, 2], open = shapes[[k]]$open[[i]])
    }))
  }))
  lines <- lines %||% data.frame(edge = integer(), x = numeric(), y = numeric())
  heads <- heads %||% data.frame(edge = integer(), head = character(), x = numeric(), y = numeric(),
                                 open = logical())
  list(lines = lines, heads = heads,
       edges = data.frame(colour = style$arc_colour, width = style$arc_width, lty = style$arc_lty,
                          stringsAsFactors = FALSE),
       boxes = data.frame(xmin = nodes$x - nodes$w / 2, xmax = nodes$x + nodes$w / 2,
                          ymin = nodes$y - nodes$h / 2, ymax = nodes$y + nodes$h / 2,
                          fill = style$node_fill, border = style$node_border,
                          stringsAsFactors = FALSE),
       labels = data.frame(x = nodes$x, y = nodes$y, label = nodes$label,
                           colour = style$label_colour,
                           stringsAsFactors = FALSE),
       notes = drawing$notes,
       cex = drawing$cex)
}

# The scene in base graphics, in a plotting window whose units are inches.
draw_graph <- function(drawing, style) {
  scene <- graph_scene(drawing, style)
  for (k in seq_len(nrow(scene$edges))) {
    e <- scene$edges[k, ]
    graphics::lines(scene$lines[scene$lines$edge == k, c("x", "y")], col = e$colour, lwd = e$width,
                    lty = e$lty, lend = "butt")
  }
  for (head in split(scene$heads, scene$heads$head)) {
    colour <- scene$edges$colour[head$edge[1]]
    graphics::polygon(head$x, head$y, col = if (head$open[1]) "white" else colour,
                      border = colour)
  }
  if (nrow(notes <- scene$notes)) {
    graphics::rect(notes$x - notes$w / 2, notes$y - notes$h / 2, notes$x + notes$w / 2,
                   notes$y + notes$h / 2, col = "white", border = NA)
    graphics::text(notes$x, notes$y, notes$label, cex = 0.8 * scene$cex, col = "grey35")
  }
  b <- scene$boxes
  graphics::rect(b$xmin, b$ymin, b$xmax, b$ymax, col = b$fill, border = b$border)
  graphics::text(scene$labels$x, scene$labels$y, scene$labels$label, cex = scene$cex,
                 col = scene$labels$colour)
}

# ---- arguments --------------------------------------------------------------------

warn_unused_plot_args <- function(args) {
  if (!length(args)) return(invisible())
  given <- if (is.null(names(args))) rep("", length(args)) else names(args)
  named <- given[nzchar(given)]
  unnamed <- sum(!nzchar(given))
  lbn_warn(c("{.fn plot} ignores {length(args)} argument{?s} it does not use.",
             "x" = if (length(named)) "Unknown: {.arg {named}}.",
             "x" = if (unnamed) "Unnamed: {unnamed} argument{?s}.",
             "i" = paste0("Its arguments are {.arg layout}, {.arg strength}, {.arg highlight}, ",
                          "{.arg nodes}, {.arg removed}, {.arg main} and {.arg cex}; for igraph's ",
                          "styling, plot {.code as_igraph(x)}.")),
           "unused_arguments")
}
