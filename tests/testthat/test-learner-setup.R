# What the score-based learners share (R/learner-setup.R): argument checks, background
# knowledge, start graphs, seeds and threads, score specs.

expect_within_constraints <- function(g, whitelist = NULL, blacklist = NULL, max_parents = Inf,
                                      no_parents = NULL, no_children = NULL) {
  a <- as.matrix(g)
  expect_true(is_dag(g))
  if (!is.null(whitelist)) expect_true(all(a[as.matrix(whitelist)] == 1))
  if (!is.null(blacklist)) expect_true(all(a[as.matrix(blacklist)] == 0))
  expect_true(all(colSums(a) <= max_parents))
  expect_true(all(a[, no_parents] == 0))
  expect_true(all(a[no_children, ] == 0))
}

test_that("searches respect whitelists, blacklists, max_parents and nodes without parents or children", {
  wl <- data.frame(from = c("E", "A"), to = c("T", "R"))
  bl <- data.frame(from = c("S", "O", "T"), to = c("E", "T", "O"))
  memetic <- function(...) genetic_search(..., generations = 3, memetic = TRUE)
  for (learner in list(hill_climb, tabu_search, local_search, simulated_annealing, genetic_search, memetic)) {
    set.seed(3)
    g <- learner(survey_data, whitelist = wl, blacklist = bl, max_parents = 1, no_parents = "S",
                 no_children = "T")
    expect_within_constraints(g, wl, bl, 1, "S", "T")
    expect_equal(g$score, network_score(g, survey_data), tolerance = 1e-9)
  }
})

test_that("tabu search, restarts and annealing never end below their start", {
  start <- hill_climb(survey_data, score = "bdeu")
  set.seed(4)
  expect_gte(tabu_search(survey_data, start = start)$score, start$score)
  expect_gte(hill_climb(survey_data, start = start, restarts = 5)$score, start$score)
  expect_gte(simulated_annealing(survey_data, start = start, lowerings = 10)$score, start$score)
  expect_gte(local_search(survey_data, start = start, k_max = 500)$score, start$score)
  expect_gte(genetic_search(survey_data, start = start, generations = 10)$score, start$score)
  plain <- hill_climb(college_data, score = "bdeu")
  expect_gte(tabu_search(college_data, score = "bdeu")$score, plain$score)
})

test_that("random searches follow set.seed() and threads do not change results", {
  set.seed(11)
  a <- simulated_annealing(survey_data, lowerings = 20)
  set.seed(11)
  b <- simulated_annealing(survey_data, lowerings = 20)
  expect_identical(as.matrix(a), as.matrix(b))
  expect_identical(a$info$trace, b$info$trace)
  set.seed(12)
  a <- local_search(survey_data, k_max = 1000)
  set.seed(12)
  b <- local_search(survey_data, k_max = 1000)
  expect_identical(a$info$trace, b$info$trace)
  set.seed(13)
  a <- genetic_search(survey_data, generations = 20)
  set.seed(13)
  b <- genetic_search(survey_data, generations = 20)
  expect_identical(a$info$trace, b$info$trace)
  expect_true(all(diff(a$info$trace) >= 0))
  child <- bn_data(read_reference("child_5000"))
  one <- hill_climb(child, threads = 1)
  two <- hill_climb(child, threads = 2)
  expect_identical(as.matrix(one), as.matrix(two))
  expect_identical(one$score, two$score)
  set.seed(5)
  one <- hill_climb(child, restarts = 2, threads = 1)
  set.seed(5)
  two <- hill_climb(child, restarts = 2, threads = 2)
  expect_identical(as.matrix(one), as.matrix(two))
})

test_that("the score scale does not matter: any score spec drives the search", {
  for (score in list("bic", "aic", "loglik", "k2", bn_score("bd", alpha = 2), bn_score("bdeu", prior = "arcs"))) {
    g <- hill_climb(college_data, score = score)
    expect_equal(g$score, network_score(g, college_data, score = score), tolerance = 1e-9)
  }
  expect_equal(nrow(arcs(hill_climb(college_data, score = "loglik", max_parents = 4))), 10)
})

test_that("bad search arguments fail with classed errors", {
  expect_error(hill_climb(college_data, blacklist = data.frame("SEX", "XX")), class = "learnbn_error_unknown_node")
  expect_error(hill_climb(college_data, whitelist = data.frame(c("SEX", "SES"), c("SES", "SEX"))),
               class = "learnbn_error_cycle")
  expect_error(hill_climb(college_data, whitelist = data.frame("SEX", "SES"), blacklist = data.frame("SEX", "SES")),
               class = "learnbn_error_constraints")
  expect_error(hill_climb(college_data, max_parents = -1), class = "learnbn_error_value")
  expect_error(hill_climb(college_data, restarts = 1.5), class = "learnbn_error_value")
  expect_error(hill_climb(college_data, threads = 0), class = "learnbn_error_value")
  expect_error(hill_climb(college_data, score = "bdeu", iss = 0), class = "learnbn_error_value")
  expect_error(hill_climb(college_data, start = bn_graph_from_string("[A][B|A]")), class = "learnbn_error_unknown_node")
  start <- bn_graph_from_string("[SEX][SES|SEX][IQ][PE][CP]")
  expect_error(hill_climb(college_data, start = start, no_parents = "SES"), class = "learnbn_error_constraints")
  expect_error(hill_climb(college_data, start = "[SEX]"), class = "learnbn_error_type")
  prior <- fit_parameters(bn_graph_from_string("[SEX][SES][IQ][PE][CP]"), college_data)
  expect_error(hill_climb(college_data, score = bn_score("bde", prior_network = prior)), class = "learnbn_error_value")
  expect_error(simulated_annealing(college_data, decay = 1), class = "learnbn_error_value")
  expect_error(tabu_search(1:3), class = "learnbn_error_type")
  expect_snapshot(error = TRUE, {
    hill_climb(college_data, whitelist = data.frame("SEX", "SES"), blacklist = data.frame("SEX", "SES"))
    hill_climb(college_data, whitelist = data.frame(c("SEX", "SES"), c("SES", "SEX")))
  })
})

test_that("restrict limits arcs to the skeleton of a graph", {
  skeleton <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES][CP|PE]")
  for (learner in list(hill_climb, tabu_search)) {
    g <- learner(college_data, score = "bic", restrict = skeleton)
    allowed <- as.matrix(skeleton) + t(as.matrix(skeleton))
    expect_true(all(as.matrix(g)[allowed == 0] == 0))
    expect_gt(nrow(arcs(g)), 0)
  }
  expect_error(hill_climb(college_data, restrict = bn_graph_from_string("[A][B|A]")),
               class = "learnbn_error_type")
})

# --- No silent data traps (issue 15) --------------------------------------------------

test_that("fewer than 2 rows is an error for every learner", {
  # (one row leaves levels unused: declared, so that only the error is seen)
  one <- structure(college_plans[1, ], declared_levels = TRUE)
  one_row <- structure(data.frame(a = factor("x", c("x", "y")), b = factor("y", c("x", "y"))),
                       declared_levels = TRUE)
  expect_snapshot(error = TRUE, {
    hill_climb(one)
    pc(one_row)
  })
  for (learner in list(hill_climb, tabu_search, ges, chow_liu, pc, hybrid)) {
    expect_error(learner(one), class = "learnbn_error_too_few_cases")
  }
  expect_error(k2_search(one, order = names(one)[1:5]), class = "learnbn_error_too_few_cases")
  # Two rows are enough to learn from.
  expect_s3_class(hill_climb(structure(college_plans[1:2, ], declared_levels = TRUE)), "bn_graph")
})

test_that("Gaussian searches warn when too few cases leave large families unscorable", {
  set.seed(2)
  gd <- data.frame(a = rnorm(3), b = rnorm(3), c = rnorm(3), d = rnorm(3))
  expect_snapshot({
    g3 <- hill_climb(gd)
    g2 <- hill_climb(gd[1:2, ])
  })
  expect_warning(hill_climb(gd), class = "learnbn_warning_too_few_cases")
  # Two cases: every arc gives an exact fit, so the graph is empty.
  expect_identical(sum(as.matrix(g2)), 0L)
  # The limit made explicit: the same graph, no warning.
  expect_no_warning(limited <- hill_climb(gd, max_parents = 1))
  expect_identical(as.matrix(limited), as.matrix(g3))
  expect_true(all(colSums(as.matrix(g3)) <= 1))
  # BGe is finite for any number of cases, and discrete scores too.
  expect_no_warning(hill_climb(gd, score = "bge"))
  expect_no_warning(hill_climb(structure(college_plans[1:3, ], declared_levels = TRUE)))
})

test_that("learners on collinear Gaussian data fail up front, naming the columns", {
  set.seed(1)
  a <- rnorm(100)
  exact <- data.frame(a = a, b = 2 * a, c = rnorm(100))
  noisy <- data.frame(a = a, b = 2 * a + rnorm(100, sd = 1e-6), c = rnorm(100))
  learners <- list(hill_climb = hill_climb, tabu_search = tabu_search, exact_search = exact_search,
                   ges = ges, pc = pc, minimal_imap = minimal_imap, hybrid = hybrid)
  for (name in names(learners)) for (frame in list(exact, noisy)) {
    err <- expect_error(learners[[name]](frame), class = "learnbn_error_collinear")
    expect_s3_class(err, "learnbn_error_value")
    expect_match(conditionMessage(err), "\"b\" is (almost) a linear function of \"a\"",
                 fixed = TRUE)
    expect_match(conditionMessage(err), "Drop or combine", fixed = TRUE)
  }
  err <- expect_error(hill_climb(exact), class = "learnbn_error_collinear")
  expect_identical(rlang::call_name(err$call), "hill_climb")
  # A well-conditioned pair (correlation 0.99) is the strongest dependence, and learned.
  strong <- data.frame(a = a, b = 0.99 * a + sqrt(1 - 0.99^2) * rnorm(100), c = rnorm(100))
  learned <- arcs(hill_climb(strong))
  expect_identical(nrow(learned), 1L)
  expect_setequal(unlist(learned[1, c("from", "to")]), c("a", "b"))
})

test_that("a start graph on other nodes names what is missing and what is unknown (issue 33)", {
  d <- bn_data(data.frame(a = factor(c("x", "y", "x")), b = factor(c("u", "v", "v"))))
  err <- expect_error(hill_climb(d, start = bn_graph_from_string("[a]")),
                      class = "learnbn_error_unknown_node")
  expect_match(conditionMessage(err), "Missing: \"b\".", fixed = TRUE)
  expect_no_match(conditionMessage(err), "nknown")  # no empty "unknown: ." part
  err <- expect_error(hill_climb(d, start = bn_graph_from_string("[a][b][c]")),
                      class = "learnbn_error_unknown_node")
  expect_match(conditionMessage(err), "Unknown: \"c\".", fixed = TRUE)
  expect_no_match(conditionMessage(err), "Missing")
  err <- expect_error(hill_climb(d, start = bn_graph_from_string("[a][c]")),
                      class = "learnbn_error_unknown_node")
  expect_match(conditionMessage(err), "Missing: \"b\".", fixed = TRUE)
  expect_match(conditionMessage(err), "Unknown: \"c\".", fixed = TRUE)
})
