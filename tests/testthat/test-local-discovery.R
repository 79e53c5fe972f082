# What the local discovery learners share (R/local-discovery.R) and markov_blanket() on
# data: the blanket of a target, in the column order, for each method.

test_that("markov_blanket() learns a blanket from data and still queries graphs", {
  d <- local_child_data()
  for (m in c("iamb", "fast_iamb", "inter_iamb")) {
    expect_equal(markov_blanket(d, "Disease", method = m, test = "x2"),
                 iamb(d, "Disease", method = m, test = "x2"))
  }
  expect_equal(markov_blanket(d, "LungParench", method = "gs", test = "x2"),
               gs(d, "LungParench", test = "x2"))
  # A data.frame works as well as a bn_data, and the names come in column order.
  df <- as.data.frame(d)
  mb <- markov_blanket(df, "Disease", test = "x2")
  expect_equal(mb, names(df)[names(df) %in% mb])
  expect_setequal(mb, c("CardiacMixing", "DuctFlow", "LungFlow", "LVH"))
  # The graph form is unchanged.
  g <- bn_graph_from_string("[A][B][C|A:B][D|C]")
  expect_equal(markov_blanket(g, "A"), c("B", "C"))
  expect_error(markov_blanket(d, "Disease", method = "mmpc"), class = "learnbn_error_value")
})

test_that("the local learners report tests and time, and verbose says them", {
  d <- local_child_data()
  g <- gs(d, test = "x2")
  expect_named(g$info, c("algorithm", "test", "alpha", "max_cond", "n_tests", "cache_hits",
                         "parents_and_children", "markov_blankets", "time"))
  expect_equal(g$info$test, "x2")
  expect_message(mmpc(d, test = "x2", verbose = TRUE), "MMPC: [0-9]+ tests")
})
