# Plot method of DAG samples (bn_samples): score traces, chain agreement, arc-probability
# heat map. Base graphics only.

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
  probs <- vapply(seq_len(n_chains), function(c) arc_probabilities(x, chain = c)[arc],
                  numeric(nrow(arc)))
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
