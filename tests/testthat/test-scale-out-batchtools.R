# The HPC route of R/scale-out.R: a future.batchtools plan (batchtools_local here, which
# runs each job in its own Rscript process, as batchtools_slurm would on a node) gives,
# for a fixed seed, the results of the serial run, the sequential plan and a
# multisession pool: bootstrap replicates, independent restarts and MCMC chains.

college_data <- bn_data(college_plans, counts = "count")

# Everything each back end is compared on, after set.seed(seed).
scaled_runs <- function(cluster, seed = 7) {
  set.seed(seed)
  boot <- bootstrap_arcs(college_data, hill_climb, R = 3, score = "bic", cluster = cluster)
  set.seed(seed)
  climb <- hill_climb(college_data, score = "bic", restarts = 3, perturb = 3, cluster = cluster)
  set.seed(seed)
  chains <- order_mcmc(college_data, iterations = 600, chains = 3, max_parents = 2,
                       cluster = cluster)
  list(strength = boot$strength, graphs = lapply(boot$graphs, `[[`, "amat"),
       restart_amat = climb$amat, restart_score = climb$score,
       chains = chains$chains, probabilities = arc_probabilities(chains))
}

test_that("batchtools_local, multisession and sequential plans give the same results", {
  skip_on_cran()
  skip_if_not_installed("future.apply")
  skip_if_not_installed("future.batchtools")
  # batchtools keeps its job registry under future.cache.path: not in the test folder.
  withr::local_options(future.cache.path = withr::local_tempdir())
  withr::defer(future::plan(future::sequential))

  future::plan(future::sequential)
  sequential <- scaled_runs("future")
  serial <- scaled_runs(NULL)
  # Bootstrap and chains do not depend on the back end at all, serial included; the
  # spread restarts (each from the first optimum) differ from serial ones by design.
  expect_identical(serial$strength, sequential$strength)
  expect_identical(serial$graphs, sequential$graphs)
  expect_identical(serial$chains, sequential$chains)

  # batchtools_local has one worker: each call's runs go to one job.
  future::plan(future.batchtools::batchtools_local)
  expect_identical(scaled_runs("future"), sequential)
  # As on a scheduler with several workers: the 3 replicates in 2 jobs (2 processes).
  future::plan(future.batchtools::batchtools_custom, workers = 2,
               cluster.functions = batchtools::makeClusterFunctionsInteractive(external = TRUE))
  set.seed(7)
  boot <- bootstrap_arcs(college_data, hill_climb, R = 3, score = "bic", cluster = "future")
  expect_identical(boot$strength, sequential$strength)

  future::plan(future::multisession, workers = 2)
  expect_identical(scaled_runs("future"), sequential)
})
