# hiton_pc(): bnlearn 4.9's skeleton on the same data, test and alpha, and the target form.

# bnlearn 4.9: amat(si.hiton.pc(d, test = "x2", alpha = 0.05, undirected = TRUE)) on
# local_child_data()'s data.frame (helper-local-discovery.R).
bnlearn_hiton_child <- c(
  "Age~Sick", "CardiacMixing~Disease", "CardiacMixing~HypoxiaInO2", "ChestXray~LungFlow",
  "ChestXray~LungParench", "ChestXray~XrayReport", "CO2~CO2Report", "Disease~DuctFlow",
  "Disease~LungFlow", "Disease~LVH", "DuctFlow~HypDistrib", "Grunting~GruntingReport",
  "Grunting~LungParench", "Grunting~Sick", "HypoxiaInO2~LowerBodyO2", "HypoxiaInO2~RUQO2",
  "LVH~LVHreport")

test_that("hiton_pc() gives bnlearn's skeleton and symmetric target sets", {
  d <- local_child_data()
  g <- hiton_pc(d, test = "x2", alpha = 0.05)
  expect_setequal(skeleton_strings(g), canonical_edges(bnlearn_hiton_child))
  expect_equal(g$info$algorithm, "hiton_pc")
  for (t in c("HypDistrib", "Disease")) {
    expect_equal(hiton_pc(d, target = t, test = "x2"), g$info$parents_and_children[[t]])
  }
  expect_setequal(skeleton_strings(hiton_pc(d, test = "x2", threads = 2)), skeleton_strings(g))
  expect_error(hiton_pc(d, target = "Nope"), class = "learnbn_error_unknown_node")
  expect_error(hiton_pc(d, alpha = -0.1), class = "learnbn_error")
})
