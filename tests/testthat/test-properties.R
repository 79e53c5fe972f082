# Property tests over many random small cases (issue 7). Every block fixes its seed;
# the counts of cases are in the comments and the whole file runs in well under 30 s.

prop_dag <- function(n, prob = 0.5) {
  nodes <- LETTERS[seq_len(n)]
  amat <- matrix(0, n, n, dimnames = list(nodes, nodes))
  ord <- sample(n)
  amat[ord, ord] <- upper.tri(amat) & matrix(stats::runif(n * n) < prob, n, n)
  bn_graph(amat)
}

# Random discrete data with dependencies along a random DAG (each variable copies a
# parent's code with probability 0.7, otherwise draws uniformly).
prop_data <- function(n_vars, n_rows, levels = 2:3) {
  g <- prop_dag(n_vars, 0.4)
  amat <- as.matrix(g)
  card <- sample(levels, n_vars, TRUE)
  codes <- matrix(0L, n_rows, n_vars)
  for (v in topological_order(g)) {
    j <- match(v, colnames(amat))
    parents <- which(amat[, j] == 1)
    codes[, j] <- sample.int(card[j], n_rows, TRUE)
    if (length(parents)) {
      copy <- stats::runif(n_rows) < 0.7
      codes[copy, j] <- (codes[copy, parents[1]] - 1L) %% card[j] + 1L
    }
  }
  out <- as.data.frame(lapply(seq_len(n_vars), function(j) factor(codes[, j], 1:card[j])))
  names(out) <- colnames(amat)
  out
}

same_amat <- function(g1, g2) {
  nodes <- nodes(g1)
  identical(unname(as.matrix(g1)[nodes, nodes] != 0), unname(as.matrix(g2)[nodes, nodes] != 0))
}

# A DAG in the same equivalence class: reverse a random covered arc X -> Y (pa(Y) = pa(X) + X).
reverse_covered_arc <- function(g) {
  amat <- as.matrix(g)
  arcs <- which(amat == 1, arr.ind = TRUE)
  covered <- arcs[apply(arcs, 1, function(a) {
    pa_x <- amat[, a[1]] == 1
    pa_y <- amat[, a[2]] == 1
    pa_x[a[1]] <- TRUE
    identical(pa_x, pa_y)
  }), , drop = FALSE]
  if (!nrow(covered)) return(NULL)
  a <- covered[sample.int(nrow(covered), 1), ]
  amat[a[1], a[2]] <- 0
  amat[a[2], a[1]] <- 1
  bn_graph(amat)
}

test_that("cpdag() is idempotent and markov_equivalent() agrees with equal CPDAGs (1,200 DAGs)", {
  set.seed(101)
  agree <- 0
  equivalent_pairs <- 0
  for (case in 1:600) {
    n <- sample(2:5, 1)
    g1 <- prop_dag(n)
    g2 <- prop_dag(n)
    c1 <- cpdag(g1)
    c2 <- cpdag(g2)
    expect_true(same_amat(cpdag(c1), c1))
    expect_true(same_amat(cpdag(pdag_to_dag(c1)), c1))
    eq <- markov_equivalent(g1, g2)
    expect_identical(eq, same_amat(c1, c2))
    expect_true(markov_equivalent(g1, pdag_to_dag(c1)))
    agree <- agree + 1
    equivalent_pairs <- equivalent_pairs + eq
  }
  expect_equal(agree, 600)
  # Small graphs make equivalent pairs common enough for the check to mean something.
  expect_gt(equivalent_pairs, 30)
})

test_that("BDeu, BDe, BIC, AIC and log-likelihood are score equivalent (200 pairs x 6 scores)", {
  set.seed(102)
  pairs <- 0
  while (pairs < 200) {
    n <- sample(3:5, 1)
    d <- bn_data(prop_data(n, 60))
    g <- prop_dag(n, 0.6)
    h <- reverse_covered_arc(g)
    if (is.null(h)) next
    pairs <- pairs + 1
    expect_true(markov_equivalent(g, h))
    for (score in c("bdeu", "bde", "bic", "aic", "loglik")) {
      expect_equal(network_score(h, d, score = score), network_score(g, d, score = score),
                   tolerance = 1e-9)
    }
    expect_equal(network_score(h, d, score = "bdeu", iss = 7.5),
                 network_score(g, d, score = "bdeu", iss = 7.5), tolerance = 1e-9)
  }
  expect_equal(pairs, 200)
})

test_that("exact_search() scores at least as high as every heuristic (25 data sets)", {
  set.seed(103)
  for (case in 1:25) {
    n <- sample(3:5, 1)
    d <- bn_data(prop_data(n, sample(c(30, 200), 1)))
    score <- sample(c("bdeu", "bic"), 1)
    best <- exact_search(d, score = score)
    expect_equal(best$score, network_score(best, d, score = score), tolerance = 1e-9)
    heuristics <- list(hill_climb(d, score = score), tabu_search(d, score = score),
                       local_search(d, score = score),
                       k2_search(d, order = sample(nodes(best)), score = score),
                       simulated_annealing(d, score = score),
                       genetic_search(d, score = score))
    if (n <= 4) heuristics <- c(heuristics, list(exhaustive_search(d, score = score)))
    for (h in heuristics) {
      expect_lte(network_score(h, d, score = score), best$score + 1e-8)
    }
  }
})

test_that("hill_climb() returns a local optimum of its neighbourhood (25 data sets)", {
  set.seed(104)
  moves <- 0
  for (case in 1:25) {
    n <- sample(3:5, 1)
    d <- bn_data(prop_data(n, 100))
    g <- hill_climb(d)
    amat <- as.matrix(g)
    expect_equal(g$score, network_score(g, d), tolerance = 1e-9)
    for (i in seq_len(n)) for (j in seq_len(n)) {
      if (i == j) next
      neighbours <- list()
      if (amat[i, j] == 1) {
        removed <- amat
        removed[i, j] <- 0
        reversed <- removed
        reversed[j, i] <- 1
        neighbours <- list(removed, reversed)
      } else if (amat[j, i] == 0) {
        added <- amat
        added[i, j] <- 1
        neighbours <- list(added)
      }
      for (m in neighbours) {
        h <- tryCatch(bn_graph(m), learnbn_error_cycle = function(e) NULL)
        if (is.null(h)) next
        moves <- moves + 1
        expect_lte(network_score(h, d), g$score + 1e-8)
      }
    }
  }
  expect_gt(moves, 250)
})

test_that("simulate -> fit recovers the CPTs, more closely with more data (asia, survey)", {
  set.seed(105)
  for (file in c("asia.bif", "survey.bif")) {
    truth <- read_bif(system.file("extdata", file, package = "learnbn"))
    errors <- vapply(c(500, 50000), function(n) {
      sim <- simulate_data(truth, n)
      fit <- fit_parameters(truth$graph, sim, method = "bayes", iss = 1)
      # Largest error over the parent configurations that occur at least 200 times.
      max(vapply(names(truth$cpts), function(node) {
        parents <- names(dimnames(truth$cpts[[node]]))[-1]
        seen <- if (length(parents)) table(sim[parents]) else length(sim[[node]])
        diff <- abs(fit$cpts[[node]] - truth$cpts[[node]])
        keep <- rep(as.vector(seen) >= 200, each = dim(diff)[1])
        if (any(keep)) max(diff[keep]) else 0
      }, numeric(1)))
    }, numeric(1))
    expect_lt(errors[2], 0.05)
    expect_lt(errors[2], errors[1])
  }
})

test_that("threaded runs equal serial runs (10 data sets)", {
  set.seed(106)
  for (case in 1:10) {
    n <- sample(4:7, 1)
    d <- bn_data(prop_data(n, 300))
    serial <- hill_climb(d, restarts = 2)
    set.seed(case)
    a <- hill_climb(d, restarts = 2, threads = 1)
    set.seed(case)
    b <- hill_climb(d, restarts = 2, threads = 2)
    expect_true(same_amat(a, b))
    expect_equal(a$score, b$score)
    expect_true(same_amat(tabu_search(d), tabu_search(d, threads = 2)))
    expect_equal(network_score(serial, d), network_score(serial, d, threads = 2))
    expect_true(same_amat(pc(d, conflicts = "first"), pc(d, conflicts = "first", threads = 2)))
    expect_equal(exact_search(d)$score, exact_search(d, threads = 2)$score)
  }
})

test_that("results are unchanged by permuting the columns where promised (20 data sets)", {
  set.seed(107)
  for (case in 1:20) {
    n <- sample(3:6, 1)
    frame <- prop_data(n, 200)
    perm <- frame[sample(n)]
    g <- prop_dag(n)
    # Scores of a fixed DAG, the optimum of exact search and PC (which sorts the
    # variables by name) do not depend on the column order.
    expect_equal(network_score(g, perm), network_score(g, frame), tolerance = 1e-9)
    expect_equal(exact_search(perm)$score, exact_search(frame)$score, tolerance = 1e-9)
    expect_true(same_amat(pc(perm, conflicts = "first"), pc(frame, conflicts = "first")))
    x <- names(frame)[1]
    y <- names(frame)[2]
    expect_equal(ci_test(perm, x, y)$statistic, ci_test(frame, x, y)$statistic)
  }
})
