# Graph comparison (shd(), compare_graphs()) against hand-worked examples.

# The same graph with its nodes in a random order.
shuffle_nodes <- function(g) {
  ord <- sample(nrow(g$amat))
  new_bn_graph(g$amat[ord, ord, drop = FALSE], g$type, bidirected = g$bidirected)
}

# ---- SHD and comparisons --------------------------------------------------------------------

test_that("shd() counts differing pairs on the graphs as given", {
  truth <- bn_graph_from_string("[A][B|A][C|B][D]")
  learned <- bn_graph_from_string("[B][A|B][C|B][D|C]")
  # A - B reversed, C - D extra
  expect_identical(shd(learned, truth), 2L)
  expect_identical(shd(truth, learned), 2L)
  expect_identical(shd(truth, truth), 0L)
  # all of truth's CPDAG is undirected; learned's CPDAG is A - B - C - D
  expect_identical(shd(cpdag(learned), cpdag(truth)), 1L)
  # directed against undirected counts one (and warns: a DAG against a CPDAG)
  expect_warning(expect_identical(shd(truth, cpdag(truth)), 2L),
                 class = "learnbn_warning_graph_kinds")
  # missing edge
  expect_identical(shd(bn_graph_from_string("[A][B][C|B][D]"), truth), 1L)
  # node order does not matter
  expect_identical(shd(shuffle_nodes(learned), truth), 2L)
  expect_error(shd(truth, empty_graph(c("A", "B", "C", "E"))), class = "learnbn_error_node_mismatch")
  expect_snapshot(shd(truth, empty_graph(c("A", "B", "C", "E"))), error = TRUE)
})

test_that("compare_graphs() on hand examples", {
  truth <- bn_graph_from_string("[A][B|A][C|A:B][D|C]")
  learned <- bn_graph_from_string("[A][B|A][C|B][D|C]")
  expect_identical(compare_graphs(learned, truth), data.frame(
    skeleton_tp = 3L, skeleton_fp = 0L, skeleton_fn = 1L,
    arrowhead_tp = 3L, arrowhead_fp = 0L, arrowhead_fn = 1L, shd = 1L))
  # arcs B -> A, B -> C, D -> C against A -> B, A -> C, B -> C, C -> D
  reversed <- bn_graph_from_string("[A|B][B][C|B:D][D]")
  expect_identical(compare_graphs(reversed, truth), data.frame(
    skeleton_tp = 3L, skeleton_fp = 0L, skeleton_fn = 1L,
    arrowhead_tp = 1L, arrowhead_fp = 2L, arrowhead_fn = 3L, shd = 3L))
  # an undirected edge carries no arrowhead: the CPDAG of the chain A - B - C - D
  und <- cpdag(bn_graph_from_string("[A][B|A][C|B][D|C]"))
  expect_warning(expect_identical(compare_graphs(und, truth), data.frame(
    skeleton_tp = 3L, skeleton_fp = 0L, skeleton_fn = 1L,
    arrowhead_tp = 0L, arrowhead_fp = 0L, arrowhead_fn = 4L, shd = 4L)),
    class = "learnbn_warning_graph_kinds")
  # extra edge, nodes in another order
  extra <- bn_graph_from_string("[D][C|D][B|C:D][A|B:C:D]")
  res <- compare_graphs(extra, truth)
  expect_identical(res$skeleton_tp, 4L)
  expect_identical(res$skeleton_fp, 2L)
  expect_identical(res$skeleton_fn, 0L)
  expect_identical(res$arrowhead_tp, 0L)
  expect_identical(res$shd, 6L)
  expect_identical(nrow(rbind(res, res)), 2L)
  expect_error(compare_graphs(truth, empty_graph("A")), class = "learnbn_error_node_mismatch")
})

# ---- issue 15: comparing different kinds of graph, bidirected edges ---------------------------

test_that("shd() and compare_graphs() warn when a DAG meets a CPDAG or PDAG", {
  truth <- bn_graph_from_string("[A][B|A][C|B]")
  class <- "learnbn_warning_graph_kinds"
  expect_warning(shd(truth, cpdag(truth)), class = class)
  expect_warning(shd(cpdag(truth), truth), class = class)
  expect_warning(compare_graphs(truth, cpdag(truth)), class = class)
  pd <- bn_graph(as.matrix(cpdag(truth)))  # guessed type "pdag"
  expect_identical(pd$type, "pdag")
  expect_warning(compare_graphs(truth, pd), class = class)
  # a forest with undirected edges is a class, one with arcs only a DAG
  tree <- new_bn_graph(as.matrix(cpdag(truth)), "forest")
  rooted <- new_bn_graph(as.matrix(truth), "forest")
  expect_warning(shd(truth, tree), class = class)
  expect_warning(shd(rooted, cpdag(truth)), class = class)
  # like with like: no warning, and the DAG inside the class is at distance 0
  expect_no_warning(expect_identical(shd(cpdag(truth), cpdag(truth)), 0L))
  expect_no_warning(shd(truth, bn_graph_from_string("[B][A|B][C|B]")))
  expect_no_warning(shd(rooted, truth))
  expect_no_warning(shd(tree, cpdag(truth)))
  expect_snapshot(shd(truth, cpdag(truth)))
  expect_snapshot(compare_graphs(pd, truth))
})

test_that("a bidirected edge is a status of its own in shd() and compare_graphs()", {
  bi <- florida_pc_graph()
  und <- bn_graph(florida_pc_matrix())  # V - R undirected
  m <- florida_pc_matrix()
  m["R", "V"] <- 0L
  one_way <- bn_graph(m, type = "pdag")  # V -> R
  expect_identical(shd(bi, und), 1L)
  expect_identical(shd(bi, one_way), 1L)
  expect_identical(shd(bi, bi), 0L)
  expect_identical(shd(shuffle_nodes(bi), bi), 0L)
  # V <-> R has arrowheads at V and at R; V -> R only at R; V - R none
  expect_identical(compare_graphs(bi, one_way), data.frame(
    skeleton_tp = 6L, skeleton_fp = 0L, skeleton_fn = 0L,
    arrowhead_tp = 6L, arrowhead_fp = 1L, arrowhead_fn = 0L, shd = 1L))
  expect_identical(compare_graphs(und, bi), data.frame(
    skeleton_tp = 6L, skeleton_fp = 0L, skeleton_fn = 0L,
    arrowhead_tp = 5L, arrowhead_fp = 0L, arrowhead_fn = 2L, shd = 1L))
  expect_identical(compare_graphs(bi, bi)$arrowhead_tp, 7L)
})
