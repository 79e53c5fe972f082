# The plain-R reference PAG of tests/testthat/helper-pag.R (MAG by inducing paths, PAG as
# the marks shared by every Markov equivalent MAG), checked by hand and against pcalg, and
# then the package's dag_to_pag() checked against it.

test_that("reference_pag() on examples checked by hand", {
  dag <- function(s) as.matrix(bn_graph_from_string(s))
  # Y-structure: the collider at C is certain, and C is a cause of D (no latent can
  # explain C -> D without breaking A _||_ D | C)
  expect_identical(reference_pag(dag("[A][B][C|A:B][D|C]")),
                   pag_from_edges(c("A", "B", "C", "D"), c("A o-> C", "B o-> C", "C --> D")))
  # a latent common cause of X and Y: X <-> Y, the other marks at A and B uncertain
  expect_identical(reference_pag(dag("[A][B][L][X|A:L][Y|B:L]"), "L"),
                   pag_from_edges(c("A", "B", "X", "Y"), c("A o-> X", "B o-> Y", "X <-> Y")))
  # a chain: nothing is oriented
  expect_identical(reference_pag(dag("[A][B|A][C|B]")),
                   pag_from_edges(c("A", "B", "C"), c("A o-o B", "B o-o C")))
  # an unshielded collider with nothing after it
  expect_identical(reference_pag(dag("[A][B][C|A:B]")),
                   pag_from_edges(c("A", "B", "C"), c("A o-> C", "B o-> C")))
  # hiding the middle of a chain leaves the ends adjacent: the MAG A --> C, whose class
  # (two adjacent nodes, no independence) is A o-o C
  expect_identical(reference_pag(dag("[A][B|A][C|B]"), "B"),
                   pag_from_edges(c("A", "C"), "A o-o C"))
  # the MAG itself: an inducing path through the latent L (A <- L -> C and A -> B <- C
  # with B observed is not one) and ancestors give the tails
  mag <- reference_mag(dag_marks(dag("[L][A|L][C|L][B|A:C][D|B]")), "L")
  expect_identical(mag, pag_from_edges(c("A", "C", "B", "D"),
                                       c("A --> B", "C --> B", "A <-> C", "B --> D")))
})

test_that("reference_pag() gives pcalg's dag2pag() answers", {
  # pcalg 2.7-12: dag2pag(list(g = g, jp = RBGL::johnson.all.pairs.sp(g)), dsepTest, g,
  # L = <latent>, alpha = 0.5) on each DAG as a graphNEL in this node order; its @amat
  # copied as edges. The DAGs were drawn (set.seed(3), 6 nodes, edge probability 0.45, one
  # latent node with two children) among those where pcalg's rules 4 (discriminating
  # path), 9 and 10 fire (verbose = TRUE).
  dag <- function(s) as.matrix(bn_graph_from_string(s))
  # pcalg's gmL example graph: 1 -> 3, 4, 5; 2 -> 4; 4 -> 5; node 1 hidden
  expect_identical(reference_pag(dag("[V1][V2][V3|V1][V4|V1:V2][V5|V1:V4]"), "V1"),
                   pag_from_edges(c("V2", "V3", "V4", "V5"),
                                  c("V2 o-> V4", "V2 o-> V5", "V3 o-> V4", "V3 o-> V5",
                                    "V4 o-o V5")))
  # rules 1, 2 and 4
  expect_identical(reference_pag(dag("[A][B|A][C][D|A:B:C][E|A][F|B:D]"), "A"),
                   pag_from_edges(c("B", "C", "D", "E", "F"),
                                  c("B o-> D", "B o-o E", "B --> F", "C o-> D", "E o-> D",
                                    "D --> F")))
  # rules 1 and 9
  expect_identical(reference_pag(dag("[A][B][C|A][D|C][E|A:B:C][F|D:E]"), "A"),
                   pag_from_edges(c("B", "C", "D", "E", "F"),
                                  c("B o-> E", "C o-o D", "C o-> E", "D --> F", "E --> F")))
  # rules 3, 9 and 10
  expect_identical(reference_pag(dag("[A][B|A][C|B][D|B:C][E|A:C][F|A:D:E]"), "B"),
                   pag_from_edges(c("A", "C", "D", "E", "F"),
                                  c("A o-o C", "A o-o D", "A o-o E", "A --> F", "C o-o D",
                                    "C o-o E", "D --> F", "E --> F")))
})

# A random DAG on `n` nodes (topological order V1, V2, ...) and `n_latent` of its nodes
# with two children or more as latent.
random_latent_dag <- function(n, n_latent, prob) {
  nodes <- paste0("V", seq_len(n))
  repeat {
    dag <- matrix(0L, n, n, dimnames = list(nodes, nodes))
    dag[upper.tri(dag)] <- stats::rbinom(n * (n - 1) / 2, 1, prob)
    parents <- which(rowSums(dag) >= 2L)
    if (length(parents) >= n_latent) break
  }
  list(dag = dag, latent = nodes[parents[sample.int(length(parents), n_latent)]])
}

test_that("reference_mag() has the DAG's d-separations over the observed nodes", {
  set.seed(11)
  for (case in 1:8) {
    x <- random_latent_dag(6L, 1L + case %% 2L, 0.5)
    dag <- dag_marks(x$dag)
    mag <- reference_mag(dag, x$latent)
    expect_true(ref_is_ancestral(mag))
    observed <- match(colnames(mag), colnames(dag))
    k <- length(observed)
    for (a in seq_len(k - 1L)) for (b in seq(a + 1L, length.out = k - a)) {
      for (z in ref_subsets(setdiff(seq_len(k), c(a, b)))) {
        expect_identical(ref_m_connected(mag, a, b, z),
                         ref_m_connected(dag, observed[a], observed[b], observed[z]))
      }
    }
  }
})

test_that("dag_to_pag() is the reference PAG on random DAGs with latent nodes", {
  skip_if_not(exists("dag_to_pag", asNamespace("learnbn")))
  dag_to_pag <- get("dag_to_pag", asNamespace("learnbn"))
  # the examples above where pcalg's rules 4, 9 and 10 fire
  examples <- list(c("[A][B|A][C][D|A:B:C][E|A][F|B:D]", "A"),
                   c("[A][B][C|A][D|C][E|A:B:C][F|D:E]", "A"),
                   c("[A][B|A][C|B][D|B:C][E|A:C][F|A:D:E]", "B"))
  for (x in examples) {
    g <- bn_graph_from_string(x[1])
    expect_identical(unclass(as.matrix(dag_to_pag(g, latent = x[2]))),
                     reference_pag(as.matrix(g), x[2]), label = x[1])
  }
  set.seed(37)
  for (case in 1:20) {
    x <- random_latent_dag(6L, 1L + case %% 2L, 0.45)
    got <- dag_to_pag(bn_graph(x$dag), latent = x$latent)
    expect_identical(got$latent, x$latent)
    expect_identical(unclass(as.matrix(got)), reference_pag(x$dag, x$latent),
                     label = paste("case", case))
  }
})
