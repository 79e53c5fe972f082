# The score traces of searches (plot_trace()) and what the result plots share: the
# arc-probability heat map, series colours and legends. Base graphics only. Legends go in
# the top margin, above the data, so they never hide a line or bar.

#' Plot the score traces of searches
#'
#' The score after each move (or generation, or expansion) of one or more score-based
#' searches, one line per search (a colour and line type each) with a legend: how fast
#' each one climbs and where it stops. Every score-based learner keeps its trace in
#' `g$info$trace`. When one search takes 20 times more steps than another, the steps
#' are on a log scale (step 1 is then the start).
#'
#' @param ... Learned [bn_graph]s, named (`hc = g1, tabu = g2`) or unnamed (then named
#'   after their learners), or a single named list of them.
#' @param main A title, or `NULL` for none.
#' @return The graphs, as a named list, invisibly.
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' plot_trace(hill_climb = hill_climb(d), tabu = tabu_search(d),
#'            annealing = simulated_annealing(d))
plot_trace <- function(..., main = NULL) {
  graphs <- trace_graphs(list(...))
  if (!is.null(main)) check_string(main)
  drawn <- trace_lines(graphs)
  types <- unique(vapply(graphs, function(g) g$info$score %||% "", ""))
  args <- list(x = drawn$steps, y = drawn$scores, type = "l", lty = seq_along(graphs), lwd = 2,
               col = series_colours(length(graphs)), log = if (drawn$log) "x" else "",
               xlab = if (drawn$log) "step (log scale; 1 is the start)" else "step",
               ylab = if (length(types) == 1L && nzchar(types)) paste0("score (", types,
                                                                       ")") else "score")
  old <- legend_margins(length(graphs), main)
  on.exit(graphics::par(old))
  do.call(graphics::matplot, args)
  legend_above(names(graphs), main, col = args$col, lty = args$lty, lwd = 2)
  invisible(graphs)
}

# The traces of the searches as the columns of `scores` (NA after a trace's end) over
# `steps` 0, 1, ...; or, with `log` TRUE when one trace is 20 times longer than
# another (annealing against hill climbing, which would be squashed against the y
# axis), over steps 1, 2, ... for a log axis.
trace_lines <- function(graphs) {
  traces <- lapply(graphs, function(g) g$info$trace)
  longest <- max(lengths(traces))
  scores <- vapply(traces, function(t) c(t, rep(NA_real_, longest - length(t))), numeric(longest))
  log <- longest >= 20 * min(lengths(traces))
  list(steps = if (log) seq_len(longest) else seq_len(longest) - 1,
       scores = matrix(scores, ncol = length(traces), dimnames = list(NULL, names(graphs))),
       log = log)
}

# The graphs given to plot_trace(): a list of bn_graphs, each with a score trace, named
# (unnamed ones after their learner, made unique).
trace_graphs <- function(graphs, call = rlang::caller_env()) {
  if (length(graphs) == 1L && is.list(graphs[[1L]]) && !inherits(graphs[[1L]], "bn_graph")) {
    graphs <- graphs[[1L]]
  }
  if (!length(graphs)) {
    lbn_abort(paste0("{.fn plot_trace} needs at least one learned graph, as in ",
                     "{.code plot_trace(hc = g)}."),
              "value", call = call)
  }
  given <- names(graphs) %||% rep("", length(graphs))
  not_graph <- which(!vapply(graphs, inherits, logical(1), what = "bn_graph"))
  if (length(not_graph)) {
    at <- not_graph[1L]
    lbn_abort(paste0("Argument {at}{if (nzchar(given[at])) paste0(' (', given[at], ')') else ''} ",
                     "of {.fn plot_trace} must be a {.cls bn_graph}, not ",
                     "{.obj_type_friendly {graphs[[at]]}}."),
              "type", call = call)
  }
  learners <- vapply(graphs, function(g) g$info$algorithm %||% "graph", "")
  names(graphs) <- make.unique(ifelse(nzchar(given), given, learners), sep = " ")
  no_trace <- names(graphs)[vapply(graphs, function(g) length(g$info$trace) == 0L, logical(1))]
  if (length(no_trace)) {
    lbn_abort(c(paste0("{cli::qty(no_trace)}The graph{?s} {.val {no_trace}} {?has/have} no score ",
                       "trace ({.code info$trace})."),
                "i" = paste0("Score-based searches such as {.fn hill_climb} record one; ",
                             "constraint-based learners, {.fn bn_graph} and {.fn read_bif} ",
                             "do not.")),
              "no_trace", call = call)
  }
  graphs
}

# An arc-probability heat map: `probs` is a square matrix with node names as dimnames,
# entry [i, j] the probability of the arc i -> j in 0..1. Rows (arc tails) run down the
# y axis, columns (heads) along the x axis; the diagonal is grey. Values are written in
# the cells of networks up to 12 nodes. Also used by plot.bn_bootstrap(). Returns where
# the plot region and the legend end across the device.
draw_arc_heatmap <- function(probs, main = NULL) {
  nodes <- rownames(probs)
  n <- length(nodes)
  breaks <- seq(0, 1, by = 0.1)
  colours <- heatmap_colours(length(breaks) - 1L)
  label_cex <- heatmap_label_cex(n)
  # node names, then a line for the axis title
  label_lines <- max_label_lines(nodes) * label_cex + 0.5
  old <- graphics::par(cex.axis = label_cex,
                       mar = c(label_lines + 1.5, label_lines + 1.5, if (is.null(main)) 1 else 3,
                               max_label_lines("probability") + 1.5))
  on.exit(graphics::par(old))
  shown <- heatmap_cells(probs)
  graphics::image(seq_len(n), seq_len(n), shown, col = colours, breaks = breaks, zlim = c(0, 1),
                  axes = FALSE, xlab = "", ylab = "", main = main)
  # the diagonal (no arc from a node to itself): node i is at x = i, y = n + 1 - i
  diagonal <- seq_len(n)
  graphics::rect(diagonal - 0.5, n + 0.5 - diagonal, diagonal + 0.5, n + 1.5 - diagonal,
                 col = "grey85", border = NA)
  graphics::abline(h = seq(0.5, n + 0.5), v = seq(0.5, n + 0.5), col = "grey80", lwd = 0.5)
  graphics::axis(1, at = seq_len(n), labels = nodes, las = 2, tick = FALSE, line = -0.5)
  graphics::axis(2, at = seq_len(n), labels = rev(nodes), las = 2, tick = FALSE, line = -0.5)
  graphics::title(xlab = "to", ylab = "from", line = label_lines + 0.3)
  if (n <= 12L) write_cell_values(shown)
  # Half a line clear of the last column: the legend's title starts at its left edge.
  right <- graphics::grconvertX(graphics::par("usr")[2L], "user", "inches")
  legend_x <- graphics::grconvertX(right + 0.5 * graphics::par("csi"), "inches", "user")
  legend <- graphics::legend(legend_x, graphics::par("usr")[4L], xpd = NA, bty = "n",
                   legend = c("1", "0.8", "0.6", "0.4", "0.2", "0"),
                   fill = colours[findInterval(c(1, 0.8, 0.6, 0.4, 0.2, 0), breaks,
                                               rightmost.closed = TRUE)],
                   border = "grey60", title = "probability", title.adj = 0)
  # Where the plot and the legend end, as shares of the device's width (for the tests).
  box <- legend$rect
  ends <- graphics::grconvertX(c(graphics::par("usr")[2L], box$left, box$left + box$w), "user",
                                "ndc")
  invisible(stats::setNames(ends, c("plot", "legend_left", "legend_right")))
}

# image() draws z[i, j] at (x = i, y = j): the columns of probs (heads) along x, its
# first row (tail) at the top.
heatmap_cells <- function(probs) t(probs[rev(seq_len(nrow(probs))), , drop = FALSE])

# White to dark blue: a certain arc is clearly dark, an absent one blank.
heatmap_colours <- function(n) grDevices::colorRampPalette(c("#FFFFFF", "#6BAED6", "#08306B"))(n)

# Node labels small enough that n of them fit along the shorter side of the device.
heatmap_label_cex <- function(n) {
  side <- min(graphics::par("fin")) * 0.7
  min(1, max(0.5, side / n / graphics::par("csi")))
}

# The probabilities (2 decimals, blank below 0.005) in the cells of a small heat map,
# white on the dark cells.
write_cell_values <- function(shown) {
  n <- nrow(shown)
  cells <- which(shown >= 0.005 & row(shown) != n + 1L - col(shown), arr.ind = TRUE)
  values <- shown[cells]
  graphics::text(cells[, 1L], cells[, 2L], sprintf("%.2f", values), cex = 0.9,
                 col = ifelse(values > 0.55, "white", "black"))
}

# Colours of the chains, searches or states: the Okabe-Ito palette (distinct for
# colour-blind readers) without its black and yellow, then hcl colours.
series_colours <- function(n) {
  okabe_ito <- c("#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#999999")
  if (n <= length(okabe_ito)) okabe_ito[seq_len(n)] else grDevices::hcl.colors(n, "Dark 3")
}

# Margins that leave room above the plot region for a legend of `n_labels` keys (up to
# 6 a row) and the title `main`, so that the legend sits above the data rather than on
# it; returns the old par() for on.exit().
legend_margins <- function(n_labels, main, bottom = 4.1) {
  graphics::par(mar = c(bottom, 4.1, legend_lines(n_labels) + if (is.null(main)) 0.2 else 1.6, 1.1))
}

# Margin lines taken by such a legend: 1.3 a row of up to 6 keys.
legend_lines <- function(n_labels) 1.3 * ceiling(n_labels / min(n_labels, 6L)) + 0.3

# The legend of `labels` above the plot region set up by legend_margins(), and the
# title above it. `...` goes to legend() (its keys: col with lty or pch, fill).
legend_above <- function(labels, main, ...) {
  one_row <- length(labels) <= 6L
  # at the middle of the plot region's top edge, in npc units so that log axes work
  # too; text.width = NA makes each key as wide as its own label, not the longest one
  graphics::legend(graphics::grconvertX(0.5, "npc"), graphics::grconvertY(1, "npc"),
                   legend = labels, xjust = 0.5, yjust = 0, horiz = one_row,
                   ncol = if (one_row) 1L else 6L, text.width = if (one_row) NA,
                   bty = "n", xpd = NA, ...)
  if (!is.null(main)) graphics::title(main, line = legend_lines(length(labels)) + 0.3)
}
