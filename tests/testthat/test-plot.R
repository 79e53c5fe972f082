# plot() of bn_graph objects (R/plot.R).

test_that("plot() works on a non-interactive pdf device and returns the graph", {
  file <- tempfile(fileext = ".pdf")
  pdf(file)
  on.exit(unlink(file))
  asia <- bn_graph_from_string(asia_string)
  expect_invisible(plot(asia))
  expect_identical(plot(asia), asia)
  expect_invisible(plot(cpdag(asia), main = "CPDAG"))
  expect_invisible(plot(from_igraph(igraph::make_graph(c("A", "B"), directed = FALSE))))
  expect_invisible(plot(empty_graph(c("x", "y"))))
  expect_invisible(plot(asia, layout = igraph::layout_in_circle))
  dev.off()
  expect_gt(file.size(file), 0)
})

test_that("plot() draws bidirected edges with two arrowheads, undirected ones with none", {
  g <- florida_pc_graph()
  args <- graph_plot_args(g, NULL, list())
  # arcs(g): V <-> R, V -> I, D -> V, I -> R, I -> S, S -> R
  expect_identical(args$edge.arrow.mode, c(3, 2, 2, 2, 2, 2))
  ends <- igraph::ends(args[[1]], igraph::E(args[[1]]))
  expect_identical(paste(ends[, 1], ends[, 2]), c("V R", "V I", "D V", "I R", "I S", "S R"))
  pd <- bn_graph(florida_pc_matrix())
  expect_identical(graph_plot_args(pd, NULL, list())$edge.arrow.mode, c(0, 2, 2, 2, 2, 2))
  # a user's arrow modes win
  expect_identical(graph_plot_args(g, NULL, list(edge.arrow.mode = 0))$edge.arrow.mode, 0)
  pdf(NULL)
  on.exit(dev.off())
  expect_identical(plot(g), g)
})

test_that("plot() warns about arguments it does not use", {
  g <- bn_graph_from_string("[A][B|A]")
  pdf(NULL)
  on.exit(dev.off())
  expect_warning(plot(g, vertex.colour = "red"), class = "learnbn_warning_unused_arguments")
  expect_warning(plot(g, NULL, "red"), class = "learnbn_warning_unused_arguments")
  # the message plot() gives (a plot inside expect_snapshot() cannot be replayed)
  expect_snapshot(warn_unused_plot_args(list(foo = 1, vertex.colour = "red", vertex.size = 10)))
  expect_snapshot(warn_unused_plot_args(list("red", main = "A and B")))
  expect_no_warning(warn_unused_plot_args(list()))
  # igraph's own arguments and plotting parameters pass without a word
  expect_no_warning(plot(g, vertex.color = "red", edge.width = 2, main = "A -> B", margin = 0.1,
                         axes = FALSE, vertex.label.cex = 0.8, edge.curved = 0.2))
  expect_true(all(c("vertex.color", "edge.arrow.size", "main", "mark.groups") %in% igraph_plot_args()))
})
