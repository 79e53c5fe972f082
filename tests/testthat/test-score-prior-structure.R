# R/score-prior-structure.R: per-arc beliefs (bnlearn's Castelo-Siebes prior) and the
# prior network's deviation penalty kappa^delta, through the one scorer of every search.

# learning.test-like data (6 nodes, 3 levels but F with 2; A -> B, A -> D, C -> D,
# B -> E, F -> E), drawn with R's RNG so that bnlearn saw the same rows.
lt_like <- function(n = 500, seed = 40) {
  withr::with_seed(seed, {
    lv <- c("a", "b", "c")
    noise <- function(p) sample(0:2, n, TRUE, prob = p)
    A <- sample(lv, n, TRUE)
    C <- sample(lv, n, TRUE, prob = c(0.5, 0.3, 0.2))
    F <- sample(lv[1:2], n, TRUE)
    B <- lv[(match(A, lv) - 1 + noise(c(0.7, 0.2, 0.1))) %% 3 + 1]
    D <- lv[(match(A, lv) + match(C, lv) + noise(c(0.8, 0.1, 0.1))) %% 3 + 1]
    E <- lv[(match(B, lv) + match(F, lv) + noise(c(0.6, 0.3, 0.1))) %% 3 + 1]
    data.frame(A = factor(A, lv), B = factor(B, lv), C = factor(C, lv), D = factor(D, lv),
               E = factor(E, lv), F = factor(F, lv[1:2]))
  })
}
lt_data <- bn_data(lt_like())
lt_beliefs <- data.frame(from = c("A", "B", "D", "C", "E", "F", "B"),
                         to   = c("B", "A", "A", "D", "B", "E", "F"),
                         prob = c(0.6, 0.1, 0.05, 0.8, 0.3, 0.4, 0))
lt_models <- c(truth = "[A][C][F][B|A][D|A:C][E|B:F]",
               reversed = "[B][C][F][A|B][D|A:C][E|B:F]",
               dense = "[A][B|A][C|A:B][D|A:B:C][E|B:D][F|E]",
               empty = "[A][B][C][D][E][F]",
               other = "[D][A|D][B|A:E][C|D][E][F|E]")

# Parents differing between two graphs given as model strings, by plain R.
ref_delta <- function(model, prior_model) {
  a <- ref_parents(model)
  b <- ref_parents(prior_model)[names(a)]
  sum(mapply(function(x, y) length(union(setdiff(x, y), setdiff(y, x))), a, b))
}

test_that("per-arc beliefs give bnlearn 4.9's Castelo-Siebes network scores", {
  # library(bnlearn, lib.loc = "/work/anchor-lib") (4.9), on lt_like():
  # score(model2network(m), d, type = "bde", iss = iss, prior = "cs", beta = lt_beliefs),
  # and the same without the prior; printed with print(digits = 17).
  ref <- data.frame(
    model = rep(names(lt_models), each = 2), iss = rep(c(1, 5), 5),
    cs = c(-2723.1860180901558, -2674.0053173336782, -2724.9777775593839, -2675.7970768029068,
           -2954.0922660968226, -2841.8822633981285, -3095.6704961550172, -3084.7858407611338,
           -2999.1933642901713, -2953.6072597927459),
    uniform = c(-2725.6400221352042, -2676.4593213787266, -2725.6400221352042,
                -2676.4593213787266, -2956.2585880694187, -2844.0485853707250,
                -3095.0642294053737, -3084.1795740114903, -2996.8748022426539,
                -2951.2886977452285))
  for (i in seq_len(nrow(ref))) {
    g <- bn_graph_from_string(lt_models[[ref$model[i]]])
    ours <- network_score(g, lt_data, score = bn_score("bdeu", iss = ref$iss[i], prior = "beliefs",
                                                       beliefs = lt_beliefs))
    plain <- network_score(g, lt_data, score = bn_score("bdeu", iss = ref$iss[i]))
    expect_lt(abs(ours - ref$cs[i]), 1e-10)
    expect_lt(abs((ours - plain) - (ref$cs[i] - ref$uniform[i])), 1e-10)
  }
  # A belief of 0 forbids its arc: bnlearn's score is -Inf too.
  forbidden <- bn_graph_from_string("[A][C][B|A][F|B][D|A:C][E|B:F]")
  expect_identical(network_score(forbidden, lt_data, score = "bdeu", prior = "beliefs",
                                 beliefs = lt_beliefs), -Inf)
})

test_that("per-arc beliefs on three nodes match a hand computation, node by node", {
  df <- data.frame(X = factor(c("a", "b", "a", "b", "a")), Y = factor(c("a", "a", "b", "b", "b")),
                   Z = factor(c("a", "b", "b", "a", "a")))
  beliefs <- data.frame(from = c("X", "Z", "Y"), to = c("Y", "Y", "Z"), prob = c(0.5, 0.2, 0.1))
  score <- bn_score("k2", prior = "beliefs", beliefs = beliefs)
  g <- bn_graph_from_string("[X][Z][Y|X:Z]")
  # Pairs: X -> Y present (0.5 of the pair X, Y); Z -> Y present (0.2; Y -> Z 0.1, none
  # 0.7); X, Z unlisted. log P relative to 1/3 per pair: log(1.5) + log(0.6) + 0.
  expect_equal(network_score(g, df, score = score) - network_score(g, df, score = "k2"),
               log(1.5) + log(0.6), tolerance = 1e-12)
  # Per node: the arcs' log(P(arc) / P(none)) at their child, each pair's log(3 P(none))
  # split between its nodes (X, Y: none = 0.25; Y, Z: none = 0.7; X, Z: none = 1/3).
  local <- network_score(g, df, score = score, local = TRUE)
  prior <- attr(local, "prior")[c("X", "Y", "Z")]
  expect_equal(unname(prior), c(log(0.75) / 2, log(0.75 * 2.1) / 2 + log(0.5 / 0.25) + log(0.2 / 0.7),
                              log(2.1) / 2), tolerance = 1e-12)
  plain <- network_score(g, df, score = "k2", local = TRUE)[c("X", "Y", "Z")]
  expect_equal(local[c("X", "Y", "Z")] - prior, plain, tolerance = 1e-12)
  # The core's term equals local_score()'s difference with and without the prior.
  expect_equal(local_score(df, "Y", c("X", "Z"), score = score) - plain[["Y"]], prior[["Y"]],
               tolerance = 1e-12)
})

test_that("the prior network's penalty is delta log(kappa), counted by hand", {
  prior_model <- "[A][C][F][B|A][D|A:C][E|B:F]"
  prior_graph <- bn_graph_from_string(prior_model)
  score <- bn_score("bdeu", prior = "network", prior_graph = prior_graph, kappa = 0.3)
  # delta by hand: reversed flips A - B (B loses A, A gains B): 2; dense: B same, C gains
  # A, B (2), D gains B (1), E loses F gains D (2), F gains E (1): 6; empty: 5 arcs;
  # other: A +D, B +E, C +D, D -A -C, E -B -F, F +E: 8.
  delta <- c(truth = 0L, reversed = 2L, dense = 6L, empty = 5L, other = 8L)
  for (m in names(lt_models)) {
    expect_identical(ref_delta(lt_models[[m]], prior_model), delta[[m]])
    g <- bn_graph_from_string(lt_models[[m]])
    expect_equal(network_score(g, lt_data, score = score) - network_score(g, lt_data, "bdeu"),
                 delta[[m]] * log(0.3), tolerance = 1e-12)
  }
  local <- network_score(bn_graph_from_string(lt_models[["other"]]), lt_data, score = score,
                         local = TRUE)
  expect_equal(unname(attr(local, "prior")[LETTERS[1:6]]), c(1, 1, 1, 2, 2, 1) * log(0.3),
               tolerance = 1e-12)
  # kappa = 1 is the uniform prior; a bn_fit's graph is its prior network, also as BDe's.
  g <- bn_graph_from_string(lt_models[["dense"]])
  expect_equal(network_score(g, lt_data, "bdeu", prior = "network", prior_graph = prior_graph,
                             kappa = 1), network_score(g, lt_data, "bdeu"))
  fit <- fit_parameters(prior_graph, lt_data)
  expect_equal(network_score(g, lt_data, "bdeu", prior = "network", prior_graph = fit, kappa = 0.3),
               network_score(g, lt_data, score = score))
  bde <- bn_score("bde", prior_network = fit, prior = "network", kappa = 0.3)
  expect_equal(network_score(g, lt_data, score = bde) - network_score(g, lt_data, "bde",
                                                                      prior_network = fit),
               6 * log(0.3), tolerance = 1e-10)
})

test_that("both priors apply to Gaussian scores (bge) through the same scorer", {
  gauss <- withr::with_seed(3, {
    a <- stats::rnorm(200)
    b <- a + stats::rnorm(200)
    data.frame(a = a, b = b, c = b - a + stats::rnorm(200))
  })
  g <- bn_graph_from_string("[a][b|a][c|a:b]")
  network <- bn_score("bge", prior = "network", kappa = 0.25,
                      prior_graph = bn_graph_from_string("[b][a|b][c|b]"))
  # delta: a loses b (1), b gains a (1), c gains a (1): 3.
  expect_equal(network_score(g, gauss, network) - network_score(g, gauss, "bge"), 3 * log(0.25),
               tolerance = 1e-10)
  beliefs <- bn_score("bge", prior = "beliefs",
                      beliefs = data.frame(from = c("a", "c"), to = c("c", "a"), prob = 0.1))
  # a -> c present: P = 0.1 of the pair (none 0.8), relative to 1/3.
  expect_equal(network_score(g, gauss, beliefs) - network_score(g, gauss, "bge"), log(0.3),
               tolerance = 1e-10)
  expect_equal(hill_climb(gauss, beliefs)$score,
               network_score(hill_climb(gauss, beliefs), gauss, beliefs), tolerance = 1e-9)
})

test_that("exhaustive_search()'s posteriors move by kappa^delta on college_plans", {
  d <- bn_data(college_plans, counts = "count")
  run <- function(...) {
    exhaustive_search(d, score = "bde", iss = 5, no_parents = c("SEX", "SES"), no_children = "CP",
                      top = 50, ...)$info$top
  }
  uniform <- run()
  best <- uniform$model[1:2]
  kappa <- 0.2
  centred <- run(prior = "network", prior_graph = bn_graph_from_string(best[2]), kappa = kappa)
  delta <- ref_delta(best[1], best[2])
  expect_gt(delta, 0)
  # The closed form: each score moves by delta log(kappa), so the ratio of the two
  # posteriors is multiplied by kappa^(delta1 - delta2), delta2 = 0.
  old <- uniform[match(best, uniform$model), ]
  new <- centred[match(best, centred$model), ]
  expect_equal(new$log_score - old$log_score, c(delta, 0) * log(kappa), tolerance = 1e-10)
  expect_equal(new$posterior[1] / new$posterior[2],
               old$posterior[1] / old$posterior[2] * kappa^delta, tolerance = 1e-10)
})

# Each search with both priors: its score is network_score()'s (uncached) under the
# prior, and a near-certain prior network (kappa = 1e-300, 690 log units per differing
# parent) is what it finds.
search_priors <- function() {
  prior_graph <- bn_graph_from_string("[A][C][F][B|A][D|A:C][E|B:F]")
  list(prior_graph = prior_graph,
       beliefs = bn_score("bdeu", prior = "beliefs", beliefs = lt_beliefs),
       network = bn_score("bdeu", prior = "network", prior_graph = prior_graph, kappa = 1e-300),
       # An edge the data support, A - B, forbidden by beliefs of 0 in both directions.
       forbid = bn_score("bdeu", prior = "beliefs",
                         beliefs = data.frame(from = c("A", "B"), to = c("B", "A"), prob = 0)))
}

expect_search_with_priors <- function(learn) {
  priors <- search_priors()
  g <- learn(priors$beliefs)
  expect_equal(g$score, network_score(g, lt_data, score = priors$beliefs), tolerance = 1e-9)
  expect_equal(as.matrix(learn(priors$network)), as.matrix(priors$prior_graph)[colnames(g$amat),
                                                                                 colnames(g$amat)])
  forbid <- learn(priors$forbid)
  expect_identical(forbid$amat["A", "B"] + forbid$amat["B", "A"], 0L)
  expect_true(is.finite(forbid$score))
}

test_that("hill_climb() and tabu_search() use both priors", {
  expect_search_with_priors(function(score) hill_climb(lt_data, score))
  expect_search_with_priors(function(score) hill_climb(lt_data, score, threads = 2))
  expect_search_with_priors(function(score) tabu_search(lt_data, score))
})

test_that("exact_search() and exhaustive_search() use both priors and agree", {
  expect_search_with_priors(function(score) exact_search(lt_data, score))
  expect_search_with_priors(function(score) exhaustive_search(lt_data, score, top = 1))
  beliefs <- search_priors()$beliefs
  expect_equal(exact_search(lt_data, beliefs)$score, exhaustive_search(lt_data, beliefs)$score,
               tolerance = 1e-9)
})

test_that("the MCMC samplers score samples with the prior and follow a near-certain one", {
  priors <- search_priors()
  target <- as.matrix(priors$prior_graph)[names(lt_data$levels), names(lt_data$levels)]
  samplers <- list(structure_mcmc = structure_mcmc, order_mcmc = order_mcmc,
                   partition_mcmc = partition_mcmc)
  for (name in names(samplers)) {
    withr::with_seed(1, {
      x <- samplers[[name]](lt_data, priors$beliefs, iterations = 600, thin = 100, chains = 1)
      network <- samplers[[name]](lt_data, priors$network, iterations = 600, thin = 100,
                                  chains = 1)
    })
    graphs <- sampled_graphs(x)
    for (g in graphs[c(1, length(graphs))]) {
      expect_equal(g$score, network_score(g, lt_data, score = priors$beliefs), tolerance = 1e-9,
                   label = name)
    }
    for (g in sampled_graphs(network)) expect_equal(as.matrix(g), target, label = name)
  }
})

test_that("structural_em() searches and ranks its runs with the prior", {
  df <- lt_like(300)
  df$B[seq(1, 300, by = 10)] <- NA
  priors <- search_priors()
  g <- structural_em(bn_data(df, missing = "allow"), priors$network)
  expect_equal(as.matrix(g), as.matrix(priors$prior_graph)[names(df), names(df)])
  # The observed-data score that ranks its runs includes delta log(kappa).
  other <- bn_score("bdeu", prior = "network", kappa = 0.5,
                    prior_graph = bn_graph_from_string(lt_models[["other"]]))
  observed <- function(score) learnbn:::observed_score(g$info$fit, score, 300)
  expect_equal(observed(other) - observed(bn_score("bdeu")), 8 * log(0.5), tolerance = 1e-10)
})

test_that("searches over equivalence classes refuse priors that tell equivalent DAGs apart", {
  priors <- search_priors()
  expect_error(ges(lt_data, priors$beliefs), "structure prior",
               class = "learnbn_error_not_score_equivalent")
  expect_error(pdag_search(lt_data, priors$network), class = "learnbn_error_not_score_equivalent")
  expect_error(chow_liu(lt_data, priors$beliefs), class = "learnbn_error_not_score_equivalent")
  uniform <- bn_score("bdeu", prior = "network", prior_graph = priors$prior_graph, kappa = 1)
  expect_equal(ges(lt_data, uniform)$score, ges(lt_data, "bdeu")$score)
})

test_that("print() names the structure prior", {
  expect_output(print(bn_score("bdeu", prior = "beliefs", beliefs = lt_beliefs)),
                "arc beliefs \\(7 arcs\\)")
  expect_output(print(search_priors()$network),
                "prior network deviation \\(5 arcs, kappa = 1e-300\\)")
})

test_that("bad priors are classed errors naming the argument", {
  b <- function(from = "A", to = "B", prob = 0.5) data.frame(from = from, to = to, prob = prob)
  expect_error(bn_score(prior = "beliefs", beliefs = b(prob = 1.2)), "beliefs",
               class = "learnbn_error_value")
  expect_error(bn_score(prior = "beliefs", beliefs = b(prob = -0.1)), "beliefs",
               class = "learnbn_error_value")
  expect_error(bn_score(prior = "beliefs", beliefs = b(c("A", "B"), c("B", "A"), c(0.7, 0.4))),
               "sum to", class = "learnbn_error_value")
  # A belief of 1 leaves the reverse and "no arc" nothing: a whitelist's job.
  expect_error(bn_score(prior = "beliefs", beliefs = b(prob = 1)), "whitelist",
               class = "learnbn_error_value")
  expect_error(bn_score(prior = "beliefs", beliefs = b(c("A", "A"), c("B", "B"))), "twice",
               class = "learnbn_error_value")
  expect_error(bn_score(prior = "beliefs", beliefs = list(from = "A")), "beliefs",
               class = "learnbn_error_type")
  expect_error(bn_score(prior = "beliefs"), "beliefs", class = "learnbn_error_type")
  unknown <- bn_score(prior = "beliefs", beliefs = b(to = "Q"))
  expect_error(network_score(bn_graph_from_string(lt_models[[1]]), lt_data, score = unknown),
               "beliefs.*Q", class = "learnbn_error_unknown_node")
  expect_error(hill_climb(lt_data, unknown), "beliefs", class = "learnbn_error_unknown_node")
  g <- bn_graph_from_string("[A][B|A]")
  for (kappa in list(0, 1.5, -1, NA, "a")) {
    expect_error(bn_score(prior = "network", prior_graph = g, kappa = kappa), "kappa",
                 class = "learnbn_error")
  }
  expect_error(bn_score(prior = "network", prior_graph = g), "kappa", class = "learnbn_error_value")
  expect_error(bn_score(prior = "network", kappa = 0.5), "prior_graph",
               class = "learnbn_error_value")
  expect_error(bn_score(prior = "network", prior_graph = "A", kappa = 0.5), "prior_graph",
               class = "learnbn_error_type")
  other <- bn_score(prior = "network", prior_graph = bn_graph_from_string("[A][Q|A]"), kappa = 0.5)
  expect_error(local_score(lt_data, "A", score = other), "prior_graph",
               class = "learnbn_error_unknown_node")
  expect_error(exact_search(lt_data, bn_score(prior = "network", prior_graph = g, kappa = 0.5)),
               "prior_graph.*C", class = "learnbn_error_unknown_node")
  expect_error(bn_score("bic", prior = "beliefs", beliefs = b()), class = "learnbn_error_value")
  expect_warning(bn_score(beliefs = b()), class = "learnbn_warning_unused_argument")
  expect_warning(bn_score(prior = "beliefs", beliefs = b(), kappa = 0.5),
                 class = "learnbn_warning_unused_argument")
})

test_that("the errors of a bad prior say what to do", {
  b <- function(from = "A", to = "B", prob = 0.5) data.frame(from = from, to = to, prob = prob)
  expect_snapshot(error = TRUE, {
    bn_score(prior = "beliefs", beliefs = b(c("A", "B"), c("B", "A"), c(0.7, 0.4)))
    bn_score(prior = "beliefs", beliefs = b(prob = 1))
    network_score(bn_graph_from_string(lt_models[[1]]), lt_data,
                  score = bn_score(prior = "beliefs", beliefs = b("Q", "R")))
    bn_score(prior = "network", prior_graph = bn_graph_from_string("[A][B|A]"))
    hill_climb(lt_data, bn_score(prior = "network", kappa = 0.5,
                                 prior_graph = bn_graph_from_string("[A][B|A]")))
  })
})
