college <- college_plans[rep(seq_len(nrow(college_plans)), college_plans$count), 1:5]
rownames(college) <- NULL
college_data <- bn_data(college_plans, counts = "count")
all_types <- c("loglik", "aic", "bic", "k2", "bd", "bdeu")

test_that("scores of a tiny table match values worked out by hand", {
  # A: a0 a0 a0 a1; B: b0 b0 b1 b0, so B | A=a0 has counts (2, 1) and B | A=a1 (1, 0).
  d <- data.frame(A = c("a0", "a0", "a0", "a1"), B = c("b0", "b0", "b1", "b0"))
  # K2, B alone: Gamma(2) / Gamma(6) * Gamma(4) * Gamma(2) = 3! / 5! = 1 / 20
  expect_equal(local_score(d, "B", score = "k2"), -log(20))
  # K2, B | A: (1! 2! 1! / 4!) * (1! 1! 0! / 2!) = 1 / 12 * 1 / 2
  expect_equal(local_score(d, "B", "A", score = "k2"), -log(24))
  expect_equal(local_score(d, "B", score = "loglik"), 3 * log(3 / 4) + log(1 / 4))
  expect_equal(local_score(d, "B", "A", score = "loglik"), 2 * log(2 / 3) + log(1 / 3))
  expect_equal(local_score(d, "B", "A", score = "aic"), 2 * log(2 / 3) + log(1 / 3) - 2)
  expect_equal(local_score(d, "B", "A", score = "bic"), 2 * log(2 / 3) + log(1 / 3) - log(4))
  # BDeu with iss = 1: alpha_ijk = 1/4 in each of the 2 x 2 cells, alpha_ij = 1/2.
  by_hand <- (lgamma(1 / 2) - lgamma(1 / 2 + 3) + lgamma(1 / 4 + 2) + lgamma(1 / 4 + 1) - 2 * lgamma(1 / 4)) +
    (lgamma(1 / 2) - lgamma(1 / 2 + 1) + lgamma(1 / 4 + 1) - lgamma(1 / 4))
  expect_equal(local_score(d, "B", "A", score = "bdeu"), by_hand)
  expect_equal(local_score(d, "B", "A", score = "bd", alpha = 1), -log(24))
})

test_that("every score matches the plain-R reference on college plans", {
  families <- list(c("CP"), c("CP", "PE"), c("CP", "PE", "IQ", "SES"), c("PE", "SEX", "SES", "IQ"),
                   c("IQ", "SES"))
  for (type in all_types) for (fam in families) {
    # alpha is an option of "bd" only (elsewhere it would be warned about as unused)
    ours <- if (type == "bd") local_score(college_data, fam[1], fam[-1], score = type, alpha = 2.5)
            else local_score(college_data, fam[1], fam[-1], score = type)
    ref <- ref_local_score(college, fam[1], fam[-1], type, alpha = 2.5)
    expect_equal(ours, ref, tolerance = 1e-10, label = paste(type, paste(fam, collapse = " ")))
  }
  for (iss in c(0.5, 5, 40)) {
    expect_equal(local_score(college_data, "CP", c("PE", "IQ"), score = "bdeu", iss = iss),
                 ref_local_score(college, "CP", c("PE", "IQ"), "bdeu", iss = iss), tolerance = 1e-10)
  }
})

test_that("count tables give the same scores as their expanded rows", {
  g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  for (type in all_types) {
    expect_equal(network_score(g, college_data, score = type), network_score(g, college, score = type),
                 tolerance = 1e-10)
  }
  expect_equal(learnbn:::family_table(college_data, "CP", c("PE", "SEX")),
               unclass(table(CP = college$CP, PE = college$PE, SEX = college$SEX)),
               ignore_attr = TRUE)
})

test_that("BDe takes its prior counts from the prior network's joint distribution", {
  prior <- random_fit(college_data, "[SEX][SES|SEX][IQ|SES][PE|IQ:SEX][CP|PE:SES]", seed = 2)
  joint <- brute_force_joint(prior)
  for (fam in list(c("CP"), c("CP", "PE", "IQ"), c("SES", "SEX"), c("IQ", "CP", "SEX"))) {
    p <- apply(joint, match(fam, names(dimnames(joint))), sum)
    ours <- local_score(college_data, fam[1], fam[-1], score = bn_score("bde", iss = 7, prior_network = prior))
    ref <- ref_family_score(ref_counts(college, fam[1], fam[-1]), "bde", iss = 7, joint = as.numeric(p))
    expect_equal(ours, ref, tolerance = 1e-10)
  }
})

test_that("BDe with a uniform prior network is BDeu", {
  uniform <- random_fit(college_data, "[SEX][SES|SEX][IQ|SES][PE|IQ][CP|PE]", seed = 3, uniform = TRUE)
  g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  expect_equal(network_score(g, college_data, score = bn_score("bde", iss = 5, prior_network = uniform)),
               network_score(g, college_data, score = bn_score("bdeu", iss = 5)), tolerance = 1e-12)
  expect_equal(network_score(g, college_data, score = bn_score("bde", iss = 5)),
               network_score(g, college_data, score = bn_score("bdeu", iss = 5)))
})

test_that("the arc-independent structure prior adds log p per parent and log(1 - p) per non-parent", {
  base <- local_score(college_data, "CP", c("PE", "IQ"), score = "bdeu")
  with_prior <- local_score(college_data, "CP", c("PE", "IQ"), score = "bdeu", prior = "arcs", arc_prob = 0.2)
  expect_equal(with_prior - base, 2 * log(0.2) + 2 * log(0.8))
  default_p <- local_score(college_data, "CP", "PE", score = "k2", prior = "arcs")
  expect_equal(default_p - local_score(college_data, "CP", "PE", score = "k2"), log(1 / 4) + 3 * log(3 / 4))
})

test_that("families too large for a dense table are counted from observed configurations", {
  set.seed(10)
  wide <- as.data.frame(lapply(stats::setNames(nm = paste0("V", 1:12)), function(v) {
    factor(sample(letters[1:4], 300, replace = TRUE), levels = letters[1:4])
  }))
  parents <- paste0("V", 2:11)  # 4^11 cells
  for (type in all_types) {
    expect_equal(local_score(wide, "V1", parents, score = type),
                 ref_sparse_score(wide, "V1", parents, type), tolerance = 1e-10, label = type)
  }
})

test_that("configuration indices cannot overflow 64 bits", {
  set.seed(11)
  many <- sprintf("L%05d", 1:60000)
  huge <- as.data.frame(lapply(stats::setNames(nm = c("A", "B", "C", "D")), function(v) {
    factor(sample(many[1:50], 400, replace = TRUE), levels = many)
  }))
  huge$Y <- factor(sample(c("y", "n"), 400, replace = TRUE))
  attr(huge, "declared_levels") <- TRUE  # 60,000 levels declared, 50 drawn: on purpose
  # q = 60000^4 = 1.3e19 parent configurations, more than 2^63.
  for (type in c("bdeu", "k2", "loglik", "bic")) {
    expect_equal(local_score(huge, "Y", c("A", "B", "C", "D"), score = type),
                 ref_sparse_score(huge, "Y", c("A", "B", "C", "D"), type), tolerance = 1e-10, label = type)
  }
})

test_that("bad score arguments fail with classed errors naming them", {
  expect_error(bn_score("bdeux"), class = "learnbn_error_unknown_score")
  expect_error(bn_score("bdeu", iss = 0), class = "learnbn_error_value")
  expect_error(bn_score("bdeu", iss = -1), class = "learnbn_error_value")
  expect_error(bn_score("bd", alpha = NA), class = "learnbn_error_type")
  expect_error(bn_score("bic", prior = "arcs"), class = "learnbn_error_value")
  # prior is one of two names: junk is a classed error (was rlang's unclassed one).
  for (junk in list(as.Date("2020-01-01"), 1:100, "SEX", character(0))) {
    expect_error(bn_score("bdeu", prior = junk), class = "learnbn_error")
  }
  expect_error(bn_score("bdeu", prior = "arcs", arc_prob = 1), class = "learnbn_error_value")
  expect_error(bn_score("bdeu", prior_network = list()), class = "learnbn_error_value")
  expect_error(bn_score("bde", prior_network = list()), class = "learnbn_error_type")
  expect_error(local_score(college_data, "XX"), class = "learnbn_error_unknown_node")
  expect_error(local_score(college_data, "CP", c("PE", "ZZ")), class = "learnbn_error_unknown_node")
  expect_error(local_score(college_data, "CP", "CP"), class = "learnbn_error_value")
  expect_error(local_score(college_data, "CP", score = 3), class = "learnbn_error_type")
  expect_error(local_score(college_data, "CP", score = "bdeu", iss = -2), class = "learnbn_error_value")
  expect_error(local_score(college_data, "CP", score = bn_score("bdeu"), iss = 2), class = "learnbn_error_value")
  g <- bn_graph_from_string("[SEX][SES|SEX]")
  expect_error(network_score(g, college_data, threads = 0), class = "learnbn_error_value")
  expect_error(network_score(college_data, college_data), class = "learnbn_error_type")
  expect_error(network_score(bn_graph_from_string("[A][B|A]"), college_data), class = "learnbn_error_unknown_node")
  expect_snapshot(error = TRUE, {
    bn_score("bdeu", iss = 0)
    local_score(college_data, "CP", c("PE", "ZZ"))
  })
})

test_that("score specifications print", {
  expect_snapshot({
    bn_score("bdeu", iss = 10)
    bn_score("k2", prior = "arcs", arc_prob = 0.2)
    bn_score("bd", alpha = 2)
  })
})

# --- No silent data traps (issue 15) --------------------------------------------------

test_that("options that do nothing for the chosen score are named in a classed warning", {
  expect_snapshot({
    s <- bn_score("bic", iss = 10)
    s <- bn_score("k2", iss = 5, alpha = 2, am = 3)
    s <- bn_score("bdeu", arc_prob = 0.3)
  })
  expect_warning(bn_score("bic", iss = 10), class = "learnbn_warning_unused_argument")
  expect_warning(bn_score("bge", alpha = 2), class = "learnbn_warning_unused_argument")
  expect_warning(bn_score("loglik", aw = 10), class = "learnbn_warning_unused_argument")
  # Options that apply are silent.
  expect_no_warning(bn_score("bdeu", iss = 10))
  expect_no_warning(bn_score("cv", iss = 2, folds = 3))
  expect_no_warning(bn_score("bd", alpha = 2))
  expect_no_warning(bn_score("k2", prior = "arcs", arc_prob = 0.2))
  expect_no_warning(bn_score("bge", am = 2, aw = 10))
  # Through a learner's `...`: warned, and the result is the one without the option.
  expect_snapshot(g <- hill_climb(college_data, score = "bic", iss = 10))
  expect_identical(as.matrix(g), as.matrix(hill_climb(college_data, score = "bic")))
  expect_identical(model_string(g), "[SEX|PE][SES|PE:CP][IQ|PE:CP][PE|CP][CP]")
  expect_warning(network_score(bn_graph_from_string("[CP][PE|CP]"), college_data, score = "aic", iss = 3),
                 class = "learnbn_warning_unused_argument")
})

test_that("unknown score names get a did-you-mean, bnlearn's names get learnbn's", {
  expect_snapshot(error = TRUE, {
    bn_score("BIC")
    bn_score("bdue")
    bn_score("bic-g")
    hill_climb(college_data, score = "aic-g")
    local_score(college_data, "CP", score = "bdeuu")
    bn_score("zzz")
  })
  expect_error(bn_score("BIC"), class = "learnbn_error_unknown_score")
  expect_error(hill_climb(college_data, score = "loglik-g"), class = "learnbn_error_unknown_score")
  expect_identical(learnbn:::closest_names("BIC", learnbn:::score_types()), "bic")
  expect_identical(learnbn:::closest_names("bdue", learnbn:::score_types()), c("bde", "bdeu", "bd"))
  expect_identical(learnbn:::closest_names("zzz", learnbn:::score_types()), character())
  # Every alias points at a learnbn score, and each is answered with it.
  expect_true(all(learnbn:::bnlearn_score_names %in% learnbn:::score_types()))
  for (name in names(learnbn:::bnlearn_score_names)) {
    expect_error(bn_score(name), learnbn:::bnlearn_score_names[[name]], class = "learnbn_error_unknown_score")
  }
  # bnlearn's "bde" (uniform BDe) is learnbn's "bde" without a prior network, i.e. BDeu.
  expect_equal(local_score(college_data, "CP", c("PE", "IQ"), score = "bde", iss = 3),
               local_score(college_data, "CP", c("PE", "IQ"), score = "bdeu", iss = 3))
})

test_that("an iss larger than the number of cases is allowed, with a classed warning", {
  expect_snapshot(s <- local_score(college_data, "CP", "PE", iss = 1e9))
  expect_warning(hill_climb(college_data, iss = 1e9), class = "learnbn_warning_large_iss")
  expect_warning(local_score(college_data, "CP", score = bn_score("bdeu", iss = 20000)),
                 class = "learnbn_warning_large_iss")
  expect_no_warning(local_score(college_data, "CP", iss = 10318))
  # The value is still the BDeu score with that iss: CP | PE, alpha_ijk = iss / 4.
  counts <- xtabs(count ~ CP + PE, college_plans)
  a <- 1e9 / 4
  by_hand <- sum(lgamma(2 * a) - lgamma(2 * a + colSums(counts))) +
    sum(lgamma(a + counts) - lgamma(a))
  expect_equal(suppressWarnings(local_score(college_data, "CP", "PE", iss = 1e9)), by_hand,
               tolerance = 1e-9)
})

test_that("a cv score with more folds than cases is refused when it meets the data (issue 33)", {
  g <- bn_graph_from_string("[SEX][IQ][CP|SEX:IQ][SES][PE]")
  cv <- bn_score("cv", folds = 1e6)  # valid on its own: the data are not known yet
  took <- system.time(
    err <- expect_error(network_score(g, college_data, score = cv), class = "learnbn_error_value")
  )[["elapsed"]]
  expect_lt(took, 1)
  expect_match(gsub("\\s+", " ", conditionMessage(err)),
               "`folds` = 1,000,000 folds, more than the 10,318 cases of the data", fixed = TRUE)
  expect_error(hill_climb(college_data, score = cv), class = "learnbn_error_value")
  # As many folds as cases is leave-one-out, and allowed.
  six <- bn_data(data.frame(A = factor(c("x", "y", "x", "y", "x", "y")),
                            B = factor(c("u", "u", "v", "v", "u", "v"))))
  ab <- bn_graph_from_string("[A][B|A]")
  expect_true(is.finite(network_score(ab, six, score = bn_score("cv", folds = 6))))
  expect_error(network_score(ab, six, score = bn_score("cv", folds = 7)), "the 6 cases",
               class = "learnbn_error_value")
})

test_that("count_keys counts by tabulate() or by sorting alike (cv folds of weighted rows)", {
  key <- c(5, 3, 5, 9, 3, 5)
  expected <- list(keys = c(3, 5, 9), counts = c(2, 3, 1))
  expect_equal(learnbn:::count_keys(key, 10), expected)
  # Past R's integers (rows x folds), tabulate() cannot be used: the keys are sorted.
  big <- c(3e9, 1, 3e9)
  expect_equal(learnbn:::count_keys(big, 4e9), list(keys = c(1, 3e9), counts = c(1, 2)))
})

test_that("score properties and the improvement margin come from the core's registry", {
  expect_setequal(learnbn:::scores_with("bayesian"), c("bdeu", "bde", "k2", "bd", "bge", "bcg"))
  expect_setequal(learnbn:::scores_with("continuous"), c("loglik", "aic", "bic", "bge"))
  expect_setequal(learnbn:::scores_with("iss"), c("bdeu", "bde", "cv", "bcg"))
  expect_identical(learnbn:::cpp_registry()$score_properties$name,
                   learnbn:::score_types())
  # A score beats another by more than max(1e-9, 1e-12 * |other|): 1e-9 near -1,000,
  # 1e-5 near -10^7.
  improves <- learnbn:::score_improves
  expect_true(improves(-1000 + 2e-9, -1000))
  expect_false(improves(-1000 + 0.5e-9, -1000))
  expect_false(improves(-1e7 + 5e-6, -1e7))
  expect_true(improves(-1e7 + 2e-5, -1e7))
})
