# Plain-R reference: X2 and G2 from xtabs, stratum by stratum, with the plain and the
# adjusted degrees of freedom.
ref_ci_test <- function(df, x, y, z = character(), weights = rep(1, nrow(df))) {
  tab <- stats::xtabs(weights ~ ., data = cbind(df[c(x, y, z)], weights = weights))
  dims <- dim(tab)
  tab <- array(tab, c(dims[1], dims[2], prod(dims[-(1:2)])))
  x2 <- g2 <- adf <- 0
  for (k in seq_len(dim(tab)[3])) {
    o <- tab[, , k]
    if (sum(o) == 0) next
    e <- outer(rowSums(o), colSums(o)) / sum(o)
    keep <- e > 0
    x2 <- x2 + sum((o[keep] - e[keep])^2 / e[keep])
    pos <- o > 0
    g2 <- g2 + 2 * sum(o[pos] * log(o[pos] / e[pos]))
    adf <- adf + (max(1, sum(rowSums(o) > 0)) - 1) * (max(1, sum(colSums(o) > 0)) - 1)
  }
  df_plain <- (dims[1] - 1) * (dims[2] - 1) * prod(dims[-(1:2)])
  list(x2 = x2, g2 = g2, df = df_plain, adf = adf)
}

test_that("ci_test reproduces the p-values of the PC walk-throughs to their printed digits", {
  cp <- bn_data(college_plans, counts = "count")
  fl <- bn_data(florida, counts = "count")
  seed <- list(
    list(cp, "SEX", "IQ", character(), 0.2409), list(cp, "SEX", "SES", character(), 0.1538),
    list(cp, "SEX", "CP", "PE", 0.075), list(fl, "D", "R", character(), 0.3875),
    list(fl, "D", "S", character(), 0.2453), list(fl, "V", "S", "I", 0.0834),
    list(fl, "D", "I", c("V", "R"), 0.2289))
  for (s in seed) {
    res <- ci_test(s[[1]], s[[2]], s[[3]], s[[4]])
    digits <- nchar(sub("^0\\.", "", format(s[[5]])))
    # within one unit of the last printed digit (the walk-throughs round some values and
    # truncates others, e.g. 0.08346 is printed 0.0834)
    expect_lt(abs(res$p_value - s[[5]]), 10^-digits,
              label = paste(s[[2]], s[[3]], paste(s[[4]], collapse = ",")))
  }
  res <- ci_test(fl, "D", "I", c("V", "R"))
  expect_equal(res$df, 4)
  expect_s3_class(res, "bn_citest")
})

test_that("ci_test matches a plain-R xtabs implementation, with and without weights", {
  df <- as.data.frame(bn_data(florida, counts = "count"))
  w <- df$count
  for (case in list(list("V", "S", "I"), list("D", "I", c("V", "R")), list("R", "S", character()),
                    list("V", "D", c("R", "I", "S")))) {
    ref <- ref_ci_test(df, case[[1]], case[[2]], case[[3]], weights = w)
    x2 <- ci_test(florida[rep(seq_len(nrow(florida)), florida$count), 1:5],
                  case[[1]], case[[2]], case[[3]], test = "x2")
    g2 <- ci_test(bn_data(florida, counts = "count"), case[[1]], case[[2]], case[[3]], test = "g2")
    mi <- ci_test(bn_data(florida, counts = "count"), case[[1]], case[[2]], case[[3]], test = "mi")
    adf <- ci_test(bn_data(florida, counts = "count"), case[[1]], case[[2]], case[[3]], test = "x2_adf")
    expect_equal(x2$statistic, ref$x2, tolerance = 1e-10)
    expect_equal(x2$df, ref$df)
    expect_equal(x2$p_value, stats::pchisq(ref$x2, ref$df, lower.tail = FALSE), tolerance = 1e-10)
    expect_equal(g2$statistic, ref$g2, tolerance = 1e-10)
    expect_equal(mi$statistic, ref$g2, tolerance = 1e-10)
    expect_equal(adf$df, ref$adf)
    expect_equal(adf$p_value, stats::pchisq(ref$x2, ref$adf, lower.tail = FALSE), tolerance = 1e-10)
  }
})

test_that("ci_test matches bnlearn's 120 reference tests on child_5000", {
  child <- read_reference("child_5000")
  data <- bn_data(child)
  ref <- utils::read.csv(test_path("ref", "child_5000_citests.csv"), stringsAsFactors = FALSE)
  ref$z[is.na(ref$z)] <- ""
  names <- c("x2" = "x2", "mi" = "mi", "x2-adf" = "x2_adf", "mi-adf" = "mi_adf")
  for (i in seq_len(nrow(ref))) {
    z <- if (nzchar(ref$z[i])) strsplit(ref$z[i], ";", fixed = TRUE)[[1]] else character()
    res <- ci_test(data, ref$x[i], ref$y[i], z, test = names[[ref$test[i]]])
    label <- paste(ref$test[i], ref$x[i], ref$y[i], ref$z[i])
    expect_equal(res$statistic, ref$statistic[i], tolerance = 1e-6, label = label)
    expect_equal(res$df, ref$df[i], label = label)
    expect_equal(res$p_value, ref$p_value[i], tolerance = 1e-6, label = label)
  }
})

test_that("observed-configuration counting gives the dense answer on wide tables", {
  child <- read_reference("child_5000")
  z <- c("Disease", "Age", "LVH", "DuctFlow", "CardiacMixing", "LungParench", "LungFlow",
         "Sick", "HypDistrib", "HypoxiaInO2")
  ref <- ref_ci_test(child, "CO2", "ChestXray", z)
  res <- ci_test(child, "CO2", "ChestXray", z, test = "x2_adf")
  expect_equal(res$statistic, ref$x2, tolerance = 1e-8)
  expect_equal(res$df, ref$adf)
  expect_equal(ci_test(child, "CO2", "ChestXray", z, test = "g2")$statistic, ref$g2,
               tolerance = 1e-8)
})

test_that("permutation tests are reproducible and agree with the asymptotic test", {
  fl <- bn_data(florida, counts = "count")
  set.seed(3)
  a <- ci_test(fl, "D", "R", test = "x2_perm", B = 500)
  set.seed(3)
  b <- ci_test(fl, "D", "R", test = "x2_perm", B = 500)
  expect_identical(a$p_value, b$p_value)
  expect_equal(a$B, 500L)
  expect_equal(a$statistic, ci_test(fl, "D", "R")$statistic)
  # p = (1 + #{stat* >= stat}) / (B + 1): a multiple of 1 / (B + 1)
  expect_equal((a$p_value * 501) %% 1, 0, tolerance = 1e-9)
  expect_lt(abs(a$p_value - 0.3875), 0.08)
  # a strong dependence is never matched by a permutation
  set.seed(4)
  cp <- bn_data(college_plans, counts = "count")
  strong <- ci_test(cp, "PE", "CP", "SES", test = "g2_perm", B = 99)
  expect_equal(strong$p_value, 1 / 100)
})

test_that("ci_test prints", {
  cp <- bn_data(college_plans, counts = "count")
  expect_snapshot(print(ci_test(cp, "SEX", "CP", "PE")))
  test <- ci_test(cp, "SEX", "CP")
  expect_error(print(test, digits = "a"), class = "learnbn_error_type")
  expect_error(print(test, digits = 0), class = "learnbn_error_value")
  expect_error(print(test, digits = 21), class = "learnbn_error_value")
})

test_that("ci_test rejects bad input with classed errors", {
  cp <- bn_data(college_plans, counts = "count")
  expect_error(ci_test(cp, "SEX", "SEX"), class = "learnbn_error_value")
  expect_error(ci_test(cp, "SEX", "XX"), class = "learnbn_error_unknown_node")
  expect_error(ci_test(cp, "SEX", "CP", c("PE", "SEX")), class = "learnbn_error_value")
  expect_error(ci_test(cp, "SEX", "CP", test = "chisq"), class = "learnbn_error_unknown_test")
  expect_error(ci_test(cp, "SEX", "CP", test = "x2_perm", B = 0), class = "learnbn_error_value")
  expect_error(ci_test(cp, "SEX", "CP", test = "x2_perm", B = 2.5), class = "learnbn_error_value")
  expect_error(ci_test(cp, c("SEX", "IQ"), "CP"), class = "learnbn_error_type")
  expect_error(ci_test(list(1), "SEX", "CP"), class = "learnbn_error_type")
  expect_snapshot(error = TRUE, ci_test(cp, "SEX", "CP", test = "chisq"))
  expect_snapshot(error = TRUE, ci_test(cp, "SEX", "CP", c("PE", "CP")))
})

# --- No silent data traps (issue 15) --------------------------------------------------

test_that("B without a permutation test is named in a classed warning", {
  fl <- bn_data(florida)
  expect_snapshot(res <- ci_test(fl, "V", "S", test = "x2", B = 100))
  expect_warning(ci_test(fl, "V", "S", B = 100), class = "learnbn_warning_unused_argument")
  expect_warning(withCallingHandlers(pc(fl, test = "g2", B = 50),
                                     learnbn_warning_conflict = function(w) invokeRestart("muffleWarning")),
                 class = "learnbn_warning_unused_argument")
  expect_warning(minimal_imap(fl, order = c("V", "D", "R", "I", "S"), B = 50),
                 class = "learnbn_warning_unused_argument")
  # The result is the test without B.
  expect_identical(unclass(res), unclass(ci_test(fl, "V", "S", test = "x2")))
  expect_equal(res$statistic, 14.6267, tolerance = 1e-5)
  # B given to a permutation test, or left at its default: silent.
  set.seed(1)
  expect_no_warning(perm <- ci_test(fl, "V", "S", test = "x2_perm", B = 99))
  expect_identical(perm$B, 99L)
  expect_no_warning(ci_test(fl, "V", "S", test = "x2"))
})

test_that("unknown test names get a did-you-mean, bnlearn's names get learnbn's", {
  fl <- bn_data(florida)
  expect_snapshot(error = TRUE, {
    ci_test(fl, "V", "S", test = "mc-x2")
    ci_test(fl, "V", "S", test = "x2-adf")
    ci_test(fl, "V", "S", test = "X2")
    pc(fl, test = "zf")
  })
  for (name in names(learnbn:::bnlearn_test_names)) {
    expect_error(ci_test(fl, "V", "S", test = name), learnbn:::bnlearn_test_names[[name]],
                 class = "learnbn_error_unknown_test")
  }
  # Every alias points at a learnbn test.
  expect_true(all(learnbn:::bnlearn_test_names %in% learnbn:::ci_test_table$name))
})

test_that("Gaussian tests given collinear columns are errors; linear relations are dependence", {
  set.seed(1)
  a <- rnorm(100)
  x <- data.frame(a = a, b = 2 * a, c = rnorm(100), d = a)
  # a is a linear function of d: no partial correlation of a and b given d.
  err <- expect_error(ci_test(x, "a", "b", "d"), class = "learnbn_error_collinear")
  expect_match(conditionMessage(err), "\"a\" is (almost) a linear function of \"d\"", fixed = TRUE)
  expect_identical(rlang::call_name(err$call), "ci_test")
  noisy <- transform(x, d = a + rnorm(100, sd = 1e-6))
  expect_error(ci_test(noisy, "a", "b", "d"), class = "learnbn_error_collinear")
  expect_error(ci_test(x, "c", "a", "b", test = "mi_g"), class = "learnbn_error_collinear")
  # A collinear conditioning set.
  err <- expect_error(ci_test(x, "c", "b", c("a", "d")), class = "learnbn_error_collinear")
  expect_match(conditionMessage(err), "\"d\" is (almost) a linear function of \"a\"", fixed = TRUE)
  # Tests that avoid the collinear pair are unchanged: Fisher's z of c and a equals the
  # plain-R formula.
  r <- cor(x$c, x$a)
  expect_equal(ci_test(x, "c", "a")$p_value, 2 * pnorm(-abs(sqrt(97) * atanh(r))),
               tolerance = 1e-10)
  # x and y linearly related given z is the strongest dependence: p = 0, G2 infinite.
  sums <- data.frame(a = a, c = x$c, b = a + x$c)
  expect_identical(ci_test(sums, "b", "c", "a")$p_value, 0)
  g2 <- ci_test(sums, "b", "c", "a", test = "mi_g")
  expect_identical(g2$statistic, Inf)
  expect_identical(g2$p_value, 0)
})
