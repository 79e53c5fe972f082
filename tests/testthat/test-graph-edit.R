test_that("add_arc(), remove_arc() and reverse_arc() change exactly one arc", {
  g <- bn_graph_from_string("[A][B|A][C|B]")
  expect_identical(model_string(add_arc(g, "A", "C")), "[A][B|A][C|A:B]")
  expect_identical(model_string(remove_arc(g, "B", "C")), "[A][B|A][C]")
  expect_identical(model_string(reverse_arc(g, "A", "B")), "[A|B][B][C|B]")
})

test_that("an edited learned graph carries no stale score", {
  h <- hill_climb(bn_data(college_plans))
  expect_false(is.null(h$score))
  edited <- remove_arc(h, arcs(h)$from[1], arcs(h)$to[1])
  expect_null(edited$score)
  expect_identical(edited$info, list())
  expect_false(any(grepl("score", capture.output(print(edited)))))
})

test_that("edits that cannot be made are classed errors", {
  g <- bn_graph_from_string("[A][B|A][C|B]")
  expect_error(add_arc(g, "C", "A"), class = "learnbn_error_cycle")
  expect_error(reverse_arc(add_arc(g, "A", "C"), "A", "C"), class = "learnbn_error_cycle")
  expect_error(add_arc(g, "A", "B"), class = "learnbn_error_arc")
  expect_error(add_arc(g, "B", "A"), class = "learnbn_error_arc")
  expect_error(remove_arc(g, "A", "C"), class = "learnbn_error_arc")
  expect_error(reverse_arc(g, "C", "B"), class = "learnbn_error_arc")
  expect_error(add_arc(g, "A", "A"), class = "learnbn_error_arc")
  expect_error(add_arc(g, "a", "C"), class = "learnbn_error_unknown_node")
  expect_error(add_arc(g, c("A", "B"), "C"), class = "learnbn_error_type")
  expect_snapshot(error = TRUE, {
    add_arc(g, "C", "A")
    add_arc(g, "B", "A")
    add_arc(g, "a", "C")
  })
})
