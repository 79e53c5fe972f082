extdata_bif <- function(name) {
  path <- system.file("extdata", paste0(name, ".bif"), package = "learnbn")
  expect_true(nzchar(path))
  read_bif(path)
}

# Empirical conditional frequencies of every node given its parents, as arrays laid
# out like the CPTs, with the number of cases N_ij of each parent configuration.
empirical_cpts <- function(fit, sample) {
  lapply(fit$cpts, function(table) {
    family <- names(dimnames(table))
    counts <- table(sample[family])
    counts <- array(counts, dim = dim(counts), dimnames = dimnames(counts))
    n_ij <- rep(colSums(matrix(counts, nrow = dim(counts)[1])), each = dim(counts)[1])
    list(freq = counts / n_ij, n_ij = array(n_ij, dim(counts)))
  })
}

# |empirical - p| within `sds` binomial standard deviations (exact where p is 0 or 1).
expect_close_to_cpts <- function(fit, estimates, sds = 5) {
  for (node in names(fit$cpts)) {
    p <- fit$cpts[[node]]
    seen <- estimates[[node]]$n_ij > 0
    sd <- sqrt(p * (1 - p) / estimates[[node]]$n_ij)
    gap <- abs(estimates[[node]]$freq - p)
    expect_true(all(gap[seen] <= sds * sd[seen] + 1e-12), label = paste("node", node))
  }
}

test_that("simulate_data returns factors with the fit's levels, in node order", {
  asia <- extdata_bif("asia")
  set.seed(1)
  sample <- simulate_data(asia, 50)
  expect_s3_class(sample, "data.frame")
  expect_identical(dim(sample), c(50L, 8L))
  expect_identical(names(sample), names(asia$cpts))
  expect_identical(lapply(sample, levels), asia$levels)
  expect_true(all(vapply(sample, is.factor, logical(1))))
  expect_identical(nrow(simulate_data(asia, 1)), 1L)
  expect_identical(nrow(simulate_data(asia, 1e3)), 1000L)
})

test_that("simulate_data is reproducible under set.seed()", {
  asia <- extdata_bif("asia")
  set.seed(42)
  first <- simulate_data(asia, 500)
  set.seed(42)
  second <- simulate_data(asia, 500)
  expect_identical(first, second)
  set.seed(43)
  expect_false(identical(simulate_data(asia, 500), first))
})

test_that("simulated frequencies converge to the CPTs (asia, 200,000 rows)", {
  asia <- extdata_bif("asia")
  set.seed(2024)
  sample <- simulate_data(asia, 2e5)
  expect_close_to_cpts(asia, empirical_cpts(asia, sample))
  # deterministic nodes: either = yes exactly when tub or lung is yes
  expect_identical(sample$either == "yes", sample$tub == "yes" | sample$lung == "yes")
  # a root node: P(asia = yes) = 0.01
  expect_lt(abs(mean(sample$asia == "yes") - 0.01), 5 * sqrt(0.01 * 0.99 / 2e5))
})

test_that("fitting simulated data recovers the CPTs", {
  child <- extdata_bif("child")
  set.seed(7)
  sample <- simulate_data(child, 1e5)
  fit <- fit_parameters(child$graph, sample, method = "mle")
  expect_identical(lapply(fit$cpts, dimnames), lapply(child$cpts, dimnames))
  estimates <- empirical_cpts(child, sample)
  # the MLE is the empirical conditional frequency ...
  for (node in names(fit$cpts)) {
    seen <- estimates[[node]]$n_ij > 0
    expect_equal(fit$cpts[[node]][seen], estimates[[node]]$freq[seen])
  }
  # ... which lies within binomial noise of the true CPTs
  fitted <- lapply(stats::setNames(nm = names(fit$cpts)), function(node) {
    list(freq = fit$cpts[[node]], n_ij = estimates[[node]]$n_ij)
  })
  expect_close_to_cpts(child, fitted)
})

test_that("simulate_data handles single-state variables and fitted networks", {
  fit <- fit_parameters(bn_graph_from_string("[SES][IQ|SES]"),
                        bn_data(college_plans, counts = "count"))
  set.seed(3)
  sample <- simulate_data(fit, 20)
  expect_identical(names(sample), c("SES", "IQ"))
  bif <- tempfile(fileext = ".bif")
  writeLines(c("network one {}", "variable A { type discrete [ 1 ] { only }; }",
               "variable B { type discrete [ 2 ] { b1, b2 }; }",
               "probability ( A ) { table 1; }",
               "probability ( B | A ) { (only) 0.25, 0.75; }"), bif)
  sample <- simulate_data(read_bif(bif), 10)
  expect_true(all(sample$A == "only"))
  expect_identical(levels(sample$A), "only")
})

test_that("simulate_data checks its arguments", {
  asia <- extdata_bif("asia")
  expect_error(simulate_data(asia, 0), class = "learnbn_error_value")
  expect_error(simulate_data(asia, 1.5), class = "learnbn_error_value")
  expect_error(simulate_data(asia, -3), class = "learnbn_error_value")
  expect_error(simulate_data(asia, "10"), class = "learnbn_error_type")
  expect_error(simulate_data(asia, c(1, 2)), class = "learnbn_error_type")
  expect_error(simulate_data(asia$graph, 10), class = "learnbn_error_type")
  expect_snapshot(simulate_data(asia, 2.5), error = TRUE)
})

test_that("simulate_data is fast on alarm", {
  skip_on_cran()
  alarm <- extdata_bif("alarm")
  elapsed <- system.time(sample <- simulate_data(alarm, 2e4))[["elapsed"]]
  expect_identical(dim(sample), c(20000L, 37L))
  expect_lt(elapsed, 2)
})

test_that("a simulation past the memory limit fails at once, stating its size (issue 33)", {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  took <- system.time(
    err <- expect_error(simulate_data(asia, 2^31 - 1), class = "learnbn_error_too_large")
  )[["elapsed"]]
  expect_lt(took, 1)
  # 8 factor columns of 4 bytes a cell, plus 8 bytes a row for one node's draws.
  message <- gsub("\\s+", " ", conditionMessage(err))  # cli wraps lines
  expect_match(message, "2,147,483,647 rows x 8 columns", fixed = TRUE)
  expect_match(message, "85.9 GB", fixed = TRUE)  # (2^31 - 1) * 40 bytes
  expect_match(message, "limit of 1 GB", fixed = TRUE)
  # The limit is the option's, inclusive: 25 rows take 25 * 40 = 1000 bytes.
  withr::local_options(learnbn.max_memory = 1000)
  expect_identical(nrow(simulate_data(asia, 25)), 25L)
  expect_error(simulate_data(asia, 26), "1040 bytes", class = "learnbn_error_too_large")
  # Gaussian columns take 8 bytes a cell: 3 nodes, (3 * 8 + 8) * 32 = 1024 bytes.
  gaussian <- random_gaussian_fit(3)
  expect_error(simulate_data(gaussian, 32), "32 rows x 3 columns",
               class = "learnbn_error_too_large")
  expect_identical(nrow(simulate_data(gaussian, 31)), 31L)
})
