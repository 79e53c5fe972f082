# Long searches stop promptly on Ctrl-C (issue 7): each runs in a child R process that
# loads the installed package; the test sends SIGINT and expects an interrupt condition
# within a few seconds.

# Runs `job` (a function of no arguments, evaluated in the child after library(learnbn)),
# interrupts it once it has run for `after` seconds, and expects the child to report an
# interrupt condition within 5 seconds.
interrupt_child <- function(job, after = 1.5) {
  p <- callr::r_bg(function(job) {
    library(learnbn)
    cat("ready\n")
    tryCatch({
      job()
      "finished"
    }, interrupt = function(cnd) "interrupted")
  }, args = list(job = job), stdout = "|", stderr = "|", package = FALSE)
  on.exit(if (p$is_alive()) p$kill(), add = TRUE)
  # Wait until the package is loaded and the job has started.
  deadline <- Sys.time() + 60
  output <- ""
  while (!grepl("ready", output) && p$is_alive() && Sys.time() < deadline) {
    p$poll_io(200)
    output <- paste0(output, p$read_output())
  }
  Sys.sleep(after)
  expect_true(p$is_alive())
  sent <- Sys.time()
  p$interrupt()
  p$wait(10000)
  waited <- as.numeric(difftime(Sys.time(), sent, units = "secs"))
  expect_false(p$is_alive())
  result <- if (p$is_alive()) "still running" else p$get_result()
  expect_equal(result, "interrupted")
  expect_lt(waited, 5)
}

skip_interrupts <- function() {
  skip_on_cran()
  skip_on_os("windows")
  skip_if_not_installed("callr")
}

test_that("hill_climb() with endless restarts stops on an interrupt", {
  skip_interrupts()
  interrupt_child(function() {
    set.seed(1)
    d <- as.data.frame(matrix(sample(c("a", "b", "c"), 3000 * 30, TRUE), 3000))
    learnbn::hill_climb(d, restarts = 1e9, perturb = 10)
  })
})

test_that("tabu_search() with an endless tabu phase stops on an interrupt", {
  skip_interrupts()
  interrupt_child(function() {
    set.seed(1)
    d <- as.data.frame(matrix(sample(c("a", "b"), 2000 * 40, TRUE), 2000))
    learnbn::tabu_search(d, max_tabu = 1e9)
  })
})

test_that("pc() with unbounded conditioning sets stops on an interrupt", {
  skip_interrupts()
  interrupt_child(function() {
    set.seed(1)
    # Strongly dependent columns keep the skeleton dense, so the conditioning sets grow.
    base <- sample(0:2, 5000, TRUE)
    d <- as.data.frame(lapply(1:60, function(i) (base + (stats::runif(5000) < 0.2)) %% 3))
    learnbn::pc(d, alpha = 0.5, max_cond = Inf)
  })
})

test_that("pc() with permutation tests stops on an interrupt", {
  # Each test runs 5000 permutations: PC now checks between tests by time, not only
  # every 64 tests (before: over 2 minutes on alarm, 20,000 rows; now under 1 s).
  skip_interrupts()
  interrupt_child(function() {
    set.seed(1)
    d <- as.data.frame(matrix(sample(c("a", "b", "c"), 5000 * 12, TRUE), 5000))
    learnbn::pc(d, test = "x2_perm", B = 5000)
  })
})

test_that("structure_mcmc() with many iterations stops on an interrupt", {
  skip_interrupts()
  interrupt_child(function() {
    set.seed(1)
    d <- as.data.frame(matrix(sample(c("a", "b"), 500 * 8, TRUE), 500))
    learnbn::structure_mcmc(d, iterations = 1e12, burn_in = 0, thin = 1e6)
  })
})

test_that("bootstrap_arcs() stops on an interrupt", {
  skip_interrupts()
  interrupt_child(function() {
    set.seed(1)
    d <- as.data.frame(matrix(sample(c("a", "b"), 500 * 10, TRUE), 500))
    learnbn::bootstrap_arcs(d, learnbn::hill_climb, R = 1e6)
  })
})

test_that("ci_test() with a long permutation test stops on an interrupt", {
  skip_interrupts()
  interrupt_child(function() {
    set.seed(1)
    d <- as.data.frame(matrix(sample(c("a", "b", "c"), 5000 * 3, TRUE), 5000))
    learnbn::ci_test(d, "V1", "V2", "V3", test = "x2_perm", B = 1e8)
  })
})
