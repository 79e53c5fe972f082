# local_search() (R/learn-local.R): random single-arc moves, each kept when it raises the score.

test_that("local search only takes improving moves and reports them", {
  set.seed(31)
  g <- local_search(college_data, score = "bic", k_max = 2000)
  expect_identical(g$info$algorithm, "local_search")
  expect_true(all(diff(g$info$trace) > 0))
  expect_equal(g$info$iterations, length(g$info$trace) - 1)
  expect_equal(tail(g$info$trace, 1), g$score)
  expect_equal(g$score, network_score(g, college_data, score = "bic"), tolerance = 1e-9)
})

test_that("local search with k_max = 0 returns its start", {
  start <- bn_graph_from_string("[SEX][SES|SEX][IQ][PE][CP]")
  g <- local_search(college_data, start = start, k_max = 0)
  expect_equal(as.matrix(g), as.matrix(start)[colnames(as.matrix(g)), colnames(as.matrix(g))])
  expect_equal(g$info$iterations, 0)
  expect_length(g$info$trace, 1)
})

test_that("bad k_max values fail with classed errors", {
  expect_error(local_search(college_data, k_max = -1), class = "learnbn_error_value")
  expect_error(local_search(college_data, k_max = 1.5), class = "learnbn_error_value")
  expect_error(local_search(college_data, k_max = "10"), class = "learnbn_error_type")
})

test_that("max_iter stops local search after that many accepted changes", {
  set.seed(31)
  free <- local_search(college_data, score = "bic", k_max = 2000)
  expect_gt(free$info$iterations, 2)
  set.seed(31)
  g <- local_search(college_data, score = "bic", k_max = 2000, max_iter = 2)
  expect_identical(g$info$iterations, 2)
  # The same draws as the free run, stopped after its first two changes.
  expect_identical(g$info$trace, free$info$trace[1:3])
  expect_equal(g$score, network_score(g, college_data, score = "bic"), tolerance = 1e-9)
  expect_error(local_search(college_data, max_iter = -1), class = "learnbn_error_value")
})
