# Plain-R references: d-separation by its path definition (every simple path between x
# and y is blocked given z), and the neighbourhood sets straight from the matrix.
path_dsep <- function(amat, x, y, z) {
  adj <- (amat + t(amat)) > 0
  desc_or_self <- function(v) {
    out <- v
    repeat {
      nxt <- union(out, colnames(amat)[colSums(amat[out, , drop = FALSE]) > 0])
      if (length(nxt) == length(out)) return(out)
      out <- nxt
    }
  }
  blocked <- function(path) {
    for (i in seq_along(path)[-c(1, length(path))]) {
      a <- path[i - 1]; v <- path[i]; b <- path[i + 1]
      collider <- amat[a, v] == 1 && amat[b, v] == 1
      if (collider && !any(desc_or_self(v) %in% z)) return(TRUE)
      if (!collider && v %in% z) return(TRUE)
    }
    FALSE
  }
  walk <- function(path) {
    last <- path[length(path)]
    if (last == y) return(blocked(path))
    for (n in setdiff(colnames(amat)[adj[last, ]], path)) if (!walk(c(path, n))) return(FALSE)
    TRUE
  }
  walk(x)
}

random_dag <- function(n, p) {
  nm <- LETTERS[seq_len(n)]
  amat <- matrix(0L, n, n, dimnames = list(nm, nm))
  amat[upper.tri(amat)] <- stats::rbinom(n * (n - 1) / 2, 1, p)
  perm <- sample(n)
  amat <- amat[perm, perm]
  dimnames(amat) <- list(nm, nm)
  amat
}

test_that("dsep() agrees with the path definition of d-separation on random DAGs", {
  set.seed(18)
  agree <- separated <- logical()
  for (rep in 1:40) {
    amat <- random_dag(6, 0.4)
    g <- bn_graph(amat)
    for (k in 1:5) {
      xyz <- sample(colnames(amat), 2 + sample(0:3, 1))
      z <- xyz[-(1:2)]
      separated <- c(separated, dsep(g, xyz[1], xyz[2], z))
      agree <- c(agree, separated[length(separated)] == path_dsep(amat, xyz[1], xyz[2], z))
    }
  }
  expect_true(all(agree))
  expect_length(agree, 200)
  # Both answers occur, so a constant dsep() would fail.
  expect_gt(sum(separated), 20)
  expect_gt(sum(!separated), 20)
})

test_that("neighbourhood queries match their definitions on random DAGs", {
  set.seed(7)
  for (rep in 1:20) {
    amat <- random_dag(7, 0.35)
    g <- bn_graph(amat)
    v <- sample(colnames(amat), 1)
    nm <- colnames(amat)
    pa <- nm[amat[, v] == 1]
    ch <- nm[amat[v, ] == 1]
    sp <- nm[rowSums(amat[, ch, drop = FALSE]) > 0]
    expect_identical(parents(g, v), pa)
    expect_identical(children(g, v), ch)
    expect_identical(markov_blanket(g, v), setdiff(nm[nm %in% c(pa, ch, sp)], v))
    # A node is an ancestor of v exactly when v is its descendant.
    expect_identical(ancestors(g, v), nm[vapply(nm, function(u) v %in% descendants(g, u), logical(1))])
  }
})

test_that("queries on a small DAG give exact answers and accept fits", {
  g <- bn_graph_from_string("[A][B][C|A:B][D|C][E|D]")
  expect_identical(parents(g, "C"), c("A", "B"))
  expect_identical(children(g, "A"), "C")
  expect_identical(markov_blanket(g, "A"), c("B", "C"))
  expect_identical(ancestors(g, "E"), c("A", "B", "C", "D"))
  expect_identical(descendants(g, c("A", "B")), c("C", "D", "E"))
  expect_identical(parents(g, "A"), character())
  expect_true(dsep(g, "A", "B"))
  expect_false(dsep(g, "A", "B", "D"))
  expect_true(dsep(g, "A", "E", "D"))
  d <- data.frame(A = factor(c("a", "b", "a", "b")), B = factor(c("x", "x", "y", "y")))
  fit <- fit_parameters(bn_graph_from_string("[A][B|A]"), d)
  expect_identical(parents(fit, "B"), "A")
})

test_that("unknown nodes, overlapping sets and CPDAGs are classed errors", {
  g <- bn_graph_from_string("[A][B][C|A:B]")
  expect_error(parents(g, "c"), class = "learnbn_error_unknown_node")
  expect_error(parents(g, NA_character_), class = "learnbn_error_type")
  expect_error(ancestors(g, c("A", NA)), class = "learnbn_error_type")
  expect_error(dsep(g, "A", "A"), class = "learnbn_error_overlap")
  expect_error(children(cpdag(bn_graph_from_string("[A][B|A]")), "A"),
               class = "learnbn_error_undirected")
  expect_snapshot(error = TRUE, {
    parents(g, "c")
    dsep(g, "A", "B", c("B", "C"))
  })
})

test_that("is_dag() tells DAGs from other graphs", {
  expect_true(is_dag(bn_graph_from_string(asia_string)))
  expect_false(is_dag(cpdag(bn_graph_from_string(asia_string))))
  expect_true(is_dag(empty_graph(c("a", "b"))))
  cyc <- matrix(0L, 3, 3, dimnames = list(c("a", "b", "c"), c("a", "b", "c")))
  cyc["a", "b"] <- cyc["b", "c"] <- cyc["c", "a"] <- 1L
  expect_false(is_dag(new_bn_graph(cyc, "dag")))
})

# ---- topological order ---------------------------------------------------------------------

# A random DAG as a bn_graph: arcs only from earlier to later nodes of a random order.
random_order_dag <- function(n, prob = 0.4, names = paste0("X", seq_len(n))) {
  amat <- matrix(0L, n, n, dimnames = list(names, names))
  ord <- sample(n)
  upper <- upper.tri(amat) & matrix(stats::runif(n * n) < prob, n, n)
  amat[ord, ord] <- upper * 1L
  new_bn_graph(amat, "dag")
}

test_that("topological_order() respects every arc and breaks ties by node order", {
  expect_identical(topological_order(bn_graph_from_string("[C|B][B|A][A]")), c("A", "B", "C"))
  expect_identical(topological_order(bn_graph_from_string("[D][C][B|D][A|C]")),
                   c("D", "C", "B", "A"))
  expect_identical(topological_order(empty_graph(c("z", "y"))), c("z", "y"))
  asia <- bn_graph_from_string(asia_string)
  expect_identical(topological_order(asia),
                   c("asia", "smoke", "tub", "lung", "bronc", "either", "xray", "dysp"))
  set.seed(3)
  for (i in 1:50) {
    g <- random_order_dag(sample(1:9, 1))
    ord <- topological_order(g)
    a <- arcs(g)
    expect_true(all(match(a$from, ord) < match(a$to, ord)))
    expect_setequal(ord, nodes(g))
  }
})

test_that("topological_order() errors on cycles and undirected edges", {
  cyc <- matrix(0L, 4, 4, dimnames = list(LETTERS[1:4], LETTERS[1:4]))
  cyc["A", "B"] <- cyc["B", "C"] <- cyc["C", "D"] <- cyc["D", "B"] <- 1L
  err <- expect_error(topological_order(new_bn_graph(cyc, "dag")), class = "learnbn_error_cycle")
  expect_match(conditionMessage(err), "B -> C -> D -> B")
  expect_error(topological_order(cpdag(bn_graph_from_string("[A][B|A]"))),
               class = "learnbn_error_undirected")
  expect_error(topological_order("A"), class = "learnbn_error_type")
})
