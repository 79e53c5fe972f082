frame6 <- data.frame(A = c("x", "y", "x", "y", "x", "y"), B = c("u", "u", "v", "v", "u", "v"),
                     C = c("p", "q", "p", "q", "q", "p"))

test_that("bn_data() takes interventions as bnlearn's list or as a logical matrix", {
  as_list <- bn_data(frame6, interventions = list(B = c(5, 2), C = integer()))
  # Sorted rows, nodes with no intervened row dropped.
  expect_identical(as_list$interventions, list(B = c(2L, 5L)))
  mask <- matrix(c(FALSE, TRUE, FALSE, FALSE, TRUE, FALSE), 6, 1, dimnames = list(NULL, "B"))
  expect_identical(bn_data(frame6, interventions = mask)$interventions, list(B = c(2L, 5L)))
  expect_identical(bn_data(frame6, interventions = as.data.frame(mask))$interventions,
                   list(B = c(2L, 5L)))
  # Nodes in column order, whatever the order given.
  both <- bn_data(frame6, interventions = list(C = 1, A = 6:4))
  expect_identical(both$interventions, list(A = 4:6, C = 1L))
  expect_null(bn_data(frame6)$interventions)
  expect_null(bn_data(frame6, interventions = list())$interventions)
  # Attached to data that is already a bn_data, whose rows they name.
  expect_identical(bn_data(bn_data(frame6), interventions = list(A = 3))$interventions,
                   list(A = 3L))
})

test_that("interventions follow the rows kept from a count table", {
  counted <- cbind(frame6, n = c(2, 0, 1, 0, 3, 1))
  # Rows 2 and 4 have no case and are dropped: rows 3, 5, 6 become 2, 3, 4.
  d <- bn_data(counted, counts = "n", interventions = list(B = c(2, 3, 5), C = 4))
  expect_identical(d$interventions, list(B = 2:3))
})

test_that("bad interventions are classed errors naming the argument and the value", {
  expect_error(bn_data(frame6, interventions = list(Z = 1)), class = "learnbn_error_unknown_node")
  expect_error(bn_data(frame6, interventions = list(B = 7)), class = "learnbn_error_value")
  expect_error(bn_data(frame6, interventions = list(B = 1:6)), class = "learnbn_error_value")
  expect_error(bn_data(frame6, interventions = list(B = NA)), class = "learnbn_error_type")
  expect_error(bn_data(frame6, interventions = list(1)), class = "learnbn_error_names")
  expect_error(bn_data(frame6, interventions = matrix(TRUE, 5, 1, dimnames = list(NULL, "B"))),
               class = "learnbn_error_value")
  expect_error(bn_data(frame6, interventions = matrix(NA, 6, 1, dimnames = list(NULL, "B"))),
               class = "learnbn_error_missing")
  expect_error(bn_data(frame6, interventions = "B"), class = "learnbn_error_type")
  expect_error(bn_data(UCBAdmissions, interventions = list(Dept = 1)),
               class = "learnbn_error_type")
  expect_error(bn_data(mtcars[1:3], type = c(cyl = "discrete"), interventions = list(cyl = 1)),
               class = "learnbn_error_data_type")
  expect_snapshot(error = TRUE, {
    bn_data(frame6, interventions = list(B = c(0, 9, 12)))
    bn_data(frame6, interventions = list(Z = 1))
    bn_data(frame6, interventions = list(B = "a"))
    bn_data(frame6, interventions = matrix(TRUE, 5, 1, dimnames = list(NULL, "B")))
    bn_data(frame6, interventions = matrix(1, 6, 1, dimnames = list(NULL, "B")))
    bn_data(frame6, interventions = matrix(c(TRUE, NA), 6, 1, dimnames = list(NULL, "B")))
    bn_data(frame6, interventions = list(C = 1:6))
    bn_data(frame6, interventions = 1:3)
  })
})

test_that("printing a bn_data says how many rows are interventional per node", {
  expect_snapshot(bn_data(frame6, interventions = list(B = 1:2, C = 6)))
  counted <- cbind(frame6, n = c(2, 1, 1, 1, 3, 1))
  expect_snapshot(bn_data(counted, counts = "n", interventions = list(B = c(1, 5))))
})

test_that("subsets of the rows and of the columns keep each row's interventions", {
  d <- bn_data(frame6, interventions = list(A = c(1, 4), B = c(2, 4, 6)))
  # Rows 4, 4, 1, 3: A was set in the first three of them, B in the first two.
  sub <- learnbn:::data_rows(d, c(4, 4, 1, 3))
  expect_identical(sub$interventions, list(A = 1:3, B = 1:2))
  expect_identical(learnbn:::data_rows(d, c(3, 5))$interventions, NULL)
  expect_identical(learnbn:::data_subset(d, c("C", "B"))$interventions, list(B = c(2L, 4L, 6L)))
})

test_that("bootstrap samples carry the interventions of their rows", {
  set.seed(3)
  n <- 40
  flag <- rep(c("set", "free"), each = n / 2)
  x <- data.frame(I = flag, A = sample(c("a", "b"), n, TRUE), B = sample(c("a", "b"), n, TRUE))
  d <- bn_data(x, interventions = list(B = which(flag == "set")))
  seen <- list()
  learner <- function(data, ...) {
    # Independently of the row numbers: B was set exactly in the rows whose I is "set".
    seen[[length(seen) + 1]] <<- identical(data$interventions$B,
                                           which(learnbn:::data_codes(data, "I") == 1L))
    bn_graph_from_string("[I][A][B]")
  }
  bootstrap_arcs(d, learner, R = 3)
  expect_identical(unlist(seen), rep(TRUE, 3))
})

test_that("cross-validation trains on the interventions of the training cases", {
  flag <- rep(c("set", "free"), c(12, 18))
  set.seed(5)
  x <- data.frame(I = flag, A = sample(c("a", "b"), 30, TRUE), B = sample(c("a", "b"), 30, TRUE))
  # Weighted rows are expanded to cases: each row here stands for two.
  counted <- cbind(x, n = 2)
  d <- bn_data(counted, counts = "n", interventions = list(B = which(flag == "set")))
  seen <- logical()
  learner <- function(data, ...) {
    seen[length(seen) + 1] <<- identical(data$interventions$B,
                                         which(learnbn:::data_codes(data, "I") == 1L))
    bn_graph_from_string("[I][A][B]")
  }
  bn_cv(d, learner, k = 3)
  expect_identical(seen, rep(TRUE, 3))
})
