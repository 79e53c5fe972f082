# hill_climb() (R/learn-hill-climb.R) ends at a local optimum: from its graph no single
# legal move (addition, removal or reversal; no continuous parent of a discrete node under
# the CLG scores) raises the score, checked in plain R by rescoring each candidate's
# changed families with local_score(). Issue 35: on bnlearn's clgaussian.test, learnbn and
# bnlearn 4.9's hc(score = "bic-cg") agree move by move until an exact tie (F -> C against
# C -> F, two discrete nodes without other parents: score-equivalent, deltas equal to
# 1e-11), then climb from two Markov-equivalent DAGs that allow different additions and
# end at different local optima; both pass this check.

# The first 400 rows of bnlearn 4.9's clgaussian.test (ref/README.md): A, B, C, F discrete;
# D, E, G, H continuous.
clg_400 <- function() {
  utils::read.csv(test_path("ref", "clgaussian_400.csv.gz"), stringsAsFactors = TRUE)
}

# The score change of every legal single-arc move from `g`, in plain R. Reversals of
# covered arcs are score-equivalent, so their deltas are rounding noise around zero.
move_deltas <- function(g, data, score, ...) {
  d <- bn_data(data)
  nodes <- colnames(as.matrix(g))
  m <- as.matrix(g)[nodes, nodes] != 0
  discrete <- vapply(data[nodes], is.factor, logical(1))
  excluded <- function(from, to) !discrete[[from]] && discrete[[to]] && any(!discrete)
  memo <- new.env()
  family <- function(v, parents) {
    key <- paste(v, paste(sort(parents), collapse = ","))
    # Families with too few rows per configuration score -Inf, with a warning.
    if (is.null(memo[[key]])) {
      memo[[key]] <- suppressWarnings(local_score(d, v, parents, score = score, ...),
                                      classes = "learnbn_warning")
    }
    memo[[key]]
  }
  parents <- function(v, m) nodes[m[, v]]
  change <- function(v, m, m2) family(v, parents(v, m2)) - family(v, parents(v, m))
  acyclic <- function(m) is.null(learnbn:::topo_sort_amat(m + 0)$cycle)
  deltas <- c()
  for (u in nodes) for (v in setdiff(nodes, u)) {
    m2 <- m
    if (m[u, v]) {
      m2[u, v] <- FALSE
      deltas[paste0("-", u, "->", v)] <- change(v, m, m2)
      m3 <- m2
      m3[v, u] <- TRUE
      if (!excluded(v, u) && acyclic(m3)) {
        deltas[paste0("~", u, "->", v)] <- change(v, m, m3) + change(u, m, m3)
      }
    } else if (!m[v, u] && !excluded(u, v)) {
      m2[u, v] <- TRUE
      if (acyclic(m2)) deltas[paste0("+", u, "->", v)] <- change(v, m, m2)
    }
  }
  deltas
}

expect_local_optimum <- function(data, score, ...) {
  g <- hill_climb(data, score = score, ...)
  expect_equal(g$score, network_score(g, data, score = score, ...), tolerance = 1e-10)
  deltas <- move_deltas(g, data, score, ...)
  expect_gt(length(deltas), 0)
  # Relative to the score: score-equivalent reversals differ from zero by rounding only.
  expect_true(all(deltas < 1e-10 * abs(g$score)), label = paste(
    "no improving move; best", names(which.max(deltas)), max(deltas)))
  invisible(g)
}

test_that("hill_climb() with the CG BIC ends where no legal move improves the score", {
  x <- clg_400()
  expect_local_optimum(x, "bic")
  set.seed(35)
  expect_local_optimum(x[sample(ncol(x))], "bic")
  expect_local_optimum(x[c("H", "G", "F", "E", "D", "C", "B", "A")], "aic")
})

test_that("hill_climb() ends at a local optimum under other scores too", {
  x <- clg_400()
  expect_local_optimum(x, "bcg")
  expect_local_optimum(x[c("D", "E", "G", "H")], "bic")
  expect_local_optimum(x[c("G", "E", "D", "H")], "bge")
  expect_local_optimum(x[c("A", "B", "C", "F")], "bdeu", iss = 10)
  expect_local_optimum(x[c("F", "C", "A", "B")], "bic")
  expect_local_optimum(x[c("C", "B", "F", "A")], "k2")
})
