# hill_climb() (R/learn-hill-climb.R): steepest ascent with restarts.

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

# Simulated alarm data (3000 rows, columns shuffled), learned by hill climbing with
# BDeu (iss 1).
alarm_sample <- function() {
  alarm <- read_bif(system.file("extdata", "alarm.bif", package = "learnbn"))
  withr::with_seed(19, {
    d <- simulate_data(alarm, 3000)
    d[sample(ncol(d))]
  })
}

test_that("hill climbing on alarm data keeps the graph and score of plain row counting", {
  # Recorded with learnbn at commit 648e691, before families were counted from bit sets
  # of the rows, in batches over the threads, with bounded move scans.
  recorded_arcs <- c(
    "ANAPHYLAXIS>INSUFFANESTH", "ARTCO2>EXPCO2", "ARTCO2>TPR", "ARTCO2>VENTALV", "CATECHOL>ARTCO2",
    "CATECHOL>TPR", "CO>BP", "CO>HR", "CO>STROKEVOLUME", "ERRCAUTER>HREKG", "ERRCAUTER>HRSAT",
    "ERRLOWOUTPUT>HRBP", "FIO2>PVSAT", "HISTORY>LVFAILURE", "HR>CATECHOL", "HR>HRBP", "HR>HREKG",
    "HR>HRSAT", "INTUBATION>MINVOL", "INTUBATION>PRESS", "INTUBATION>SHUNT", "INTUBATION>VENTLUNG",
    "INTUBATION>VENTTUBE", "KINKEDTUBE>PRESS", "LVEDVOLUME>CO", "LVEDVOLUME>CVP",
    "LVEDVOLUME>HYPOVOLEMIA", "LVEDVOLUME>STROKEVOLUME", "LVFAILURE>CO", "LVFAILURE>LVEDVOLUME",
    "LVFAILURE>PCWP", "LVFAILURE>STROKEVOLUME", "MINVOL>VENTLUNG", "PCWP>LVEDVOLUME",
    "PULMEMBOLUS>PAP", "PULMEMBOLUS>SHUNT", "PVSAT>SAO2", "SHUNT>SAO2", "STROKEVOLUME>HR",
    "STROKEVOLUME>HYPOVOLEMIA", "TPR>ANAPHYLAXIS", "TPR>BP", "VENTALV>INTUBATION",
    "VENTALV>MINVOL", "VENTALV>PVSAT", "VENTALV>VENTLUNG", "VENTLUNG>EXPCO2",
    "VENTLUNG>KINKEDTUBE", "VENTLUNG>VENTTUBE", "VENTMACH>DISCONNECT", "VENTMACH>MINVOLSET",
    "VENTTUBE>DISCONNECT", "VENTTUBE>KINKEDTUBE", "VENTTUBE>PRESS", "VENTTUBE>VENTMACH")
  d <- alarm_sample()
  for (threads in 1:2) {
    g <- hill_climb(d, score = "bdeu", iss = 1, threads = threads)
    a <- arcs(g)
    expect_identical(sort(paste0(a$from, ">", a$to), method = "radix"), recorded_arcs)
    expect_equal(g$score, -32378.5357281490, tolerance = 1e-10 / 32378)
    expect_identical(g$info$iterations, 59)
    # 2 more than recorded: addition scores are kept by (node, base parents), so a family
    # reached again from another base is scored again.
    expect_identical(g$info$score_evaluations, 3407)
  }
})

test_that("on a million rows hill climbing stops instead of reversing an arc back and forth", {
  # Scores near 10^7: two ways of counting the same family can differ by a few units in
  # the last place (4e-9 here), and the searches used to take that as a gain, reversing
  # one arc forever. A move must now gain more than 1e-12 of the score.
  alarm <- read_bif(system.file("extdata", "alarm.bif", package = "learnbn"))
  d <- withr::with_seed(1, {
    d <- simulate_data(alarm, 1e6)
    d[sample(ncol(d))]
  })
  g <- hill_climb(d, score = "bdeu", iss = 1, max_iter = 300)
  expect_identical(g$info$iterations, 68)
  expect_true(all(diff(g$info$trace) > 1e-12 * abs(g$score)))
  expect_equal(g$score, -10445039.113366, tolerance = 1e-12)
})

test_that("hill climbing gives the same graph and score on rows or on their distinct rows with counts", {
  # Weighted rows are always counted row by row; unweighted rows from bit sets.
  d <- alarm_sample()
  key <- do.call(paste, c(d, sep = "\r"))
  first <- !duplicated(key)
  compressed <- d[first, ]
  compressed$count <- as.vector(table(factor(key, levels = key[first])))
  expect_lt(nrow(compressed), nrow(d))
  rows <- hill_climb(d, score = "bdeu", iss = 1)
  weighted <- hill_climb(bn_data(compressed, counts = "count"), score = "bdeu", iss = 1, threads = 2)
  expect_identical(as.matrix(weighted), as.matrix(rows))
  expect_equal(weighted$score, rows$score, tolerance = 1e-10 / 32378)
})

test_that("counting large families by base configuration leaves hill climbing's path unchanged", {
  # Twelve-level variables: a family with two twelve-level parents and one more of at
  # least 3 levels has a table above 4096 cells, so it is counted by base configuration
  # (single-row configurations apart) unless the internal switch turns that off.
  df <- with_seed_preserved(5, {
    n <- 1500
    noisy <- function(x) factor((x + sample(0:2, n, TRUE, prob = c(0.94, 0.03, 0.03))) %% 12, levels = 0:11)
    a <- sample(0:11, n, TRUE)
    b <- sample(0:11, n, TRUE)
    c <- noisy(a + b)
    d <- noisy(as.integer(c) + a)
    e <- noisy(2 * b + as.integer(d))
    f <- sample(0:3, n, TRUE)
    data.frame(a = factor(a, levels = 0:11), b = factor(b, levels = 0:11), c = c, d = d, e = e,
               f = factor(f), g = noisy(as.integer(e) + f))
  })
  twelve <- setdiff(names(df), "f")
  for (threads in 1:2) {
    grouped <- hill_climb(df, score = "bdeu", iss = 1, threads = threads)
    plain <- withr::with_options(list(learnbn.count_groups = FALSE),
                                 hill_climb(df, score = "bdeu", iss = 1, threads = threads))
    amat <- as.matrix(grouped)
    # The path went through such a family: a node with two twelve-level parents.
    expect_gte(max(colSums(amat[twelve, twelve])), 2)
    expect_identical(amat, as.matrix(plain))
    expect_equal(grouped$score, plain$score, tolerance = 1e-10 / 14193)
    # As learnbn gave before families were counted by base configuration (commit 53870bf).
    expect_equal(grouped$score, -14192.9294527327, tolerance = 1e-10 / 14193)
    expect_identical(grouped$info$iterations, plain$info$iterations)
    expect_identical(grouped$info$iterations, 11)
    expect_equal(grouped$info$trace, plain$info$trace, tolerance = 1e-10 / 14193)
  }
})

test_that("hill climbing scores the families of single-state columns as if it counted them", {
  # Two columns that show one of their declared states: families with one of them as the
  # extra parent, and those of the two themselves, are scored without counting
  # (score/constant_columns.hpp); the plain-R ascent counts every family.
  df <- survey
  df$K3 <- factor(rep("b", nrow(df)), levels = c("a", "b", "c"))
  df$K2 <- factor(rep("x", nrow(df)), levels = c("x", "y"))
  d <- suppressWarnings(bn_data(df))  # levels that never occur
  one <- hill_climb(d, score = "bdeu")
  # Under BDeu a single-state node gains from any parent that leaves its rows together.
  expect_gte(sum(as.matrix(one)[, c("K3", "K2")]), 1)
  ref <- ref_hill_climb(df, "bdeu")
  expect_true(markov_equivalent(one, bn_graph(ref$amat)))
  expect_equal(one$score, ref$score, tolerance = 1e-9)
  for (search in list(hill_climb, tabu_search)) {
    expect_identical(as.matrix(search(d, score = "bdeu", threads = 2)),
                     as.matrix(search(d, score = "bdeu")))
  }
})
