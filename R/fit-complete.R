# Completing discrete data with missing cells under a fitted network (the glue to the C++
# core, inst/include/learnbn/missing/completion.hpp). Under a fitted network, the
# expected sufficient statistics of incomplete data are the counts of a *completed* data
# set whose incomplete rows are replaced by their completions, weighted by row weight *
# P(completion | observed cells). Every counter, score and search accepts such fractional
# weights, so structural EM's search is the ordinary search run on the completed data;
# EM takes the expected counts of its families directly, and impute() the most probable
# completion of each row.

# The CPTs of a discrete fit as the C++ core takes them: for node v (column v of the
# data restricted to the fit's nodes), its 0-based parents, the flat CPT and its states.
network_spec <- function(fit, call = rlang::caller_env()) {
  node_names <- names(fit$cpts)
  states <- vapply(fit$cpts, function(table) dim(table)[1L], integer(1))
  # A node without states has an empty CPT, which the core would read past.
  if (any(states < 1L)) {
    lbn_abort(paste0("{cli::qty(sum(states < 1L))}Node{?s} ",
                     "{list_few(node_names[states < 1L], quote = TRUE)} of the fit {?has/have} no ",
                     "states."),
              "value", call = call)
  }
  list(parents = unname(lapply(fit$cpts, function(table) {
         match(names(dimnames(table))[-1L], node_names) - 1L
       })),
       cpts = unname(lapply(fit$cpts, as.numeric)),
       states = unname(states))
}

# Completes `data` (restricted to the fit's nodes, levels as in the fit) under `fit`:
# mode "counts" (EM), "joint" (structural EM), "gibbs" or "map" (impute()). Returns the
# completed bn_data (counts mode: `counts`, the expected counts of each family in the
# layout of its CPT), the observed-data log-likelihood (weighted sum over rows, and per
# row), the input row of each completed row and the number of rows whose likelihood was
# estimated by sampling. With `merge`, identical completed rows become one row with the
# sum of their weights (and `source` is empty).
complete_data <- function(fit, data, mode, samples = 16, burn_in = 20, max_completions = 256,
                          min_probability = 0, merge = FALSE, call = rlang::caller_env()) {
  data <- data_subset(data, names(fit$cpts))
  options <- c(completion_options(max_completions, 2^16, samples, burn_in, min_probability, call),
               list(merge = merge))
  result <- cpp_complete_data(data, network_spec(fit), mode, options)
  check_completion_memory(result, options, call)
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

# The limits of a completion as the C++ core takes them (the memory limit from
# options(learnbn.max_memory)).
completion_options <- function(max_completions, max_component, samples, burn_in, min_probability,
                               call = rlang::caller_env()) {
  limit <- max_memory(call)
  list(max_completions = max_completions, max_component = max_component, samples = samples,
       burn_in = burn_in, min_probability = min_probability, max_bytes = limit)
}

# The core returns list(error) when the completions would exceed the memory limit.
check_completion_memory <- function(result, options, call) {
  if (is.null(result$error)) return(invisible())
  lbn_abort(c(paste0("The completed data would need more than {format_bytes(options$max_bytes)} ",
                     "of memory."),
              "i" = paste0("Raise the limit with {.code options(learnbn.max_memory = <bytes>)}, ",
                           "or use fewer rows or columns.")),
            "too_large", call = call)
}
