# Brute force, independent of legal_moves(): every matrix one add, remove or reversal
# away from `amat` that is still acyclic (a digraph is acyclic iff its adjacency matrix
# is nilpotent: A^n = 0).
acyclic_amat <- function(a) {
  power <- a
  for (step in seq_len(nrow(a))) power <- power %*% a
  all(power == 0)
}

brute_neighbours <- function(amat) {
  out <- list()
  n <- nrow(amat)
  for (i in seq_len(n)) for (j in seq_len(n)) {
    if (i == j) next
    b <- amat
    if (amat[i, j] == 1L) {
      b[i, j] <- 0L
      out[[length(out) + 1L]] <- b
      b[j, i] <- 1L
      if (acyclic_amat(b)) out[[length(out) + 1L]] <- b
    } else if (amat[j, i] == 0L) {
      b[i, j] <- 1L
      if (acyclic_amat(b)) out[[length(out) + 1L]] <- b
    }
  }
  out
}

amat_key <- function(a) paste(as.integer(a), collapse = "")

test_that("an edgeless DAG on m nodes has m(m - 1) neighbours (Kochenderfer et al. 2022, exercise 5.1)", {
  for (m in 1:6) {
    nodes <- LETTERS[seq_len(m)]
    g <- bn_graph(matrix(0L, m, m, dimnames = list(nodes, nodes)))
    expect_identical(count_neighbours(g), m * (m - 1L))
    nb <- neighbours(g)
    expect_length(nb, m * (m - 1L))
    expect_true(all(startsWith(names(nb), "add ")))
  }
})

test_that("the network of Kochenderfer et al. (2022), exercise 5.2, has the 10 neighbours of the solution", {
  g <- bn_graph_from_string("[A][D][B|A:D][C|A:B]")
  expect_identical(count_neighbours(g), 10L)
  expect_setequal(names(neighbours(g)), c(
    "add A -> D", "add D -> A", "add D -> C",
    "remove A -> B", "remove A -> C", "remove B -> C", "remove D -> B",
    "reverse A -> B", "reverse B -> C", "reverse D -> B"))
  nb <- neighbours(g)
  expect_true(all(vapply(nb, is_dag, logical(1))))
  reversed <- as.matrix(bn_graph_from_string("[A][B|A][D|B][C|A:B]"))
  expect_identical(as.matrix(nb[["reverse D -> B"]]), reversed[nodes(g), nodes(g)])
})

test_that("neighbours() matches a brute-force enumeration on random DAGs", {
  set.seed(42)
  for (trial in 1:30) {
    m <- sample(2:5, 1)
    nodes <- paste0("X", seq_len(m))
    amat <- matrix(0L, m, m, dimnames = list(nodes, nodes))
    amat[upper.tri(amat)] <- stats::rbinom(m * (m - 1) / 2, 1, 0.5)
    perm <- sample(m)
    amat[] <- amat[perm, perm]
    g <- bn_graph(amat)
    expected <- vapply(brute_neighbours(amat), amat_key, "")
    got <- vapply(neighbours(g), function(h) amat_key(as.matrix(h)), "")
    expect_setequal(got, expected)
    expect_false(anyDuplicated(got) > 0)
    expect_identical(count_neighbours(g), length(expected))
  }
})

test_that("neighbours() rejects graphs that are not DAGs", {
  cp <- cpdag(bn_graph_from_string("[A][B|A]"))
  expect_error(neighbours(cp), class = "learnbn_error_not_dag")
  expect_error(count_neighbours("A -> B"), class = "learnbn_error_type")
  expect_snapshot(count_neighbours(cp), error = TRUE)
})
