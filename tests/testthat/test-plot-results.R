# Plot methods of the result classes (R/plot-results.R): bn_samples, bn_fit, plot_trace()
# and the arc-probability heat map. Each figure has a vdiffr snapshot in
# _snaps/plot-results/; the rest checks the numbers drawn, the margins put back and the
# errors.

# 300 students from college_plans: 3 short chains that do not quite agree.
plot_samples <- function(chains = 3, iterations = 4000) {
  set.seed(1)
  students <- college_plans[rep(1:128, college_plans$count), 1:5]
  d <- bn_data(students[sample(nrow(students), 300), ])
  withCallingHandlers(
    structure_mcmc(d, iss = 1, iterations = iterations, burn_in = 1000, thin = 20, chains = chains),
    learnbn_warning_convergence = function(w) invokeRestart("muffleWarning"))
}

college_counts <- function() bn_data(college_plans, counts = "count")

college_fit <- function() {
  g <- bn_graph_from_string("[SEX][SES|SEX][IQ|SES][PE|SES:IQ:SEX][CP|PE:SES:IQ]")
  fit_parameters(g, college_counts())
}

# Petal.Width on Sepal.Length and Petal.Length: an intercept and two coefficients.
iris_fit <- function() {
  g <- bn_graph_from_string("[Sepal.Length][Petal.Length|Sepal.Length][Petal.Width|Petal.Length:Sepal.Length]")
  fit_parameters(g, iris[c(1, 3, 4)])
}

asia_fit <- function() read_bif(system.file("extdata", "asia.bif", package = "learnbn"))

# Draws on a null device and checks that the margins and other parameters come back.
expect_par_kept <- function(expr) {
  pdf(NULL)
  on.exit(dev.off())
  before <- par(no.readonly = TRUE)
  force(expr)
  expect_identical(par(no.readonly = TRUE)[c("mar", "pty", "cex.axis")],
                   before[c("mar", "pty", "cex.axis")])
  invisible(expr)
}

test_that("the trace keeps the iterations after the burn-in, one column a chain", {
  x <- plot_samples()
  traces <- chain_traces(x)
  # kept samples at 1020, 1040, ..., 4000: the DAG scores of the samples themselves
  expect_identical(traces$steps, seq(1020, 4000, by = 20))
  expect_identical(dim(traces$scores), c(150L, 3L))
  for (c in 1:3) expect_equal(traces$scores[, c], x$chains[[c]]$scores)
  one <- chain_traces(plot_samples(chains = 1))
  expect_identical(dim(one$scores), c(150L, 1L))
})

test_that("plot() of DAG samples returns them invisibly and puts the margins back", {
  x <- plot_samples()
  expect_par_kept(expect_invisible(plot(x)))
  expect_par_kept(expect_identical(plot(x, type = "agreement", main = "Agreement"), x))
  expect_par_kept(expect_identical(plot(x, type = "heatmap"), x))
  expect_par_kept(expect_identical(plot(x, lwd = 2, ylim = c(-1400, -1360)), x))
  # order and partition MCMC: the same three views
  d <- bn_data(college_plans, counts = "count")
  set.seed(2)
  for (sampler in list(order_mcmc, partition_mcmc)) {
    y <- withCallingHandlers(sampler(d, iterations = 300, chains = 2),
                             learnbn_warning_convergence = function(w) invokeRestart("muffleWarning"))
    expect_identical(dim(chain_traces(y)$scores), c(240L, 2L))
    for (type in c("trace", "agreement", "heatmap")) expect_par_kept(expect_identical(plot(y, type), y))
  }
  # chains that agree within 0.1 on every arc: nothing to name
  agreeing <- plot_samples(chains = 2, iterations = 20000)
  expect_lte(agreeing$info$max_arc_difference, 0.1)
  expect_par_kept(expect_identical(plot(agreeing, type = "agreement"), agreeing))
})

test_that("plot() of DAG samples: figures", {
  skip_if_not_installed("vdiffr")
  x <- plot_samples()
  vdiffr::expect_doppelganger("samples trace", function() plot(x))
  vdiffr::expect_doppelganger("samples trace with title", function() plot(x, main = "Structure MCMC"))
  vdiffr::expect_doppelganger("samples agreement", function() plot(x, type = "agreement"))
  vdiffr::expect_doppelganger("samples heatmap", function() plot(x, type = "heatmap"))
})

test_that("the agreement plot names the arcs on which the chains differ by more than 0.1", {
  probs <- cbind(c(0.5, 0.9, 0.1, 0.3), c(0.52, 0.6, 0.35, 0.3), c(0.5, 0.95, 0.1, 0.15))
  at <- disagreement_labels(probs, c("A -> B", "B -> C", "C -> D", "D -> A"))
  # largest spread first: B -> C (0.35, furthest chain 2), C -> D (0.25), D -> A (0.15);
  # A -> B (0.02) is left alone. Labels to the right of points left of 0.5.
  expect_identical(at$label, c("B -> C", "C -> D", "D -> A"))
  expect_identical(at$x, c(0.9, 0.1, 0.3))
  expect_identical(at$y, c(0.6, 0.35, 0.15))
  expect_identical(at$pos, c(2, 4, 4))
  expect_identical(nrow(disagreement_labels(probs[, 1:2] * 0 + 0.5, letters[1:4])), 0L)
})

test_that("plot() of DAG samples: errors and warnings", {
  x <- plot_samples(chains = 1)
  pdf(NULL)
  on.exit(dev.off())
  expect_error(plot(x, type = "agreement"), class = "learnbn_error_value")
  expect_error(plot(x, type = "heat"), class = "learnbn_error_value")
  expect_error(plot(x, main = 1), class = "learnbn_error_type")
  unused <- expect_warning(plot(x, type = "heatmap", col = "red"),
                           class = "learnbn_warning_unused_argument")
  expect_snapshot(error = TRUE, plot(x, type = "agreement"))
  expect_snapshot(error = TRUE, plot(x, type = "heat"))
  # the warning's text (a plot inside expect_snapshot() cannot be replayed)
  expect_snapshot(cat(conditionMessage(unused)))
})

test_that("CPT bars: parent configurations in the CPT's column order", {
  labels <- parent_configurations(list(tub = c("yes", "no"), lung = c("yes", "no")))
  expect_identical(labels$joined, c("tub=yes, lung=yes", "tub=no, lung=yes", "tub=yes, lung=no",
                                    "tub=no, lung=no"))
  expect_identical(labels$stacked[2], "tub=no\nlung=yes")
  expect_identical(labels$lines, 2L)
  expect_identical(parent_configurations(list()), list(stacked = "", joined = "", lines = 1L))
  # the bars are the CPT's columns: P(either | tub = no, lung = yes) is the second group
  fit <- asia_fit()
  heights <- cpt_bar_heights(cpt(fit, "either"))
  expect_identical(dim(heights), c(2L, 4L))
  expect_identical(heights[, 2], c(yes = 1, no = 0))
  expect_identical(heights[, 4], c(yes = 0, no = 1))
  expect_identical(cpt_bar_heights(cpt(fit, "asia"))[, 1], c(yes = 0.01, no = 0.99))
})

test_that("plot() of a fit returns it invisibly and puts the margins back", {
  fit <- asia_fit()
  expect_par_kept(expect_invisible(plot(fit, "dysp")))
  expect_par_kept(expect_identical(plot(fit, "asia", main = "P(visit to Asia)"), fit))
  fit_iris <- iris_fit()
  expect_par_kept(expect_identical(plot(fit_iris, "Petal.Width"), fit_iris))
})

test_that("plot() of a fit: figures", {
  skip_if_not_installed("vdiffr")
  asia <- asia_fit()
  college <- college_fit()
  vdiffr::expect_doppelganger("cpt two parents", function() plot(asia, "either"))
  vdiffr::expect_doppelganger("cpt no parents", function() plot(asia, "asia"))
  vdiffr::expect_doppelganger("cpt four states", function() plot(college, "IQ"))
  vdiffr::expect_doppelganger("cpt many configurations", function() plot(college, "CP"))
  fit_iris <- iris_fit()
  vdiffr::expect_doppelganger("gaussian coefficients", function() plot(fit_iris, "Petal.Width"))
})

test_that("plot() of a fit: errors", {
  fit <- asia_fit()
  pdf(NULL)
  on.exit(dev.off())
  expect_error(plot(fit), class = "learnbn_error_missing_argument")
  expect_error(plot(fit, "Either"), class = "learnbn_error_unknown_node")
  expect_error(plot(fit, c("asia", "tub")), class = "learnbn_error_type")
  expect_error(plot(fit, "asia", main = NA), class = "learnbn_error_type")
  expect_snapshot(error = TRUE, plot(fit))
  expect_snapshot(error = TRUE, plot(fit, "Either"))
})

test_that("plot_trace() draws one line per search, named by the user or after the learner", {
  d <- college_counts()
  hc <- hill_climb(d)
  tabu <- tabu_search(d)
  pdf(NULL)
  on.exit(dev.off())
  expect_identical(names(plot_trace(hc = hc, tabu = tabu)), c("hc", "tabu"))
  expect_identical(names(plot_trace(list(a = hc, b = tabu))), c("a", "b"))
  expect_identical(names(plot_trace(hc, tabu, hc)), c("hill_climb", "tabu_search", "hill_climb 1"))
  expect_identical(names(plot_trace(first = hc, hc)), c("first", "hill_climb"))
  expect_invisible(plot_trace(hc))
  # steps 0, 1, ... on a plain axis; the shorter trace padded with NA
  drawn <- trace_lines(list(hc = hc, tabu = tabu))
  expect_identical(drawn$steps, seq_along(tabu$info$trace) - 1)
  expect_identical(drawn$scores[, "tabu"], tabu$info$trace)
  expect_identical(drawn$scores[, "hc"],
                   c(hc$info$trace, rep(NA, length(tabu$info$trace) - length(hc$info$trace))))
  expect_false(drawn$log)
  # 20 times more steps: a log axis from step 1, the start
  set.seed(1)
  annealing <- simulated_annealing(d)
  drawn <- trace_lines(list(hc = hc, annealing = annealing))
  expect_true(drawn$log)
  expect_identical(drawn$steps, seq_along(annealing$info$trace))
  expect_identical(drawn$scores[seq_along(hc$info$trace), "hc"], hc$info$trace)
})

test_that("plot_trace(): figures", {
  skip_if_not_installed("vdiffr")
  d <- college_counts()
  hc <- hill_climb(d)
  tabu <- tabu_search(d)
  set.seed(1)
  annealing <- simulated_annealing(d)
  vdiffr::expect_doppelganger("trace of two searches", function() plot_trace(hc = hc, tabu = tabu))
  vdiffr::expect_doppelganger("trace on a log axis",
                              function() plot_trace(hill_climb = hc, tabu = tabu, annealing = annealing,
                                                    main = "college_plans"))
})

test_that("plot_trace(): errors", {
  d <- college_counts()
  hc <- hill_climb(d)
  expect_error(plot_trace(), class = "learnbn_error_value")
  expect_error(plot_trace(hc, 3), class = "learnbn_error_type")
  expect_error(plot_trace(hc = hc, truth = bn_graph_from_string("[SEX][SES|SEX]")),
               class = "learnbn_error_no_trace")
  expect_snapshot(error = TRUE, plot_trace(bn_graph_from_string("[A][B|A]"), pc(d)))
  expect_error(plot_trace(hc, main = c("a", "b")), class = "learnbn_error_type")
  expect_snapshot(error = TRUE, plot_trace())
  expect_snapshot(error = TRUE, plot_trace(hc, fit = 3))
  expect_snapshot(error = TRUE, plot_trace(hc = hc, pc = pc(d)))
})

test_that("the arc heat map: dark where an arc is certain, values in the cells, margins back", {
  colours <- heatmap_colours(10)
  expect_identical(colours[1], "#FFFFFF")
  expect_identical(colours[10], "#08306B")
  probs <- matrix(c(0, 1, 0.5, 0, 0, 0.004, 0.25, 0.8, 0), 3, 3,
                  dimnames = list(c("A", "B", "a_long_node_name"), c("A", "B", "a_long_node_name")))
  expect_par_kept(draw_arc_heatmap(probs))
  # column j of probs along x, the first row at the top: z[j, n + 1 - i] = probs[i, j]
  cells <- heatmap_cells(probs)
  expect_identical(cells[1, 3], 0)
  expect_identical(cells[1, 2], 1)
  expect_identical(cells[3, 2], 0.8)
  expect_identical(cells[2, 1], 0.004)
})

test_that("the arc heat map: figures", {
  skip_if_not_installed("vdiffr")
  probs <- matrix(c(0, 1, 0.5, 0, 0, 0.004, 0.25, 0.8, 0), 3, 3,
                  dimnames = list(c("A", "B", "a_long_node_name"), c("A", "B", "a_long_node_name")))
  vdiffr::expect_doppelganger("heatmap three nodes", function() draw_arc_heatmap(probs, main = "P(arc)"))
  set.seed(3)
  nodes <- paste0("node_", 1:20)
  many <- matrix(round(runif(400)^3, 2), 20, 20, dimnames = list(nodes, nodes))
  diag(many) <- 0
  vdiffr::expect_doppelganger("heatmap twenty nodes", function() draw_arc_heatmap(many))
})

test_that("the heat map's legend stands clear of the last column, inside the device", {
  probs <- matrix(c(0, 1, 0.5, 0, 0, 0.004, 0.25, 0.8, 0), 3, 3,
                  dimnames = list(c("A", "B", "a_long_node_name"), c("A", "B", "a_long_node_name")))
  for (size in list(c(7, 5), c(4, 3.5), c(10, 8))) {
    grDevices::pdf(NULL, width = size[1], height = size[2])
    ends <- draw_arc_heatmap(probs, main = "P(arc)")
    grDevices::dev.off()
    # The legend (its title starts at its left edge) used to start at the plot's edge;
    # now half a line (0.1 inch at 12 points) to its right, and it ends on the device.
    expect_equal((ends[["legend_left"]] - ends[["plot"]]) * size[1], 0.1, tolerance = 1e-6)
    expect_lte(ends[["legend_right"]], 1)
  }
})

test_that("many parent configurations: a table of states within 30% of the height", {
  table <- cpt(college_fit(), "CP")  # parents SES (4 states), IQ (4), PE (2): 32 groups
  grDevices::pdf(NULL, width = 7, height = 5)
  on.exit(grDevices::dev.off())
  graphics::plot.new()
  # a group of 2 bars and a gap is 3 of the 32 * 3 units across
  rows <- parent_rows(dimnames(table)[-1L], 3 / 96)
  expect_identical(vapply(rows, `[[`, "", "name"), c("SES", "IQ", "PE"))
  expect_identical(vapply(rows, `[[`, 0, "stride"), c(1, 4, 16))
  expect_identical(rows[[1]]$states, levels(college_plans$SES))
  # SES changes every group: its states are turned; IQ and PE are written across.
  expect_identical(vapply(rows, `[[`, NA, "across"), c(FALSE, TRUE, TRUE))
  # The whole table: at most 30% of the 5 inches (each configuration turned in full
  # took 40%).
  expect_lte(sum(vapply(rows, `[[`, 0, "lines")) * graphics::par("csi"), 0.3 * 5 + 1e-9)
  expect_identical(plot(college_fit(), "CP"), college_fit())
})
