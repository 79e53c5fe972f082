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
  failures <- character()
  for (case in 1:600) {
    n <- sample(2:5, 1)
    g1 <- prop_dag(n)
    g2 <- prop_dag(n)
    c1 <- cpdag(g1)
    c2 <- cpdag(g2)
    eq <- markov_equivalent(g1, g2)
    failures <- c(failures, failed_checks(
      paste("pair", case),
      idempotent = same_amat(cpdag(c1), c1),
      extension_same_cpdag = same_amat(cpdag(pdag_to_dag(c1)), c1),
      equivalent_iff_same_cpdag = identical(eq, same_amat(c1, c2)),
      extension_equivalent = markov_equivalent(g1, pdag_to_dag(c1))))
    agree <- agree + 1
    equivalent_pairs <- equivalent_pairs + eq
  }
  expect_identical(failures, character())
  expect_equal(agree, 600)
  # Small graphs make equivalent pairs common enough for the check to mean something.
  expect_gt(equivalent_pairs, 30)
})

test_that("BDeu, BDe, BIC, AIC and log-likelihood are score equivalent (200 pairs x 6 scores)", {
  set.seed(102)
  pairs <- 0
  failures <- character()
  while (pairs < 200) {
    n <- sample(3:5, 1)
    d <- bn_data(prop_data(n, 60))
    g <- prop_dag(n, 0.6)
    h <- reverse_covered_arc(g)
    if (is.null(h)) next
    pairs <- pairs + 1
    equal_scores <- vapply(c("bdeu", "bde", "bic", "aic", "loglik"), function(score) {
      near(network_score(h, d, score = score), network_score(g, d, score = score))
    }, TRUE)
    bdeu_7.5 <- near(network_score(h, d, score = "bdeu", iss = 7.5),
                     network_score(g, d, score = "bdeu", iss = 7.5))
    failures <- c(failures,
                  sprintf("pair %d: %s differs", pairs, names(equal_scores)[!equal_scores]),
                  failed_checks(paste("pair", pairs), equivalent = markov_equivalent(g, h),
                                bdeu_iss_7.5 = bdeu_7.5))
  }
  expect_identical(failures, character())
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

# ---- background knowledge on equivalence classes (issue 15) --------------------------------

# Random knowledge that the DAG `amat` satisfies: some of its arcs required, some of their
# reverses and some arcs between non-adjacent nodes forbidden. list(whitelist, blacklist),
# each NULL or a from/to data.frame.
prop_knowledge <- function(amat, p_required = 0.25, p_reverse = 0.25, p_absent = 0.1) {
  nodes <- rownames(amat)
  arcs <- which(amat == 1, arr.ind = TRUE)
  absent <- which(amat == 0 & t(amat) == 0 & row(amat) != col(amat), arr.ind = TRUE)
  as_list <- function(idx) {
    if (!nrow(idx)) return(NULL)
    data.frame(from = nodes[idx[, 1]], to = nodes[idx[, 2]])
  }
  required <- arcs[stats::runif(nrow(arcs)) < p_required, , drop = FALSE]
  reversed <- arcs[stats::runif(nrow(arcs)) < p_reverse, 2:1, drop = FALSE]
  absent <- absent[stats::runif(nrow(absent)) < p_absent, , drop = FALSE]
  list(whitelist = as_list(required), blacklist = as_list(rbind(reversed, absent)))
}

# Brute force, independent of Meek's rules: every DAG of the class of the CPDAG `cp` that
# has the whitelisted arcs and none of the blacklisted ones, found by trying every
# orientation of the undirected edges the lists leave open; then the PDAG with an arc
# where all of them agree and an undirected edge where they differ (the definition of the
# maximally oriented PDAG). NULL when more than `max_open` edges are open.
brute_force_oriented <- function(cp, whitelist, blacklist, max_open = 10) {
  n <- nrow(cp)
  required <- forbidden <- matrix(FALSE, n, n, dimnames = dimnames(cp))
  if (!is.null(whitelist)) required[cbind(whitelist$from, whitelist$to)] <- TRUE
  if (!is.null(blacklist)) forbidden[cbind(blacklist$from, blacklist$to)] <- TRUE
  undirected <- which(cp == 1 & t(cp) == 1 & upper.tri(cp), arr.ind = TRUE)
  base <- cp * (t(cp) == 0)  # the arcs of the CPDAG
  open <- undirected[0, , drop = FALSE]
  for (k in seq_len(nrow(undirected))) {
    i <- undirected[k, 1]
    j <- undirected[k, 2]
    forward <- required[i, j] || forbidden[j, i]
    backward <- required[j, i] || forbidden[i, j]
    if (forward && backward) return(list(members = 0L))
    if (forward) base[i, j] <- 1 else if (backward) base[j, i] <- 1 else open <- rbind(open, undirected[k, ])
  }
  if (nrow(open) > max_open) return(NULL)
  nonadjacent <- 1 - (cp | t(cp)) - diag(n)
  from_undirected <- (cp == 1 & t(cp) == 1) * 1
  agree <- NULL
  members <- 0L
  for (mask in seq_len(2^nrow(open)) - 1) {
    dag <- base
    flip <- bitwAnd(mask, 2^(seq_len(nrow(open)) - 1)) > 0
    dag[open[!flip, , drop = FALSE]] <- 1
    dag[open[flip, 2:1, drop = FALSE]] <- 1
    # a new v-structure p -> v <- q has p - v undirected in the CPDAG, p and q not adjacent
    if (sum((dag * from_undirected) * (nonadjacent %*% dag)) > 0) next
    if (any(dag[required] == 0) || any(dag[forbidden] == 1) || !plain_acyclic(dag)) next
    members <- members + 1L
    agree <- if (is.null(agree)) dag else agree * dag
  }
  if (!members) return(list(members = 0L))
  oriented <- cp
  oriented[agree == 1] <- 1L
  oriented[t(agree) == 1] <- 0L
  list(members = members, amat = oriented)
}

test_that("cpdag() with knowledge is the maximally oriented PDAG; extensions respect it (200 DAGs)", {
  set.seed(115)
  failures <- character()
  checked <- oriented_more <- 0
  for (case in 1:200) {
    g <- prop_dag(sample(5:8, 1), prob = 0.4)
    k <- prop_knowledge(as.matrix(g))
    essential <- cpdag(g)
    result <- cpdag(g, whitelist = k$whitelist, blacklist = k$blacklist)
    fail <- function(what) failures <<- c(failures, paste0("case ", case, ": ", what))
    expected <- brute_force_oriented(as.matrix(essential), k$whitelist, k$blacklist)
    if (!is.null(expected)) {
      checked <- checked + 1
      if (expected$members == 0L) fail("no member found by brute force")
      else if (!identical(as.matrix(result) == 1, expected$amat == 1)) fail("not the brute-force PDAG")
    }
    changed <- !identical(as.matrix(result), as.matrix(essential))
    oriented_more <- oriented_more + changed
    if (result$type != if (changed) "pdag" else "cpdag") fail("wrong type")
    for (ext in list(pdag_to_dag(result), pdag_to_dag(essential, k$whitelist, k$blacklist),
                     pdag_to_dag(g, k$whitelist, k$blacklist))) {
      if (!markov_equivalent(ext, g)) fail("extension left the class")
      if (length(knowledge_violations(ext, k$whitelist, k$blacklist))) fail("extension breaks the knowledge")
    }
    if (length(knowledge_violations(result, k$whitelist, k$blacklist))) fail("result breaks the knowledge")
  }
  expect_identical(failures, character())
  expect_gt(checked, 180)       # almost every case is small enough for brute force
  expect_gt(oriented_more, 60)  # and the knowledge often orients more than the CPDAG
})

test_that("learners with random knowledge never break it, nor do their extensions (15 data sets)", {
  set.seed(116)
  failures <- character()
  no_extension <- 0
  for (case in 1:15) {
    n <- sample(4:6, 1)
    d <- bn_data(prop_data(n, 400))
    nodes <- names(d$levels)
    order <- sample(nodes)
    picks <- sort(sample(n, 2))
    whitelist <- if (case %% 3) data.frame(from = order[picks[1]], to = order[picks[2]])
    blacklist <- data.frame(from = sample(nodes, 3, TRUE), to = sample(nodes, 3, TRUE))
    blacklist <- blacklist[blacklist$from != blacklist$to, ]
    if (!is.null(whitelist)) {
      blacklist <- blacklist[paste(blacklist$from, blacklist$to) != paste(whitelist$from, whitelist$to), ]
    }
    fail <- function(what) failures <<- c(failures, paste0("case ", case, ": ", what))
    check <- function(g, what) {
      if (length(knowledge_violations(g, whitelist, blacklist))) fail(paste(what, "breaks the knowledge"))
    }
    for (learner in list(ges, pdag_search)) {
      g <- learner(d, score = "bic", whitelist = whitelist, blacklist = blacklist)
      if (!identical(as.matrix(g), as.matrix(cpdag(g$info$dag, whitelist, blacklist)))) {
        fail("a class search's result is not the maximally oriented PDAG")
      }
      check(g, "a class search")
      check(pdag_to_dag(g), "a class search's extension")
      check(g$info$dag, "a class search's info$dag")
    }
    g <- suppressWarnings(pc(d, whitelist = whitelist, blacklist = blacklist))
    check(g, "pc")
    ext <- tryCatch(pdag_to_dag(g), learnbn_error_no_extension = function(e) NULL)
    if (is.null(ext)) no_extension <- no_extension + 1 else check(ext, "pc's extension")
    check(hybrid(d, score = "bic", whitelist = whitelist, blacklist = blacklist), "hybrid")
  }
  expect_identical(failures, character())
  expect_lt(no_extension, 5)
})
