# genetic_search() (R/learn-genetic.R): genetic and memetic search.

test_that("the memetic search returns a local optimum at least as good as hill climbing here", {
  set.seed(21)
  g <- genetic_search(college_data, score = "bdeu", iss = 5, generations = 5, memetic = TRUE)
  best_neighbour <- max(vapply(neighbours_of(as.matrix(g)), function(a) {
    network_score(bn_graph(a), college_data, score = "bdeu", iss = 5)
  }, numeric(1)))
  expect_lte(best_neighbour, g$score + 1e-9)
  expect_gte(g$score, hill_climb(college_data, score = "bdeu", iss = 5)$score)
  expect_error(genetic_search(college_data, population = 1), class = "learnbn_error_value")
  expect_error(genetic_search(college_data, mutations = -1), class = "learnbn_error_value")
})
