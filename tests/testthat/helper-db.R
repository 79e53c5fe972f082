# Tables for the tests of bn_data() from a database (test-data-db*.R).

# An SQLite database in memory holding the data.frames given, named by table.
memory_db <- function(...) {
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  tables <- list(...)
  for (name in names(tables)) DBI::dbWriteTable(con, name, tables[[name]])
  con
}

# 600 rows of three dependent discrete columns: strings and whole numbers.
discrete_rows <- function() {
  set.seed(11)
  a <- sample(c("low", "mid", "high"), 600, replace = TRUE, prob = c(0.5, 0.3, 0.2))
  b <- ifelse(a == "low", sample(1:3, 600, TRUE, c(0.7, 0.2, 0.1)), sample(1:3, 600, TRUE))
  c <- ifelse(b == 1, sample(c("no", "yes"), 600, TRUE, c(0.8, 0.2)),
              sample(c("no", "yes"), 600, TRUE))
  data.frame(a, b, c)
}

# 300 rows of four dependent continuous columns.
gaussian_rows <- function() {
  set.seed(5)
  n <- 300
  a <- rnorm(n, 1000, 2)  # a large mean: the shifted sums keep the covariances' digits
  b <- 0.5 * a + rnorm(n)
  c <- b - 0.2 * a + rnorm(n, sd = 0.5)
  data.frame(a, b, c, e = rnorm(n) + c)
}
