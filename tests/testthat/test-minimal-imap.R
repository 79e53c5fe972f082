test_that("minimal_imap on college plans follows the ordering", {
  cp <- bn_data(college_plans, counts = "count")
  order <- c("SEX", "SES", "IQ", "PE", "CP")
  g <- minimal_imap(cp, order = order, alpha = 0.04)
  expect_identical(g$type, "dag")
  expect_identical(model_string(g), model_string(
    bn_graph_from_string("[SEX][SES][IQ|SES][PE|SEX:SES:IQ][CP|SEX:SES:IQ:PE]")))
  expect_identical(topological_order(g)[1], "SEX")
  tests <- g$info$tests
  expect_identical(g$info$n_tests, nrow(tests))
  # IQ's parents are the smallest set making it independent of the other predecessors:
  # {SES}, tested as IQ _||_ SEX | SES.
  row <- tests[tests$x == "IQ" & tests$z == "SES", ]
  expect_identical(row$y, "SEX")
  expect_true(row$independent)
  ref <- ci_test(cp, "IQ", "SEX", "SES")
  expect_equal(row$p_value, ref$p_value)
  # CP _||_ SEX | SES, IQ, PE: the other predecessors form one combined variable
  # and SEX stays a parent of CP: CP _||_ SEX | SES, IQ, PE is rejected at 0.04
  cp_row <- tests[tests$x == "CP" & tests$z == "SES;IQ;PE", ]
  expect_identical(cp_row$y, "SEX")
  expect_false(cp_row$independent)
  expect_equal(cp_row$p_value, ci_test(cp, "CP", "SEX", c("SES", "IQ", "PE"))$p_value)
  expect_lte(max(tests$p_value[tests$x == "CP" & lengths(strsplit(tests$z, ";")) == 3]), 0.04)
})

test_that("minimal_imap tests a set of predecessors as one combined variable", {
  fl <- bn_data(florida, counts = "count")
  g <- minimal_imap(fl, order = c("V", "D", "R", "I", "S"), alpha = 0.05)
  tests <- g$info$tests
  row <- tests[tests$x == "S" & tests$z == "", ]
  # plain-R reference: S against the joint configuration of V, D, R, I
  df <- as.data.frame(fl)
  joint <- interaction(df$V, df$D, df$R, df$I, drop = FALSE)
  tab <- stats::xtabs(df$count ~ df$S + joint)
  e <- outer(rowSums(tab), colSums(tab)) / sum(tab)
  x2 <- sum(((tab - e)^2 / e)[e > 0])
  expect_equal(row$statistic, x2, tolerance = 1e-10)
  expect_equal(row$df, (2 - 1) * (16 - 1))
  expect_true(all(nodes(g) == names(fl$levels)))
  expect_true(is_dag(g))
})

test_that("a different ordering gives a different minimal I-map", {
  cp <- bn_data(college_plans, counts = "count")
  g1 <- minimal_imap(cp, order = c("SEX", "SES", "IQ", "PE", "CP"), alpha = 0.04)
  g2 <- minimal_imap(cp, order = c("CP", "PE", "IQ", "SES", "SEX"), alpha = 0.04)
  expect_identical(topological_order(g2)[1], "CP")
  expect_false(identical(as.matrix(g1), as.matrix(g2)))
  capped <- minimal_imap(cp, order = c("CP", "PE", "IQ", "SES", "SEX"), alpha = 0.04,
                         max_parents = 1)
  expect_true(all(colSums(as.matrix(capped)) <= 1))
  expect_true(length(capped$info$capped) > 0)
})

test_that("minimal_imap rejects bad input with classed errors", {
  cp <- bn_data(college_plans, counts = "count")
  expect_error(minimal_imap(cp, order = c("SEX", "SES")), class = "learnbn_error_value")
  expect_error(minimal_imap(cp, order = c("SEX", "SES", "IQ", "PE", "XX")),
               class = "learnbn_error_unknown_node")
  expect_error(minimal_imap(cp, order = names(cp$levels), alpha = 0),
               class = "learnbn_error_value")
  expect_error(minimal_imap(cp, order = names(cp$levels), test = "nope"),
               class = "learnbn_error_unknown_test")
  expect_snapshot(error = TRUE, minimal_imap(cp, order = c("SEX", "SES")))
})

test_that("minimal_imap records its name and time in info", {
  cp <- bn_data(college_plans, counts = "count")
  g <- minimal_imap(cp, order = c("SEX", "SES", "IQ", "PE", "CP"), alpha = 0.04)
  expect_identical(g$info$algorithm, "minimal_imap")
  expect_identical(names(g$info)[1], "algorithm")
  expect_type(g$info$time, "double")
  expect_length(g$info$time, 1L)
  expect_gte(g$info$time, 0)
  expect_message(minimal_imap(cp, order = names(cp$levels), verbose = TRUE), "minimal_imap")
})
