# Graph operations against hand-worked examples, published CPDAGs and plain-R brute force.

# ---- independent references written for these tests --------------------------------------

# A random DAG: arcs only from earlier to later nodes of a random order.
random_dag <- function(n, prob = 0.4, names = paste0("X", seq_len(n))) {
  amat <- matrix(0L, n, n, dimnames = list(names, names))
  ord <- sample(n)
  upper <- upper.tri(amat) & matrix(stats::runif(n * n) < prob, n, n)
  amat[ord, ord] <- upper * 1L
  new_bn_graph(amat, "dag")
}

# Algorithm 5.4 of Kochenderfer et al. (2022), transcribed for 0/1 adjacency matrices.
seed_markov_equivalent <- function(G, H) {
  if (nrow(G) != nrow(H) || sum(G) != sum(H)) return(FALSE)
  e <- which(G == 1, arr.ind = TRUE)
  if (!all(H[e] == 1 | H[e[, 2:1, drop = FALSE]] == 1)) return(FALSE)
  for (pair in list(list(G, H), list(H, G))) {
    I <- pair[[1]]
    J <- pair[[2]]
    for (c in seq_len(nrow(I))) {
      parents <- which(I[, c] == 1)
      if (length(parents) < 2) next
      for (ab in utils::combn(parents, 2, simplify = FALSE)) {
        a <- ab[1]
        b <- ab[2]
        if (I[a, b] == 0 && I[b, a] == 0 && !(J[a, c] == 1 && J[b, c] == 1)) return(FALSE)
      }
    }
  }
  TRUE
}

# Every DAG with the skeleton of `dag` that is Markov equivalent to it (by algorithm 5.4).
brute_force_class <- function(dag) {
  A <- dag$amat
  e <- which(A == 1, arr.ind = TRUE)
  members <- list()
  for (mask in seq_len(2^nrow(e)) - 1) {
    flip <- bitwAnd(mask, 2^(seq_len(nrow(e)) - 1)) > 0
    B <- A * 0L
    B[e[!flip, , drop = FALSE]] <- 1L
    B[e[flip, 2:1, drop = FALSE]] <- 1L
    if (plain_acyclic(B) && seed_markov_equivalent(A, B)) members[[length(members) + 1]] <- B
  }
  members
}

# The CPDAG from the definition: an edge is directed iff every member of the class agrees.
brute_force_cpdag <- function(members) {
  Reduce(`|`, members) * 1L
}

# Reorder the nodes of a graph at random (same graph, different amat order).
shuffle_nodes <- function(g) {
  ord <- sample(nrow(g$amat))
  new_bn_graph(g$amat[ord, ord, drop = FALSE], g$type, bidirected = g$bidirected)
}

# bnlearn's CPDAG of asia (reference/asia_true_cpdag_amat.csv), rows and columns in this order.
asia_cpdag_nodes <- c("asia", "tub", "smoke", "lung", "bronc", "either", "xray", "dysp")
asia_cpdag <- matrix(as.integer(c(
  0, 1, 0, 0, 0, 0, 0, 0,
  1, 0, 0, 0, 0, 1, 0, 0,
  0, 0, 0, 1, 1, 0, 0, 0,
  0, 0, 1, 0, 0, 1, 0, 0,
  0, 0, 1, 0, 0, 0, 0, 1,
  0, 0, 0, 0, 0, 0, 1, 1,
  0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0)), 8, 8, byrow = TRUE,
  dimnames = list(asia_cpdag_nodes, asia_cpdag_nodes))

child_string <- paste0(
  "[BirthAsphyxia][HypDistrib|DuctFlow:CardiacMixing][HypoxiaInO2|CardiacMixing:LungParench]",
  "[CO2|LungParench][ChestXray|LungParench:LungFlow][Grunting|LungParench:Sick][LVHreport|LVH]",
  "[LowerBodyO2|HypDistrib:HypoxiaInO2][RUQO2|HypoxiaInO2][CO2Report|CO2][XrayReport|ChestXray]",
  "[Disease|BirthAsphyxia][GruntingReport|Grunting][Age|Disease:Sick][LVH|Disease]",
  "[DuctFlow|Disease][CardiacMixing|Disease][LungParench|Disease][LungFlow|Disease][Sick|Disease]")

# ---- v-structures -----------------------------------------------------------------------

test_that("v_structures() lists immoralities only", {
  collider <- bn_graph_from_string("[A][C][B|A:C][D|B]")
  expect_identical(v_structures(collider),
                   data.frame(x = "A", y = "B", z = "C", stringsAsFactors = FALSE))
  # a shielded collider is no immorality
  expect_identical(nrow(v_structures(bn_graph_from_string("[A][C|A][B|A:C]"))), 0L)
  none <- v_structures(bn_graph_from_string("[A][B|A][C|B]"))
  expect_identical(names(none), c("x", "y", "z"))
  expect_identical(nrow(none), 0L)
  expect_type(none$x, "character")
  # x before z in node order; rows by collider
  g <- bn_graph_from_string("[D][C][B][A][E|D:B:A][F|C:A]")
  expect_identical(v_structures(g), data.frame(
    x = c("D", "D", "B", "C"), y = c("E", "E", "E", "F"), z = c("B", "A", "A", "A"),
    stringsAsFactors = FALSE))
  asia <- bn_graph_from_string(asia_string)
  expect_identical(v_structures(asia), data.frame(
    x = c("tub", "bronc"), y = c("either", "dysp"), z = c("lung", "either"),
    stringsAsFactors = FALSE))
  # undirected edges take no part
  expect_identical(v_structures(cpdag(asia)), v_structures(asia))
})

test_that("v_structures() agrees with a triple loop on random DAGs", {
  set.seed(5)
  for (i in 1:40) {
    g <- random_dag(sample(3:8, 1), prob = 0.5)
    A <- g$amat
    n <- nrow(A)
    expected <- character()
    for (y in seq_len(n)) for (x in seq_len(n)) for (z in seq_len(n)) {
      if (x < z && A[x, y] == 1 && A[z, y] == 1 && A[x, z] == 0 && A[z, x] == 0) {
        expected <- c(expected, paste(x, y, z))
      }
    }
    got <- v_structures(g)
    expect_identical(paste(match(got$x, nodes(g)), match(got$y, nodes(g)), match(got$z, nodes(g))),
                     expected)
  }
})

# ---- CPDAGs -----------------------------------------------------------------------------

test_that("cpdag() of hand-worked examples", {
  chain <- cpdag(bn_graph_from_string("[A][B|A][C|B]"))
  expect_identical(chain$type, "cpdag")
  expect_identical(arcs(chain), data.frame(from = c("A", "B"), to = c("B", "C"), directed = FALSE,
                                           type = "undirected", stringsAsFactors = FALSE))
  collider <- bn_graph_from_string("[A][C][B|A:C]")
  expect_identical(cpdag(collider)$amat, collider$amat)
  # A -> B <- C, B -> D: D is compelled by rule 1
  r1 <- bn_graph_from_string("[A][C][B|A:C][D|B]")
  expect_identical(cpdag(r1)$amat, r1$amat)
  # diamond A -> B -> D <- C <- A: A - B, A - C undirected, B -> D <- C compelled
  diamond <- cpdag(bn_graph_from_string("[A][B|A][C|A][D|B:C]"))
  expect_identical(arcs(diamond), data.frame(
    from = c("A", "A", "B", "C"), to = c("B", "C", "D", "D"),
    directed = c(FALSE, FALSE, TRUE, TRUE),
    type = c("undirected", "undirected", "directed", "directed"), stringsAsFactors = FALSE))
  # A -> B <- D, B -> C, A -> C: B -> C by rule 1 (D, C non-adjacent), then A -> C by rule 2
  r2 <- bn_graph_from_string("[A][D][B|A:D][C|A:B]")
  expect_identical(cpdag(r2)$amat, r2$amat)
  # A -> B <- C, A -> D <- C, B -> D: both colliders compelled, B - D reversible
  two <- cpdag(bn_graph_from_string("[A][C][B|A:C][D|A:B:C]"))
  expect_identical(arcs(two), data.frame(
    from = c("A", "A", "C", "C", "B"), to = c("B", "D", "B", "D", "D"),
    directed = c(TRUE, TRUE, TRUE, TRUE, FALSE),
    type = c(rep("directed", 4), "undirected"), stringsAsFactors = FALSE))
  # complete DAG: all undirected
  complete <- cpdag(bn_graph_from_string("[A][B|A][C|A:B]"))
  expect_identical(sum(complete$amat), 6L)
  expect_true(all(complete$amat == t(complete$amat)))
  expect_identical(cpdag(empty_graph(c("a", "b")))$amat, empty_graph(c("a", "b"))$amat)
})

test_that("cpdag() of asia and child equal the published CPDAGs", {
  asia <- bn_graph_from_string(asia_string)
  got <- cpdag(asia)$amat
  expect_identical(got[asia_cpdag_nodes, asia_cpdag_nodes], asia_cpdag)
  child <- bn_graph_from_string(child_string)
  ref <- as.matrix(utils::read.csv(test_path("ref", "child_true_cpdag_amat.csv"), row.names = 1,
                                   check.names = FALSE))
  expect_identical(dim(ref), c(20L, 20L))
  storage.mode(ref) <- "integer"
  got <- cpdag(child)$amat
  expect_identical(got[rownames(ref), colnames(ref)], ref)
  expect_identical(bn_graph(ref, type = "cpdag")$type, "cpdag")
})

test_that("cpdag() and count_equivalent_dags() agree with brute-force enumeration of the class", {
  set.seed(7)
  for (i in 1:50) {
    g <- random_dag(sample(2:5, 1), prob = 0.6)
    members <- brute_force_class(g)
    expect_identical(cpdag(g)$amat, brute_force_cpdag(members))
    expect_identical(as.character(count_equivalent_dags(g)), as.character(length(members)))
    expect_identical(as.character(count_equivalent_dags(cpdag(g))), as.character(length(members)))
  }
})

test_that("count_equivalent_dags() agrees with brute force on chordal classes of 6-7 nodes", {
  # k-trees: each new node joins k nodes of an existing (k + 1)-clique, so the DAG has no
  # v-structure and its class is one chordal component (neither a tree nor a clique)
  k_tree_dag <- function(parents) {
    n <- length(parents)
    nm <- paste0("V", seq_len(n))
    amat <- matrix(0L, n, n, dimnames = list(nm, nm))
    for (i in seq_len(n)) amat[parents[[i]], i] <- 1L
    new_bn_graph(amat, "dag")
  }
  cases <- list(
    list(integer(), 1, 1:2, 2:3, c(1, 3), c(3, 4), c(4, 6)),
    list(integer(), 1, 1:2, 1:3, c(1, 2, 4), c(2, 3, 4)),
    list(integer(), 1, 1:2, c(1, 3), c(2, 3), c(1, 4), c(3, 4)))
  for (parents in cases) {
    g <- k_tree_dag(parents)
    cp <- cpdag(g)
    expect_true(all(cp$amat == t(cp$amat)))
    members <- brute_force_class(g)
    expect_identical(as.character(count_equivalent_dags(g)), as.character(length(members)))
    expect_identical(cp$amat, brute_force_cpdag(members))
  }
})

test_that("properties on a few hundred random DAGs", {
  set.seed(2024)
  failures <- character()
  for (i in 1:300) {
    n <- sample(2:7, 1)
    g <- random_dag(n, prob = stats::runif(1, 0.2, 0.8))
    cp <- cpdag(g)
    ext <- pdag_to_dag(cp)
    # a second DAG: equivalent by covered arc reversals half the time, else random
    h <- g
    if (i %% 2 == 0) {
      for (step in 1:5) {
        A <- h$amat
        e <- which(A == 1L, arr.ind = TRUE)
        covered <- vapply(seq_len(nrow(e)), function(k) {
          identical(A[-e[k, 1], e[k, 2]], A[-e[k, 1], e[k, 1]])
        }, logical(1))
        if (!any(covered)) break
        k <- which(covered)[sample.int(sum(covered), 1)]
        A[e[k, 1], e[k, 2]] <- 0L
        A[e[k, 2], e[k, 1]] <- 1L
        h <- new_bn_graph(A, "dag")
      }
    } else {
      h <- random_dag(n, prob = 0.5, names = nodes(g))
    }
    me <- markov_equivalent(g, h)
    failures <- c(failures, failed_checks(
      paste("DAG", i),
      idempotent = identical(cpdag(cp)$amat, cp$amat),
      valid_cpdag = identical(bn_graph(cp$amat, type = "cpdag")$amat, cp$amat),
      # a consistent extension lies in the class
      extension_is_dag = is_dag(ext),
      extension_equivalent = markov_equivalent(ext, g),
      extension_equivalent_by_hand = seed_markov_equivalent(ext$amat, g$amat),
      dag_extends_to_itself = identical(pdag_to_dag(g)$amat, g$amat),
      same_skeleton = identical((cp$amat | t(cp$amat)), (g$amat | t(g$amat))),
      equivalent_by_hand = identical(me, seed_markov_equivalent(g$amat, h$amat)),
      equivalent_iff_same_cpdag = identical(me, identical(cp$amat, cpdag(h)$amat)),
      covered_reversals_equivalent = i %% 2 == 1 || isTRUE(me),
      # node order does not matter
      node_order = identical(markov_equivalent(shuffle_nodes(g), h), me)))
  }
  expect_identical(failures, character())
})

test_that("cpdag() of a partially directed graph is the CPDAG of its extension", {
  m <- matrix(0L, 3, 3, dimnames = list(c("A", "B", "C"), c("A", "B", "C")))
  m["A", "B"] <- 1L
  m["B", "C"] <- m["C", "B"] <- 1L
  pd <- bn_graph(m)
  expect_identical(pd$type, "pdag")
  # A -> B - C extends to A -> B -> C, whose CPDAG is all undirected
  expect_identical(sum(cpdag(pd)$amat), 4L)
  expect_identical(arcs(pdag_to_dag(pd)), data.frame(from = c("A", "B"), to = c("B", "C"),
                                                     directed = TRUE, type = "directed",
                                                     stringsAsFactors = FALSE))
})

# ---- Markov equivalence -------------------------------------------------------------------

test_that("markov_equivalent() on hand examples", {
  chain <- bn_graph_from_string("[A][B|A][C|B]")
  fork <- bn_graph_from_string("[B][A|B][C|B]")
  collider <- bn_graph_from_string("[A][C][B|A:C]")
  expect_true(markov_equivalent(chain, fork))
  expect_false(markov_equivalent(chain, collider))
  expect_true(markov_equivalent(chain, cpdag(fork)))
  expect_false(markov_equivalent(chain, bn_graph_from_string("[A][B|A][C]")))
  # nodes in another order
  expect_true(markov_equivalent(chain, bn_graph_from_string("[C][B|C][A|B]")))
  expect_error(markov_equivalent(chain, bn_graph_from_string("[A][B|A][D|B]")),
               class = "learnbn_error_node_mismatch")
  expect_error(markov_equivalent(chain, empty_graph(c("A", "B"))),
               class = "learnbn_error_node_mismatch")
})

# ---- consistent extensions -------------------------------------------------------------------

test_that("pdag_to_dag() finds an extension or says none exists", {
  asia <- bn_graph_from_string(asia_string)
  ext <- pdag_to_dag(cpdag(asia))
  expect_identical(ext$type, "dag")
  expect_true(markov_equivalent(ext, asia))
  expect_identical(v_structures(ext), v_structures(asia))
  # undirected 4-cycle: no extension
  square <- matrix(0L, 4, 4, dimnames = list(LETTERS[1:4], LETTERS[1:4]))
  square[cbind(1:4, c(2:4, 1))] <- 1L
  square <- square + t(square)
  err <- expect_error(pdag_to_dag(bn_graph(square)), class = "learnbn_error_no_extension")
  expect_s3_class(err, "learnbn_error")
  # A -> B - C <- D: either orientation of B - C adds a v-structure
  m <- matrix(0L, 4, 4, dimnames = list(LETTERS[1:4], LETTERS[1:4]))
  m["A", "B"] <- m["D", "C"] <- 1L
  m["B", "C"] <- m["C", "B"] <- 1L
  expect_error(pdag_to_dag(bn_graph(m)), class = "learnbn_error_no_extension")
  # a directed cycle
  cyc <- matrix(0L, 3, 3, dimnames = list(c("a", "b", "c"), c("a", "b", "c")))
  cyc["a", "b"] <- cyc["b", "c"] <- cyc["c", "a"] <- 1L
  expect_error(pdag_to_dag(new_bn_graph(cyc, "pdag")), class = "learnbn_error_no_extension")
  expect_snapshot(pdag_to_dag(bn_graph(square)), error = TRUE)
})

test_that("no consistent extension: the error names the nodes left and why each is stuck", {
  # A -> B - C <- D: B cannot come last (A -> B <- C would be new), nor can C.
  m <- matrix(0L, 4, 4, dimnames = list(LETTERS[1:4], LETTERS[1:4]))
  m["A", "B"] <- m["D", "C"] <- 1L
  m["B", "C"] <- m["C", "B"] <- 1L
  expect_snapshot(pdag_to_dag(bn_graph(m)), error = TRUE)
  # cpdag() of such a graph fails the same way, from its own frame
  err <- expect_error(cpdag(bn_graph(m)), class = "learnbn_error_no_extension")
  expect_identical(conditionCall(err)[[1]], quote(cpdag))
  expect_snapshot(cpdag(bn_graph(m)), error = TRUE)
  # a directed cycle (only an internal graph can hold one)
  cyc <- matrix(0L, 3, 3, dimnames = list(c("a", "b", "c"), c("a", "b", "c")))
  cyc["a", "b"] <- cyc["b", "c"] <- cyc["c", "a"] <- 1L
  expect_snapshot(pdag_to_dag(learnbn:::new_bn_graph(cyc, "pdag")), error = TRUE)
})

# ---- background knowledge on classes ---------------------------------------------------------

test_that("cpdag() with knowledge gives the maximally oriented PDAG (Meek's rules)", {
  chain <- bn_graph_from_string("[A][B|A][C|B]")
  expect_identical(edge_strings(cpdag(chain)), c("A - B", "B - C"))
  # B -> A forbidden: A -> B, then B -> C by R1 (A -> B <- C would be a new v-structure)
  g <- cpdag(chain, blacklist = arc_list("B -> A"))
  expect_identical(g$type, "pdag")
  expect_identical(edge_strings(g), c("A -> B", "B -> C"))
  expect_identical(edge_strings(pdag_to_dag(g)), c("A -> B", "B -> C"))
  # B -> A required: A - ... B - C stays open (C -> B -> A and A <- B -> C both qualify)
  expect_identical(edge_strings(cpdag(chain, whitelist = arc_list("B -> A"))), c("B - C", "B -> A"))
  # R2: A -> B -> C with A - C; the class of the complete DAG on A, B, C is all undirected
  full <- bn_graph_from_string("[A][B|A][C|A:B]")
  g <- cpdag(full, whitelist = arc_list("A -> B", "B -> C"))
  expect_identical(edge_strings(g), c("A -> B", "A -> C", "B -> C"))
  # R4: A - C -> D -> B, A - D, C and B not adjacent orients A -> B; R1 gives D -> B
  diamond <- bn_graph_from_string("[A][C|A][D|A:C][B|A:D]")
  expect_identical(edge_strings(cpdag(diamond)), c("A - B", "A - C", "A - D", "B - D", "C - D"))
  g <- cpdag(diamond, whitelist = arc_list("C -> D"))
  expect_identical(edge_strings(g), c("A - C", "A - D", "A -> B", "C -> D", "D -> B"))
  # knowledge that agrees with the CPDAG changes nothing: type "cpdag"
  collider <- bn_graph_from_string("[A][C][B|A:C]")
  g <- cpdag(collider, whitelist = arc_list("A -> B"), blacklist = arc_list("B -> C", "A -> C"))
  expect_identical(g$type, "cpdag")
  expect_identical(edge_strings(g), c("A -> B", "C -> B"))
  # the result's node order is g's
  expect_identical(nodes(cpdag(chain, blacklist = arc_list("B -> A"))), nodes(chain))
})

test_that("cpdag() with knowledge no DAG of the class satisfies names the arcs", {
  chain <- bn_graph_from_string("[A][B|A][C|B]")
  collider <- bn_graph_from_string("[A][C][B|A:C]")
  # a whitelisted arc between non-adjacent nodes
  err <- expect_error(cpdag(chain, whitelist = arc_list("A -> C")),
                      class = "learnbn_error_incompatible_knowledge")
  expect_s3_class(err, "learnbn_error_constraints")
  expect_identical(conditionCall(err)[[1]], quote(cpdag))
  expect_snapshot(cpdag(chain, whitelist = arc_list("A -> C")), error = TRUE)
  # against a compelled arc, whitelisted or blacklisted
  expect_error(cpdag(collider, whitelist = arc_list("B -> A")), class = "learnbn_error_incompatible_knowledge")
  expect_snapshot(cpdag(collider, whitelist = arc_list("B -> A")), error = TRUE)
  expect_error(cpdag(collider, blacklist = arc_list("C -> B")), class = "learnbn_error_incompatible_knowledge")
  expect_snapshot(cpdag(collider, blacklist = arc_list("C -> B")), error = TRUE)
  # arcs that hold one by one but not together: a new v-structure A -> B <- C
  expect_error(cpdag(chain, whitelist = arc_list("A -> B", "C -> B")),
               class = "learnbn_error_incompatible_knowledge")
  expect_snapshot(cpdag(chain, whitelist = arc_list("A -> B", "C -> B")), error = TRUE)
  # both directions of an edge blacklisted
  expect_snapshot(cpdag(chain, blacklist = arc_list("A -> B", "B -> A")), error = TRUE)
  # only the arcs needed are named: A -> B forces B -> C -> D (R1), which D -> C
  # contradicts; the blacklisted B -> A (which agrees) and C -> A (on no edge) are not
  chain4 <- bn_graph_from_string("[A][B|A][C|B][D|C]")
  expect_snapshot(cpdag(chain4, whitelist = arc_list("A -> B", "D -> C"),
                        blacklist = arc_list("B -> A", "C -> A")), error = TRUE)
  # unknown nodes are the whitelist's own error
  expect_error(cpdag(chain, whitelist = arc_list("A -> Z")), class = "learnbn_error_unknown_node")
})

test_that("pdag_to_dag() with knowledge respects it or names the arc", {
  # The issue's case: GES left SEX - PE undirected and the extension chose PE -> SEX
  pdag <- bn_graph_from_string("[SEX][PE|SEX][CP|PE]")
  g <- cpdag(pdag)
  expect_identical(edge_strings(pdag_to_dag(g)), c("CP -> PE", "PE -> SEX"))
  dag <- pdag_to_dag(g, blacklist = arc_list("PE -> SEX"))
  expect_identical(edge_strings(dag), c("PE -> CP", "SEX -> PE"))
  dag <- pdag_to_dag(g, whitelist = arc_list("CP -> PE"))
  expect_identical(edge_strings(dag), c("CP -> PE", "PE -> SEX"))
  # a partially directed graph that is not a CPDAG: A -> B - C - D
  m <- matrix(0L, 4, 4, dimnames = list(LETTERS[1:4], LETTERS[1:4]))
  m["A", "B"] <- 1L
  m["B", "C"] <- m["C", "B"] <- m["C", "D"] <- m["D", "C"] <- 1L
  p <- bn_graph(m)
  expect_identical(edge_strings(pdag_to_dag(p, blacklist = arc_list("D -> C"))),
                   c("A -> B", "B -> C", "C -> D"))
  expect_error(pdag_to_dag(p, blacklist = arc_list("C -> D")), class = "learnbn_error_incompatible_knowledge")
  expect_snapshot(pdag_to_dag(p, blacklist = arc_list("C -> D")), error = TRUE)
  # a DAG is its own only extension: a blacklisted arc of it is an error
  chain <- bn_graph_from_string("[A][B|A][C|B]")
  expect_identical(edge_strings(pdag_to_dag(chain, whitelist = arc_list("A -> B"))), c("A -> B", "B -> C"))
  err <- expect_error(pdag_to_dag(chain, blacklist = arc_list("B -> C")),
                      class = "learnbn_error_incompatible_knowledge")
  expect_identical(conditionCall(err)[[1]], quote(pdag_to_dag))
  expect_snapshot(pdag_to_dag(chain, blacklist = arc_list("B -> C")), error = TRUE)
  # a graph without any extension fails as before, knowledge or not
  square <- matrix(0L, 4, 4, dimnames = list(LETTERS[1:4], LETTERS[1:4]))
  square[cbind(1:4, c(2:4, 1))] <- 1L
  square <- square + t(square)
  expect_error(pdag_to_dag(bn_graph(square), whitelist = arc_list("A -> B")),
               class = "learnbn_error_no_extension")
})

# ---- large graphs -------------------------------------------------------------------------

test_that("1000-node random DAG: order, v-structures, CPDAG, extension, SHD", {
  set.seed(99)
  n <- 1000
  nodes <- paste0("N", seq_len(n))
  ord <- sample(n)
  from <- sample(n - 1, 4000, replace = TRUE)
  to <- pmin(n, from + sample(1:30, 4000, replace = TRUE))
  keep <- !duplicated(cbind(from, to)) & from != to
  from <- from[keep][1:1500]
  to <- to[keep][1:1500]
  amat <- matrix(0L, n, n, dimnames = list(nodes, nodes))
  amat[cbind(ord[from], ord[to])] <- 1L
  g <- bn_graph(amat)
  expect_identical(sum(g$amat), 1500L)
  topo <- topological_order(g)
  a <- arcs(g)
  expect_true(all(match(a$from, topo) < match(a$to, topo)))
  cp <- cpdag(g)
  expect_identical((cp$amat | t(cp$amat)), (g$amat | t(g$amat)))
  expect_identical(v_structures(cp), v_structures(g))
  expect_identical(cpdag(cp)$amat, cp$amat)
  ext <- pdag_to_dag(cp)
  expect_true(markov_equivalent(ext, g))
  undirected <- sum(cp$amat == 1L & t(cp$amat) == 1L) / 2
  expect_warning(expect_identical(shd(g, cp), as.integer(undirected)),
                 class = "learnbn_warning_graph_kinds")
  expect_warning(expect_identical(compare_graphs(cp, g)$arrowhead_fn, as.integer(undirected)),
                 class = "learnbn_warning_graph_kinds")
  expect_true(count_equivalent_dags(g) >= 1)
  expect_identical(log(count_equivalent_dags(g)), log(as.numeric(count_equivalent_dags(g))))
})
