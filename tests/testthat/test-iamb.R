# iamb(): IAMB, Fast-IAMB and Inter-IAMB against bnlearn 4.9 on the same data, test and
# alpha: the skeleton and the blankets of single targets.

# bnlearn 4.9: amat(iamb(...)), amat(fast.iamb(...)), amat(inter.iamb(...)) with
# test = "x2", alpha = 0.05, undirected = TRUE on local_child_data()'s data.frame.
bnlearn_iamb_child <- c(
  "Age~Sick", "CardiacMixing~Disease", "CardiacMixing~HypoxiaInO2", "ChestXray~LungFlow",
  "ChestXray~LungParench", "ChestXray~XrayReport", "CO2~CO2Report", "Disease~DuctFlow",
  "Disease~LungFlow", "Disease~LVH", "DuctFlow~HypDistrib", "Grunting~GruntingReport",
  "Grunting~LungParench", "Grunting~Sick", "HypDistrib~LowerBodyO2",
  "HypoxiaInO2~LowerBodyO2", "HypoxiaInO2~RUQO2", "LVH~LVHreport")
bnlearn_fast_iamb_child <- setdiff(bnlearn_iamb_child,
                                   c("Disease~LVH", "HypDistrib~LowerBodyO2"))
bnlearn_inter_iamb_child <- bnlearn_iamb_child

test_that("iamb() gives bnlearn's skeletons for the three methods", {
  d <- local_child_data()
  expected <- list(iamb = bnlearn_iamb_child, fast_iamb = bnlearn_fast_iamb_child,
                   inter_iamb = bnlearn_inter_iamb_child)
  for (m in names(expected)) {
    g <- iamb(d, method = m, test = "x2", alpha = 0.05)
    expect_setequal(skeleton_strings(g), canonical_edges(expected[[m]]))
    expect_equal(g$info$algorithm, m)
  }
})

test_that("iamb() with a target gives bnlearn's Markov blanket", {
  d <- local_child_data()
  # bnlearn 4.9: learn.mb(d, t, method = m, test = "x2", alpha = 0.05).
  expected <- list(
    iamb = list(Disease = c("CardiacMixing", "DuctFlow", "LungFlow", "LVH"),
                LungParench = c("ChestXray", "Disease", "Grunting", "LungFlow")),
    fast_iamb = list(Disease = c("CardiacMixing", "DuctFlow", "LungFlow"),
                     LungParench = c("ChestXray", "Disease", "Grunting")),
    inter_iamb = list(Disease = c("CardiacMixing", "DuctFlow", "LungFlow", "LVH"),
                      LungParench = c("ChestXray", "Disease", "Grunting", "LungFlow")))
  for (m in names(expected)) for (t in names(expected[[m]])) {
    expect_equal(sort(iamb(d, t, method = m, test = "x2")), sort(expected[[m]][[t]]))
  }
  expect_error(iamb(d, method = "fastest"), class = "learnbn_error_value")
  expect_error(iamb(d, target = NA_character_), class = "learnbn_error_type")
})
