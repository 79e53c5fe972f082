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
  # arcs(g): V <-> R, V -> I, D -> V, I -> R, I -> S, S -> R. The layered layout draws
  # an arc across several layers as segments through bend points (vertices 6 to 8):
  # heads only where a segment meets a node, at both ends of V <-> R.
  ends <- igraph::ends(args[[1]], igraph::E(args[[1]]), names = FALSE)
  expect_identical(igraph::edge_attr(args[[1]], "orig"), c(1, 1, 1, 2, 3, 4, 4, 5, 6))
  expect_identical(paste(ends[, 1], ends[, 2]),
                   c("1 6", "6 7", "7 3", "1 4", "2 1", "4 8", "8 3", "4 5", "5 3"))
  expect_identical(args$edge.arrow.mode, c(1, 0, 2, 2, 2, 0, 2, 2, 2))
  expect_identical(args$vertex.size, c(rep(20, 5), rep(0, 3)))
  expect_identical(args$vertex.label, c("V", "D", "R", "I", "S", "", "", ""))
  pd <- bn_graph(florida_pc_matrix())
  expect_identical(graph_plot_args(pd, NULL, list())$edge.arrow.mode, c(0, 0, 0, 2, 2, 0, 2, 2, 2))
  # with a layout of the user's, one straight edge per arc
  circle <- graph_plot_args(g, igraph::layout_in_circle, list())
  expect_identical(circle$edge.arrow.mode, c(3, 2, 2, 2, 2, 2))
  # a user's arrow modes and per-arc colours win, spread over the segments
  expect_identical(graph_plot_args(g, NULL, list(edge.arrow.mode = 0))$edge.arrow.mode, 0)
  expect_identical(graph_plot_args(g, NULL, list(edge.color = 1:6))$edge.color,
                   c(1L, 1L, 1L, 2L, 3L, 4L, 4L, 5L, 6L))
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

# The drawn segments and node centres of plot()'s default layout, in the [-1, 1] square
# igraph rescales to: the smallest distance from a node's centre to a segment that does
# not end at that node. Circles have radius vertex.size / 200 = 0.1.
closest_foreign_segment <- function(g) {
  args <- graph_plot_args(g, NULL, list())
  xy <- igraph::norm_coords(args$layout)
  n <- length(nodes(g))
  ends <- igraph::ends(args[[1]], igraph::E(args[[1]]), names = FALSE)
  # the real nodes an arc joins: follow bend points (index > n) back to the arc's ends
  orig <- igraph::edge_attr(args[[1]], "orig") %||% seq_len(nrow(ends))
  arc_ends <- tapply(c(ends[, 1], ends[, 2]), rep(orig, 2), function(v) v[v <= n])
  closest <- Inf
  for (s in seq_len(nrow(ends))) {
    a <- xy[ends[s, 1], ]
    b <- xy[ends[s, 2], ]
    for (v in setdiff(seq_len(n), arc_ends[[as.character(orig[s])]])) {
      t <- max(0, min(1, sum((xy[v, ] - a) * (b - a)) / sum((b - a)^2)))
      closest <- min(closest, sqrt(sum((a + t * (b - a) - xy[v, ])^2)))
    }
  }
  closest
}

test_that("no arc of the layered layout passes through a node it does not join", {
  # college plans: SES -> CP used to run straight through IQ
  plans <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SEX:SES:IQ][CP|SES:IQ:PE]")
  # alarm (37 nodes) is left out: its default circles overlap each other
  graphs <- list(plans, bn_graph_from_string(asia_string), florida_pc_graph())
  set.seed(5)
  for (k in 1:10) {
    amat <- matrix(0L, 8, 8, dimnames = list(LETTERS[1:8], LETTERS[1:8]))
    amat[upper.tri(amat)] <- rbinom(28, 1, 0.3)
    graphs[[length(graphs) + 1]] <- bn_graph(amat)
  }
  distances <- vapply(graphs, closest_foreign_segment, 1)
  expect_true(all(distances > 0.1), label = paste(round(distances, 3), collapse = " "))
})
