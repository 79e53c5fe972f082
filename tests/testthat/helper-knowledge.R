# Helpers for the tests of background knowledge on graphs (cpdag(), pdag_to_dag() and the
# learners with whitelists and blacklists).

# The edges of a graph as sorted strings, "A -> B" for an arc and "A - B" (names in order)
# for an undirected edge: an exact, readable picture of a graph for expect_identical().
edge_strings <- function(g) {
  amat <- as.matrix(g)
  idx <- which(amat == 1, arr.ind = TRUE)
  from <- rownames(amat)[idx[, 1]]
  to <- colnames(amat)[idx[, 2]]
  undirected <- amat[idx[, 2:1, drop = FALSE]] == 1
  keep <- !undirected | from < to
  sort(paste(from, ifelse(undirected, "-", "->"), to)[keep])
}

# Arcs given as "A -> B" strings as a from/to data.frame (a whitelist or blacklist).
arc_list <- function(...) {
  parts <- strsplit(c(...), " -> ", fixed = TRUE)
  data.frame(from = vapply(parts, `[`, "", 1), to = vapply(parts, `[`, "", 2))
}

# Does the graph break the knowledge: a whitelisted arc that is not an arc of g, or a
# blacklisted arc present as an arc or an undirected edge? Returns the offending arcs.
knowledge_violations <- function(g, whitelist = NULL, blacklist = NULL) {
  amat <- as.matrix(g)
  as_pairs <- function(x) {
    x <- as.matrix(x)
    cbind(as.character(x[, 1]), as.character(x[, 2]))
  }
  bad <- character()
  if (!is.null(whitelist) && nrow(whitelist)) {
    w <- as_pairs(whitelist)
    missing <- amat[w] != 1 | amat[w[, 2:1, drop = FALSE]] != 0
    bad <- c(bad, sprintf("missing %s -> %s", w[missing, 1], w[missing, 2]))
  }
  if (!is.null(blacklist) && nrow(blacklist)) {
    b <- as_pairs(blacklist)
    present <- amat[b] == 1
    bad <- c(bad, sprintf("has %s -> %s", b[present, 1], b[present, 2]))
  }
  bad
}

# The knowledge of no_parents / no_children as blacklisted arcs.
no_parents_arcs <- function(nodes, no_parents = NULL, no_children = NULL) {
  rbind(as.matrix(expand.grid(setdiff(nodes, no_parents), no_parents, stringsAsFactors = FALSE)),
        as.matrix(expand.grid(no_children, setdiff(nodes, no_children), stringsAsFactors = FALSE)))
}

# A class learned with arc knowledge: exactly the maximally oriented PDAG of its class
# under that knowledge (cpdag() with it, type "pdag" when that orients more than the
# CPDAG), which, like its extension and info$dag, respects the knowledge.
expect_knowledge_class <- function(g, whitelist = NULL, blacklist = NULL) {
  expected <- cpdag(g$info$dag, whitelist = whitelist, blacklist = blacklist)
  expect_identical(as.matrix(g), as.matrix(expected))
  expect_identical(g$type, expected$type)
  expect_true(markov_equivalent(g$info$dag, g))
  for (graph in list(g, pdag_to_dag(g), g$info$dag)) {
    expect_identical(knowledge_violations(graph, whitelist, blacklist), character())
  }
}
