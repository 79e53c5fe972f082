# The bn_samples class (DAG samples of structure_mcmc() and order_mcmc()) and posterior
# arc probabilities.

# Wraps the chains returned by the C++ samplers (arcs with 1-based sample and node
# numbers) with their diagnostics.
new_bn_samples <- function(chains, nodes, algorithm, score, schedule) {
  chains <- lapply(chains, function(chain) {
    arcs <- chain$arcs
    colnames(arcs) <- c("sample", "from", "to")
    list(arcs = arcs, scores = chain$sample_scores, trace = chain$trace,
         proposed = chain$proposed, accepted = chain$accepted)
  })
  x <- structure(list(algorithm = algorithm, nodes = nodes, score = score,
                      iterations = schedule$iterations, burn_in = schedule$burn_in,
                      thin = schedule$thin, chains = chains),
                 class = "bn_samples")
  acceptance <- vapply(chains, function(chain) {
    if (chain$proposed > 0) chain$accepted / chain$proposed else NA_real_
  }, numeric(1))
  x$info <- list(acceptance = acceptance, max_arc_difference = max_arc_difference(x))
  x
}

# Arc counts of some chains of `x` as an n x n matrix, and the number of samples.
arc_counts <- function(x, chains = seq_along(x$chains)) {
  n <- length(x$nodes)
  codes <- unlist(lapply(x$chains[chains], function(chain) {
    (chain$arcs[, "from"] - 1L) * n + chain$arcs[, "to"]
  }))
  counts <- matrix(tabulate(codes, n * n), n, n, byrow = TRUE, dimnames = list(x$nodes, x$nodes))
  list(counts = counts, samples = sum(vapply(x$chains[chains], function(chain) length(chain$scores), 1L)))
}

# The largest absolute difference between the arc probabilities of two chains (NA with
# a single chain).
max_arc_difference <- function(x) {
  if (length(x$chains) < 2L) return(NA_real_)
  per_chain <- lapply(seq_along(x$chains), function(c) arc_probabilities(x, chain = c))
  # One row per arc, one column per chain (a matrix even with a single node).
  stacked <- do.call(cbind, lapply(per_chain, as.vector))
  max(apply(stacked, 1L, function(p) diff(range(p))))
}

#' Posterior arc probabilities
#'
#' The fraction of sampled DAGs that contain each arc, pooled over the chains of a
#' [structure_mcmc()] or [order_mcmc()] run: an estimate of `P(i -> j | data)`. For a
#' list of [bn_graph]s (e.g. learned on bootstrap samples) the fraction of graphs
#' with each arc; an undirected edge counts for both directions.
#'
#' @param x A `bn_samples` object or a list of [bn_graph]s on the same nodes.
#' @param chain `NULL` (all chains) or the numbers of the chains to pool.
#' @return A numeric `n x n` matrix with node names as dimnames; entry `[i, j]` is the
#'   probability of the arc `i -> j`.
#' @family model averaging
#' @export
#' @examples
#' # 300 students drawn from college_plans: the posterior is spread over many DAGs
#' set.seed(1)
#' students <- college_plans[rep(1:128, college_plans$count), 1:5]
#' d <- bn_data(students[sample(nrow(students), 300), ])
#' x <- structure_mcmc(d, iss = 1, iterations = 20000)
#' round(arc_probabilities(x), 2)
#' round(arc_probabilities(x, chain = 2), 2)
#' graphs <- list(bn_graph_from_string("[A][B|A]"), bn_graph_from_string("[B][A|B]"))
#' arc_probabilities(graphs)
arc_probabilities <- function(x, chain = NULL) {
  if (inherits(x, "bn_samples")) {
    if (is.null(chain)) chain <- seq_along(x$chains)
    check_chain(chain, x)
    tally <- arc_counts(x, chain)
    return(tally$counts / max(tally$samples, 1))
  }
  if (is.list(x) && length(x) && all(vapply(x, inherits, logical(1), what = "bn_graph"))) {
    nodes <- colnames(x[[1]]$amat)
    differ <- which(!vapply(x, function(g) setequal(colnames(g$amat), nodes), logical(1)))
    if (length(differ)) {
      lbn_abort("Every graph in {.arg x} must have the nodes of the first; graph {differ[1]} differs.",
                "value")
    }
    total <- Reduce(`+`, lapply(x, function(g) g$amat[nodes, nodes, drop = FALSE] != 0L))
    return(total / length(x))
  }
  lbn_abort("{.arg x} must be a {.cls bn_samples} object or a non-empty list of {.cls bn_graph}s, not {.obj_type_friendly {x}}.",
            "type")
}

check_chain <- function(chain, x, call = rlang::caller_env()) {
  if (!is.numeric(chain) || !length(chain) || anyNA(chain) || any(chain != round(chain)) ||
      any(chain < 1 | chain > length(x$chains))) {
    lbn_abort("{.arg chain} must hold chain numbers between 1 and {length(x$chains)}.", "value",
              call = call)
  }
}

#' The sampled DAGs
#'
#' The DAGs kept by [structure_mcmc()] or [order_mcmc()] as [bn_graph]s, each with its
#' score.
#'
#' @param x A `bn_samples` object.
#' @param chain `NULL` (all chains, one after the other) or chain numbers.
#' @return A list of [bn_graph] DAGs.
#' @family model averaging
#' @export
#' @examples
#' # 300 students drawn from college_plans: the posterior is spread over many DAGs
#' set.seed(1)
#' students <- college_plans[rep(1:128, college_plans$count), 1:5]
#' d <- bn_data(students[sample(nrow(students), 300), ])
#' x <- structure_mcmc(d, iss = 1, iterations = 2000, thin = 100, chains = 1)
#' graphs <- sampled_graphs(x)
#' length(graphs)
#' table(vapply(graphs, model_string, ""))
sampled_graphs <- function(x, chain = NULL) {
  check_samples(x)
  if (is.null(chain)) chain <- seq_along(x$chains)
  check_chain(chain, x)
  n <- length(x$nodes)
  unlist(lapply(x$chains[chain], function(ch) {
    by_sample <- split(seq_len(nrow(ch$arcs)), factor(ch$arcs[, "sample"], levels = seq_along(ch$scores)))
    Map(function(rows, score) {
      amat <- matrix(0L, n, n, dimnames = list(x$nodes, x$nodes))
      amat[ch$arcs[rows, c("from", "to"), drop = FALSE]] <- 1L
      new_bn_graph(amat, "dag", score = score)
    }, by_sample, ch$scores, USE.NAMES = FALSE)
  }), recursive = FALSE)
}

format_count <- function(x) format(x, big.mark = ",", scientific = FALSE, trim = TRUE)

check_samples <- function(x, arg = rlang::caller_arg(x), call = rlang::caller_env()) {
  if (!inherits(x, "bn_samples")) {
    lbn_abort("{.arg {arg}} must be a {.cls bn_samples} object (from {.fn structure_mcmc} or {.fn order_mcmc}), not {.obj_type_friendly {x}}.",
              "type", call = call)
  }
}

#' Print DAG samples
#'
#' Shows the sampler, the chain lengths, the acceptance rate of each chain, the largest
#' difference between the chains' arc probabilities (a convergence check: it should be
#' small) and the most probable arcs.
#'
#' @param x A `bn_samples` object.
#' @param top How many arcs to list, most probable first.
#' @param ... Unused.
#' @return `x`, invisibly.
#' @family model averaging
#' @export
#' @examples
#' # 300 students drawn from college_plans: the posterior is spread over many DAGs
#' set.seed(1)
#' students <- college_plans[rep(1:128, college_plans$count), 1:5]
#' d <- bn_data(students[sample(nrow(students), 300), ])
#' print(structure_mcmc(d, iss = 1, iterations = 5000), top = 3)
print.bn_samples <- function(x, top = 10, ...) {
  label <- c(structure_mcmc = "structure MCMC", order_mcmc = "order MCMC")[[x$algorithm]]
  n_samples <- vapply(x$chains, function(chain) length(chain$scores), 1L)
  cat("<bn_samples> ", label, " (", x$score$type, ") on ", plural(length(x$nodes), "node"), "\n",
      sep = "")
  cat("  ", plural(length(x$chains), "chain"), " of ", format_count(x$iterations), " iterations",
      " (burn-in ", format_count(x$burn_in), ", thin ", format_count(x$thin), "): ",
      format_count(sum(n_samples)), " samples", "\n", sep = "")
  cat("  acceptance: ", paste(format(x$info$acceptance, digits = 3), collapse = ", "), "\n", sep = "")
  if (!is.na(x$info$max_arc_difference)) {
    cat("  max arc probability difference between chains: ",
        format(x$info$max_arc_difference, digits = 3), "\n", sep = "")
  }
  probs <- arc_probabilities(x)
  ranked <- which(probs > 0, arr.ind = TRUE)
  ranked <- ranked[order(-probs[ranked], ranked[, 2], ranked[, 1]), , drop = FALSE]
  ranked <- ranked[seq_len(min(top, nrow(ranked))), , drop = FALSE]
  if (nrow(ranked)) {
    cat("  most probable arcs:\n")
    text <- sprintf("    %s -> %s  %.3f", x$nodes[ranked[, 1]], x$nodes[ranked[, 2]], probs[ranked])
    cat(text, sep = "\n")
  }
  invisible(x)
}

#' Plot the score traces of DAG samples
#'
#' One line per chain: the score (the order score for [order_mcmc()]) every `thin`
#' iterations, with the end of the burn-in marked. Chains that have converged wander
#' around the same level.
#'
#' @param x A `bn_samples` object.
#' @param ... Further arguments for [graphics::matplot()].
#' @return `x`, invisibly.
#' @family model averaging
#' @export
#' @examples
#' # 300 students drawn from college_plans: the posterior is spread over many DAGs
#' set.seed(1)
#' students <- college_plans[rep(1:128, college_plans$count), 1:5]
#' d <- bn_data(students[sample(nrow(students), 300), ])
#' plot(structure_mcmc(d, iss = 1, iterations = 20000, thin = 10, chains = 3))
plot.bn_samples <- function(x, ...) {
  traces <- lapply(x$chains, function(chain) chain$trace)
  longest <- max(lengths(traces))
  values <- vapply(traces, function(t) c(t, rep(NA_real_, longest - length(t))), numeric(longest))
  steps <- (seq_len(longest) - 1) * x$thin
  graphics::matplot(steps, values, type = "l", lty = 1, xlab = "iteration",
                    ylab = if (x$algorithm == "order_mcmc") "order score" else "score", ...)
  graphics::abline(v = x$burn_in, lty = 2, col = "grey50")
  invisible(x)
}
