# Mixed data in bn_data(): which columns become discrete or continuous, and bad input.

kinds_of <- function(d) {
  stats::setNames(ifelse(vapply(d$levels, is.null, NA), "continuous", "discrete"), names(d$levels))
}

test_that("iris is mixed: Species discrete, the measurements continuous, kept exactly", {
  d <- bn_data(iris)
  expect_identical(d$type, "mixed")
  expect_identical(kinds_of(d), c(Sepal.Length = "continuous", Sepal.Width = "continuous",
                                  Petal.Length = "continuous", Petal.Width = "continuous",
                                  Species = "discrete"))
  expect_identical(d$levels$Species, levels(iris$Species))
  expect_identical(as.integer(d$codes$Species), as.integer(iris$Species) - 1L)
  expect_identical(d$values$Petal.Width, iris$Petal.Width)
  expect_null(d$codes$Petal.Width)
  expect_null(d$values$Species)
  back <- as.data.frame(d)
  attr(back, "declared_levels") <- NULL
  expect_identical(back, iris)
  expect_identical(dim(d), c(150L, 5L))
  out <- capture.output(print(d))
  expect_identical(out, c("<bn_data> 5 mixed variables, 150 cases",
                          "  continuous: Sepal.Length, Sepal.Width, Petal.Length, Petal.Width",
                          "  from factors: Species (3)"))
})

test_that("all-numeric data keep their rule, with a message about few-valued columns", {
  expect_message(d <- bn_data(mtcars), class = "learnbn_message_column_types")
  expect_identical(d$type, "gaussian")
  msg <- conditionMessage(tryCatch(bn_data(mtcars), message = identity))
  # cyl (3 values), vs (2), am (2), gear (3); carb has 6 distinct values
  expect_match(msg, "cyl.*vs.*am.*gear")
  expect_no_match(msg, "carb")
  expect_identical(bn_data(college_plans)$type, "discrete")
  expect_silent(bn_data(iris[1:4]))
})

test_that("a named type overrides columns; the others follow the few-values rule", {
  expect_message(d <- bn_data(mtcars, type = c(cyl = "discrete")),
                 class = "learnbn_message_column_types")
  expect_identical(d$type, "mixed")
  # whole numbers: vs, am (2 values), gear (3) discrete; hp (22), carb (6) continuous
  expected <- stats::setNames(rep("continuous", 11), names(mtcars))
  expected[c("cyl", "vs", "am", "gear")] <- "discrete"
  expect_identical(kinds_of(d), expected)
  expect_identical(d$levels$gear, c("3", "4", "5"))
  d2 <- suppressMessages(bn_data(mtcars, type = c(cyl = "discrete", vs = "continuous")))
  expect_null(d2$levels$vs)
  # everything continuous / discrete by name gives the one-kind types
  expect_identical(bn_data(iris[1:4], type = c(Sepal.Length = "continuous"))$type, "gaussian")
  expect_identical(bn_data(data.frame(a = c("x", "y"), b = 1:2),
                           type = c(b = "discrete"))$type, "discrete")
})

test_that("whole numbers next to factors and fractions: at most 5 values are discrete", {
  x <- data.frame(f = factor(rep(c("u", "v"), 10)), k = rep(1:4, 5), m = 1:20,
                  y = seq(0.5, 10, by = 0.5))
  expect_message(d <- bn_data(x), "k \\(4 values: discrete\\).*m \\(20 values: continuous\\)",
                 class = "learnbn_message_column_types")
  expect_identical(kinds_of(d), c(f = "discrete", k = "discrete", m = "continuous",
                                  y = "continuous"))
  expect_identical(d$sources[["k"]], "whole number")
  expect_identical(d$sources[["m"]], "numeric")
  # character and logical columns are discrete
  d <- bn_data(data.frame(s = rep(c("a", "b"), 3), l = rep(c(TRUE, FALSE), each = 3),
                          y = c(0.1, 2, 3.5, 4, 5, 6)))
  expect_identical(kinds_of(d), c(s = "discrete", l = "discrete", y = "continuous"))
})

test_that("bad input to mixed data: classed errors and warnings naming the columns", {
  x <- data.frame(f = factor(rep("only", 6)), y = c(0.5, 1, 2, 3, 4, 5.5), z = (1:6) / 3)
  expect_warning(bn_data(x), "\"f\"", class = "learnbn_warning_single_level")
  x <- data.frame(f = factor(c("a", "b", "a", "b")), y = c(0.5, NA, 2, 3))
  # Kept (available-case tests, see test-mixed-learners.R); the searches refuse them.
  expect_identical(bn_data(x)$missing, c(f = 0, y = 1))
  expect_error(hill_climb(x), "y \\(1 NA\\)", class = "learnbn_error_missing")
  many <- data.frame(id = factor(sprintf("L%05d", 1:10000)), y = (1:10000) / 7)
  expect_warning(
    expect_warning(bn_data(many), "id \\(10,000 levels\\)",
                   class = "learnbn_warning_single_case_levels"),
    class = "learnbn_warning_identifier")
  expect_error(bn_data(iris, type = c(Petal = "discrete")), "Petal",
               class = "learnbn_error_unknown_column")
  expect_error(bn_data(iris, type = c(Species = "continuous")), "Species",
               class = "learnbn_error_type")
  expect_error(bn_data(iris, type = c(Species = "nominal")), "Species",
               class = "learnbn_error_value")
  expect_error(bn_data(iris, type = c(Petal.Width = "discrete")), "Petal.Width",
               class = "learnbn_error_continuous")
  expect_error(bn_data(iris, type = "gaussian"), "Species", class = "learnbn_error_mixed")
  y <- iris
  y$Sepal.Width <- 3.5
  expect_error(bn_data(y), "Sepal.Width", class = "learnbn_error_value")
})

test_that("subsets and rows of mixed data keep their kinds", {
  d <- bn_data(iris)
  rows <- data_rows(d, 1:10)
  expect_identical(rows$values$Sepal.Length, iris$Sepal.Length[1:10])
  expect_identical(as.integer(rows$codes$Species), rep(0L, 10))
  expect_identical(data_subset(d, c("Species", "Petal.Width"))$type, "mixed")
  expect_identical(data_subset(d, c("Sepal.Length", "Petal.Width"))$type, "gaussian")
  expect_identical(data_subset(d, "Species")$type, "discrete")
})

test_that("functions without mixed data support say so", {
  expect_error(ges(iris, score = "cg_bic"), "cg_bic",
               class = "learnbn_error_not_score_equivalent")
  # found by the function, not by the name it is called by
  learner <- pdag_search
  expect_error(learner(iris), "pdag_search", class = "learnbn_error_data_type")
  expect_error(do.call(minimal_imap, list(iris)), "minimal_imap",
               class = "learnbn_error_data_type")
})

test_that("single-case levels: by counts; missing cells and unused levels are none", {
  x <- data.frame(f = factor(c("a", "a", "b", "b", NA, "c"), levels = c("a", "b", "c", "d")),
                  y = c(0.5, 1, 2, 3, 4, 5.5))
  quiet <- function(expr) {
    withCallingHandlers(expr, learnbn_warning_unused_levels = function(w) {
      invokeRestart("muffleWarning")
    })
  }
  # "c" once: warned; the NA once and the unused "d" are no levels seen in one case.
  expect_warning(quiet(bn_data(x)), "f \\(1 level\\)",
                 class = "learnbn_warning_single_case_levels")
  x$f[6] <- "a"
  expect_no_warning(quiet(bn_data(x)), class = "learnbn_warning_single_case_levels")
  # With counts the cases are summed: "b" (one row counted twice) is not single, "c" is.
  x$f <- factor(c("a", "a", "b", "c", NA, "a"), levels = c("a", "b", "c", "d"))
  x$n <- c(1, 1, 2, 1, 1, 1)
  expect_warning(quiet(bn_data(x, counts = "n")), "f \\(1 level\\)",
                 class = "learnbn_warning_single_case_levels")
})
