# simulated_annealing() (R/learn-annealing.R): Heckerman's annealing schedule.

test_that("annealing returns the best graph it saw with its score", {
  set.seed(32)
  g <- simulated_annealing(college_data, score = "bic", lowerings = 20)
  expect_identical(g$info$algorithm, "simulated_annealing")
  expect_equal(g$score, network_score(g, college_data, score = "bic"), tolerance = 1e-9)
  expect_lte(max(g$info$trace), g$score + 1e-9)
  expect_equal(g$info$trace[1], network_score(bn_graph_from_string("[SEX][SES][IQ][PE][CP]"),
                                              college_data, score = "bic"), tolerance = 1e-9)
})

test_that("bad schedules fail with classed errors", {
  expect_error(simulated_annealing(college_data, t0 = 0), class = "learnbn_error_value")
  expect_error(simulated_annealing(college_data, t0 = Inf), class = "learnbn_error_value")
  expect_error(simulated_annealing(college_data, t0 = "hot"), class = "learnbn_error_type")
  expect_error(simulated_annealing(college_data, decay = 0), class = "learnbn_error_value")
  expect_error(simulated_annealing(college_data, tries = 0), class = "learnbn_error_value")
  expect_error(simulated_annealing(college_data, changes = 2.5), class = "learnbn_error_value")
  expect_error(simulated_annealing(college_data, lowerings = -1), class = "learnbn_error_value")
})
