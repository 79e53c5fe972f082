read_amat <- function(name) {
  as.matrix(utils::read.csv(test_path("ref", paste0(name, ".csv")), row.names = 1,
                            check.names = FALSE))
}
skeleton_of <- function(amat) (amat == 1 | t(amat) == 1) * 1L
aligned <- function(g, ref) as.matrix(g)[rownames(ref), colnames(ref)]

test_that("pc on college plans at alpha 0.04 gives the walk-through's partially directed graph", {
  g <- pc(bn_data(college_plans, counts = "count"), alpha = 0.04)
  expected <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SEX:SES:IQ][CP|SES:IQ:PE]")
  amat <- as.matrix(expected)
  amat["SES", "IQ"] <- amat["IQ", "SES"] <- 1L  # SES - IQ stays undirected
  expect_identical(as.matrix(g), amat[nodes(g), nodes(g)])
  expect_identical(g$type, "cpdag")
  info <- g$info
  removed <- info$tests[info$tests$independent, ]
  expect_identical(paste(removed$x, removed$y, removed$z), c("IQ SEX ", "SES SEX ", "CP SEX PE"))
  expect_equal(round(removed$p_value, 4), c(0.2409, 0.1538, 0.0750))
  expect_identical(info$sepsets$z[info$sepsets$x == "CP"], "PE")
  expect_identical(info$n_tests, nrow(info$tests))
  expect_setequal(paste(info$immoralities$x, info$immoralities$middle, info$immoralities$y),
                  c("IQ PE SEX", "SES PE SEX"))
  expect_identical(info$orientations$rule,
                   c("R1 prohibited immorality", "R2 acyclicity", "R2 acyclicity"))
  expect_identical(nrow(info$conflicts), 0L)
})

test_that("pc(verbose = TRUE) reports each level as it ends, then a summary", {
  d <- bn_data(college_plans, counts = "count")
  quiet <- pc(d, alpha = 0.04)
  lines <- character()
  g <- withCallingHandlers(pc(d, alpha = 0.04, verbose = TRUE), message = function(m) {
    lines <<- c(lines, conditionMessage(m))
    invokeRestart("muffleMessage")
  })
  expect_identical(g$amat, quiet$amat)
  # One line per level: tests of that level, edges removed and left (10 pairs at first).
  levels <- quiet$info$tests$level
  removed <- tapply(quiet$info$tests$independent, levels, sum)
  expected <- sprintf("PC level %d: %d tests?, %d edges? removed, %d left", as.integer(names(removed)),
                      as.vector(table(levels)), removed, 10 - cumsum(removed))
  expect_length(lines, length(removed) + 1)
  for (i in seq_along(removed)) expect_match(lines[i], expected[i])
  expect_match(lines[length(lines)], sprintf("^PC: %d tests, 3 orientations", quiet$info$n_tests))
})

test_that("pc on Florida at alpha 0.05 reports the V - R conflict", {
  fl <- bn_data(florida, counts = "count")
  expect_warning(g <- pc(fl, alpha = 0.05), class = "learnbn_warning_conflict")
  info <- g$info
  removed <- info$tests[info$tests$independent, ]
  expect_identical(paste(removed$x, removed$y, removed$z),
                   c("D R ", "D S ", "S V I", "D I R;V"))
  expect_true(all(abs(removed$p_value - c(0.3875, 0.2453, 0.0834, 0.2289)) < 1e-4))
  expect_identical(info$conflicts$from, "R")
  expect_identical(info$conflicts$to, "V")
  expect_identical(info$conflicts$kept, "D -> V <- R")
  expect_identical(info$conflicts$other, "S -> R <- V")
  expect_identical(info$conflicts$resolution, "bidirected")
  expect_identical(unlist(info$bidirected), c(from = "R", to = "V"))
  expect_identical(g$type, "pdag")
  a <- as.matrix(g)
  expect_identical(c(a["V", "R"], a["R", "V"]), c(1L, 1L))
  expected <- c("D -> V", "V -> I", "S -> R", "I -> S", "I -> R")
  directed <- arcs(g)[arcs(g)$directed, ]
  expect_setequal(paste(directed$from, "->", directed$to), expected)
  expect_snapshot(explain_pc(g))

  expect_warning(first <- pc(fl, conflicts = "first"), class = "learnbn_warning_conflict")
  expect_identical(first$info$conflicts$resolution, "dropped")
  expect_identical(first$info$immoralities$status[first$info$immoralities$middle == "R"], "dropped")
  expect_identical(as.matrix(first),
                   as.matrix(bn_graph_from_string("[D][R][V|D:R][I|V:R][S|R:I]"))[nodes(first), nodes(first)])
  expect_warning(strongest <- pc(fl, conflicts = "strongest"), class = "learnbn_warning_conflict")
  expect_identical(as.matrix(strongest), as.matrix(first))
  expect_snapshot(pc(fl, conflicts = "first"))
})

test_that("conflicts = \"bnlearn\" reproduces bnlearn's pc.stable() on Florida", {
  # bnlearn 4.9: pc.stable(florida rows expanded by count, test = "x2", alpha = 0.05)
  # applies V -> R <- S (p 0.083) before D -> V <- R (p 0.387), which it skips as
  # "not applicable", then its Meek rules; amat() of its result, in the order V D R I S:
  expected <- matrix(c(0L, 1L, 1L, 1L, 0L,
                       1L, 0L, 0L, 0L, 0L,
                       0L, 0L, 0L, 0L, 0L,
                       1L, 0L, 1L, 0L, 1L,
                       0L, 0L, 1L, 1L, 0L), 5, byrow = TRUE,
                     dimnames = list(c("V", "D", "R", "I", "S"), c("V", "D", "R", "I", "S")))
  fl <- bn_data(florida, counts = "count")
  expect_warning(g <- pc(fl, alpha = 0.05, conflicts = "bnlearn"),
                 class = "learnbn_warning_conflict")
  expect_identical(as.matrix(g), expected[nodes(g), nodes(g)])
  v <- g$info$immoralities
  expect_identical(v$status[v$middle == "V"], "dropped")
  expect_identical(v$status[v$middle == "R"], "applied")
  expect_identical(g$info$conflicts$kept, "S -> R <- V")
  # the other policies keep D -> V <- R, and differ from bnlearn here
  first <- suppressWarnings(pc(fl, alpha = 0.05, conflicts = "first"))
  expect_false(identical(as.matrix(first), as.matrix(g)))

  # child_5000 at alpha 0.05 has one conflict: bnlearn 4.9's pc.stable() CPDAG (the
  # reference file, saved from bnlearn) is reproduced arc for arc, and not by the default
  # (which keeps the clash as a bidirected edge).
  child <- bn_data(read_reference("child_5000"))
  ref <- read_amat("child_5000_pcstable_x2_alpha0.05_amat")
  g <- suppressWarnings(pc(child, alpha = 0.05, conflicts = "bnlearn"))
  expect_identical(nrow(g$info$conflicts), 1L)
  expect_identical(aligned(g, ref), ref * 1L)
  default <- suppressWarnings(pc(child, alpha = 0.05))
  expect_identical(nrow(default$bidirected), 1L)
  expect_false(identical(aligned(default, ref), ref * 1L))
})

test_that("pc on Florida at alpha 0.05 gives the bidirected edge V <-> R", {
  fl <- bn_data(florida, counts = "count")
  g <- suppressWarnings(pc(fl, alpha = 0.05))
  # V <-> R is a bidirected edge of the graph, never an undirected one
  expect_identical(g$bidirected, data.frame(from = "V", to = "R"))
  expect_identical(arcs(g)$type[arcs(g)$from == "V" & arcs(g)$to == "R"], "bidirected")
  expect_false("undirected" %in% arcs(g)$type)
  expect_identical(as.matrix(g), florida_pc_matrix())
  expect_identical(g$bidirected, florida_pc_graph()$bidirected)
  expect_snapshot(print(g))
  expect_error(cpdag(g), class = "learnbn_error_bidirected")
  expect_snapshot(pdag_to_dag(g), error = TRUE)
  # the other policies give a graph without bidirected edges
  first <- suppressWarnings(pc(fl, alpha = 0.05, conflicts = "first"))
  expect_identical(nrow(first$bidirected), 0L)
})

test_that("pc-stable gives the same graph and log under any column order and thread count", {
  child <- read_reference("child_5000")
  g <- suppressWarnings(pc(child, alpha = 0.05))
  set.seed(11)
  for (i in 1:3) {
    shuffled <- child[sample(ncol(child))]
    h <- suppressWarnings(pc(shuffled, alpha = 0.05, threads = 2))
    expect_identical(as.matrix(h)[nodes(g), nodes(g)], as.matrix(g))
    expect_identical(h$info$tests, g$info$tests)
  }
})

test_that("pc-stable finds bnlearn's skeletons on asia and child (x2, alpha 0.01 and 0.05)", {
  for (net in c("asia", "child")) {
    data <- bn_data(read_reference(paste0(net, "_5000")))
    for (alpha in c("0.01", "0.05")) {
      ref <- read_amat(paste0(net, "_5000_pcstable_x2_alpha", alpha, "_amat"))
      g <- suppressWarnings(pc(data, alpha = as.numeric(alpha)))
      expect_identical(skeleton_of(aligned(g, ref)), skeleton_of(ref),
                       label = paste(net, alpha))
    }
  }
})

test_that("pc recovers the true CPDAG of asia and child from large samples", {
  # asia's `either` is a deterministic OR of tub and lung, which makes the data
  # unfaithful (either _||_ xray | tub, lung); a slightly noisy OR keeps the structure.
  asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  either <- asia$cpts$either
  either["yes", , ] <- c(0.97, 0.95, 0.96, 0.03)
  either["no", , ] <- 1 - either["yes", , ]
  asia$cpts$either <- either
  set.seed(1)
  g <- pc(simulate_data(asia, 50000), alpha = 0.05)
  truth <- read_amat("asia_true_cpdag_amat")
  expect_identical(aligned(g, truth), truth * 1L)

  # child: every edge and orientation of the true CPDAG except BirthAsphyxia -> Disease,
  # an edge so weak that X2 does not detect it at this sample size.
  child <- read_bif(system.file("extdata", "child.bif", package = "learnbn"))
  set.seed(1)
  g <- suppressWarnings(pc(simulate_data(child, 1e5), alpha = 0.05))
  truth <- read_amat("child_true_cpdag_amat")
  expect_identical(truth["BirthAsphyxia", "Disease"], 1L)
  truth["BirthAsphyxia", "Disease"] <- truth["Disease", "BirthAsphyxia"] <- 0L
  expect_identical(aligned(g, truth), truth * 1L)
})

test_that("original PC, max_cond, the cache and the test log", {
  cp <- bn_data(college_plans, counts = "count")
  g <- pc(cp, alpha = 0.04, stable = FALSE)
  expect_identical(skeleton_of(as.matrix(g)),
                   skeleton_of(as.matrix(pc(cp, alpha = 0.04))))
  g0 <- pc(cp, alpha = 0.04, max_cond = 0)
  expect_identical(unique(g0$info$tests$level), 0L)
  expect_identical(g0$info$n_tests, 10L)
  expect_identical(sum(skeleton_of(as.matrix(g0))) / 2, 8)
  # subsets of ne(Y) already tried as subsets of ne(X) are cache hits, not new tests
  g <- pc(cp, alpha = 0.04)
  key <- paste(g$info$tests$x, g$info$tests$y, g$info$tests$z)
  expect_false(anyDuplicated(key) > 0)
  expect_gt(g$info$cache_hits, 0)
  expect_identical(names(g$info$tests),
                   c("x", "y", "z", "statistic", "df", "p_value", "independent", "level", "n"))
})

test_that("whitelist and blacklist shape the skeleton and the orientation", {
  cp <- bn_data(college_plans, counts = "count")
  wl <- data.frame(from = "SEX", to = "IQ")
  g <- pc(cp, alpha = 0.04, whitelist = wl)
  expect_identical(as.matrix(g)["SEX", "IQ"], 1L)
  expect_identical(as.matrix(g)["IQ", "SEX"], 0L)
  expect_false("IQ" %in% c(g$info$tests$x[g$info$tests$y == "SEX"],
                           g$info$tests$y[g$info$tests$x == "SEX"]))
  expect_identical(g$type, "pdag")
  bl <- data.frame(from = c("PE", "CP"), to = c("CP", "PE"))
  g <- pc(cp, alpha = 0.04, blacklist = bl)
  expect_identical(as.matrix(g)["PE", "CP"] + as.matrix(g)["CP", "PE"], 0L)
  bl1 <- data.frame(from = "IQ", to = "SES")
  g <- pc(cp, alpha = 0.04, blacklist = bl1)
  expect_identical(c(as.matrix(g)["SES", "IQ"], as.matrix(g)["IQ", "SES"]), c(1L, 0L))
})

test_that("pc rejects bad input with classed errors", {
  cp <- bn_data(college_plans, counts = "count")
  expect_error(pc(cp, alpha = 0), class = "learnbn_error_value")
  expect_error(pc(cp, alpha = 1.5), class = "learnbn_error_value")
  expect_error(pc(cp, max_cond = -1), class = "learnbn_error_value")
  expect_error(pc(cp, test = "z"), class = "learnbn_error_unknown_test")
  expect_error(pc(cp, test = "x2_perm", B = -3), class = "learnbn_error_value")
  expect_error(pc(cp, conflicts = "last"), class = "learnbn_error_value")
  expect_error(pc(cp, whitelist = data.frame(from = "SEX", to = "XX")),
               class = "learnbn_error_unknown_node")
  expect_error(pc(cp, threads = 0), class = "learnbn_error_value")
  expect_error(explain_pc(bn_graph_from_string("[A][B|A]")), class = "learnbn_error_type")
  expect_error(explain_pc("CP"), class = "learnbn_error_type")
  expect_error(explain_pc(pc(cp), digits = 0), class = "learnbn_error_value")
  expect_snapshot(error = TRUE, pc(cp, alpha = 2))
  expect_snapshot(error = TRUE, pc(cp, conflicts = "last"))
})

test_that("pc runs permutation tests reproducibly", {
  fl <- bn_data(florida, counts = "count")
  set.seed(5)
  a <- suppressWarnings(pc(fl, test = "x2_perm", B = 199))
  set.seed(5)
  b <- suppressWarnings(pc(fl, test = "x2_perm", B = 199, threads = 2))
  expect_identical(a$info$tests, b$info$tests)
  expect_identical(as.matrix(a), as.matrix(b))
})

test_that("pc records its name and time in info", {
  cp <- bn_data(college_plans, counts = "count")
  g <- pc(cp, alpha = 0.04, conflicts = "first")
  expect_identical(g$info$algorithm, "pc")
  expect_identical(names(g$info)[1], "algorithm")
  expect_type(g$info$time, "double")
  expect_length(g$info$time, 1L)
  expect_gte(g$info$time, 0)
})

test_that("pc() warns when Fisher's z tests have too few cases to reject", {
  set.seed(2)
  gd <- data.frame(a = rnorm(3), b = rnorm(3), c = rnorm(3), d = rnorm(3))
  gd$b <- gd$a + 1e-3 * gd$b
  expect_snapshot(g <- pc(gd))
  expect_warning(pc(gd), class = "learnbn_warning_too_few_cases")
  expect_true(all(g$info$tests$df <= 0))
  # With enough cases the same dependence is found, without the warning.
  set.seed(2)
  more <- data.frame(a = rnorm(30), c = rnorm(30), d = rnorm(30))
  more$b <- more$a + 0.1 * rnorm(30)
  expect_no_warning(g30 <- pc(more))
  expect_identical(arcs(g30), data.frame(from = "a", to = "b", directed = FALSE, type = "undirected"))
})

test_that("cpdag() of a pc() result without a consistent extension says so and why (issue 15)", {
  # Unfaithful data: A - D is separated by {C, E} and C - E by {A, D}, so the cycle
  # A - C - D - E - A gets no immorality, and no DAG has that skeleton without one.
  counts <- utils::read.csv(test_path("ref", "pc_no_extension_counts.csv"), stringsAsFactors = TRUE)
  g <- pc(bn_data(counts, counts = "count"), alpha = 0.1)
  expect_identical(edge_strings(g), c("A - C", "A - E", "C - D", "C - F", "D - E"))
  expect_identical(nrow(g$info$conflicts), 0L)
  err <- expect_error(cpdag(g), class = "learnbn_error_no_extension")
  expect_identical(conditionCall(err)[[1]], quote(cpdag))
  expect_snapshot(cpdag(g), error = TRUE)
  expect_error(pdag_to_dag(g), class = "learnbn_error_no_extension")
  expect_error(cpdag(g, whitelist = arc_list("A -> C")), class = "learnbn_error_no_extension")
})

test_that("pc() orients by knowledge with the shared rules and every extension respects it", {
  cp <- bn_data(college_plans, counts = "count")
  g <- pc(cp, alpha = 0.04, blacklist = arc_list("IQ -> SES"))
  expect_identical(g$type, "pdag")
  expect_identical(edge_strings(g), c("IQ -> CP", "IQ -> PE", "PE -> CP", "SES -> CP", "SES -> IQ",
                                      "SES -> PE", "SEX -> PE"))
  expect_identical(g$info$orientations$rule[1], "background knowledge")
  # pc() results are closed under the rules: cpdag() with the same knowledge agrees
  expect_identical(as.matrix(cpdag(g, blacklist = arc_list("IQ -> SES"))), as.matrix(g))
  expect_identical(knowledge_violations(pdag_to_dag(g), blacklist = arc_list("IQ -> SES")), character())
})

test_that("pc's counting shortcuts give exactly the results of every test run alone", {
  # The shortcuts (distinct rows, tests sharing all but one conditioning variable
  # counted together, level 0 counted by node) must not change a single bit of the
  # result: compare with the internal option that turns them off. asia (8 binary
  # variables, 5000 rows) has few distinct rows, so it runs on them; child's rows are
  # mostly distinct; college_plans is a weighted count table.
  plain_and_fast <- function(data, ...) {
    plain <- withr::with_options(list(learnbn.pc_shortcuts = FALSE), suppressWarnings(pc(data, ...)))
    fast <- suppressWarnings(pc(data, ...))
    strip <- function(g) g$info[setdiff(names(g$info), "time")]
    expect_identical(as.matrix(fast), as.matrix(plain))
    expect_identical(strip(fast), strip(plain))
    fast
  }
  asia <- read_reference("asia_5000")
  child <- read_reference("child_5000")
  g <- plain_and_fast(asia, alpha = 0.05)
  expect_identical(g$info$n_tests, 108L)
  for (test in c("x2", "g2", "mi_adf")) {
    g <- plain_and_fast(child, test = test, alpha = 0.01, threads = 2)
    expect_gt(max(g$info$tests$level), 1L)
  }
  plain_and_fast(child, alpha = 0.05, stable = FALSE, max_cond = 2)
  plain_and_fast(bn_data(college_plans, counts = "count"), alpha = 0.04, threads = 2)
})

test_that("the conflict warning lists five conflicts and counts the rest", {
  conflicts <- data.frame(from = c("a{1}", LETTERS[1:6]), to = "Z", kept = "x", other = "y",
                          resolution = "bidirected")
  w <- tryCatch(learnbn:::warn_conflicts(conflicts, "bidirected"), warning = identity)
  expect_s3_class(w, "learnbn_warning_conflict")
  message <- conditionMessage(w)
  expect_match(message, "7 conflicting orientations", fixed = TRUE)
  expect_match(message, "a{1} -> Z (x) vs Z -> a{1} (y): bidirected", fixed = TRUE)
  expect_match(message, "D -> Z (x)", fixed = TRUE)
  expect_false(grepl("E -> Z", message, fixed = TRUE))
  expect_match(message, "... and 2 more.", fixed = TRUE)
})

test_that("pc() with the d-separation oracle returns exactly cpdag(dag)", {
  asia <- bn_graph_from_string(asia_string)
  g <- pc(NULL, test = dsep_oracle(asia))
  # asia's CPDAG by hand: the v-structure tub -> either <- lung and what follows from it
  # (either -> xray, either -> dysp <- bronc); the rest is undirected.
  expected <- matrix(0L, 8, 8, dimnames = list(colnames(as.matrix(asia)),
                                               colnames(as.matrix(asia))))
  arcs <- rbind(c("tub", "either"), c("lung", "either"), c("either", "xray"),
                c("either", "dysp"), c("bronc", "dysp"), c("asia", "tub"), c("tub", "asia"),
                c("smoke", "lung"), c("lung", "smoke"), c("smoke", "bronc"), c("bronc", "smoke"))
  expected[arcs] <- 1L
  expect_identical(as.matrix(g), expected)
  expect_identical(as.matrix(g), as.matrix(cpdag(asia)))
  expect_identical(g$type, "cpdag")
  expect_identical(g$info$test, "dsep_oracle")
  expect_identical(nrow(g$info$conflicts), 0L)
  expect_output(explain_pc(g), "PC-stable: d-separation oracle test, alpha = 0.05", fixed = TRUE)
  # Random DAGs on 6 to 12 nodes (arcs i -> j, i < j, with probability 0.3), named so
  # that their sorted order is not a topological one.
  set.seed(11)
  for (k in 1:20) {
    p <- sample(6:12, 1)
    nodes <- paste0("V", sample(p))
    a <- matrix(0L, p, p, dimnames = list(nodes, nodes))
    a[upper.tri(a)] <- as.integer(runif(p * (p - 1) / 2) < 0.3)
    dag <- bn_graph(a)
    expect_identical(as.matrix(pc(NULL, test = dsep_oracle(dag))), as.matrix(cpdag(dag)),
                     info = k)
  }
  # Data give only the node order; the original PC's flag is ignored (same graph).
  x <- as.data.frame(matrix(rnorm(5 * p), 5, p, dimnames = list(NULL, rev(nodes))))
  expect_identical(as.matrix(pc(x, test = dsep_oracle(dag), stable = FALSE)),
                   as.matrix(cpdag(dag))[rev(nodes), rev(nodes)])
  expect_error(pc(x[, -1], test = dsep_oracle(dag)), class = "learnbn_error_value")
})
