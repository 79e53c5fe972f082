# Long searches stop on Ctrl-C, 20 times in a row, without one abort (issues 7 and 33);
# the permutation tests and PC are in test-interrupts-tests.R. Helpers:
# helper-interrupts.R.

discrete_columns <- function(rows, columns, levels) {
  function() {
    set.seed(1)
    as.data.frame(matrix(sample(levels, rows * columns, TRUE), rows))
  }
}

test_that("hill_climb() with endless restarts on two threads stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(discrete_columns(3000, 30, c("a", "b", "c")), function(d) {
    learnbn::hill_climb(d, restarts = 1e9, perturb = 10, threads = 2)
  })
})

test_that("tabu_search() with an endless tabu phase stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(discrete_columns(2000, 40, c("a", "b")), function(d) {
    learnbn::tabu_search(d, max_tabu = 1e9)
  })
})

test_that("structure_mcmc() with many iterations stops on every interrupt", {
  skip_interrupts()
  # (seconds of sampling: a longer chain's trace, 8 bytes an iteration, is refused at once)
  expect_interrupted_every_time(discrete_columns(500, 8, c("a", "b")), function(d) {
    learnbn::structure_mcmc(d, iterations = 1e7, burn_in = 0, thin = 1e6, chains = 1)
  })
})

test_that("exact_search() on two threads stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(discrete_columns(2000, 18, c("a", "b")), function(d) {
    learnbn::exact_search(d, threads = 2)
  })
})

test_that("bootstrap_arcs() stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(discrete_columns(500, 10, c("a", "b")), function(d) {
    learnbn::bootstrap_arcs(d, learnbn::hill_climb, R = 1e6)
  })
})

# boss(bes = TRUE) alternates GES's phases with sweeps until neither raises the score
# (issue 36); both poll for interrupts. On these data the phases raise the score in most
# runs (31 runs: 103 sweeps without bes, 137 with), so Ctrl-C also lands in the loop.
test_that("boss(bes = TRUE) with endless restarts stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(function() {
    set.seed(1)
    fit <- learnbn::random_gaussian_fit(40, average_degree = 4)
    learnbn::bn_data(learnbn::simulate_data(fit, 2000))
  }, function(d) learnbn::boss(d, bes = TRUE, restarts = 1e6, threads = 1), times = 8)
})

# boss()'s ges_start run (GES's phases from the class of `start`, issue 36) polls for
# interrupts too. From a complete DAG on 20 binary columns of noise, the first refresh of
# GES's backward phase enumerates subsets for minutes (18 columns: 40 s) while BOSS's run
# before it takes at most 0.1 s, so each Ctrl-C, 1 to 1.5 s after its run started, lands
# in GES: it used to go unanswered for the whole refresh (over 100 s). The memory limit is
# raised 128-fold so that boss()'s share of GES operators lets the refresh run.
test_that("boss()'s ges_start run stops on every interrupt", {
  skip_interrupts()
  expect_interrupted_every_time(function() {
    set.seed(1)
    x <- as.data.frame(matrix(sample(c("a", "b"), 200 * 20, TRUE), 200))
    amat <- matrix(0L, 20, 20, dimnames = list(names(x), names(x)))
    amat[upper.tri(amat)] <- 1L
    list(data = learnbn::bn_data(x), start = learnbn::bn_graph(amat, "dag"))
  }, function(d) {
    options(learnbn.max_memory = 128e9)  # a child process of its own
    learnbn::boss(d$data, start = d$start, bes = FALSE, ges_start = TRUE, threads = 2)
  }, times = 3, min_delay = 1, max_delay = 1.5)
})

# GES's turning phase polls for interrupts after every turn it scores, not only between
# nodes (issue 36): the turns into V, whose neighbours W1..W22 form a clique, number
# 2^22 - 1 + 22 when `max_subset` lets C hold all the W, and take 15 s on their own, so a
# Ctrl-C 0.5 to 1 s into the run used to go unanswered until they were all scored.
test_that("ges()'s turning phase stops on every interrupt within a node's turns", {
  skip_interrupts()
  expect_interrupted_every_time(function() {
    set.seed(3)
    nodes <- c("U", "V", paste0("W", 1:22))
    x <- as.data.frame(matrix(stats::rnorm(24 * 100), 100, dimnames = list(NULL, nodes)))
    start <- matrix(0L, 24, 24, dimnames = list(nodes, nodes))
    start["V", -2] <- 1L
    start[3:24, 3:24][upper.tri(diag(22))] <- 1L
    list(data = learnbn::bn_data(x), start = learnbn::bn_graph(start))
  }, function(d) {
    learnbn::ges(d$data, start = d$start, phases = "turning", max_subset = 22)
  }, times = 3, min_delay = 0.5, max_delay = 1)
})
