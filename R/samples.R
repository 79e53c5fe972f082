# The bn_samples class (DAG samples of structure_mcmc(), order_mcmc() and partition_mcmc()) and
# posterior arc probabilities.

# Wraps the chains returned by the C++ samplers (arcs with 1-based sample and node
# numbers) with their diagnostics.
new_bn_samples <- function(chains, nodes, algorithm, score, schedule) {
  n <- length(nodes)
  chains <- lapply(chains, function(chain) {
    arcs <- chain$arcs
    colnames(arcs) <- c("sample", "from", "to")
    out <- list(arcs = arcs, scores = chain$sample_scores, trace = chain$trace,
                proposed = chain$proposed, accepted = chain$accepted)
    if (!is.null(chain$arc_mass)) {
      out$arc_probabilities <- matrix(chain$arc_mass / max(1, length(chain$sample_scores)), n, n,
                                      byrow = TRUE, dimnames = list(nodes, nodes))
    }
    out
  })
  x <- structure(list(algorithm = algorithm, nodes = nodes, score = score,
                      iterations = schedule$iterations, burn_in = schedule$burn_in,
                      thin = schedule$thin, chains = chains),
                 class = "bn_samples")
  acceptance <- vapply(chains, function(chain) {
    if (chain$proposed > 0) chain$accepted / chain$proposed else NA_real_
  }, numeric(1))
  x$info <- c(list(acceptance = acceptance), convergence_diagnostics(x))
  x
}

# Arc counts of some chains of `x` as an n x n matrix, and the number of samples.
arc_counts <- function(x, chains = seq_along(x$chains)) {
  n <- length(x$nodes)
  codes <- unlist(lapply(x$chains[chains], function(chain) arc_codes(chain, n)))
  counts <- matrix(tabulate(codes, n * n), n, n, byrow = TRUE, dimnames = list(x$nodes, x$nodes))
  list(counts = counts,
       samples = sum(vapply(x$chains[chains], function(chain) length(chain$scores), 1L)))
}

# Arc i -> j of a chain's samples as the number (i - 1) * n + j: row-major, like the
# byrow matrices built from it.
arc_codes <- function(chain, n) (chain$arcs[, "from"] - 1L) * n + chain$arcs[, "to"]

# The convergence diagnostics of every bn_samples object, per arc (n x n matrices, rows
# `from`, columns `to`):
# - arc_difference: the largest difference between two chains' arc probabilities
#   (NULL with one chain) and its maximum, max_arc_difference (NA with one chain);
# - psrf: Gelman and Rubin's potential scale reduction factor of the arc's 0/1 series,
#   computed on split chains (each chain's first and second halves, Gelman et al. 2013),
#   so that one chain gets a figure too; 1 when the arc is constant in every half
#   alike, Inf when it is constant within halves that disagree;
# - ess: the effective sample size of the arc's 0/1 series summed over the chains
#   (Geyer's initial positive sequence); a chain in which the arc never changes adds 1
#   (a stuck chain is worth one draw), and an arc constant in every chain gets NA.
convergence_diagnostics <- function(x) {
  n <- length(x$nodes)
  named <- function(v) matrix(v, n, n, byrow = TRUE, dimnames = list(x$nodes, x$nodes))
  out <- list(arc_difference = NULL, max_arc_difference = NA_real_)
  if (length(x$chains) > 1L) {
    probs <- vapply(seq_along(x$chains), function(c) as.vector(t(arc_probabilities(x, chain = c))),
                    numeric(n * n))
    probs <- matrix(probs, nrow = n * n)
    out$arc_difference <- named(apply(probs, 1L, function(p) diff(range(p))))
    out$max_arc_difference <- max(out$arc_difference)
  }
  out$psrf <- named(split_psrf(x$chains, n))
  out$ess <- named(rowSums(matrix(vapply(x$chains, arc_ess, numeric(n * n), n = n), nrow = n * n)))
  out$ess[out$ess == 0] <- NA_real_
  out
}

# Per arc (row-major codes), the split-chain potential scale reduction factor of the
# arc indicators (NA with fewer than 2 samples in a half).
split_psrf <- function(chains, n) {
  half <- min(vapply(chains, function(chain) length(chain$scores), 1L)) %/% 2L
  if (half < 2L) return(rep(NA_real_, n * n))
  means <- do.call(cbind, lapply(chains, function(chain) {
    size <- length(chain$scores)
    codes <- arc_codes(chain, n)
    sample <- chain$arcs[, "sample"]
    cbind(tabulate(codes[sample <= half], n * n),
          tabulate(codes[sample > size - half], n * n)) / half
  }))
  within <- rowMeans(means * (1 - means)) * half / (half - 1)
  between <- half * apply(means, 1L, stats::var)
  pooled <- (half - 1) / half * within + between / half
  ifelse(within > 0, sqrt(pooled / within), ifelse(between > 0, Inf, 1))
}

# Per arc (row-major codes), one chain's effective sample size of the arc indicators:
# 0 if the arc is absent from every sample, 1 if present in every one.
arc_ess <- function(chain, n) {
  size <- length(chain$scores)
  ess <- numeric(n * n)
  codes <- arc_codes(chain, n)
  present <- tabulate(codes, n * n)
  ess[present == size & size > 0] <- 1
  varying <- which(present > 0 & present < size)
  if (!length(varying)) return(ess)
  series <- matrix(0, size, length(varying))
  rows <- match(codes, varying)
  keep <- !is.na(rows)
  series[cbind(chain$arcs[keep, "sample"], rows[keep])] <- 1
  ess[varying] <- apply(series, 2L, series_ess)
  ess
}

# Effective sample size of one series: its length over 1 + 2 * (the sum of its
# autocorrelations), summed while consecutive pairs of them stay positive (Geyer 1992).
series_ess <- function(v) {
  size <- length(v)
  centred <- v - mean(v)
  padded <- c(centred, numeric(size))
  acov <- Re(stats::fft(Mod(stats::fft(padded))^2, inverse = TRUE))[seq_len(size)] / (2 * size)
  rho <- acov / acov[1]
  pairs <- rho[seq(1, size - 1, by = 2)] + rho[seq(2, size, by = 2)]
  positive <- if (all(pairs > 0)) length(pairs) else which(pairs <= 0)[1] - 1
  tau <- -1 + 2 * sum(pairs[seq_len(positive)])
  size / max(tau, 1 / size)
}

# Warns (class learnbn_warning_convergence) when two chains' probabilities of some arc
# differ by more than `tolerance`, naming the worst arc and its probability per chain.
warn_disagreement <- function(x, tolerance = 0.1) {
  if (is.na(x$info$max_arc_difference) || x$info$max_arc_difference <= tolerance) {
    return(invisible(x))
  }
  worst <- which(x$info$arc_difference == x$info$max_arc_difference, arr.ind = TRUE)[1, ]
  per_chain <- vapply(seq_along(x$chains),
                      function(c) arc_probabilities(x, chain = c)[worst[1], worst[2]], 1)
  other <- c(structure_mcmc = "partition_mcmc", partition_mcmc = "structure_mcmc",
             order_mcmc = "partition_mcmc")[[x$algorithm]]
  arc <- paste(x$nodes[worst[1]], "->", x$nodes[worst[2]])
  lbn_warn(c(paste0("The chains disagree: the probability of {arc} is ",
                    "{sprintf('%.2f', per_chain)} in chain{?s} {seq_along(per_chain)} (a ",
                    "difference of {sprintf('%.2f', x$info$max_arc_difference)}, more than ",
                    "{tolerance})."),
             "i" = paste0("Run more {.arg iterations} (now {format_count(x$iterations)}) or try ",
                          "{.fn {other}}.")),
           "convergence")
  invisible(x)
}

#' Posterior arc probabilities
#'
#' The fraction of sampled DAGs that contain each arc, pooled over the chains of a
#' [structure_mcmc()], [order_mcmc()] or [partition_mcmc()] run: an estimate of
#' `P(i -> j | data)`. For [partition_mcmc()] it is the average over the sampled
#' partitions of each arc's exact probability given the partition, a lower-variance
#' estimate than the share of sampled DAGs. For a list of [bn_graph]s (e.g. learned on bootstrap
#' samples) the fraction of graphs with each arc; an undirected edge counts for both directions.
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
    if (all(vapply(x$chains[chain], function(ch) !is.null(ch$arc_probabilities), TRUE))) {
      # partition MCMC: the exact probabilities given each sampled partition, averaged
      sizes <- vapply(x$chains[chain], function(ch) length(ch$scores), 1L)
      total <- Reduce(`+`,
                      Map(function(ch, size) ch$arc_probabilities * size, x$chains[chain], sizes))
      return(total / max(sum(sizes), 1))
    }
    tally <- arc_counts(x, chain)
    return(tally$counts / max(tally$samples, 1))
  }
  if (is.list(x) && length(x) && all(vapply(x, inherits, logical(1), what = "bn_graph"))) {
    nodes <- colnames(x[[1]]$amat)
    differ <- which(!vapply(x, function(g) setequal(colnames(g$amat), nodes), logical(1)))
    if (length(differ)) {
      lbn_abort(paste0("Every graph in {.arg x} must have the nodes of the first; graph ",
                       "{differ[1]} differs."),
                "value")
    }
    total <- Reduce(`+`, lapply(x, function(g) g$amat[nodes, nodes, drop = FALSE] != 0L))
    return(total / length(x))
  }
  lbn_abort(paste0("{.arg x} must be a {.cls bn_samples} object or a non-empty list of ",
                   "{.cls bn_graph}s, not {.obj_type_friendly {x}}."),
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
#' The DAGs kept by [structure_mcmc()], [order_mcmc()] or [partition_mcmc()] as [bn_graph]s, each
#' with its score.
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
    by_sample <- split(seq_len(nrow(ch$arcs)),
                       factor(ch$arcs[, "sample"], levels = seq_along(ch$scores)))
    Map(function(rows, score) {
      amat <- matrix(0L, n, n, dimnames = list(x$nodes, x$nodes))
      amat[ch$arcs[rows, c("from", "to"), drop = FALSE]] <- 1L
      new_bn_graph(amat, "dag", score = score)
    }, by_sample, ch$scores, USE.NAMES = FALSE)
  }), recursive = FALSE)
}

check_samples <- function(x, arg = rlang::caller_arg(x), call = rlang::caller_env()) {
  if (!inherits(x, "bn_samples")) {
    lbn_abort(paste0("{.arg {arg}} must be a {.cls bn_samples} object (from {.fn structure_mcmc}, ",
                     "{.fn partition_mcmc} or {.fn order_mcmc}), not {.obj_type_friendly {x}}."),
              "type", call = call)
  }
}

#' Print DAG samples
#'
#' Shows the sampler, the chain lengths, the acceptance rate of each chain, the
#' convergence diagnostics with the worst arc of each (the largest difference between
#' the chains' arc probabilities, which should be small, or a note that one chain has
#' nothing to compare with; the largest potential scale reduction factor, which should be
#' close to 1, among the arcs that vary (an arc whose probability is below 0.01 in every
#' chain, or above 0.99 in every chain, is left out: the few samples that differ can give
#' it a large factor that says nothing about convergence), with the arc's probability;
#' the smallest effective sample size among the arcs whose probability lies
#' between 0.05 and 0.95; see [structure_mcmc()]) and the most probable arcs.
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
#' print(structure_mcmc(d, iss = 1, iterations = 1e5), top = 3)
print.bn_samples <- function(x, top = 10, ...) {
  check_number(top, min = 0, whole = TRUE)
  label <- c(structure_mcmc = "structure MCMC", order_mcmc = "order MCMC",
             partition_mcmc = "partition MCMC")[[x$algorithm]]
  n_samples <- vapply(x$chains, function(chain) length(chain$scores), 1L)
  cat("<bn_samples> ", label, " (", x$score$type, ") on ", plural(length(x$nodes), "node"), "\n",
      sep = "")
  cat("  ", plural(length(x$chains), "chain"), " of ", format_count(x$iterations), " iterations",
      " (burn-in ", format_count(x$burn_in), ", thin ", format_count(x$thin), "): ",
      format_count(sum(n_samples)), " samples", "\n", sep = "")
  cat("  acceptance: ", paste(format(x$info$acceptance, digits = 3), collapse = ", "), "\n",
      sep = "")
  print_convergence(x)
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

# The convergence lines of print.bn_samples(): between-chain difference (or why there
# is none), split-chain PSRF and effective sample sizes, each with its worst arc.
print_convergence <- function(x) {
  arc_name <- function(m, pick) {
    at <- which(m == pick, arr.ind = TRUE)[1, ]
    paste(x$nodes[at[1]], "->", x$nodes[at[2]])
  }
  if (is.na(x$info$max_arc_difference)) {
    cat("  between chains: no comparison with 1 chain (run chains >= 2 to compare them)\n")
  } else {
    worst <- x$info$max_arc_difference
    cat("  max arc probability difference between chains: ", format(worst, digits = 3),
        if (worst > 0) paste0(" (", arc_name(x$info$arc_difference, worst), ")"),
        if (worst > 0.1) ": the chains disagree, run more iterations or the other sampler",
        "\n", sep = "")
  }
  probs <- arc_probabilities(x)
  print_worst_psrf(x, probs, arc_name)
  # The smallest effective sample size among the arcs whose probability is uncertain.
  uncertain <- probs >= 0.05 & probs <= 0.95 & !is.na(x$info$ess)
  if (any(uncertain)) {
    low <- min(x$info$ess[uncertain])
    cat("  min effective sample size of an arc with probability in [0.05, 0.95]: ",
        format(round(low)), " (", arc_name(ifelse(uncertain, x$info$ess, NA), low), ")\n", sep = "")
  }
}

# The largest PSRF among the arcs that vary: an arc whose probability is below 0.01 in
# every chain (or above 0.99 in every one) is settled, and the few samples that differ
# can give it a PSRF above that of every arc that matters.
print_worst_psrf <- function(x, probs, arc_name) {
  psrf <- x$info$psrf
  if (all(is.na(psrf))) return(invisible())
  per_chain <- lapply(seq_along(x$chains), function(c) arc_probabilities(x, chain = c))
  settled <- Reduce(`&`, lapply(per_chain, function(p) p < 0.01)) |
    Reduce(`&`, lapply(per_chain, function(p) p > 0.99))
  varying <- ifelse(settled, NA, psrf)
  if (all(is.na(varying))) {
    cat("  max potential scale reduction (split chains): 1, no arc varies (every arc's",
        "probability is below 0.01 or above 0.99 in every chain)\n")
    return(invisible())
  }
  top <- max(varying, na.rm = TRUE)
  at <- which(varying == top, arr.ind = TRUE)[1L, ]
  cat("  max potential scale reduction (split chains, varying arcs): ",
      format(top, digits = 3), " (", arc_name(varying, top), ", probability ",
      sprintf("%.3f", probs[at[1L], at[2L]]), ")\n", sep = "")
}

#' @rdname nodes
#' @export
#' @order 5
nodes.bn_samples <- function(g, ...) {
  g$nodes
}
