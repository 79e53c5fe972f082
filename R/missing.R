# Learning from discrete data with missing cells: EM and Gibbs sampling of the
# parameters (fit_parameters(missing = ...)), impute() and structural_em().
#
# One idea carries all three: under a fitted network, the expected sufficient statistics
# of incomplete data are the counts of a *completed* data set whose incomplete rows are
# replaced by their completions, weighted by row weight * P(completion | observed cells)
# (C++: inst/include/learnbn/missing.hpp). Every counter, score and search accepts such
# fractional weights, so structural EM's search is the ordinary search run on the
# completed data. EM, whose families are fixed, takes the same expected counts of its
# families directly (no rows), and its M-step is the complete-data estimate on them.

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
  if (!is.null(control$start)) check_bn_fit(control$start, arg = "control$start", call = call)
  control
}

# fit_parameters() on data with missing cells in the graph's nodes.
fit_incomplete <- function(g, data, method, iss, missing, control, call = rlang::caller_env()) {
  nodes <- nodes(g)
  if (missing == "none") {
    n_na <- data$missing[nodes][data$missing[nodes] > 0]
    lbn_abort(c("{.arg data} has missing values: {paste0(names(n_na), ' (', n_na, ' NA)')}.",
                "i" = "Use {.code missing = \"em\"} (EM, maximum a posteriori / likelihood parameters) or {.code missing = \"gibbs\"} (Gibbs sampling) to fit them."),
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
    lbn_abort("Gibbs sampling draws from the Bayesian posterior; use {.code method = \"bayes\"} with {.code missing = \"gibbs\"}, or {.code missing = \"em\"} for maximum likelihood.",
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

# The CPTs of a discrete fit as the C++ core takes them: for node v (column v of the
# data restricted to the fit's nodes), its 0-based parents and the flat CPT.
network_spec <- function(fit) {
  node_names <- names(fit$cpts)
  list(parents = unname(lapply(fit$cpts, function(table) {
         match(names(dimnames(table))[-1L], node_names) - 1L
       })),
       cpts = unname(lapply(fit$cpts, as.numeric)))
}

# Completes `data` (restricted to the fit's nodes, levels as in the fit) under `fit`:
# mode "counts" (EM), "joint" (structural EM), "gibbs" or "map" (impute()). Returns the
# completed bn_data (counts mode: `counts`, the expected counts of each family in the
# layout of its CPT), the observed-data log-likelihood (weighted sum over rows, and per
# row), the input row of each completed row and the number of rows whose likelihood was
# estimated by sampling.
complete_data <- function(fit, data, mode, samples = 16, burn_in = 20, max_completions = 256,
                          min_probability = 0, call = rlang::caller_env()) {
  data <- data_subset(data, names(fit$cpts))
  limit <- getOption("learnbn.max_memory", 1e9)
  check_number(limit, min = 0, min_open = TRUE, arg = "options(learnbn.max_memory)", call = call)
  options <- list(max_completions = max_completions, max_component = 2^16, samples = samples,
                  burn_in = burn_in, min_probability = min_probability, max_bytes = limit)
  result <- cpp_complete_data(data, network_spec(fit), mode, options)
  if (!is.null(result$error)) {
    lbn_abort(c("The completed data would need more than {format_bytes(limit)} of memory.",
                "i" = "Raise the limit with {.code options(learnbn.max_memory = <bytes>)}, or use fewer rows or columns."),
              "too_large", call = call)
  }
  row_weights <- if (is.null(data$weights)) 1 else data$weights
  loglik <- sum(row_weights * result$loglik)
  if (mode == "counts") {
    return(list(counts = result$counts, loglik = loglik, row_loglik = result$loglik,
                inexact_rows = result$inexact_rows))
  }
  completed <- data
  completed$codes <- stats::setNames(result$codes, names(data$levels))
  completed$weights <- result$weights
  completed$n_rows <- length(result$weights)
  completed$n_cases <- sum(result$weights)
  completed$missing <- stats::setNames(numeric(length(data$levels)), names(data$levels))
  list(data = completed, loglik = loglik, row_loglik = result$loglik,
       source = result$source, inexact_rows = result$inexact_rows)
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
  needed <- 4 * length(data$levels) * sum(weights[incomplete_rows])
  limit <- getOption("learnbn.max_memory", 1e9)
  if (needed > limit) {
    lbn_abort(c("Gibbs sampling would keep {format(sum(weights[incomplete_rows]), big.mark = ',')} incomplete cases, about {format_bytes(needed)}, more than the limit of {format_bytes(limit)}.",
                "i" = "Use {.code missing = \"em\"}, or raise the limit with {.code options(learnbn.max_memory = <bytes>)}."),
              "too_large", call = call)
  }
  means <- cpp_gibbs_fit(data, network_spec(start), iss, iterations, burn_in)
  cpts <- Map(function(table, mean) array(mean, dim = dim(table), dimnames = dimnames(table)),
              start$cpts, means)
  fit <- new_bn_fit(g, start$levels, cpts, "bayes", iss)
  fit$gibbs <- list(iterations = iterations, burn_in = burn_in)
  fit
}

#' Impute missing values from a fitted network
#'
#' Replaces the missing cells of every row by their most probable completion given
#' the row's observed cells under `fit`: the joint maximum a posteriori assignment of
#' the row's missing cells, not cell-by-cell modes. The missing cells of a row split into
#' groups that no family of the network links; each group's posterior is enumerated
#' exactly, so the result is exact unless a group has more than 65,536 completions
#' (then the best of Gibbs samples is refined by iterated conditional modes).
#' Observed cells are left as they are.
#'
#' @param fit A discrete `bn_fit` (from [fit_parameters()], for instance with
#'   `missing = "em"`, or [read_bif()]).
#' @param data A data.frame or [bn_data()] object (built with `missing = "allow"`) with a
#'   column for every node of `fit`; its values must be states of the fit's nodes.
#' @return A data.frame with one factor column per node of `fit` (in the fit's node
#'   order, with the fit's levels) and the rows of `data`; when `data` is a `bn_data`
#'   with case counts, a last column `count` holds them.
#' @family parameters
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' set.seed(1)
#' x <- simulate_data(asia, 2000)
#' holes <- x
#' holes[matrix(runif(2000 * 8) < 0.1, 2000)] <- NA
#' d <- bn_data(holes, missing = "allow")
#' fit <- fit_parameters(asia$graph, d, missing = "em")
#' filled <- impute(fit, d)
#' mean(filled[is.na(holes)] == x[is.na(holes)])  # share of missing cells recovered
impute <- function(fit, data) {
  check_bn_fit(fit)
  if (is_gaussian_fit(fit)) {
    lbn_abort("{.fn impute} needs a discrete network; {.arg fit} is linear-Gaussian.",
              "data_type")
  }
  data <- align_to_fit(data, fit)
  result <- complete_data(fit, data, "map")
  node_names <- names(fit$cpts)
  out <- lapply(node_names, function(node) {
    codes <- as.integer(result$data$codes[[node]])
    structure(codes + 1L, levels = fit$levels[[node]], class = "factor")
  })
  out <- structure(out, names = node_names, row.names = c(NA_integer_, -length(out[[1L]])),
                   class = "data.frame")
  if (!is.null(data$weights)) out$count <- data$weights
  out
}

# `data` as a bn_data whose columns for the fit's nodes use the fit's levels.
align_to_fit <- function(data, fit, call = rlang::caller_env()) {
  node_names <- names(fit$cpts)
  if (!inherits(data, "bn_data")) {
    if (!is.data.frame(data)) {
      lbn_abort("{.arg data} must be a data.frame or a {.cls bn_data}, not {.obj_type_friendly {data}}.",
                "type", call = call)
    }
    check_node_columns(node_names, names(data), "data", "fit", call)
    frame <- data[node_names]
    for (node in node_names) {
      values <- as.character(frame[[node]])
      frame[[node]] <- factor(values, levels = fit$levels[[node]])
      check_known_values(values[!is.na(values) & is.na(frame[[node]])], node, fit, call)
    }
    data <- bn_data(frame, type = "discrete", missing = "allow")
  }
  check_data_type(data, "discrete", "{.fn impute}", call = call)
  check_node_columns(node_names, names(data$levels), "data", "fit", call)
  data <- data_subset(data, node_names)
  for (node in node_names) {
    from <- data$levels[[node]]
    to <- fit$levels[[node]]
    if (identical(from, to)) next
    check_known_values(setdiff(from, to), node, fit, call)
    codes <- match(from, to)[data_codes(data, node) + 1L] - 1L
    data$codes[[node]] <- encode_codes(codes, length(to))
    data$levels[[node]] <- to
  }
  data
}

check_known_values <- function(unknown, node, fit, call) {
  unknown <- unique(unknown)
  if (length(unknown)) {
    lbn_abort(c("Column {.val {node}} of {.arg data} has value{?s} {.val {unknown}} that {?is/are} not a state of the node in {.arg fit}.",
                "i" = "States in {.arg fit}: {.val {fit$levels[[node]]}}."), "unknown_level",
              call = call)
  }
}


#' Structural EM: learn a structure from data with missing values
#'
#' Friedman's (1998) structural EM alternates an E-step under the current network with
#' a score-based search on its result. Each iteration
#' 1. completes the data under the current fitted network: every incomplete row is
#'    replaced by its completions weighted by their posterior probability given the
#'    row's observed cells (`completion = "expected"`; exact when a row has at most
#'    `max_completions` completions, otherwise `samples` independent draws from that
#'    posterior), or by `samples` draws of a Gibbs sampler over the row's missing cells
#'    each with weight 1 / `samples` (`completion = "gibbs"`). Counts on the completed
#'    data are the expected sufficient statistics of any family;
#' 2. runs the search (hill climbing or tabu search) on the completed data, starting
#'    from the current graph;
#' 3. fits the parameters of the new graph: the complete-data estimate on the completed
#'    data, then up to `em_iter` EM iterations (see [fit_parameters()]).
#'
#' It stops when the search leaves the graph unchanged, or after `max_iter` iterations.
#' With a decomposable score such as BIC (the default; Friedman's MDL score), each
#' iteration does not decrease the expected score of the network, and hence, with
#' exact expected statistics and maximum-likelihood parameters, its observed-data
#' score (Friedman 1997, 1998). The observed-data log-likelihood after each iteration
#' is recorded in `info$loglik`.
#'
#' @param data A discrete data.frame or [bn_data()] object with missing values (`NA`;
#'   a `bn_data` must be built with `missing = "allow"`).
#' @param score A score name or [bn_score()] object (not `"cv"`); `"bic"` by default.
#' @param ... Options of [bn_score()] (such as `iss`) when `score` is a name.
#' @param start `NULL` (the empty graph) or a [bn_graph] DAG on the data's nodes.
#' @param whitelist,blacklist,max_parents,no_parents,no_children Background knowledge, as
#'   in [hill_climb()].
#' @param search `"hill_climb"` or `"tabu_search"` (tabu search with its default
#'   settings), as in [hybrid()]. `"tabu"` still works but is deprecated: it warns (once
#'   per session, class `"learnbn_warning_deprecated"`).
#' @param completion `"expected"` (exact expected statistics) or `"gibbs"` (completions
#'   drawn by Gibbs sampling after 20 sweeps of burn-in, averaged over).
#' @param samples Number of draws per incomplete row where completions are sampled.
#' @param max_completions Largest number of completions of one row enumerated by the
#'   `"expected"` completion.
#' @param prune The `"expected"` completion drops the completions of a row whose
#'   posterior probability is below `prune` and renormalises the others: most
#'   completions of a row with several missing cells are very improbable, and dropping
#'   them shrinks the completed data several-fold while moving its counts by less than
#'   `prune` cases per completion. `0` keeps every completion.
#' @param max_iter Largest number of structural iterations.
#' @param em_iter Largest number of EM iterations of the parameters after each search.
#' @param method Parameter estimate of the E-steps: `"bayes"` (BDeu posterior mean with
#'   `iss = 1`, never zero) or `"mle"`, see [fit_parameters()].
#' @param threads Number of threads of the search.
#' @param verbose If `TRUE`, report each iteration.
#' @return A [bn_graph] DAG whose `score` is the search's score on the last completed
#'   data, with `info`: `algorithm` (`"structural_em"`), `score`, `search`, `completion`,
#'   `iterations`, `converged` (the graph stopped changing), `changes` (structural
#'   Hamming distance between the graphs before and after each iteration's search),
#'   `loglik` and `nparams` (observed-data log-likelihood and number of free parameters
#'   of the start network and after each iteration; with BIC,
#'   `loglik - log(N) / 2 * nparams` is the observed-data score that structural EM
#'   climbs), `rows` (rows of each completed data set), `fit` (the final `bn_fit`) and
#'   `time` (seconds).
#' @references Friedman, N. (1998). The Bayesian structural EM algorithm. *Proceedings
#'   of UAI 1998*, 129-138.
#'
#'   Friedman, N. (1997). Learning belief networks in the presence of missing values
#'   and hidden variables. *Proceedings of ICML 1997*, 125-133.
#' @family score-based learners
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' set.seed(1)
#' x <- simulate_data(asia, 2000)
#' x[matrix(runif(2000 * 8) < 0.1, 2000)] <- NA
#' g <- structural_em(bn_data(x, missing = "allow"))
#' g
#' g$info$changes
#' shd(cpdag(g), cpdag(asia$graph))
structural_em <- function(data, score = "bic", ..., start = NULL, whitelist = NULL,
                          blacklist = NULL, max_parents = Inf, no_parents = NULL,
                          no_children = NULL, search = c("hill_climb", "tabu_search"),
                          completion = c("expected", "gibbs"), samples = 10,
                          max_completions = 256, prune = 1e-6, max_iter = 10, em_iter = 10,
                          method = c("bayes", "mle"), threads = 1, verbose = FALSE) {
  if (identical(search, "tabu")) {
    lbn_warn(c("{.code search = \"tabu\"} is deprecated; use {.code search = \"tabu_search\"}.",
               "i" = "This warning is shown once per session."),
             "deprecated", .frequency = "once", .frequency_id = "learnbn_structural_em_tabu")
    search <- "tabu_search"
  }
  search <- check_choice(search, c("hill_climb", "tabu_search"))
  completion <- check_choice(completion, c("expected", "gibbs"))
  method <- check_fit_method(method)
  check_number(samples, min = 1, max = 1e6, whole = TRUE)
  check_number(max_completions, min = 1, max = 1e6, whole = TRUE)
  check_number(prune, min = 0, max = 0.01)
  check_number(max_iter, min = 1, whole = TRUE)
  check_number(em_iter, min = 0, whole = TRUE)
  data <- as_bn_data(data)
  check_data_type(data, "discrete", "{.fn structural_em}")
  plan <- prepare_search(placeholder_data(data), score, ..., whitelist = whitelist,
                         blacklist = blacklist, max_parents = max_parents,
                         no_parents = no_parents, no_children = no_children, start = start,
                         threads = threads, verbose = FALSE, call = rlang::current_env())
  if (plan$score$type %in% c("cv", "bge")) {
    lbn_abort("{.fn structural_em} needs a score of discrete data on weighted completions, not {.val {plan$score$type}}.",
              "value")
  }
  graph <- new_bn_graph(plan$start, "dag")
  fit <- sem_parameters(graph, data, NULL, method, em_iter)
  loglik <- fit$em$loglik[length(fit$em$loglik)]
  n_params <- nparams(fit)
  changes <- rows <- numeric()
  converged <- FALSE
  for (iteration in seq_len(max_iter)) {
    completed <- complete_data(fit, data, if (completion == "expected") "joint" else "gibbs",
                               samples = samples, max_completions = max_completions,
                               min_probability = prune)
    plan$data <- completed$data
    plan$start <- graph$amat
    learned <- run_search(plan, c(hill_climb = "hill_climb", tabu_search = "tabu")[[search]],
                          search_options(search), name = search)
    changes <- c(changes, shd(learned, graph))
    rows <- c(rows, completed$data$n_rows)
    graph <- new_bn_graph(learned$amat, "dag")
    fit <- sem_parameters(graph, data, completed$data, method, em_iter)
    loglik <- c(loglik, fit$em$loglik[length(fit$em$loglik)])
    n_params <- c(n_params, nparams(fit))
    if (verbose) {
      cli::cli_inform("structural EM iteration {iteration}: {changes[iteration]} change{?s}, score {format(learned$score, nsmall = 2)}, log-likelihood {format(loglik[iteration + 1L], nsmall = 2)}.")
    }
    if (changes[iteration] == 0) {
      converged <- TRUE
      break
    }
  }
  info <- list(algorithm = "structural_em", score = plan$score$type, search = search,
               completion = completion, iterations = iteration, converged = converged,
               changes = changes, loglik = loglik, nparams = n_params, rows = rows, fit = fit,
               time = plan$clock())
  new_bn_graph(graph$amat, "dag", score = learned$score, info = info)
}

# The data with every missing cell set to the first state: complete, of the right shape,
# for checking the search's arguments once.
placeholder_data <- function(data) {
  for (node in names(data$levels)) {
    codes <- data_codes(data, node)
    codes[is.na(codes)] <- 0L
    data$codes[[node]] <- encode_codes(codes, length(data$levels[[node]]))
  }
  data$missing[] <- 0
  data
}

# Parameters of a new graph in structural EM: the complete-data estimate on the
# completed data (NULL: available cases), then EM on the incomplete data.
sem_parameters <- function(graph, data, completed, method, em_iter) {
  start <- if (is.null(completed)) {
    available_case_fit(graph, data, 1)
  } else {
    fit_parameters(graph, completed, method, iss = 1)
  }
  em_fit(graph, data, method, 1, start, em_iter, 1e-6, rlang::caller_env())
}

search_options <- function(search) {
  switch(search,
         hill_climb = list(max_iter = 2^52, restarts = 0, perturb = 5),
         tabu_search = list(max_iter = 2^52, tabu_length = 10, patience = 10))
}
