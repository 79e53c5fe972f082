college <- function() bn_data(college_plans, counts = "count")
college_dag <- function() bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")

test_that("score strengths are network_score() differences on removing each arc", {
  g <- college_dag()
  d <- college()
  for (score in c("bic", "bdeu")) {
    s <- arc_strength(g, d, score = score)
    expect_s3_class(s, "bn_strength")
    expect_identical(s$from, arcs(g)$from)
    expect_identical(s$to, arcs(g)$to)
    expected <- vapply(seq_len(nrow(s)), function(i) {
      network_score(remove_arc(g, s$from[i], s$to[i]), d, score) - network_score(g, d, score)
    }, numeric(1))
    expect_equal(s$strength, expected, tolerance = 1e-8)
    expect_identical(attr(s, "criterion"), "score")
    expect_identical(attr(s, "score"), score)
  }
  # on these data every arc of this network helps under BIC
  expect_true(all(arc_strength(g, d)$strength < 0))
})

test_that("test strengths are ci_test() p-values given the other parents of the head", {
  g <- college_dag()
  d <- college()
  s <- arc_strength(g, d, criterion = "test")
  expected <- vapply(seq_len(nrow(s)), function(i) {
    z <- setdiff(learnbn::parents(g, s$to[i]), s$from[i])
    ci_test(d, s$from[i], s$to[i], z, test = "mi")$p_value
  }, numeric(1))
  expect_equal(s$strength, expected, tolerance = 1e-12)
  expect_identical(attr(s, "test"), "mi")
  s2 <- arc_strength(g, d, criterion = "test", test = "x2")
  expect_equal(s2$strength[1], ci_test(d, s2$from[1], s2$to[1],
                                       setdiff(learnbn::parents(g, s2$to[1]), s2$from[1]), test = "x2")$p_value)
})

test_that("Gaussian data use BIC and Fisher's z", {
  g <- bn_graph_from_string("[Petal.Length][Petal.Width|Petal.Length][Sepal.Length|Petal.Length:Petal.Width]")
  d <- iris[c(1, 3, 4)]
  s <- arc_strength(g, d)
  expect_equal(s$strength[s$from == "Petal.Width"],
               network_score(remove_arc(g, "Petal.Width", "Sepal.Length"), d, "bic") -
                 network_score(g, d, "bic"), tolerance = 1e-8)
  t <- arc_strength(g, d, criterion = "test")
  expect_identical(attr(t, "test"), "fisher_z")
  expect_equal(t$strength[t$from == "Petal.Width"],
               ci_test(d, "Petal.Width", "Sepal.Length", "Petal.Length")$p_value, tolerance = 1e-12)
})

test_that("a graph without arcs gives no rows; bad input is a classed error", {
  g <- bn_graph_from_string("[SEX][SES][IQ][PE][CP]")
  s <- arc_strength(g, college())
  expect_identical(nrow(s), 0L)
  expect_identical(names(s), c("from", "to", "strength"))
  expect_error(arc_strength(college_dag(), college(), criterion = "tests"),
               class = "learnbn_error_value")
  expect_error(arc_strength(college_dag(), college(), test = "mu", criterion = "test"),
               class = "learnbn_error_unknown_test")
  expect_error(arc_strength(cpdag(college_dag()), college()), class = "learnbn_error_not_dag")
})

test_that("print() says what the strengths mean", {
  expect_snapshot(arc_strength(college_dag(), college()))
  expect_snapshot(arc_strength(college_dag(), college(), criterion = "test"))
})
