# The unit tests of the C++ core (tests/testthat/cpp/, one header per group of
# inst/include/learnbn/), compiled against the installed package's headers with
# Rcpp::sourceCpp into a temporary directory. `make cpp-test` runs the same tests
# without R.

skip_on_cran()
skip_if_not_installed("RcppEigen")
skip_if_not_installed("BH")

core <- local({
  include <- system.file("include", package = "learnbn")
  # Compiled at -O1 without debug information, after any personal Makevars (a compiler
  # cache still applies): about 45 s where R's default -g -O2 takes 95 s, for a run of
  # 5 s instead of 3.
  makevars <- tempfile("learnbn-core-makevars")
  writeLines(c(sprintf("include %s", tools::makevars_user()), "CXX17FLAGS = -O1"), makevars)
  old <- Sys.getenv(c("PKG_CPPFLAGS", "PKG_CXXFLAGS", "R_MAKEVARS_USER"), unset = NA)
  # Eigen's SSE code makes GCC warn at length about ignored attributes (the Makefile's
  # core-test targets pass the same flag).
  Sys.setenv(PKG_CPPFLAGS = paste0("-I", shQuote(include)), PKG_CXXFLAGS = "-Wno-ignored-attributes",
             R_MAKEVARS_USER = makevars)
  on.exit(for (name in names(old)) {
    if (is.na(old[[name]])) Sys.unsetenv(name) else do.call(Sys.setenv, as.list(old[name]))
  })
  env <- new.env()
  Rcpp::sourceCpp(test_path("cpp", "core_tests.cpp"), env = env,
                  cacheDir = tempfile("learnbn-core-tests"), showOutput = FALSE)
  env
})

run_group <- function(group) {
  res <- core$core_tests(group)
  expect_gt(res$checks, 0)
  expect_identical(res$failures, character())
}

test_that("util: the random engine and numerical helpers", {
  run_group("util")
})
test_that("data: counting against brute force and hand counts", {
  run_group("data")
})
test_that("score: family scores, cache, FamilyScorer, Gaussian, parent sets", {
  run_group("score")
})
test_that("graph: topological order, Dag, moves, PDAGs and CPDAGs", {
  run_group("graph")
})
test_that("search: the score-based searches and MCMC", {
  run_group("search")
})
test_that("citest: X2, G2, permutations, Fisher's z", {
  run_group("citest")
})
test_that("constraint: PC recovers a known network", {
  run_group("constraint")
})
test_that("network: CPT networks", {
  run_group("network")
})
test_that("inference: variable elimination and sampling", {
  run_group("inference")
})
test_that("missing: completion of incomplete data", {
  run_group("missing")
})
test_that("interventions: an intervened node's family scored on its other rows", {
  run_group("interventions")
})

test_that("an unknown group is an error", {
  expect_error(core$core_tests("nonsense"), "unknown test group: nonsense")
})
