# plot() of bn_graph objects (R/plot-graph.R, R/plot-layout.R).

college_plans_graph <- function() bn_graph_from_string("[SEX][SES][IQ|SES][PE|SEX:SES:IQ][CP|SES:IQ:PE]")
alarm_graph <- function() read_bif(system.file("extdata", "alarm.bif", package = "learnbn"))$graph

# The drawing plot() makes of `g` in a plotting region of `region` inches.
drawing_of <- function(g, region = c(10, 8), layout = NULL, cex = NULL) {
  pdf(NULL, width = region[1] + 1, height = region[2] + 1)
  on.exit(dev.off())
  graphics::plot.new()
  graph_drawing(g, if (!is.null(layout)) node_centres(g, layout), region, cex)
}

# Does the segment p-q pass through the inside of each box (Liang-Barsky clipping)?
# `boxes` has columns x, y, w, h; one answer per box.
segment_enters_boxes <- function(p, q, boxes, tol = 1e-9) {
  lo <- list(boxes$x - boxes$w / 2 + tol, boxes$y - boxes$h / 2 + tol)
  hi <- list(boxes$x + boxes$w / 2 - tol, boxes$y + boxes$h / 2 - tol)
  d <- q - p
  start <- 0
  end <- 1
  outside <- FALSE
  for (k in 1:2) {
    if (d[k] == 0) {
      outside <- outside | p[k] <= lo[[k]] | p[k] >= hi[[k]]
    } else {
      a <- (lo[[k]] - p[k]) / d[k]
      b <- (hi[[k]] - p[k]) / d[k]
      start <- pmax(start, pmin(a, b))
      end <- pmin(end, pmax(a, b))
    }
  }
  !outside & start < end
}

on_border <- function(point, box, tol = 1e-9) {
  dx <- abs(point[1] - box$x) - box$w / 2
  dy <- abs(point[2] - box$y) - box$h / 2
  max(dx, dy) > -tol && max(dx, dy) < tol
}

# Everything wrong with a drawing, as sentences: arcs through boxes they do not join,
# arcs not starting and ending on their boxes' borders, overlapping boxes, boxes outside
# the region, labels wider than their boxes.
drawing_faults <- function(d, region) {
  nodes <- d$nodes
  box <- function(v) nodes[v, ]
  faults <- character()
  for (k in seq_along(d$paths)) {
    path <- d$paths[[k]]
    ends <- match(c(d$edges$from[k], d$edges$to[k]), nodes$label)
    if (!on_border(path[1, ], box(ends[1])) || !on_border(path[nrow(path), ], box(ends[2]))) {
      faults <- c(faults, sprintf("arc %d does not join its boxes", k))
    }
    crossed <- logical(nrow(nodes))
    for (i in seq_len(nrow(path) - 1)) {
      crossed <- crossed | segment_enters_boxes(path[i, ], path[i + 1, ], nodes)
    }
    crossed[ends] <- FALSE
    faults <- c(faults, sprintf("%s -> %s crosses %s", d$edges$from[k], d$edges$to[k], nodes$label[crossed]))
  }
  for (a in seq_len(nrow(nodes))) {
    for (b in seq_len(a - 1)) {
      if (abs(nodes$x[a] - nodes$x[b]) < (nodes$w[a] + nodes$w[b]) / 2 &&
          abs(nodes$y[a] - nodes$y[b]) < (nodes$h[a] + nodes$h[b]) / 2) {
        faults <- c(faults, sprintf("%s overlaps %s", nodes$label[a], nodes$label[b]))
      }
    }
  }
  outside <- nodes$x - nodes$w / 2 < -1e-9 | nodes$x + nodes$w / 2 > region[1] + 1e-9 |
    nodes$y - nodes$h / 2 < -1e-9 | nodes$y + nodes$h / 2 > region[2] + 1e-9
  faults <- c(faults, sprintf("%s is outside", nodes$label[outside]))
  pdf(NULL)
  on.exit(dev.off())
  graphics::plot.new()
  wide <- graphics::strwidth(nodes$label, units = "inches", cex = d$cex) > nodes$w
  c(faults, sprintf("label %s is wider than its box", nodes$label[wide]))
}

random_graphs <- function(count, n = 10, p = 0.3) {
  lapply(seq_len(count), function(k) {
    amat <- matrix(0L, n, n, dimnames = list(LETTERS[1:n], LETTERS[1:n]))
    amat[upper.tri(amat)] <- rbinom(n * (n - 1) / 2, 1, p)
    order <- sample(n)
    bn_graph(amat[order, order])
  })
}

test_that("no arc crosses a box it does not join, and boxes fit their labels", {
  set.seed(5)
  alarm <- alarm_graph()
  graphs <- c(list(plans = college_plans_graph(), asia = bn_graph_from_string(asia_string),
                   asia_cpdag = cpdag(bn_graph_from_string(asia_string)),
                   florida = florida_pc_graph(), alarm = alarm, alarm_cpdag = cpdag(alarm),
                   alarm_part = plotted_graph(alarm, c("HR", markov_blanket(alarm, "HR")))),
              random_graphs(10), lapply(random_graphs(3, 12, 0.4), cpdag))
  names(graphs)[-(1:7)] <- paste("random", seq_len(length(graphs) - 7))
  for (region in list(c(10, 8), c(6, 4), c(3, 3))) {
    for (name in names(graphs)) {
      d <- drawing_of(graphs[[name]], region)
      expect_identical(drawing_faults(d, region), character(), label = paste(name, region[1]))
    }
  }
})

test_that("the geometry test sees an arc through a box and overlapping boxes", {
  d <- drawing_of(bn_graph_from_string("[A][B|A][C|B]"), c(4, 4))
  # a straight A -> C would run through B, which sits between them
  d$edges <- rbind(d$edges, data.frame(from = "A", to = "C", directed = TRUE, type = "directed", label = NA))
  d$paths <- c(d$paths, list(rbind(d$paths[[1]][1, ], d$paths[[2]][nrow(d$paths[[2]]), ])))
  d$nodes$x[3] <- d$nodes$x[2] + d$nodes$w[2] / 4
  d$nodes$y[3] <- d$nodes$y[2]
  faults <- drawing_faults(d, c(4, 4))
  expect_true("A -> C crosses B" %in% faults)
  expect_true("C overlaps B" %in% faults)
})

test_that("the drawing fills the region and its labels grow with the device", {
  plans <- college_plans_graph()
  small <- drawing_of(plans, c(4, 3))
  large <- drawing_of(plans, c(12, 9))
  expect_gt(large$cex, small$cex)
  for (d in list(small, large)) {
    region <- if (identical(d, small)) c(4, 3) else c(12, 9)
    top <- max(d$nodes$y + d$nodes$h / 2)
    bottom <- min(d$nodes$y - d$nodes$h / 2)
    expect_gt(top - bottom, 0.6 * region[2])
  }
  # alarm's widest layer spans the width of a 10-inch region
  d <- drawing_of(alarm_graph(), c(10, 8))
  expect_gt(max(d$nodes$x + d$nodes$w / 2) - min(d$nodes$x - d$nodes$w / 2), 9.9)
  expect_gt(d$cex, 0.6)
  # a fixed cex is kept
  expect_identical(drawing_of(plans, c(4, 3), cex = 0.7)$cex, 0.7)
})

test_that("sources sit just above their highest child and parents above children", {
  d <- drawing_of(bn_graph_from_string("[A][B|A][C|B][D|C][E][F|E:D]"), c(6, 6))
  y <- setNames(d$nodes$y, d$nodes$label)
  expect_true(all(y[c("A", "B", "C", "D")] > y[c("B", "C", "D", "F")]))
  expect_equal(unname(y["E"]), unname(y["D"]))
  # a graph without edges is a grid: 5 nodes in rows of 3 and 2
  grid <- drawing_of(empty_graph(LETTERS[1:5]), c(6, 6))
  expect_identical(as.vector(table(round(grid$nodes$y, 6))), c(2L, 3L))
})

test_that("undirected edges are laid out along a topological order of the arcs", {
  # A - B - C with C -> D: no cycle, A above B above C
  pd <- bn_graph(matrix(c(0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0), 4, byrow = TRUE,
                        dimnames = list(LETTERS[1:4], LETTERS[1:4])))
  d <- drawing_of(pd, c(4, 4))
  expect_identical(d$edges$type, c("undirected", "undirected", "directed"))
  expect_identical(order(-d$nodes$y), 1:4)
})

test_that("edges with arrowheads: one for directed, two for bidirected, none for undirected", {
  types <- arcs(florida_pc_graph())$type
  expect_identical(types, c("bidirected", "directed", "directed", "directed", "directed", "directed"))
  heads <- vapply(types, arrowhead_ends, logical(2))
  expect_identical(unname(heads), matrix(c(TRUE, TRUE, rep(c(FALSE, TRUE), 5)), 2))
  expect_identical(arrowhead_ends("undirected"), c(from = FALSE, to = FALSE))
  # the line stops where the head begins: trim_path() cuts the last `length` inches
  path <- cbind(c(0, 0, 0), c(2, 1, 0))
  expect_equal(trim_path(path, 0.25), cbind(c(0, 0, 0), c(2, 1, 0.25)))
  expect_equal(trim_path(path, 1.5), cbind(c(0, 0), c(2, 1.5)))
})

test_that("a layout of the user's places the centres and draws straight edges", {
  g <- bn_graph_from_string(asia_string)
  circle <- igraph::layout_in_circle(as_igraph(g))
  d <- drawing_of(g, c(6, 6), layout = circle)
  # the circle stays round: both axes are scaled alike, to the smaller room
  room <- c(6 - max(d$nodes$w), 6 - d$nodes$h[1])
  k <- min(room / apply(circle, 2, function(v) diff(range(v))))
  expect_equal(d$nodes$x - d$nodes$x[1], (circle[, 1] - circle[1, 1]) * k)
  expect_equal(d$nodes$y - d$nodes$y[1], (circle[, 2] - circle[1, 2]) * k)
  expect_equal(range(d$nodes$x), c(0, 6) + c(1, -1) * max(d$nodes$w) / 2)
  expect_true(all(lengths(d$paths) == 4))  # two points: border to border
  expect_identical(drawing_of(g, c(6, 6), layout = igraph::layout_in_circle)$nodes, d$nodes)
  expect_error(drawing_of(g, c(6, 6), layout = circle[1:3, ]), class = "learnbn_error_type")
})

test_that("plot() works on a pdf device and returns the graph", {
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
  expect_error(plot(asia, main = mean), class = "learnbn_error_type")
  dev.off()
  expect_gt(file.size(file), 0)
})

test_that("strength sets each arc's width and grey, highlight the nodes and the arcs among them", {
  g <- bn_graph_from_string("[A][C][B|A:C][D|B][E|A:D]")  # A -> B, A -> E, C -> B, B -> D, D -> E
  expect_identical(arcs(g)$to, c("B", "E", "B", "D", "E"))
  strength <- data.frame(from = c("A", "C", "B", "D", "E"), to = c("B", "B", "D", "E", "A"),
                         strength = c(1, 0.25, 0.5, 0.75, 0.4))
  style <- graph_style(g, strength, c("B", "D"))
  s <- c(1, 0, 0.25, 0.5, 0.75)  # A -> E is absent (E -> A is the other direction)
  expect_identical(style$arc_width, 0.5 + 4 * s)
  expect_identical(style$arc_colour,
                   c(grey(0.8 * (1 - s[1:3])), "#C0392B", grey(0.8 * (1 - s[5]))))
  expect_identical(style$node_border, c("grey20", "grey20", "#C0392B", "#C0392B", "grey20"))
  expect_identical(style$node_fill, c("white", "white", "#FADBD8", "#FADBD8", "white"))
  plain <- graph_style(g, NULL, NULL)
  expect_identical(plain$arc_colour, rep("grey25", 5))
  expect_identical(plain$arc_width, rep(1.3, 5))
  # an undirected edge takes the larger direction; a matrix of probabilities works too
  u <- cpdag(bn_graph_from_string("[A][B|A]"))
  expect_identical(graph_style(u, data.frame(from = c("A", "B"), to = c("B", "A"), strength = c(0.2, 0.6)),
                               NULL)$arc_width, 0.5 + 4 * 0.6)
  probs <- matrix(c(0, 0.6, 0.2, 0), 2, dimnames = list(c("A", "B"), c("A", "B")))
  expect_identical(graph_style(u, probs, NULL)$arc_width, 0.5 + 4 * 0.6)
})

test_that("strength from a bn_bootstrap is its edge strength, from bn_samples its arc probabilities", {
  set.seed(1)
  students <- college_plans[rep(1:128, college_plans$count), 1:5]
  d <- bn_data(students[sample(nrow(students), 300), ])
  boot <- bootstrap_arcs(d, hill_climb, R = 8, score = "bic")
  expect_identical(strength_table(boot, nodes(boot$averaged)),
                   boot$strength[c("from", "to", "strength")])
  g <- average_edges(boot$strength, nodes(boot$averaged), 0.2)
  edges <- arcs(g)
  share <- boot$strength$strength[match(paste(edges$from, edges$to),
                                        paste(boot$strength$from, boot$strength$to))]
  expect_true(any(share < 1))
  expect_identical(graph_style(g, boot, NULL)$arc_width, 0.5 + 4 * share)
  samples <- suppressWarnings(structure_mcmc(d, iterations = 2000, chains = 2))
  probs <- arc_probabilities(samples)
  expect_identical(strength_table(samples, nodes(g))$strength, probs[probs > 0])
})

test_that("nodes draws the subgraph among them; over 100 nodes a message suggests it", {
  alarm <- alarm_graph()
  part <- plotted_graph(alarm, c("HR", markov_blanket(alarm, "HR")))
  expect_identical(sort(nodes(part)), sort(c("HR", markov_blanket(alarm, "HR"))))
  expect_identical(part$amat, alarm$amat[nodes(part), nodes(part)])
  fl <- plotted_graph(florida_pc_graph(), c("V", "R", "I"))
  expect_identical(arcs(fl)$type, c("bidirected", "directed", "directed"))
  pdf(NULL)
  on.exit(dev.off())
  big <- empty_graph(sprintf("X%03d", 1:101))
  big$amat["X001", "X002"] <- 1L
  expect_message(plot(big), class = "learnbn_message_large_plot")
  expect_snapshot(inform_large_plot(big))
  expect_no_message(plot(alarm))
})

test_that("bad arguments are classed errors naming them", {
  g <- bn_graph_from_string("[A][C][B|A:C][D|B][E|A:D]")
  pdf(NULL)
  on.exit(dev.off())
  expect_error(plot(g, highlight = "b"), class = "learnbn_error_unknown_node")
  expect_error(plot(g, nodes = c("A", "Q")), class = "learnbn_error_unknown_node")
  expect_error(plot(g, strength = data.frame(from = "A", to = "B", strength = 2)),
               class = "learnbn_error_value")
  expect_error(plot(g, strength = 1:3), class = "learnbn_error_type")
  expect_error(plot(g, highlight = 1), class = "learnbn_error_type")
  expect_error(plot(g, cex = 0), class = "learnbn_error_value")
  expect_snapshot(error = TRUE, {
    plot(g, highlight = c("B", "b"))
    plot(g, strength = data.frame(from = "A", to = "B", strength = 2))
    plot(g, strength = list(1))
    plot(g, cex = "big")
    plot(g, layout = matrix(1, 2, 2))
  })
})

test_that("plot() warns about arguments it does not use", {
  g <- bn_graph_from_string("[A][B|A]")
  pdf(NULL)
  on.exit(dev.off())
  expect_warning(plot(g, vertex.color = "red"), class = "learnbn_warning_unused_arguments")
  expect_warning(plot(g, NULL, NULL, NULL, NULL, FALSE, NULL, NULL, "red"),
                 class = "learnbn_warning_unused_arguments")
  expect_snapshot(warn_unused_plot_args(list(foo = 1, vertex.colour = "red")))
  expect_snapshot(warn_unused_plot_args(list("red", edge.width = 2)))
  expect_no_warning(plot(g, main = "A -> B", cex = 0.8))
})

test_that("plots look as they did (vdiffr)", {
  skip_if_not_installed("vdiffr")
  plans <- college_plans_graph()
  vdiffr::expect_doppelganger("college plans", function() plot(plans, main = "College plans"))
  vdiffr::expect_doppelganger("florida pc", function() plot(florida_pc_graph()))
  vdiffr::expect_doppelganger("asia cpdag", function() plot(cpdag(bn_graph_from_string(asia_string))))
  strength <- data.frame(from = c("SES", "IQ", "PE", "SEX"), to = c("IQ", "PE", "CP", "PE"),
                         strength = c(1, 0.3, 0.7, 0.1))
  vdiffr::expect_doppelganger("strength and highlight",
                              function() plot(plans, strength = strength, highlight = c("PE", "CP")))
  vdiffr::expect_doppelganger("circle layout", function() plot(plans, layout = igraph::layout_in_circle))
  vdiffr::expect_doppelganger("alarm", function() plot(alarm_graph()))
})

test_that("removed = TRUE adds the edges pc() removed, labelled with their separating sets", {
  g <- pc(bn_data(college_plans, counts = "count"))
  extra <- removed_edges(g, nodes(g))
  expect_identical(paste(extra$from, extra$to, extra$label),
                   c("IQ SEX {}", "SES SEX {}", "CP SEX PE"))
  expect_identical(extra$type, rep("removed", 3))
  d <- {
    pdf(NULL)
    graphics::plot.new()
    out <- graph_drawing(g, NULL, c(6, 4), NULL, extra)
    dev.off()
    out
  }
  expect_identical(d$edges$label, c(rep(NA, nrow(arcs(g))), "{}", "{}", "PE"))
  expect_identical(drawing_faults(d, c(6, 4)), character())
  expect_identical(arrowhead_ends("removed"), c(from = FALSE, to = FALSE))
  style <- graph_style(g, NULL, NULL, extra)
  expect_identical(style$arc_lty, c(rep("solid", nrow(arcs(g))), rep("dotted", 3)))
  # only the removed edges between drawn nodes
  expect_identical(nrow(removed_edges(g, c("CP", "PE", "SEX"))), 1L)
  pdf(NULL)
  on.exit(dev.off())
  expect_identical(plot(g, removed = TRUE), g)
  expect_error(plot(college_plans_graph(), removed = TRUE), class = "learnbn_error_value")
  expect_error(plot(g, removed = NA), class = "learnbn_error_type")
  expect_snapshot(error = TRUE, plot(college_plans_graph(), removed = TRUE))
})

test_that("the separating sets of removed edges overlap neither each other nor a node", {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(2)
  g <- pc(simulate_data(asia, 2000))  # 20 removed edges on 8 nodes
  extra <- removed_edges(g, nodes(g))
  grDevices::pdf(NULL)
  graphics::plot.new()
  d <- graph_drawing(g, NULL, c(6.5, 4.5), NULL, extra)
  grDevices::dev.off()
  notes <- d$notes
  expect_identical(notes$label, extra$label)
  expect_true(all(notes$x - notes$w / 2 >= 0 & notes$x + notes$w / 2 <= 6.5 &
                    notes$y - notes$h / 2 >= 0 & notes$y + notes$h / 2 <= 4.5))
  # plain rectangle intersection of centred boxes
  meet <- function(a, b) abs(a$x - b$x) < (a$w + b$w) / 2 & abs(a$y - b$y) < (a$h + b$h) / 2
  for (i in seq_len(nrow(notes))) {
    others <- notes[-i, ]
    expect_false(any(meet(notes[i, ], others)), label = paste("note", i, "meets another note"))
    expect_false(any(meet(notes[i, ], d$nodes)), label = paste("note", i, "meets a node"))
    # on its own edge: the nearest point of the edge's path is close to the centre
    path <- d$paths[[nrow(arcs(g)) + i]]
    gaps <- sqrt((path[, 1] - notes$x[i])^2 + (path[, 2] - notes$y[i])^2)
    expect_lt(min(gaps), 0.1)
  }
})

test_that("plot() of a bootstrap draws the averaged network at `threshold`, or a heat map", {
  set.seed(1)
  students <- college_plans[rep(1:128, college_plans$count), 1:5]
  d <- bn_data(students[sample(nrow(students), 300), ])
  boot <- bootstrap_arcs(d, hill_climb, R = 8, score = "bic")
  pdf(NULL)
  on.exit(dev.off())
  expect_identical(plot(boot), boot)
  expect_error(plot(boot, type = "bars"), class = "learnbn_error_value")
  expect_error(plot(boot, threshold = 2), class = "learnbn_error_value")
  expect_warning(plot(boot, type = "heatmap", highlight = "CP"), class = "learnbn_warning_unused_argument")
  skip_if_not_installed("vdiffr")
  vdiffr::expect_doppelganger("bootstrap strengths", function() plot(boot, threshold = 0.2))
  vdiffr::expect_doppelganger("bootstrap heatmap", function() plot(boot, type = "heatmap"))
  vdiffr::expect_doppelganger("pc removed edges",
                              function() plot(pc(bn_data(college_plans, counts = "count")), removed = TRUE))
})
