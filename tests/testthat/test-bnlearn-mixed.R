# Conditional linear Gaussian fits to and from bnlearn (R/bnlearn-mixed.R): a bnlearn 4.9
# bn.fit.cgnet built by hand from bnlearn's numbers (no bnlearn needed), and round trips
# through bnlearn when it is installed.

# mtcars with am and vs as factors, in bnlearn's node order.
cg_cars <- function() {
  x <- mtcars[c("am", "vs", "wt", "qsec", "mpg")]
  x$am <- factor(x$am, labels = c("automatic", "manual"))
  x$vs <- factor(x$vs, labels = c("V", "straight"))
  x
}

# bnlearn 4.9's bn.fit(model2network("[am][vs|am][wt|am][qsec|vs:wt][mpg|am:vs:wt]"),
# cg_cars()), its numbers printed with dput(control = "digits17"). Its nodes are listed in
# the order `node_order`, which sets learnbn's graph order: with vs before am, mpg's
# discrete parents are (vs, am) in learnbn and (am, vs) in bnlearn, so its configurations
# are numbered differently.
bnlearn_cgnet <- function(node_order = c("mpg", "vs", "wt", "qsec", "am")) {
  node <- function(name, parents, class, ...) {
    structure(list(node = name, parents = parents, children = character(), ...), class = class)
  }
  cfg <- function(n) as.character(seq_len(n) - 1L)
  levels_am <- c("automatic", "manual")
  levels_vs <- c("V", "straight")
  nodes <- list(
    am = node("am", character(), "bn.fit.dnode",
              prob = as.table(array(c(19, 13) / 32, 2L, list(levels_am)))),
    vs = node("vs", "am", "bn.fit.dnode",
              prob = as.table(array(c(12 / 19, 7 / 19, 6 / 13, 7 / 13), c(2L, 2L),
                                    list(vs = levels_vs, am = levels_am)))),
    wt = node("wt", "am", "bn.fit.cgnode", dparents = 1L, gparents = integer(),
              dlevels = list(am = levels_am),
              coefficients = matrix(c(3.7688947368421051, 2.411), 1L,
                                    dimnames = list("(Intercept)", cfg(2))),
              sd = stats::setNames(c(0.77740014683822489, 0.61698163127708527), cfg(2))),
    qsec = node("qsec", c("vs", "wt"), "bn.fit.cgnode", dparents = 1L, gparents = 2L,
                dlevels = list(vs = levels_vs),
                coefficients = matrix(c(14.637073461928155, 0.55762083449247235,
                                        17.299723508330626, 0.77886839770696459), 2L,
                                      dimnames = list(c("(Intercept)", "wt"), cfg(2))),
                sd = stats::setNames(c(0.99837155638811204, 1.2850405781293643), cfg(2))),
    mpg = node("mpg", c("am", "vs", "wt"), "bn.fit.cgnode", dparents = 1:2, gparents = 3L,
               dlevels = list(am = levels_am, vs = levels_vs),
               coefficients = matrix(c(25.059423774000415, -2.4388938920182133,
                                       42.36356968731203, -7.9137601705378922,
                                       31.527152096232783, -3.3761209603591005,
                                       44.126435500812356, -7.7676467464210814), 2L,
                                     dimnames = list(c("(Intercept)", "wt"), cfg(4))),
               sd = stats::setNames(c(2.1458523414516981, 1.2423154391518723,
                                      2.3818635543941031, 3.6249370473959628), cfg(4))))
  structure(nodes[node_order], class = c("bn.fit", "bn.fit.cgnet"))
}

test_that("from_bn() reads bnlearn's conditional Gaussian fits without bnlearn", {
  cgnet <- bnlearn_cgnet()
  fit <- from_bn(cgnet)
  expect_identical(fit$type, "mixed")
  expect_identical(fit$nodes, c("mpg", "vs", "wt", "qsec", "am"))
  expect_identical(fit$levels, list(vs = c("V", "straight"), am = c("automatic", "manual")))
  # bnlearn's configuration 1 of mpg is (am = manual, vs = V), the first parent varying
  # fastest: learnbn's "V:manual" (vs first).
  beta <- fit$coefficients$mpg
  expect_identical(colnames(beta), c("V:automatic", "straight:automatic", "V:manual",
                                     "straight:manual"))
  expect_identical(beta[, "V:manual"], c(`(Intercept)` = 42.36356968731203,
                                         wt = -7.9137601705378922))
  expect_identical(unname(fit$sd$mpg), c(2.1458523414516981, 2.3818635543941031,
                                         1.2423154391518723, 3.6249370473959628))
  expect_identical(fit$cpts$am, array(c(19, 13) / 32, 2L, list(am = c("automatic", "manual"))))
  # They are the least-squares fits of the same graph (sd with n_j - k - 1, as bnlearn).
  ours <- fit_parameters(fit$graph, bn_data(cg_cars()))
  expect_equal(ours$coefficients, fit$coefficients, tolerance = 1e-12)
  expect_equal(ours$sd, fit$sd, tolerance = 1e-12)
  expect_equal(ours$cpts, fit$cpts, tolerance = 1e-14)
  expect_equal(logLik(fit, bn_data(cg_cars())), logLik(ours, bn_data(cg_cars())))
  # An unidentifiable coefficient is an error naming the node; an empty configuration
  # (all NA, as bnlearn and fit_parameters() leave it) is kept.
  cgnet$qsec$coefficients["wt", "1"] <- NA
  expect_error(from_bn(cgnet), "node \"qsec\"", class = "learnbn_error_value")
  cgnet$qsec$coefficients[, "1"] <- NA
  cgnet$qsec$sd[["1"]] <- NA
  expect_true(all(is.na(from_bn(cgnet)$coefficients$qsec[, "straight"])))
})

test_that("conditional Gaussian fits survive a round trip through bnlearn", {
  skip_if_not_installed("bnlearn")
  fit <- from_bn(bnlearn_cgnet())
  back <- as_bn(fit)
  expect_s3_class(back, "bn.fit.cgnet")
  expect_s3_class(back$mpg, "bn.fit.cgnode")
  expect_identical(from_bn(back), fit)
  # bnlearn takes the parents in the graph's order, here (vs, am) for mpg's configurations.
  original <- bnlearn_cgnet()$mpg
  expect_identical(names(back$mpg$dlevels), c("vs", "am"))
  expect_identical(unname(back$mpg$coefficients), unname(original$coefficients[, c(1, 3, 2, 4)]))
  expect_identical(unname(back$mpg$sd), unname(original$sd[c(1, 3, 2, 4)]))
  # In bnlearn's own order the numbers come back as bnlearn wrote them.
  natural <- as_bn(from_bn(bnlearn_cgnet(c("am", "vs", "wt", "qsec", "mpg"))))
  for (node in c("mpg", "qsec", "wt")) {
    expect_identical(natural[[node]][c("coefficients", "sd", "dlevels")],
                     bnlearn_cgnet()[[node]][c("coefficients", "sd", "dlevels")])
  }
  expect_identical(natural$am$prob, bnlearn_cgnet()$am$prob)
  expect_identical(natural$vs$prob, bnlearn_cgnet()$vs$prob)
  # A learned fit, its nodes in another order, and a continuous root (bn.fit.gnode).
  ours <- fit_parameters(bn_graph_from_string("[wt][mpg|am:vs:wt][am][qsec|vs:wt][vs|am]"),
                         bn_data(cg_cars()))
  expect_s3_class(as_bn(ours)$wt, "bn.fit.gnode")
  expect_identical(from_bn(as_bn(ours)), ours)
  # Configurations without cases cannot be given to bnlearn.
  empty <- ours
  empty$coefficients$mpg[, 1] <- NA
  empty$sd$mpg[[1]] <- NA
  expect_error(as_bn(empty), "Node \"mpg\"", class = "learnbn_error_value")
})
