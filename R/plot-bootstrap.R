# Plot method of bootstrap results (bn_bootstrap): averaged network or strength heat map.

#' Plot a bootstrap result
#'
#' `type = "graph"` draws the averaged network (see [average_network()]) with each edge's
#' width and shade showing its strength, the share of replicates that have the edge:
#' thin and light for rare edges, thick and black for edges in every replicate. Lower
#' `threshold` to see weaker edges. `type = "heatmap"` draws the probability of every
#' arc, from the row node to the column node, as the share of replicates with that arc.
#'
#' @param x A `bn_bootstrap` object from [bootstrap_arcs()].
#' @param type `"graph"` or `"heatmap"`.
#' @param threshold Minimum strength of an edge drawn by `type = "graph"`.
#' @param main A title; `NULL` for the default one.
#' @param ... Further arguments of [plot.bn_graph()] for `type = "graph"`, such as
#'   `highlight`, `nodes` or `cex`.
#' @return `x`, invisibly.
#' @family model averaging
#' @export
#' @examples
#' set.seed(1)
#' d <- bn_data(college_plans, counts = "count")
#' boot <- bootstrap_arcs(d, hill_climb, R = 10, score = "bic")
#' plot(boot)
#' plot(boot, threshold = 0.2)
#' plot(boot, type = "heatmap")
plot.bn_bootstrap <- function(x, type = c("graph", "heatmap"), threshold = x$threshold,
                              main = NULL, ...) {
  type <- check_choice(type, c("graph", "heatmap"))
  if (!is.null(main)) check_string(main)
  averaged <- average_network(x, threshold)
  if (type == "heatmap") {
    if (...length()) {
      warn_unused_arguments(names(list(...)) %||% "...", "with {.code type = \"heatmap\"}")
    }
    draw_arc_heatmap(arc_probabilities(x$graphs),
                     main = main %||% sprintf("Arc probabilities over %d replicates", x$R))
    return(invisible(x))
  }
  plot(averaged, strength = x, ..., main = main %||% bootstrap_title(threshold, x$R))
  invisible(x)
}

bootstrap_title <- function(threshold, R) sprintf("Edges in at least %s of %d replicates",
                                                  format(threshold), R)
