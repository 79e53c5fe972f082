# Missing values: the bn_data encoding, available-case CI tests, PC on incomplete data,
# and the learners that refuse incomplete data.

# Removes each cell with probability `frac`, completely at random.
remove_mcar <- function(df, frac) {
  drop <- matrix(stats::runif(nrow(df) * ncol(df)) < frac, nrow(df))
  for (j in seq_along(df)) df[[j]][drop[, j]] <- NA
  df
}

# Plain-R X2, G2 and both df of x _||_ y | z on complete rows (rows with an NA on x, y
# or z are dropped first, as the available-case test does).
ref_ci_stats <- function(df, x, y, z = character(), weights = rep(1, nrow(df))) {
  force(weights)
  keep <- stats::complete.cases(df[c(x, y, z)])
  df <- df[keep, , drop = FALSE]
  weights <- weights[keep]
  strata <- if (length(z)) interaction(df[z], drop = FALSE) else factor(rep(1, nrow(df)))
  x2 <- g2 <- adf <- 0
  for (s in levels(strata)) {
    rows <- strata == s
    o <- tapply(weights[rows], list(df[[x]][rows], df[[y]][rows]), sum, default = 0)
    if (sum(o) == 0) next
    e <- outer(rowSums(o), colSums(o)) / sum(o)
    ok <- e > 0
    x2 <- x2 + sum((o[ok] - e[ok])^2 / e[ok])
    pos <- o > 0
    g2 <- g2 + 2 * sum(o[pos] * log(o[pos] / e[pos]))
    adf <- adf + (max(1, sum(rowSums(o) > 0)) - 1) * (max(1, sum(colSums(o) > 0)) - 1)
  }
  cards <- vapply(df[c(x, y, z)], nlevels, numeric(1))
  list(x2 = x2, g2 = g2, adf = adf,
       df = (cards[1] - 1) * (cards[2] - 1) * prod(cards[-(1:2)]), n = as.numeric(sum(weights)))
}

# Skeleton distance: node pairs adjacent in one graph but not in the other.
skeleton_shd <- function(g1, g2) {
  a <- as.matrix(g1)
  b <- as.matrix(g2)[rownames(a), colnames(a)]
  sa <- a == 1L | t(a) == 1L
  sb <- b == 1L | t(b) == 1L
  sum(xor(sa, sb)[upper.tri(sa)])
}

# Discrete data with dependences, two 300-level columns (integer codes, sparse tables)
# and 15% of cells missing at random.
incomplete_frame <- function(n = 1500, seed = 11) {
  set.seed(seed)
  a <- sample(0:2, n, TRUE)
  b <- (a + sample(0:1, n, TRUE, prob = c(0.8, 0.2))) %% 2
  c <- (b + a + sample(0:3, n, TRUE, prob = c(0.6, 0.2, 0.1, 0.1))) %% 4
  d <- (c + sample(0:2, n, TRUE, prob = c(0.7, 0.2, 0.1))) %% 3
  w <- sample(0:299, n, TRUE)
  v <- (w + sample(0:2, n, TRUE)) %% 300
  df <- data.frame(a = factor(a, 0:2), b = factor(b, 0:1), c = factor(c, 0:3),
                   d = factor(d, 0:2), w = factor(w, 0:299), v = factor(v, 0:299))
  # w and v declare 300 levels on purpose (not all drawn, fewer in complete rows).
  attr(df, "declared_levels") <- TRUE
  remove_mcar(df, 0.15)
}

test_that("bn_data keeps missing cells with a missing code when allowed", {
  df <- data.frame(a = c("x", NA, "y", "x"),
                   b = factor(c("u", "v", NA, NA), levels = c("u", "v", "w")))
  expect_warning(d <- bn_data(df, missing = "allow"), class = "learnbn_warning_unused_levels")
  expect_identical(d$codes$a, as.raw(c(0, 255, 1, 0)))
  expect_identical(d$codes$b, as.raw(c(0, 1, 255, 255)))
  expect_identical(d$missing, c(a = 1, b = 2))
  expect_identical(d$levels$b, c("u", "v", "w"))
  expect_identical(learnbn:::data_codes(d, "b"), c(0L, 1L, NA, NA))
  back <- as.data.frame(d)
  expect_identical(back$a, factor(df$a, levels = c("x", "y")))
  expect_identical(back$b, df$b)
  expect_output(print(d), "missing cells: a \\(1\\), b \\(2\\)")
  # without NA, "allow" changes nothing but the (zero) counts
  full <- data.frame(a = c("x", "y"), b = c("u", "v"))
  expect_identical(bn_data(full, missing = "allow")$codes, bn_data(full)$codes)
  expect_identical(bn_data(full, missing = "allow")$missing, c(a = 0, b = 0))
})

test_that("raw codes hold 255 levels with missing cells, 256 without", {
  lv <- function(k) sprintf("l%03d", seq_len(k))
  with_na <- function(k) factor(c(lv(k), NA), levels = lv(k))
  # (a value per row: an identifier, as bn_data() warns)
  bn_data <- function(...) suppressWarnings(learnbn::bn_data(...), classes = "learnbn_warning_identifier")
  d255 <- bn_data(data.frame(x = with_na(255)), missing = "allow")
  expect_type(d255$codes$x, "raw")
  expect_identical(d255$codes$x[256], as.raw(255))
  d256 <- bn_data(data.frame(x = with_na(256)), missing = "allow")
  expect_type(d256$codes$x, "integer")
  expect_identical(d256$codes$x[c(1, 256, 257)], c(0L, 255L, 65535L))
  expect_type(bn_data(data.frame(x = factor(lv(256), levels = lv(256))))$codes$x, "raw")
  expect_identical(as.data.frame(d256)$x, with_na(256))
  expect_identical(as.data.frame(d255)$x, with_na(255))
})

test_that("missing values are an error by default, naming columns and counts", {
  df <- data.frame(a = c("x", NA, "y", NA), b = c("u", "v", NA, "u"), c = c("p", "q", "p", "q"))
  expect_error(bn_data(df), class = "learnbn_error_missing")
  msg <- conditionMessage(tryCatch(bn_data(df), error = identity))
  expect_match(msg, "a (2 NA)", fixed = TRUE)
  expect_match(msg, "b (1 NA)", fixed = TRUE)
  expect_no_match(msg, "c (", fixed = TRUE)
  expect_match(msg, "missing = \"allow\"", fixed = TRUE)
  # a data.frame with NA given to a learner goes through the same check
  expect_error(pc(df), class = "learnbn_error_missing")
  expect_error(ci_test(df, "a", "b"), class = "learnbn_error_missing")
})

test_that("available-case tests equal the tests on the rows complete on x, y, z", {
  df <- incomplete_frame()
  d <- bn_data(df, missing = "allow")
  cases <- list(list("a", "b", character()), list("a", "c", "b"), list("d", "a", c("b", "c")),
                list("c", "w", "a"), list("w", "v", character()), list("w", "v", "b"))
  for (case in cases) {
    x <- case[[1]]; y <- case[[2]]; z <- case[[3]]
    rows <- stats::complete.cases(df[c(x, y, z)])
    sub <- bn_data(df[rows, ], missing = "allow")
    for (test in c("x2", "g2", "x2_adf", "g2_adf")) {
      label <- paste(test, x, y, paste(z, collapse = ","))
      got <- ci_test(d, x, y, z, test = test)
      want <- ci_test(sub, x, y, z, test = test)
      expect_equal(got$statistic, want$statistic, tolerance = 1e-12, label = label)
      expect_identical(got$df, want$df, label = label)
      expect_equal(got$p_value, want$p_value, tolerance = 1e-12, label = label)
      expect_identical(got$n, as.numeric(sum(rows)), label = label)
    }
    # plain-R statistics on the subset
    ref <- ref_ci_stats(df, x, y, z)
    label <- paste(x, y, paste(z, collapse = ","))
    expect_equal(ci_test(d, x, y, z, test = "x2")$statistic, ref$x2, tolerance = 1e-9, label = label)
    expect_equal(ci_test(d, x, y, z, test = "g2")$statistic, ref$g2, tolerance = 1e-9, label = label)
    expect_equal(ci_test(d, x, y, z, test = "x2")$df, unname(ref$df), label = label)
    expect_equal(ci_test(d, x, y, z, test = "g2_adf")$df, ref$adf, label = label)
  }
  # fewer cases than rows, and printed
  res <- ci_test(d, "a", "c", "b")
  expect_lt(res$n, nrow(df))
  expect_output(print(res), paste0("n = ", format(res$n, big.mark = ",")))
})

test_that("available-case tests use case counts of weighted data", {
  df <- incomplete_frame(n = 800, seed = 3)[c("a", "b", "c")]
  key <- do.call(paste, c(lapply(df, as.character), sep = "/"))
  first <- !duplicated(key)
  counted <- cbind(df[first, ], count = as.vector(table(key)[key[first]]))
  dw <- bn_data(counted, counts = "count", missing = "allow")
  du <- bn_data(df, missing = "allow")
  for (test in c("x2", "g2_adf")) {
    got <- ci_test(dw, "a", "c", "b", test = test)
    want <- ci_test(du, "a", "c", "b", test = test)
    expect_equal(got$statistic, want$statistic, tolerance = 1e-10)
    expect_identical(got$df, want$df)
    expect_identical(got$n, want$n)
  }
  ref <- ref_ci_stats(counted, "a", "c", "b", weights = counted$count)
  expect_equal(ci_test(dw, "a", "c", "b", test = "g2")$statistic, ref$g2, tolerance = 1e-9)
  expect_identical(ci_test(dw, "a", "c", "b")$n, ref$n)
  expect_identical(ref$n, as.numeric(sum(stats::complete.cases(df))))
})

test_that("permutation tests on incomplete data are reproducible and use the subset", {
  df <- incomplete_frame(n = 600, seed = 5)
  d <- bn_data(df, missing = "allow")
  rows <- stats::complete.cases(df[c("a", "c", "b")])
  sub <- bn_data(df[rows, ], missing = "allow")
  for (test in c("x2_perm", "g2_perm")) {
    set.seed(42)
    p1 <- ci_test(d, "a", "c", "b", test = test, B = 199)
    set.seed(42)
    p2 <- ci_test(d, "a", "c", "b", test = test, B = 199)
    set.seed(42)
    p3 <- ci_test(sub, "a", "c", "b", test = test, B = 199)
    expect_identical(p1, p2)
    expect_identical(p1$p_value, p3$p_value)
    expect_identical(p1$n, as.numeric(sum(rows)))
    expect_identical(p1$statistic, p3$statistic)
  }
  # d and c are dependent here: the permutation p-value is as small as it gets
  set.seed(1)
  expect_identical(ci_test(d, "d", "c", test = "x2_perm", B = 99)$p_value, 0.01)
})

test_that("pc on data allowing missing values but with none equals pc on complete data", {
  fit <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(7)
  sim <- simulate_data(fit, 2000)
  g0 <- pc(sim)
  g1 <- pc(bn_data(sim, missing = "allow"))
  expect_identical(as.matrix(g1), as.matrix(g0))
  expect_identical(g1$info$tests, g0$info$tests)
  expect_true(all(g0$info$tests$n == 2000))
})

test_that("pc runs on asia data with 10% of cells missing at random", {
  fit <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(1)
  sim <- simulate_data(fit, 5000)
  holes <- remove_mcar(sim, 0.10)
  g0 <- pc(sim)
  g <- pc(bn_data(holes, missing = "allow"))
  expect_s3_class(g, "bn_graph")
  # measured skeleton distance 0 (seed 1; 0 or 1 over seeds 1-5)
  expect_lte(skeleton_shd(g, g0), 2)
  # every test used exactly the rows observed on its variables
  tests <- g$info$tests
  expect_true(all(tests$n < 5000))
  vars <- Map(function(x, y, z) c(x, y, if (nzchar(z)) strsplit(z, ";")[[1]]),
              tests$x, tests$y, tests$z)
  expect_identical(tests$n, vapply(vars, function(v) sum(stats::complete.cases(holes[v])), 0,
                                   USE.NAMES = FALSE))
  # and the statistic of the test on those rows
  for (k in seq(1, nrow(tests), by = 10)) {
    v <- vars[[k]]
    ref <- ref_ci_stats(holes, v[1], v[2], v[-(1:2)])
    expect_equal(tests$statistic[k], ref$x2, tolerance = 1e-9)
  }
  expect_output(explain_pc(g), "available cases per test")
})

test_that("pc on alarm data with 5% and 30% of cells missing stays near complete-data pc", {
  path <- c("/work/shared/networks/alarm.bif", "/work/shared/networks/alarm.bif.gz")
  path <- path[file.exists(path)]
  skip_if_not(length(path) > 0, "alarm network not available")
  fit <- read_bif(path[1])
  set.seed(1)
  sim <- simulate_data(fit, 5000)
  g0 <- suppressWarnings(pc(sim))
  set.seed(2)
  g5 <- suppressWarnings(pc(bn_data(remove_mcar(sim, 0.05), missing = "allow")))
  set.seed(2)
  g30 <- suppressWarnings(pc(bn_data(remove_mcar(sim, 0.30), missing = "allow")))
  # measured skeleton distances to complete-data pc: 1 at 5%, 12 at 30% (36 edges; at
  # 30% no row of the 37 variables is complete, so complete-case analysis is impossible)
  expect_lte(skeleton_shd(g5, g0), 4)
  expect_lte(skeleton_shd(g30, g0), 20)
  expect_lt(skeleton_shd(g5, g0), skeleton_shd(g30, g0))
})

test_that("minimal_imap uses available cases", {
  df <- incomplete_frame(n = 800, seed = 9)[c("a", "b", "c", "d")]
  d <- bn_data(df, missing = "allow")
  g <- minimal_imap(d, order = c("a", "b", "c", "d"))
  tests <- g$info$tests
  expect_true("n" %in% names(tests))
  vars <- Map(function(x, y, z) c(x, strsplit(y, ";")[[1]], if (nzchar(z)) strsplit(z, ";")[[1]]),
              tests$x, tests$y, tests$z)
  expect_identical(tests$n, vapply(vars, function(v) sum(stats::complete.cases(df[v])), 0,
                                   USE.NAMES = FALSE))
  expect_true(all(tests$n < 800))
})

test_that("score-based learners, scores and counts refuse data with missing values", {
  df <- incomplete_frame(n = 300, seed = 2)[c("a", "b", "c")]
  d <- bn_data(df, missing = "allow")
  g <- bn_graph_from_string("[a][b|a][c|b]")
  expect_error(hill_climb(d), class = "learnbn_error_missing")
  expect_error(network_score(g, d), class = "learnbn_error_missing")
  expect_error(learnbn:::family_table(d, "b", "a"), class = "learnbn_error_missing")
  fit <- fit_parameters(g, stats::na.omit(df))
  expect_error(log_predictive(fit, d), class = "learnbn_error_missing")
  expect_error(log_predictive(fit, df), class = "learnbn_error_missing")
  msg <- conditionMessage(tryCatch(hill_climb(d), error = identity))
  expect_match(msg, "a (", fixed = TRUE)
  # missing cells outside the family or the fit's nodes do not matter
  df$e <- factor(c(NA, rep(c("p", "q"), length.out = nrow(df) - 1)))
  df$a[is.na(df$a)] <- "0"
  df$b[is.na(df$b)] <- "1"
  d <- bn_data(df, missing = "allow")
  expect_identical(as.vector(learnbn:::family_table(d, "b", "a")),
                   as.vector(as.numeric(table(df$b, df$a))))
  fit_ab <- fit_parameters(bn_graph_from_string("[a][b|a]"), df[c("a", "b")])
  expect_equal(log_predictive(fit_ab, d), log_predictive(fit_ab, df[c("a", "b")]))
})
