college_data <- bn_data(college_plans, counts = "count")
college <- college_plans[rep(seq_len(nrow(college_plans)), college_plans$count), 1:5]

# N * mutual information of two factors, from the contingency table.
ref_n_mi <- function(x, y) {
  N <- table(x, y)
  n <- sum(N)
  expected <- outer(rowSums(N), colSums(N)) / n
  sum(ifelse(N > 0, N * log(N / expected), 0))
}

# Kruskal's algorithm on the positive weights: the edge set as sorted "a-b" strings.
ref_kruskal <- function(w) {
  nodes <- rownames(w)
  pairs <- which(upper.tri(w) & w > 0, arr.ind = TRUE)
  pairs <- pairs[order(-w[pairs]), , drop = FALSE]
  component <- seq_along(nodes)
  edges <- character()
  for (i in seq_len(nrow(pairs))) {
    a <- component[pairs[i, 1]]
    b <- component[pairs[i, 2]]
    if (a == b) next
    component[component == b] <- a
    edges <- c(edges, paste(sort(nodes[pairs[i, ]]), collapse = "-"))
  }
  sort(edges)
}

edge_set <- function(g) {
  a <- arcs(g)
  sort(apply(a[, c("from", "to")], 1, function(e) paste(sort(e), collapse = "-")))
}

test_that("log-likelihood weights are N times the mutual information and give the maximum spanning tree", {
  g <- chow_liu(college_data)
  nodes <- names(college)
  w <- outer(seq_along(nodes), seq_along(nodes), Vectorize(function(i, j) {
    if (i == j) 0 else ref_n_mi(college[[i]], college[[j]])
  }))
  dimnames(w) <- list(nodes, nodes)
  expect_equal(g$info$weights, w, tolerance = 1e-9)
  expect_equal(edge_set(g), ref_kruskal(w))
  expect_equal(nrow(arcs(g)), 4)
  expect_equal(g$type, "forest")
  expect_true(all(!arcs(g)$directed))
})

test_that("BIC weights can be negative, giving a forest", {
  set.seed(3)
  d <- data.frame(a = sample(c("x", "y"), 300, TRUE), b = sample(c("u", "v", "w"), 300, TRUE))
  d$c <- ifelse(runif(300) < 0.8, d$a, sample(c("x", "y"), 300, TRUE))
  g <- chow_liu(d, score = "bic")
  n <- nrow(d)
  w <- function(x, y) ref_n_mi(d[[x]], d[[y]]) - log(n) / 2 * (length(unique(d[[x]])) - 1) * (length(unique(d[[y]])) - 1)
  expect_gt(w("a", "c"), 0)
  expect_lt(w("a", "b"), 0)
  expect_equal(edge_set(g), "a-c")
  expect_equal(g$info$weights["a", "b"], w("a", "b"), tolerance = 1e-9)
})

test_that("a root orients every tree away from it and the score is the network's", {
  g <- chow_liu(college_data, score = "bic", root = "CP")
  a <- as.matrix(g)
  expect_true(is_dag(g))
  expect_true(all(colSums(a) <= 1))
  expect_equal(sum(a[, "CP"]), 0)
  expect_equal(g$score, network_score(g, college_data, score = "bic"), tolerance = 1e-9)
  undirected <- chow_liu(college_data, score = "bic")
  expect_equal(edge_set(undirected), edge_set(g))
  expect_equal(undirected$score, g$score, tolerance = 1e-9)
  # No other forest scores better: compare with hill climbing limited to one parent.
  expect_gte(g$score + 1e-9, hill_climb(college_data, score = "bic", max_parents = 1)$score)
})

test_that("blacklisted pairs are left out and bad arguments are classed errors", {
  g <- chow_liu(college_data, blacklist = data.frame(c("PE", "CP"), c("CP", "PE")))
  expect_false("CP-PE" %in% edge_set(g))
  expect_error(chow_liu(college_data, score = "k2"), class = "learnbn_error_value")
  expect_error(chow_liu(college_data, root = "XX"), class = "learnbn_error_unknown_node")
  expect_error(chow_liu(college_data, root = 1), class = "learnbn_error_type")
})
