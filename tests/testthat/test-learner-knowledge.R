# build_constraints() (R/learner-knowledge.R): whitelist, blacklist, max_parents, nodes without
# parents or children and restrict turned into required / forbidden arc matrices.

nodes <- c("A", "B", "C")
arc_mat <- function(...) matrix(c(...), 3, 3, dimnames = list(nodes, nodes))

test_that("no knowledge forbids only self-loops", {
  k <- learnbn:::build_constraints(nodes)
  expect_identical(k$nodes, nodes)
  expect_identical(k$required, arc_mat(rep(FALSE, 9)))
  expect_identical(k$forbidden, arc_mat(TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE))
  expect_identical(k$max_parents, Inf)
})

test_that("whitelist, blacklist, no_parents and no_children give exact matrices", {
  k <- learnbn:::build_constraints(nodes, whitelist = data.frame("A", "B"), blacklist = data.frame("B", "C"),
                                   max_parents = 2, no_parents = "A", no_children = "C")
  # rows are the arcs' tails, columns their heads (column-major below)
  expect_identical(k$required, arc_mat(FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE))
  expect_identical(k$forbidden, arc_mat(TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, FALSE, TRUE, TRUE))
  expect_identical(k$max_parents, 2)
  # A character matrix works like a data frame, and repeated arcs are fine.
  m <- learnbn:::build_constraints(nodes, whitelist = rbind(c("A", "B"), c("A", "B")))
  expect_identical(m$required, k$required)
})

test_that("restrict forbids every pair its skeleton does not join", {
  amat <- arc_mat(0, 1, 0, 0, 0, 0, 0, 0, 0)  # B -> A
  expected <- arc_mat(TRUE, FALSE, TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE)
  expect_identical(learnbn:::build_constraints(nodes, restrict = amat)$forbidden, expected)
  g <- bn_graph_from_string("[A][B|A][C]")
  expect_identical(learnbn:::build_constraints(nodes, restrict = g)$forbidden, expected)
  # The restricting graph's node order does not matter.
  shuffled <- amat[c(3, 1, 2), c(3, 1, 2)]
  expect_identical(learnbn:::build_constraints(nodes, restrict = shuffled)$forbidden, expected)
  expect_error(learnbn:::build_constraints(nodes, restrict = arc_mat(0, 0, 0, 0, 0, 0, 0, 0, 0)[1:2, 1:2]),
               class = "learnbn_error_type")
  expect_error(learnbn:::build_constraints(nodes, restrict = "A-B"), class = "learnbn_error_type")
})

test_that("a whitelisted arc that is also forbidden is an error", {
  expect_error(learnbn:::build_constraints(nodes, whitelist = data.frame("A", "B"), blacklist = data.frame("A", "B")),
               class = "learnbn_error_constraints")
  expect_error(learnbn:::build_constraints(nodes, whitelist = data.frame("A", "B"), no_parents = "B"),
               class = "learnbn_error_constraints")
  expect_error(learnbn:::build_constraints(nodes, whitelist = data.frame("A", "B"), no_children = "A"),
               class = "learnbn_error_constraints")
  expect_error(learnbn:::build_constraints(nodes, whitelist = data.frame("A", "B"), restrict = arc_mat(rep(0, 9))),
               "A -> B", class = "learnbn_error_constraints")
})

test_that("a whitelist with a directed cycle is an error", {
  expect_error(learnbn:::build_constraints(nodes, whitelist = data.frame(c("A", "B"), c("B", "A"))),
               class = "learnbn_error_cycle")
  expect_error(learnbn:::build_constraints(nodes, whitelist = data.frame(c("A", "B", "C"), c("B", "C", "A"))),
               class = "learnbn_error_cycle")
})

test_that("a whitelist that gives a node more than max_parents parents is an error", {
  wl <- data.frame(c("A", "B"), c("C", "C"))
  expect_error(learnbn:::build_constraints(nodes, whitelist = wl, max_parents = 1),
               "C", class = "learnbn_error_constraints")
  expect_identical(colSums(learnbn:::build_constraints(nodes, whitelist = wl, max_parents = 2)$required),
                   c(A = 0, B = 0, C = 2))
  expect_error(learnbn:::build_constraints(nodes, max_parents = -1), class = "learnbn_error_value")
  expect_error(learnbn:::build_constraints(nodes, max_parents = 1.5), class = "learnbn_error_value")
  expect_error(learnbn:::build_constraints(nodes, max_parents = "2"), class = "learnbn_error_type")
})

test_that("unknown nodes, self-loops and malformed arc lists are errors", {
  expect_error(learnbn:::build_constraints(nodes, whitelist = data.frame("A", "Z")), "Z",
               class = "learnbn_error_unknown_node")
  expect_error(learnbn:::build_constraints(nodes, blacklist = data.frame("Y", "A")),
               class = "learnbn_error_unknown_node")
  expect_error(learnbn:::build_constraints(nodes, blacklist = data.frame(NA_character_, "A")),
               class = "learnbn_error_unknown_node")
  expect_error(learnbn:::build_constraints(nodes, no_parents = "Q"), class = "learnbn_error_unknown_node")
  expect_error(learnbn:::build_constraints(nodes, no_children = c("A", "A")), class = "learnbn_error_value")
  expect_error(learnbn:::build_constraints(nodes, whitelist = data.frame("B", "B")), "B",
               class = "learnbn_error_value")
  expect_error(learnbn:::build_constraints(nodes, blacklist = data.frame("C", "C")), class = "learnbn_error_value")
  expect_error(learnbn:::build_constraints(nodes, whitelist = data.frame("A", "B", "C")), class = "learnbn_error_type")
  expect_error(learnbn:::build_constraints(nodes, whitelist = matrix(1:2, 1)), class = "learnbn_error_type")
  expect_error(learnbn:::build_constraints(nodes, whitelist = c("A", "B")), class = "learnbn_error_type")
})
