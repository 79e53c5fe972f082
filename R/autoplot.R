# autoplot(): the drawing of plot.bn_graph() as a ggplot, for figures composed with
# ggplot2 (R/plot-graph.R makes the drawing; this file only renders it).

#' Plot a graph with ggplot2
#'
#' The same drawing as [plot.bn_graph()] (layers, label-sized boxes, arcs that never cross
#' a node they do not join, strengths, highlights, removed edges) as a ggplot object, to
#' combine with other ggplot2 figures or to style further with themes. Needs the ggplot2
#' package.
#'
#' A ggplot does not know the size it will be drawn at, so the drawing is laid out for a
#' figure of `width` x `height` inches; by default the size of the current R Markdown
#' chunk's figure, or 7 x 5 inches outside R Markdown. Text and boxes keep their size, so
#' save the figure at that size (e.g. with `ggplot2::ggsave(width = , height = )`).
#'
#' @param object A [bn_graph], or a `bn_bootstrap` object from [bootstrap_arcs()] (its
#'   averaged network drawn with edge strengths, as `plot()` does).
#' @inheritParams plot.bn_graph
#' @param width,height Size in inches of the figure the drawing is laid out for, or
#'   `NULL` for the default.
#' @param threshold For a `bn_bootstrap` object: minimum strength of a drawn edge.
#' @param ... Not used for graphs; for a `bn_bootstrap` object, arguments of the graph's
#'   method such as `highlight` or `width`.
#' @return A ggplot object.
#' @family graphs
#' @examplesIf requireNamespace("ggplot2", quietly = TRUE)
#' library(ggplot2)
#' g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SEX:SES:IQ][CP|SES:IQ:PE]")
#' autoplot(g, highlight = "CP") + ggtitle("College plans")
#' @name autoplot.bn_graph
#' @exportS3Method ggplot2::autoplot
autoplot.bn_graph <- function(object, strength = NULL, highlight = NULL, nodes = NULL,
                              removed = FALSE, main = NULL, cex = NULL, width = NULL,
                              height = NULL, ...) {
  rlang::check_installed("ggplot2", "to draw a graph with autoplot().")
  warn_unused_plot_args(list(...))
  if (!is.null(main)) check_string(main)
  plan <- graph_plan(object, NULL, strength, highlight, nodes, removed, cex)
  size <- figure_size(width, height)
  region <- size - c(0.1, 0.1 + if (is.null(main)) 0 else 0.35) -
    c(0, if (is.null(plan$style$caption)) 0 else 0.3)
  drawing <- with_measuring_device(plan_drawing(plan, region))
  gg <- ggplot_scene(graph_scene(drawing, plan$style), region, main)
  if (is.null(plan$style$caption)) gg else gg + ggplot2::labs(caption = plan$style$caption)
}

#' @rdname autoplot.bn_graph
#' @exportS3Method ggplot2::autoplot
autoplot.bn_bootstrap <- function(object, threshold = object$threshold, main = NULL, ...) {
  if (!is.null(main)) check_string(main)
  autoplot.bn_graph(average_network(object, threshold), strength = object, ...,
                    main = main %||% bootstrap_title(threshold, object$R))
}

# The figure size in inches: the arguments, else the current knitr chunk's figure size,
# else 7 x 5.
figure_size <- function(width, height, call = rlang::caller_env()) {
  knitting <- isTRUE(getOption("knitr.in.progress"))
  width <- width %||% (if (knitting) knitr::opts_current$get("fig.width")) %||% 7
  height <- height %||% (if (knitting) knitr::opts_current$get("fig.height")) %||% 5
  check_number(width, min = 0.5, max = Inf, max_open = TRUE, call = call)
  check_number(height, min = 0.5, max = Inf, max_open = TRUE, call = call)
  c(width, height)
}

# Evaluates `code` (which measures text) on an off-screen device, leaving the user's
# devices as they were.
with_measuring_device <- function(code) {
  current <- grDevices::dev.cur()
  grDevices::pdf(NULL)
  on.exit({
    grDevices::dev.off()
    if (current > 1) grDevices::dev.set(current)
  })
  graphics::plot.new()
  code
}

# A scene (see graph_scene()) as a ggplot whose units are inches. Base graphics' text
# at cex 1 is 12 points; ggplot2 sizes text in mm and lines in units of 1/.pt mm.
ggplot_scene <- function(scene, region, main) {
  pt <- ggplot2::.pt
  aes <- ggplot2::aes
  .data <- rlang::.data
  gg <- ggplot2::ggplot()
  if (nrow(scene$lines)) {
    lines <- cbind(scene$lines, scene$edges[scene$lines$edge, , drop = FALSE], row.names = NULL)
    gg <- gg + ggplot2::geom_path(aes(.data$x, .data$y, group = .data$edge, colour = .data$colour,
                                      linewidth = .data$width / pt, linetype = .data$lty),
                                  data = lines, lineend = "butt")
  }
  if (nrow(scene$heads)) {
    heads <- cbind(scene$heads, colour = scene$edges$colour[scene$heads$edge])
    heads$fill <- ifelse(heads$open, "white", heads$colour)  # a PAG's circles are open
    gg <- gg + ggplot2::geom_polygon(aes(.data$x, .data$y, group = .data$head, fill = .data$fill,
                                         colour = .data$colour), data = heads)
  }
  if (nrow(scene$notes)) {
    gg <- gg + ggplot2::geom_label(aes(.data$x, .data$y, label = .data$label), data = scene$notes,
                                   size = 0.8 * scene$cex * 12 / pt, colour = "grey35",
                                   fill = "white", label.size = 0,
                                   label.padding = ggplot2::unit(0.1, "lines"))
  }
  gg + ggplot2::geom_rect(aes(xmin = .data$xmin, xmax = .data$xmax, ymin = .data$ymin,
                              ymax = .data$ymax,
                              fill = .data$fill, colour = .data$border), data = scene$boxes,
                     linewidth = 1 / pt) +
    ggplot2::geom_text(aes(.data$x, .data$y, label = .data$label, colour = .data$colour),
                       data = scene$labels, size = scene$cex * 12 / pt) +
    ggplot2::scale_colour_identity() + ggplot2::scale_fill_identity() +
    ggplot2::scale_linewidth_identity() + ggplot2::scale_linetype_identity() +
    ggplot2::coord_fixed(xlim = c(0, region[1]), ylim = c(0, region[2]), expand = FALSE) +
    ggplot2::theme_void() + ggplot2::ggtitle(main)
}
