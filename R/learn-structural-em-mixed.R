# structural_em() on mixed data (R/learn-structural-em.R): conditional linear Gaussian
# networks. The E-step computes each incomplete row's exact posterior under the current
# fit (cg_row_posterior(), R/fit-impute-mixed.R) and draws `samples` completions from it,
# each with weight 1 / `samples`: the continuous scores read rows, so the expected
# statistics of a continuous family (its conditional variances included) come from draws
# rather than from weighted conditional means, which would shrink the variances. The
# M-step searches with the CG score on the completed rows from the current graph and
# fits the new graph's parameters on them.

# The run of structural_em() on mixed data, with the checked `plan` and `steps`.
sem_mixed <- function(plan, data, given_start, steps, restarts, perturb) {
  if (!is.null(data$interventions)) {
    lbn_abort("{.fn structural_em} does not take interventional mixed data yet.",
              "interventional", call = plan$call)
  }
  if (plan$score$type == "cg_bic") {
    lbn_abort(c(paste0("{.fn structural_em} on mixed data needs a score of conditional linear ",
                       "Gaussian networks, not {.val cg_bic}."),
                "i" = paste0("{.val cg_bic} lets discrete nodes have continuous parents, which ",
                             "the fits of its E-steps cannot hold; use {.val bic} or ",
                             "{.val bcg}.")),
              "value", call = plan$call)
  }
  # Draws weigh 1 / samples: a power of two makes every sum of weights exact, so the
  # score (in C++) and the fit (in R) count the same cases in each configuration, and a
  # family the score refuses for too few cases is never one the fit must take.
  steps$samples <- 2^ceiling(log2(steps$samples))
  rows <- mixed_rows(data)
  marginal <- marginal_mixed_fit(data, steps$method)
  starts <- list(start = new_bn_graph(plan$start, "dag"))
  if (!given_start) {
    starts <- list(`empty graph` = starts$start,
                   `complete cases` = complete_case_graph(plan, data, steps$search))
  }
  starts <- starts[!vapply(starts, is.null, logical(1))]
  steps$bar <- progress_bar("Structural EM iterations",
                            total = (length(starts) + restarts) * steps$max_iter)
  best <- NULL
  scores <- numeric()
  for (name in names(starts)) {
    run <- sem_mixed_climb(plan, data, rows, starts[[name]], marginal, steps,
                           done = (match(name, names(starts)) - 1) * steps$max_iter, name = name)
    scores[[name]] <- run$observed_score
    if (is.null(best) || run$observed_score > best$observed_score) best <- c(run, start = name)
  }
  for (restart in seq_len(restarts)) {
    name <- paste("restart", restart)
    run <- sem_mixed_climb(plan, data, rows, perturb_graph(best$graph, plan$knowledge, perturb),
                           best$fit, steps, done = (length(starts) + restart - 1) * steps$max_iter,
                           name = name)
    scores[[name]] <- run$observed_score
    if (score_improves(run$observed_score, best$observed_score)) best <- c(run, start = name)
  }
  info <- c(list(algorithm = "structural_em", score = plan$score$type, search = steps$search,
                 completion = "exact draws", start = best$start),
            best[c("iterations", "converged", "changes", "loglik", "nparams", "completions")],
            list(observed_score = scores, fit = best$fit, time = plan$clock(),
                 excluded_arcs = plan$knowledge$excluded_arcs))  # as the learners' info
  new_bn_graph(best$graph$amat, "dag", score = best$score, info = info)
}

# Structural EM from `graph`, whose first parameters are fitted on completions drawn
# under `fit`, until the search leaves the graph unchanged (from the second iteration,
# when the parameters are the graph's own) or `steps$max_iter` iterations.
sem_mixed_climb <- function(plan, data, rows, graph, fit, steps, done, name) {
  fit <- start_mixed_fit(graph, draw_completions(fit, data, rows, steps$samples), fit, steps)
  loglik <- sum_cases(cg_row_posterior(fit, rows, plan$call)$loglik, rows$weights)
  n_params <- nparams(fit)
  changes <- completions <- numeric()
  converged <- FALSE
  algorithm <- c(hill_climb = "hill_climb", tabu_search = "tabu")[[steps$search]]
  for (iteration in seq_len(steps$max_iter)) {
    plan$data <- draw_completions(fit, data, rows, steps$samples)
    plan$start <- scorable_start(graph, plan)$amat
    learned <- run_search(plan, algorithm, search_options(steps$search), name = steps$search)
    changes <- c(changes, shd(learned, graph))
    completions <- c(completions, plan$data$n_rows)
    graph <- new_bn_graph(learned$amat, "dag")
    fit <- fit_mixed(graph, plan$data, steps$method, 1, plan$call)
    loglik <- c(loglik, sum_cases(cg_row_posterior(fit, rows, plan$call)$loglik, rows$weights))
    n_params <- c(n_params, nparams(fit))
    sem_progress(steps, name, iteration, changes[iteration], learned$score,
                 loglik[iteration + 1L], done)  # R/learn-structural-em.R
    if (iteration > 1L && changes[iteration] == 0) {
      converged <- TRUE
      break
    }
  }
  progress_set(steps$bar, done + steps$max_iter)
  fit$em <- list(loglik = loglik[length(loglik)])  # what observed_score() reads
  list(graph = graph, fit = fit, score = learned$score, iterations = iteration,
       converged = converged, changes = changes, loglik = loglik, nparams = n_params,
       completions = completions, observed_score = observed_score(fit, plan$score, data$n_cases))
}

# The fit of a start graph on `completed`, or `fit` (the E-step's) when a regression of
# the start graph cannot be fitted on them: a configuration of discrete parents that the
# rows the start graph was learned on never had may have too few cases among the draws
# (the search that follows leaves such families, whose score is -Inf).
start_mixed_fit <- function(graph, completed, fit, steps) {
  tryCatch(fit_mixed(graph, completed, steps$method, 1),
           learnbn_error_too_few_cases = function(e) fit,
           learnbn_error_collinear = function(e) fit)
}

# `graph` without the parents (those not required) of the families that the new draws
# leave with too few cases in a configuration (a score of -Inf): from such a start, hill
# climbing sees no move improve on -Inf while two families are at -Inf, and would return
# a graph that cannot be fitted. From a finite start every move keeps the score finite.
scorable_start <- function(graph, plan) {
  muffle <- function(w) invokeRestart("muffleWarning")
  terms <- withCallingHandlers(network_score(graph, plan$data, plan$score, local = TRUE),
                               learnbn_warning_singular = muffle,
                               learnbn_warning_collinear = muffle)
  bad <- names(terms)[!is.finite(terms)]
  if (!length(bad)) return(graph)
  amat <- graph$amat
  required <- plan$knowledge$required[rownames(amat), bad, drop = FALSE]
  amat[, bad] <- ifelse(required, amat[, bad, drop = FALSE], 0L)
  new_bn_graph(amat, "dag")
}

sum_cases <- function(x, weights) if (is.null(weights)) sum(x) else sum(weights * x)

# The rows of mixed data as cg_row_posterior() takes them.
mixed_rows <- function(data) {
  continuous <- continuous_nodes(data)
  discrete <- setdiff(names(data$levels), continuous)
  list(codes = lapply(stats::setNames(discrete, discrete), function(v) data_codes(data, v)),
       values = data$values[continuous], weights = data$weights, n_rows = data$n_rows)
}

# The complete rows kept once, and `samples` draws from the posterior of each incomplete
# row under `fit` (case weight / samples each), as mixed data without missing cells.
draw_completions <- function(fit, data, rows, samples) {
  post <- cg_row_posterior(fit, rows)
  members <- split(seq_along(post$row), post$row)
  size <- lengths(members)
  incomplete <- size > 1L | Reduce(`|`, lapply(rows$values, is.na), FALSE)
  picked <- unlist(lapply(seq_len(rows$n_rows), function(r) {
    i <- members[[r]]
    if (!incomplete[r]) return(i)
    i[sample.int(length(i), samples, replace = TRUE, prob = post$weight[i])]
  }))
  values <- post$values[picked, , drop = FALSE]
  missing <- is.na(vapply(rows$values, function(v) v[post$row[picked]], numeric(length(picked))))
  missing <- matrix(missing, length(picked))
  drawn <- split(seq_along(picked), post$group[picked])
  for (g in unique(post$group[picked][rowSums(missing) > 0])) {
    at <- drawn[[as.character(g)]]
    root <- chol(post$covariance[[g]])
    noise <- matrix(stats::rnorm(length(at) * ncol(root)), length(at)) %*% root
    values[at, missing[at[1L], ]] <- values[at, missing[at[1L], ], drop = FALSE] + noise
  }
  case <- if (is.null(rows$weights)) rep(1, rows$n_rows) else rows$weights
  completed <- data
  for (node in names(post$codes)) {
    completed$codes[[node]] <- encode_codes(post$codes[[node]][picked] + 1L,
                                            length(data$levels[[node]]))
  }
  for (node in colnames(values)) completed$values[[node]] <- unname(values[, node])
  completed$weights <- (case / ifelse(incomplete, samples, 1))[post$row[picked]]
  completed$n_rows <- length(picked)
  completed$missing[] <- 0
  completed
}

# The fit of the empty graph on the available cases of each column: the E-step's start.
marginal_mixed_fit <- function(data, method) {
  node_names <- names(data$levels)
  graph <- new_bn_graph(matrix(0L, length(node_names), length(node_names),
                               dimnames = list(node_names, node_names)), "dag")
  continuous <- continuous_nodes(data)
  discrete <- setdiff(node_names, continuous)
  weights <- if (is.null(data$weights)) rep(1, data$n_rows) else data$weights
  cpts <- lapply(stats::setNames(discrete, discrete), function(node) {
    codes <- data_codes(data, node)
    seen <- !is.na(codes)
    counts <- vapply(seq_along(data$levels[[node]]) - 1L, function(k) {
      sum(weights[seen & codes == k])
    }, 1)
    estimate_cpt(array(counts, length(counts), stats::setNames(data$levels[node], node)),
                 method, 1)
  })
  moments <- lapply(data$values[continuous], function(x) {
    seen <- !is.na(x)
    w <- weights[seen]
    mean <- sum(w * x[seen]) / sum(w)
    list(mean = c(`(Intercept)` = mean), sd = sqrt(sum(w * (x[seen] - mean)^2) / (sum(w) - 1)))
  })
  new_mixed_fit(graph, data$levels[discrete], cpts, lapply(moments, `[[`, "mean"),
                lapply(moments, `[[`, "sd"), method, if (method == "bayes") 1)
}

# The data with every missing cell filled (the first state, the column's mean): complete,
# of the right shape, for checking the search's arguments once.
placeholder_mixed <- function(data) {
  for (node in names(data$levels)) {
    if (is.null(data$levels[[node]])) {
      x <- data$values[[node]]
      data$values[[node]][is.na(x)] <- mean(x, na.rm = TRUE)
      next
    }
    codes <- data_codes(data, node)
    codes[is.na(codes)] <- 0L
    data$codes[[node]] <- encode_codes(codes + 1L, length(data$levels[[node]]))
  }
  data$missing[] <- 0
  data
}

# Whether each row of `data` has no missing cell.
complete_rows <- function(data) {
  Reduce(`&`, lapply(names(data$levels), function(node) {
    if (is.null(data$levels[[node]])) !is.na(data$values[[node]])
    else !is.na(data_codes(data, node))
  }))
}
