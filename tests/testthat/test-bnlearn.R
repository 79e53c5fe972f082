# Interoperability with bnlearn: its objects read by hand-built copies of bnlearn 4.9's
# layout (no bnlearn needed), and round trips through bnlearn when it is installed.

asia_fit <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))

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
