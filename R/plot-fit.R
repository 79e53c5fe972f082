# Plot method of fitted networks (bn_fit): CPT bars, Gaussian coefficients.

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
  stop_mixed_fit(x, "{.fn plot}")  # R/fit-mixed.R
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
  names_cex <- if (across) {
    1
  } else {
    min(1, max(0.6, 0.4 * graphics::par("fin")[2L] / graphics::par("csi") / label_lines))
  }
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
  list(stacked = do.call(paste, c(pairs, sep = "\n")),
       joined = do.call(paste, c(pairs, sep = ", ")),
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
