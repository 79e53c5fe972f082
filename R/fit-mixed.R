# Conditional linear Gaussian (CLG) networks: fits of mixed data (bnlearn's bn.fit.cgnet).
#
# A mixed bn_fit extends the Gaussian one: list(graph, type = "mixed", nodes, levels, cpts,
# coefficients, sd, method, iss). `levels` and `cpts` hold the discrete nodes (whose parents
# are discrete), as in a discrete fit; `coefficients` and `sd` the continuous nodes. A
# continuous node without discrete parents has a named vector and a number, as in a
# Gaussian fit; one with discrete parents has a matrix of coefficients, one row per term
# ("(Intercept)", then the continuous parents) and one column per configuration of its
# discrete parents (the first parent varying fastest, as in a CPT; columns named by the
# levels joined by ":"), and a named vector of residual sds, one per configuration.

is_mixed_fit <- function(fit) identical(.subset2(fit, "type"), "mixed")

# The error of a function that does not take conditional linear Gaussian fits yet.
stop_mixed_fit <- function(fit, what, call = rlang::caller_env()) {
  if (!is_mixed_fit(fit)) return(invisible(fit))
  what <- cli::format_inline(what)
  lbn_abort(c(paste0("{what} does not support conditional linear Gaussian networks (fits of ",
                     "mixed data) yet."),
              "i" = paste0("Their parameters are in {.code coef(fit)}; {.fn logLik}, ",
                           "{.fn simulate_data}, {.fn predict} and {.fn query} take them.")),
            "data_type", call = call)
}

new_mixed_fit <- function(graph, levels, cpts, coefficients, sd, method, iss = NULL) {
  structure(list(graph = graph, type = "mixed", nodes = colnames(graph$amat), levels = levels,
                 cpts = cpts, coefficients = coefficients, sd = sd, method = method, iss = iss),
            class = "bn_fit")
}

# fit_parameters() on mixed data: CPTs for the discrete nodes, and for the continuous ones
# a least-squares regression on the continuous parents per configuration of the discrete
# ones. A configuration without cases gets NA coefficients and sd, as in bnlearn.
fit_mixed <- function(g, data, method, iss, call = rlang::caller_env()) {
  node_names <- nodes(g)
  check_node_columns(node_names, names(data$levels), "data", "g", call)
  continuous <- intersect(node_names, continuous_nodes(data))
  discrete <- setdiff(node_names, continuous)
  parents <- graph_parents(g)[node_names]
  bad <- discrete[vapply(parents[discrete], function(p) any(p %in% continuous), NA)]
  if (length(bad)) {
    lbn_abort(c(paste0("{cli::qty(bad)}Discrete node{?s} {list_few(bad, quote = TRUE)} ",
                       "{cli::qty(bad)}{?has/have} a continuous parent in {.arg g}, which a ",
                       "conditional linear Gaussian network cannot fit."),
                "i" = "Reverse or drop the arcs from continuous to discrete nodes."),
              "continuous_parent", call = call)
  }
  cpts <- lapply(stats::setNames(discrete, discrete), function(node) {
    family <- c(node, parents[[node]])
    levels <- data$levels[family]
    check_table_size(lengths(levels), node, call = call)
    counts <- mixed_counts(data, node, parents[[node]])
    estimate_cpt(array(counts, dim = unname(lengths(levels)), dimnames = levels), method, iss)
  })
  fits <- lapply(stats::setNames(continuous, continuous), function(node) {
    cg_regression(data, node, parents[[node]], call)
  })
  new_mixed_fit(g, data$levels[discrete], cpts, lapply(fits, `[[`, "coefficients"),
                lapply(fits, `[[`, "sd"), method, if (method == "bayes") iss)
}

# Weighted counts of a discrete family of mixed data, in CPT layout (node first).
mixed_counts <- function(data, node, parents) {
  family <- c(node, parents)
  cards <- lengths(data$levels[family])
  index <- parent_config_index(lapply(family, function(v) data_codes(data, v)), cards)
  weights <- if (is.null(data$weights)) rep(1, data$n_rows) else data$weights
  as.numeric(tapply(weights, factor(index, levels = seq_len(prod(cards)) - 1L), sum,
                    default = 0))
}

# 0-based configuration of the discrete parents `dparents` in every row of `data`, and the
# names of all configurations (levels joined by ":", the first parent varying fastest).
cg_configurations <- function(levels, codes) {
  cards <- lengths(levels)
  index <- parent_config_index(codes, cards)
  if (!length(levels)) return(list(index = 0L, names = ""))
  list(index = index, names = configuration_names(levels))
}

# Least squares of continuous `node` on its continuous parents in each configuration of
# its discrete parents; sd = sqrt(RSS / (n_j - k - 1)) as lm() (and bnlearn) per configuration.
cg_regression <- function(data, node, parents, call) {
  dparents <- parents[!vapply(data$levels[parents], is.null, NA)]
  cparents <- setdiff(parents, dparents)
  weights <- if (is.null(data$weights)) rep(1, data$n_rows) else data$weights
  x <- cbind(rep(1, data$n_rows), do.call(cbind, data$values[cparents]))
  colnames(x) <- c("(Intercept)", cparents)
  y <- data$values[[node]]
  configs <- cg_configurations(data$levels[dparents],
                               lapply(dparents, function(v) data_codes(data, v)))
  q <- length(configs$names)
  beta <- matrix(NA_real_, ncol(x), q, dimnames = list(colnames(x), configs$names))
  sd <- stats::setNames(rep(NA_real_, q), configs$names)
  for (j in seq_len(q)) {
    rows <- which(rep_len(configs$index, length(y)) == j - 1L)
    if (!length(rows)) next
    fit <- cg_least_squares(x[rows, , drop = FALSE], y[rows], weights[rows], node,
                            configs$names[j], dparents, call)
    beta[, j] <- fit$coefficients
    sd[[j]] <- fit$sd
  }
  if (!length(dparents)) {
    return(list(coefficients = stats::setNames(beta[, 1L], rownames(beta)), sd = unname(sd[[1L]])))
  }
  list(coefficients = beta, sd = sd)
}

# One weighted regression; too few cases or collinear parents in it are errors.
cg_least_squares <- function(x, y, w, node, config, dparents, call) {
  cases <- sum(w)
  where <- if (length(dparents)) {
    paste0(" where {.field ", paste(dparents, collapse = ":"), "} is {.val ", config, "}")
  } else ""
  if (cases <= ncol(x)) {
    lbn_abort(c(paste0("Node {.val {node}} has {ncol(x) - 1} continuous parent{?s}, so its ",
                       "regression needs more than {ncol(x)} cases", where, "; {.arg data} ",
                       "has {format_count(cases)}."),
                "i" = "Give it fewer parents, or merge levels of its discrete parents."),
              "too_few_cases", call = call)
  }
  fit <- stats::lm.wfit(x, y, w)
  if (fit$rank < ncol(x)) {
    lbn_abort(paste0("The continuous parents of node {.val {node}} are collinear", where,
                     ", so their coefficients are not identifiable; drop one of them."),
              "collinear", call = call)
  }
  rss <- sum(w * fit$residuals^2)
  # An exact fit, 1 - R^2 <= 1e-12 within the configuration (the core's limit, on the
  # configuration's own variance): no density there.
  if (rss <= 1e-12 * sum(w * (y - stats::weighted.mean(y, w))^2)) {
    lbn_abort(paste0("Node {.val {node}} is an exact linear function of its continuous ",
                     "parents", where, " (residual sd 0), so it has no density there; drop or ",
                     "combine the collinear columns."),
              "collinear", call = call)
  }
  list(coefficients = fit$coefficients[colnames(x)], sd = sqrt(rss / (cases - ncol(x))))
}

# A continuous node's parameters as a matrix (terms x configurations) and sd vector, its
# discrete parents and their levels.
# (.subset2(): the checked `$` of a bn_fit costs more than the rest, once per node and query)
cg_node <- function(fit, node) {
  beta <- .subset2(fit, "coefficients")[[node]]
  amat <- .subset2(.subset2(fit, "graph"), "amat")
  parents <- node_parents(amat, node)  # R/graph-class.R
  levels <- .subset2(fit, "levels")
  dparents <- parents[parents %in% names(levels)]
  if (!is.matrix(beta)) beta <- matrix(beta, dimnames = list(names(beta), NULL))
  list(coefficients = beta, sd = .subset2(fit, "sd")[[node]], dparents = dparents,
       cards = lengths(levels[dparents]))
}

nparams_mixed <- function(fit) {
  discrete <- sum(vapply(fit$cpts, function(t) (dim(t)[1L] - 1) * length(t) / dim(t)[1L], 1))
  discrete + sum(vapply(fit$coefficients, function(b) length(b) + NCOL(b), 1))
}

# Ancestral sampling: discrete nodes by n uniform draws, continuous ones by n normal draws.
simulate_mixed <- function(fit, n) {
  codes <- list()
  values <- list()
  for (node in topological_order(fit$graph)) {
    if (node %in% names(fit$cpts)) {
      table <- fit$cpts[[node]]
      codes[[node]] <- draw_states(table, cpt_column(table, codes), stats::runif(n))
    } else {
      values[[node]] <- unname(cg_mean(fit, node, codes, values)) +
        cg_sd(fit, node, codes) * stats::rnorm(n)
    }
  }
  if (anyNA(unlist(values))) warn_unfitted_configurations(fit)
  fit_data_frame(fit, fit$nodes, codes, values, n)  # fit-simulate.R
}

# The conditional mean and sd of a continuous node in every row, from its parents' discrete
# codes and continuous values.
cg_mean <- function(fit, node, codes, values) {
  p <- cg_node(fit, node)
  config <- parent_config_index(codes[p$dparents], p$cards) + 1L
  beta <- p$coefficients
  mean <- beta[1L, config]
  for (term in rownames(beta)[-1L]) mean <- mean + beta[term, config] * values[[term]]
  mean
}

cg_sd <- function(fit, node, codes) {
  p <- cg_node(fit, node)
  unname(p$sd[parent_config_index(codes[p$dparents], p$cards) + 1L])
}

warn_unfitted_configurations <- function(fit) {
  lbn_warn(c(paste0("Some rows fall in configurations of discrete parents that had no cases ",
                    "when {.arg fit} was fitted, so their continuous values are {.val {NA}}."),
             "i" = "Their coefficients are NA in {.code coef(fit)}."),
           "unobserved_configurations")
}

# The log of a node's factor in each row: log P(state | parents) for a discrete node, the
# normal log density given its parents for a continuous one.
cg_log_factor <- function(fit, node, codes, values) {
  table <- fit$cpts[[node]]
  if (is.null(table)) {
    return(stats::dnorm(values[[node]], cg_mean(fit, node, codes, values),
                        cg_sd(fit, node, codes), log = TRUE))
  }
  cpt_log_probability(table, node, codes)  # fit-simulate.R
}

# Per row: the sum over nodes of log P(discrete node | parents) and the normal log density of
# each continuous node given its parents.
log_predictive_mixed <- function(fit, newdata, sum, call = rlang::caller_env()) {
  columns <- mixed_newdata(fit, newdata, call)
  codes <- columns$codes
  log_density <- numeric(columns$n_rows)
  for (node in c(names(fit$cpts), names(fit$coefficients))) {
    log_density <- log_density + cg_log_factor(fit, node, codes, columns$values)
  }
  if (!sum) return(log_density)
  if (is.null(columns$weights)) base::sum(log_density)
  else base::sum(columns$weights * log_density)
}

# New data for a mixed fit: 0-based codes of the discrete nodes (matched to the fit's
# levels by name) and the continuous nodes' values. A data.frame is not converted with
# bn_data(): a few new rows may well be constant or use few levels.
mixed_newdata <- function(fit, newdata, call) {
  discrete <- names(fit$cpts)
  continuous <- names(fit$coefficients)
  if (inherits(newdata, "bn_data")) {
    check_node_columns(fit$nodes, names(newdata$levels), "newdata", "fit", call)
    wrong <- c(discrete[vapply(newdata$levels[discrete], is.null, NA)],
               continuous[!vapply(newdata$levels[continuous], is.null, NA)])
    if (length(wrong)) abort_mixed_kind(wrong, call)
    codes <- lapply(stats::setNames(discrete, discrete), function(node) {
      fit_codes(newdata, node, fit$levels[[node]], call)
    })
    return(list(codes = codes, values = newdata$values[continuous], weights = newdata$weights,
                n_rows = newdata$n_rows))
  }
  values <- gaussian_newdata(newdata, continuous, call)  # checks the type and the columns
  codes <- lapply(stats::setNames(discrete, discrete), function(node) {
    column <- newdata[[node]]
    if (is.null(column)) check_node_columns(node, names(newdata), "newdata", "fit", call)
    if (is.numeric(column) && !is.factor(column)) abort_mixed_kind(node, call)
    column <- as.character(column)
    code <- match(column, fit$levels[[node]])
    unknown <- unique(column[is.na(code)])
    if (length(unknown)) abort_unknown_levels(node, unknown, fit$levels[[node]], call)
    code - 1L
  })
  list(codes = codes, values = values$values, weights = values$weights, n_rows = nrow(newdata))
}

abort_mixed_kind <- function(nodes, call, arg = "newdata") {
  lbn_abort(paste0("{cli::qty(nodes)}Column{?s} {list_few(nodes, quote = TRUE)} of ",
                   "{.arg {arg}} {?is/are} not of the kind (discrete or continuous) of ",
                   "{cli::qty(nodes)}{?its node/their nodes} in {.arg fit}."),
            "data_type", call = call)
}

# print() of a mixed fit: the discrete families, then one regression line per continuous
# node and configuration of its discrete parents.
print_mixed_fit <- function(x) {
  n_arcs <- sum(x$graph$amat)
  cli::cat_line("<bn_fit> conditional linear Gaussian: ", length(x$cpts), " discrete and ",
                length(x$coefficients), " continuous node", if (length(x$coefficients) != 1L) "s",
                ", ", n_arcs, " arc", if (n_arcs != 1L) "s", ", ",
                format_count(nparams(x)), " parameters")
  cli::cat_line("  parameters: ", if (x$method == "bayes") {
    paste0("CPTs by Bayesian posterior mean (iss = ", format(x$iss), "), ")
  }, "least squares per configuration of the discrete parents")
  shown <- if (length(x$nodes) > 12L) x$nodes[1:10] else x$nodes
  for (node in shown) {
    if (node %in% names(x$cpts)) {
      family <- names(dimnames(x$cpts[[node]]))
      cli::cat_line("  [", family[1L], if (length(family) > 1L) "|",
                    paste(family[-1L], collapse = ":"), "] discrete")
      next
    }
    p <- cg_node(x, node)
    if (!length(p$dparents)) {
      cli::cat_line("  ", gaussian_equation(node, p$coefficients[, 1L], p$sd))
      next
    }
    for (j in seq_len(ncol(p$coefficients))) {
      equation <- if (is.na(p$sd[[j]])) paste(node, "not fitted (no cases)") else
        gaussian_equation(node, p$coefficients[, j], p$sd[[j]])
      cli::cat_line("  ", paste(p$dparents, collapse = ":"), " = ", colnames(p$coefficients)[j],
                    ": ", equation)
    }
  }
  if (length(x$nodes) > 12L) cli::cat_line("  ... and ", length(x$nodes) - 10L, " more nodes")
  invisible(x)
}
