# Inference on a fitted network: posteriors of target nodes given evidence (exact by
# variable elimination, or by likelihood weighting or logic sampling; conditional
# Gaussian for linear-Gaussian fits), predictions for new rows, and the log-likelihood
# of data with AIC and BIC.

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
#' For a linear-Gaussian fit, the joint distribution is multivariate normal, and the
#' answer is exact: the conditional mean and covariance of the targets given the
#' evidence values. Evidence must be finite numbers (an error of class
#' `"learnbn_error_value"` otherwise); evidence on nodes that are linear functions of
#' each other (a residual standard deviation of 0) is an error of the same class.
#'
#' @param fit A [bn_fit][fit_parameters()], from [fit_parameters()] or [read_bif()].
#' @param target Names of the nodes whose distribution is wanted.
#' @param evidence A named list (or named vector) of observed values: levels of discrete
#'   nodes (character or factor), numbers for Gaussian nodes. Empty for the marginal
#'   distribution.
#' @param method `"exact"`, `"lw"` (likelihood weighting) or `"ls"` (logic sampling);
#'   Gaussian fits are always exact.
#' @param n Number of samples of `"lw"` and `"ls"`.
#' @return For a discrete fit and one target, a named probability vector over its levels;
#'   for several targets, an array of their joint probabilities with named dimnames
#'   (first target first); either of class `"bn_posterior"`, which prints P(evidence)
#'   below the probabilities (`unclass()` gives the plain vector or array). The
#'   attribute `"evidence_probability"` holds P(evidence) (estimated when sampled; 0
#'   when it underflows a double), `"log_evidence_probability"` its log (finite even
#'   then), and `"samples"` the number of samples drawn. For a Gaussian fit, a list with
#'   `mean` (named vector) and `cov` (matrix).
#'   Evidence of probability zero is an error of class `"learnbn_error_impossible_evidence"`.
#' @seealso [predict.bn_fit()] for the most probable level of a node in each row of new
#'   data, [logLik.bn_fit()] for the likelihood of data.
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' query(asia, "lung", evidence = list(smoke = "yes", xray = "yes"))
#' query(asia, c("tub", "lung"), evidence = list(dysp = "yes"))
#' set.seed(1)
#' query(asia, "lung", evidence = list(smoke = "yes", xray = "yes"), method = "lw", n = 1e5)
query <- function(fit, target, evidence = list(), method = c("exact", "lw", "ls"), n = 10000) {
  fit <- check_bn_fit(fit)
  method <- check_choice(method, c("exact", "lw", "ls"))
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
    lbn_abort("{list_few(both, 10L, quote = TRUE)} {cli::qty(both)}{?is/are} both a target and evidence.", "value")
  }
  if (is_gaussian_fit(fit)) return(gaussian_query(fit, target, evidence))
  check_posterior_size(fit$levels[target])
  states <- evidence_states(fit, evidence)
  targets <- match(target, node_names) - 1L
  network <- network_spec(fit)
  if (method == "exact") {
    result <- cpp_query_exact(network, targets, match(names(evidence), node_names) - 1L, states)
    if (!is.null(result$error)) {
      lbn_abort(c("Exact inference would build a table too large to hold ({result$error}).",
                  "i" = "Use {.code method = \"lw\"} (likelihood weighting) for a network this large."),
                "too_large")
    }
    samples <- NULL
  } else {
    result <- cpp_query_sampled(network, targets, match(names(evidence), node_names) - 1L, states,
                                n, method == "lw")
    samples <- n
  }
  posterior_table(fit, target, result, evidence, samples)
}

# The joint (unnormalised P(targets, evidence), scaled by exp(result$log_scale)) as a
# probability vector or array.
# The posterior over the targets is a dense table, whichever the method: refuse one past
# max_dense_cells at once, before variable elimination works for seconds towards it.
check_posterior_size <- function(levels, call = rlang::caller_env()) {
  cells <- prod(as.numeric(lengths(levels)))
  if (cells > max_dense_cells) {
    lbn_abort(c("The joint posterior of {.arg target} ({length(levels)} node{?s}) would have {format_count(cells)} cells ({format_bytes(8 * cells)}), more than the limit of {format_count(max_dense_cells)}.",
                "i" = "Query fewer targets at a time."),
              "too_large", call = call)
  }
  invisible(cells)
}

posterior_table <- function(fit, target, result, evidence, samples, call = rlang::caller_env()) {
  joint <- result$joint
  total <- sum(joint)
  if (!(total > 0)) {
    shown <- list_few(paste0(names(evidence), " = ", vapply(evidence, as.character, "")))
    lbn_abort(c("The evidence ({shown}) has probability zero in {.arg fit}.",
                "i" = if (!is.null(samples)) "No sample agreed with it; with rare evidence use {.code method = \"exact\"} or a larger {.arg n}."),
              "impossible_evidence", call = call)
  }
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

#' @export
print.bn_posterior <- function(x, digits = getOption("digits") - 3, ...) {
  check_number(digits, min = 1, max = 22, whole = TRUE)
  p_evidence <- attr(x, "evidence_probability")
  log_evidence <- attr(x, "log_evidence_probability")
  samples <- attr(x, "samples")
  attr(x, "evidence_probability") <- attr(x, "log_evidence_probability") <- attr(x, "samples") <- NULL
  print(unclass(x), digits = digits, ...)
  how <- if (is.null(samples)) "" else paste0(" (estimated from ", format_count(samples), " samples)")
  # Evidence on hundreds of nodes has a probability below the smallest double: its log.
  shown <- if (p_evidence > 0 || is.null(log_evidence)) {
    paste0("P(evidence) = ", format(p_evidence, digits = digits))
  } else {
    paste0("log P(evidence) = ", format(log_evidence, digits = digits))
  }
  cat(shown, how, "\n", sep = "")
  invisible(x)
}

# Evidence as a named list with known node names, one value each.
check_evidence <- function(evidence, node_names, call = rlang::caller_env()) {
  if (is.atomic(evidence) && !is.null(names(evidence))) evidence <- as.list(evidence)
  if (!is.list(evidence) || (length(evidence) && (is.null(names(evidence)) || any(!nzchar(names(evidence)))))) {
    lbn_abort("{.arg evidence} must be a named list of observed values, not {.obj_type_friendly {evidence}}.",
              "type", call = call)
  }
  for (node in names(evidence)) {
    if (!node %in% node_names) abort_unknown_name(node, node_names, "unknown_node", arg = "evidence", call = call)
    value <- evidence[[node]]
    if (length(value) != 1L) {
      lbn_abort("{.arg evidence} must give one value for {.val {node}}, not {.obj_type_friendly {value}}.",
                "value", call = call)
    }
    if (is.atomic(value) && is.na(value)) {
      lbn_abort(c("{.arg evidence} gives {.val {node}} the value {.val {value}}.",
                  "i" = "Leave unobserved nodes out of {.arg evidence}."),
                "value", call = call)
    }
  }
  if (anyDuplicated(names(evidence))) {
    lbn_abort("{.arg evidence} names {list_few(unique(names(evidence)[duplicated(names(evidence))]), 10L, quote = TRUE)} more than once.",
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
      lbn_abort(c("{.arg evidence} gives {.val {node}} the level {.val {value}}, which it does not have.",
                  "i" = "Levels of {.val {node}}: {list_few(fit$levels[[node]], 10L, quote = TRUE)}."),
                "value", call = call)
    }
    state - 1L
  }, integer(1), USE.NAMES = FALSE)
}

# Conditional Gaussian: the joint normal of a linear-Gaussian network, conditioned.
gaussian_query <- function(fit, target, evidence, call = rlang::caller_env()) {
  values <- gaussian_evidence(evidence, call)
  joint <- gaussian_joint(fit)
  observed <- names(values)
  if (!length(observed)) {
    return(list(mean = joint$mean[target], cov = joint$cov[target, target, drop = FALSE]))
  }
  gain <- conditional_gain(joint, target, observed, call)
  mean <- drop(joint$mean[target] + gain %*% (values - joint$mean[observed]))
  check_finite_means(mean, call)
  list(mean = mean,
       cov = joint$cov[target, target, drop = FALSE] - gain %*% joint$cov[observed, target, drop = FALSE])
}

# Finite evidence can still give an infinite mean when it is near the largest double.
check_finite_means <- function(mean, call) {
  if (!all(is.finite(mean))) {
    lbn_abort("The conditional mean overflows double precision: the evidence values are too large for the fit's coefficients.",
              "value", call = call)
  }
}

# Evidence on a Gaussian network as a named vector of finite numbers: an infinite value
# would give an infinite or NaN mean without a word.
gaussian_evidence <- function(evidence, call) {
  vapply(names(evidence), function(node) {
    value <- evidence[[node]]
    if (!is.numeric(value)) {
      lbn_abort("{.arg evidence} on the Gaussian node {.val {node}} must be a number, not {.obj_type_friendly {value}}.",
                "type", call = call)
    }
    if (!is.finite(value)) {
      lbn_abort("{.arg evidence} gives the Gaussian node {.val {node}} the value {.val {value}}; it must be a finite number.",
                "value", call = call)
    }
    as.numeric(value)
  }, numeric(1))
}

# The regression of `target` on the `observed` nodes in the joint normal,
# cov[target, observed] cov[observed, observed]^-1. That covariance is singular when an
# observed node is an exact linear function of other observed nodes (a residual sd of 0);
# judged on the correlations, so that nodes on very different scales are no false alarm.
conditional_gain <- function(joint, target, observed, call) {
  sigma <- joint$cov[observed, observed, drop = FALSE]
  scale <- sqrt(diag(sigma))
  if (any(!(scale > 0)) || rcond(sigma / outer(scale, scale)) < 1e-10) {
    lbn_abort(c("The evidence nodes {list_few(observed, quote = TRUE)} are linearly dependent in the fit (a residual sd of 0 or nearly), so conditioning on all of them is not defined.",
                "i" = "Leave out of the evidence the nodes that are determined by the others."),
              "value", call = call)
  }
  joint$cov[target, observed, drop = FALSE] %*% solve(sigma)
}

# Mean and covariance of the nodes of a linear-Gaussian network: x = b0 + B x + e, so
# x = (I - B)^-1 (b0 + e) with e ~ N(0, diag(sd^2)).
gaussian_joint <- function(fit) {
  node_names <- fit$nodes
  p <- length(node_names)
  B <- matrix(0, p, p, dimnames = list(node_names, node_names))
  b0 <- stats::setNames(numeric(p), node_names)
  for (node in node_names) {
    beta <- fit$coefficients[[node]]
    b0[[node]] <- beta[["(Intercept)"]]
    parents <- setdiff(names(beta), "(Intercept)")
    B[node, parents] <- beta[parents]
  }
  A <- solve(diag(p) - B)
  dimnames(A) <- list(node_names, node_names)
  list(mean = drop(A %*% b0), cov = A %*% diag(fit$sd[node_names]^2, p) %*% t(A))
}

#' Predict a node from the other variables of new data
#'
#' For each row of `newdata`, the posterior distribution of `node` given the row's other
#' observed cells (`NA` cells, and columns absent from `newdata`, are unobserved), by
#' exact inference ([query()]); the prediction is its most probable level (the first
#' on ties). For a linear-Gaussian fit, the prediction is the conditional mean.
#'
#' A row with no observed cell gets the marginal distribution (or mean) of `node`. When
#' `newdata` has no column for any node but `node` (often misspelt column names), every
#' row is predicted so, with a warning of class `"learnbn_warning_no_evidence"`.
#' Infinite cells of Gaussian new data are an error of class `"learnbn_error_value"`.
#'
#' @param object A [bn_fit][fit_parameters()].
#' @param newdata A data.frame with columns named after nodes of the fit (factors or
#'   character for discrete fits, numbers for Gaussian ones).
#' @param node The node to predict.
#' @param prob If `TRUE` (discrete fits), the posterior probabilities are attached as
#'   the attribute `"prob"`, a matrix with one row per row of `newdata` and one column
#'   per level.
#' @param ... Unused.
#' @return A factor with the fit's levels of `node` (discrete), or a numeric vector
#'   (Gaussian). Rows whose observed cells have probability zero get `NA`, with a
#'   warning of class `"learnbn_warning_impossible_evidence"` naming a few of them.
#'   Rows observed on hundreds of nodes, whose probability underflows a double, are
#'   predicted as well as the others (see [query()]).
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' set.seed(1)
#' test <- simulate_data(asia, 500)
#' predicted <- predict(asia, test, "lung")
#' mean(predicted == test$lung)
#' head(attr(predict(asia, test[1:3, ], "lung", prob = TRUE), "prob"))
predict.bn_fit <- function(object, newdata, node, prob = FALSE, ...) {
  object <- check_bn_fit(object, arg = "object")
  check_flag(prob)
  if (!is.data.frame(newdata)) {
    lbn_abort("{.arg newdata} must be a data.frame, not {.obj_type_friendly {newdata}}.", "type")
  }
  node_names <- colnames(object$graph$amat)
  if (!is.character(node) || length(node) != 1L || is.na(node)) {
    lbn_abort("{.arg node} must be one node name, not {.obj_type_friendly {node}}.", "type")
  }
  check_query_nodes(node, object$graph$amat)
  warn_no_evidence_columns(newdata, node_names, node)
  if (is_gaussian_fit(object)) return(gaussian_predict(object, newdata, node))
  codes <- matrix(NA_integer_, nrow(newdata), length(node_names))
  for (j in which(node_names %in% names(newdata))) {
    codes[, j] <- newdata_states(newdata[[node_names[j]]], node_names[j], object$levels[[node_names[j]]])
  }
  result <- cpp_predict(network_spec(object), codes, match(node, node_names) - 1L)
  if (!is.null(result$error)) {
    lbn_abort("Exact inference would build a table too large to hold ({result$error}).", "too_large")
  }
  # Each row is scaled by its own exp(log_scale): the totals are not P(row), but zero
  # exactly when it is.
  totals <- rowSums(result$joint)
  impossible <- !(totals > 0)
  if (any(impossible)) {
    rows <- list_few(rownames(newdata)[impossible])
    n_impossible <- sum(impossible)
    lbn_warn("{n_impossible} row{?s} of {.arg newdata} ({rows}) {cli::qty(n_impossible)}{?has/have} observed cells of probability zero; {?its/their} prediction is {.val {NA}}.",
             "impossible_evidence")
  }
  posterior <- result$joint / totals
  posterior[impossible, ] <- NA
  dimnames(posterior) <- list(rownames(newdata), object$levels[[node]])
  best <- max.col(replace(posterior, is.na(posterior), 0), ties.method = "first")
  predicted <- factor(object$levels[[node]][best], levels = object$levels[[node]])
  predicted[impossible] <- NA
  if (prob) attr(predicted, "prob") <- posterior
  predicted
}

# Warns when `newdata` has no column for any node but `node` (a typo in the column names,
# or data of another network): every row then gets the same marginal prediction.
warn_no_evidence_columns <- function(newdata, node_names, node) {
  if (nrow(newdata) && !any(setdiff(node_names, node) %in% names(newdata))) {
    lbn_warn(c("{.arg newdata} has no column for any node of {.arg object} other than {.val {node}}: every row is predicted from the marginal distribution of {.val {node}}.",
               "i" = if (ncol(newdata)) "Columns of {.arg newdata}: {list_few(names(newdata), quote = TRUE)}." else "{.arg newdata} has no columns."),
             "no_evidence")
  }
}

# 0-based states of a column of new data among `levels` (NA stays NA).
newdata_states <- function(x, node, levels, call = rlang::caller_env()) {
  value <- as.character(x)
  state <- match(value, levels)
  unknown <- unique(value[is.na(state) & !is.na(value)])
  if (length(unknown)) abort_unknown_levels(node, unknown, levels, call)
  state - 1L
}

# Conditional means of `node` given each row's observed numeric cells (NA cells and
# absent columns are unobserved; a row with none gets the marginal mean).
gaussian_predict <- function(fit, newdata, node, call = rlang::caller_env()) {
  joint <- gaussian_joint(fit)
  others <- intersect(setdiff(fit$nodes, node), names(newdata))
  values <- gaussian_evidence_columns(newdata, others, call)
  out <- rep(joint$mean[[node]], nrow(newdata))
  patterns <- !is.na(values)
  keys <- apply(patterns, 1L, paste, collapse = "")
  for (key in unique(keys)) {
    rows <- which(keys == key)
    seen <- others[patterns[rows[1L], ]]
    if (!length(seen)) next
    gain <- conditional_gain(joint, node, seen, call)
    centred <- sweep(values[rows, seen, drop = FALSE], 2L, joint$mean[seen])
    out[rows] <- joint$mean[[node]] + drop(centred %*% t(gain))
  }
  check_finite_means(out, call)
  out
}

# The `columns` of new data as a numeric matrix (NA where unobserved) for a Gaussian
# prediction: numbers, none infinite.
gaussian_evidence_columns <- function(newdata, columns, call) {
  numeric_columns <- vapply(newdata[columns], is.numeric, logical(1))
  if (!all(numeric_columns)) {
    bad <- columns[!numeric_columns]
    lbn_abort("{cli::qty(bad)}Column{?s} {list_few(bad, quote = TRUE)} of {.arg newdata} must be numeric for a linear-Gaussian fit.",
              "type", call = call)
  }
  values <- matrix(as.numeric(unlist(newdata[columns], use.names = FALSE)), nrow(newdata), length(columns),
                   dimnames = list(NULL, columns))
  infinite <- columns[colSums(is.infinite(values)) > 0]
  if (length(infinite)) {
    lbn_abort(c("{cli::qty(infinite)}Column{?s} {list_few(infinite, quote = TRUE)} of {.arg newdata} {cli::qty(infinite)}hold{?s/} infinite values.",
                "i" = "Use {.val {NA}} for unobserved cells."),
              "value", call = call)
  }
  values
}

#' Log-likelihood, AIC and BIC of a fitted network on data
#'
#' The log-likelihood of `data` under the fitted network: the sum over rows (times
#' their case counts) of the log probability (Gaussian: density) of the row. Rows with
#' missing cells contribute the probability of their observed cells (discrete fits),
#' computed exactly as in EM. A discrete row of probability zero (possible with
#' `method = "mle"` fits and [read_bif()] networks) makes it `-Inf`, with a warning of
#' class `"learnbn_warning_zero_probability"` naming the rows; Gaussian data with
#' infinite cells is an error. `AIC()` and `BIC()` penalise it by the number of free
#' parameters ([nparams()]), as [network_score()] does for a graph fitted by maximum
#' likelihood, on the deviance scale of [stats::AIC()]: `-2 * logLik + k * df`.
#'
#' @param object A [bn_fit][fit_parameters()].
#' @param data A data.frame or [bn_data()] with a column for every node of the fit.
#' @param k The penalty per parameter of `AIC()`, a finite number >= 0.
#' @param ... Unused.
#' @return `logLik()`: an object of class `"logLik"` with attributes `df` (free
#'   parameters) and `nobs` (cases); `AIC()` and `BIC()`: numbers.
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' set.seed(1)
#' x <- simulate_data(asia, 1000)
#' fit <- fit_parameters(asia$graph, x, method = "mle")
#' logLik(fit, x)
#' BIC(fit, x)
#' network_score(asia$graph, x, "bic")  # BIC on the log-likelihood scale: -BIC / 2
logLik.bn_fit <- function(object, data, ...) {
  object <- check_bn_fit(object, arg = "object")
  if (missing(data)) {
    lbn_abort("{.arg data} is missing: the log-likelihood of a fit is computed on data, as in {.code logLik(fit, data)}.",
              "missing_argument")
  }
  if (is_gaussian_fit(object)) {
    value <- log_predictive(object, data)
    cases <- case_count(data)
  } else {
    # The fit sets the levels: a column of the data may be wholly missing or use few of
    # them, and its levels are matched to the fit's by name.
    if (!inherits(data, "bn_data")) {
      data <- without_column_warnings(new_bn_data(data, missing = "allow", arg = "data",
                                                  levels_given = TRUE))
    }
    check_node_columns(names(object$cpts), names(data$levels), "data", "object")
    cases <- data$n_cases
    row_loglik <- if (any(data$missing[names(object$cpts)] > 0)) {
      complete_data(object, align_to_fit(data, object), "counts")$row_loglik
    } else {
      log_predictive(object, data_subset(data, names(object$cpts)), sum = FALSE)
    }
    warn_zero_probability_rows(row_loglik)
    value <- if (is.null(data$weights)) sum(row_loglik) else sum(data$weights * row_loglik)
  }
  structure(value, df = as.numeric(nparams(object)), nobs = as.numeric(cases), class = "logLik")
}

# Warns that rows of `data` (their log-likelihoods `row_loglik`) have probability zero
# under the fit, which makes the log-likelihood -Inf (possible with "mle" fits and
# read_bif() networks).
warn_zero_probability_rows <- function(row_loglik) {
  zero <- which(row_loglik == -Inf)
  if (length(zero)) {
    lbn_warn(c("{length(zero)} row{?s} of {.arg data} ({list_few(zero)}) {cli::qty(length(zero))}{?has/have} probability zero under {.arg object}, so the log-likelihood is {.val {-Inf}}.",
               "i" = "A fit with {.code method = \"bayes\"} gives every state a positive probability."),
             "zero_probability")
  }
}

#' @rdname logLik.bn_fit
#' @export
AIC.bn_fit <- function(object, data, ..., k = 2) {
  check_number(k, min = 0, max = Inf, max_open = TRUE)
  ll <- logLik.bn_fit(object, data)
  -2 * as.numeric(ll) + k * attr(ll, "df")
}

#' @rdname logLik.bn_fit
#' @export
BIC.bn_fit <- function(object, data, ...) {
  ll <- logLik.bn_fit(object, data)
  -2 * as.numeric(ll) + log(attr(ll, "nobs")) * attr(ll, "df")
}
