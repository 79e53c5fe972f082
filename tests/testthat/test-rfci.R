# rfci() against pcalg 2.7.12's rfci() (an independent implementation): with the
# d-separation oracle on random DAGs with latent nodes, and on the reference data with
# hidden columns.

# ref/fci_dag2pag_cases.rds (see test-fci.R) holds, as rfci_pag, pcalg::rfci() with
# dsepTest on the observed nodes (alpha = 0.5) for each of the 50 DAGs.
test_that("rfci() with the d-separation oracle is pcalg's rfci() on 50 random DAGs", {
  cases <- readRDS(test_path("ref", "fci_dag2pag_cases.rds"))
  same_as_truth <- 0L
  for (case in cases) {
    g <- rfci(NULL, test = dsep_oracle(bn_graph(case$amat), latent = case$latent))
    expect_s3_class(g, "bn_pag")
    expect_identical(g$info$algorithm, "rfci")
    expect_equal(g$amat, case$rfci_pag, ignore_attr = TRUE)
    same_as_truth <- same_as_truth + all(g$amat == case$pag)
  }
  # RFCI's PAG is the true one unless an edge needs a possible-d-sep test (or R4 a
  # longer path): on these small DAGs, in every case (as pcalg's).
  expect_identical(same_as_truth, 50L)
})

test_that("rfci() finds the latent common cause with the oracle, by hand", {
  dag <- bn_graph_from_string("[X][Y][L][A|X:L][B|L:Y]")
  expect_identical(rfci(NULL, test = dsep_oracle(dag, "L"))$amat, dag_to_pag(dag, "L")$amat)
})

# ref/rfci_pcalg_pags.rds: pcalg::rfci() on ref/asia_5000 and ref/child_5000 with the
# hidden columns dropped and the rest sorted by name, with pcalg's G2 (gSquareDis,
# adaptDF = FALSE, n.min = 0), conservative / maj.rule as named.
test_that("rfci() on data is pcalg's rfci() with the same G2 test", {
  for (case in readRDS(test_path("ref", "rfci_pcalg_pags.rds"))) {
    df <- read_reference(case$data)
    df <- df[setdiff(names(df), case$hidden)]
    g <- rfci(df, test = "g2", alpha = case$alpha, orientation = case$orientation)
    expect_equal(g$amat, case$pag[names(df), names(df)], ignore_attr = TRUE,
                 label = paste(case$data, case$alpha, case$orientation))
    expect_true(all(g$info$tests$phase %in% c("skeleton", "triples", "rfci triples",
                                               "rfci paths")))
  }
})

test_that("rfci() refuses bad input with classed errors", {
  fl <- bn_data(florida, counts = "count")
  expect_error(rfci(fl, orientation = "bold"), class = "learnbn_error")
  expect_error(rfci(fl, selection_bias = NA), class = "learnbn_error_type")
  expect_error(rfci(fl, threads = 0), class = "learnbn_error_value")
})
