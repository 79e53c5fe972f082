# Model strings and igraph conversion of bn_graph objects.

test_that("model strings are read and written", {
  g <- bn_graph_from_string(asia_string)
  expect_identical(nodes(g), c("asia", "smoke", "tub", "lung", "bronc", "either", "xray", "dysp"))
  expect_identical(sum(g$amat), 8L)
  expect_identical(g$amat["tub", "either"], 1L)
  expect_identical(g$amat["bronc", "dysp"], 1L)
  expect_identical(model_string(g), asia_string)
  # parents are written in node order, whatever order the string gave them
  expect_identical(model_string(bn_graph_from_string("[A][B][C|B:A]")), "[A][B][C|A:B]")
  expect_identical(model_string(bn_graph_from_string(" [A] [B | A] ")), "[A][B|A]")
  expect_identical(model_string(empty_graph(c("x", "y"))), "[x][y]")
  single <- bn_graph_from_string("[only]")
  expect_identical(nodes(single), "only")
})

test_that("model strings round trip on random DAGs", {
  set.seed(11)
  for (i in 1:50) {
    n <- sample(1:8, 1)
    nodes <- paste0("v", sample(100, n))
    amat <- matrix(0L, n, n, dimnames = list(nodes, nodes))
    ord <- sample(n)
    for (a in seq_len(n - 1)) for (b in seq.int(a + 1, length.out = n - a)) {
      if (runif(1) < 0.4) amat[ord[a], ord[b]] <- 1L
    }
    g <- bn_graph(amat)
    back <- bn_graph_from_string(model_string(g))
    expect_identical(back$amat, g$amat)
  }
})

test_that("malformed model strings are classed errors", {
  expect_error(bn_graph_from_string(1), class = "learnbn_error_type")
  expect_error(bn_graph_from_string(c("[A]", "[B]")), class = "learnbn_error_type")
  expect_error(bn_graph_from_string(""), class = "learnbn_error_type")
  expect_error(bn_graph_from_string("[A][B|A"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("A][B]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A]x[B]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A][B|]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A][B|A|C]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A][B|A::C][C]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A][A]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A][B|Z]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A][B|A:A]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A|A]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A|C][B|A][C|B]"), class = "learnbn_error_cycle")
  # without any bracket (an unclassed "missing value where TRUE/FALSE needed" before)
  expect_error(bn_graph_from_string("a"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("A B"), class = "learnbn_error_parse")
})

test_that("model strings hold undirected and bidirected edges (model_string() refused them)", {
  # A - B -> C <- D, written by hand: neighbours in the second section, at the later node
  pd <- bn_graph_from_string("[A][B|A][C|B:D][D]")
  pd$amat["B", "A"] <- 1L
  pd <- bn_graph(pd$amat)
  expect_identical(model_string(pd), "[A][B||A][C|B:D][D]")
  back <- bn_graph_from_string("[A][B||A][C|B:D][D]")
  expect_identical(back$amat, pd$amat)
  expect_identical(back$type, "pdag")
  # an undirected edge may be listed at either node, or at both
  expect_identical(bn_graph_from_string("[A||B][B][C|B:D][D]")$amat, pd$amat)
  expect_identical(bn_graph_from_string("[A||B][B||A][C|B:D][D]")$amat, pd$amat)
  # bidirected edges in the third section, kept as bidirected
  fl <- florida_pc_graph()
  expect_identical(model_string(fl), "[V|D][D][R|I:S||V][I|V][S|I]")
  back <- bn_graph_from_string(model_string(fl))
  expect_identical(back$amat, fl$amat)
  expect_identical(back$bidirected, fl$bidirected)
  expect_identical(model_string(bn_graph(florida_pc_matrix())), "[V|D][D][R|I:S|V][I|V][S|I]")
  # a pair joined by two kinds of edge is an error naming it
  err <- expect_error(bn_graph_from_string("[A||B][B|A]"), class = "learnbn_error_parse")
  expect_match(conditionMessage(err), "Between A and B", fixed = TRUE)
  expect_error(bn_graph_from_string("[A|||B][B||A]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A][B|||]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A][B||||A]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A][B||A:A]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[A|||A]"), class = "learnbn_error_parse")
})

test_that("model strings of pc() and ges() results round trip exactly", {
  d <- bn_data(college_plans, counts = "count")
  learned <- list(pc = pc(d), ges = ges(d),
                  pc_bidirected = suppressWarnings(pc(bn_data(florida, counts = "count"),
                                                      conflicts = "bidirected")))
  expect_gt(nrow(learned$pc_bidirected$bidirected), 0L)
  for (g in learned) {
    expect_true(any(g$amat == 1L & t(g$amat) == 1L))
    back <- bn_graph_from_string(model_string(g))
    expect_identical(as.matrix(back), as.matrix(g))
    expect_identical(back$bidirected, g$bidirected)
  }
  # each undirected edge of the CPDAG is written once, at the later node
  cp <- learned$ges
  written <- regmatches(model_string(cp), gregexpr("\\|\\|[^]]+", model_string(cp)))[[1]]
  expect_identical(sum(lengths(strsplit(sub("^\\|\\|", "", written), ":"))),
                   as.integer(sum(cp$amat == 1L & t(cp$amat) == 1L) / 2))
})

test_that("as_igraph() keeps names and marks undirected edges", {
  g <- bn_graph_from_string(asia_string)
  ig <- as_igraph(g)
  expect_true(igraph::is_directed(ig))
  expect_identical(igraph::V(ig)$name, nodes(g))
  expect_identical(igraph::ecount(ig), 8)
  expect_true(all(igraph::E(ig)$directed))
  adjacency <- igraph::as_adjacency_matrix(ig, sparse = FALSE)
  storage.mode(adjacency) <- "integer"
  expect_identical(adjacency, g$amat)
  pd <- cpdag(g)
  igp <- as_igraph(pd)
  expect_identical(igraph::ecount(igp), 11)  # 5 arcs + 3 undirected edges twice
  expect_identical(sum(!igraph::E(igp)$directed), 6L)
  ends <- igraph::ends(igp, igraph::E(igp))
  und <- ends[!igraph::E(igp)$directed, ]
  expect_setequal(paste(und[, 1], und[, 2]),
                  c("asia tub", "tub asia", "smoke lung", "lung smoke", "smoke bronc", "bronc smoke"))
  expect_identical(igraph::vcount(as_igraph(empty_graph(c("x", "y")))), 2L)
})

test_that("from_igraph() goes back, undirected and mutual edges become undirected", {
  g <- bn_graph_from_string(asia_string)
  expect_identical(from_igraph(as_igraph(g))$amat, g$amat)
  expect_identical(from_igraph(as_igraph(g))$type, "dag")
  pd <- cpdag(g)
  back <- from_igraph(as_igraph(pd))
  expect_identical(back$amat, pd$amat)
  expect_identical(back$type, "pdag")
  und <- igraph::make_graph(c("A", "B", "B", "C"), directed = FALSE)
  ug <- from_igraph(und)
  expect_identical(nodes(ug), c("A", "B", "C"))
  expect_identical(arcs(ug), data.frame(from = c("A", "B"), to = c("B", "C"),
                                        directed = FALSE, type = "undirected",
                                        stringsAsFactors = FALSE))
  mutual <- igraph::make_graph(c("A", "B", "B", "A", "B", "C"), directed = TRUE)
  expect_warning(mg <- from_igraph(mutual), class = "learnbn_warning_opposite_arcs")
  expect_identical(arcs(mg)$directed, c(FALSE, TRUE))
  unnamed <- from_igraph(igraph::make_graph(c(1, 2), directed = TRUE))
  expect_identical(nodes(unnamed), c("V1", "V2"))
  expect_identical(arcs(igraph::make_graph(c("p", "q"), directed = TRUE))$from, "p")
})

test_that("from_igraph() warns about opposite arcs that become undirected edges (was silent)", {
  mutual <- igraph::make_graph(c("A", "B", "B", "A", "B", "C"), directed = TRUE)
  w <- expect_warning(g <- from_igraph(mutual), class = "learnbn_warning_opposite_arcs")
  expect_s3_class(w, "learnbn_warning")
  expect_match(conditionMessage(w), "1 pair of opposite edges, read as undirected edge: A - B.",
               fixed = TRUE)
  expect_identical(g$amat, matrix(c(0L, 1L, 0L, 1L, 0L, 0L, 0L, 1L, 0L), 3,
                                  dimnames = list(c("A", "B", "C"), c("A", "B", "C"))))
  # many pairs: five named, then how many more; vertices in the graph's order
  ring <- c(rbind(paste0("v", 1:8), paste0("w", 1:8)), rbind(paste0("w", 1:8), paste0("v", 1:8)))
  w <- expect_warning(from_igraph(igraph::make_graph(ring, directed = TRUE)),
                      class = "learnbn_warning_opposite_arcs")
  expect_match(conditionMessage(w),
               "8 pairs of opposite edges, read as undirected edges: v1 - w1, v2 - w2, v3 - w3, v4 - w4, v5 - w5, and 3 more.",
               fixed = TRUE)
  # silent when the edges say what they are: as_igraph() of a CPDAG or a bidirected edge,
  # an undirected igraph graph, or a DAG
  pd <- cpdag(bn_graph_from_string("[A][B|A][C|B]"))
  expect_no_warning(back <- from_igraph(as_igraph(pd)))
  expect_identical(back$amat, pd$amat)
  typed <- igraph::set_edge_attr(mutual, "type", value = c("bidirected", "bidirected", "directed"))
  expect_no_warning(bi <- from_igraph(typed))
  expect_identical(bi$bidirected, data.frame(from = "A", to = "B"))
  expect_no_warning(from_igraph(igraph::make_graph(c("A", "B", "B", "C"), directed = FALSE)))
  expect_no_warning(from_igraph(as_igraph(bn_graph_from_string(asia_string))))
  # only the unmarked pair is named
  partly <- igraph::make_graph(c("A", "B", "B", "A", "B", "C", "C", "B"), directed = TRUE)
  partly <- igraph::set_edge_attr(partly, "type", value = c("undirected", "undirected", NA, NA))
  w <- expect_warning(from_igraph(partly), class = "learnbn_warning_opposite_arcs")
  expect_match(conditionMessage(w), "1 pair of opposite edges, read as undirected edge: B - C.",
               fixed = TRUE)
})

test_that("from_igraph() errors", {
  expect_error(from_igraph(matrix(0)), class = "learnbn_error_type")
  expect_error(from_igraph(igraph::make_graph(c(1, 1, 1, 2), directed = TRUE)),
               class = "learnbn_error_invalid_graph")
  expect_error(from_igraph(igraph::make_graph(c(1, 2, 1, 2), directed = TRUE)),
               class = "learnbn_error_invalid_graph")
  expect_error(from_igraph(igraph::make_graph(c(1, 2, 2, 3, 3, 1), directed = TRUE)),
               class = "learnbn_error_cycle")
})

# ---- issue 15: cycles in model strings, bidirected edges, nodes() of other objects ------

test_that("a model string with a cycle is a classed error naming the cycle", {
  # two nodes that are each other's parent used to give a "DAG" with an undirected edge
  err <- expect_error(bn_graph_from_string("[A|B][B|A]"), class = "learnbn_error_cycle")
  expect_s3_class(err, "learnbn_error")
  expect_match(conditionMessage(err), "A -> B -> A", fixed = TRUE)
  err <- expect_error(bn_graph_from_string("[A|C][B|A][C|B]"), class = "learnbn_error_cycle")
  expect_match(conditionMessage(err), "A -> B -> C -> A", fixed = TRUE)
  expect_snapshot(bn_graph_from_string("[A|B][B|A]"), error = TRUE)
  expect_snapshot(bn_graph_from_string("[A|C][B|A][C|B][D|C]"), error = TRUE)
  # a cycle-free string is still a DAG
  expect_identical(bn_graph_from_string("[A][B|A]")$type, "dag")
})

test_that("as_igraph() marks bidirected edges and from_igraph() keeps them", {
  g <- bn_graph(florida_pc_matrix(), bidirected = data.frame(from = "V", to = "R"))
  ig <- as_igraph(g)
  ends <- igraph::ends(ig, igraph::E(ig))
  types <- stats::setNames(igraph::E(ig)$type, paste(ends[, 1], ends[, 2]))
  expect_identical(unname(types[c("V R", "R V", "D V", "S R")]),
                   c("bidirected", "bidirected", "directed", "directed"))
  expect_identical(igraph::E(ig)$directed, igraph::E(ig)$type == "directed")
  back <- from_igraph(ig)
  expect_identical(back$amat, g$amat)
  expect_identical(back$bidirected, g$bidirected)
  expect_identical(from_igraph(as_igraph(cpdag(bn_graph_from_string("[A][B|A]"))))$bidirected,
                   data.frame(from = character(), to = character()))
})

test_that("names the notation cannot hold bare are quoted and read back (were unreadable)", {
  odd <- c("blood pressure", "a|b", "x:y", "[z]", "w]", "tick`s", " lead", "plain", "\u00e9t\u00e9")
  n <- length(odd)
  amat <- matrix(0L, n, n, dimnames = list(odd, odd))
  amat[upper.tri(amat)][c(1, 2, 4, 7, 11, 16, 22, 29, 30, 36)] <- 1L
  g <- bn_graph(amat)
  s <- model_string(g)
  expect_identical(substr(s, 1, 35), "[`blood pressure`][`a|b`|`blood pre")
  expect_match(s, "[`tick``s`|", fixed = TRUE)
  expect_match(s, "[plain|", fixed = TRUE)
  back <- bn_graph_from_string(s)
  expect_identical(as.matrix(back), as.matrix(g))
  # the same for a CPDAG and a graph with a bidirected edge between odd names
  cp <- cpdag(g)
  expect_identical(as.matrix(bn_graph_from_string(model_string(cp))), as.matrix(cp))
  two <- matrix(c(0L, 1L, 1L, 0L), 2, dimnames = list(odd[1:2], odd[1:2]))
  bi <- bn_graph(two, bidirected = matrix(odd[1:2], 1))
  expect_identical(model_string(bi), "[`blood pressure`][`a|b`|||`blood pressure`]")
  expect_identical(bn_graph_from_string(model_string(bi))$bidirected, bi$bidirected)
  # random DAGs over odd names round trip
  set.seed(3)
  for (i in 1:20) {
    pick <- sample(odd, sample(2:n, 1))
    k <- length(pick)
    m <- matrix(0L, k, k, dimnames = list(pick, pick))
    m[upper.tri(m)] <- stats::rbinom(k * (k - 1) / 2, 1, 0.4)
    h <- bn_graph(m)
    expect_identical(as.matrix(bn_graph_from_string(model_string(h))), m)
  }
  # hand-written quoted strings; white space outside backticks is still ignored
  h <- bn_graph_from_string("[ `my node` ] [`b:c` | `my node` ]")
  expect_identical(nodes(h), c("my node", "b:c"))
  expect_identical(h$amat["my node", "b:c"], 1L)
  expect_identical(nodes(bn_graph_from_string("[my node]")), "mynode")
  expect_error(bn_graph_from_string("[`A][B]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[``][B]"), class = "learnbn_error_parse")
  expect_error(bn_graph_from_string("[`A`B]"), class = "learnbn_error_parse")
})
