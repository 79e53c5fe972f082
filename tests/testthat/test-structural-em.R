# structural_em(): the search is named as in hybrid() ("hill_climb", "tabu_search");
# "tabu" is a deprecated alias.

sem_data <- function() {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(7)
  x <- simulate_data(asia, 800)
  x[matrix(stats::runif(800 * 8) < 0.05, 800)] <- NA
  bn_data(x, missing = "allow")
}

test_that("structural_em accepts search = \"tabu_search\" and warns on \"tabu\"", {
  d <- sem_data()
  set.seed(1)
  g <- structural_em(d, search = "tabu_search", max_iter = 2)
  expect_s3_class(g, "bn_graph")
  expect_identical(g$info$search, "tabu_search")
  expect_identical(g$info$algorithm, "structural_em")
  expect_gte(g$info$time, 0)
  rlang::local_options(rlib_warning_verbosity = "verbose")
  set.seed(1)
  expect_warning(old <- structural_em(d, search = "tabu", max_iter = 2),
                 class = "learnbn_warning_deprecated")
  expect_identical(old$amat, g$amat)
  expect_identical(old$info$search, "tabu_search")
  expect_identical(structural_em(d, max_iter = 1)$info$search, "hill_climb")
  expect_error(structural_em(d, search = "tabu_searc"), class = "learnbn_error_value")
})

test_that("the deprecated alias warns once per session", {
  d <- sem_data()
  rlang::local_options(rlib_warning_verbosity = "default")
  rlang::reset_warning_verbosity("learnbn_structural_em_tabu")
  expect_warning(structural_em(d, search = "tabu", max_iter = 1),
                 class = "learnbn_warning_deprecated")
  expect_no_warning(structural_em(d, search = "tabu", max_iter = 1))
})

test_that("verbose must be TRUE or FALSE (NULL was an unclassed error)", {
  d <- sem_data()
  expect_error(structural_em(d, verbose = NULL), class = "learnbn_error_type")
  expect_error(structural_em(d, verbose = NA), class = "learnbn_error_type")
  expect_error(structural_em(d, method = function(x) x), class = "learnbn_error_value")
})
