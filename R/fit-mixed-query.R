# query() on conditional linear Gaussian fits (fits of mixed data); predict() on them,
# which falls back on this enumeration, is in fit-mixed-predict.R.
#
# Given the states of the discrete nodes, the continuous nodes are jointly normal, so a
# posterior is a mixture over the configurations of the discrete nodes that matter: the
# discrete targets and the discrete parents of the continuous nodes that are targets,
# evidence or ancestors of these (the other discrete nodes are summed out by variable
# elimination over the discrete part, and the other continuous nodes are barren). Each
# configuration is weighted by P(configuration, discrete evidence) times the density of
# the continuous evidence given it, and gives the conditional normal of the continuous
# targets. The configurations are enumerated (method "exact") or drawn from the discrete
# part by likelihood weighting or logic sampling ("lw", "ls"), the continuous part staying
# exact either way. The joint normals and their conditioning (and the rule for
# configurations without cases) are fit-mixed-normal.R's, shared with impute().

# Exact inference enumerates at most this many configurations.
max_cg_configurations <- 1e5

# query() on a mixed fit: a discrete target's table (a bn_posterior) or the continuous
# targets' mixture mean and covariance with its components.
mixed_query <- function(fit, target, evidence, method, n, type, call = rlang::caller_env()) {
  if (type == "marginal") {
    return(stats::setNames(lapply(target, function(node) {
      mixed_query(fit, node, evidence, method, n, "joint", call)
    }), target))
  }
  discrete <- target %in% names(fit$levels)
  if (any(discrete) && !all(discrete)) {
    lbn_abort(c(paste0("{.arg target} mixes discrete ({list_few(target[discrete], quote = TRUE)}) ",
                       "and continuous ({list_few(target[!discrete], quote = TRUE)}) nodes, ",
                       "whose joint posterior is not a table nor a normal mixture of one kind."),
                "i" = "Use {.code type = \"marginal\"}, or query them separately."),
              "value", call = call)
  }
  values <- cg_evidence(fit, evidence, call)
  if (all(discrete)) check_posterior_size(fit$levels[target], call)
  post <- cg_posterior(fit, target, values, method, n, call)
  if (all(discrete)) return(cg_table(fit, target, post, evidence, call))
  cg_mixture(fit, target, post, evidence, call)
}

# Evidence on a mixed fit: 0-based states of the discrete nodes (a number there is an
# error of type) and the finite numbers of the continuous ones.
cg_evidence <- function(fit, evidence, call) {
  discrete <- names(evidence) %in% names(fit$levels)
  for (node in names(evidence)[discrete]) {
    value <- evidence[[node]]
    if (is.numeric(value) && !is.factor(value)) {
      lbn_abort(c(paste0("{.arg evidence} gives the discrete node {.val {node}} the number ",
                         "{.val {value}}; it must be one of its levels, as a string."),
                  "i" = paste0("Levels of {.val {node}}: ",
                               "{list_few(fit$levels[[node]], 10L, quote = TRUE)}.")),
                "type", call = call)
    }
  }
  list(discrete = stats::setNames(evidence_states(fit, evidence[discrete], call),
                                  names(evidence)[discrete]),
       continuous = gaussian_evidence(evidence[!discrete], call))
}

# The weighted configurations of the discrete nodes that matter (`codes`, `log_weight` =
# log P(configuration, evidence)), with the continuous targets' conditional moments.
cg_posterior <- function(fit, target, values, method, n, call, network = network_spec(fit)) {
  plan <- cg_plan(fit, target, values)
  configs <- if (method == "exact") cg_enumerate(fit, plan, values, network, call)
             else cg_sample(fit, plan, values, n, method)
  gauss <- cg_condition(fit, plan, configs, values, call)
  configs$log_weight <- configs$log_weight + gauss$log_density
  c(configs, list(plan = plan, mean = gauss$mean, cov = gauss$cov, method = method))
}

# The relevant continuous nodes (targets, evidence and their ancestors, in topological
# order) and the unobserved discrete nodes whose states change the answer.
cg_plan <- function(fit, target, values) {
  discrete <- names(fit$levels)
  seeds <- c(setdiff(target, discrete), names(values$continuous))
  continuous <- if (length(seeds)) {
    ancestry <- reachable(t(fit$graph$amat), seeds)
    setdiff(intersect(topological_order(fit$graph), c(ancestry, seeds)), discrete)
  } else character()
  dparents <- unlist(lapply(continuous, function(node) cg_node(fit, node)$dparents))
  free <- setdiff(unique(c(intersect(target, discrete), dparents)), names(values$discrete))
  list(target = target, continuous = continuous, free = free,
       cards = lengths(fit$levels[free]))
}

# Every configuration of the free discrete nodes with P(configuration, discrete evidence)
# from variable elimination over the discrete part (zero ones left out).
cg_enumerate <- function(fit, plan, values, network, call) {
  cells <- prod(as.numeric(plan$cards))
  if (cells > max_cg_configurations) {
    lbn_abort(c(paste0("Exact inference would enumerate {format_count(cells)} configurations of ",
                       "the discrete nodes {list_few(plan$free, quote = TRUE)}, more than the ",
                       "limit of {format_count(max_cg_configurations)}."),
                "i" = paste0("Use {.code method = \"lw\"} (likelihood weighting), which samples ",
                             "them.")),
              "too_large", call = call)
  }
  discrete <- names(fit$cpts)
  result <- cpp_query_exact(network, match(plan$free, discrete) - 1L,
                            match(names(values$discrete), discrete) - 1L, unname(values$discrete))
  check_exact_result(result, call)
  keep <- which(result$joint > 0)
  strides <- cumprod(c(1, plan$cards))
  codes <- lapply(stats::setNames(seq_along(plan$free), plan$free), function(j) {
    as.integer(((keep - 1) %/% strides[[j]]) %% plan$cards[[j]])
  })
  list(codes = codes, log_weight = log(result$joint[keep]) + result$log_scale, samples = NULL)
}

# The configurations of the free discrete nodes drawn n times from the discrete part:
# evidence nodes are set and weigh by their probability ("lw"), or are drawn and reject
# the samples that disagree ("ls"). Equal configurations are merged, summing weights.
cg_sample <- function(fit, plan, values, n, method) {
  seeds <- c(plan$free, names(values$discrete))
  ancestry <- if (length(seeds)) reachable(t(fit$graph$amat), seeds) else character()
  codes <- list()
  log_weight <- numeric(n)
  for (node in intersect(topological_order(fit$graph), c(ancestry, seeds))) {
    table <- fit$cpts[[node]]
    config <- cpt_column(table, codes)  # fit-simulate.R
    observed <- unname(values$discrete[node])
    if (is.na(observed) || method == "ls") {
      codes[[node]] <- draw_states(table, config, stats::runif(n))
    }
    if (is.na(observed)) next
    log_weight <- if (method == "ls") log_weight - ifelse(codes[[node]] == observed, 0, Inf)
                  else log_weight + log(as.vector(table)[observed + 1L + dim(table)[1L] * config])
    codes[[node]] <- rep(observed, n)
  }
  kept <- which(log_weight > -Inf)
  group <- rep_len(config_groups(lapply(codes[plan$free], `[`, kept), plan$cards),
                   length(kept))
  top <- if (length(kept)) max(log_weight[kept]) else 0
  first <- kept[!duplicated(group)]
  list(codes = lapply(codes[plan$free], `[`, first),
       log_weight = log(as.vector(rowsum(exp(log_weight[kept] - top), group))) + top,
       samples = n)
}

# The continuous targets' moments in each configuration given the continuous evidence,
# and the log density of that evidence; in chunks of configurations, so that the
# covariance arrays (configurations x nodes x nodes) stay near 32 MB.
cg_condition <- function(fit, plan, configs, values, call) {
  m <- length(configs$log_weight)
  targets <- intersect(plan$target, plan$continuous)
  k <- length(targets)
  out <- list(log_density = numeric(m), mean = matrix(0, m, k, dimnames = list(NULL, targets)),
              cov = array(0, c(m, k, k)))
  p <- length(plan$continuous)
  if (!p || !m) return(out)
  codes <- c(configs$codes, lapply(values$discrete, rep_len, m))
  chunk <- max(1, floor(2^22 / p^2))
  for (start in seq(1, m, by = chunk)) {
    rows <- seq(start, min(m, start + chunk - 1))
    moments <- cg_moments(fit, plan$continuous, lapply(codes, `[`, rows), length(rows))
    x <- matrix(values$continuous, length(rows), length(values$continuous), byrow = TRUE,
                dimnames = list(NULL, names(values$continuous)))
    conditional <- cg_observe(moments, x, seq_along(rows), call)  # fit-mixed-normal.R
    check_fitted_moments(moments, conditional$mean, targets, seq_along(rows),
                         configs$log_weight[rows] + conditional$log_density,
                         function(case) "the query", call)
    out$log_density[rows] <- conditional$log_density
    out$mean[rows, ] <- conditional$mean[, targets]
    out$cov[rows, , ] <- conditional$cov[, targets, targets]
  }
  # configurations of weight 0 (evidence that needs NA parameters) may have NA moments
  out$mean[is.na(out$mean)] <- 0
  out$cov[is.na(out$cov)] <- 0
  out
}

# The posterior table of discrete targets: the configuration weights summed by target state.
cg_table <- function(fit, target, post, evidence, call) {
  out <- posterior_table(fit, target, cg_joint(post, target, lengths(fit$levels[target])),
                         evidence, post$samples, call)
  attr(out, "method") <- cg_method_text(post)
  if (length(post$plan$continuous)) attr(out, "evidence_density") <- TRUE
  out
}

# P(targets, evidence) over the discrete targets' states, scaled by exp(-log_scale).
cg_joint <- function(post, target, cards) {
  top <- if (length(post$log_weight)) max(post$log_weight) else -Inf
  if (!is.finite(top)) top <- 0
  joint <- numeric(prod(cards))
  if (length(post$log_weight)) {
    sums <- rowsum(exp(post$log_weight - top), parent_config_index(post$codes[target], cards))
    joint[as.integer(rownames(sums)) + 1L] <- sums
  }
  list(joint = joint, log_scale = top)
}

# The configurations' posterior weights (NULL when the evidence has probability zero).
cg_weights <- function(post) {
  top <- if (length(post$log_weight)) max(post$log_weight) else -Inf
  weight <- exp(post$log_weight - top)
  if (!is.finite(top) || !(sum(weight) > 0)) return(NULL)
  weight / sum(weight)
}

# The continuous targets' mixture: its mean and covariance, and its components (one per
# configuration of the free discrete nodes) with their weights, means and sds.
cg_mixture <- function(fit, target, post, evidence, call) {
  weight <- cg_weights(post)
  if (is.null(weight)) abort_impossible_evidence(evidence, post$samples, call)
  k <- length(target)
  mean <- stats::setNames(colSums(weight * post$mean[, target, drop = FALSE]), target)
  centred <- sweep(post$mean[, target, drop = FALSE], 2L, mean)
  cov <- matrix(colSums(weight * matrix(post$cov, length(weight))), k, k) +
    crossprod(centred * sqrt(weight))
  dimnames(cov) <- list(target, target)
  sds <- sqrt(pmax(cg_diagonal(post$cov), 0))
  moments <- if (k == 1L) data.frame(mean = post$mean[, 1L], sd = sds[, 1L]) else
    stats::setNames(data.frame(post$mean, sds), c(paste0("mean_", target), paste0("sd_", target)))
  configs <- lapply(stats::setNames(post$plan$free, post$plan$free), function(node) {
    factor(fit$levels[[node]][post$codes[[node]] + 1L], levels = fit$levels[[node]])
  })
  components <- data.frame(weight = weight, moments)
  if (length(configs)) components <- cbind(as.data.frame(configs, optional = TRUE), components)
  components <- components[order(-weight), , drop = FALSE]
  rownames(components) <- NULL
  out <- list(mean = mean, cov = cov, components = components, method = post$method)
  if (!is.null(post$samples)) out$samples <- post$samples
  out
}

# How the answer was computed, as print() shows it.
cg_method_text <- function(post) {
  n_configs <- length(post$log_weight)
  configs <- paste0(format_count(n_configs), " configuration", if (n_configs != 1L) "s",
                    " of the discrete nodes")
  switch(post$method,
         exact = paste0("exact, over ", configs),
         lw = paste0("likelihood weighting of the discrete nodes (", format_count(post$samples),
                     " samples, ", configs, "), continuous nodes exact"),
         ls = paste0("logic sampling of the discrete nodes (", format_count(post$samples),
                     " samples, ", configs, "), continuous nodes exact"))
}
