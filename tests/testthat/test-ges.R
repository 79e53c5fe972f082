# Greedy equivalence search. Expected optima come from brute-force enumeration of every
# DAG on four nodes, scored with the plain-R reference scores of helper-reference.R.

# Skeleton and immoralities, computed here so the tests do not rely on graph-equivalence.R.
same_class <- function(a, b) {
  skeleton <- function(m) (m + t(m)) > 0
  immoralities <- function(m) {
    out <- character()
    for (y in seq_len(ncol(m))) {
      pa <- which(m[, y] == 1L)
      for (i in seq_along(pa)) {
        for (j in seq_along(pa)[-seq_len(i)]) {
          if (m[pa[i], pa[j]] == 0L && m[pa[j], pa[i]] == 0L) out <- c(out, paste(pa[i], y, pa[j]))
        }
      }
    }
    sort(out)
  }
  identical(skeleton(a), skeleton(b)) && identical(immoralities(a), immoralities(b))
}

# Does `to` arise from `from` by adding or removing a single edge?
adds_or_removes_one_edge <- function(from, to) {
  status <- function(m) (m + 2L * t(m))[upper.tri(m)]  # 0 none, 1 i -> j, 2 j -> i
  differs <- status(from) != status(to)
  sum(differs) == 1L && (status(from)[differs] == 0L || status(to)[differs] == 0L)
}

four_node_data <- function(n, seed) {
  set.seed(seed)
  A <- sample(c("a0", "a1"), n, replace = TRUE, prob = c(0.3, 0.7))
  B <- sample(c("b0", "b1", "b2"), n, replace = TRUE)
  C <- ifelse(runif(n) < ifelse(A == "a1" & B != "b0", 0.85, 0.2), "c1", "c0")
  D <- ifelse(runif(n) < ifelse(C == "c1", 0.8, 0.25), "d1", "d0")
  data.frame(A = factor(A), B = factor(B), C = factor(C), D = factor(D))
}

expect_valid_cpdag <- function(g) {
  expect_s3_class(g, "bn_graph")
  expect_identical(g$type, "cpdag")
  expect_identical(as.matrix(g), as.matrix(cpdag(pdag_to_dag(g))))
}

test_that("ges finds the brute-force optimum on data from a known four-node DAG", {
  df <- four_node_data(5000, seed = 11)
  dags <- brute_force_dags(names(df))
  expect_length(dags, 543)
  truth <- matrix(0L, 4, 4, dimnames = list(names(df), names(df)))
  truth["A", "C"] <- truth["B", "C"] <- truth["C", "D"] <- 1L
  for (type in c("bdeu", "bic", "aic")) {
    score_of <- brute_force_scorer(df, type)
    scores <- vapply(dags, score_of, numeric(1))
    g <- ges(df, score = type)
    expect_valid_cpdag(g)
    expect_equal(g$score, max(scores), tolerance = 1e-9)
    expect_true(same_class(as.matrix(g$info$dag), dags[[which.max(scores)]]))
    expect_true(same_class(as.matrix(g$info$dag), truth))
    expect_equal(g$score, score_of(as.matrix(g$info$dag)), tolerance = 1e-9)
  }
})

test_that("on tiny data ges ends in a local optimum among neighbouring classes", {
  nodes <- c("W", "X", "Y", "Z")
  dags <- brute_force_dags(nodes)
  for (seed in 1:6) {
    set.seed(seed)
    df <- as.data.frame(lapply(stats::setNames(nodes, nodes), function(v) {
      factor(sample(c("u", "v", "w")[seq_len(2 + seed %% 2)], 40, replace = TRUE))
    }))
    df$Y <- factor(ifelse(runif(40) < 0.7, as.character(df$X), as.character(df$Y)),
                   levels = union(levels(df$X), levels(df$Y)))
    for (type in c("bdeu", "bic")) {
      score_of <- brute_force_scorer(df, type)
      scores <- vapply(dags, score_of, numeric(1))
      g <- ges(df, score = type)
      expect_valid_cpdag(g)
      result <- as.matrix(g$info$dag)
      expect_equal(g$score, score_of(result), tolerance = 1e-9)
      members <- vapply(dags, same_class, logical(1), b = result)
      expect_true(any(members))
      # Adding or removing one edge of any member never scores better.
      one_edge <- vapply(dags, function(d) {
        any(vapply(dags[members], adds_or_removes_one_edge, logical(1), to = d))
      }, logical(1))
      expect_gt(sum(one_edge), 0)
      expect_true(all(scores[one_edge] <= g$score + 1e-8))
    }
  }
})

test_that("ges recovers the CPDAG of asia from 50,000 simulated rows", {
  fit <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(1)
  df <- simulate_data(fit, 50000)
  g <- ges(df)
  expect_valid_cpdag(g)
  expect_identical(shd(g, cpdag(fit$graph)), 0L)
  expect_true(markov_equivalent(g$info$dag, fit$graph))
  expect_gte(g$score, hill_climb(df)$score)
  expect_equal(g$score, exact_search(df)$score, tolerance = 1e-9)
})

test_that("ges recovers the CPDAG of child from the 5,000-row reference data", {
  df <- read_reference("child_5000")
  truth <- as.matrix(read.csv(test_path("ref", "child_true_cpdag_amat.csv"), row.names = 1))
  g <- ges(df)
  expect_valid_cpdag(g)
  expect_identical(shd(g, bn_graph(truth)), 0L)
  expect_gte(g$score, hill_climb(df)$score)
  expect_equal(g$score, network_score(g$info$dag, df), tolerance = 1e-9)
  expect_equal(g$info$trace[length(g$info$trace)], g$score, tolerance = 1e-9)
  expect_identical(g$info$forward_steps + g$info$backward_steps, length(g$info$trace) - 1)
})

test_that("ges scores at least as well as hill climbing", {
  d <- bn_data(college_plans, counts = "count")
  for (score in list("bdeu", "bic", bn_score("bde", iss = 10), bn_score("bdeu", prior = "arcs"))) {
    g <- ges(d, score = score)
    expect_valid_cpdag(g)
    expect_gte(g$score, hill_climb(d, score = score)$score - 1e-9)
  }
  expect_equal(ges(d, score = "bdeu", iss = 5)$score, exact_search(d, score = "bdeu", iss = 5)$score,
               tolerance = 1e-9)
  df <- read_reference("asia_5000")
  expect_gte(ges(df, score = "bic")$score, hill_climb(df, score = "bic")$score)
})

test_that("threads give identical results", {
  df <- read_reference("child_5000")
  one <- ges(df, threads = 1)
  two <- ges(df, threads = 2)
  expect_identical(as.matrix(two), as.matrix(one))
  expect_identical(two$score, one$score)
  expect_identical(two$info$trace, one$info$trace)
})

test_that("ges reports its steps and counters", {
  d <- bn_data(college_plans, counts = "count")
  g <- ges(d)
  expect_named(g$info, c("algorithm", "score", "forward_steps", "backward_steps",
                         "score_evaluations", "cache_hits", "cache_hit_rate", "time", "trace",
                         "dag"))
  expect_identical(g$info$algorithm, "ges")
  expect_gt(g$info$forward_steps, 0)
  expect_gt(g$info$score_evaluations, 0)
  expect_true(is_dag(g$info$dag))
  expect_true(all(diff(g$info$trace) > 0))
  expect_message(ges(d, verbose = TRUE), "ges: ")
  expect_valid_cpdag(ges(d, max_subset = 0))
  one <- ges(data.frame(A = factor(c("x", "y", "x"))))
  expect_identical(sum(as.matrix(one)), 0L)
})

test_that("ges starts from the class of a start graph", {
  fit <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  df <- read_reference("asia_5000")
  from_truth <- ges(df, start = fit$graph)
  expect_valid_cpdag(from_truth)
  expect_equal(from_truth$info$trace[1], network_score(fit$graph, df), tolerance = 1e-9)
  from_cpdag <- ges(df, start = cpdag(fit$graph))
  expect_identical(as.matrix(from_cpdag), as.matrix(from_truth))
})

test_that("ges respects blacklists, whitelists and max_parents in info$dag", {
  df <- read_reference("child_5000")
  free <- ges(df)
  dag <- as.matrix(free$info$dag)
  banned <- which(dag == 1L, arr.ind = TRUE)[1:4, ]
  blacklist <- cbind(rownames(dag)[banned[, 1]], colnames(dag)[banned[, 2]])
  g <- ges(df, blacklist = blacklist)
  expect_knowledge_class(g, blacklist = blacklist)
  expect_true(all(as.matrix(g$info$dag)[blacklist] == 0L))

  whitelist <- rbind(c("Age", "Sick"), c("GruntingReport", "XrayReport"))
  g <- ges(df, whitelist = whitelist)
  expect_knowledge_class(g, whitelist = whitelist)
  expect_true(all(as.matrix(g$info$dag)[whitelist] == 1L))

  g <- ges(df, max_parents = 1)
  expect_valid_cpdag(g)
  expect_lte(max(colSums(as.matrix(g$info$dag))), 1)
  expect_identical(as.matrix(g$info$dag), as.matrix(pdag_to_dag(g)))

  g <- ges(df, no_parents = "Disease", no_children = "Age")
  expect_true(all(as.matrix(g$info$dag)[, "Disease"] == 0L))
  expect_true(all(as.matrix(g$info$dag)["Age", ] == 0L))
  expect_knowledge_class(g, blacklist = no_parents_arcs(names(df), "Disease", "Age"))
})

test_that("ges() with knowledge returns the maximally oriented PDAG; every extension respects it (issue 15)", {
  d <- bn_data(college_plans, counts = "count")
  expect_identical(edge_strings(ges(d)), c("CP - IQ", "CP - PE", "CP - SES", "IQ - PE", "PE - SES", "PE - SEX"))
  # Before, SEX - PE stayed undirected and pdag_to_dag() chose PE -> SEX, the blacklisted arc.
  g <- ges(d, blacklist = arc_list("PE -> SEX"))
  expect_identical(g$type, "pdag")
  expect_identical(edge_strings(g), c("CP - IQ", "CP - SES", "PE -> CP", "PE -> IQ", "PE -> SES", "SEX -> PE"))
  expect_identical(edge_strings(pdag_to_dag(g)),
                   c("CP -> IQ", "CP -> SES", "PE -> CP", "PE -> IQ", "PE -> SES", "SEX -> PE"))
  expect_knowledge_class(g, blacklist = arc_list("PE -> SEX"))
  # Before, a whitelisted SEX -> CP could end as CP -> SEX. PE -> SES and PE -> IQ are
  # oriented by R4 (SEX -> CP -> SES with SEX - PE, PE - CP and SEX, SES not adjacent).
  g <- ges(d, whitelist = arc_list("SEX -> CP"))
  expect_identical(edge_strings(g), c("CP - PE", "CP -> IQ", "CP -> SES", "PE - SEX", "PE -> IQ",
                                      "PE -> SES", "SEX -> CP"))
  expect_identical(edge_strings(pdag_to_dag(g)), c("CP -> IQ", "CP -> PE", "CP -> SES", "PE -> IQ",
                                                   "PE -> SES", "SEX -> CP", "SEX -> PE"))
  expect_knowledge_class(g, whitelist = arc_list("SEX -> CP"))
  # no_parents and no_children are knowledge too
  g <- ges(d, score = "bic", no_parents = c("SEX", "SES"), no_children = "CP")
  expect_identical(g$type, "pdag")
  expect_identical(edge_strings(g), c("IQ -> CP", "PE -> CP", "PE -> IQ", "SES -> CP", "SES -> IQ",
                                      "SES -> PE", "SEX -> PE"))
})

test_that("ges gives classed errors", {
  d <- bn_data(college_plans, counts = "count")
  expect_error(ges(d, score = "k2"), class = "learnbn_error_not_score_equivalent")
  expect_error(ges(d, score = bn_score("bd", alpha = 2)),
               class = "learnbn_error_not_score_equivalent")
  expect_error(ges(d, whitelist = rbind(c("SEX", "GPA"))), class = "learnbn_error_unknown_node")
  expect_error(ges(d, no_parents = "AGE"), class = "learnbn_error_unknown_node")
  expect_error(ges(d, max_subset = -1), class = "learnbn_error_value")
  expect_error(ges(d, max_subset = 1.5), class = "learnbn_error_value")
  expect_error(ges(d, max_subset = "all"), class = "learnbn_error_type")
  expect_error(ges(d, threads = 0), class = "learnbn_error_value")
  expect_error(ges(d, score = "bdeu", iss = -1), class = "learnbn_error_value")
  expect_error(ges(d, start = "empty"), class = "learnbn_error_type")
  expect_snapshot(error = TRUE, {
    ges(d, score = "k2")
    ges(d, blacklist = rbind(c("SEX", "GPA")))
    ges(d, max_subset = -1)
  })
})

test_that("ges() with the turning phase, iterated, finds pcalg's default ges()", {
  # pcalg 2.7's ges(new("GaussL0penObsScore", x)) with its defaults (phase = c("forward",
  # "backward", "turning"), iterate = TRUE) on these data; its forward-backward graph, like
  # ges()'s default, has X6 -> X2 instead of X2 -> X6. learnbn matched pcalg's default on 40 of 40 such
  # data sets (seeds 1 to 40), and its forward-backward graph on 40 of 40.
  set.seed(4)
  p <- 8
  w <- matrix(0, p, p)
  k <- p * (p - 1) / 2
  w[upper.tri(w)] <- ifelse(runif(k) < 0.4, runif(k, 0.3, 1.5) * sample(c(-1, 1), k, TRUE), 0)
  x <- matrix(0, 300, p)
  for (j in 1:p) x[, j] <- x %*% w[, j] + rnorm(300)
  colnames(x) <- paste0("X", 1:p)
  x <- as.data.frame(x)
  expected <- matrix(0L, p, p, dimnames = list(names(x), names(x)))
  arcs <- rbind(c(4, 1), c(1, 2), c(3, 2), c(1, 3), c(3, 1), c(4, 3), c(5, 4), c(8, 4), c(2, 6),
                c(3, 6))
  expected[arcs] <- 1L
  g <- ges(x, score = "bic", phases = c("forward", "backward", "turning"), iterate = TRUE)
  expect_identical(as.matrix(g), expected)
  expect_gt(g$info$turning_steps + g$info$forward_steps, 0)
  default <- ges(x, score = "bic")
  expected["X6", "X2"] <- 1L
  expected["X2", "X6"] <- 0L
  expect_identical(as.matrix(default), expected)
  expect_null(default$info$turning_steps)
  expect_gt(g$score, default$score)
})

# From the complete DAG on 8 nodes, whose class is the complete undirected graph, node A's
# deletes are Delete(x, A, H) for each of its 7 neighbours x, with every subset of the
# other 6 (all adjacent to x) as the kept set: 7 * 2^6 = 448 operators, counted before
# they are built. options(learnbn.max_memory) allows 64 bytes per operator.
test_that("a node with more GES operators than the memory limit allows is an error", {
  set.seed(3)
  x <- as.data.frame(matrix(rnorm(8 * 100), 100, dimnames = list(NULL, LETTERS[1:8])))
  full <- matrix(0L, 8, 8, dimnames = list(LETTERS[1:8], LETTERS[1:8]))
  full[upper.tri(full)] <- 1L
  backward <- function(max_operators) {
    withr::with_options(list(learnbn.max_memory = 64 * max_operators),
                        ges(x, start = bn_graph(full), phases = "backward"))
  }
  expect_s3_class(backward(448), "bn_graph")
  expect_error(backward(447), class = "learnbn_error_too_large")
  expect_snapshot(backward(447), error = TRUE)
})

# The class of V -> U with V and W1..W6 a clique: U - V and V, W1..W6 all undirected.
# The turns into V: from U, every non-empty subset C of the W (no W is adjacent to U, so
# all of C lies outside N = Ne_V n Ne_U): 2^6 - 1; from each Wi, only C = {U} (the other
# W are in N, and U reaches none of them without V): 6. No other node has a turn (C lies
# within N). 69 turns, each kept if it raises the score, so the limit applies to them too.
test_that("a node with more turns than the memory limit allows is an error", {
  set.seed(3)
  nodes <- c("U", "V", paste0("W", 1:6))
  x <- as.data.frame(matrix(rnorm(8 * 100), 100, dimnames = list(NULL, nodes)))
  start <- matrix(0L, 8, 8, dimnames = list(nodes, nodes))
  start["V", -2] <- 1L
  start[3:8, 3:8][upper.tri(diag(6))] <- 1L
  turning <- function(max_operators) {
    withr::with_options(list(learnbn.max_memory = 64 * max_operators),
                        ges(x, start = bn_graph(start), phases = "turning"))
  }
  expect_identical(as.matrix(turning(69)), as.matrix(ges(x, start = bn_graph(start),
                                                         phases = "turning")))
  expect_error(turning(68), "Node \"V\" has more than 68 GES operators",
               class = "learnbn_error_too_large")
})
