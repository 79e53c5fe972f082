# Permutation tests and PC stop on Ctrl-C, 20 times in a row, without one abort (issue
# 33: interrupts inside the progress bar's R callback, called from within the threads'
# region, used to abort R with "terminate called after throwing an instance of
# 'Rcpp::LongjumpException'"; a single test of B = 1e6 permutations ignored Ctrl-C).
# Helpers: helper-interrupts.R.

test_that("pc() with permutation tests on two threads stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(function() {
    set.seed(1)
    as.data.frame(matrix(sample(c("a", "b", "c"), 5000 * 12, TRUE), 5000))
  }, function(d) learnbn::pc(d, test = "x2_perm", B = 5000, threads = 2))
})

test_that("pc() stops within one test of a million permutations", {
  skip_interrupts()
  expect_interrupted_every_time(function() learnbn::college_plans,
                                function(d) learnbn::pc(d, test = "x2_perm", B = 1e6))
})

test_that("pc() with Fisher's z permutation tests stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(function() {
    set.seed(1)
    as.data.frame(matrix(stats::rnorm(3000 * 8), 3000))
  }, function(d) learnbn::pc(d, test = "fisher_z_perm", B = 20000, threads = 2))
})

test_that("ci_test() with a long permutation test stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(function() learnbn::college_plans, function(d) {
    learnbn::ci_test(d, "SEX", "CP", "IQ", test = "x2_perm", B = 1e8)
  })
})

test_that("pc() with unbounded conditioning sets stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(function() {
    set.seed(1)
    # Strongly dependent columns keep the skeleton dense, so the conditioning sets grow.
    base <- sample(0:2, 5000, TRUE)
    as.data.frame(lapply(1:60, function(i) (base + (stats::runif(5000) < 0.2)) %% 3))
  }, function(d) learnbn::pc(d, alpha = 0.5, max_cond = Inf))
})
