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

test_that("gfci() with GES on a large sample and the oracle finds the latent cause", {
  nodes <- c("A", "B", "C", "D")
  expected <- matrix(0L, 4, 4, dimnames = list(nodes, nodes))
  expected["A", "C"] <- 2L; expected["C", "A"] <- 1L  # A o-> C
  expected["B", "D"] <- 2L; expected["D", "B"] <- 1L  # B o-> D
  expected["C", "D"] <- 2L; expected["D", "C"] <- 2L  # C <-> D
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
