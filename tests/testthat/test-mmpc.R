# mmpc(): the skeleton of bnlearn 4.9 on the same data, test and alpha; the target form;
# knowledge; bad input. (Exactness on a d-separation oracle is checked by the C++ core
# tests, tests/testthat/cpp/test_local_discovery.hpp, run by test-cpp-core.R.)

# bnlearn 4.9: amat(mmpc(d, test = "x2", alpha = 0.05, undirected = TRUE)) on
# local_child_data()'s data.frame (helper-local-discovery.R).
bnlearn_mmpc_child <- c(
  "Age~Sick", "CardiacMixing~Disease", "CardiacMixing~HypoxiaInO2", "ChestXray~LungFlow",
  "ChestXray~LungParench", "ChestXray~XrayReport", "CO2~CO2Report", "Disease~DuctFlow",
  "Disease~LungFlow", "Disease~LVH", "DuctFlow~HypDistrib", "Grunting~GruntingReport",
  "Grunting~LungParench", "Grunting~Sick", "HypDistrib~LowerBodyO2",
  "HypoxiaInO2~LowerBodyO2", "HypoxiaInO2~RUQO2", "LVH~LVHreport")

test_that("mmpc() gives bnlearn's skeleton, undirected, on any column order and threads", {
  d <- local_child_data()
  g <- mmpc(d, test = "x2", alpha = 0.05)
  expect_s3_class(g, "bn_graph")
  expect_equal(g$type, "pdag")
  expect_setequal(skeleton_strings(g), canonical_edges(bnlearn_mmpc_child))
  expect_true(isSymmetric(unname(as.matrix(g))))
  expect_equal(g$info$algorithm, "mmpc")
  expect_gt(g$info$n_tests, 0)
  # The same sets in another column order and on two threads.
  shuffled <- bn_data(as.data.frame(d)[rev(names(d$levels))])
  g2 <- mmpc(shuffled, test = "x2", alpha = 0.05, threads = 2)
  expect_setequal(skeleton_strings(g2), skeleton_strings(g))
  expect_equal(g2$info$n_tests, g$info$n_tests)
})

test_that("mmpc() with a target gives that node's symmetric PC set", {
  d <- local_child_data()
  g <- mmpc(d, test = "x2", alpha = 0.05)
  # bnlearn 4.9: learn.nbr(d, "Disease", method = "mmpc", test = "x2"). (For LungParench
  # learn.nbr keeps Disease, whose own PC set lacks LungParench: learnbn's target form
  # applies the whole network's symmetry, so it agrees with mmpc()'s skeleton instead.)
  expect_equal(sort(mmpc(d, "Disease", test = "x2")),
               sort(c("CardiacMixing", "DuctFlow", "LungFlow", "LVH")))
  expect_equal(sort(mmpc(d, "LungParench", test = "x2")), sort(c("ChestXray", "Grunting")))
  for (t in c("Age", "Disease", "HypoxiaInO2")) {
    expect_equal(mmpc(d, target = t, test = "x2"), g$info$parents_and_children[[t]])
  }
})

test_that("mmpc() obeys knowledge and max_cond", {
  d <- local_child_data()
  g <- mmpc(d, test = "x2", blacklist = rbind(c("Disease", "LVH"), c("LVH", "Disease")),
            whitelist = data.frame(from = "Age", to = "CO2"))
  e <- skeleton_strings(g)
  expect_false("Disease~LVH" %in% e)
  expect_true("Age~CO2" %in% e)
  # max_cond = 0 (bnlearn's max.sx): the forward phase stops once a set has one member, the
  # node of smallest marginal p-value (the first by name among ties), which the backward
  # phase keeps; the skeleton is those choices made symmetric. Reference in plain R:
  nodes <- sort(names(d$levels), method = "radix")
  p <- matrix(1, length(nodes), length(nodes), dimnames = list(nodes, nodes))
  for (i in seq_along(nodes)) for (j in seq_len(i - 1L)) {
    p[i, j] <- p[j, i] <- ci_test(d, nodes[i], nodes[j], test = "x2")$p_value
  }
  diag(p) <- Inf
  best <- apply(p, 1, function(row) if (min(row) <= 0.05) names(row)[which.min(row)] else NA)
  expected <- nodes[!is.na(best) & best[best] == nodes]
  expected <- unique(canonical_edges(paste(expected, best[expected], sep = "~")))
  expect_setequal(skeleton_strings(mmpc(d, test = "x2", max_cond = 0)), expected)
})

test_that("mmpc() rejects bad input with classed errors", {
  d <- local_child_data()
  expect_error(mmpc(d, target = "Nope"), class = "learnbn_error_unknown_node")
  expect_error(mmpc(d, target = c("Age", "CO2")), class = "learnbn_error_type")
  expect_error(mmpc(d, target = 1), class = "learnbn_error_type")
  expect_error(mmpc(d, alpha = 1.5), class = "learnbn_error")
  expect_error(mmpc(d, alpha = 0), class = "learnbn_error")
  expect_error(mmpc(d, max_cond = -1), class = "learnbn_error")
  expect_error(mmpc(d, test = "bogus"), class = "learnbn_error")
})
