# The bn_graph class: construction, validation, accessors, model strings, igraph, print.

abc_matrix <- function() {
  matrix(0, 3, 3, dimnames = list(c("A", "B", "C"), c("A", "B", "C")))
}

test_that("bn_graph() builds a DAG with integer storage and the right fields", {
  m <- abc_matrix()
  m["A", "B"] <- 1
  m["C", "B"] <- 1
  g <- bn_graph(m)
  expect_s3_class(g, "bn_graph")
  expect_named(g, c("amat", "type", "score", "info", "bidirected"))
  expect_identical(g$bidirected, data.frame(from = character(), to = character()))
  expect_identical(g$type, "dag")
  expect_null(g$score)
  expect_identical(g$info, list())
  expect_identical(storage.mode(g$amat), "integer")
  expect_identical(as.matrix(g), {
    storage.mode(m) <- "integer"
    m
  })
  expect_identical(nodes(g), c("A", "B", "C"))
})

test_that("bn_graph() accepts logical matrices and guesses pdag with undirected edges", {
  m <- abc_matrix() == 1
  m["A", "B"] <- m["B", "A"] <- TRUE
  m["B", "C"] <- TRUE
  g <- bn_graph(m)
  expect_identical(g$type, "pdag")
  expect_identical(g$amat["A", "B"], 1L)
  expect_identical(g$amat["B", "A"], 1L)
})

test_that("bn_graph() validates the matrix", {
  m <- abc_matrix()
  expect_error(bn_graph(list(1)), class = "learnbn_error_type")
  expect_error(bn_graph(matrix("a", 2, 2)), class = "learnbn_error_type")
  expect_error(bn_graph(m[1:2, ]), class = "learnbn_error_invalid_graph")
  expect_error(bn_graph(unname(m)), class = "learnbn_error_invalid_graph")
  other <- m
  colnames(other) <- c("A", "C", "B")
  expect_error(bn_graph(other), class = "learnbn_error_invalid_graph")
  dup <- m
  dimnames(dup) <- list(c("A", "A", "B"), c("A", "A", "B"))
  expect_error(bn_graph(dup), class = "learnbn_error_invalid_graph")
  empty_name <- m
  dimnames(empty_name) <- list(c("A", "", "B"), c("A", "", "B"))
  expect_error(bn_graph(empty_name), class = "learnbn_error_invalid_graph")
  na <- m
  na[1, 2] <- NA
  expect_error(bn_graph(na), class = "learnbn_error_invalid_graph")
  two <- m
  two[1, 2] <- 2
  expect_error(bn_graph(two), class = "learnbn_error_invalid_graph")
  loop <- m
  loop["B", "B"] <- 1
  expect_error(bn_graph(loop), class = "learnbn_error_invalid_graph")
  expect_error(bn_graph(m, type = "tree"), class = "learnbn_error_value")
  expect_error(bn_graph(m, type = 1), class = "learnbn_error_value")
  expect_identical(bn_graph(m, type = "dag")$type, "dag")
})

test_that("a directed cycle is a classed error naming its nodes", {
  m <- abc_matrix()
  m["A", "B"] <- m["B", "C"] <- m["C", "A"] <- 1
  err <- expect_error(bn_graph(m), class = "learnbn_error_cycle")
  expect_s3_class(err, "learnbn_error")
  expect_match(conditionMessage(err), "A -> B -> C -> A|B -> C -> A -> B|C -> A -> B -> C")
  expect_error(bn_graph(m, type = "pdag"), class = "learnbn_error_cycle")
  # a cycle of directed arcs next to an undirected edge
  m4 <- matrix(0, 4, 4, dimnames = list(LETTERS[1:4], LETTERS[1:4]))
  m4["A", "B"] <- m4["B", "C"] <- m4["C", "A"] <- 1
  m4["C", "D"] <- m4["D", "C"] <- 1
  expect_error(bn_graph(m4), class = "learnbn_error_cycle")
})

test_that("bn_graph() checks explicit types", {
  m <- abc_matrix()
  m["A", "B"] <- m["B", "A"] <- 1
  expect_error(bn_graph(m, type = "dag"), class = "learnbn_error_invalid_graph")
  expect_identical(bn_graph(m, type = "pdag")$type, "pdag")
  # A - B alone is a valid CPDAG; A - B - C is too; A -> B - C is not.
  expect_identical(bn_graph(m, type = "cpdag")$type, "cpdag")
  m["B", "C"] <- m["C", "B"] <- 1
  expect_identical(bn_graph(m, type = "cpdag")$type, "cpdag")
  m["B", "A"] <- 0
  expect_error(bn_graph(m, type = "cpdag"), class = "learnbn_error_invalid_graph")
  # the collider is its own CPDAG
  collider <- abc_matrix()
  collider["A", "B"] <- collider["C", "B"] <- 1
  expect_identical(bn_graph(collider, type = "cpdag")$type, "cpdag")
  # an undirected 4-cycle has no consistent extension
  square <- matrix(0, 4, 4, dimnames = list(LETTERS[1:4], LETTERS[1:4]))
  square[cbind(c(1, 2, 3, 4), c(2, 3, 4, 1))] <- 1
  square <- square + t(square)
  expect_error(bn_graph(square, type = "cpdag"), class = "learnbn_error_no_extension")
})

test_that("forests have at most one parent per node and an acyclic skeleton", {
  m <- abc_matrix()
  m["A", "B"] <- m["A", "C"] <- 1
  expect_identical(bn_graph(m, type = "forest")$type, "forest")
  undirected <- m + t(m)
  expect_identical(bn_graph(undirected, type = "forest")$type, "forest")
  two_parents <- abc_matrix()
  two_parents["A", "B"] <- two_parents["C", "B"] <- 1
  expect_error(bn_graph(two_parents, type = "forest"), class = "learnbn_error_invalid_graph")
  triangle <- 1 - diag(3)
  dimnames(triangle) <- dimnames(m)
  expect_error(bn_graph(triangle, type = "forest"), class = "learnbn_error_invalid_graph")
  expect_identical(bn_graph(abc_matrix(), type = "forest")$type, "forest")
})

test_that("internal helpers: new_bn_graph, graph_parents, graph_from_parents", {
  g <- new_bn_graph(abc_matrix(), "dag", score = -3.5, info = list(steps = 2))
  expect_identical(storage.mode(g$amat), "integer")
  expect_identical(g$score, -3.5)
  g <- bn_graph_from_string("[C][A|C][B|C:A][D]")
  expect_identical(graph_parents(g), list(C = character(), A = "C", B = c("C", "A"), D = character()))
  expect_identical(graph_from_parents(graph_parents(g))$amat, g$amat)
  # undirected edges are not parents
  pd <- cpdag(bn_graph_from_string("[A][B|A][C|B:D][D]"))
  expect_identical(graph_parents(pd), list(A = character(), B = character(), C = c("B", "D"),
                                           D = character()))
})

test_that("arcs() lists directed arcs and undirected edges once, sorted in node order", {
  g <- bn_graph_from_string("[C][A|C][B|C:A]")
  expect_identical(arcs(g), data.frame(from = c("C", "C", "A"), to = c("A", "B", "B"),
                                       directed = TRUE, type = "directed",
                                       stringsAsFactors = FALSE))
  m <- abc_matrix()
  m["B", "A"] <- m["A", "B"] <- 1
  m["C", "B"] <- 1
  expect_identical(arcs(bn_graph(m)), data.frame(from = c("A", "C"), to = c("B", "B"),
                                                 directed = c(FALSE, TRUE),
                                                 type = c("undirected", "directed"),
                                                 stringsAsFactors = FALSE))
  none <- arcs(empty_graph(c("x", "y")))
  expect_identical(names(none), c("from", "to", "directed", "type"))
  expect_identical(nrow(none), 0L)
  expect_type(none$from, "character")
  expect_type(none$directed, "logical")
  expect_type(none$type, "character")
  # matrices are accepted where a graph is expected
  expect_identical(arcs(g$amat), arcs(g))
  expect_identical(nodes(g$amat), nodes(g))
  expect_error(arcs(list()), class = "learnbn_error_type")
})

test_that("error messages", {
  m <- abc_matrix()
  m["A", "B"] <- m["B", "C"] <- m["C", "A"] <- 1
  expect_snapshot(bn_graph(m), error = TRUE)
  expect_snapshot(bn_graph_from_string("[A][B|Z:A]"), error = TRUE)
  expect_snapshot(bn_graph_from_string("[A][B|A:]"), error = TRUE)
})

test_that("bn_graph() records bidirected edges beside a 0/1 matrix with both entries set", {
  m <- florida_pc_matrix()
  g <- bn_graph(m, bidirected = data.frame(from = "R", to = "V"))
  expect_identical(g$type, "pdag")
  # stored in node order (V before R), one row per edge
  expect_identical(g$bidirected, data.frame(from = "V", to = "R"))
  expect_identical(as.matrix(g), m)
  expect_identical(c(as.matrix(g)["V", "R"], as.matrix(g)["R", "V"]), c(1L, 1L))
  # a character matrix, either direction, duplicates: the same
  both_ways <- matrix(c("V", "R", "R", "V"), 2, byrow = TRUE)
  expect_identical(bn_graph(m, bidirected = both_ways)$bidirected, g$bidirected)
  expect_identical(bn_graph(m, type = "pdag", bidirected = both_ways)$bidirected, g$bidirected)
  # without `bidirected` the two-way edge is undirected
  expect_identical(arcs(bn_graph(m))$type[1], "undirected")
  expect_false(is_dag(g))
  expect_identical(arcs(g), data.frame(
    from = c("V", "V", "D", "I", "I", "S"), to = c("R", "I", "V", "R", "S", "R"),
    directed = c(FALSE, TRUE, TRUE, TRUE, TRUE, TRUE),
    type = c("bidirected", rep("directed", 5))))
})

test_that("bn_graph() checks the bidirected edges", {
  m <- florida_pc_matrix()
  vr <- data.frame(from = "V", to = "R")
  expect_error(bn_graph(m, type = "cpdag", bidirected = vr), class = "learnbn_error_invalid_graph")
  expect_error(bn_graph(m, type = "dag", bidirected = vr), class = "learnbn_error_invalid_graph")
  expect_error(bn_graph(m, bidirected = data.frame(from = "D", to = "V")),
               class = "learnbn_error_invalid_graph")
  expect_error(bn_graph(m, bidirected = data.frame(from = "V", to = "X")),
               class = "learnbn_error_unknown_node")
  expect_error(bn_graph(m, bidirected = "V"), class = "learnbn_error_type")
  expect_error(bn_graph(m, bidirected = data.frame(from = 1, to = 3)), class = "learnbn_error_type")
  expect_snapshot(bn_graph(m, type = "cpdag", bidirected = vr), error = TRUE)
  expect_snapshot(bn_graph(m, bidirected = data.frame(from = c("D", "V"), to = c("V", "R"))),
                  error = TRUE)
})

test_that("functions that need a DAG or a partially directed graph refuse bidirected edges", {
  g <- bn_graph(florida_pc_matrix(), bidirected = data.frame(from = "V", to = "R"))
  fl <- bn_data(florida, counts = "count")
  bidirected <- "learnbn_error_bidirected"
  expect_error(topological_order(g), class = bidirected)
  expect_error(cpdag(g), class = bidirected)
  expect_error(pdag_to_dag(g), class = bidirected)
  expect_error(markov_equivalent(g, bn_graph(florida_pc_matrix())), class = bidirected)
  expect_error(markov_equivalent(bn_graph(florida_pc_matrix()), g), class = bidirected)
  expect_error(count_equivalent_dags(g), class = bidirected)
  expect_error(network_score(g, fl), class = bidirected)
  expect_error(fit_parameters(g, fl), class = bidirected)
  expect_error(neighbours(g), class = bidirected)
  expect_error(hill_climb(fl, start = g), class = bidirected)
  expect_error(ges(fl, start = g), class = bidirected)
  expect_snapshot(markov_equivalent(bn_graph(florida_pc_matrix()), g), error = TRUE)
  expect_snapshot(hill_climb(fl, start = g), error = TRUE)
  # the same graph with an undirected V - R has the old meaning
  expect_error(topological_order(bn_graph(florida_pc_matrix())), class = "learnbn_error_undirected")
})

test_that("nodes() works on bn_data, bn_fit and bn_samples", {
  cp <- bn_data(college_plans, counts = "count")
  expect_identical(nodes(cp), c("SEX", "SES", "IQ", "PE", "CP"))
  g <- bn_graph_from_string("[SES][SEX][IQ|SES][PE|SES:IQ][CP|PE]")
  expect_identical(nodes(fit_parameters(g, cp)), c("SES", "SEX", "IQ", "PE", "CP"))
  gaussian <- fit_parameters(bn_graph_from_string("[Sepal.Width][Sepal.Length|Sepal.Width]"),
                             iris[1:2])
  expect_identical(nodes(gaussian), c("Sepal.Width", "Sepal.Length"))
  expect_identical(nodes(bn_data(iris[1:4])), names(iris)[1:4])
  set.seed(1)
  samples <- structure_mcmc(cp, iterations = 200, chains = 1)
  expect_identical(nodes(samples), c("SEX", "SES", "IQ", "PE", "CP"))
  expect_error(nodes(list()), class = "learnbn_error_type")
})
