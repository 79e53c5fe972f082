# Plot method of fitted networks (bn_fit): CPT bars, Gaussian coefficients.

#' Plot the parameters of one node of a fitted network
#'
#' For a discrete network, the conditional probability table of `node` as bars: one
#' group per configuration of its parents, one bar per state of the node, in the colours
#' of the legend above the plot. A node without parents gets a single group. Each group
#' is labelled with its configuration (such as `SES=low` over `IQ=high`) when the labels
#' fit side by side; otherwise a table under the bars gives one row per parent, named
#' at the left, with each state written once under the groups that share it (the first
#' parent changes from group to group, the last one least often). For a linear-Gaussian
#' network, a dot chart of the node's regression coefficients (the intercept and one per
#' parent) with its residual standard deviation in the title.
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
# dimension, the node, is kept as rows), one bar per state. Few configurations are
# labelled in full under their groups; many by a table of parent states (parent_rows()).
plot_cpt_bars <- function(table, main, ...) {
  family <- names(dimnames(table))
  states <- dimnames(table)[[1L]]
  probs <- cpt_bar_heights(table)
  labels <- parent_configurations(dimnames(table)[-1L])
  main <- main %||% paste0("P(", family[1L], if (length(family) > 1L) " | ",
                           paste(family[-1L], collapse = ", "), ")")
  across <- labels_fit_across(labels$stacked, max(ncol(probs), 3L))
  # room for 3 groups at least, so a single group keeps narrow bars, in the middle
  extent <- ncol(probs) * (length(states) + 1)
  pad <- max(0, (3 * (length(states) + 1) - extent) / 2)
  rows <- if (!across) parent_rows(dimnames(table)[-1L], (length(states) + 1) / (extent + 2 * pad))
  bottom <- if (across) max(labels$lines) + 2.5 else sum(vapply(rows, `[[`, 0, "lines")) + 1
  args <- utils::modifyList(list(height = probs, beside = TRUE, ylim = c(0, 1),
                                 xlim = c(1 - pad, extent + pad),
                                 col = series_colours(length(states)), border = NA,
                                 names.arg = if (across) labels$stacked,
                                 ylab = "probability", las = 1,
                                 mgp = c(2.5, if (across) 1.5 else 0.5, 0),
                                 xlab = if (across && length(family) > 1L) "" else NULL),
                            list(...))
  old <- legend_margins(length(states), main, bottom = bottom)
  on.exit(graphics::par(old))
  if (!across) {
    names <- vapply(rows, `[[`, "", "name")
    graphics::par(mar = replace(graphics::par("mar"), 2L, max(4.1, max_label_lines(names) + 1)))
  }
  mids <- do.call(graphics::barplot, args)
  legend_above(states, main, fill = args$col, border = NA)
  graphics::abline(h = 0, col = "grey40")
  if (!across) draw_parent_rows(rows, mids)
}

# The rows of the table of parent states under many groups of bars, the CPT's first
# parent (the fastest to vary) on top: each state is written once under the groups it
# spans, across when it fits there, else turned; so the height goes to states, not to
# whole configurations. `group_share`: a group's share of the plot region's width.
parent_rows <- function(parent_levels, group_share) {
  csi <- graphics::par("csi")
  group_inches <- group_share * (graphics::par("fin")[1L] - (4.1 + 1.1) * csi)
  stride <- unname(cumprod(c(1, lengths(parent_levels)))[seq_along(parent_levels)])
  widest <- vapply(parent_levels, function(s) max(graphics::strwidth(s, "inches")), 0)
  span <- stride * group_inches
  # across, smaller if need be (down to 0.6); else turned, as large as the slot allows
  across <- widest * 0.6 < 0.9 * span
  cex <- ifelse(across, pmin(1, 0.9 * span / widest), pmin(0.9, 0.8 * span / csi))
  # the turned rows shrink (down to 0.5) to keep the table within 30% of the height
  budget <- 0.3 * graphics::par("fin")[2L] / csi - sum(ifelse(across, 1.4, 0.6))
  turned <- sum((widest * cex / csi)[!across])
  if (turned > budget) cex[!across] <- cex[!across] * max(0, budget) / turned
  cex <- pmax(cex, ifelse(across, 0.6, 0.5))
  lapply(seq_along(parent_levels), function(j) {
    list(name = names(parent_levels)[j], states = parent_levels[[j]], stride = stride[j],
         across = across[j], cex = cex[j],
         lines = if (across[j]) 1.4 else widest[j] * cex[j] / csi + 0.6)
  })
}

# The table of parent_rows() in the bottom margin under the groups of bars (`mids`, the
# bar centres from barplot()), each row named at the left, with a faint line where a
# parent changes state.
draw_parent_rows <- function(rows, mids) {
  usr <- graphics::par("usr")
  per_line <- graphics::par("csi") * diff(usr[3:4]) / graphics::par("pin")[2L]
  left <- mids[1L, ] - 0.5
  right <- mids[nrow(mids), ] + 0.5
  line <- 0.3
  for (row in rows) {
    starts <- seq(1L, length(left), by = row$stride)
    at <- (left[starts] + right[starts + row$stride - 1L]) / 2
    states <- rep(row$states, length.out = length(starts))
    graphics::mtext(states, side = 1, line = line, at = at, cex = row$cex, padj = 1,
                    las = if (row$across) 1 else 2, adj = if (row$across) 0.5 else 1)
    graphics::mtext(paste0(row$name, " "), side = 1, line = line, at = usr[1L], adj = 1, padj = 1,
                    las = 1, font = 2)
    line <- line + row$lines
    if (row$stride > 1L) {
      cuts <- (right[starts[-1L] - 1L] + left[starts[-1L]]) / 2
      graphics::segments(cuts, usr[3L], cuts, usr[3L] - (line - 0.2) * per_line, xpd = NA,
                         col = "grey75")
    }
  }
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
