# Progress bars and running verbose output of long runs. A bar shows only in interactive
# sessions (rlang::is_interactive()), once cli decides the run is long; the tests force
# both (with_progress_shown(), helper-progress.R) to see the bars, and check that outside
# an interactive session nothing is printed even when cli would draw at once
# (expect_no_progress()). Results never depend on either.

test_that("the progress reporter is off outside interactive sessions", {
  old <- options(rlang_interactive = FALSE)
  on.exit(options(old))
  expect_null(progress_reporter())
  expect_null(progress_bar("x", total = 3))
  expect_null(progress_set(NULL, 2))
  options(rlang_interactive = TRUE)
  expect_true(is.function(progress_reporter()))
})

test_that("exact_search() shows a bar for scoring the parent sets and one for the search", {
  set.seed(1)
  shown <- with_progress_shown(exact_search(college_data, score = "bic"))
  expect_match(shown$output, "Scoring parent sets.*100%")
  expect_match(shown$output, "Exact search over node sets.*100%")
  expect_no_progress(quiet <- exact_search(college_data, score = "bic"))
  expect_identical(shown$value$amat, quiet$amat)
  expect_identical(shown$value$score, quiet$score)
})

test_that("exhaustive_search() counts the DAGs it enumerates", {
  shown <- with_progress_shown(exhaustive_search(college_data, score = "bic", top = 3))
  expect_match(shown$output, "Scoring parent sets.*100%")
  # The count of DAGs is unknown until the end, when the core gives it as the total.
  expect_match(shown$output, "Enumerating DAGs.*100%")
  # Each call closes its own bars (none of the exact search of the test before).
  expect_no_match(shown$output, "Exact search")
  expect_no_progress(quiet <- exhaustive_search(college_data, score = "bic", top = 3))
  expect_identical(shown$value$info$top, quiet$info$top)
  expect_identical(shown$value$info$arc_probabilities, quiet$info$arc_probabilities)
})

test_that("ci_test() with a permutation test shows a bar over the permutations", {
  fl <- bn_data(florida, counts = "count")
  set.seed(3)
  shown <- with_progress_shown(ci_test(fl, "D", "R", test = "x2_perm", B = 500))
  expect_match(shown$output, "Permutation test.*100%")
  set.seed(3)
  expect_no_progress(quiet <- ci_test(fl, "D", "R", test = "x2_perm", B = 500))
  expect_identical(shown$value, quiet)
  # An asymptotic test has no permutations and no bar.
  expect_identical(with_progress_shown(ci_test(fl, "D", "R"))$output, "")
})

test_that("pc() shows a bar over the edges of each level", {
  set.seed(5)
  shown <- with_progress_shown(pc(college_data, test = "x2_perm", B = 99))
  expect_match(shown$output, "PC level 0 edges.*100%")
  expect_match(shown$output, "PC level 1 edges.*100%")
  set.seed(5)
  expect_no_progress(quiet <- pc(college_data, test = "x2_perm", B = 99))
  expect_identical(shown$value$amat, quiet$amat)
  expect_identical(shown$value$info$tests, quiet$info$tests)
})

test_that("hill_climb() with restarts shows a bar and, when verbose, a line per restart", {
  set.seed(2)
  shown <- with_progress_shown(hill_climb(college_data, score = "bic", restarts = 4))
  expect_match(shown$output, "Hill-climbing restarts.*100%")
  set.seed(2)
  expect_no_progress(quiet <- hill_climb(college_data, score = "bic", restarts = 4))
  expect_identical(shown$value$amat, quiet$amat)
  set.seed(2)
  said <- testthat::capture_messages(g <- hill_climb(college_data, score = "bic", restarts = 4,
                                                      verbose = TRUE))
  expect_identical(g$amat, quiet$amat)
  expect_length(said, 5)
  number <- "-[0-9]+\\.[0-9]+"
  expect_match(said[1:4], paste0("^hill_climb restart [1-4]: score ", number, ", best ", number, "\\.$"))
  expect_identical(sub("^hill_climb restart ([0-9]+):.*", "\\1", said[1:4]), as.character(1:4))
  # The best so far never falls, and the last one is the result's score.
  best <- as.numeric(sub(".*, best (.*)\\.$", "\\1", said[1:4]))
  expect_false(is.unsorted(best))
  expect_equal(best[4], g$score, tolerance = 1e-6)
  expect_match(said[5], "^hill_climb: [0-9]+ moves")
  # Without restarts nothing changes: one summary line.
  expect_length(testthat::capture_messages(hill_climb(college_data, score = "bic", verbose = TRUE)), 1)
})

test_that("structural_em() ticks once per iteration and says each iteration as it ends", {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(7)
  x <- simulate_data(asia, 400)
  x[matrix(stats::runif(400 * 8) < 0.05, 400)] <- NA
  d <- bn_data(x, missing = "allow")
  set.seed(1)
  shown <- with_progress_shown(structural_em(d, max_iter = 3))
  expect_match(shown$output, "Structural EM iterations.*100%")
  set.seed(1)
  expect_no_progress(quiet <- structural_em(d, max_iter = 3))
  expect_identical(shown$value$amat, quiet$amat)
  set.seed(1)
  said <- testthat::capture_messages(g <- structural_em(d, max_iter = 3, restarts = 1, verbose = TRUE))
  set.seed(1)
  expect_identical(g$amat, structural_em(d, max_iter = 3, restarts = 1)$amat)
  # One line per iteration of each run (named by its start), then one for the restart.
  iterations <- grepl("^structural EM \\((empty graph|complete cases|restart 1)\\) iteration [1-3]: [0-9]+ changes?, score -[0-9.]+, log-likelihood -[0-9.]+\\.$",
                      said)
  expect_true(all(iterations[-length(said)]))
  expect_match(said[length(said)],
               "^structural EM restart 1: observed-data score -[0-9.]+ \\(best so far -[0-9.]+\\)\\.$")
  run_lines <- function(run) sum(grepl(paste0("(", run, ")"), said, fixed = TRUE))
  expect_identical(run_lines(g$info$start), g$info$iterations)
  # The best so far is the best observed-data score of the runs.
  best <- as.numeric(sub(".*best so far (.*)\\)\\.$", "\\1", said[length(said)]))
  expect_equal(best, max(g$info$observed_score), tolerance = 1e-6)
})

test_that("MCMC shows a bar and, when verbose, a line per tenth of the run", {
  set.seed(4)
  shown <- with_progress_shown(structure_mcmc(college_data, iterations = 10000, chains = 1))
  expect_match(shown$output, "Sampling.*100%")
  set.seed(4)
  expect_no_progress(quiet <- structure_mcmc(college_data, iterations = 10000, chains = 1))
  expect_identical(shown$value$chains, quiet$chains)
  set.seed(4)
  said <- testthat::capture_messages(x <- structure_mcmc(college_data, iterations = 10000, chains = 1,
                                                         verbose = TRUE))
  expect_identical(x$chains, quiet$chains)
  steps <- sub(", [0-9.e-]+ s\\.$", "", said[1:10])
  expect_identical(steps, c(paste0("structure_mcmc: ", c("1,000", "2,000"), " of 10,000 iterations (burn-in)"),
                            paste0("structure_mcmc: ", format(seq(3000, 10000, 1000), big.mark = ",", trim = TRUE),
                                   " of 10,000 iterations")))
  expect_match(said[11], "^structure_mcmc: 1 chain of 10,000 iterations in")
})

test_that("order and partition MCMC show the scoring of the families, then the sampling", {
  set.seed(6)
  shown <- with_progress_shown(order_mcmc(college_data, iterations = 2000, chains = 1))
  expect_match(shown$output, "Scoring parent sets.*100%.*Sampling.*100%")
  set.seed(6)
  expect_no_progress(quiet <- order_mcmc(college_data, iterations = 2000, chains = 1))
  expect_identical(shown$value$chains, quiet$chains)
})
