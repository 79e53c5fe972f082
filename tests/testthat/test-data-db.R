# bn_data() from a database (R/data-db.R): the statistics computed by SQLite must equal
# those bn_data() computes from the same rows in R.
skip_if_not_installed("DBI")
skip_if_not_installed("RSQLite")

test_that("discrete counts from SQLite equal bn_data() of the same rows exactly", {
  x <- discrete_rows()
  x$d <- ifelse(x$c == "yes", 10L, sample(c(2L, 10L), 600, TRUE))  # levels 2, 10 (not "10", "2")
  con <- memory_db(t = x)
  on.exit(DBI::dbDisconnect(con))
  d <- bn_data(con, table = DBI::Id(table = "t"))
  d0 <- bn_data(x)
  expect_identical(d$levels$d, c("2", "10"))
  expect_identical(d$levels, d0$levels)
  expect_identical(d$sources, d0$sources)
  expect_identical(d$n_cases, 600)
  # one weighted row per distinct configuration
  expect_identical(d$n_rows, nrow(unique(x)))
  for (family in list(c("a", "b", "c"), c("c", "b"), "a", c("d", "c", "a"))) {
    db <- family_table(d, family[1], family[-1])
    expect_identical(db, family_table(d0, family[1], family[-1]))
    # and the table R's table() counts from the rows
    expect_identical(as.vector(db), as.numeric(table(x[family])))
  }
})

test_that("learners give the same graph and score from the database as from the rows", {
  cp <- as.data.frame(college_plans)
  cp[1:5] <- lapply(cp[1:5], as.character)  # a database keeps strings, not level orders
  con <- memory_db(cp = cp)
  on.exit(DBI::dbDisconnect(con))
  d <- bn_data(con, table = "cp", counts = "count")
  d0 <- bn_data(cp, counts = "count")
  expect_identical(d$n_cases, 10318)
  expect_identical(d$n_rows, 128L)
  expect_identical(d$counts, "count")
  hc <- hill_climb(d)
  hc0 <- hill_climb(d0)
  expect_identical(as.matrix(hc), as.matrix(hc0))
  expect_equal(hc$score, hc0$score, tolerance = 1e-12)
  expect_identical(as.matrix(pc(d)), as.matrix(pc(d0)))
})
test_that("a dbplyr lazy table with a filter is learned from its rows", {
  skip_if_not_installed("dbplyr")
  x <- discrete_rows()
  con <- memory_db(t = x)
  on.exit(DBI::dbDisconnect(con))
  kept <- dplyr::filter(dplyr::tbl(con, "t"), a != "high")
  d <- bn_data(kept)
  rows <- x[x$a != "high", ]
  expect_identical(d$n_cases, as.numeric(nrow(rows)))
  expect_identical(d$levels, bn_data(rows)$levels)
  expect_identical(as.vector(family_table(d, "c", c("a", "b"))),
                   as.numeric(table(rows[c("c", "a", "b")])))
  expect_snapshot(error = TRUE, bn_data(kept, table = "t"))
})

test_that("NULL cells are missing values, under the data.frame rules", {
  x <- discrete_rows()
  x$a[c(3, 9, 27)] <- NA
  con <- memory_db(t = x)
  on.exit(DBI::dbDisconnect(con))
  expect_error(bn_data(con, table = "t"), class = "learnbn_error_missing")
  d <- bn_data(con, table = "t", missing = "allow")
  missing_a <- is.na(learnbn:::data_codes(d, "a"))
  expect_identical(sum(d$weights[missing_a]), 3)
  expect_identical(family_table(d, "c", "b"), family_table(bn_data(x, missing = "allow"), "c", "b"))
  x <- gaussian_rows()
  x$b[2] <- NA
  DBI::dbWriteTable(con, "g", x)
  expect_error(bn_data(con, table = "g"), class = "learnbn_error_missing")
})

test_that("a column without values in the first rows takes the type of its values", {
  con <- memory_db()
  on.exit(DBI::dbDisconnect(con))
  # no declared types: SQLite gives the first 100 rows' NULLs as logical
  DBI::dbExecute(con, "CREATE TABLE u (a, b)")
  values <- paste0("(NULL, 'x')", strrep(", (NULL, 'y')", 119), ", (10, 'x'), (2, 'y')")
  DBI::dbExecute(con, paste("INSERT INTO u VALUES", values))
  d <- bn_data(con, table = "u", missing = "allow")
  expect_identical(d$levels$a, c("2", "10"))
  expect_identical(d$sources[["a"]], "whole number")
  expect_identical(d$missing[["a"]], 2)  # two weighted rows: (NULL, x) and (NULL, y)
})

test_that("errors name the table, the columns and what to do", {
  con <- memory_db(t = discrete_rows(), only_counts = data.frame(n = 1:3),
                   empty = discrete_rows()[0, ],
                   mixed = data.frame(a = c("x", "y", "x"), v = c(0.5, 1.5, 2.25)),
                   blobs = data.frame(a = c("x", "y"), b = I(list(as.raw(1), as.raw(2)))))
  on.exit(DBI::dbDisconnect(con))
  expect_snapshot(error = TRUE, bn_data(con, table = "nope"))
  expect_error(bn_data(con, table = "nope"), class = "learnbn_error_unknown_table")
  expect_snapshot(error = TRUE, bn_data(con, table = "only_counts", counts = "n"))
  expect_error(bn_data(con, table = "only_counts", counts = "n"), class = "learnbn_error_empty")
  expect_error(bn_data(con, table = "empty"), class = "learnbn_error_empty")
  expect_snapshot(error = TRUE, bn_data(con, table = "blobs"))
  expect_error(bn_data(con, table = "blobs"), class = "learnbn_error_type")
  expect_snapshot(error = TRUE, bn_data(con, table = "mixed"))
  expect_error(bn_data(con, table = "mixed"), class = "learnbn_error_data_type")
  expect_error(bn_data(con), class = "learnbn_error_value")
  expect_error(bn_data(discrete_rows(), table = "t"), class = "learnbn_error_value")
})
