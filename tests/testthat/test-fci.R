# fci(), dsep_oracle() and dag_to_pag() against pcalg 2.7.12 (an independent
# implementation): its dag2pag() on random DAGs with latent nodes, and its fci() on the
# reference data with hidden columns; and small PAGs worked out by hand.

# ref/fci_dag2pag_cases.rds: 50 DAGs from pcalg::randomDAG(p, prob = 0.35) with p in 6:10
# (set.seed(1)), up to two latent nodes among those with two children or more, and
# pcalg::dag2pag(suffStat = list(g, jp), indepTest = dsepTest, alpha = 0.5)'s PAG.
dag2pag_cases <- function() readRDS(test_path("ref", "fci_dag2pag_cases.rds"))

test_that("dag_to_pag() is pcalg's dag2pag() on 50 random DAGs with latent nodes", {
  for (case in dag2pag_cases()) {
    pag <- dag_to_pag(bn_graph(case$amat), latent = case$latent)
    expect_s3_class(pag, "bn_pag")
    expect_identical(pag$latent, case$latent)
    expect_equal(pag$amat, case$pag, ignore_attr = TRUE)
    expect_identical(dimnames(pag$amat), dimnames(case$pag))
  }
})

test_that("fci() with the d-separation oracle returns exactly the true PAG", {
  cases <- dag2pag_cases()
  for (case in cases) {
    oracle <- dsep_oracle(bn_graph(case$amat), latent = case$latent)
    g <- fci(NULL, test = oracle)
    expect_equal(g$amat, case$pag, ignore_attr = TRUE)
    expect_identical(g$info$test, "dsep_oracle")
  }
  # Under the oracle every triple is unambiguous: conservative and majority-rule FCI
  # (which test each triple again) return the same PAG; so does the original skeleton.
  for (case in cases[1:10]) {
    oracle <- dsep_oracle(bn_graph(case$amat), latent = case$latent)
    for (o in c("conservative", "majority")) {
      g <- fci(NULL, test = oracle, orientation = o, stable = FALSE)
      expect_equal(g$amat, case$pag, ignore_attr = TRUE)
      expect_identical(nrow(g$info$ambiguous), 0L)
    }
  }
})

test_that("dag_to_pag() finds the latent common cause, by hand", {
  # X -> A <- L -> B <- Y with L hidden: A and B share the latent cause L, so A <-> B;
  # X and Y are not ancestors of each other's neighbours: X o-> A, Y o-> B.
  dag <- bn_graph_from_string("[X][Y][L][A|X:L][B|L:Y]")
  pag <- dag_to_pag(dag, latent = "L")
  nodes <- c("X", "Y", "A", "B")
  expected <- matrix(0L, 4, 4, dimnames = list(nodes, nodes))
  expected["X", "A"] <- 2L; expected["A", "X"] <- 1L  # X o-> A
  expected["Y", "B"] <- 2L; expected["B", "Y"] <- 1L  # Y o-> B
  expected["A", "B"] <- 2L; expected["B", "A"] <- 2L  # A <-> B
  expect_identical(pag$amat, expected)
  expect_identical(fci(NULL, test = dsep_oracle(dag, "L"))$amat, expected)
  # Without latent nodes a collider-free chain has only circles: A o-o B o-o C.
  chain <- dag_to_pag(bn_graph_from_string("[A][B|A][C|B]"))
  expect_identical(unname(chain$amat), matrix(c(0L, 1L, 0L, 1L, 0L, 1L, 0L, 1L, 0L), 3))
  # A DAG's own PAG marks its v-structure A -> C <- B as A o-> C <-o B, and R1 the rest.
  v <- dag_to_pag(bn_graph_from_string("[A][B][C|A:B][D|C]"))$amat
  expect_identical(c(v["A", "C"], v["C", "A"], v["C", "D"], v["D", "C"]), c(2L, 1L, 2L, 3L))
})

# ref/fci_pcalg_pags.rds: pcalg::fci() on ref/asia_5000 and ref/child_5000 with the
# hidden columns dropped and the rest sorted by name, with pcalg's G2 (gSquareDis,
# adaptDF = FALSE, n.min = 0: without the rule that calls tests with n < 10 df
# independent, which learnbn's g2 does not have), conservative / maj.rule as named.
test_that("fci() on data is pcalg's fci() with the same G2 test", {
  for (case in readRDS(test_path("ref", "fci_pcalg_pags.rds"))) {
    df <- read_reference(case$data)
    df <- df[setdiff(names(df), case$hidden)]
    g <- fci(df, test = "g2", alpha = case$alpha, orientation = case$orientation)
    expect_equal(g$amat, case$pag[names(df), names(df)], ignore_attr = TRUE,
                 label = paste(case$data, case$alpha, case$orientation))
  }
})

test_that("fci()'s info records the phases, separating sets and orientations", {
  dag <- bn_graph_from_string("[X][Y][L][A|X:L][B|L:Y][C|A]")
  g <- fci(NULL, test = dsep_oracle(dag, "L"))
  info <- g$info
  expect_identical(info$algorithm, "fci")
  expect_true(all(info$tests$phase %in% c("skeleton", "possible-d-sep")))
  expect_identical(info$n_tests, nrow(info$tests))
  # Every separating set separates its pair in the DAG, and only non-adjacent pairs have one.
  for (k in seq_len(nrow(info$sepsets))) {
    s <- info$sepsets[k, ]
    z <- if (nzchar(s$z)) strsplit(s$z, ";")[[1]] else character()
    expect_true(dsep(dag, s$x, s$y, z))
    expect_identical(g$amat[s$x, s$y], 0L)
  }
  expect_true(all(info$orientations$rule %in% c("R0 collider", paste0("R", 1:10))))
  expect_true(is.numeric(info$time))
})

test_that("fci() takes whitelists and blacklists as fixed edges and gaps", {
  dag <- bn_graph_from_string("[X][Y][L][A|X:L][B|L:Y]")
  oracle <- dsep_oracle(dag, "L")
  g <- fci(NULL, test = oracle, blacklist = data.frame(from = c("A", "B"), to = c("B", "A")))
  expect_identical(g$amat["A", "B"], 0L)
  # X and Y are independent, so the separating sets make X a collider of A and Y; the
  # whitelisted arc's tail at X wins, with a warning.
  expect_warning(g <- fci(NULL, test = oracle, whitelist = data.frame(from = "X", to = "Y")),
                 class = "learnbn_warning_conflict")
  expect_identical(c(g$amat["X", "Y"], g$amat["Y", "X"]), c(2L, 3L))  # X --> Y
})

test_that("fci(), dsep_oracle() and dag_to_pag() refuse bad input with classed errors", {
  dag <- bn_graph_from_string("[L][A|L][B|L]")
  expect_error(dag_to_pag(dag, latent = "Z"), class = "learnbn_error_unknown_node")
  expect_error(dag_to_pag(dag, latent = c("L", "A")), class = "learnbn_error_value")
  expect_error(dsep_oracle(cpdag(dag)), class = "learnbn_error_not_dag")
  expect_error(dsep_oracle(as.matrix(dag)), class = "learnbn_error_not_dag")
  expect_error(fci(NULL, test = dsep_oracle(dag, "L"), orientation = "bold"),
               class = "learnbn_error")
  expect_error(fci(data.frame(A = factor(1:2), C = factor(1:2)), test = dsep_oracle(dag, "L")),
               class = "learnbn_error_value")
  expect_error(fci(florida, alpha = 2), class = "learnbn_error")
})

test_that("fci() on the Florida data is pcalg's PAG", {
  fl <- bn_data(florida, counts = "count")
  # pcalg::fci() on the 637 rows (counts expanded, columns sorted by name) with G2
  # (gSquareDis, n.min = 0), alpha = 0.05; rows and columns V, D, R, I, S.
  nodes <- c("V", "D", "R", "I", "S")
  pag <- function(...) matrix(c(...), 5, byrow = TRUE, dimnames = list(nodes, nodes))
  expected <- list(
    standard = pag(0, 1, 1, 2, 0,  2, 0, 0, 0, 0,  2, 0, 0, 2, 0,  3, 0, 3, 0, 2,
                   0, 0, 0, 3, 0),
    conservative = pag(0, 1, 1, 2, 0,  2, 0, 0, 0, 0,  2, 0, 0, 2, 0,  3, 0, 3, 0, 1,
                       0, 0, 0, 2, 0),
    majority = pag(0, 1, 2, 3, 0,  2, 0, 0, 0, 0,  2, 0, 0, 2, 0,  2, 0, 2, 0, 1,
                   0, 0, 0, 2, 0))
  for (o in names(expected)) {
    g <- fci(fl, test = "g2", alpha = 0.05, orientation = o)
    expect_s3_class(g, "bn_pag")
    expect_equal(g$amat, expected[[o]], ignore_attr = "storage.mode", label = o)
  }
  # Without the possible-d-sep phase the skeleton is PC's (same test and alpha); that
  # phase removes R - S (R _||_ S | D, I, V).
  p <- as.matrix(suppressWarnings(pc(fl, test = "g2", alpha = 0.05)))
  no_pdsep <- fci(fl, test = "g2", alpha = 0.05, pdsep = FALSE)
  expect_identical(unname(no_pdsep$amat != 0), unname(p != 0 | t(p) != 0))
  expect_identical(c(p["R", "S"] + p["S", "R"], g$amat["R", "S"]), c(1L, 0L))
  found <- g$info$tests[g$info$tests$phase == "possible-d-sep" & g$info$tests$independent, ]
  expect_identical(paste(found$x, found$y, found$z), "R S D;I;V")
})

test_that("fci() and rfci() with long permutation tests stop on every interrupt", {
  skip_interrupts()  # helper-interrupts.R
  expect_interrupted_every_time(function() learnbn::college_plans, function(d) {
    learnbn::fci(d, test = "x2_perm", B = 1e6, orientation = "conservative")
  }, times = 5)
  expect_interrupted_every_time(function() learnbn::college_plans, function(d) {
    learnbn::rfci(d, test = "x2_perm", B = 1e6)
  }, times = 5)
})
