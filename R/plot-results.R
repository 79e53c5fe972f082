# Plot methods of the result classes other than bn_graph (that one is in plot.R): DAG
# samples (score traces, chain agreement, arc-probability heat map), fitted parameters
# (CPT bars, Gaussian coefficients) and the score traces of searches. Base graphics
# only. Legends go in the top margin, above the data, so they never hide a line or bar.

#' Plot DAG samples: score traces, agreement between chains, arc probabilities
#'
#' Three views of a [structure_mcmc()], [order_mcmc()] or [partition_mcmc()] run:
#' - `"trace"`: the score (the order or partition score for [order_mcmc()] and
#'   [partition_mcmc()]) of each chain every `thin` iterations after the burn-in, one
#'   colour per chain. Chains that have converged wander around the same level. The
#'   burn-in is left out, so its low early scores do not squash the rest.
#' - `"agreement"` (2 chains or more): the probability of every arc in each other chain
#'   against its probability in chain 1. Chains that agree put every point on the
#'   diagonal; the arcs on which they disagree by more than 0.1 are named.
#' - `"heatmap"`: the arc probabilities pooled over the chains ([arc_probabilities()]),
#'   from the nodes of the rows to those of the columns, dark where an arc is certain.
#'
#' @param x A `bn_samples` object.
#' @param type `"trace"`, `"agreement"` or `"heatmap"`.
#' @param main A title, or `NULL` for none (the heat map's default is "Arc probabilities").
#' @param ... Further arguments for [graphics::matplot()] (`"trace"` and `"agreement"`),
#'   such as `lwd` or `ylim`.
#' @return `x`, invisibly.
#' @family model averaging
#' @export
#' @examples
#' # 300 students drawn from college_plans: the posterior is spread over many DAGs
#' set.seed(1)
#' students <- college_plans[rep(1:128, college_plans$count), 1:5]
#' d <- bn_data(students[sample(nrow(students), 300), ])
#' x <- structure_mcmc(d, iss = 1, iterations = 20000, thin = 10, chains = 3)
#' plot(x)
#' plot(x, type = "agreement")
#' plot(x, type = "heatmap")
plot.bn_samples <- function(x, type = c("trace", "agreement", "heatmap"), main = NULL, ...) {
  type <- check_choice(type, c("trace", "agreement", "heatmap"))
  if (!is.null(main)) check_string(main)
  switch(type,
         trace = plot_chain_traces(x, main, ...),
         agreement = plot_chain_agreement(x, main, ...),
         heatmap = {
           if (...length()) {
             warn_unused_arguments(names(list(...)) %||% "...", "with {.code type = \"heatmap\"}")
           }
           draw_arc_heatmap(arc_probabilities(x), main = main %||% "Arc probabilities")
         })
  invisible(x)
}

# The score of each chain every `thin` iterations after the burn-in (the iterations
# whose DAGs are kept as samples): `steps` and a matrix of `scores`, one column a chain.
chain_traces <- function(x) {
  # every chain runs the same schedule, so their traces line up
  steps <- (seq_along(x$chains[[1L]]$trace) - 1) * x$thin
  kept <- steps > x$burn_in
  scores <- vapply(x$chains, function(chain) chain$trace[kept], numeric(sum(kept)))
  list(steps = steps[kept], scores = matrix(scores, ncol = length(x$chains)))
}

plot_chain_traces <- function(x, main, ...) {
  traces <- chain_traces(x)
  label <- switch(x$algorithm, order_mcmc = "order score", partition_mcmc = "partition score",
                  "score")
  # a single kept sample is a point: a line needs two
  args <- utils::modifyList(list(x = traces$steps, y = traces$scores,
                                 type = if (length(traces$steps) > 1L) "l" else "p", lty = 1,
                                 col = series_colours(length(x$chains)),
                                 xlab = "iteration (after the burn-in)",
                                 ylab = paste0(label, " (", x$score$type, ")")),
                            list(...))
  old <- legend_margins(length(x$chains), main)
  on.exit(graphics::par(old))
  do.call(graphics::matplot, args)
  legend_above(paste("chain", seq_along(x$chains)), main, col = args$col, lty = args$lty, lwd = 2)
}

# Every arc's probability in chains 2, 3, ... against chain 1, with the diagonal of
# perfect agreement; the arcs that differ by more than 0.1 between some chains are named.
plot_chain_agreement <- function(x, main, ..., call = rlang::caller_env()) {
  n_chains <- length(x$chains)
  if (n_chains < 2L) {
    lbn_abort(c("{.code type = \"agreement\"} compares chains, but {.arg x} has 1 chain.",
                "i" = "Run the sampler with {.code chains = 2} or more."),
              "value", call = call)
  }
  n <- length(x$nodes)
  arc <- which(diag(n) == 0, arr.ind = TRUE)
  probs <- vapply(seq_len(n_chains), function(c) arc_probabilities(x, chain = c)[arc], numeric(nrow(arc)))
  old <- c(legend_margins(n_chains - 1L, main), graphics::par(pty = "s"))
  on.exit(graphics::par(old))
  args <- utils::modifyList(list(x = probs[, 1L], y = probs[, -1L], type = "p", pch = 1,
                                 col = series_colours(n_chains)[-1L], xlim = c(0, 1),
                                 ylim = c(0, 1), xlab = "arc probability in chain 1",
                                 ylab = "arc probability in the other chains"),
                            list(...))
  do.call(graphics::matplot, args)
  legend_above(paste("chain", 2:n_chains), main, col = args$col, pch = args$pch)
  graphics::abline(0, 1, col = "grey60", lty = 2)
  label_disagreements(probs, paste(x$nodes[arc[, 1]], "->", x$nodes[arc[, 2]]))
}

# Names up to 3 arcs whose probabilities differ by more than 0.1 between two chains.
label_disagreements <- function(probs, arc_names) {
  at <- disagreement_labels(probs, arc_names)
  if (nrow(at)) graphics::text(at$x, at$y, at$label, pos = at$pos, cex = 0.8)
}

# Where label_disagreements() writes: the arcs of largest spread between chains (above
# 0.1; at most 3), next to the point of the chain furthest from chain 1, on the side
# towards the middle.
disagreement_labels <- function(probs, arc_names) {
  spread <- apply(probs, 1L, function(p) diff(range(p)))
  ranked <- order(-spread)
  worst <- utils::head(ranked[spread[ranked] > 0.1], 3L)
  furthest <- vapply(worst, function(a) which.max(abs(probs[a, -1L] - probs[a, 1L])) + 1L, 1L)
  data.frame(x = probs[worst, 1L], y = probs[cbind(worst, furthest)], label = arc_names[worst],
             pos = ifelse(probs[worst, 1L] < 0.5, 4, 2))
}

#' Plot the parameters of one node of a fitted network
#'
#' For a discrete network, the conditional probability table of `node` as bars: one
#' group per configuration of its parents (labelled such as `SES=low, IQ=high`), one bar
#' per state of the node, in the colours of the legend above the plot. A node without
#' parents gets a single group. For a linear-Gaussian network, a dot chart of the
#' node's regression coefficients (the intercept and one per parent) with its residual
#' standard deviation in the title.
#'
#' @param x A `bn_fit` object from [fit_parameters()] or [read_bif()].
#' @param node The name of the node to draw.
#' @param main A title, or `NULL` for the default (`P(node | parents)`, or the node and
#'   its residual standard deviation).
#' @param ... Further arguments for [graphics::barplot()] (discrete) or
#'   [graphics::plot.default()] (Gaussian), such as `col` or `cex.names`.
#' @return `x`, invisibly.
#' @family parameters
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' plot(asia, "either")
#' plot(asia, "asia")
#'
#' fit_iris <- fit_parameters(hill_climb(iris[1:4]), iris[1:4])
#' plot(fit_iris, "Petal.Width")
plot.bn_fit <- function(x, node, main = NULL, ...) {
  node_names <- colnames(x$graph$amat)
  if (missing(node)) {
    lbn_abort(c("{.arg node} is missing: {.code plot(fit, node)} draws the parameters of one node.",
                "i" = "Nodes of {.arg x}: {list_few(node_names, 10L, quote = TRUE)}."),
              "missing_argument")
  }
  check_string(node)
  if (!node %in% node_names) abort_unknown_name(node, node_names, "unknown_node")
  if (!is.null(main)) check_string(main)
  parameters <- x[[node]]
  if (is_gaussian_fit(x)) plot_regression(parameters, main, ...)
  else plot_cpt_bars(parameters, main, ...)
  invisible(x)
}

# One group of bars per parent configuration (the CPT's columns once its first
# dimension, the node, is kept as rows), one bar per state.
plot_cpt_bars <- function(table, main, ...) {
  family <- names(dimnames(table))
  states <- dimnames(table)[[1L]]
  probs <- cpt_bar_heights(table)
  labels <- parent_configurations(dimnames(table)[-1L])
  main <- main %||% paste0("P(", family[1L], if (length(family) > 1L) " | ",
                           paste(family[-1L], collapse = ", "), ")")
  across <- labels_fit_across(labels$stacked, max(ncol(probs), 3L))
  names_arg <- if (across) labels$stacked else labels$joined
  # rotated labels take at most 40% of the height, smaller (down to 0.6) if need be
  label_lines <- if (across) max(labels$lines) + 1 else max_label_lines(names_arg)
  names_cex <- if (across) 1 else min(1, max(0.6, 0.4 * graphics::par("fin")[2L] / graphics::par("csi") / label_lines))
  bottom <- label_lines * names_cex + 1.5
  # room for 3 groups at least, so a single group keeps narrow bars, in the middle
  extent <- ncol(probs) * (length(states) + 1)
  pad <- max(0, (3 * (length(states) + 1) - extent) / 2)
  args <- utils::modifyList(list(height = probs, beside = TRUE, ylim = c(0, 1),
                                 xlim = c(1 - pad, extent + pad),
                                 col = series_colours(length(states)), border = NA,
                                 names.arg = names_arg, cex.names = names_cex,
                                 las = if (across) 1 else 2,
                                 ylab = "probability", mgp = c(2.5, if (across) 1.5 else 0.5, 0),
                                 xlab = if (across && length(family) > 1L) "" else NULL),
                            list(...))
  old <- legend_margins(length(states), main, bottom = bottom)
  on.exit(graphics::par(old))
  do.call(graphics::barplot, args)
  legend_above(states, main, fill = args$col, border = NA)
  graphics::abline(h = 0, col = "grey40")
}

# The CPT as a matrix: a row per state of the node, a column per parent configuration.
cpt_bar_heights <- function(table) {
  matrix(unclass(table), nrow = dim(table)[1L], dimnames = dimnames(table)[1L])
}

# Labels of the parent configurations in the CPT's column order (first parent fastest):
# `stacked`, one "parent=state" line per parent, and `joined` by ", " on one line.
parent_configurations <- function(parent_levels) {
  if (!length(parent_levels)) return(list(stacked = "", joined = "", lines = 1L))
  grid <- expand.grid(parent_levels, KEEP.OUT.ATTRS = FALSE, stringsAsFactors = FALSE)
  pairs <- Map(function(name, states) paste0(name, "=", states), names(grid), grid)
  list(stacked = do.call(paste, c(pairs, sep = "\n")), joined = do.call(paste, c(pairs, sep = ", ")),
       lines = length(parent_levels))
}

# Whether labels (lines separated by "\n"), one per slot, fit side by side across the
# plot region of the current device without touching.
labels_fit_across <- function(labels, slots) {
  # the plot region between legend_margins()'s left and right margins
  width <- graphics::par("fin")[1L] - (4.1 + 1.1) * graphics::par("csi")
  widest <- max(0, graphics::strwidth(unlist(strsplit(labels, "\n", fixed = TRUE)), "inches"))
  widest < 0.8 * width / slots
}

# Margin lines taken by the longest of some labels written perpendicular to the axis.
max_label_lines <- function(labels) {
  max(graphics::strwidth(labels, "inches")) / graphics::par("csi")
}

# A dot chart of one Gaussian node's regression coefficients, zero marked.
plot_regression <- function(regression, main, ...) {
  beta <- rev(regression$coefficients)
  at <- seq_along(beta)
  main <- main %||% paste0(attr(regression, "node"), ": coefficients (residual sd ",
                           format(regression$sd, digits = 3), ")")
  old <- graphics::par(mar = c(4.1, max_label_lines(names(beta)) + 1.5, 3.1, 1.1))
  on.exit(graphics::par(old))
  args <- utils::modifyList(list(x = unname(beta), y = at, pch = 19, col = "#0072B2",
                                 xlim = range(0, beta), ylim = c(0.5, length(beta) + 0.5),
                                 yaxt = "n", xlab = "coefficient", ylab = "", main = main),
                            list(...))
  do.call(graphics::plot.default, args)
  graphics::abline(h = at, col = "grey85", lty = 3)
  graphics::abline(v = 0, col = "grey50", lty = 2)
  graphics::points(args$x, args$y, pch = args$pch, col = args$col)
  graphics::axis(2, at = at, labels = names(beta), las = 1, tick = FALSE)
}

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
               ylab = if (length(types) == 1L && nzchar(types)) paste0("score (", types, ")") else "score")
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
       scores = matrix(scores, ncol = length(traces), dimnames = list(NULL, names(graphs))), log = log)
}

# The graphs given to plot_trace(): a list of bn_graphs, each with a score trace, named
# (unnamed ones after their learner, made unique).
trace_graphs <- function(graphs, call = rlang::caller_env()) {
  if (length(graphs) == 1L && is.list(graphs[[1L]]) && !inherits(graphs[[1L]], "bn_graph")) {
    graphs <- graphs[[1L]]
  }
  if (!length(graphs)) {
    lbn_abort("{.fn plot_trace} needs at least one learned graph, as in {.code plot_trace(hc = g)}.",
              "value", call = call)
  }
  given <- names(graphs) %||% rep("", length(graphs))
  not_graph <- which(!vapply(graphs, inherits, logical(1), what = "bn_graph"))
  if (length(not_graph)) {
    at <- not_graph[1L]
    lbn_abort("Argument {at}{if (nzchar(given[at])) paste0(' (', given[at], ')') else ''} of {.fn plot_trace} must be a {.cls bn_graph}, not {.obj_type_friendly {graphs[[at]]}}.",
              "type", call = call)
  }
  learners <- vapply(graphs, function(g) g$info$algorithm %||% "graph", "")
  names(graphs) <- make.unique(ifelse(nzchar(given), given, learners), sep = " ")
  no_trace <- names(graphs)[vapply(graphs, function(g) length(g$info$trace) == 0L, logical(1))]
  if (length(no_trace)) {
    lbn_abort(c("{cli::qty(no_trace)}The graph{?s} {.val {no_trace}} {?has/have} no score trace ({.code info$trace}).",
                "i" = "Score-based searches such as {.fn hill_climb} record one; constraint-based learners, {.fn bn_graph} and {.fn read_bif} do not."),
              "no_trace", call = call)
  }
  graphs
}

# An arc-probability heat map: `probs` is a square matrix with node names as dimnames,
# entry [i, j] the probability of the arc i -> j in 0..1. Rows (arc tails) run down the
# y axis, columns (heads) along the x axis; the diagonal is grey. Values are written in
# the cells of networks up to 12 nodes. Also used by plot.bn_bootstrap().
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
                               max_label_lines("probability") + 2.5))
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
  graphics::legend(graphics::par("usr")[2L], graphics::par("usr")[4L], xpd = NA, bty = "n",
                   legend = c("1", "0.8", "0.6", "0.4", "0.2", "0"),
                   fill = colours[findInterval(c(1, 0.8, 0.6, 0.4, 0.2, 0), breaks, rightmost.closed = TRUE)],
                   border = "grey60", title = "probability", title.adj = 0)
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
