# Gaussian data from a random DAG on p nodes (arcs i -> j, i < j), n_obs observational
# rows, then n_int rows for each of two target nodes, set to N(2, 1).
sim_interventional <- function(seed, p = 7, prob = 0.35, n_obs = 600, n_int = 200) {
  set.seed(seed)
  w <- matrix(0, p, p)
  k <- p * (p - 1) / 2
  w[upper.tri(w)] <- ifelse(runif(k) < prob, runif(k, 0.5, 1.5) * sample(c(-1, 1), k, TRUE), 0)
  targets <- sort(sample(p, 2))
  draw <- function(n, target) {
    x <- matrix(0, n, p)
    for (j in seq_len(p)) x[, j] <- if (j %in% target) rnorm(n, 2) else x %*% w[, j] + rnorm(n)
    x
  }
  x <- draw(n_obs, integer())
  index <- rep(1L, n_obs)
  for (t in seq_along(targets)) {
    x <- rbind(x, draw(n_int, targets[t]))
    index <- c(index, rep(t + 1L, n_int))
  }
  colnames(x) <- paste0("X", seq_len(p))
  sets <- lapply(seq_along(targets), function(t) which(index == t + 1L))
  bn_data(as.data.frame(x), interventions = stats::setNames(sets, paste0("X", targets)))
}

# An adjacency matrix from edges "a -> b" and "a - b".
edges_matrix <- function(edges, nodes) {
  m <- matrix(0L, length(nodes), length(nodes), dimnames = list(nodes, nodes))
  for (e in strsplit(edges, " ")) {
    m[e[1], e[3]] <- 1L
    if (e[2] == "-") m[e[3], e[1]] <- 1L
  }
  m
}

test_that("gies() finds pcalg's interventional essential graphs", {
  # pcalg 2.7's gies(new("GaussL0penIntScore", x, targets, target.index),
  # phase = c("forward", "backward"), iterate = FALSE) on the same data (targets
  # list(integer(0), t1, t2)); learnbn matched it on all of 50 such data sets.
  expected <- list(
    "1" = c("X1 -> X2", "X2 -> X4", "X4 -> X5", "X1 -> X6", "X2 -> X6"),
    "2" = c("X2 -> X1", "X4 -> X1", "X2 -> X4", "X1 -> X5", "X2 -> X6", "X4 -> X6", "X3 -> X7",
            "X5 -> X7"),
    "7" = c("X2 -> X3", "X1 -> X4", "X2 -> X4", "X4 - X6", "X1 -> X5", "X3 -> X5", "X7 -> X5",
            "X1 -> X6", "X2 -> X6", "X1 -> X7", "X3 -> X7"))
  for (seed in names(expected)) {
    d <- sim_interventional(as.integer(seed))
    g <- gies(d, score = "bic")
    expect_identical(as.matrix(g), edges_matrix(expected[[seed]], paste0("X", 1:7)),
                     info = seed)
    expect_identical(g$type, "pdag")
    expect_identical(g$info$algorithm, "gies")
    # Its score is that of its DAGs (every consistent extension scores the same).
    expect_equal(g$score, network_score(pdag_to_dag(g), d, "bic"), tolerance = 1e-9)
  }
  expect_identical(g$info$targets, list("X2", "X5"))
})

test_that("interventions on the middle of a chain orient it; without them it stays a class", {
  set.seed(2)
  n <- 2000
  a <- rbinom(n, 1, 0.5)
  b <- ifelse(runif(n) < 0.85, a, 1 - a)
  b[1001:2000] <- rbinom(1000, 1, 0.5)
  x <- data.frame(A = factor(a), B = factor(b), C = factor(ifelse(runif(n) < 0.85, b, 1 - b)))
  chain <- edges_matrix(c("A -> B", "B -> C"), c("A", "B", "C"))
  # Both edges have one end in the target {B}: both are oriented.
  expect_identical(as.matrix(gies(bn_data(x, interventions = list(B = 1001:2000)))), chain)
  # A target {A} orients A -> B, and Meek's R1 then B -> C (A and C are not adjacent).
  expect_identical(as.matrix(gies(bn_data(x, interventions = list(A = 1:10)))), chain)
  observational <- gies(x)
  expect_identical(observational$type, "cpdag")
  expect_identical(as.matrix(observational), as.matrix(ges(x)))
  expect_identical(sum(as.matrix(observational)), 4L)
})
