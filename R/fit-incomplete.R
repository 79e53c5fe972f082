# Fitting the parameters of a discrete network to data with missing cells: EM and Gibbs
# sampling (fit_parameters(missing = ...)), started from available-case estimates.
#
# EM's E-step is the expected counts of its families under the current fit (complete_data()
# in R/fit-complete.R, no rows), and its M-step the complete-data estimate on them.

# Settings of EM and Gibbs sampling (the `control` argument of fit_parameters()).
missing_control_defaults <- list(max_iter = 100, tol = 1e-6, iterations = 500, burn_in = 100,
                                 start = NULL)

check_missing_control <- function(control, call = rlang::caller_env()) {
  if (!is.list(control) || (length(control) && is.null(names(control))) ||
      any(!nzchar(names(control)))) {
    lbn_abort("{.arg control} must be a named list, not {.obj_type_friendly {control}}.",
              "type", call = call)
  }
  unknown <- setdiff(names(control), names(missing_control_defaults))
  if (length(unknown)) {
    lbn_abort(c("{.arg control} has unknown setting{?s} {.val {unknown}}.",
                "i" = "Known settings: {.val {names(missing_control_defaults)}}."),
              "value", call = call)
  }
  control <- utils::modifyList(missing_control_defaults, control)
  check_number(control$max_iter, min = 1, whole = TRUE, arg = "control$max_iter", call = call)
  check_number(control$tol, min = 0, arg = "control$tol", call = call)
  check_number(control$iterations, min = 1, max = 1e9, whole = TRUE,
               arg = "control$iterations", call = call)
  check_number(control$burn_in, min = 0, max = 1e9, whole = TRUE, arg = "control$burn_in",
               call = call)
  if (!is.null(control$start)) control$start <- check_bn_fit(control$start, arg = "control$start",
                                                             call = call)
  control
}

# fit_parameters() on data with missing cells in the graph's nodes.
fit_incomplete <- function(g, data, method, iss, missing, control, call = rlang::caller_env()) {
  nodes <- nodes(g)
  if (missing == "none") {
    n_na <- data$missing[nodes][data$missing[nodes] > 0]
    lbn_abort(c("{.arg data} has missing values: {paste0(names(n_na), ' (', n_na, ' NA)')}.",
                "i" = paste0("Use {.code missing = \"em\"} (EM, maximum a posteriori / likelihood ",
                             "parameters) or {.code missing = \"gibbs\"} (Gibbs sampling) to fit ",
                             "them.")),
              "missing", call = call)
  }
  data <- data_subset(data, nodes)
  start <- control$start
  if (is.null(start)) {
    start <- available_case_fit(g, data, if (method == "bayes") iss else 1, call)
  } else {
    check_start_fit(start, g, data, call)
  }
  if (missing == "em") {
    return(em_fit(g, data, method, iss, start, control$max_iter, control$tol, call))
  }
  if (method != "bayes") {
    lbn_abort(paste0("Gibbs sampling draws from the Bayesian posterior; use ",
                     "{.code method = \"bayes\"} with {.code missing = \"gibbs\"}, or ",
                     "{.code missing = \"em\"} for maximum likelihood."),
              "value", call = call)
  }
  gibbs_fit(g, data, iss, start, control$iterations, control$burn_in, call)
}

# CPTs from available cases (each family counted on the rows where it is observed),
# smoothed by a BDeu prior so no completion starts with probability zero.
available_case_fit <- function(g, data, iss, call = rlang::caller_env()) {
  node_names <- nodes(g)
  levels <- data$levels[node_names]
  parents <- graph_parents(g)[node_names]
  cpts <- lapply(node_names, function(node) {
    family <- c(node, parents[[node]])
    check_table_size(lengths(levels[family]), node, call = call)
    counts <- cpp_available_counts(data, match(node, names(data$levels)) - 1L,
                                   match(parents[[node]], names(data$levels)) - 1L)
    estimate_cpt(array(counts, dim = unname(lengths(levels[family])), dimnames = levels[family]),
                 "bayes", iss)
  })
  names(cpts) <- node_names
  new_bn_fit(g, levels, cpts, "bayes", iss)
}

check_start_fit <- function(start, g, data, call) {
  same_graph <- setequal(nodes(start$graph), nodes(g)) &&
    all(start$graph$amat[nodes(g), nodes(g)] == g$amat)
  if (is_gaussian_fit(start) || !same_graph) {
    lbn_abort("{.arg control$start} must be a discrete {.cls bn_fit} of the graph {.arg g}.",
              "value", call = call)
  }
  if (!identical(unname(start$levels[nodes(g)]), unname(data$levels[nodes(g)]))) {
    lbn_abort("{.arg control$start} must have the levels of {.arg data} for every node.",
              "value", call = call)
  }
  invisible(start)
}

# log of the Dirichlet(alpha_ijk + 1) density up to a constant, sum alpha_ijk log theta_ijk:
# the M-step (alpha_ijk + N_ijk) / (alpha_ij + N_ij) maximises it plus the expected
# log-likelihood, so EM with the "bayes" estimate climbs loglik + this term.
log_prior_term <- function(fit, method, iss) {
  if (method != "bayes") return(0)
  sum(vapply(fit$cpts, function(table) sum(iss / length(table) * log(table)), numeric(1)))
}

# EM: the E-step computes the expected counts of every family, the M-step is the
# complete-data estimate on them; stops when the objective (observed-data
# log-likelihood, plus the log prior term for "bayes") gains less than tol times its
# size, or after max_iter M-steps.
em_fit <- function(g, data, method, iss, start, max_iter, tol, call) {
  fit <- start
  loglik <- objective <- numeric()
  converged <- FALSE
  inexact <- 0
  for (iteration in 0:max_iter) {
    # Components too large to enumerate (rare) are Gibbs-sampled: many draws, as they
    # only add to counts, not rows.
    expected <- complete_data(fit, data, "counts", samples = 256, burn_in = 50, call = call)
    loglik <- c(loglik, expected$loglik)
    objective <- c(objective, expected$loglik + log_prior_term(fit, method, iss))
    inexact <- expected$inexact_rows
    if (iteration > 0 && em_converged(objective, tol)) {
      converged <- TRUE
      break
    }
    if (iteration == max_iter) break
    fit <- new_bn_fit(g, fit$levels, Map(function(table, counts) {
      estimate_cpt(array(counts, dim = dim(table), dimnames = dimnames(table)), method, iss)
    }, fit$cpts, expected$counts), method, if (method == "bayes") iss else NULL)
  }
  fit$em <- list(iterations = iteration, converged = converged, loglik = loglik,
                 objective = objective, inexact_rows = inexact)
  fit
}

em_converged <- function(objective, tol) {
  last <- objective[length(objective)]
  previous <- objective[length(objective) - 1L]
  is.finite(previous) && is.finite(last) && last - previous <= tol * abs(previous)
}

gibbs_fit <- function(g, data, iss, start, iterations, burn_in, call) {
  incomplete_rows <- Reduce(`|`, lapply(names(data$levels), function(v) is.na(data_codes(data, v))))
  weights <- if (is.null(data$weights)) rep(1, data$n_rows) else data$weights
  kept <- sum(weights[incomplete_rows])
  check_memory(4 * length(data$levels) * kept,
               paste0("Gibbs sampling, keeping ", format_count(kept), " incomplete cases,"),
               "Use {.code missing = \"em\"}", call = call)
  means <- cpp_gibbs_fit(data, network_spec(start), iss, iterations, burn_in)
  cpts <- Map(function(table, mean) array(mean, dim = dim(table), dimnames = dimnames(table)),
              start$cpts, means)
  fit <- new_bn_fit(g, start$levels, cpts, "bayes", iss)
  fit$gibbs <- list(iterations = iterations, burn_in = burn_in)
  fit
}
