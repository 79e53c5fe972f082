# gs(): bnlearn 4.9's skeleton and blankets on the same data (columns in name order, the
# order both visit them in), test and alpha.

# bnlearn 4.9: amat(gs(d, test = "x2", alpha = 0.05, undirected = TRUE)) on
# local_child_data()'s data.frame (helper-local-discovery.R).
bnlearn_gs_child <- c(
  "CardiacMixing~Disease", "ChestXray~LungFlow", "CO2~CO2Report", "CO2~LungParench",
  "DuctFlow~HypDistrib", "Grunting~GruntingReport", "HypoxiaInO2~LowerBodyO2",
  "HypoxiaInO2~RUQO2", "LVH~LVHreport")

test_that("gs() gives bnlearn's skeleton and Markov blankets", {
  d <- local_child_data()
  g <- gs(d, test = "x2", alpha = 0.05)
  expect_setequal(skeleton_strings(g), canonical_edges(bnlearn_gs_child))
  expect_equal(g$info$algorithm, "gs")
  mb <- g$info$markov_blankets
  # Symmetric blankets, each neighbour in its node's blanket.
  for (x in names(mb)) for (y in mb[[x]]) expect_true(x %in% mb[[y]])
  for (x in names(mb)) expect_true(all(g$info$parents_and_children[[x]] %in% mb[[x]]))
  # bnlearn 4.9: learn.mb(d, t, method = "gs", test = "x2", alpha = 0.05).
  expect_equal(sort(gs(d, "Disease", test = "x2")), sort(c("CardiacMixing", "DuctFlow")))
  expect_equal(sort(gs(d, "LungParench", test = "x2")),
               sort(c("CardiacMixing", "ChestXray", "CO2")))
  expect_error(gs(d, target = "Nope"), class = "learnbn_error_unknown_node")
})
