# bn_data() of a continuous table in a database (R/data-db-gaussian.R): the means,
# standard deviations and correlations computed by SQLite must equal bn_data()'s of the
# same rows (to the last digits, which SQLite sums in another order).
skip_if_not_installed("DBI")
skip_if_not_installed("RSQLite")

test_that("Gaussian statistics from SQLite equal bn_data()'s and R's", {
  x <- gaussian_rows()
  con <- memory_db(g = x)
  on.exit(DBI::dbDisconnect(con))
  d <- bn_data(con, table = "g")
  d0 <- bn_data(x)
  expect_true(d$statistics_only)
  expect_identical(d$n_cases, 300)
  expect_equal(d$means, d0$means, tolerance = 1e-14)
  expect_equal(d$sds, d0$sds, tolerance = 1e-12)
  expect_equal(d$cor, d0$cor, tolerance = 1e-12)
  # plain R: sample moments with divisor N
  expect_equal(d$means, colMeans(x), tolerance = 1e-14)
  expect_equal(d$sds, sqrt(apply(x, 2, var) * 299 / 300), tolerance = 1e-12)
  expect_equal(d$cor, cor(x), tolerance = 1e-12)
  hc <- hill_climb(d, score = "bic")
  hc0 <- hill_climb(d0, score = "bic")
  # Equivalent DAGs tie in BIC; the last digits of the correlations (summed in another
  # order by SQLite) break such ties, so the searches agree on the equivalence class.
  expect_identical(as.matrix(cpdag(hc)), as.matrix(cpdag(hc0)))
  expect_equal(hc$score, hc0$score, tolerance = 1e-12)
  expect_identical(as.matrix(pc(d)), as.matrix(pc(d0)))
  fit <- fit_parameters(hc, d)
  expect_equal(fit$coefficients, fit_parameters(hc, d0)$coefficients, tolerance = 1e-10)
})

test_that("case counts in the table weight the Gaussian statistics", {
  x <- gaussian_rows()[1:40, ]
  x$n <- rep(1:4, 10)
  con <- memory_db(g = x)
  on.exit(DBI::dbDisconnect(con))
  d <- bn_data(con, table = "g", counts = "n")
  d0 <- bn_data(x, counts = "n")
  expect_identical(d$n_cases, 100)
  expect_equal(d$means, d0$means, tolerance = 1e-14)
  expect_equal(d$cor, d0$cor, tolerance = 1e-12)
})
test_that("functions that need rows refuse statistics-only data", {
  con <- memory_db(g = gaussian_rows())
  on.exit(DBI::dbDisconnect(con))
  d <- bn_data(con, table = "g")
  expect_snapshot(error = TRUE, bootstrap_arcs(d, "hill_climb", R = 2))
  expect_error(as.data.frame(d), class = "learnbn_error_statistics_only")
  expect_error(bn_cv(d), class = "learnbn_error_statistics_only")
  expect_error(ci_test(d, "a", "b", test = "fisher_z_perm"),
               class = "learnbn_error_statistics_only")
  fit <- fit_parameters(hill_climb(d), d)
  expect_error(logLik(fit, d), class = "learnbn_error_statistics_only")
})
