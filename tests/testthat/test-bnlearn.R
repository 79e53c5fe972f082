# Interoperability with bnlearn: its objects read by hand-built copies of bnlearn 4.9's
# layout (no bnlearn needed), and round trips through bnlearn when it is installed.

# A bnlearn "bn" as bnlearn 4.9 lays it out (model2network("[A][B|A][C|A:B]")).
bn_structure <- function(parents) {
  nodes <- names(parents)
  arcs <- do.call(rbind, lapply(nodes, function(v) cbind(from = parents[[v]], to = rep(v, length(parents[[v]])))))
  structure(list(learning = list(whitelist = NULL, blacklist = NULL, test = "none", ntests = 0,
                                 algo = "empty", args = list()),
                 nodes = lapply(parents, function(p) list(mb = character(), nbr = character(),
                                                          parents = p, children = character())),
                 arcs = arcs), class = "bn")
}

test_that("from_bn() reads bnlearn structures and fits without bnlearn", {
  g <- from_bn(bn_structure(list(A = character(), B = "A", C = c("B", "A"))))
  expect_identical(model_string(g), "[A][B|A][C|A:B]")
  # An undirected edge is stored both ways.
  u <- bn_structure(list(A = "B", B = "A", C = "B"))
  expect_identical(from_bn(u)$type, "pdag")
  expect_identical(arcs(from_bn(u))$type, c("undirected", "directed"))
  # A bn.fit: dysp's table with its parents in the other order (either, bronc).
  nodes <- lapply(names(asia_fit$cpts), function(v) {
    table <- asia_fit$cpts[[v]]
    parents <- names(dimnames(table))[-1]
    if (v == "dysp") table <- aperm(table, c(1, 3, 2))
    structure(list(node = v, parents = names(dimnames(table))[-1], children = character(),
                   prob = as.table(table)), class = "bn.fit.dnode")
  })
  fitted <- structure(stats::setNames(nodes, names(asia_fit$cpts)), class = c("bn.fit", "bn.fit.dnet"))
  back <- from_bn(fitted)
  expect_equal(back$cpts, asia_fit$cpts)
  expect_identical(back$graph$amat, asia_fit$graph$amat)
  # Every function that takes a graph or a fit takes bnlearn's objects.
  expect_identical(parents(fitted, "dysp"), c("bronc", "either"))
  expect_equal(query(fitted, "lung", list(smoke = "yes")), query(asia_fit, "lung", list(smoke = "yes")))
  expect_identical(nparams(fitted), nparams(asia_fit))
  expect_identical(shd(bn_structure(list(A = character(), B = "A")), bn_graph_from_string("[A][B|A]")), 0L)
  set.seed(1)
  x <- simulate_data(fitted, 300)
  expect_equal(network_score(fitted, x, "bic"), network_score(asia_fit$graph, x, "bic"))
  expect_error(from_bn(list()), class = "learnbn_error_type")
})

test_that("graphs and fits survive a round trip through bnlearn", {
  skip_if_not_installed("bnlearn")
  b <- as_bn(asia_fit$graph)
  expect_s3_class(b, "bn")
  expect_identical(shd(bn_graph_from_string(bnlearn::modelstring(b)), asia_fit$graph), 0L)
  expect_identical(from_bn(b)$amat, asia_fit$graph$amat)
  fitted <- as_bn(asia_fit)
  expect_s3_class(fitted, "bn.fit")
  expect_equal(from_bn(fitted)$cpts, asia_fit$cpts)
  gaussian <- random_gaussian_fit(5, nodes = LETTERS[1:5])
  back <- from_bn(as_bn(gaussian))
  expect_equal(back$coefficients, gaussian$coefficients)
  expect_equal(back$sd, gaussian$sd)
  # BIF files written by each package are read by the other.
  path <- withr::local_tempfile(fileext = ".bif")
  write_bif(asia_fit, path)
  expect_equal(from_bn(bnlearn::read.bif(path))$cpts, asia_fit$cpts)
  bnlearn::write.bif(path, fitted)
  expect_equal(read_bif(path)$cpts, asia_fit$cpts)
  set.seed(2)
  x <- simulate_data(asia_fit, 500)
  g <- bnlearn::hc(x)
  expect_equal(network_score(g, x, "bic"), bnlearn::score(g, x, type = "bic"))
  expect_identical(shd(g, from_bn(g)), 0L)
})

# asia as a hand-built bn.fit whose CPTs are changed by `edit(node, table)` first.
asia_bn_fit <- function(edit = function(node, table) table) {
  nodes <- lapply(names(asia_fit$cpts), function(v) {
    table <- edit(v, asia_fit$cpts[[v]])
    structure(list(node = v, parents = names(dimnames(table))[-1], children = character(),
                   prob = as.table(table)), class = "bn.fit.dnode")
  })
  structure(stats::setNames(nodes, names(asia_fit$cpts)), class = c("bn.fit", "bn.fit.dnet"))
}

test_that("from_bn() fills bnlearn's NaN columns (unobserved parent configurations) uniformly, with a warning", {
  # bnlearn's maximum-likelihood estimate leaves NaN where a parent configuration never occurs.
  fitted <- asia_bn_fit(function(node, table) {
    if (node == "dysp") table[, "yes", "no"] <- NaN   # bronc = yes, either = no
    if (node == "either") table[, , "yes"] <- NaN     # lung = yes, both tub states
    table
  })
  expect_warning(back <- from_bn(fitted), "either (2 of 4), dysp (1 of 4)", fixed = TRUE,
                 class = "learnbn_warning_unobserved_configurations")
  expect_equal(as.vector(back$cpts$dysp[, "yes", "no"]), c(0.5, 0.5))
  expect_equal(as.vector(back$cpts$either[, , "yes"]), rep(0.5, 4))
  expect_equal(back$cpts$dysp[, "no", "yes"], asia_fit$cpts$dysp[, "no", "yes"])
  # query() works on the bn.fit itself: P(dysp | bronc = yes, either = no) is the filled column.
  expect_warning(q <- query(fitted, "dysp", list(bronc = "yes", either = "no")),
                 class = "learnbn_warning_unobserved_configurations")
  expect_equal(as.vector(q), c(0.5, 0.5))
  # A column only partly missing, or a negative probability, is an error.
  partly <- asia_bn_fit(function(node, table) {
    if (node == "tub") table[1, "yes"] <- NA
    table
  })
  expect_error(from_bn(partly), "\"tub\"", class = "learnbn_error_value")
  negative <- asia_bn_fit(function(node, table) {
    if (node == "smoke") table[] <- c(1.5, -0.5)
    table
  })
  expect_error(from_bn(negative), "\"smoke\"", class = "learnbn_error_value")
  # A Gaussian bn.fit with an unidentifiable (NA) coefficient.
  gnode <- function(node, parents, coef) {
    structure(list(node = node, parents = parents, children = character(), coefficients = coef, sd = 1),
              class = "bn.fit.gnode")
  }
  gaussian <- structure(list(A = gnode("A", character(), c("(Intercept)" = 0)),
                             B = gnode("B", "A", c("(Intercept)" = 1, A = NA))),
                        class = c("bn.fit", "bn.fit.gnet"))
  expect_error(from_bn(gaussian), "node \"B\"", class = "learnbn_error_value")
})
