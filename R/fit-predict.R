# Predictions for new rows of a fitted network, and the log-likelihood of data with AIC
# and BIC.

#' Predict a node from the other variables of new data
#'
#' For each row of `newdata`, the posterior distribution of `node` given the row's other
#' observed cells (`NA` cells, and columns absent from `newdata`, are unobserved), by
#' exact inference ([query()]); the prediction is its most probable level (the first
#' on ties). For a linear-Gaussian fit, the prediction is the conditional mean.
#'
#' For a conditional linear Gaussian fit (of mixed data), a discrete node is predicted by
#' its most probable level and a continuous one by its conditional mean, both exact. A
#' row that observes the node's parents, and each child either with the child's other
#' parents or not at all (nor its descendants), needs only those factors: the node's own
#' and its observed children's densities, computed for all such rows at once. Other rows
#' are enumerated as [query()] does (at most 100,000 configurations of the discrete nodes
#' that matter; past that an error of class `"learnbn_error_too_large"`).
#'
#' With `method = "parents"`, only the columns of the node's parents are used, as
#' bnlearn's `predict(method = "parents")`: with every parent observed, the most probable
#' level of the node's CPT row, or the mean of its regression.
#'
#' A row with no observed cell gets the marginal distribution (or mean) of `node`. When
#' `newdata` has no column for any node but `node` (often misspelt column names), every
#' row is predicted so, with a warning of class `"learnbn_warning_no_evidence"`.
#' Infinite cells of Gaussian new data are an error of class `"learnbn_error_value"`.
#'
#' @param object A [bn_fit][fit_parameters()].
#' @param newdata A data.frame with columns named after nodes of the fit (factors or
#'   character for discrete nodes, numbers for Gaussian ones). A column of the wrong kind
#'   for its node of a mixed fit is an error of class `"learnbn_error_data_type"`.
#' @param node The node to predict.
#' @param prob If `TRUE` (discrete fits), the posterior probabilities are attached as
#'   the attribute `"prob"`, a matrix with one row per row of `newdata` and one column
#'   per level.
#' @param method `"exact"` (the row's other observed cells) or `"parents"` (the cells of
#'   the node's parents only).
#' @param ... Unused.
#' @return A factor with the fit's levels of `node` (discrete), or a numeric vector
#'   (Gaussian or continuous). Rows whose observed cells have probability zero get `NA`, with a
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
#' # A conditional linear Gaussian network of iris: Species from the measurements
#' fit <- fit_parameters(hill_climb(iris), iris)
#' predict(fit, iris[c(1, 51, 101), ], "Species", prob = TRUE)
#' predict(fit, iris[c(1, 51, 101), ], "Petal.Length", method = "parents")
predict.bn_fit <- function(object, newdata, node, prob = FALSE, method = c("exact", "parents"),
                           ...) {
  object <- check_bn_fit(object, arg = "object")
  check_flag(prob)
  method <- check_choice(method, c("exact", "parents"))
  if (!is.data.frame(newdata)) {
    lbn_abort("{.arg newdata} must be a data.frame, not {.obj_type_friendly {newdata}}.", "type")
  }
  node_names <- colnames(object$graph$amat)
  if (!is.character(node) || length(node) != 1L || is.na(node)) {
    lbn_abort("{.arg node} must be one node name, not {.obj_type_friendly {node}}.", "type")
  }
  check_query_nodes(node, object$graph$amat)
  warn_no_evidence_columns(newdata, node_names, node)
  if (method == "parents") newdata <- newdata[intersect(names(newdata), parents(object, node))]
  # R/fit-mixed-predict.R
  if (is_mixed_fit(object)) return(mixed_predict(object, newdata, node, prob))
  if (is_gaussian_fit(object)) return(gaussian_predict(object, newdata, node))
  codes <- matrix(NA_integer_, nrow(newdata), length(node_names))
  for (j in which(node_names %in% names(newdata))) {
    codes[, j] <- newdata_states(newdata[[node_names[j]]], node_names[j],
                                 object$levels[[node_names[j]]])
  }
  result <- cpp_predict(network_spec(object), codes, match(node, node_names) - 1L)
  if (!is.null(result$error)) {
    lbn_abort("Exact inference would build a table too large to hold ({result$error}).",
              "too_large")
  }
  posterior_prediction(result$joint, object$levels[[node]], rownames(newdata), prob)
}

# The most probable level in each row of `joint` (rows of P(level, observed cells), each
# scaled by its own factor: the totals are not P(row), but zero exactly when it is).
posterior_prediction <- function(joint, levels, row_names, prob) {
  totals <- rowSums(joint)
  impossible <- !(totals > 0)
  warn_impossible_rows(row_names[impossible])
  posterior <- joint / totals
  posterior[impossible, ] <- NA
  dimnames(posterior) <- list(row_names, levels)
  best <- max.col(replace(posterior, is.na(posterior), 0), ties.method = "first")
  predicted <- factor(levels[best], levels = levels)
  predicted[impossible] <- NA
  if (prob) attr(predicted, "prob") <- posterior
  predicted
}

warn_impossible_rows <- function(row_names) {
  if (!length(row_names)) return(invisible())
  rows <- list_few(row_names)
  n_impossible <- length(row_names)
  lbn_warn(paste0("{n_impossible} row{?s} of {.arg newdata} ({rows}) ",
                  "{cli::qty(n_impossible)}{?has/have} observed cells of probability zero; ",
                  "{?its/their} prediction is {.val {NA}}."),
           "impossible_evidence")
}

# Warns when `newdata` has no column for any node but `node` (a typo in the column names,
# or data of another network): every row then gets the same marginal prediction.
warn_no_evidence_columns <- function(newdata, node_names, node) {
  if (nrow(newdata) && !any(setdiff(node_names, node) %in% names(newdata))) {
    lbn_warn(c(paste0("{.arg newdata} has no column for any node of {.arg object} other than ",
                      "{.val {node}}: every row is predicted from the marginal distribution of ",
                      "{.val {node}}."),
               "i" = if (ncol(newdata)) {
                 "Columns of {.arg newdata}: {list_few(names(newdata), quote = TRUE)}."
               } else {
                 "{.arg newdata} has no columns."
               }),
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
# absent columns are unobserved; a row with none gets the marginal mean): the joint
# normal conditioned on the cells seen, once per pattern of missing cells for all its rows.
gaussian_predict <- function(fit, newdata, node, call = rlang::caller_env()) {
  others <- intersect(setdiff(fit$nodes, node), names(newdata))
  values <- gaussian_evidence_columns(newdata, others, call)
  moments <- gaussian_moments(fit, c(node, others))  # fit-query.R
  out <- rep(moments$mean[[1L, node]], nrow(newdata))
  if (!length(others)) return(out)
  patterns <- !is.na(values)
  seen_cells <- lapply(seq_along(others), function(j) as.integer(patterns[, j]))
  for (rows in split(seq_along(out), config_groups(seen_cells, rep(2L, length(others))))) {
    seen <- others[patterns[rows[[1L]], ]]
    if (!length(seen)) next
    nodes <- c(node, seen)
    part <- list(mean = moments$mean[, nodes, drop = FALSE],
                 cov = moments$cov[, nodes, nodes, drop = FALSE])
    given <- cg_observe(part, values[rows, seen, drop = FALSE], rep(1L, length(rows)), call)
    out[rows] <- given$mean[, 1L]
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
    lbn_abort(paste0("{cli::qty(bad)}Column{?s} {list_few(bad, quote = TRUE)} of {.arg newdata} ",
                     "must be numeric for a linear-Gaussian fit."),
              "type", call = call)
  }
  values <- matrix(as.numeric(unlist(newdata[columns], use.names = FALSE)), nrow(newdata),
                   length(columns),
                   dimnames = list(NULL, columns))
  infinite <- columns[colSums(is.infinite(values)) > 0]
  if (length(infinite)) {
    lbn_abort(c(paste0("{cli::qty(infinite)}Column{?s} {list_few(infinite, quote = TRUE)} of ",
                       "{.arg newdata} {cli::qty(infinite)}hold{?s/} infinite values."),
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
#' So for a fit by maximum likelihood on its own data, `logLik(fit, data)` equals
#' `network_score(g, data, "loglik")` and `BIC(fit, data)` is `-2` times the `"bic"`
#' score, on discrete, continuous and mixed data alike. A Gaussian fit's residual
#' variance is the maximum-likelihood `RSS / N` (the divisor of `logLik(lm())`), as in
#' the scores; bnlearn's `logLik()` of a `bn.fit` uses `lm()`'s `RSS / (N - k - 1)` and
#' is lower (see [fit_parameters()]). On mixed data both the fit and the scores use
#' `RSS / (N - k - 1)` per configuration, bnlearn's conditional Gaussian convention.
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
    lbn_abort(paste0("{.arg data} is missing: the log-likelihood of a fit is computed on data, as ",
                     "in {.code logLik(fit, data)}."),
              "missing_argument")
  }
  if (is_gaussian_fit(object) || is_mixed_fit(object)) {
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
    lbn_warn(c(paste0("{length(zero)} row{?s} of {.arg data} ({list_few(zero)}) ",
                      "{cli::qty(length(zero))}{?has/have} probability zero under {.arg object}, ",
                      "so the log-likelihood is {.val {-Inf}}."),
               "i" = paste0("A fit with {.code method = \"bayes\"} gives every state a positive ",
                            "probability.")),
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
