# predict() on conditional linear Gaussian fits (fits of mixed data); the exact
# enumeration it falls back on is query()'s, in fit-mixed-query.R.

# predict() on a mixed fit: in each row of `newdata`, the posterior mode of a discrete
# `node` or the conditional mean of a continuous one given the row's observed cells. Rows
# where the node's family and observed children hold all there is to know are computed
# at once; the others by query()'s enumeration, one row at a time. Rows whose observed
# cells have probability zero are NA.
mixed_predict <- function(fit, newdata, node, prob, call = rlang::caller_env()) {
  cells <- cg_newdata(fit, newdata, node, call)
  network <- network_spec(fit)
  possible <- cg_possible_rows(fit, cells, network, call)
  is_local <- cg_local_rows(fit, node, cells$observed)
  local <- which(is_local & possible)
  others <- which(!is_local & possible)
  codes <- lapply(cells$codes, `[`, local)
  values <- lapply(cells$values, `[`, local)
  seen <- cells$observed[local, , drop = FALSE]
  if (node %in% names(fit$levels)) {
    levels <- fit$levels[[node]]
    joint <- matrix(0, nrow(newdata), length(levels))
    joint[local, ] <- cg_local_discrete(fit, node, codes, values, seen, call)
    for (row in others) {
      post <- cg_posterior(fit, node, cg_row_evidence(cells, row), "exact", 0, call, network)
      joint[row, ] <- cg_joint(post, node, length(levels))$joint
    }
    return(posterior_prediction(joint, levels, rownames(newdata), prob))
  }
  predicted <- rep(NA_real_, nrow(newdata))
  predicted[local] <- cg_local_continuous(fit, node, codes, values, seen, call)
  for (row in others) {
    post <- cg_posterior(fit, node, cg_row_evidence(cells, row), "exact", 0, call, network)
    weight <- cg_weights(post)
    if (!is.null(weight)) predicted[row] <- sum(weight * post$mean[, 1L])
  }
  warn_impossible_rows(rownames(newdata)[is.na(predicted)])
  check_finite_means(predicted[!is.na(predicted)], call)
  predicted
}

# Whether the observed discrete cells of each row have a positive probability (those of
# continuous nodes have positive densities): from the discrete part's P(first discrete
# node, the row's other cells), read at the node's observed state or summed.
cg_possible_rows <- function(fit, cells, network, call) {
  discrete <- names(fit$cpts)
  codes <- matrix(NA_integer_, nrow(cells$observed), length(discrete))
  for (j in which(discrete %in% names(cells$codes))) codes[, j] <- cells$codes[[discrete[[j]]]]
  seen <- which(rowSums(!is.na(codes)) > 0)
  possible <- rep(TRUE, nrow(codes))
  if (!length(seen)) return(possible)
  result <- check_exact_result(cpp_predict(network, codes[seen, , drop = FALSE], 0L), call)
  first <- codes[seen, 1L]
  probability <- ifelse(is.na(first), rowSums(result$joint),
                        result$joint[cbind(seq_along(seen), pmax(first, 0L) + 1L)])
  possible[seen] <- probability > 0
  possible
}

# The cells of `newdata` but `node`'s: 0-based codes of the discrete nodes, numbers of the
# continuous ones (NA where unobserved, and for absent columns), and which are observed.
cg_newdata <- function(fit, newdata, node, call) {
  discrete <- setdiff(names(fit$levels), node)
  continuous <- setdiff(fit$nodes, c(names(fit$levels), node))
  n <- nrow(newdata)
  codes <- lapply(stats::setNames(discrete, discrete), function(v) {
    column <- newdata[[v]]
    if (is.null(column)) return(rep(NA_integer_, n))
    if (is.numeric(column)) abort_mixed_kind(v, call)
    newdata_states(column, v, fit$levels[[v]], call)
  })
  present <- intersect(continuous, names(newdata))
  numeric_kind <- vapply(newdata[present], function(x) is.numeric(x) || all(is.na(x)), NA)
  if (!all(numeric_kind)) abort_mixed_kind(present[!numeric_kind], call)
  frame <- newdata[present]
  frame[] <- lapply(frame, as.numeric)
  given <- gaussian_evidence_columns(frame, present, call)
  values <- lapply(stats::setNames(continuous, continuous), function(v) {
    if (v %in% present) unname(given[, v]) else rep(NA_real_, n)
  })
  observed <- matrix(FALSE, n, length(fit$nodes), dimnames = list(NULL, fit$nodes))
  for (v in discrete) observed[, v] <- !is.na(codes[[v]])
  for (v in continuous) observed[, v] <- !is.na(values[[v]])
  list(codes = codes, values = values, observed = observed)
}

# The observed cells of one row as query() evidence.
cg_row_evidence <- function(cells, row) {
  discrete <- vapply(cells$codes, `[`, 0L, row)
  continuous <- vapply(cells$values, `[`, 0, row)
  list(discrete = discrete[!is.na(discrete)], continuous = continuous[!is.na(continuous)])
}

# Rows whose posterior of `node` needs only its own factor and its observed children's:
# every parent observed, and each child either observed with all its parents, or
# unobserved with all its descendants (a barren branch, which sums to one).
cg_local_rows <- function(fit, node, observed) {
  local <- cg_all_seen(observed, parents(fit, node))
  for (child in children(fit, node)) {
    branch <- c(child, descendants(fit, child))
    local <- local & (cg_all_seen(observed, cg_coparents(fit, child, node)) |
                        rowSums(observed[, branch, drop = FALSE]) == 0)
  }
  local
}

cg_all_seen <- function(observed, nodes) rowSums(!observed[, nodes, drop = FALSE]) == 0

# A child with its parents other than `node`.
cg_coparents <- function(fit, child, node) setdiff(c(child, parents(fit, child)), node)

# P(node = level, observed children | parents) in each row, one column per level, each row
# scaled by its own factor.
cg_local_discrete <- function(fit, node, codes, values, observed, call) {
  n <- nrow(observed)
  kids <- children(fit, node)
  used <- lapply(kids, function(child) cg_all_seen(observed, cg_coparents(fit, child, node)))
  log_score <- matrix(vapply(seq_along(fit$levels[[node]]), function(k) {
    codes[[node]] <- rep(k - 1L, n)
    score <- cg_log_factor(fit, node, codes, values)
    if (anyNA(score)) abort_unfitted(node, call)
    for (i in seq_along(kids)) {
      term <- ifelse(used[[i]], cg_log_factor(fit, kids[[i]], codes, values), 0)
      score <- score + ifelse(is.na(term), -Inf, term)  # NA parameters: density 0
    }
    score
  }, numeric(n)), n)
  top <- log_score[cbind(seq_len(n), max.col(log_score, ties.method = "first"))]
  top[!is.finite(top)] <- 0
  exp(log_score - top)
}

# The mean of a continuous node given its parents and its observed children: the product
# of its normal and of each child's, linear in it, is normal.
cg_local_continuous <- function(fit, node, codes, values, observed, call) {
  n <- nrow(observed)
  mean <- rep_len(cg_mean(fit, node, codes, values), n)
  if (anyNA(mean)) abort_unfitted(node, call)
  variance <- rep_len(cg_sd(fit, node, codes)^2, n)
  precision <- 1 / variance
  weighted <- mean / variance
  values[[node]] <- 0
  unfitted <- rep(FALSE, n)
  for (child in children(fit, node)) {
    used <- cg_all_seen(observed, cg_coparents(fit, child, node))
    p <- cg_node(fit, child)
    slope <- p$coefficients[node, parent_config_index(codes[p$dparents], p$cards) + 1L]
    residual <- values[[child]] - cg_mean(fit, child, codes, values)
    child_variance <- cg_sd(fit, child, codes)^2
    unfitted <- unfitted | (used & is.na(residual))  # density 0: an impossible row
    precision <- precision + ifelse(used, slope^2 / child_variance, 0)
    weighted <- weighted + ifelse(used, slope * residual / child_variance, 0)
  }
  ifelse(unfitted, NA_real_, ifelse(variance > 0, weighted / precision, mean))
}
