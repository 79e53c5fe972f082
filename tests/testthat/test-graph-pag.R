# The bn_pag class (R/graph-pag.R, graph-pag-compare.R, graph-pag-plot.R). Expected
# matrices are written by hand in pcalg's coding, through pag_from_edges() of helper-pag.R.

abcd <- c("A", "B", "C", "D")

# A o-o B, A o-> C, B <-> C, C --> D
example_pag <- function() {
  as_pag(pag_from_edges(abcd, c("A o-o B", "A o-> C", "B <-> C", "C --> D")))
}

test_that("as_pag() reads pcalg's coding and as.matrix() gives it back", {
  m <- matrix(0, 4, 4, dimnames = list(abcd, abcd))
  m["A", "B"] <- m["B", "A"] <- 1
  m["A", "C"] <- 2; m["C", "A"] <- 1
  m["B", "C"] <- m["C", "B"] <- 2
  m["C", "D"] <- 2; m["D", "C"] <- 3
  p <- as_pag(m)
  expect_s3_class(p, "bn_pag")
  expect_identical(p$latent, character())
  expected <- m
  storage.mode(expected) <- "integer"
  expect_identical(as.matrix(p), expected)
  expect_identical(as_pag(as.matrix(p)), p)
  expect_identical(as_pag(p), p)
  expect_identical(p, example_pag())
  expect_identical(nodes(p), abcd)
})

test_that("as_pag() of a DAG, a CPDAG and a graph with a bidirected edge", {
  g <- bn_graph_from_string("[A][B][C|A:B][D|C]")
  expect_identical(as.matrix(as_pag(g)),
                   pag_from_edges(abcd, c("A --> C", "B --> C", "C --> D")))
  chain <- bn_graph_from_string("[A][B|A][C|B]")
  expect_identical(as.matrix(as_pag(cpdag(chain))),
                   pag_from_edges(c("A", "B", "C"), c("A o-o B", "B o-o C")))
  # the Y-structure's CPDAG keeps its arcs
  expect_identical(as.matrix(as_pag(cpdag(g))), as.matrix(as_pag(g)))
  bi <- bn_graph(pag_from_edges(c("A", "B", "C"), c("A o-o B", "A o-o C")) > 0,
                 bidirected = data.frame(from = "C", to = "A"))
  expect_identical(as.matrix(as_pag(bi)),
                   pag_from_edges(c("A", "B", "C"), c("A o-o B", "A <-> C")))
  # an igraph graph is read as a graph
  expect_identical(as_pag(as_igraph(g)), as_pag(g))
})

test_that("arcs() lists every edge once with both marks, in node order", {
  expect_identical(arcs(example_pag()),
                   data.frame(from = c("A", "A", "B", "C"), to = c("B", "C", "C", "D"),
                              mark_from = c("circle", "circle", "arrowhead", "tail"),
                              mark_to = c("circle", "arrowhead", "arrowhead", "arrowhead"),
                              stringsAsFactors = FALSE))
  # the mark at a node that comes first is its own, whatever the edge's direction
  p <- as_pag(pag_from_edges(c("A", "B"), "B --> A"))
  expect_identical(arcs(p)[c("mark_from", "mark_to")],
                   data.frame(mark_from = "arrowhead", mark_to = "tail"))
  empty <- arcs(as_pag(pag_from_edges(c("A", "B"), character())))
  expect_identical(nrow(empty), 0L)
  expect_identical(names(empty), c("from", "to", "mark_from", "mark_to"))
})

test_that("print() writes each edge with its marks and counts the kinds", {
  p <- example_pag()
  expect_snapshot(print(p))
  # every kind, each turned so the stronger mark is on the right
  all_kinds <- as_pag(pag_from_edges(c("A", "B", "C", "D", "E"),
                                     c("B --> A", "A <-> C", "D o-> A", "A o-o E", "B --- C",
                                       "D --o B")))
  all_kinds$latent <- c("L1", "L2")
  expect_snapshot(print(all_kinds))
  expect_snapshot(print(as_pag(pag_from_edges(c("x", "y"), character()))))
  text <- utils::capture.output(shown <- withVisible(print(p)))
  expect_false(shown$visible)
  expect_identical(shown$value, p)
  expect_identical(text[3], "  edges: A o-o B, A o-> C, B <-> C, C --> D")
})

test_that("summary() counts the edges of each kind", {
  s <- summary(example_pag())
  expect_identical(s$nodes, 4L)
  expect_identical(s$edges, 4L)
  expect_identical(s$kinds, c("-->" = 1L, "<->" = 1L, "o->" = 1L, "o-o" = 1L, "---" = 0L,
                              "--o" = 0L))
  expect_identical(s$latent, 0L)
  expect_snapshot(summary(example_pag()))
})

test_that("as_pag() rejects malformed matrices with classed errors", {
  m <- pag_from_edges(c("A", "B"), "A o-> B")
  half <- m
  half["B", "A"] <- 0L
  expect_snapshot(as_pag(half), error = TRUE)
  bad <- m
  bad["A", "B"] <- 4L
  expect_snapshot(as_pag(bad), error = TRUE)
  loop <- m
  loop["A", "A"] <- 1L
  expect_error(as_pag(loop), class = "learnbn_error_pag")
  expect_error(as_pag(m[, 1, drop = FALSE]), class = "learnbn_error_pag")
  unnamed <- unname(m)
  expect_error(as_pag(unnamed), class = "learnbn_error_pag")
  expect_snapshot(as_pag("A o-> B"), error = TRUE)
  expect_error(as_pag(list(amat = m)), class = "learnbn_error_type")
})

test_that("shd() and compare_graphs() count node pairs and marks, by hand", {
  truth <- example_pag()
  learned <- as_pag(pag_from_edges(abcd, c("A --> B", "A o-> C", "B o-> C", "B o-o D")))
  # differing pairs: A-B (marks), B-C (mark at B), B-D (extra), C-D (missing)
  expect_identical(shd(learned, truth), 4L)
  expect_identical(shd(truth, truth), 0L)
  cmp <- compare_graphs(learned, truth)
  # arrowheads of learned at A-B:B, A-C:C, B-C:C; of truth at A-C:C, B-C:B, B-C:C, C-D:D
  # tails of learned at A-B:A; of truth at C-D:C
  expect_identical(cmp, data.frame(skeleton_tp = 3L, skeleton_fp = 1L, skeleton_fn = 1L,
                                   arrowhead_tp = 2L, arrowhead_fp = 1L, arrowhead_fn = 2L,
                                   tail_tp = 0L, tail_fp = 1L, tail_fn = 1L,
                                   arrowhead_precision = 2 / 3, arrowhead_recall = 2 / 4,
                                   tail_precision = 0, tail_recall = 0, shd = 4L))
  # nodes in another order give the same answer
  shuffled <- as_pag(as.matrix(truth)[4:1, 4:1])
  expect_identical(compare_graphs(learned, shuffled), cmp)
  # nothing to divide by: NA
  none <- compare_graphs(truth, truth)
  expect_identical(none$tail_precision, 1)
  circles <- as_pag(pag_from_edges(c("A", "B"), "A o-o B"))
  expect_identical(compare_graphs(circles, circles)$arrowhead_recall, NA_real_)
})

test_that("a PAG against a DAG, or on other nodes, is a classed error", {
  p <- example_pag()
  g <- bn_graph_from_string("[A][B][C|A:B][D|C]")
  expect_snapshot(shd(p, g), error = TRUE)
  expect_error(compare_graphs(g, p), class = "learnbn_error_pag")
  expect_identical(shd(p, as_pag(g)), 3L)
  other <- as_pag(pag_from_edges(c("A", "B", "C", "E"), "A o-> B"))
  expect_error(shd(p, other), class = "learnbn_error_node_mismatch")
})

test_that("a PAG where a DAG or a CPDAG is needed is a classed error", {
  p <- example_pag()
  expect_snapshot(cpdag(p), error = TRUE)
  data <- data.frame(A = factor(c("a", "b")), B = factor(c("a", "b")),
                     C = factor(c("a", "b")), D = factor(c("a", "b")))
  needs_graph <- list(
    function() cpdag(p), function() pdag_to_dag(p), function() is_dag(p),
    function() as_igraph(p), function() model_string(p), function() as_bn(p),
    function() fit_parameters(p, data), function() network_score(p, data),
    function() hill_climb(data, start = p), function() bn_score("k2", prior = "network",
                                                                 prior_graph = p),
    function() markov_equivalent(p, p), function() parents(p, "C"))
  for (f in needs_graph) expect_error(f(), class = "learnbn_error_pag")
})

test_that("plot() draws circles as open circles, arrowheads as arrowheads", {
  p <- example_pag()
  g <- pag_drawing_graph(p)
  # the layout's graph: A o-> C and C --> D arcs, A o-o B and B <-> C two-way
  expect_identical(unname(g$amat), matrix(c(0L, 1L, 1L, 0L, 1L, 0L, 1L, 0L, 0L, 1L, 0L, 1L,
                                            0L, 0L, 0L, 0L), 4, byrow = TRUE))
  expect_identical(arcs(g)$type, c("pag:circle:circle", "pag:circle:arrowhead",
                                   "pag:arrowhead:arrowhead", "pag:tail:arrowhead"))
  plan <- graph_plan(g, NULL, NULL, NULL, NULL, FALSE, NULL)
  scene <- with_measuring_device(graph_scene(plan_drawing(plan, c(6, 4)), plan$style))
  marks <- unique(scene$heads[c("edge", "head", "open")])
  # edges in arcs() order: A o-o B (2 circles), A o-> C (circle, head), B <-> C (2 heads),
  # C --> D (1 head)
  expect_identical(as.vector(table(factor(marks$edge, 1:4), marks$open)[, "TRUE"]),
                   c(2L, 1L, 0L, 0L))
  expect_identical(as.vector(table(factor(marks$edge, 1:4), marks$open)[, "FALSE"]),
                   c(0L, 1L, 2L, 1L))
  pdf(NULL)
  on.exit(dev.off())
  expect_identical(plot(p, main = "PAG"), p)
  expect_no_error(plot(p, nodes = c("A", "B", "C")))
  expect_error(plot(p, nodes = "Z"), class = "learnbn_error")
  # one node, so no edge to draw (found by the fuzz test)
  expect_identical(nrow(arcs(pag_drawing_graph(p, nodes = "A"))), 0L)
  expect_identical(plot(p, nodes = c("A", "A")), p)
})

test_that("autoplot() of a PAG fills its circles white", {
  skip_if_not_installed("ggplot2")
  gg <- ggplot2::autoplot(example_pag(), width = 5, height = 4)
  heads <- gg$layers[[2]]$data
  expect_identical(sort(unique(heads$fill[heads$open])), "white")
  expect_identical(length(unique(heads$head[heads$open])), 3L)
  expect_identical(length(unique(heads$head[!heads$open])), 4L)
})

test_that("plots of a PAG look as they did (vdiffr)", {
  skip_if_not_installed("vdiffr")
  p <- as_pag(pag_from_edges(c("A", "B", "C", "D", "E"),
                             c("A o-o B", "A o-> C", "B <-> C", "C --> D", "E o-> D")))
  vdiffr::expect_doppelganger("pag", function() plot(p, main = "PAG"))
})
