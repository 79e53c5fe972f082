# Conditional linear Gaussian fits (R/fit-mixed.R) to and from bnlearn's "bn.fit.cgnet":
# discrete nodes are bn.fit.dnode, continuous nodes without discrete parents bn.fit.gnode,
# and those with discrete parents bn.fit.cgnode. A cgnode holds `coefficients`, a matrix
# with one row per term ("(Intercept)", then its continuous parents) and one column per
# configuration of its discrete parents, named "0", "1", ...; `sd`, one per configuration;
# `dparents` and `gparents`, the positions of either kind among its `parents`; and
# `dlevels`, the discrete parents' levels. Configurations are numbered with the first
# discrete parent varying fastest, as learnbn's, but in bnlearn's order of the parents
# (its structure's), which may differ from learnbn's (the graph's node order).

# For every configuration of the discrete parents listed in order `to` (first varying
# fastest), its number (1-based) when the same parents are listed in order `from`.
permute_configurations <- function(cards, from, to) {
  grid <- expand.grid(lapply(cards[to], function(k) seq_len(k) - 1L), KEEP.OUT.ATTRS = FALSE)
  parent_config_index(as.list(grid)[from], cards[from]) + 1L
}

# bnlearn::custom.fit() of a mixed fit on `structure_bn` (as_bn() of its graph).
fit_as_cgnet <- function(x, structure_bn) {
  dist <- lapply(stats::setNames(x$nodes, x$nodes), function(node) {
    if (node %in% names(x$cpts)) return(bn_table(x$cpts[[node]]))  # R/bnlearn.R
    p <- cg_node(x, node)
    if (!length(p$dparents)) return(list(coef = x$coefficients[[node]], sd = p$sd))
    bn_order <- structure_bn$nodes[[node]]$parents
    columns <- permute_configurations(p$cards, p$dparents, bn_order[bn_order %in% p$dparents])
    coef <- p$coefficients[, columns, drop = FALSE]
    colnames(coef) <- NULL
    list(coef = coef, sd = unname(p$sd[columns]))
  })
  check_fitted_configurations(dist)
  exact_tables(bnlearn::custom.fit(structure_bn, dist = dist), dist)  # R/bnlearn.R
}

# bnlearn's custom.fit() refuses NA coefficients, which a fit has for configurations
# of discrete parents without cases.
check_fitted_configurations <- function(dist, call = rlang::caller_env()) {
  bad <- names(dist)[vapply(dist, function(d) is.list(d) && anyNA(d$sd), NA)]
  if (length(bad)) {
    lbn_abort(c(paste0("{cli::qty(bad)}Node{?s} {list_few(bad, quote = TRUE)} of {.arg x} ",
                       "{cli::qty(bad)}{?has/have} configurations of discrete parents that had ",
                       "no cases when fitted (NA coefficients), which bnlearn cannot hold."),
                "i" = "Refit with more data, or merge levels of the discrete parents."),
              "value", call = call)
  }
}

# A bn.fit.cgnet as a mixed bn_fit: the CPTs of the discrete nodes, and the regressions
# of the continuous ones, their terms and configurations in learnbn's parent order.
fit_from_cgnet <- function(x, graph, call = rlang::caller_env()) {
  parents <- graph_parents(graph)
  node_names <- names(x)
  discrete <- node_names[vapply(x, function(n) !is.null(n$prob), NA)]
  continuous <- setdiff(node_names, discrete)
  cpts <- cpts_from_bn(x, discrete, parents, call)
  levels <- lapply(cpts, function(table) dimnames(table)[[1L]])
  fits <- lapply(stats::setNames(continuous, continuous), function(node) {
    dparents <- intersect(parents[[node]], discrete)
    terms <- c("(Intercept)", setdiff(parents[[node]], dparents))
    beta <- x[[node]]$coefficients
    if (!length(dparents)) return(list(coefficients = beta[terms], sd = as.numeric(x[[node]]$sd)))
    cards <- lengths(levels[dparents])
    columns <- permute_configurations(cards, names(x[[node]]$dlevels), dparents)
    names <- cg_configurations(levels[dparents], list())$names
    list(coefficients = matrix(beta[terms, columns], length(terms),
                               dimnames = list(terms, names)),
         sd = stats::setNames(as.numeric(x[[node]]$sd)[columns], names))
  })
  check_cg_regressions(fits, call)
  new_mixed_fit(graph, levels, cpts, lapply(fits, `[[`, "coefficients"),
                lapply(fits, `[[`, "sd"), "mle")
}

# The regressions of a bnlearn CG fit must be finite, except for configurations without
# cases, whose coefficients and sd are all NA (as fit_parameters() leaves them).
check_cg_regressions <- function(fits, call) {
  ok <- vapply(fits, function(f) {
    beta <- as.matrix(f$coefficients)
    empty <- is.na(f$sd) & colSums(is.na(beta)) == nrow(beta)
    all(is.finite(beta[, !empty]) & f$sd[!empty] >= 0 & is.finite(f$sd[!empty]))
  }, NA)
  bad <- names(fits)[!ok]
  if (length(bad)) {
    lbn_abort(c(paste0("The bnlearn fit has missing or infinite parameters for ",
                       "{cli::qty(bad)}node{?s} {list_few(bad, quote = TRUE)}, in a ",
                       "configuration of discrete parents that has cases."),
                "i" = paste0("Their continuous parents are probably collinear there; drop one ",
                             "of them and refit.")),
              "value", call = call)
  }
}
