# Scale-out (R/scale-out.R): bootstrap replicates, MCMC chains and hill-climbing restarts
# give the same result under set.seed() serially, on a parallel cluster and on a future
# plan.

college_data <- bn_data(college_plans, counts = "count")

# The result of `f(cluster)` after set.seed(seed), for comparing backends.
seeded <- function(f, cluster, seed = 19) {
  set.seed(seed)
  f(cluster)
}

boot_run <- function(cluster) bootstrap_arcs(college_data, hill_climb, R = 4, score = "bic", cluster = cluster)
chains_run <- function(cluster) {
  order_mcmc(college_data, iterations = 2000, chains = 3, max_parents = 2, cluster = cluster)
}
structure_run <- function(cluster) {
  structure_mcmc(college_data, iterations = 20000, chains = 2, cluster = cluster)
}
partition_run <- function(cluster) {
  partition_mcmc(college_data, iterations = 20000, chains = 2, temperatures = 2, cluster = cluster)
}
restarts_run <- function(cluster) {
  hill_climb(college_data, score = "bic", restarts = 4, perturb = 3, cluster = cluster)
}

test_that("a bad cluster is a classed error naming the argument", {
  expect_error(bootstrap_arcs(college_data, hill_climb, R = 2, cluster = "futures"),
               class = "learnbn_error_type")
  expect_error(order_mcmc(college_data, iterations = 10, cluster = 2), class = "learnbn_error_type")
  expect_error(hill_climb(college_data, restarts = 1, cluster = TRUE), class = "learnbn_error_type")
  expect_snapshot(hill_climb(college_data, restarts = 1, cluster = "futures"), error = TRUE)
})

test_that("the sequential future plan gives the serial bootstrap and chains", {
  skip_if_not_installed("future.apply")
  future::plan(future::sequential)
  withr::defer(future::plan(future::sequential))
  serial <- seeded(boot_run, NULL)
  expect_identical(seeded(boot_run, "future")$strength, serial$strength)
  for (run in list(chains_run, structure_run, partition_run)) {
    serial <- seeded(run, NULL)
    spread <- seeded(run, "future")
    expect_identical(spread$chains, serial$chains)
    expect_identical(arc_probabilities(spread), arc_probabilities(serial))
  }
})

test_that("spread restarts: never below the first climb, same on every backend", {
  skip_if_not_installed("future.apply")
  future::plan(future::sequential)
  withr::defer(future::plan(future::sequential))
  first <- hill_climb(college_data, score = "bic")
  spread <- seeded(restarts_run, "future")
  expect_gte(spread$score, first$score)
  expect_equal(spread$score, network_score(spread, college_data, score = "bic"), tolerance = 1e-10)
  # The restarts' moves are counted: more than the first climb's alone.
  expect_gt(spread$info$iterations, first$info$iterations)
  expect_identical(seeded(restarts_run, "future")$amat, spread$amat)
})

test_that("a multisession pool and a parallel cluster give the serial results", {
  skip_on_cran()
  skip_if_not_installed("future.apply")
  cl <- tryCatch(parallel::makeCluster(2), error = function(e) NULL)
  skip_if(is.null(cl), "no PSOCK cluster here")
  withr::defer(parallel::stopCluster(cl))
  withr::defer(future::plan(future::sequential))
  future::plan(future::sequential)
  sequential_restarts <- seeded(restarts_run, "future")
  future::plan(future::multisession, workers = 2)

  serial <- seeded(boot_run, NULL)
  expect_identical(seeded(boot_run, "future")$strength, serial$strength)
  expect_identical(seeded(boot_run, cl)$strength, serial$strength)

  for (run in list(chains_run, structure_run, partition_run)) {
    serial <- seeded(run, NULL)
    expect_identical(seeded(run, "future")$chains, serial$chains)
    expect_identical(seeded(run, cl)$chains, serial$chains)
  }

  multisession <- seeded(restarts_run, "future")
  expect_identical(multisession$amat, sequential_restarts$amat)
  expect_identical(multisession$score, sequential_restarts$score)
  expect_identical(seeded(restarts_run, cl)$amat, sequential_restarts$amat)
})
