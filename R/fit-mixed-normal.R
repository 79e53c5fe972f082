# The conditional Gaussian core that query(), predict(), impute() and structural_em() share
# on conditional linear Gaussian fits: given the states of the discrete nodes, the
# continuous nodes are jointly normal (cg_moments()), and conditioning that normal on
# observed continuous cells gives their density and the conditional normal of the others
# (cg_observe()). query() and predict() on linear-Gaussian fits use it too, as fits
# without discrete nodes: one configuration (gaussian_moments() in fit-query.R).
#
# Configurations without cases. A configuration of a continuous node's discrete parents
# that had no cases when the fit was made has NA coefficients and sd, and so does the
# joint normal of that node and its descendants in any configuration that contains it.
# One rule covers every caller:
# - the density of observed continuous cells that need NA parameters is taken as 0, so
#   that configuration gets weight 0 (the fit saw no case like it): cg_observe();
# - unobserved continuous cells that are asked for (query targets, cells to impute) and
#   need NA parameters in a configuration that keeps a positive weight are an error of
#   class learnbn_error_unobserved_configurations (the fit cannot say what they are):
#   check_fitted_moments().

# The joint normal of the continuous `nodes` (topologically ordered, ancestors first) in
# each of m configurations (`codes`, the 0-based states of the discrete parents): mean
# (m x p) and covariance (m x p x p), NA where a node's parameters are, from
# x_i = b_0 + sum_t b_t x_t + e_i node by node (in C++: inference/linear_gaussian.hpp);
# `unfitted` (m x p) says which node's own parameters are NA in each configuration.
cg_moments <- function(fit, nodes, codes, m) {
  families <- lapply(nodes, cg_family, fit = fit, nodes = nodes, codes = codes)
  moments <- cpp_normal_moments(families, m)
  dimnames(moments$mean) <- dimnames(moments$unfitted) <- list(NULL, nodes)
  dimnames(moments$cov) <- list(NULL, nodes, nodes)
  moments
}

# One node's regression as cpp_normal_moments() takes it: its continuous parents'
# 0-based positions among `nodes`, its coefficients (terms x configurations) and sds, and
# the 0-based column of each of the configurations `codes` (one for all when it has one).
# (.subset2(): the checked `$` of a bn_fit costs more than the rest, once per node and query)
cg_family <- function(node, fit, nodes, codes) {
  beta <- .subset2(fit, "coefficients")[[node]]
  terms <- if (is.matrix(beta)) rownames(beta) else names(beta)
  config <- 0L
  if (NCOL(beta) > 1L) {
    family <- cg_node(fit, node)  # fit-mixed.R
    config <- parent_config_index(codes[family$dparents], family$cards)
  }
  list(parents = match(terms[-1L], nodes) - 1L, coefficients = beta,
       sd = .subset2(fit, "sd")[[node]], config = as.integer(config))
}

# Conditions the normals of cg_moments() on observed values `x` (a matrix, one row per
# case and one column per observed node), case r in configuration `config[r]`, one
# observed node at a time (the chain rule: the density of the observed values is the
# product of each value's density given the ones before it; in C++, cpp_condition_normal()).
# Returns per case the conditional `mean` (cases x p) and the `log_density` of its
# observed values (-Inf where they need NA parameters), and per configuration the
# conditional covariance `cov`, which does not depend on the values.
cg_observe <- function(moments, x, config, call) {
  config <- as.integer(config)
  out <- cpp_condition_normal(moments$mean[config, , drop = FALSE], moments$cov, config - 1L,
                              match(colnames(x), colnames(moments$mean)) - 1L, x)
  # a residual sd of 0 (or nearly): a value is fixed by the evidence before it
  if (isTRUE(out$dependent)) abort_dependent_evidence(colnames(x), call)  # fit-query.R
  out
}

# The variances in an array of covariances (configurations x nodes x nodes), as a matrix.
cg_diagonal <- function(cov) {
  p <- dim(cov)[2L]
  matrix(cov, dim(cov)[1L])[, (seq_len(p) - 1L) * p + seq_len(p), drop = FALSE]
}

# The error when asked-for `nodes` have no conditional mean (NA parameters) in a case of
# positive weight `log_weight`; `what(case)` says who needs them, for the message.
check_fitted_moments <- function(moments, conditional, nodes, config, log_weight, what, call) {
  bad <- which(log_weight > -Inf & rowSums(is.na(conditional[, nodes, drop = FALSE])) > 0)
  if (!length(bad)) return(invisible())
  unfitted <- moments$unfitted[config[bad[[1L]]], ]
  culprit <- c(intersect(nodes, names(unfitted)[unfitted]), names(unfitted)[unfitted])
  abort_unfitted(culprit[[1L]], call, what(bad[[1L]]))
}

abort_unfitted <- function(node, call, what = "the query") {
  lbn_abort(c(paste0("Node {.val {node}} has no fitted parameters for a configuration of its ",
                     "discrete parents that ", what, " needs (it had no cases when the fit ",
                     "was made)."),
              "i" = paste0("Its coefficients are NA in {.code coef(fit)}; refit on data with ",
                           "such cases.")),
            "unobserved_configurations", call = call)
}

# The group of each case by its configuration of `codes` (0-based states, one vector per
# node, of `cards` states), numbered by first occurrence: a mixed-radix index, which is
# renumbered whenever the next node could take it past the doubles' exact integers.
config_groups <- function(codes, cards) {
  index <- 0
  size <- 1
  for (j in seq_along(codes)) {
    if (size * cards[[j]] > 2^52) {
      index <- match(index, unique(index)) - 1
      size <- max(index) + 1
    }
    index <- index * cards[[j]] + codes[[j]]
    size <- size * cards[[j]]
  }
  match(index, unique(index))
}
