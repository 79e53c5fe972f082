# Joint marginals of a fitted network for BDe's prior counts
# alpha_ijk = iss * P(x_i = k, pa_i = j), by the core's variable elimination (query()'s).

# P(family) for each family of node names in `families`, as a list of probability
# vectors over the family's joint states, its first node fastest.
family_marginals <- function(fit, families, call = rlang::caller_env()) {
  nodes <- names(fit$cpts)
  targets <- lapply(families, function(family) match(family, nodes) - 1L)
  result <- cpp_marginals(network_spec(fit, call = call), targets)
  if (!is.null(result$error)) {
    lbn_abort(c("The prior network's joint marginals are too large to compute ({result$error}).",
                "i" = paste("Use {.code bn_score(\"bde\")} without a prior network, or a prior",
                            "network with fewer parents.")),
              "too_large", call = call)
  }
  result$marginals
}
