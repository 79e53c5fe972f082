# The exact posterior of the missing cells of each row under a conditional linear
# Gaussian fit (R/fit-mixed.R): impute() of mixed data, and the E-step of structural EM
# on mixed data (R/learn-structural-em-mixed.R).
#
# Each row is expanded into the completions of its missing discrete cells. Given all the
# discrete values, the continuous nodes are a linear Gaussian network, hence jointly
# normal with mean (I - B)^-1 c and covariance (I - B)^-1 D (I - B)^-T (B, c and D from
# each node's regression in its configuration of discrete parents). A completion's
# posterior weight is proportional to the probability of the discrete values times the
# normal density of the row's observed continuous values; its missing continuous values
# have the normal conditional mean and covariance given the observed ones (the joint
# normals and their conditioning are fit-mixed-normal.R's, shared with query()).

# Largest number of completions of one row's missing discrete cells.
max_discrete_completions <- 65536

# The rows' columns aligned to the fit: `codes` (0-based, NA where missing) of the
# discrete nodes, `values` of the continuous ones, and the case counts `weights` (or NULL).
mixed_missing_data <- function(fit, data, call = rlang::caller_env()) {
  weights <- NULL
  if (inherits(data, "bn_data")) {
    weights <- data$weights
    data <- as.data.frame(data)
  }
  if (!is.data.frame(data)) abort_not_data(data, "data", call)  # fit-impute.R
  check_node_columns(fit$nodes, names(data), "data", "fit", call)
  discrete <- names(fit$cpts)
  continuous <- names(fit$coefficients)
  wrong <- c(discrete[vapply(data[discrete], function(v) is.numeric(v) && !is.factor(v) &&
                                                         !all(is.na(v)), NA)],
             continuous[!vapply(data[continuous], function(v) is.numeric(v) || all(is.na(v)),
                                NA)])
  if (length(wrong)) abort_mixed_kind(wrong, call, "data")  # R/fit-mixed.R
  codes <- lapply(stats::setNames(discrete, discrete), function(node) {
    values <- as.character(data[[node]])
    code <- match(values, fit$levels[[node]])
    check_known_values(values[!is.na(values) & is.na(code)], node, fit, call)  # fit-impute.R
    code - 1L
  })
  list(codes = codes, values = lapply(data[continuous], as.double), weights = weights,
       n_rows = nrow(data))
}

# The posterior completions of every row of `rows` (mixed_missing_data()): `row` (the row
# each completion belongs to), `codes` (the discrete values, complete), `values` (a matrix
# of continuous values: observed, or the conditional mean when missing), `weight` (the
# posterior probability of the completion within its row), `group` and `covariance` (the
# conditional covariance of the missing continuous cells, per group of completions that
# share it), and `loglik`, the log density of each row's observed cells.
cg_row_posterior <- function(fit, rows, call = rlang::caller_env()) {
  expanded <- expand_discrete(fit, rows$codes, rows$n_rows, call)
  row <- expanded$row
  log_weight <- numeric(length(row))
  for (node in names(fit$cpts)) {
    log_weight <- log_weight + cpt_log_probability(fit$cpts[[node]], node, expanded$codes)
  }
  continuous <- names(fit$coefficients)
  values <- matrix(NA_real_, length(row), length(continuous), dimnames = list(NULL, continuous))
  for (node in continuous) values[, node] <- rows$values[[node]][row]
  gaussian <- cg_conditionals(fit, expanded$codes, values, log_weight, row, call)
  log_weight <- log_weight + gaussian$log_density
  loglik <- as.vector(rowsum_max_exp(log_weight, row, rows$n_rows))
  if (any(!is.finite(loglik))) abort_impossible_rows(which(!is.finite(loglik)), call)
  list(row = row, codes = expanded$codes, values = gaussian$values,
       weight = exp(log_weight - loglik[row]), group = gaussian$group,
       covariance = gaussian$covariance, loglik = loglik)
}

# log(sum(exp(x))) within each group of `row` (every group has an element), computed
# stably.
rowsum_max_exp <- function(x, row, n) {
  top <- vapply(split(x, factor(row, seq_len(n))), max, 1)
  shift <- ifelse(is.finite(top), top, 0)
  log(rowsum(exp(x - shift[row]), factor(row, seq_len(n)), reorder = TRUE)[, 1L]) + shift
}

# Every row repeated once per completion of its missing discrete cells (the first missing
# node varying fastest), with those cells filled in.
expand_discrete <- function(fit, codes, n_rows, call) {
  cards <- lengths(fit$levels)
  sizes <- rep(1, n_rows)
  for (node in names(codes)) sizes <- sizes * ifelse(is.na(codes[[node]]), cards[[node]], 1)
  if (any(sizes > max_discrete_completions)) {
    lbn_abort(c(paste0("A row of {.arg data} has {format(max(sizes), big.mark = \",\")} ",
                       "completions of its missing discrete cells, more than the ",
                       "{format(max_discrete_completions, big.mark = \",\")} enumerated."),
                "i" = "Drop the rows with most missing cells, or some discrete columns."),
              "too_large", call = call)
  }
  row <- rep(seq_len(n_rows), sizes)
  within <- sequence(sizes) - 1
  stride <- rep(1, n_rows)
  expanded <- lapply(stats::setNames(names(codes), names(codes)), function(node) codes[[node]][row])
  for (node in names(codes)) {
    missing <- is.na(expanded[[node]])
    expanded[[node]][missing] <- as.integer((within[missing] %/% stride[row[missing]]) %%
                                              cards[[node]])
    stride <- stride * ifelse(is.na(codes[[node]]), cards[[node]], 1)
  }
  list(row = row, codes = expanded)
}

# For completions (of rows `row`) with discrete values `codes`, continuous `values` (NA
# where missing) and discrete log probability `log_weight`: the log density of the observed
# continuous values, the values with missing cells replaced by their conditional means,
# and the conditional covariance of the missing cells, per group of completions with the
# same discrete parents of the continuous nodes and the same missing continuous cells.
# Configurations without cases follow the rule in fit-mixed-normal.R.
cg_conditionals <- function(fit, codes, values, log_weight, row, call) {
  continuous <- colnames(values)
  n <- nrow(values)
  log_density <- numeric(n)
  if (!length(continuous)) return(list(log_density = log_density, values = values,
                                       group = rep(1L, n), covariance = list()))
  ordered <- intersect(topological_order(fit$graph), continuous)  # as cg_moments() takes them
  dparents <- unique(unlist(lapply(continuous, function(node) cg_node(fit, node)$dparents)))
  holes <- lapply(seq_along(continuous), function(j) as.integer(is.na(values[, j])))
  pattern <- config_groups(holes, rep(2L, length(holes)))  # fit-mixed-normal.R
  group <- config_groups(c(codes[dparents], list(pattern)),
                         c(lengths(fit$levels[dparents]), max(pattern)))
  covariance <- vector("list", max(group))
  for (members in split(seq_len(n), pattern)) {
    missing <- is.na(values[members[[1L]], ])
    here <- unique(group[members])  # one configuration each
    first <- members[match(here, group[members])]
    moments <- cg_moments(fit, ordered, lapply(codes, `[`, first), length(first))
    config <- match(group[members], here)
    part <- cg_observe(moments, values[members, !missing, drop = FALSE], config, call)
    log_density[members] <- part$log_density
    if (!any(missing)) next
    check_fitted_moments(moments, part$mean, continuous[missing], config,
                         log_weight[members] + part$log_density,
                         function(case) paste0("row ", row[members[[case]]], " of {.arg data}"),
                         call)
    means <- part$mean[, continuous[missing], drop = FALSE]
    values[members, missing] <- ifelse(is.na(means), 0, means)  # NA only where weight is 0
    for (j in seq_along(here)) {
      covariance[[here[[j]]]] <- matrix(part$cov[j, continuous[missing], continuous[missing]],
                                     sum(missing))
    }
  }
  list(log_density = log_density, values = values, group = group, covariance = covariance)
}

abort_impossible_rows <- function(rows, call) {
  lbn_abort(c(paste0("{cli::qty(rows)}Row{?s} {list_few(rows)} of {.arg data} {?has/have} ",
                     "probability zero under {.arg fit}: every completion of {?its/their} ",
                     "missing cells has a zero probability or falls in a configuration of ",
                     "discrete parents that {.arg fit} never saw (NA coefficients)."),
              "i" = "Refit {.arg fit} on data that include such rows."),
            "value", call = call)
}

# impute() of a mixed fit: each row's missing discrete cells by the completion of highest
# posterior probability (jointly), and its missing continuous cells by their conditional
# mean given the row's observed cells (a mixture over the discrete completions).
impute_mixed <- function(fit, data, call = rlang::caller_env()) {
  rows <- mixed_missing_data(fit, data, call)
  post <- cg_row_posterior(fit, rows, call)
  order <- order(post$row, -post$weight)
  best <- order[!duplicated(post$row[order])]
  means <- rowsum(post$weight * post$values, post$row, reorder = TRUE)
  values <- lapply(stats::setNames(nm = colnames(means)), function(node) unname(means[, node]))
  out <- fit_data_frame(fit, fit$nodes, lapply(post$codes, `[`, best), values,  # fit-simulate.R
                        rows$n_rows)
  if (!is.null(rows$weights)) out$count <- rows$weights
  out
}
