# What the MCMC samplers of learn-mcmc.R share: checks, the schedule, and running chains
# in C++ in batches (on a cluster or here), with a progress bar between batches.

# Refuses order-space sampling beyond 64 nodes or `max_families` precomputed families.
check_family_count <- function(search, max_families, sampler, call = rlang::caller_env()) {
  check_number(max_families, min = 1, call = call)
  n <- length(search$nodes)
  if (n > 64L) {
    lbn_abort(c("{.fn {sampler}} handles at most 64 nodes, not {n}.",
                "i" = "Use {.fn structure_mcmc}."), "too_large", call = call)
  }
  families <- count_families(search$knowledge)
  if (families > max_families) {
    lbn_abort(c(paste0("{.fn {sampler}} would precompute {format_count(families)} family scores ",
                       "(about {format_bytes(16 * families)}), more than {.arg max_families} = ",
                       "{format_count(max_families)}."),
                "i" = paste0("Lower {.arg max_parents} (now {search$knowledge$max_parents}), or ",
                             "raise {.arg max_families} if the memory is available.")),
              "too_large", call = call)
  }
  invisible(families)
}

# The set-up shared by the samplers: list(schedule, search, cluster) from mcmc_schedule(),
# prepare_search() and check_cluster(); errors name the sampler's arguments and the
# sampler (`call`).
prepare_mcmc <- function(data, score, ..., iterations, burn_in, thin, chains, start, whitelist,
                         blacklist, max_parents, no_parents, no_children, restrict,
                         plus_one = FALSE,
                         cluster = NULL, threads, verbose, call = rlang::caller_env()) {
  schedule <- mcmc_schedule(iterations, burn_in, thin, chains, call = call)
  cluster <- check_cluster(cluster, call = call)
  check_flag(plus_one, call = call)
  if (plus_one && is.null(restrict)) {
    lbn_abort("{.arg plus_one} = TRUE needs a skeleton in {.arg restrict}.", "value", call = call)
  }
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = if (!plus_one) restrict,
                           start = start, threads = threads, verbose = verbose, call = call)
  if (plus_one) {
    skeleton <- restrict_skeleton(restrict, search$nodes, call)
    search$knowledge$plus_one <- !skeleton & !search$knowledge$forbidden
  }
  list(schedule = schedule, search = search, cluster = cluster)
}

# Checks the chain lengths; returns list(iterations, burn_in, thin, chains).
mcmc_schedule <- function(iterations, burn_in, thin, chains, call = rlang::caller_env()) {
  iterations <- as_count(iterations, min = 1, arg = "iterations", call = call)
  check_number(burn_in, min = 0, max = iterations - 1, whole = TRUE, arg = "burn_in", call = call)
  check_number(thin, min = 1, max = iterations - burn_in, whole = TRUE, arg = "thin", call = call)
  check_number(chains, min = 1, max = 1000, whole = TRUE, arg = "chains", call = call)
  # Every chain keeps its score trace, 8 bytes an iteration, and the sample number of each
  # kept DAG: check them before the chains start, not after hours of sampling.
  kept <- (iterations - burn_in) %/% thin
  what <- paste0("The trace of ", format_count(chains), " chain", if (chains != 1) "s", " of ",
                 format_count(iterations), " iterations")
  check_memory(chains * (8 * (iterations + 1) + 4 * kept), what,
               "Use fewer {.arg iterations} or a larger {.arg thin}", call = call)
  list(iterations = iterations, burn_in = burn_in, thin = thin, chains = as.integer(chains))
}

# The number of allowed parent sets, over all nodes, as the core counts them
# (score/parent_sets.hpp): the families the samplers precompute.
count_families <- function(knowledge) sum(cpp_search_plan(knowledge)$parent_sets)

# Starts the chains, advances them in batches with a progress bar, wraps the samples.
# With a `cluster` (see scale_out()), each chain runs on its own worker.
run_mcmc <- function(search, schedule, algorithm, copies = 1L, rev = 0, cluster = NULL) {
  # Two 32-bit words of R's RNG per chain, drawn in chain order, seed its engine.
  seeds <- matrix(floor(stats::runif(2 * schedule$chains) * 2^32), nrow = 2)
  result <- if (is.null(cluster)) {
    run_chains(search, schedule, algorithm, copies, rev, seeds, search$verbose)
  } else {
    one_chain <- function(seed) {
      run_chains(search, schedule, algorithm, copies, rev, matrix(seed, nrow = 2), verbose = FALSE)
    }
    parts <- scale_out(lapply(seq_len(ncol(seeds)), function(c) seeds[, c]), one_chain, cluster,
                       "Chains")
    list(chains = unlist(lapply(parts, `[[`, "chains"), recursive = FALSE),
         score_evaluations = sum(vapply(parts, `[[`, numeric(1), "score_evaluations")),
         cache_hits = sum(vapply(parts, `[[`, numeric(1), "cache_hits")))
  }
  samples <- new_bn_samples(result$chains, search$nodes, algorithm, search$score, schedule)
  samples$info <- c(list(algorithm = algorithm), samples$info,
                    list(score_evaluations = result$score_evaluations,
                         cache_hits = result$cache_hits, time = search$clock()))
  samples$info$excluded_arcs <- search$knowledge$excluded_arcs  # mixed data (R/score-mixed.R)
  if (search$verbose) {
    cli::cli_inform(paste0("{algorithm}: {schedule$chains} chain{?s} of ",
                           "{format_count(schedule$iterations)} iterations in ",
                           "{format(samples$info$time, digits = 3)} s; acceptance ",
                           "{format(samples$info$acceptance, digits = 2)}."))
  }
  warn_disagreement(samples)
  samples
}

# The chains seeded by the columns of `seeds`, run to the end in this process:
# list(chains, score_evaluations, cache_hits) from the core. A chain depends only on its
# seed, so running the chains together or one per worker gives the same samples.
run_chains <- function(search, schedule, algorithm, copies, rev, seeds, verbose) {
  start <- which(search$start == 1L, arr.ind = TRUE) - 1L
  scoring <- progress_reporter(c(families = "Scoring parent sets"))
  on.exit(progress_close(scoring), add = TRUE)
  run <- cpp_mcmc_start(search$data, score_spec(search$score, search$nodes),
                        search$knowledge, start[, 1], start[, 2],
                        schedule[c("iterations", "burn_in", "thin")], seeds, search$threads,
                        algorithm, copies, rev, scoring)
  progress_close(scoring)
  say <- if (verbose) function(done) {
    cli::cli_inform(paste0("{algorithm}: {format_count(done)} of ",
                           "{format_count(schedule$iterations)} ",
                           "iterations{if (done <= schedule$burn_in) ' (burn-in)' else ''}, ",
                           "{format(search$clock(), digits = 3)} s."))
  }
  advance_in_batches(run, schedule$iterations, say)
  cpp_mcmc_result(run)
}

# Calls the C++ sampler for about 0.2 s at a time, ticking a progress bar in between
# (R checks for interrupts between the calls); `say`, when given, is called with the
# iterations done each time a tenth of the run (in whole thousands) has passed.
advance_in_batches <- function(run, iterations, say = NULL) {
  bar <- progress_bar("Sampling", total = iterations)
  every <- max(1000, round(iterations / 10, -3))
  done <- 0
  batch <- 1000
  while (done < iterations) {
    steps <- min(batch, iterations - done, every - done %% every)
    # (gcFirst = FALSE: a full garbage collection before every batch took most of the time)
    took <- system.time(cpp_mcmc_advance(run, steps), gcFirst = FALSE)[["elapsed"]]
    done <- done + steps
    progress_set(bar, done)
    if (!is.null(say) && (done %% every == 0 || done == iterations)) say(done)
    if (took < 0.1) batch <- batch * 2 else if (took > 0.4) batch <- max(100, batch / 2)
  }
  invisible(done)
}
