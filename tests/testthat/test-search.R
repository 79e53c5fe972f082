# Score-based DAG searches: hill climbing, tabu search, local search, simulated annealing.

survey_fit <- read_bif(system.file("extdata", "survey.bif", package = "learnbn"))
set.seed(7)
survey <- simulate_data(survey_fit, 2000)
survey_data <- bn_data(survey)
college_data <- bn_data(college_plans, counts = "count")

# Plain-R steepest ascent with the package's scan order (target node outer, source
# inner; removal before reversal; strictly better only), scoring every candidate DAG
# from scratch with the reference family scores.
ref_hill_climb <- function(df, type) {
  nodes <- names(df)
  n <- length(nodes)
  memo <- new.env()
  family <- function(v, amat) {
    parents <- sort(nodes[amat[, v] == 1])
    key <- paste(nodes[v], paste(parents, collapse = ","))
    if (is.null(memo[[key]])) memo[[key]] <- ref_local_score(df, nodes[v], parents, type)
    memo[[key]]
  }
  total <- function(amat) sum(vapply(seq_len(n), family, numeric(1), amat = amat))
  acyclic <- function(amat) is.null(learnbn:::topo_sort_amat(amat)$cycle)
  amat <- matrix(0, n, n, dimnames = list(nodes, nodes))
  repeat {
    current <- total(amat)
    best <- list(delta = -Inf)
    for (to in seq_len(n)) for (from in seq_len(n)) {
      if (from == to) next
      ops <- if (amat[from, to] == 1) c("remove", "reverse") else if (amat[to, from] == 0) "add" else character()
      for (op in ops) {
        candidate <- amat
        candidate[from, to] <- if (op == "add") 1 else 0
        if (op == "reverse") candidate[to, from] <- 1
        if (!acyclic(candidate)) next
        delta <- total(candidate) - current
        if (delta > best$delta) best <- list(delta = delta, amat = candidate)
      }
    }
    if (best$delta <= 1e-9) break
    amat <- best$amat
  }
  list(amat = amat, score = total(amat))
}

# All DAGs one add / remove / reverse away from g.
neighbours_of <- function(amat) {
  n <- nrow(amat)
  out <- list()
  for (from in seq_len(n)) for (to in seq_len(n)) {
    if (from == to) next
    candidate <- amat
    if (amat[from, to] == 1) {
      candidate[from, to] <- 0
      out[[length(out) + 1]] <- candidate
      candidate[to, from] <- 1
      out[[length(out) + 1]] <- candidate
    } else if (amat[to, from] == 0) {
      candidate[from, to] <- 1
      out[[length(out) + 1]] <- candidate
    }
  }
  Filter(function(a) is.null(learnbn:::topo_sort_amat(a)$cycle), out)
}

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

test_that("hill climbing follows the same path as a plain-R steepest ascent", {
  # K2 is not score equivalent, so no two moves tie and the path is unique.
  ours <- hill_climb(survey_data, score = "k2")
  ref <- ref_hill_climb(survey, "k2")
  expect_equal(as.matrix(ours), ref$amat, ignore_attr = TRUE)
  expect_equal(ours$score, ref$score, tolerance = 1e-9)
  # BIC ties between an arc and its reverse; rounding picks one, so compare classes.
  ours <- hill_climb(survey_data, score = "bic")
  ref <- ref_hill_climb(survey, "bic")
  expect_true(markov_equivalent(ours, bn_graph(ref$amat)))
  expect_equal(ours$score, ref$score, tolerance = 1e-9)
})

test_that("hill climbing ends in a local optimum and its trace only rises", {
  g <- hill_climb(college_data, score = "bdeu", iss = 5)
  best_neighbour <- max(vapply(neighbours_of(as.matrix(g)), function(a) {
    network_score(bn_graph(a), college_data, score = "bdeu", iss = 5)
  }, numeric(1)))
  expect_lte(best_neighbour, g$score + 1e-9)
  expect_true(all(diff(g$info$trace) > 0))
  expect_equal(g$info$iterations, length(g$info$trace) - 1)
  expect_equal(g$info$algorithm, "hill_climb")
  expect_gt(g$info$score_evaluations, 0)
  expect_equal(tail(g$info$trace, 1), g$score)
})

test_that("with Heckerman's constraints hill climbing finds his most probable college-plans model", {
  g <- hill_climb(college_data, score = "bde", iss = 5, no_parents = c("SEX", "SES"), no_children = "CP")
  expect_true(markov_equivalent(g, bn_graph_from_string("[SEX][SES][PE|SEX:SES][IQ|SES:PE][CP|SES:IQ:PE]")))
  expect_equal(g$score, -45652.73, tolerance = 1e-7)
})

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

test_that("tabu search and annealing recover asia's CPDAG from 50,000 rows", {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(42)
  d <- bn_data(simulate_data(asia, 50000))
  truth <- cpdag(asia$graph)
  tabu <- tabu_search(d)
  expect_equal(shd(cpdag(tabu), truth), 0)
  expect_equal(tabu$score, network_score(asia$graph, d), tolerance = 1e-9)
  set.seed(3)
  expect_equal(shd(cpdag(simulated_annealing(d)), truth), 0)
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

test_that("the memetic search returns a local optimum at least as good as hill climbing here", {
  set.seed(21)
  g <- genetic_search(college_data, score = "bdeu", iss = 5, generations = 5, memetic = TRUE)
  best_neighbour <- max(vapply(neighbours_of(as.matrix(g)), function(a) {
    network_score(bn_graph(a), college_data, score = "bdeu", iss = 5)
  }, numeric(1)))
  expect_lte(best_neighbour, g$score + 1e-9)
  expect_gte(g$score, hill_climb(college_data, score = "bdeu", iss = 5)$score)
  expect_error(genetic_search(college_data, population = 1), class = "learnbn_error_value")
  expect_error(genetic_search(college_data, mutations = -1), class = "learnbn_error_value")
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
