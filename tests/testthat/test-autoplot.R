# autoplot() of graphs and bootstrap results (R/autoplot.R).

plans_graph <- function() bn_graph_from_string("[SEX][SES][IQ|SES][PE|SEX:SES:IQ][CP|SES:IQ:PE]")

test_that("autoplot() draws the scene of plot(): the same boxes, labels, lines and heads", {
  skip_if_not_installed("ggplot2")
  g <- plans_graph()
  p <- ggplot2::autoplot(g, highlight = "CP", width = 6, height = 4)
  expect_s3_class(p, "ggplot")
  plan <- graph_plan(g, NULL, NULL, "CP", NULL, FALSE, NULL)
  scene <- with_measuring_device(graph_scene(plan_drawing(plan, c(6, 4) - 0.1), plan$style))
  layer_data <- lapply(p$layers, function(l) l$data)
  geoms <- vapply(p$layers, function(l) class(l$geom)[1], "")
  expect_identical(geoms, c("GeomPath", "GeomPolygon", "GeomRect", "GeomText"))
  expect_identical(layer_data[[3]], scene$boxes)
  expect_identical(layer_data[[4]], scene$labels)
  expect_identical(layer_data[[1]][c("edge", "x", "y")], scene$lines)
  expect_identical(layer_data[[2]][names(scene$heads)], scene$heads)
  # 7 arcs, 7 heads; CP highlighted
  expect_identical(length(unique(scene$heads$head)), 7L)
  expect_identical(scene$boxes$border[scene$labels$label == "CP"], "#C0392B")
  # removed edges add a layer of separating-set notes
  pc_graph <- pc(bn_data(college_plans, counts = "count"))
  notes <- ggplot2::autoplot(pc_graph, removed = TRUE)$layers[[3]]$data
  expect_identical(notes$label, c("{}", "{}", "PE"))
})

test_that("the figure size comes from the arguments, then knitr's chunk, then 7 x 5", {
  expect_identical(figure_size(NULL, NULL), c(7, 5))
  expect_identical(figure_size(3, NULL), c(3, 5))
  skip_if_not_installed("knitr")
  withr_options <- options(knitr.in.progress = TRUE)
  on.exit(options(withr_options))
  knitr::opts_current$set(fig.width = 4.5, fig.height = 3)
  on.exit(knitr::opts_current$restore(), add = TRUE)
  expect_identical(figure_size(NULL, NULL), c(4.5, 3))
  expect_error(figure_size(0, 3), class = "learnbn_error_value")
})

test_that("autoplot() leaves the user's graphics device as it was", {
  skip_if_not_installed("ggplot2")
  pdf(NULL)
  on.exit(dev.off())
  before <- dev.cur()
  devices <- dev.list()
  ggplot2::autoplot(plans_graph())
  expect_identical(dev.cur(), before)
  expect_identical(dev.list(), devices)
})

test_that("autoplot() of a bootstrap draws its averaged network by strength", {
  skip_if_not_installed("ggplot2")
  set.seed(1)
  boot <- bootstrap_arcs(bn_data(college_plans, counts = "count"), hill_climb, R = 3, score = "bic")
  p <- ggplot2::autoplot(boot)
  expect_identical(p$labels$title, "Edges in at least 0.5 of 3 replicates")
  widths <- unique(p$layers[[1]]$data[c("edge", "width")])$width
  expect_identical(widths, graph_style(boot$averaged, boot, NULL)$arc_width)
})

test_that("autoplot() checks its arguments", {
  skip_if_not_installed("ggplot2")
  g <- plans_graph()
  expect_error(ggplot2::autoplot(g, highlight = "cp"), class = "learnbn_error_unknown_node")
  expect_error(ggplot2::autoplot(g, width = -1), class = "learnbn_error_value")
  expect_error(ggplot2::autoplot(g, main = mean), class = "learnbn_error_type")
  expect_error(ggplot2::autoplot(g, height = Inf), class = "learnbn_error_value")
  expect_warning(ggplot2::autoplot(g, colour = "red"), class = "learnbn_warning_unused_arguments")
})

test_that("autoplot() looks as it did (vdiffr)", {
  skip_if_not_installed("ggplot2")
  skip_if_not_installed("vdiffr")
  vdiffr::expect_doppelganger("autoplot college plans",
                              ggplot2::autoplot(plans_graph(), highlight = "CP", main = "College plans"))
})
