# tabu_search() (R/learn-tabu.R).

test_that("tabu search and annealing recover asia's CPDAG from 50,000 rows", {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(42)
  d <- bn_data(simulate_data(asia, 50000))
  truth <- cpdag(asia$graph)
  tabu <- tabu_search(d)
  expect_equal(shd(cpdag(tabu), truth), 0)
  expect_equal(tabu$score, network_score(asia$graph, d), tolerance = 1e-9)
  set.seed(3)
  expect_equal(shd(cpdag(simulated_annealing(d)), truth), 0)
})
