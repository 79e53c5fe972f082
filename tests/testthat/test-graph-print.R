# print() and summary() of bn_graph objects (R/graph-print.R).

test_that("print and summary", {
  asia <- bn_graph_from_string(asia_string)
  expect_snapshot(print(asia))
  expect_snapshot(print(cpdag(asia)))
  scored <- new_bn_graph(asia$amat, "dag", score = -11234.56789)
  expect_snapshot(print(scored))
  expect_snapshot(print(empty_graph(c("x", "y"))))
  expect_snapshot(print(empty_graph(paste0("n", 1:25))))
  expect_snapshot(summary(asia))
  expect_snapshot(summary(cpdag(asia)))
  output <- utils::capture.output(shown <- withVisible(print(asia)))
  expect_false(shown$visible)
  expect_identical(shown$value, asia)
})

test_that("summary() counts by hand", {
  g <- bn_graph_from_string("[A][C][B|A:C][D|B]")
  s <- summary(g)
  expect_identical(s$nodes, 4L)
  expect_identical(s$arcs, 3)
  expect_identical(s$edges, 0)
  # Markov blankets: A {B, C}, B {A, C, D}, C {A, B}, D {B}
  expect_equal(s$avg_markov_blanket, (2 + 3 + 2 + 1) / 4)
  expect_equal(s$avg_in_degree, 3 / 4)
  expect_equal(s$max_in_degree, 2)
  expect_identical(s$v_structures, 1L)
})

test_that("print() shows bidirected edges as <-> and counts them apart", {
  g <- florida_pc_graph()
  expect_snapshot(print(g))
  # the same two-way edge undirected: no bidirected count in the header
  expect_snapshot(print(bn_graph(florida_pc_matrix())))
  text <- utils::capture.output(print(g))
  expect_identical(text[1], "<bn_graph> PDAG with 5 nodes, 5 arcs, 0 undirected edges, 1 bidirected edge")
  expect_match(text[3], "V <-> R", fixed = TRUE)
  expect_false(any(grepl("V - R", text, fixed = TRUE)))
})

test_that("summary() counts bidirected edges apart from undirected ones", {
  g <- florida_pc_graph()
  s <- summary(g)
  expect_identical(s$arcs, 5)
  expect_identical(s$edges, 0)
  expect_identical(s$bidirected, 1)
  # Markov blankets: V {D, I, R}, D {V}, R {V, I, S}, I {V, R, S}, S {I, R}
  expect_equal(s$avg_markov_blanket, (3 + 1 + 3 + 3 + 2) / 5)
  expect_snapshot(summary(g))
  undirected <- summary(bn_graph(florida_pc_matrix()))
  expect_identical(c(undirected$edges, undirected$bidirected), c(1, 0))
})
