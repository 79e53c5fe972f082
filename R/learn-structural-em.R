# structural_em(): Friedman's structural EM, a score-based search alternating with the
# completion of the data under the current fitted network.

#' Structural EM: learn a structure from data with missing values
#'
#' Friedman's (1998) structural EM alternates an E-step under the current network with
#' a score-based search on its result. Each iteration
#' 1. computes, under the current fitted network, the posterior of each row's missing
#'    cells given its observed cells (`completion = "expected"`). The missing cells of a
#'    row fall into components that are independent given its observed cells; each
#'    component's posterior is enumerated exactly (when it has at most
#'    `max_completions` completions; otherwise `samples` Gibbs draws stand for it).
#'    The expected counts of any family follow from the posteriors of the components
#'    holding the row's missing cells in that family, so no completed data set is
#'    built. With `completion = "gibbs"`, every incomplete row is instead replaced by
#'    `samples` draws of a Gibbs sampler over its missing cells, each with weight
#'    1 / `samples`, and the search runs on that completed data;
#' 2. runs the search (hill climbing or tabu search) on the expected counts, starting
#'    from the current graph;
#' 3. fits the parameters of the new graph: the estimate from the expected counts of
#'    its families, then up to `em_iter` EM iterations (see [fit_parameters()]).
#'
#' It stops at a fixed point, when the search leaves the graph unchanged and the
#' observed-data log-likelihood no longer improves (by more than a relative 1e-6), or
#' after `max_iter` iterations.
#'
#' **Starts and restarts.** Structural EM converges to fixed points that depend on where
#' it starts. Without `start`, it runs from the empty graph and, when at least a tenth of
#' the cases have no missing cell, from the search's result on those complete cases, and
#' keeps the run with the higher observed-data score: the observed-data log-likelihood
#' minus, per free parameter, `log(N) / 2` (BIC and the Bayesian scores, which BIC
#' approximates), 1 (AIC) or 0 (`"loglik"`). Each of `restarts` further runs starts from
#' the best graph so far after `perturb` random arc moves (drawn with R's generator,
#' within the background knowledge) and replaces it when it scores higher.
#'
#' **Accuracy and time** (`bench/missing.R`, tabu search, BIC, mean SHD to the true
#' CPDAG). On asia (20,000 rows, 10 data sets per share) structural EM reaches 0.6, 0.3
#' and 1.3 with 5%, 10% and 20% of the cells missing, where tabu search on the complete
#' data reaches 1.5; from the empty graph alone it was 3.4 at 10%. On alarm (20,000 rows,
#' 10% missing, 3 data sets; 2% of the rows complete, so one start) it reaches 13.0 and
#' 17.7 in two runs (components over `max_completions` completions are sampled) against
#' 18.7 on the complete data, in about 4 s per data set. Each run from another
#' start costs about as much again: with the complete-case start as well (set
#' `restarts` or `start` to search more) alarm's mean SHD was 12.7, in 12 s.
#'
#' With a decomposable score such as BIC (the default; Friedman's MDL score), each
#' iteration does not decrease the expected score of the network, and hence, with
#' exact expected statistics and maximum-likelihood parameters, its observed-data
#' score (Friedman 1997, 1998). The observed-data log-likelihood after each iteration
#' is recorded in `info$loglik`.
#'
#' **Mixed data** (conditional linear Gaussian networks, scored by `"bic"`, `"aic"`,
#' `"loglik"` or `"bcg"`). The E-step computes the exact posterior of each incomplete row
#' under the current fit, as [impute()] does, and draws `samples` completions from it,
#' `samples` rounded up to a power of two so that sums of their weights are exact
#' (`completion`, `max_completions` and `prune` do not apply; `info$completion` is
#' `"exact draws"`): the continuous families are scored from rows, and draws keep the
#' conditional variances that weighted conditional means would lose. The search runs
#' on the complete rows and the draws (each of weight 1 / `samples`), and the new graph's
#' parameters are fitted on them, so `em_iter` does not apply either. A run stops when
#' the search leaves the graph unchanged, from its second iteration on; the first fit of
#' a start graph comes from draws under the available-case fit of the empty graph. The
#' draws use R's generator: set a seed to repeat a run. On data simulated from a CLG fit
#' of mtcars (6 nodes, 500 rows, 10% of the cells missing) it recovers the true CPDAG,
#' where hill climbing on the complete rows misses 5 arcs (`tests/testthat/`
#' `test-learn-structural-em-mixed.R`).
#'
#' @param data A discrete or mixed data.frame or [bn_data()] object with missing values
#'   (`NA`; a discrete `bn_data` must be built with `missing = "allow"`).
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
#' @param samples Number of Gibbs draws per incomplete row (`"gibbs"`), or per component
#'   too large to enumerate (`"expected"`); on mixed data, draws from each incomplete
#'   row's exact posterior (rounded up to a power of two).
#' @param max_completions Largest number of completions of one component of a row's
#'   missing cells enumerated by the `"expected"` completion.
#' @param prune The `"expected"` completion drops the completions of a component whose
#'   posterior probability is below `prune` and renormalises the others, which moves
#'   each expected count by less than `prune` cases per completion dropped. `0` keeps
#'   every completion.
#' @param max_iter Largest number of structural iterations of each run.
#' @param restarts Number of runs from perturbed copies of the best graph.
#' @param perturb Number of random arc moves (additions, removals, reversals) before
#'   each restart.
#' @param em_iter Largest number of EM iterations of the parameters after each search.
#' @param method Parameter estimate of the E-steps: `"bayes"` (BDeu posterior mean with
#'   `iss = 1`, never zero) or `"mle"`, see [fit_parameters()].
#' @param threads Number of threads of the search.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report each iteration of each run as it ends (arcs changed,
#'   score, log-likelihood), and each restart with its observed-data score and the best so
#'   far.
#' @return A [bn_graph] DAG whose `score` is the search's score on the last completed
#'   data, with `info`: `algorithm` (`"structural_em"`), `score`, `search`, `completion`,
#'   `start` (the run kept: `"start"`, `"empty graph"`, `"complete cases"` or
#'   `"restart k"`), `observed_score` (the observed-data score of every run, named), and
#'   for the run kept `iterations`, `converged` (a fixed point was reached), `changes` (structural
#'   Hamming distance between the graphs before and after each iteration's search),
#'   `loglik` and `nparams` (observed-data log-likelihood and number of free parameters
#'   of the start network and after each iteration; with BIC,
#'   `loglik - log(N) / 2 * nparams` is the observed-data score that structural EM
#'   climbs), `completions` (per iteration, the component completions kept, or with
#'   `"gibbs"` the rows of the completed data, identical rows merged),
#'   `fit` (the final `bn_fit`) and
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
#'
#' # Mixed data: mtcars with am and vs as factors and 10% of the cells missing.
#' cars <- mtcars[c("mpg", "hp", "wt", "qsec", "am", "vs")]
#' cars$am <- factor(cars$am)
#' cars$vs <- factor(cars$vs)
#' cars[matrix(runif(32 * 6) < 0.1, 32)] <- NA
#' structural_em(bn_data(cars, type = c(hp = "continuous"), missing = "allow"))
structural_em <- function(data, score = "bic", ..., start = NULL, whitelist = NULL,
                          blacklist = NULL, max_parents = Inf, no_parents = NULL,
                          no_children = NULL, search = c("hill_climb", "tabu_search"),
                          completion = c("expected", "gibbs"), samples = 10,
                          max_completions = 256, prune = 1e-6, max_iter = 10, em_iter = 10,
                          restarts = 0, perturb = 3, method = c("bayes", "mle"), threads = NULL,
                          verbose = FALSE) {
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
  check_number(restarts, min = 0, max = 1000, whole = TRUE)
  check_number(perturb, min = 1, whole = TRUE)
  check_flag(verbose)  # prepare_search() gets FALSE: the runs report, not the search
  data <- as_bn_data(data)
  if (!is_mixed(data)) check_data_type(data, "discrete", "{.fn structural_em}")
  plan <- prepare_search(placeholder_data(data), score, ..., whitelist = whitelist,
                         blacklist = blacklist, max_parents = max_parents,
                         no_parents = no_parents, no_children = no_children, start = start,
                         threads = threads, verbose = FALSE, call = rlang::current_env())
  plan$call <- rlang::current_env()
  if (plan$score$type %in% c("cv", "bge")) {
    lbn_abort(paste0("{.fn structural_em} needs a score of discrete data on weighted completions, ",
                     "not {.val {plan$score$type}}."),
              "value")
  }
  steps <- list(search = search, completion = completion,
                samples = samples, max_completions = max_completions, prune = prune,
                method = method, em_iter = em_iter, max_iter = max_iter, verbose = verbose)
  if (is_mixed(data)) {  # R/learn-structural-em-mixed.R
    return(sem_mixed(plan, data, !is.null(start), steps, restarts, perturb))
  }
  # From the given start, or both from the empty graph and from the search's result on
  # the complete rows: each reaches fixed points that the other misses.
  starts <- list(start = new_bn_graph(plan$start, "dag"))
  if (is.null(start)) {
    starts <- list(`empty graph` = starts$start,
                   `complete cases` = complete_case_graph(plan, data, search))
  }
  starts <- starts[!vapply(starts, is.null, logical(1))]
  # One tick per iteration; a run that converges early jumps to the next run's share.
  steps$bar <- progress_bar("Structural EM iterations",
                            total = (length(starts) + restarts) * max_iter)
  best <- NULL
  scores <- numeric()
  for (name in names(starts)) {
    graph <- starts[[name]]
    run <- sem_climb(plan, data, graph, start_parameters(graph, data, method, em_iter), steps,
                     done = (match(name, names(starts)) - 1) * max_iter, name = name)
    run$start <- name
    scores[[name]] <- run$observed_score
    if (is.null(best) || run$observed_score > best$observed_score) best <- run
  }
  for (restart in seq_len(restarts)) {
    graph <- perturb_graph(best$graph, plan$knowledge, perturb)
    run <- sem_climb(plan, data, graph, start_parameters(graph, data, method, em_iter), steps,
                     done = (length(starts) + restart - 1) * max_iter,
                     name = paste("restart", restart))
    scores[[paste("restart", restart)]] <- run$observed_score
    if (score_improves(run$observed_score, best$observed_score)) {
      best <- c(run, start = paste("restart", restart))
    }
    if (verbose) {
      cli::cli_inform(paste0("structural EM restart {restart}: observed-data score ",
                             "{format(run$observed_score, nsmall = 2)} (best so far ",
                             "{format(best$observed_score, nsmall = 2)})."))
    }
  }
  info <- c(list(algorithm = "structural_em", score = plan$score$type, search = search,
                 completion = completion, start = best$start),
            best[c("iterations", "converged", "changes", "loglik", "nparams", "completions")],
            list(observed_score = scores, fit = best$fit, time = plan$clock()))
  new_bn_graph(best$graph$amat, "dag", score = best$score, info = info)
}

# Structural EM from `graph` with parameters `fit` until a fixed point (the graph stays
# and its parameters no longer improve) or `steps$max_iter` iterations; returns the
# last graph and fit, the search's score, the trace and the observed-data score.
# `done`: the iterations of earlier runs on the progress bar `steps$bar`; `name`: the
# run's start, in verbose lines.
sem_climb <- function(plan, data, graph, fit, steps, done = 0, name = "start") {
  loglik <- fit$em$loglik[length(fit$em$loglik)]
  n_params <- nparams(fit)
  changes <- completions <- numeric()
  converged <- FALSE
  score <- NA_real_
  for (iteration in seq_len(steps$max_iter)) {
    step <- sem_step(plan, data, graph, fit, steps)
    score <- step$graph$score
    changes <- c(changes, shd(step$graph, graph))
    completions <- c(completions, step$completions)
    graph <- new_bn_graph(step$graph$amat, "dag")
    fit <- em_fit(graph, data, steps$method, 1, step$start_fit, steps$em_iter, 1e-6,
                  rlang::caller_env())
    loglik <- c(loglik, fit$em$loglik[length(fit$em$loglik)])
    n_params <- c(n_params, nparams(fit))
    sem_progress(steps, name, iteration, changes[iteration], score, loglik[iteration + 1L], done)
    if (changes[iteration] == 0 && diff(loglik[iteration + 0:1]) <= 1e-6 * abs(loglik[iteration])) {
      converged <- TRUE
      break
    }
  }
  progress_set(steps$bar, done + steps$max_iter)
  list(graph = graph, fit = fit, score = score, iterations = iteration, converged = converged,
       changes = changes, loglik = loglik, nparams = n_params, completions = completions,
       observed_score = observed_score(fit, plan$score, data$n_cases))
}

# The verbose line and the progress tick of one iteration of a run from start `name`.
sem_progress <- function(steps, name, iteration, change, score, loglik, done) {
  if (steps$verbose) {
    cli::cli_inform(paste0("structural EM ({name}) iteration {iteration}: {change} ",
                           "change{?s}, score {format(score, nsmall = 2)}, log-likelihood ",
                           "{format(loglik, nsmall = 2)}."))
  }
  progress_set(steps$bar, done + iteration)
}

# One structural step from `graph` under `fit`: the search on the expected statistics,
# and the complete-data estimate of the new graph's parameters on them (EM's start).
# "expected": the search counts each family's expected statistics from the completions
# of each row's missing components (no completed data set); "gibbs": the search runs on
# the data completed by Gibbs draws.
sem_step <- function(plan, data, graph, fit, steps) {
  plan$start <- graph$amat
  algorithm <- c(hill_climb = "hill_climb", tabu_search = "tabu")[[steps$search]]
  if (steps$completion == "gibbs") {
    completed <- complete_data(fit, data, "gibbs", samples = steps$samples, merge = TRUE)
    plan$data <- completed$data
    learned <- run_search(plan, algorithm, search_options(steps$search), name = steps$search)
    return(list(graph = learned, completions = completed$data$n_rows,
                start_fit = fit_parameters(new_bn_graph(learned$amat, "dag"), completed$data,
                                           steps$method, iss = 1)))
  }
  plan$data <- data
  plan$expected <- list(network = network_spec(fit),
                        options = completion_options(steps$max_completions, steps$max_completions,
                                                     steps$samples, 20, steps$prune, plan$call))
  learned <- run_search(plan, algorithm, search_options(steps$search), name = steps$search)
  new_graph <- new_bn_graph(learned$amat, "dag")
  list(graph = learned, completions = learned$info$completions,
       start_fit = counts_fit(new_graph, data, learned$info$expected_counts, steps$method))
}

# The fit of `graph` estimated from the expected counts of its families (one flat table
# per node in the layout of its CPT).
counts_fit <- function(graph, data, counts, method) {
  parents <- graph_parents(graph)
  levels <- data$levels[nodes(graph)]
  cpts <- Map(function(node, table) {
    family <- c(node, parents[[node]])
    estimate_cpt(array(table, dim = unname(lengths(levels[family])), dimnames = levels[family]),
                 method, 1)
  }, nodes(graph), counts)
  new_bn_fit(graph, levels, cpts, method, if (method == "bayes") 1 else NULL)
}

# `moves` random single-arc moves from `graph` (drawn with R's generator) that keep it
# acyclic and within the background knowledge.
perturb_graph <- function(graph, knowledge, moves) {
  for (k in seq_len(moves)) {
    candidates <- legal_moves(graph)
    keep <- vapply(seq_len(nrow(candidates)), function(i) {
      move_keeps_knowledge(graph$amat, candidates[i, ], knowledge)
    }, logical(1))
    candidates <- candidates[keep, , drop = FALSE]
    if (!nrow(candidates)) break
    graph <- apply_move(graph, candidates[sample.int(nrow(candidates), 1L), ])
  }
  graph
}

move_keeps_knowledge <- function(amat, move, knowledge) {
  from <- move$from
  to <- move$to
  switch(move$move,
         add = !knowledge$forbidden[from, to] && sum(amat[, to]) < knowledge$max_parents,
         remove = !knowledge$required[from, to],
         reverse = !knowledge$required[from, to] && !knowledge$forbidden[to, from] &&
           sum(amat[, from]) < knowledge$max_parents)
}


# The data with every missing cell set to the first state: complete, of the right shape,
# for checking the search's arguments once.
placeholder_data <- function(data) {
  if (is_mixed(data)) return(placeholder_mixed(data))  # R/learn-structural-em-mixed.R
  for (node in names(data$levels)) {
    codes <- data_codes(data, node)
    codes[is.na(codes)] <- 0L
    data$codes[[node]] <- encode_codes(codes + 1L, length(data$levels[[node]]))
  }
  data$missing[] <- 0
  data
}

# The search's result on the rows without missing cells: a start that structural EM's
# fixed points from the empty graph often miss (asia). NULL when under a tenth of the
# cases are complete: on so few rows the search finds a sparse graph no better a start
# than the empty one (alarm with 10% of cells missing: 2% of its rows, 400 of 20,000),
# and the run would double the time.
complete_case_graph <- function(plan, data, search) {
  rows <- which(complete_rows(data))  # R/learn-structural-em-mixed.R
  cases <- if (is.null(data$weights)) length(rows) else sum(data$weights[rows])
  if (length(rows) < 2 || cases < 0.1 * data$n_cases) return(NULL)
  plan$data <- data_rows(data, rows, data$weights[rows])
  plan$data$missing[] <- 0
  plan$start[] <- 0L
  new_bn_graph(run_search(plan, c(hill_climb = "hill_climb", tabu_search = "tabu")[[search]],
                          search_options(search), name = search)$amat, "dag")
}

# The observed-data log-likelihood of an EM fit penalised as `score` penalises (BIC's
# log(N) / 2 per parameter also for the Bayesian scores, which it approximates), plus
# the score's structure prior of the fit's graph.
observed_score <- function(fit, score, n_cases) {
  penalty <- switch(score$type, loglik = 0, aic = 1, log(n_cases) / 2)
  nodes <- colnames(fit$graph$amat)
  prior <- structure_prior_local(score, nodes, nodes, graph_parents(fit$graph)[nodes])
  fit$em$loglik[length(fit$em$loglik)] - penalty * nparams(fit) + sum(prior)
}

# Parameters of a start graph: EM from the available-case estimate.
start_parameters <- function(graph, data, method, em_iter) {
  em_fit(graph, data, method, 1, available_case_fit(graph, data, 1), em_iter, 1e-6,
         rlang::caller_env())
}

search_options <- function(search) {
  switch(search,
         hill_climb = list(max_iter = Inf, restarts = 0, perturb = 5),
         tabu_search = list(max_iter = Inf, tabu_length = 10, patience = 10))
}
