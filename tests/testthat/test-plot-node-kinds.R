# plot() and autoplot() of graphs learned from mixed data shade the continuous nodes
# (R/plot-node-kinds.R); PNGs of iris and mtcars were looked at when this was written.

iris_graph_learned <- function() hill_climb(iris)

test_that("continuous nodes of a graph learned from mixed data are shaded, with a caption", {
  g <- iris_graph_learned()
  plan <- learnbn:::graph_plan(g, NULL, NULL, NULL, NULL, FALSE, NULL)
  continuous <- c("Sepal.Length", "Sepal.Width", "Petal.Length", "Petal.Width")
  expect_identical(plan$style$node_fill,
                   ifelse(nodes(g) %in% continuous, "#D6EAF8", "white"))
  expect_identical(plan$style$node_border[nodes(g) == "Species"], "grey20")
  expect_match(plan$style$caption, "Shaded boxes: continuous nodes", fixed = TRUE)
  # A highlighted node keeps the highlight's colours; a subgraph keeps the shading.
  plan <- learnbn:::graph_plan(g, NULL, NULL, "Petal.Width", NULL, FALSE, NULL)
  expect_identical(plan$style$node_fill[nodes(g) == "Petal.Width"], "#FADBD8")
  plan <- learnbn:::graph_plan(g, NULL, NULL, NULL, c("Species", "Petal.Width"), FALSE, NULL)
  shown <- nodes(g)[nodes(g) %in% c("Species", "Petal.Width")]
  expect_identical(plan$style$node_fill, ifelse(shown == "Species", "white", "#D6EAF8"))
  # Structural EM on mixed data records the same, so its graphs are shaded too.
  holes <- iris
  holes$Sepal.Width[c(3, 60)] <- NA
  sem <- structural_em(bn_data(holes, missing = "allow"), max_iter = 1)
  expect_identical(sem$info$excluded_arcs, g$info$excluded_arcs)
})

test_that("graphs of one kind of data are drawn as before, without a caption", {
  for (g in list(hill_climb(college_plans), hill_climb(iris[1:4]),
                 bn_graph_from_string("[A][B|A]"))) {
    plan <- learnbn:::graph_plan(g, NULL, NULL, NULL, NULL, FALSE, NULL)
    expect_identical(unique(plan$style$node_fill), "white")
    expect_null(plan$style$caption)
  }
})

test_that("plot() and autoplot() draw the caption of a mixed graph", {
  g <- iris_graph_learned()
  path <- withr::local_tempfile(fileext = ".png")
  grDevices::png(path, 600, 400)
  expect_invisible(plot(g))
  grDevices::dev.off()
  skip_if_not_installed("ggplot2")
  gg <- ggplot2::autoplot(g, width = 6, height = 4)
  expect_match(gg$labels$caption, "Shaded boxes: continuous nodes", fixed = TRUE)
  expect_null(ggplot2::autoplot(hill_climb(college_plans), width = 6, height = 4)$labels$caption)
})
