college_data <- bn_data(college_plans, counts = "count")

test_that("strengths and directions are the shares of replicates, computed by hand", {
  set.seed(8)
  boot <- bootstrap_arcs(college_data, hill_climb, R = 6, score = "bic")
  expect_s3_class(boot, "bn_bootstrap")
  expect_length(boot$graphs, 6)
  mats <- lapply(boot$graphs, as.matrix)
  for (i in seq_len(nrow(boot$strength))) {
    from <- boot$strength$from[i]
    to <- boot$strength$to[i]
    present <- vapply(mats, function(a) a[from, to] + a[to, from] > 0, logical(1))
    forward <- vapply(mats, function(a) a[from, to] == 1 && a[to, from] == 0, logical(1))
    both <- vapply(mats, function(a) a[from, to] == 1 && a[to, from] == 1, logical(1))
    expect_equal(boot$strength$strength[i], mean(present))
    expect_equal(boot$strength$direction[i], (sum(forward) + sum(both) / 2) / sum(present))
  }
})

test_that("every replicate resamples all cases and differs from the others", {
  seen <- new.env()
  learner <- function(data, ...) {
    seen$n <- c(seen$n, sum(data$weights))
    seen$w <- c(seen$w, list(data$weights))
    hill_climb(data, ...)
  }
  set.seed(9)
  bootstrap_arcs(college_data, learner, R = 3)
  expect_equal(seen$n, rep(10318, 3))
  expect_false(identical(seen$w[[1]], seen$w[[2]]))
})

test_that("bootstrap follows set.seed() and a cluster gives the serial result", {
  set.seed(10)
  a <- bootstrap_arcs(college_data, "hill_climb", R = 4)
  set.seed(10)
  b <- bootstrap_arcs(college_data, "hill_climb", R = 4)
  expect_identical(a$strength, b$strength)
  cl <- tryCatch(parallel::makeCluster(2), error = function(e) NULL)
  skip_if(is.null(cl), "no PSOCK cluster here")
  on.exit(parallel::stopCluster(cl))
  set.seed(10)
  c <- bootstrap_arcs(college_data, "hill_climb", R = 4, cluster = cl)
  expect_identical(c$strength, a$strength)
})

test_that("the averaged network keeps edges at the threshold and orients them by majority", {
  strength <- data.frame(from = c("A", "B", "B", "C", "C", "A"), to = c("B", "A", "C", "B", "A", "C"),
                         strength = c(0.9, 0.9, 0.6, 0.6, 0.3, 0.3), direction = c(0.8, 0.2, 0.5, 0.5, 1, 0))
  boot <- structure(list(strength = strength, graphs = list(bn_graph_from_string("[A][B][C]"))),
                    class = "bn_bootstrap")
  expect_equal(as.matrix(average_network(boot, 0.5)),
               matrix(c(0, 0, 0, 1, 0, 1, 0, 1, 0), 3, dimnames = list(c("A", "B", "C"), c("A", "B", "C"))),
               ignore_attr = FALSE)
  expect_equal(nrow(arcs(average_network(boot, 0.95))), 0)
  expect_equal(average_network(boot, 0.2)$type, "pdag")
})

test_that("bad bootstrap arguments are classed errors", {
  expect_error(bootstrap_arcs(college_data, "no_such_learner"), class = "learnbn_error_value")
  expect_error(bootstrap_arcs(college_data, 42), class = "learnbn_error_type")
  expect_error(bootstrap_arcs(college_data, hill_climb, R = 0), class = "learnbn_error_value")
  expect_error(bootstrap_arcs(college_data, hill_climb, cluster = "x"), class = "learnbn_error_type")
  expect_error(bootstrap_arcs(college_data, function(data, ...) 1, R = 1), class = "learnbn_error_type")
  expect_error(average_network(list()), class = "learnbn_error_type")
  expect_error(bootstrap_arcs(college_data, "pc", R = 2, iss = 10), "iss",
               class = "learnbn_error_unknown_argument")
  expect_error(bootstrap_arcs(college_data, function(data) pc(data), R = 2, alpha = 0.1),
               class = "learnbn_error_unknown_argument")
  set.seed(1)
  boot <- bootstrap_arcs(college_data, hill_climb, R = 2)
  pdf(NULL)
  on.exit(grDevices::dev.off())
  expect_error(plot(boot, main = 1), class = "learnbn_error_type")
})

test_that("bootstrap_arcs() shows a progress bar when cli is asked to show one at once", {
  d <- bn_data(college_plans, counts = "count")
  set.seed(1)
  shown <- with_progress_shown(bootstrap_arcs(d, hill_climb, R = 3, score = "bic"))
  expect_match(shown$output, "Bootstrap replicates.*100%")
  set.seed(1)
  expect_no_progress(b <- bootstrap_arcs(d, hill_climb, R = 3, score = "bic"))
  expect_identical(shown$value$strength, b$strength)
})

test_that("bootstrap replicates whose graphs cannot be kept are refused at once (issue 33)", {
  # 1e9 graphs of 5 x 5 integer cells: 1e11 bytes.
  took <- system.time(
    err <- expect_error(bootstrap_arcs(college_data, hill_climb, R = 1e9),
                        class = "learnbn_error_too_large")
  )[["elapsed"]]
  expect_lt(took, 1)
  expect_match(gsub("\\s+", " ", conditionMessage(err)),
               paste("Keeping 1,000,000,000 bootstrap graphs (5 x 5 adjacency matrices)",
                     "would need 100 GB"),
               fixed = TRUE)
  expect_error(bootstrap_arcs(college_data, hill_climb, R = 3e9), class = "learnbn_error_value")
})
