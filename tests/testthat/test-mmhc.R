# mmhc(): hill climbing (or tabu search) inside mmpc()'s skeleton.

test_that("mmhc() is hill_climb() restricted to mmpc()'s skeleton", {
  d <- local_child_data()
  skeleton <- mmpc(d, test = "x2", alpha = 0.05)
  g <- mmhc(d, test = "x2", alpha = 0.05, score = "bic")
  expected <- hill_climb(d, score = "bic", restrict = skeleton)
  expect_equal(as.matrix(g), as.matrix(expected))
  expect_equal(g$score, expected$score)
  expect_equal(g$type, "dag")
  expect_equal(g$info$algorithm, "mmhc")
  expect_equal(g$info$mmpc$edges, length(skeleton_strings(skeleton)))
  # Every arc lies in the skeleton.
  expect_true(all(skeleton_strings(g) %in% skeleton_strings(skeleton)))
  t <- mmhc(d, test = "x2", score = "bic", search = "tabu_search")
  expect_equal(as.matrix(t), as.matrix(tabu_search(d, score = "bic", restrict = skeleton)))
  expect_error(mmhc(d, search = "annealing"), class = "learnbn_error_value")
})
