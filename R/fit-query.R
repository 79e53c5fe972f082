# Inference on a fitted network: posteriors of target nodes given evidence (exact by
# variable elimination, or by likelihood weighting or logic sampling; conditional
# Gaussian for linear-Gaussian fits). Predictions and the log-likelihood are in
# fit-predict.R.

#' Posterior distribution of nodes given evidence
#'
#' Computes the distribution of one or more target nodes of a fitted network given
#' evidence on other nodes.
#'
#' For a discrete fit, `method = "exact"` uses variable elimination in C++ over the
#' ancestors of the targets and the evidence (the other nodes cannot change the answer),
#' eliminating at each step the variable whose elimination builds the smallest table.
#' It is exact to rounding (tests compare it with the enumerated joint distribution to
#' 1e-10) and fast on networks such as alarm, hailfinder and andes. A network whose
#' elimination needs a table of more than 2^27 cells is an error of class
#' `"learnbn_error_too_large"`: use `method = "lw"` (likelihood weighting: evidence
#' nodes are set and each of `n` forward samples is weighted by the probability of the
#' evidence given its sampled parents) or `"ls"` (logic sampling: samples that disagree
#' with the evidence are rejected, so it needs many more samples when the evidence is
#' improbable). Both follow [set.seed()]. Whatever the method, targets whose joint
#' posterior would have more than 2^27 cells are refused at once, with the same class.
#'
#' Factors (and the weights of likelihood weighting) are kept scaled, with the log of
#' the scale apart, so that the posterior is right whatever the number of nodes: with
#' evidence on a thousand nodes, P(evidence) is far below the smallest double, and is then
#' reported on the log scale.
#'
#' With `type = "marginal"`, each target's posterior is computed on its own, as
#' `query(fit, target[i], evidence)` would give it, but all at once: exactly from one
#' propagation in a junction tree (the moral graph of the relevant nodes triangulated
#' like variable elimination's order, one collect and one distribute pass), or from one
#' sampling run for `"lw"` and `"ls"`. This is the fast way to every node's marginal:
#' the targets may then be many nodes, since no joint table over them is built.
#'
#' For a linear-Gaussian fit, the joint distribution is multivariate normal, and the
#' answer is exact: the conditional mean and covariance of the targets given the
#' evidence values. Evidence must be finite numbers (an error of class
#' `"learnbn_error_value"` otherwise); evidence on nodes that are linear functions of
#' each other (a residual standard deviation of 0) is an error of the same class.
#'
#' For a conditional linear Gaussian fit (of mixed data), the continuous nodes are
#' jointly normal given the discrete ones, so the posterior is a mixture over the
#' configurations of the discrete nodes that matter: the discrete targets, and the
#' discrete parents of the continuous targets, of the continuous evidence and of their
#' ancestors. `method = "exact"` enumerates these configurations, each weighted by its
#' probability with the discrete evidence (by variable elimination over the other
#' discrete nodes) times the density of the continuous evidence given it, and each giving
#' the conditional normal of the continuous targets (tests compare it with numerical
#' integration to 1e-8). Past 100,000 configurations it is an error of class
#' `"learnbn_error_too_large"`: `method = "lw"` then draws `n` configurations by likelihood
#' weighting of the discrete evidence (`"ls"`: by rejection), the continuous part staying
#' exact. Discrete targets give a `"bn_posterior"` table whose `"evidence_probability"` is
#' a density when there is continuous evidence, and whose `print()` names the method;
#' continuous targets a list of the mixture's `mean` and `cov` (as for a Gaussian fit),
#' its `components` (a data.frame: the configuration, its `weight`, and each target's
#' `mean` and `sd` in it, largest weight first) and the `method` (with `samples` when
#' sampled). Targets of both kinds at once need `type = "marginal"`.
#'
#' @param fit A [bn_fit][fit_parameters()], from [fit_parameters()] or [read_bif()].
#' @param target Names of the nodes whose distribution is wanted.
#' @param evidence A named list (or named vector) of observed values: levels of discrete
#'   nodes (character or factor), numbers for Gaussian nodes. Empty for the marginal
#'   distribution.
#' @param method `"exact"`, `"lw"` (likelihood weighting) or `"ls"` (logic sampling);
#'   Gaussian fits are always exact, and mixed fits sample only their discrete nodes.
#' @param n Number of samples of `"lw"` and `"ls"`.
#' @param type `"joint"` for the joint posterior of the targets, `"marginal"` for the
#'   posterior of each target on its own (a named list, one element per target).
#' @param do A named list of interventions, as in [mutilate()]: the query is then
#'   P(target | evidence, do(X = x)), computed on the mutilated network (every method;
#'   `"evidence_probability"` is then P(evidence | do(X = x))). A node both in `do` and
#'   in `evidence` is an error of class `"learnbn_error_intervened_evidence"`.
#' @return For a discrete fit and one target, a named probability vector over its levels;
#'   for several targets, an array of their joint probabilities with named dimnames
#'   (first target first); either of class `"bn_posterior"`, which prints P(evidence)
#'   below the probabilities (`unclass()` gives the plain vector or array). The
#'   attribute `"evidence_probability"` holds P(evidence) (estimated when sampled; 0
#'   when it underflows a double), `"log_evidence_probability"` its log (finite even
#'   then), and `"samples"` the number of samples drawn. For a Gaussian fit, a list with
#'   `mean` (named vector) and `cov` (matrix).
#'   With `type = "marginal"`, a list named by the targets, each element what `query()`
#'   returns for that target alone (a `"bn_posterior"` vector, or a list of `mean` and a
#'   1 x 1 `cov` for a Gaussian fit).
#'   Evidence of probability zero is an error of class `"learnbn_error_impossible_evidence"`.
#' @seealso [predict.bn_fit()] for the most probable level of a node in each row of new
#'   data, [logLik.bn_fit()] for the likelihood of data.
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' query(asia, "lung", evidence = list(smoke = "yes", xray = "yes"))
#' query(asia, c("tub", "lung"), evidence = list(dysp = "yes"))
#' # every node's posterior given the evidence, from one propagation
#' evidence <- list(dysp = "yes", smoke = "no")
#' query(asia, setdiff(names(asia$levels), names(evidence)), evidence, type = "marginal")
#' set.seed(1)
#' query(asia, "lung", evidence = list(smoke = "yes", xray = "yes"), method = "lw", n = 1e5)
#' # after the intervention do(smoke = "yes")
#' query(asia, "dysp", do = list(smoke = "yes"))
#' # A conditional linear Gaussian network of iris (mixed data)
#' fit <- fit_parameters(hill_climb(iris), iris)
#' query(fit, "Species", evidence = list(Sepal.Length = 5))
#' query(fit, "Petal.Length", evidence = list(Sepal.Length = 6))
query <- function(fit, target, evidence = list(), method = c("exact", "lw", "ls"), n = 10000,
                  type = c("joint", "marginal"), do = list()) {
  fit <- check_bn_fit(fit)
  method <- check_choice(method, c("exact", "lw", "ls"))
  type <- check_choice(type, c("joint", "marginal"))
  check_number(n, min = 1, max = 1e10, whole = TRUE)
  node_names <- colnames(fit$graph$amat)
  if (!is.character(target) || anyNA(target)) {
    lbn_abort("{.arg target} must be node names, not {.obj_type_friendly {target}}.", "type")
  }
  check_query_nodes(target, fit$graph$amat)
  if (!length(target) || anyDuplicated(target)) {
    lbn_abort("{.arg target} must name one or more distinct nodes.", "value")
  }
  evidence <- check_evidence(evidence, node_names)
  both <- intersect(target, names(evidence))
  if (length(both)) {
    lbn_abort(paste0("{list_few(both, 10L, quote = TRUE)} {cli::qty(both)}{?is/are} both a target ",
                     "and evidence."), "value")
  }
  if (length(do)) fit <- mutilate_for_query(fit, do, evidence)  # R/causal-mutilate.R
  if (is_mixed_fit(fit)) return(mixed_query(fit, target, evidence, method, n, type))
  if (is_gaussian_fit(fit)) {
    posterior <- gaussian_query(fit, target, evidence)
    return(if (type == "marginal") split_gaussian(posterior, target) else posterior)
  }
  states <- evidence_states(fit, evidence)
  targets <- match(target, node_names) - 1L
  network <- network_spec(fit)
  if (type == "marginal") {
    return(query_marginals(fit, network, target, targets, match(names(evidence), node_names) - 1L,
                           states, evidence, method, n))
  }
  check_posterior_size(fit$levels[target])
  if (method == "exact") {
    result <- cpp_query_exact(network, targets, match(names(evidence), node_names) - 1L, states)
    check_exact_result(result)
    samples <- NULL
  } else {
    result <- cpp_query_sampled(network, targets, match(names(evidence), node_names) - 1L, states,
                                n, method == "lw")
    samples <- n
  }
  posterior_table(fit, target, result, evidence, samples)
}

# Each target's posterior on its own, as query() gives it for that target alone: from one
# junction tree propagation (exact) or one sampling run.
query_marginals <- function(fit, network, target, targets, evidence_nodes, states, evidence,
                            method, n, call = rlang::caller_env()) {
  if (method == "exact") {
    result <- cpp_query_marginals(network, targets, evidence_nodes, states)
    check_exact_result(result, call)
    samples <- NULL
  } else {
    result <- cpp_query_sampled_marginals(network, targets, evidence_nodes, states, n,
                                          method == "lw")
    samples <- n
  }
  stats::setNames(lapply(seq_along(target), function(i) {
    posterior_table(fit, target[[i]], result$marginals[[i]], evidence, samples, call)
  }), target)
}

# Exact inference reports a table past kMaxFactorCells as list(error).
check_exact_result <- function(result, call = rlang::caller_env()) {
  if (is.null(result$error)) return(invisible(result))
  lbn_abort(c("Exact inference would build a table too large to hold ({result$error}).",
              "i" = paste0("Use {.code method = \"lw\"} (likelihood weighting) for a network ",
                           "this large.")),
            "too_large", call = call)
}

# The joint (unnormalised P(targets, evidence), scaled by exp(result$log_scale)) as a
# probability vector or array.
# The posterior over the targets is a dense table, whichever the method: refuse one past
# max_dense_cells at once, before variable elimination works for seconds towards it.
check_posterior_size <- function(levels, call = rlang::caller_env()) {
  cells <- prod(as.numeric(lengths(levels)))
  if (cells > max_dense_cells) {
    lbn_abort(c(paste0("The joint posterior of {.arg target} ({length(levels)} node{?s}) would ",
                       "have {format_count(cells)} cells ({format_bytes(8 * cells)}), more than ",
                       "the limit of {format_count(max_dense_cells)}."),
                "i" = "Query fewer targets at a time."),
              "too_large", call = call)
  }
  invisible(cells)
}

posterior_table <- function(fit, target, result, evidence, samples, call = rlang::caller_env()) {
  joint <- result$joint
  total <- sum(joint)
  if (!(total > 0)) abort_impossible_evidence(evidence, samples, call)
  levels <- fit$levels[target]
  probability <- if (length(target) == 1L) {
    stats::setNames(joint / total, levels[[1L]])
  } else {
    array(joint / total, dim = lengths(levels), dimnames = levels)
  }
  log_evidence <- log(total) + result$log_scale - if (is.null(samples)) 0 else log(samples)
  attr(probability, "evidence_probability") <- exp(log_evidence)
  attr(probability, "log_evidence_probability") <- log_evidence
  if (!is.null(samples)) attr(probability, "samples") <- samples
  class(probability) <- "bn_posterior"
  probability
}

abort_impossible_evidence <- function(evidence, samples, call) {
  shown <- list_few(paste0(names(evidence), " = ", vapply(evidence, as.character, "")))
  lbn_abort(c("The evidence ({shown}) has probability zero in {.arg fit}.",
              "i" = if (!is.null(samples)) paste0("No sample agreed with it; with rare evidence ",
                                                  "use {.code method = \"exact\"} or a larger ",
                                                  "{.arg n}.")),
            "impossible_evidence", call = call)
}

#' @export
print.bn_posterior <- function(x, digits = getOption("digits") - 3, ...) {
  check_number(digits, min = 1, max = 22, whole = TRUE)
  p_evidence <- attr(x, "evidence_probability")
  log_evidence <- attr(x, "log_evidence_probability")
  samples <- attr(x, "samples")
  method <- attr(x, "method")  # mixed fits (R/fit-mixed-query.R)
  label <- if (isTRUE(attr(x, "evidence_density"))) "p(evidence)" else "P(evidence)"
  for (name in c("evidence_probability", "log_evidence_probability", "samples", "method",
                 "evidence_density")) attr(x, name) <- NULL
  print(unclass(x), digits = digits, ...)
  how <- if (is.null(samples)) "" else paste0(" (estimated from ", format_count(samples),
                                              " samples)")
  # Evidence on hundreds of nodes has a probability below the smallest double: its log.
  shown <- if (p_evidence > 0 || is.null(log_evidence)) {
    paste0(label, " = ", format(p_evidence, digits = digits))
  } else {
    paste0("log ", label, " = ", format(log_evidence, digits = digits))
  }
  cat(shown, how, "\n", sep = "")
  if (!is.null(method)) cat("method: ", method, "\n", sep = "")
  invisible(x)
}

# Evidence as a named list with known node names, one value each.
check_evidence <- function(evidence, node_names, call = rlang::caller_env()) {
  if (is.atomic(evidence) && !is.null(names(evidence))) evidence <- as.list(evidence)
  unnamed <- is.null(names(evidence)) || any(!nzchar(names(evidence)))
  if (!is.list(evidence) || (length(evidence) && unnamed)) {
    lbn_abort(paste0("{.arg evidence} must be a named list of observed values, not ",
                     "{.obj_type_friendly {evidence}}."),
              "type", call = call)
  }
  for (node in names(evidence)) {
    if (!node %in% node_names) abort_unknown_name(node, node_names, "unknown_node",
                                                  arg = "evidence", call = call)
    value <- evidence[[node]]
    if (length(value) != 1L) {
      lbn_abort(paste0("{.arg evidence} must give one value for {.val {node}}, not ",
                       "{.obj_type_friendly {value}}."),
                "value", call = call)
    }
    if (is.atomic(value) && is.na(value)) {
      lbn_abort(c("{.arg evidence} gives {.val {node}} the value {.val {value}}.",
                  "i" = "Leave unobserved nodes out of {.arg evidence}."),
                "value", call = call)
    }
  }
  if (anyDuplicated(names(evidence))) {
    twice <- unique(names(evidence)[duplicated(names(evidence))])
    lbn_abort("{.arg evidence} names {list_few(twice, 10L, quote = TRUE)} more than once.",
              "value", call = call)
  }
  evidence
}

# The 0-based state of each evidence value among its node's levels.
evidence_states <- function(fit, evidence, call = rlang::caller_env()) {
  vapply(names(evidence), function(node) {
    value <- as.character(evidence[[node]])
    state <- match(value, fit$levels[[node]])
    if (is.na(state)) {
      lbn_abort(c(paste0("{.arg evidence} gives {.val {node}} the level {.val {value}}, which it ",
                         "does not have."),
                  "i" = paste0("Levels of {.val {node}}: ",
                               "{list_few(fit$levels[[node]], 10L, quote = TRUE)}.")),
                "value", call = call)
    }
    state - 1L
  }, integer(1), USE.NAMES = FALSE)
}

# Conditional Gaussian: the joint normal of a linear-Gaussian network, conditioned on the
# evidence by the conditional Gaussian core (fit-mixed-normal.R).
gaussian_query <- function(fit, target, evidence, call = rlang::caller_env()) {
  values <- gaussian_evidence(evidence, call)
  moments <- gaussian_moments(fit, c(target, names(values)))
  x <- matrix(values, 1L, length(values), dimnames = list(NULL, names(values)))
  conditional <- cg_observe(moments, x, 1L, call)
  mean <- stats::setNames(conditional$mean[1L, target], target)
  if (length(values)) check_finite_means(mean, call)
  list(mean = mean, cov = matrix(conditional$cov[1L, target, target], length(target),
                                 dimnames = list(target, target)))
}

# The joint normal of `nodes` of a linear-Gaussian fit: cg_moments() of a fit without
# discrete nodes (one configuration), over `nodes` and their ancestors only, since the
# other nodes cannot change their distribution.
gaussian_moments <- function(fit, nodes) {
  ancestry <- reachable(t(fit$graph$amat), nodes)
  cg_moments(fit, intersect(topological_order(fit$graph), c(ancestry, nodes)), list(), 1L)
}

# Each target's mean and variance from the targets' joint conditional normal, shaped as
# gaussian_query() gives them for one target.
split_gaussian <- function(posterior, target) {
  stats::setNames(lapply(target, function(node) {
    list(mean = posterior$mean[node], cov = posterior$cov[node, node, drop = FALSE])
  }), target)
}

# Finite evidence can still give an infinite mean when it is near the largest double.
check_finite_means <- function(mean, call) {
  if (!all(is.finite(mean))) {
    lbn_abort(paste0("The conditional mean overflows double precision: the evidence values are ",
                     "too large for the fit's coefficients."),
              "value", call = call)
  }
}

# Evidence on a Gaussian network as a named vector of finite numbers: an infinite value
# would give an infinite or NaN mean without a word.
gaussian_evidence <- function(evidence, call) {
  vapply(names(evidence), function(node) {
    value <- evidence[[node]]
    if (!is.numeric(value)) {
      lbn_abort(paste0("{.arg evidence} on the Gaussian node {.val {node}} must be a number, not ",
                       "{.obj_type_friendly {value}}."),
                "type", call = call)
    }
    if (!is.finite(value)) {
      lbn_abort(paste0("{.arg evidence} gives the Gaussian node {.val {node}} the value ",
                       "{.val {value}}; it must be a finite number."),
                "value", call = call)
    }
    as.numeric(value)
  }, numeric(1))
}

# Evidence whose variance given the evidence before it is 0 (cg_observe()).
abort_dependent_evidence <- function(observed, call) {
  lbn_abort(c(paste0("The evidence nodes {list_few(observed, quote = TRUE)} are linearly ",
                     "dependent in the fit (a residual sd of 0 or nearly), so conditioning on ",
                     "all of them is not defined."),
              "i" = "Leave out of the evidence the nodes that are determined by the others."),
            "value", call = call)
}
