# Scores of interventional data: a node's family leaves out the rows where the node was
# set by intervention (Cooper and Yoo 1999; Hauser and Buhlmann 2012).

# Three-level A, B; binary C, D. B set by intervention in rows 201-300, D in 151-230.
interventional_frame <- function(seed = 1) {
  set.seed(seed)
  n <- 300
  a <- sample(0:2, n, TRUE)
  b <- ifelse(runif(n) < 0.7, a, sample(0:2, n, TRUE))
  b[201:300] <- sample(0:2, 100, TRUE)
  c <- ifelse(runif(n) < 0.8, b %% 2, sample(0:1, n, TRUE))
  d <- ifelse(runif(n) < 0.75, (a + c) %% 2, sample(0:1, n, TRUE))
  d[151:230] <- sample(0:1, 80, TRUE)
  data.frame(A = factor(a), B = factor(b), C = factor(c), D = factor(d))
}
set_rows <- list(B = 201:300, D = 151:230)

# bnlearn 4.9's mbde scores of these data (/work/anchor-lib):
#   score(model2network(dag), interventional_frame(), type = "mbde", exp = set_rows,
#         iss = iss, by.node = TRUE)
mbde_reference <- list(
  "[A][B|A][C|B][D|A:C]" = list(
    iss1 = c(-335.283351132109, -145.146799547457, -121.08108029574, -118.887298605293),
    iss10 = c(-332.52452856788, -140.023996487426, -120.029789972939, -111.126657881933)),
  "[A][B][C][D]" = list(
    iss1 = c(-335.283351132109, -225.467222161599, -204.569624765903, -145.971141059085),
    iss10 = c(-332.52452856788, -222.711278198498, -203.422835138514, -145.020610353835)),
  "[B][A|B][C|B][D|C]" = list(
    iss1 = c(-295.747483640097, -225.467222161599, -121.08108029574, -145.103755168567),
    iss10 = c(-287.487325041138, -222.711278198498, -120.029789972939, -142.630587820105)),
  "[D][C|D][A|C:D][B|A:C]" = list(
    iss1 = c(-306.94881167506, -113.724602042353, -203.175880979258, -145.971141059085),
    iss10 = c(-294.909651442192, -107.242140382, -200.505164865487, -145.020610353835)))

test_that("bdeu on interventional data is bnlearn's mbde", {
  d <- bn_data(interventional_frame(), interventions = set_rows)
  for (dag in names(mbde_reference)) {
    g <- bn_graph_from_string(dag)
    for (iss in c(1, 10)) {
      expected <- mbde_reference[[dag]][[paste0("iss", iss)]]
      local <- network_score(g, d, bn_score("bdeu", iss = iss), local = TRUE)
      expect_equal(unname(local[c("A", "B", "C", "D")]), expected, tolerance = 1e-10)
      expect_equal(network_score(g, d, bn_score("bdeu", iss = iss)), sum(expected),
                   tolerance = 1e-10)
    }
  }
  # One family at a time, and with two threads, the same numbers.
  expect_equal(local_score(d, "D", c("A", "C"), bn_score("bdeu", iss = 10)),
               -111.126657881933, tolerance = 1e-10)
  g <- bn_graph_from_string("[D][C|D][A|C:D][B|A:C]")
  expect_equal(network_score(g, d, "bdeu", threads = 2), -769.820435755755, tolerance = 1e-10)
})

# Plain R: the log-likelihood and BIC of a discrete family on the rows where the node was
# not set; BIC's penalty takes log of all the cases (Hauser and Buhlmann 2012).
plain_family_loglik <- function(x, node, parents, rows) {
  x <- x[setdiff(seq_len(nrow(x)), rows), , drop = FALSE]
  joint <- table(x[c(node, parents)])
  if (!length(parents)) return(sum(joint[joint > 0] * log(joint[joint > 0] / sum(joint))))
  parent_totals <- apply(joint, seq_along(parents) + 1, sum)
  cond <- sweep(joint, seq_along(parents) + 1, parent_totals, "/")
  sum(joint[joint > 0] * log(cond[joint > 0]))
}

test_that("loglik and bic leave out each node's intervened rows", {
  x <- interventional_frame()
  d <- bn_data(x, interventions = set_rows)
  g <- bn_graph_from_string("[A][B|A][C|B][D|A:C]")
  parents <- list(A = character(), B = "A", C = "B", D = c("A", "C"))
  loglik <- vapply(names(parents), function(v) {
    plain_family_loglik(x, v, parents[[v]], set_rows[[v]])
  }, numeric(1))
  expect_equal(network_score(g, d, "loglik", local = TRUE)[names(parents)], loglik,
               tolerance = 1e-10)
  free <- c(A = 2, B = 6, C = 3, D = 6)
  expect_equal(network_score(g, d, "bic"), sum(loglik) - 0.5 * log(300) * sum(free),
               tolerance = 1e-10)
  # Observational data score every row.
  expect_equal(network_score(g, x, "loglik", local = TRUE)[["B"]],
               plain_family_loglik(x, "B", "A", integer()), tolerance = 1e-10)
})

# A chain A -> B -> C, binary, B set by intervention (at random) in the second half.
chain_frame <- function(n = 2000, seed = 2) {
  set.seed(seed)
  a <- rbinom(n, 1, 0.5)
  b <- ifelse(runif(n) < 0.85, a, 1 - a)
  b[(n / 2 + 1):n] <- rbinom(n / 2, 1, 0.5)
  c <- ifelse(runif(n) < 0.85, b, 1 - b)
  data.frame(A = factor(a), B = factor(b), C = factor(c))
}

test_that("hill climbing with interventions on B orients the chain A -> B -> C", {
  x <- chain_frame()
  set_b <- list(B = 1001:2000)
  truth <- bn_graph_from_string("[A][B|A][C|B]")
  for (score in c("bdeu", "bic")) {
    g <- hill_climb(bn_data(x, interventions = set_b), score = score)
    expect_identical(as.matrix(g), as.matrix(truth))
    expect_identical(as.matrix(tabu_search(bn_data(x, interventions = set_b), score = score)),
                     as.matrix(truth))
  }
  # Without the interventions the directions are not identified: the learned graph is in
  # the class of the chain, A - B - C with no v-structure.
  observational <- hill_climb(x)
  expect_identical(as.matrix(cpdag(observational)), as.matrix(cpdag(truth)))
  expect_identical(sum(as.matrix(cpdag(truth))), 4L)
})

test_that("the Gaussian scores regress each node on its rows not set by intervention", {
  set.seed(4)
  n <- 200
  a <- rnorm(n)
  b <- 0.8 * a + rnorm(n, sd = 0.6)
  b[151:200] <- rnorm(50, 2)
  c <- b - 0.5 * a + rnorm(n, sd = 0.5)
  x <- data.frame(a = a, b = b, c = c)
  set_rows <- list(b = 151:200, c = c(1:20, 181:200))
  d <- bn_data(x, interventions = set_rows)
  g <- bn_graph_from_string("[a][b|a][c|a:b]")
  parents <- list(a = character(), b = "a", c = c("a", "b"))
  # Plain R: the maximum-likelihood regression of each node on its rows.
  loglik <- vapply(names(parents), function(v) {
    keep <- setdiff(seq_len(n), set_rows[[v]])
    rhs <- if (length(parents[[v]])) paste(parents[[v]], collapse = "+") else "1"
    fit <- lm(stats::as.formula(paste(v, "~", rhs)), data = x[keep, ])
    m <- length(keep)
    -m / 2 * (log(2 * pi * sum(residuals(fit)^2) / m) + 1)
  }, numeric(1))
  expect_equal(network_score(g, d, "loglik", local = TRUE)[names(parents)], loglik,
               tolerance = 1e-9)
  bic <- loglik - 0.5 * log(n) * (lengths(parents) + 2)
  expect_equal(network_score(g, d, "bic", local = TRUE)[names(parents)], bic, tolerance = 1e-9)
  expect_equal(network_score(g, d, "bic"), sum(bic), tolerance = 1e-9)
})

test_that("the cv score refuses interventional data", {
  d <- bn_data(chain_frame(200), interventions = list(B = 101:200))
  expect_error(network_score(bn_graph_from_string("[A][B|A][C|B]"), d, "cv"),
               class = "learnbn_error_value")
})

test_that("searches over Markov classes refuse interventional data and point to gies()", {
  d <- bn_data(chain_frame(200), interventions = list(B = 101:200))
  for (learn in list(ges, pdag_search, chow_liu, function(x) boss(x, bes = TRUE))) {
    err <- expect_error(learn(d), class = "learnbn_error_interventional")
    expect_s3_class(err, "learnbn_error_value")
  }
  expect_snapshot(ges(d), error = TRUE)
})
