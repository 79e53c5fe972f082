# structural_em(): Friedman's structural EM, a score-based search alternating with the
# completion of the data under the current fitted network.

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
         hill_climb = list(max_iter = Inf, restarts = 0, perturb = 5),
         tabu_search = list(max_iter = Inf, tabu_length = 10, patience = 10))
}
