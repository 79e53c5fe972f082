# The attributes as_igraph() carries over (edge strength, node type) and the tidygraph
# conversion (R/graph-tidygraph.R).

college_data <- bn_data(college_plans, counts = "count")

# One row per igraph edge: names of its ends and its edge attributes.
edge_table <- function(ig) {
  ends <- igraph::ends(ig, igraph::E(ig))
  cbind(data.frame(from = ends[, 1], to = ends[, 2], stringsAsFactors = FALSE),
        as.data.frame(igraph::edge_attr(ig), stringsAsFactors = FALSE))
}

# A -> C, B - C (undirected), C <-> D (bidirected).
mixed_edges <- function() {
  amat <- matrix(0L, 4, 4, dimnames = rep(list(c("A", "B", "C", "D")), 2))
  amat["A", "C"] <- amat["B", "C"] <- amat["C", "B"] <- amat["C", "D"] <- amat["D", "C"] <- 1L
  bn_graph(amat, bidirected = data.frame(from = "C", to = "D"))
}

test_that("a table of strengths becomes the edge attribute, two-way edges the larger", {
  g <- mixed_edges()
  table <- data.frame(from = c("A", "C", "D", "C"), to = c("C", "B", "C", "D"),
                      strength = c(-2.5, 0.25, 7, 3))
  edges <- edge_table(as_igraph(g, strength = table))
  key <- paste(edges$from, edges$to)
  # By hand: A -> C as given; B - C only listed as C -> B; C <-> D the larger of 7 and 3.
  expected <- c("A C" = -2.5, "B C" = 0.25, "C B" = 0.25, "C D" = 7, "D C" = 7)
  expect_identical(edges$strength, unname(expected[key]))
  expect_identical(edges$type, unname(c("A C" = "directed", "B C" = "undirected",
                                        "C B" = "undirected", "C D" = "bidirected",
                                        "D C" = "bidirected")[key]))
  # An edge the table does not list has no strength (NA), rather than a made-up 0.
  partial <- edge_table(as_igraph(g, strength = table[1, ]))
  expect_identical(is.na(partial$strength), partial$from != "A")
  # arc_strength() gives one row per arc, in the order of arcs().
  dag <- hill_climb(college_data, score = "bic")
  strength <- arc_strength(dag, college_data)
  edges <- edge_table(as_igraph(dag, strength = strength))
  expect_identical(edges$strength,
                   strength$strength[match(paste(edges$from, edges$to),
                                           paste(strength$from, strength$to))])
})

test_that("bootstrap strengths and directions, recounted from the replicates", {
  set.seed(3)
  boot <- bootstrap_arcs(college_data, hill_climb, R = 6, score = "bic")
  averaged <- average_network(boot, threshold = 0.3)
  edges <- edge_table(as_igraph(averaged, strength = boot))
  expect_identical(nrow(edges), as.integer(sum(averaged$amat)))
  # Plain R: the share of replicates with an edge between the two nodes, and of those
  # the share pointing from -> to (an undirected edge half each way).
  for (k in seq_len(nrow(edges))) {
    a <- vapply(boot$graphs, function(g) g$amat[edges$from[k], edges$to[k]], 0L)
    b <- vapply(boot$graphs, function(g) g$amat[edges$to[k], edges$from[k]], 0L)
    present <- a == 1L | b == 1L
    pointing <- ifelse(a == 1L & b == 1L, 0.5, a)
    expect_equal(edges$strength[k], mean(present), tolerance = 1e-12)
    expect_equal(edges$direction[k], sum(pointing) / sum(present), tolerance = 1e-12)
  }
})

test_that("arc probabilities: absent arcs have strength 0", {
  g <- mixed_edges()
  p <- matrix(0, 4, 4, dimnames = rep(list(c("A", "B", "C", "D")), 2))
  p["A", "C"] <- 0.9
  p["C", "B"] <- 0.4
  p["B", "C"] <- 0.5
  edges <- edge_table(as_igraph(g, strength = p))
  key <- paste(edges$from, edges$to)
  expected <- c("A C" = 0.9, "B C" = 0.5, "C B" = 0.5, "C D" = 0, "D C" = 0)
  expect_identical(edges$strength, unname(expected[key]))
})

test_that("node types and level counts come from a fit or from the data", {
  # college_plans: SEX 2 levels, SES 4, IQ 4, PE 2, CP 2 (levels(college_plans$SES) ...).
  counts <- vapply(college_plans[1:5], nlevels, 0L)
  g <- hill_climb(college_data, score = "bic")
  ig <- as_igraph(fit_parameters(g, college_data))
  expect_identical(igraph::vertex_attr(ig, "node_type"), rep("discrete", 5))
  expect_identical(igraph::vertex_attr(ig, "n_levels"), unname(counts))
  expect_identical(igraph::vertex_attr(as_igraph(g, data = college_plans[1:5]), "n_levels"),
                   unname(counts))
  gauss <- fit_parameters(hill_climb(swiss), swiss)
  ig <- as_igraph(gauss)
  expect_identical(igraph::vertex_attr(ig, "node_type"), rep("gaussian", 6))
  expect_identical(igraph::vertex_attr(ig, "n_levels"), rep(NA_integer_, 6))
  mixed <- data.frame(w = factor(rep(c("p", "q", "r"), 10)), x = sin(1:30), y = cos(1:30))
  kinds <- igraph::vertex_attr(as_igraph(empty_graph(c("y", "w", "x")), data = mixed))
  expect_identical(kinds$node_type, c("gaussian", "discrete", "gaussian"))
  expect_identical(kinds$n_levels, c(NA, 3L, NA))
  # A graph alone knows no types.
  expect_null(igraph::vertex_attr(as_igraph(g), "node_type"))
})

test_that("bad strength or data are classed errors", {
  g <- bn_graph_from_string("[A][B|A]")
  expect_error(as_igraph(g, strength = data.frame(from = "A", to = "B", s = 1)),
               class = "learnbn_error_value")
  expect_error(as_igraph(g, strength = data.frame(from = "A", to = "B", strength = NA)),
               class = "learnbn_error_value")
  expect_error(as_igraph(g, strength = "A"), class = "learnbn_error_type")
  expect_error(as_igraph(g, data = data.frame(A = factor("u"), C = factor("v"))),
               class = "learnbn_error_unknown_node")
  fit <- fit_parameters(hill_climb(swiss), swiss)
  expect_warning(as_igraph(fit, data = swiss), class = "learnbn_warning_unused_argument")
})

test_that("as_tbl_graph() gives the same nodes, edges and attributes, and goes back", {
  skip_if_not_installed("tidygraph")
  g <- mixed_edges()
  table <- data.frame(from = c("A", "C", "C"), to = c("C", "B", "D"), strength = c(1, 2, 3))
  data <- data.frame(A = factor(c("a", "b")), B = factor(c("x", "y")), C = c(0.5, 2),
                     D = factor(c("u", "v")))
  tg <- tidygraph::as_tbl_graph(g, strength = table, data = data)
  expect_s3_class(tg, "tbl_graph")
  ig <- as_igraph(g, strength = table, data = data)
  nodes <- as.data.frame(tidygraph::activate(tg, "nodes"))
  expect_identical(nodes, data.frame(name = c("A", "B", "C", "D"),
                                     node_type = c("discrete", "discrete", "gaussian", "discrete"),
                                     n_levels = c(2L, 2L, NA, 2L)))
  edges <- as.data.frame(tidygraph::activate(tg, "edges"))
  expect_identical(edges$from, as.integer(igraph::ends(ig, igraph::E(ig), names = FALSE)[, 1]))
  expect_identical(edges[c("directed", "type", "strength")],
                   edge_table(ig)[c("directed", "type", "strength")])
  # Round trip, two-way edges included.
  back <- from_igraph(tg)
  expect_identical(back$amat, g$amat)
  expect_identical(back$type, g$type)
  expect_identical(bidirected_edges(back), bidirected_edges(g))
  fit <- fit_parameters(hill_climb(college_data), college_data)
  expect_identical(from_igraph(tidygraph::as_tbl_graph(fit))$amat, fit$graph$amat)
})

test_that("a ggraph plot of the tbl_graph builds", {
  skip_if_not_installed("ggraph")
  set.seed(2)
  boot <- bootstrap_arcs(college_data, hill_climb, R = 3, score = "bic")
  averaged <- average_network(boot)
  tg <- tidygraph::as_tbl_graph(averaged, strength = boot, data = college_data)
  p <- ggraph::ggraph(tg, layout = "sugiyama") +
    ggraph::geom_edge_link(ggplot2::aes(edge_width = strength)) +
    ggraph::geom_node_label(ggplot2::aes(label = name, fill = node_type))
  # ggraph 2.1's labels use ggplot2's deprecated `size` aesthetic: not ours to fix.
  withr::local_options(lifecycle_verbosity = "quiet")
  built <- ggplot2::ggplot_build(p)
  labels <- built$data[[2]]
  expect_identical(sort(labels$label), sort(nodes(averaged)))
  expect_identical(nrow(unique(built$data[[1]]["group"])), as.integer(sum(averaged$amat)))
})
