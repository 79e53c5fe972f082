# Scale-out of independent runs (bootstrap replicates, MCMC chains, hill-climbing
# restarts) over a `parallel` cluster or a future plan. One way for all three: the caller
# draws one seed per run from R's generator, up front and in run order, and every run
# seeds itself from its own; so a fixed set.seed() gives the same result whether the runs
# go serially, to a cluster or to any future backend, and however they are scheduled.

# The `cluster` argument: NULL (serial), a cluster from parallel::makeCluster(), or
# "future" (the plan set with future::plan(); future.apply must be installed).
check_cluster <- function(cluster, arg = rlang::caller_arg(cluster), call = rlang::caller_env()) {
  if (is.null(cluster) || inherits(cluster, "cluster")) return(cluster)
  if (identical(cluster, "future")) {
    rlang::check_installed("future.apply", reason = "to run on a future plan.", call = call)
    return(cluster)
  }
  # A string is named by its value (a misspelt "future", a plan's name).
  given <- if (rlang::is_string(cluster)) "{.val {cluster}}" else "{.obj_type_friendly {cluster}}"
  lbn_abort(c(paste0("{.arg {arg}} must be NULL, a cluster from {.fn parallel::makeCluster}, or ",
                     "{.val future}, not ", given, "."),
              "i" = "With {.code cluster = \"future\"}, the runs follow {.fn future::plan}."),
            "type", call = call)
}

# run(seed) for every element of `seeds` (a list) on the chosen backend, results in the
# order of `seeds`. Serially, with a progress bar labelled `label` (see progress_bar()).
scale_out <- function(seeds, run, cluster, label) {
  if (inherits(cluster, "cluster")) return(parallel::parLapply(cluster, seeds, run))
  if (identical(cluster, "future")) {
    # Each run sets its own seed, so future draws none (and need not check for RNG use).
    return(future.apply::future_lapply(seeds, run, future.seed = NULL))
  }
  bar <- progress_bar(label, total = length(seeds))
  lapply(seq_along(seeds), function(i) {
    out <- run(seeds[[i]])
    progress_set(bar, i)
    out
  })
}
