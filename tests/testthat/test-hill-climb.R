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
