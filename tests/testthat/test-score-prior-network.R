# R/score-prior-network.R: BDe's prior counts come from the core's variable elimination.

test_that("family marginals of a prior network equal the brute-force joint's", {
  # Nodes out of data order, a node with two parents, and families that are not families
  # of the network (so variables are summed out between them).
  prior <- random_fit(college_data, "[SEX][SES|SEX][IQ|SES][PE|IQ:SEX][CP|PE:SES]", seed = 5)
  joint <- brute_force_joint(prior)
  families <- list(c("CP"), c("CP", "PE", "IQ"), c("SES", "SEX"), c("IQ", "CP", "SEX"),
                   c("SEX", "SES", "IQ", "PE", "CP"))
  ours <- learnbn:::family_marginals(prior, families)
  expect_length(ours, length(families))
  for (f in seq_along(families)) {
    reference <- apply(joint, match(families[[f]], names(dimnames(joint))), sum)
    expect_equal(ours[[f]], as.numeric(reference), tolerance = 1e-13, label = families[[f]])
  }
})

test_that("the marginals of asia match its CPTs by hand", {
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  # P(lung, smoke) = P(smoke) P(lung | smoke), with P(smoke = yes) = 0.5 and
  # P(lung = yes | smoke) = 0.1 (yes) or 0.01 (no); the first node runs fastest.
  ours <- learnbn:::family_marginals(asia, list(c("lung", "smoke"), c("smoke", "lung")))
  expect_equal(ours[[1]], c(0.05, 0.45, 0.005, 0.495), tolerance = 1e-15)
  expect_equal(ours[[2]], c(0.05, 0.005, 0.45, 0.495), tolerance = 1e-15)
  # P(asia = yes) alone is its CPT.
  expect_equal(learnbn:::family_marginals(asia, list("asia"))[[1]],
               as.numeric(asia$cpts$asia), tolerance = 1e-15)
})

test_that("a marginal too large for variable elimination is a classed error", {
  # Three independent nodes of 1,000 states: their joint has 10^9 cells, past 2^27; the
  # core refuses the product before allocating it.
  levels <- list(a = 1:1000, b = 1:1000, c = 1:1000)
  cpts <- lapply(names(levels), function(v) array(1 / 1000, 1000, dimnames = levels[v]))
  fit <- structure(list(cpts = stats::setNames(cpts, names(levels))), class = "bn_fit")
  expect_error(learnbn:::family_marginals(fit, list(c("a", "b", "c"))),
               "a factor of 1,000,000,000 cells", class = "learnbn_error_too_large")
  expect_equal(learnbn:::family_marginals(fit, list(c("a", "b")))[[1]], rep(1e-6, 1e6))
})
