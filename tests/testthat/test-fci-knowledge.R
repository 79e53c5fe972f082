# Background knowledge in the PAGs of fci(), rfci() and gfci() (R/fci-knowledge.R,
# constraint/pag_evidence.hpp), and the threads of the FCI phases after the skeleton.
# Expected PAGs are worked out by hand, and checked against a plain-R reference: the
# marks shared by every maximal ancestral graph (MAG) that is Markov equivalent to the
# true one and agrees with the knowledge (helper-pag.R enumerates the equivalent MAGs).

# The PAG of the MAGs equivalent to `mag` that have each required arc (rows of a from/to
# matrix) as an edge a -> b and no forbidden one; without selection variables also no
# undirected edge.
knowledge_reference <- function(mag, required = NULL, forbidden = NULL, selection = TRUE) {
  arcs <- function(m, a) {  # for each row of `a`, is it an arc a[, 1] -> a[, 2] of m?
    a <- matrix(as.character(a), ncol = 2)
    m[a] == 2L & m[a[, 2:1, drop = FALSE]] == 3L
  }
  agrees <- function(m) {
    all(arcs(m, required)) && !any(arcs(m, forbidden)) &&
      (selection || !any(m == 3L & t(m) == 3L))
  }
  mags <- Filter(agrees, reference_equivalent_mags(mag))
  pag <- mags[[1]]
  for (m in mags) pag[m != mags[[1]]] <- 1L
  pag
}

arcs_of <- function(from, to) {
  keep <- !is.na(from)
  if (any(keep)) cbind(from[keep], to[keep])
}

# A latent L behind A and B, X -> A and B -> C: the true PAG is X o-> A <-o B o-o C.
latent_dag <- function() bn_graph_from_string("[L][X][A|X:L][B|L][C|B]")
latent_mag <- function() reference_mag(dag_marks(as.matrix(latent_dag())), "L")

test_that("a blacklisted arc puts an arrowhead at its tail, and the rules follow", {
  oracle <- dsep_oracle(latent_dag(), "L")
  nodes <- c("X", "A", "B", "C")
  expect_identical(fci(NULL, test = oracle)$amat,
                   pag_from_edges(nodes, c("X o-> A", "B o-> A", "B o-o C")))
  # B is not a cause of A: without selection variables the edge is A <-> B or A -> B, so B
  # gets an arrowhead; then R1 (A *-> B o-o C, A and C not adjacent) gives B --> C. The
  # latent common cause of A and B shows.
  expected <- pag_from_edges(nodes, c("X o-> A", "A <-> B", "B --> C"))
  bl <- data.frame(from = "B", to = "A")
  for (learner in list(fci, rfci)) {
    g <- learner(NULL, test = oracle, blacklist = bl, selection_bias = FALSE)
    expect_identical(g$amat, expected)
    expect_identical(g$info$orientations[1, ],
                     data.frame(rule = "background knowledge", from = "A", to = "B",
                                mark = "arrowhead"))
  }
  expect_identical(unname(expected),
                   unname(knowledge_reference(latent_mag(), forbidden = c("B", "A"),
                                              selection = FALSE)[nodes, nodes]))
  # With selection variables A --- B stays possible only without arrowheads at A and B:
  # A has one (from X), so the blacklisted arc orients B's mark all the same.
  expect_identical(fci(NULL, test = oracle, blacklist = bl)$amat, expected)
  expect_identical(unname(expected),
                   unname(knowledge_reference(latent_mag(), forbidden = c("B", "A"))[nodes, nodes]))
})

test_that("a whitelisted arc is a tail and an arrowhead; the rules carry it on", {
  oracle <- dsep_oracle(latent_dag(), "L")
  nodes <- c("X", "A", "B", "C")
  expected <- pag_from_edges(nodes, c("X --> A", "B o-> A", "B o-o C"))
  for (learner in list(fci, rfci)) {
    expect_identical(learner(NULL, test = oracle, whitelist = data.frame("X", "A"))$amat, expected)
  }
  expect_identical(unname(expected),
                   unname(knowledge_reference(latent_mag(), required = c("X", "A"))[nodes, nodes]))
  # A chain A - B - C has no collider: A --> B makes B --> C by R1; the blacklisted
  # B -> A with selection variables fixes nothing (A --- B is still possible).
  chain <- dsep_oracle(bn_graph_from_string("[A][B|A][C|B]"))
  expect_identical(fci(NULL, test = chain, whitelist = data.frame("A", "B"))$amat,
                   pag_from_edges(c("A", "B", "C"), c("A --> B", "B --> C")))
  expect_identical(fci(NULL, test = chain, blacklist = data.frame("B", "A"))$amat,
                   pag_from_edges(c("A", "B", "C"), c("A o-o B", "B o-o C")))
  expect_identical(fci(NULL, test = chain, blacklist = data.frame("B", "A"),
                       selection_bias = FALSE)$amat,
                   pag_from_edges(c("A", "B", "C"), c("A o-> B", "B --> C")))
})

test_that("knowledge drawn from the true MAG gives the reference PAG under that knowledge", {
  # Small cases of test-fci.R's random DAGs with latent nodes (at most 5 observed nodes
  # and 4 to 8 edges: the enumeration of MAGs stays fast); without selection variables
  # (with them the rules do not use all that edge knowledge implies: see ?fci).
  mags <- lapply(readRDS(test_path("ref", "fci_dag2pag_cases.rds")), function(case) {
    c(case, list(mag = reference_mag(dag_marks(case$amat), case$latent)))
  })
  cases <- Filter(function(case) {
    ncol(case$mag) <= 5L && sum(case$mag != 0L) / 2 >= 4 && sum(case$mag != 0L) / 2 <= 8
  }, mags)[1:10]
  set.seed(5)
  for (case in cases) {
    mag <- case$mag
    edges <- which(mag != 0L & upper.tri(mag), arr.ind = TRUE)
    nodes <- rownames(mag)
    pick <- edges[sample(nrow(edges), min(2L, nrow(edges))), , drop = FALSE]
    from <- nodes[pick[, 1]]
    to <- nodes[pick[, 2]]
    is_arc <- mag[pick] == 2L & mag[pick[, 2:1, drop = FALSE]] == 3L
    forbidden <- arcs_of(c(to[is_arc], from[!is_arc]), c(from[is_arc], to[!is_arc]))
    required <- arcs_of(from[is_arc][1], to[is_arc][1])
    expected <- knowledge_reference(mag, required, forbidden, selection = FALSE)
    oracle <- dsep_oracle(bn_graph(case$amat), case$latent)
    obs <- colnames(case$pag)
    for (learner in list(fci, rfci)) {
      g <- learner(NULL, test = oracle, whitelist = required, blacklist = forbidden,
                   selection_bias = FALSE)
      expect_identical(unname(g$amat[obs, obs]), unname(expected[obs, obs]))
    }
  }
})

test_that("gfci() fixes the same marks", {
  dag <- latent_dag()
  oracle <- dsep_oracle(dag, "L")
  # gfci()'s phases from an independence map of the marginal (as in test-gfci.R): the
  # DAG X -> A <- B -> C is one, whose class keeps the collider at A.
  start <- cpdag(bn_graph_from_string("[X][B][A|X:B][C|B]"))
  start$info$dag <- bn_graph_from_string("[X][B][A|X:B][C|B]")
  setup <- learnbn:::gfci_setup(NULL, oracle, 0.05, NULL, NULL, FALSE, NULL,
                                data.frame("B", "A"))
  g <- learnbn:::gfci_from(start, setup, learnbn:::gfci_options(0.05, Inf, TRUE, FALSE), FALSE)
  expect_identical(g$amat[c("X", "A", "B", "C"), c("X", "A", "B", "C")],
                   pag_from_edges(c("X", "A", "B", "C"), c("X o-> A", "A <-> B", "B --> C")))
})

test_that("knowledge the data contradict: a collider skipped, or a classed error", {
  oracle <- dsep_oracle(latent_dag(), "L")
  # A -> X whitelisted against the collider X *-> A <-* B: the knowledge is kept (as in
  # pc()), the collider left out with a warning.
  expect_warning(g <- fci(NULL, test = oracle, whitelist = data.frame("A", "X")),
                 class = "learnbn_warning_conflict")
  expect_identical(g$amat[c("A", "X"), c("A", "X")],
                   pag_from_edges(c("A", "X"), "A --> X"))
  expect_identical(nrow(g$info$conflicts), 2L)
  # Knowledge that makes a collider of A - B - C, whose middle separates A and C: no MAG
  # has both, so no PAG can be returned.
  chain <- dsep_oracle(bn_graph_from_string("[A][B|A][C|B]"))
  for (learner in list(fci, rfci)) {
    expect_error(learner(NULL, test = chain, whitelist = data.frame("A", "B"),
                         blacklist = data.frame("B", "C"), selection_bias = FALSE),
                 class = "learnbn_error_incompatible_knowledge")
  }
  # X -> A <- Y and A -> B: R1 makes A --> B in every PAG of the class; blacklisting it
  # with selection variables (where it fixes no mark) is an error.
  y <- dsep_oracle(bn_graph_from_string("[X][Y][A|X:Y][B|A]"))
  expect_error(fci(NULL, test = y, blacklist = data.frame("A", "B")),
               class = "learnbn_error_incompatible_knowledge")
  expect_snapshot(error = TRUE, {
    fci(NULL, test = y, blacklist = data.frame("A", "B"))
    fci(NULL, test = y, blacklist = data.frame("A", "B"), selection_bias = FALSE)
  })
})

test_that("the FCI family's later phases give the same result on 2 threads as on 1", {
  df <- read_reference("child_5000")
  df <- df[setdiff(names(df), c("Disease", "LungParench"))]
  same <- function(a, b) {
    expect_identical(a$amat, b$amat)
    expect_identical(a$info[c("tests", "sepsets", "ambiguous", "orientations")],
                     b$info[c("tests", "sepsets", "ambiguous", "orientations")])
  }
  for (orientation in c("standard", "conservative")) {
    one <- fci(df, test = "g2", orientation = orientation, threads = 1)
    expect_gt(sum(one$info$tests$phase != "skeleton"), 100)
    same(fci(df, test = "g2", orientation = orientation, threads = 2), one)
    same(rfci(df, test = "g2", orientation = orientation, threads = 2),
         rfci(df, test = "g2", orientation = orientation, threads = 1))
  }
  one <- gfci(df, test = "g2", threads = 1)
  expect_gt(sum(one$info$tests$phase == "possible-d-sep"), 0)
  same(gfci(df, test = "g2", threads = 2), one)
})
