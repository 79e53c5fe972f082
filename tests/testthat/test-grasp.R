# GRaSP. Optimal scores come from exact_search() (dynamic programming over all DAGs); the
# data are simulated from random networks in plain R (random_problem(),
# helper-permutation.R).

# One run from a random order is a local search over orders (about two thirds of such
# problems reach the optimum, as with boss()); 5 starts reach it on 30 of these 30.
test_that("grasp with 5 starts reaches exact_search's optimum on at least 29 of 30 problems", {
  hits <- optimum_hits(function(d, score) grasp(d, score = score, restarts = 4), seed = 77)
  expect_gte(hits, 29)
})

test_that("grasp finds the collider of a three-node problem", {
  # A and B independent coins, C their "or" with 10% noise: the DAG class that fits is
  # the v-structure A -> C <- B, which the CPDAG keeps directed.
  set.seed(4)
  n <- 2000
  A <- sample(0:1, n, TRUE)
  B <- sample(0:1, n, TRUE)
  C <- ifelse(runif(n) < 0.9, A | B, !(A | B)) * 1L
  d <- bn_data(data.frame(A = factor(A), B = factor(B), C = factor(C)))
  expected <- matrix(0L, 3, 3, dimnames = list(c("A", "B", "C"), c("A", "B", "C")))
  expected["A", "C"] <- expected["B", "C"] <- 1L
  for (seed in 1:3) {
    set.seed(seed)
    g <- grasp(d, score = "bdeu")
    expect_identical(as.matrix(g), expected)
    expect_identical(as.matrix(cpdag(g)), expected)
  }
})

test_that("grasp is reproducible under set.seed() and does not depend on threads", {
  set.seed(9)
  g1 <- grasp(survey_data, restarts = 1)
  set.seed(9)
  g2 <- grasp(survey_data, restarts = 1)
  expect_identical(as.matrix(g1), as.matrix(g2))
  expect_identical(g1$info$trace, g2$info$trace)
  set.seed(9)
  g3 <- grasp(survey_data, restarts = 1, threads = 2)
  expect_identical(as.matrix(g3), as.matrix(g1))
  expect_identical(g3$info[c("tucks", "trace")], g1$info[c("tucks", "trace")])
})

test_that("grasp honours the knowledge", {
  set.seed(12)
  for (run in 1:6) {
    d <- random_problem(6, 1000, gaussian = run > 3)
    nodes <- names(d$levels)
    pairs <- t(utils::combn(nodes, 2))
    black <- pairs[sample(nrow(pairs), 3), , drop = FALSE]
    free <- pairs[-match(paste(black[, 1], black[, 2]), paste(pairs[, 1], pairs[, 2])), ]
    white <- free[sample(nrow(free), 1), 2:1, drop = FALSE]
    leaf <- setdiff(nodes, white[1, 1])[1]
    g <- grasp(d, whitelist = white, blacklist = black, max_parents = 2, no_children = leaf)
    amat <- as.matrix(g)
    expect_true(all(amat[black] == 0))
    expect_true(all(amat[white] == 1))
    expect_true(all(colSums(amat) <= 2))
    expect_true(all(amat[leaf, ] == 0))
  }
})

test_that("grasp's depth is checked and its info follows search_info()", {
  expect_error(grasp(college_data, depth = 0), class = "learnbn_error")
  set.seed(1)
  g <- grasp(college_data, score = "bdeu", iss = 5, depth = 1)
  expect_identical(names(g$info), c("algorithm", "score", "tucks", "score_evaluations",
                                    "cache_hits", "cache_hit_rate", "time", "trace"))
  expect_equal(g$score, utils::tail(g$info$trace, 1))
})
