# gfci(): with the d-separation oracle and an independence map of the marginal as the GES
# graph, it must return the true PAG (dag_to_pag(), itself checked against pcalg's
# dag2pag() in test-fci.R); on data, its separating sets must separate and its graph be a
# PAG; on Florida, the PAG worked out from the tests below.

dag2pag_cases <- function() readRDS(test_path("ref", "fci_dag2pag_cases.rds"))

# The minimal independence map of the DAG's marginal over the observed nodes in a
# topological order of the DAG (Pearl 1988): each node's parents are the earlier observed
# nodes that the other earlier ones do not d-separate from it. Returned as GES returns
# its graph: the CPDAG, with the DAG in info$dag.
oracle_imap <- function(dag, latent) {
  order <- setdiff(learnbn:::topological_order(dag), latent)
  amat <- matrix(0L, length(order), length(order), dimnames = list(order, order))
  for (i in seq_along(order)[-1]) {
    pred <- order[seq_len(i - 1)]
    for (p in pred) {
      if (!dsep(dag, order[i], p, setdiff(pred, p))) amat[p, order[i]] <- 1L
    }
  }
  g <- bn_graph(amat)
  start <- cpdag(g)
  start$info$dag <- g
  start
}

gfci_with_start <- function(start, oracle) {
  setup <- learnbn:::gfci_setup(NULL, oracle, 0.05, NULL, NULL, FALSE, NULL, NULL)
  learnbn:::gfci_from(start, setup, learnbn:::gfci_options(0.05, Inf, TRUE, TRUE), FALSE)
}

test_that("gfci() with the oracle and an I-map start returns exactly the true PAG", {
  for (case in dag2pag_cases()) {
    dag <- bn_graph(case$amat)
    oracle <- dsep_oracle(dag, latent = case$latent)
    g <- gfci_with_start(oracle_imap(dag, case$latent), oracle)
    expect_equal(g$amat, case$pag, ignore_attr = TRUE)
  }
})

# A -> C <- L -> D <- B with L hidden: C and D share a latent cause, so the true PAG is
# A o-> C <-> D <-o B (worked out by hand: A _||_ D, B _||_ C and A _||_ B marginally,
# C and D dependent given anything). Linear Gaussian data from it, for the score.
latent_y_data <- function(n) {
  set.seed(7)
  a <- rnorm(n); b <- rnorm(n); l <- rnorm(n)
  data.frame(A = a, B = b, C = 0.8 * a + 0.8 * l + rnorm(n),
             D = 0.8 * l + 0.8 * b + rnorm(n))
}
latent_y_dag <- function() bn_graph_from_string("[A][B][L][C|A:L][D|L:B]")
latent_y_pag <- function() {
  nodes <- c("A", "B", "C", "D")
  expected <- matrix(0L, 4, 4, dimnames = list(nodes, nodes))
  expected["A", "C"] <- 2L; expected["C", "A"] <- 1L  # A o-> C
  expected["B", "D"] <- 2L; expected["D", "B"] <- 1L  # B o-> D
  expected["C", "D"] <- 2L; expected["D", "C"] <- 2L  # C <-> D
  expected
}

test_that("gfci() with GES on a large sample and the oracle finds the latent cause", {
  expected <- latent_y_pag()
  dag <- latent_y_dag()
  expect_equal(dag_to_pag(dag, "L")$amat, expected, ignore_attr = "storage.mode")
  g <- gfci(latent_y_data(20000), test = dsep_oracle(dag, "L"), score = "bic")
  expect_equal(g$amat, expected, ignore_attr = "storage.mode")
  expect_identical(g$info$test, "dsep_oracle")
  # No DAG over A, B, C, D has exactly these independences: GES's graph has an extra
  # edge, which the tests remove.
  ges_amat <- as.matrix(g$info$ges)
  expect_gt(sum((ges_amat + t(ges_amat))[upper.tri(ges_amat)] > 0), 3)
  # The same on the data alone, with Fisher's z.
  expect_equal(gfci(latent_y_data(20000))$amat, expected, ignore_attr = "storage.mode")
})

# A PAG's structural checks: marks in 0:3, each edge marked at both ends, and no directed
# or almost directed cycle (an ancestral graph has neither).
expect_pag_shape <- function(amat) {
  expect_true(all(amat %in% 0:3))
  expect_identical(amat != 0, t(amat) != 0)
  directed <- amat == 2L & t(amat) == 3L  # [i, j]: i -> j
  reach <- directed
  repeat {
    more <- reach | (reach %*% directed) > 0
    if (identical(more, reach)) break
    reach <- more
  }
  expect_false(any(diag(reach)))
  expect_false(any(reach & (amat == 2L & t(amat) == 2L)))  # i <-> j with i ancestor of j
}

test_that("gfci() on data: every separating set separates, the graph is a PAG", {
  set.seed(3)
  n <- 1500
  l1 <- rnorm(n); l2 <- rnorm(n); x1 <- rnorm(n)
  x2 <- 0.7 * x1 + 0.7 * l1 + rnorm(n)
  x3 <- 0.7 * l1 + 0.6 * l2 + rnorm(n)
  x4 <- 0.7 * l2 + rnorm(n)
  x5 <- 0.6 * x2 + 0.6 * x4 + rnorm(n)
  x6 <- 0.8 * x3 + rnorm(n)
  df <- data.frame(x1, x2, x3, x4, x5, x6)
  g <- gfci(df, test = "fisher_z", alpha = 0.05)
  expect_pag_shape(g$amat)
  # Here the sample is large enough for the true PAG, x2 <-> x3 (their hidden cause l1)
  # included; GES joins x2 and x4 too (through l1 - x3 - l2), which a test removes.
  dag <- bn_graph_from_string("[l1][l2][x1][x2|x1:l1][x3|l1:l2][x4|l2][x5|x2:x4][x6|x3]")
  expect_equal(g$amat, dag_to_pag(dag, c("l1", "l2"))$amat, ignore_attr = TRUE)
  s <- g$info$sepsets
  expect_gt(nrow(s), 0)
  for (k in seq_len(nrow(s))) {
    z <- if (nzchar(s$z[k])) strsplit(s$z[k], ";")[[1]] else character()
    p <- ci_test(df, s$x[k], s$y[k], z, test = "fisher_z")$p_value
    expect_equal(s$p_value[k], p, tolerance = 1e-10)
    expect_gt(p, 0.05)
    expect_identical(g$amat[s$x[k], s$y[k]], 0L)
  }
  # The tests only remove edges of GES's graph, and each removal has its separating set.
  ges_adj <- as.matrix(g$info$ges) != 0
  ges_adj <- ges_adj | t(ges_adj)
  adj <- g$amat != 0
  expect_false(any(adj & !ges_adj))
  removed <- which(ges_adj & !adj & upper.tri(adj), arr.ind = TRUE)
  pairs <- paste(pmin(s$x, s$y), pmax(s$x, s$y))
  nodes <- colnames(adj)
  expect_setequal(paste(nodes[removed[, 1]], nodes[removed[, 2]]), pairs)
  expect_true(all(g$info$tests$phase %in% c("skeleton", "possible-d-sep")))
  tested <- g$info$tests[g$info$tests$phase == "skeleton", ]
  expect_true(all(ges_adj[cbind(tested$x, tested$y)]))
})

test_that("gfci() on the Florida data finds FCI's PAG from GES's graph", {
  fl <- bn_data(florida, counts = "count")
  g <- gfci(fl, test = "g2", alpha = 0.05)
  # pcalg::fci()'s PAG on the same data, test and alpha (the literal of test-fci.R):
  # D o-> V <-o R, V --> I <-- R, I --> S. GES's graph joins the same pairs and R - S,
  # which the possible-d-sep phase removes (R _||_ S | D, I, V, as in FCI).
  nodes <- c("V", "D", "R", "I", "S")
  expected <- matrix(c(0, 1, 1, 2, 0,  2, 0, 0, 0, 0,  2, 0, 0, 2, 0,  3, 0, 3, 0, 2,
                       0, 0, 0, 3, 0), 5, byrow = TRUE, dimnames = list(nodes, nodes))
  expect_equal(g$amat, expected, ignore_attr = "storage.mode")
  ges_amat <- as.matrix(g$info$ges)
  ges_adj <- (ges_amat + t(ges_amat)) > 0
  expect_identical(unname(ges_adj), unname(g$amat != 0 | outer(nodes, nodes, function(a, b)
    (a == "R" & b == "S") | (a == "S" & b == "R"))))
  expect_identical(as.list(g$info$sepsets[, c("x", "y", "z")]),
                   list(x = "R", y = "S", z = "D;I;V"))
  expect_equal(g$info$sepsets$p_value,
               ci_test(fl, "R", "S", c("D", "I", "V"), test = "g2")$p_value)
  # The V - R edge: R o-> V, so V does not cause R (a latent cause or R -> V).
  expect_identical(c(g$amat["R", "V"], g$amat["V", "R"]), c(2L, 1L))
  expect_identical(g$info$algorithm, "gfci")
  expect_output(explain_fci(g), "GFCI: G2 .*R _[|][|]_ S [|] D, I, V")
  expect_s3_class(g$info$ges, "bn_graph")
})

test_that("gfci() refuses bad input with classed errors", {
  fl <- bn_data(florida, counts = "count")
  dag <- latent_y_dag()
  expect_error(gfci(NULL, test = dsep_oracle(dag, "L")), class = "learnbn_error_value")
  expect_error(gfci(fl, test = dsep_oracle(dag, "L")), class = "learnbn_error_value")
  expect_error(gfci(fl, alpha = 2), class = "learnbn_error")
  expect_error(gfci(fl, max_cond = -1), class = "learnbn_error")
  expect_error(gfci(fl, pdsep = NA), class = "learnbn_error_type")
  expect_error(gfci(fl, score = "k2"), class = "learnbn_error_not_score_equivalent")
  expect_error(gfci(fl, search = "fges"), class = "learnbn_error_value")
  expect_error(gfci(fl, search = NA), class = "learnbn_error_value")
})

test_that("gfci() keeps whitelisted pairs and never joins blacklisted ones", {
  fl <- bn_data(florida, counts = "count")
  # R - S, which the possible-d-sep phase removes above, stays when whitelisted.
  g <- gfci(fl, test = "g2", whitelist = data.frame("R", "S"))
  expect_true(g$amat["R", "S"] != 0L && g$amat["S", "R"] != 0L)
  expect_false(any(g$info$tests$x %in% c("R", "S") & g$info$tests$y %in% c("R", "S")))
  g <- gfci(fl, test = "g2", blacklist = data.frame(c("R", "V"), c("V", "R")))
  expect_identical(c(g$amat["R", "V"], g$amat["V", "R"]), c(0L, 0L))
})

test_that("gfci() with long permutation tests stops on every interrupt", {
  skip_interrupts()  # helper-interrupts.R
  expect_interrupted_every_time(function() learnbn::college_plans, function(d) {
    learnbn::gfci(d, test = "x2_perm", B = 1e6)
  }, times = 5)
})

# Linear Gaussian data (every coefficient 0.8, unit noise) from a DAG with latents,
# returned over the observed nodes only.
simulate_latent_dag <- function(dag, latent, n) {
  amat <- as.matrix(dag)
  x <- matrix(0, n, ncol(amat), dimnames = list(NULL, colnames(amat)))
  for (v in learnbn:::topological_order(dag)) {
    x[, v] <- rnorm(n) + x[, amat[, v] == 1, drop = FALSE] %*% rep(0.8, sum(amat[, v]))
  }
  as.data.frame(x[, setdiff(colnames(amat), latent)])
}

# Plain-R check that the DAG g over the observed nodes is an independence map of the
# marginal of `truth`: every node is d-separated in `truth` from its non-descendants in
# g given its parents in g (the local Markov property).
is_marginal_imap <- function(g, truth) {
  amat <- as.matrix(g)
  for (v in colnames(amat)) {
    pa <- rownames(amat)[amat[, v] == 1]
    for (u in setdiff(colnames(amat), c(v, pa, descendants(g, v)))) {
      if (!dsep(truth, v, u, pa)) return(FALSE)
    }
  }
  TRUE
}

test_that("gfci(search = \"boss\") with the oracle: the true PAG when BOSS finds an I-map", {
  dag <- latent_y_dag()
  expect_true(is_marginal_imap(oracle_imap(dag, "L")$info$dag, dag))
  expect_false(is_marginal_imap(bn_graph_from_string("[A][B][C][D]"), dag))
  cases <- Filter(function(case) nrow(case$amat) <= 7, dag2pag_cases())
  imap <- found <- logical(length(cases))
  for (i in seq_along(cases)) {
    truth <- bn_graph(cases[[i]]$amat)
    set.seed(i)
    d <- simulate_latent_dag(truth, cases[[i]]$latent, 5000)
    g <- gfci(d, test = dsep_oracle(truth, cases[[i]]$latent), search = "boss")
    expect_identical(g$info$search, "boss")
    imap[i] <- is_marginal_imap(g$info$boss$info$dag, truth)
    found[i] <- isTRUE(all.equal(g$amat, cases[[i]]$pag, check.attributes = FALSE))
  }
  # GFCI's promise: an I-map start and the oracle give the true PAG. At 5,000 rows BOSS
  # found an I-map on 21 of these 27 DAGs (seeds as above), and the PAG is wrong on the
  # other 6.
  expect_identical(found[imap], rep(TRUE, sum(imap)))
  expect_identical(c(length(cases), sum(imap), sum(found)), c(27L, 21L, 21L))
})

test_that("gfci(search = \"boss\") finds the latent cause; set.seed() reproduces it", {
  expected <- latent_y_pag()
  d <- latent_y_data(20000)
  set.seed(3)
  g <- gfci(d, test = dsep_oracle(latent_y_dag(), "L"), search = "boss", score = "bic")
  expect_equal(g$amat, expected, ignore_attr = "storage.mode")
  expect_identical(g$info$search, "boss")
  expect_null(g$info$ges)
  expect_identical(g$info$boss$info$algorithm, "boss")
  expect_true(is_marginal_imap(g$info$boss$info$dag, latent_y_dag()))
  expect_identical(cpdag(g$info$boss$info$dag)$amat, g$info$boss$amat)
  # On the data with Fisher's z, two runs from one seed agree, also with restarts in `...`.
  runs <- lapply(1:2, function(i) {
    set.seed(11)
    gfci(d[1:500, ], search = "boss", restarts = 2)
  })
  expect_identical(runs[[1]]$amat, runs[[2]]$amat)
  expect_identical(runs[[1]]$info$boss$info$dag$amat, runs[[2]]$info$boss$info$dag$amat)
  expect_identical(runs[[1]]$info$sepsets, runs[[2]]$info$sepsets)
  expect_identical(gfci(d[1:500, ])$info$search, "ges")
  # BOSS's class is defined for any score: "k2" is accepted, and the start is boss()'s DAG.
  fl <- bn_data(florida, counts = "count")
  set.seed(5)
  g <- gfci(fl, score = "k2", search = "boss", restarts = 1)
  set.seed(5)
  expect_identical(g$info$boss$info$dag$amat, boss(fl, score = "k2", restarts = 1)$amat)
})
