#' Predictive log-likelihood of new data
#'
#' The log probability of each case of `newdata` under a fitted network,
#' `log P(x) = sum_i log theta_ijk` where node `i` takes its `k`-th state and its
#' parents their `j`-th configuration in the case. With a fit from
#' [fit_parameters()] with `method = "bayes"` the CPTs are the posterior means
#' `(alpha_ijk + N_ijk) / (alpha_ij + N_ij)`, so this is Heckerman's (1995, 2003)
#' posterior predictive probability of a new case given the training data and the
#' structure; summed over held-out cases it is Heckerman's non-Bayesian score
#' "prediction accuracy on new data" (each case predicted from the training data alone,
#' not updated by the other new cases). The `"cv"` score of [bn_score()] is its
#' cross-validated version.
#'
#' A state with probability zero (possible in `"mle"` fits and [read_bif()] networks)
#' gives `-Inf`.
#'
#' For a linear-Gaussian network the value is the log density,
#' the sum over nodes of `dnorm(x_i, b_0 + sum_j b_j x_j, sd_i, log = TRUE)`; `newdata`
#' then has numeric columns (a data.frame, or continuous [bn_data()]).
#'
#' @param fit A `bn_fit` object from [fit_parameters()] or [read_bif()].
#' @param newdata A data.frame or [bn_data()] object with a column for every node of
#'   `fit` (other columns are ignored), whose values are levels of the fit's nodes.
#'   Case counts of a `bn_data` object weight the rows.
#' @param sum If `TRUE`, the total over the cases; if `FALSE`, the log probability of
#'   each row (of each distinct row, for data with case counts).
#' @return A number (`sum = TRUE`) or a numeric vector with one value per row.
#' @references Heckerman, D. (1995). A tutorial on learning with Bayesian networks.
#'   Technical Report MSR-TR-95-06, Microsoft Research.
#'
#'   Heckerman, D. (2003). Graphical models: structure learning. In Arbib, M. A.
#'   (ed.), *The Handbook of Brain Theory and Neural Networks*, 2nd ed., MIT Press.
#' @family parameters
#' @export
#' @examples
#' g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
#' cases <- college_plans[rep(1:128, college_plans$count), 1:5]
#' set.seed(1)
#' train <- sample(nrow(cases), 8000)
#' fit <- fit_parameters(g, cases[train, ])
#' log_predictive(fit, cases[-train, ])
#' head(log_predictive(fit, cases[-train, ], sum = FALSE))
log_predictive <- function(fit, newdata, sum = TRUE) {
  fit <- check_bn_fit(fit)
  check_flag(sum)
  if (is_gaussian_fit(fit)) return(log_predictive_gaussian(fit, newdata, sum))
  if (is_mixed_fit(fit)) return(log_predictive_mixed(fit, newdata, sum))  # R/fit-mixed.R
  # A column of new data may well hold a single value, or few rows many values or few of
  # the levels: the fit, not the new data, sets the levels, so no warning about them here.
  data <- without_column_warnings(as_bn_data(newdata))
  node_names <- names(fit$cpts)
  check_node_columns(node_names, names(data$levels), "newdata", "fit")
  check_complete(data_subset(data, node_names), "The predictive log-likelihood")
  codes <- lapply(stats::setNames(node_names, node_names), function(node) {
    fit_codes(data, node, fit$levels[[node]])
  })
  log_prob <- numeric(data$n_rows)
  for (node in node_names) {
    log_prob <- log_prob + cpt_log_probability(fit$cpts[[node]], node, codes)  # fit-simulate.R
  }
  if (!sum) return(log_prob)
  if (is.null(data$weights)) base::sum(log_prob) else base::sum(data$weights * log_prob)
}

# 0-based codes of `node` in `data` recoded to the fit's `levels` (matched by name).
fit_codes <- function(data, node, levels, call = rlang::caller_env()) {
  position <- match(data$levels[[node]], levels)
  codes <- as.integer(data$codes[[node]]) + 1L
  used <- unique(codes)
  unknown <- data$levels[[node]][used[is.na(position[used])]]
  if (length(unknown)) abort_unknown_levels(node, unknown, levels, call)
  position[codes] - 1L
}

# Stops because column `node` of new data holds values `unknown` that are not among the
# fit's `levels` of that node.
abort_unknown_levels <- function(node, unknown, levels, call) {
  lbn_abort(c(paste0("Column {.val {node}} of {.arg newdata} has {cli::qty(unknown)}value{?s} ",
                     "{list_few(unknown, 10L, quote = TRUE)} that the fit does not know."),
              "i" = "Levels of {.val {node}} in the fit: {list_few(levels, 10L, quote = TRUE)}."),
            "value", call = call)
}

# The number of cases of a data.frame (its rows, or the sum of its case counts) or of a
# bn_data object.
case_count <- function(data) {
  if (inherits(data, "bn_data")) return(data$n_cases)
  counts <- counts_attribute(data)
  if (is.null(counts)) nrow(data) else sum(data[[counts]])
}
