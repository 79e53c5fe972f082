# network_score() and local_score() of whole networks against bnlearn and plain-R references.

test_that("network scores agree with bnlearn on asia and child", {
  ref <- utils::read.csv(test_path("ref", "bnlearn_scores.csv"), stringsAsFactors = FALSE)
  score_of <- list(bdeu_iss1 = bn_score("bdeu", iss = 1), bdeu_iss10 = bn_score("bdeu", iss = 10),
                   k2 = "k2", bic = "bic", aic = "aic", loglik = "loglik")
  for (name in c("asia", "child")) {
    d <- bn_data(read_reference(paste0(name, "_5000")))
    rows <- ref[ref$data == name, ]
    for (i in seq_len(nrow(rows))) {
      g <- bn_graph_from_string(rows$modelstring[i])
      expect_equal(network_score(g, d, score = score_of[[rows$score[i]]]), rows$value[i],
                   tolerance = 1e-9, label = paste(name, rows$dag[i], rows$score[i]))
    }
  }
})

test_that("Markov-equivalent DAGs get equal BDeu, BDe, BIC, AIC and log-likelihood, K2 need not", {
  g1 <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  g2 <- bn_graph_from_string("[SEX][IQ][SES|IQ][PE|SES:IQ:SEX][CP|PE:IQ:SES]")  # SES -> IQ reversed
  prior <- random_fit(college_data, "[SEX][SES|SEX][IQ|SES][PE|IQ][CP|PE:SES]", seed = 1)
  scores <- list(bn_score("bdeu", iss = 5), bn_score("bde", iss = 5, prior_network = prior),
                 "bic", "aic", "loglik", bn_score("bdeu", prior = "arcs", arc_prob = 0.3))
  for (s in scores) {
    expect_equal(network_score(g1, college_data, score = s), network_score(g2, college_data, score = s),
                 tolerance = 1e-12)
  }
  expect_gt(abs(network_score(g1, college_data, score = "k2") -
                  network_score(g2, college_data, score = "k2")), 1e-3)
})

test_that("threads give the same scores as one thread", {
  child <- bn_data(read_reference("child_5000"))
  ref <- utils::read.csv(test_path("ref", "bnlearn_scores.csv"), stringsAsFactors = FALSE)
  g <- bn_graph_from_string(ref$modelstring[ref$data == "child" & ref$dag == "truth"][1])
  expect_identical(network_score(g, child, local = TRUE, threads = 2),
                   network_score(g, child, local = TRUE, threads = 1))
})

test_that("Gaussian families of collinear columns are errors; the others score as lm()", {
  set.seed(1)
  a <- rnorm(100)
  x <- data.frame(a = a, b = 2 * a, c = a + rnorm(100))
  noisy <- transform(x, b = 2 * a + rnorm(100, sd = 1e-6))
  bic <- function(model) as.numeric(logLik(model)) - 0.5 * log(100) * (length(coef(model)) + 1)
  for (frame in list(x, noisy)) {
    err <- expect_error(local_score(frame, "b", "a", score = "bic"),
                        class = "learnbn_error_collinear")
    expect_match(conditionMessage(err), "\"b\" is (almost) a linear function of \"a\"",
                 fixed = TRUE)
    expect_identical(rlang::call_name(err$call), "local_score")
    err <- expect_error(local_score(frame, "c", c("a", "b")), class = "learnbn_error_collinear")
    expect_match(conditionMessage(err), "\"b\" is (almost) a linear function of \"a\"",
                 fixed = TRUE)
    expect_error(network_score(bn_graph_from_string("[a][b|a][c|a]"), frame),
                 class = "learnbn_error_collinear")
    # Families without both columns score as lm() does, also on these data.
    expect_equal(local_score(frame, "c", "a", score = "bic"), bic(lm(c ~ a, frame)),
                 tolerance = 1e-8)
    expect_equal(local_score(frame, "b", score = "bic"), bic(lm(b ~ 1, frame)), tolerance = 1e-8)
    expect_equal(network_score(bn_graph_from_string("[a][b][c|a]"), frame),
                 bic(lm(a ~ 1, frame)) + bic(lm(b ~ 1, frame)) + bic(lm(c ~ a, frame)),
                 tolerance = 1e-8)
  }
  # A well-conditioned but strongly correlated pair (r = 0.99) scores as lm().
  strong <- data.frame(a = a, b = 0.99 * a + sqrt(1 - 0.99^2) * rnorm(100))
  for (type in c("loglik", "bic")) {
    expected <- if (type == "bic") bic(lm(b ~ a, strong)) else as.numeric(logLik(lm(b ~ a, strong)))
    expect_equal(local_score(strong, "b", "a", score = type), expected, tolerance = 1e-8)
  }
})
