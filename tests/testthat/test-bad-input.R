# Bad input to every exported function: each gives a classed learnbn error whose
# message names the argument and the value (issue 7). Kept small so the file runs fast.

# (its one-row subsets leave levels unused on purpose: no unused-levels warning)
bad_data <- function() {
  set.seed(7)
  structure(data.frame(A = factor(sample(c("a", "b"), 40, TRUE)),
                       B = factor(sample(c("x", "y"), 40, TRUE)),
                       C = factor(sample(c("u", "v", "w"), 40, TRUE))),
            declared_levels = TRUE)
}

expect_lbn_error <- function(object, kind, regexp = NULL) {
  expect_error(object, regexp = regexp, class = paste0("learnbn_error_", kind))
}

cyclic_matrix <- function() {
  matrix(c(0, 1, 0, 0, 0, 1, 1, 0, 0), 3, byrow = TRUE,
         dimnames = list(c("A", "B", "C"), c("A", "B", "C")))
}

test_that("bn_data() rejects wrong types, NA, empty data and bad names", {
  d <- bad_data()
  expect_lbn_error(bn_data(NULL), "type", "`x`")
  expect_lbn_error(bn_data(1:3), "type", "integer vector")
  expect_lbn_error(bn_data(list(A = 1)), "type")
  expect_lbn_error(bn_data(d[0, ]), "empty", "no rows")
  expect_lbn_error(bn_data(d[, 0]), "empty", "no columns")
  expect_lbn_error(bn_data(data.frame(A = c("a", NA))), "missing", "A \\(1 NA\\)")
  expect_lbn_error(bn_data(data.frame(A = c(1, NaN))), "missing")
  expect_lbn_error(bn_data(data.frame(A = c(1, Inf))), "continuous", "Inf")
  expect_lbn_error(bn_data(data.frame(A = c(1, 2.5)), type = "discrete"), "continuous", "2.5")
  expect_lbn_error(bn_data(data.frame(A = c(1, 2.5), B = c("x", "y")), type = "gaussian"), "mixed",
                   "B")
  expect_lbn_error(bn_data(data.frame(A = c(1, 2.5), B = c(1, NA))), "missing", "B \\(1 NA\\)")
  expect_lbn_error(bn_data(data.frame(A = c(1, 2.5), B = c(1, Inf))), "value", "infinite")
  expect_lbn_error(bn_data(data.frame(A = c(1, 2.5), B = c(3, 3))), "value", "constant")
  expect_lbn_error(bn_data(data.frame(A = c(1, 2.5)), type = "gauss"), "value")
  expect_lbn_error(bn_data(data.frame(A = c("a", NA)), missing = "yes"), "value")
  expect_lbn_error(bn_data(data.frame(A = factor(c("a", NA), exclude = NULL))), "missing",
                   "level")
  expect_lbn_error(bn_data(data.frame(A = I(list(1, 2)))), "type", "\"A\"")
  expect_lbn_error(bn_data(data.frame(A = c(1i, 2i))), "type", "complex")
  expect_lbn_error(bn_data(data.frame(A = Sys.Date() + 0:1)), "type", "Date")
  dup <- structure(list(A = 1:2, A = 1:2), class = "data.frame", row.names = 1:2)
  expect_lbn_error(bn_data(dup), "names", "\"A\"")
  unnamed <- structure(list(1:2, 1:2), names = c("A", ""), class = "data.frame", row.names = 1:2)
  expect_lbn_error(bn_data(unnamed), "names")
  expect_lbn_error(bn_data(data.frame(A = 1:2, n = c(-1, 2)), counts = "n"), "counts", "-1")
  expect_lbn_error(bn_data(data.frame(A = 1:2, n = c("1", "2")), counts = "n"), "counts")
  expect_lbn_error(bn_data(data.frame(A = 1:2, n = c(0, 0)), counts = "n"), "empty")
  expect_lbn_error(bn_data(d, counts = NA), "type", "`counts`")
  expect_lbn_error(bn_data(d, counts = "zz"), "unknown_column", "zz")
  expect_lbn_error(bn_data(bn_data(d), counts = "A"), "value")
  expect_lbn_error(bn_data(data.frame(A = as.character(1:70000))), "too_many_levels", "70000")
  unnamed_table <- table(c(1, 2), c(1, 2), dnn = NULL)
  expect_lbn_error(bn_data(unnamed_table), "value", "names")
  expect_warning(bn_data(data.frame(A = c("a", "a"), B = c("x", "y"))),
                 class = "learnbn_warning_single_level")
  one_row <- bn_data(d[1, ])
  expect_equal(dim(one_row), c(1L, 3L))
})

test_that("bn_data() handles 10,000 columns in bounded time and learners refuse them", {
  set.seed(1)
  wide <- as.data.frame(matrix(sample(0:1, 20 * 10000, TRUE), 20))
  took <- system.time(wide_data <- bn_data(wide))[["elapsed"]]
  expect_equal(dim(wide_data), c(20L, 10000L))
  expect_lt(took, 20)
  took <- system.time(expect_lbn_error(hill_climb(wide_data), "too_large", "3.2 GB"))[["elapsed"]]
  expect_lt(took, 5)
  expect_lbn_error(tabu_search(wide_data), "too_large")
  expect_lbn_error(pc(wide_data), "too_large", "learnbn.max_memory")
  expect_lbn_error(structure_mcmc(wide_data, iterations = 10), "too_large")
  expect_snapshot(hill_climb(wide_data), error = TRUE)
  # The limit is an option.
  withr::local_options(learnbn.max_memory = 100)
  expect_lbn_error(hill_climb(bad_data()), "too_large", "288 bytes")
  withr::local_options(learnbn.max_memory = -1)
  expect_lbn_error(hill_climb(bad_data()), "value", "learnbn.max_memory")
})

test_that("a 60,000-level family is counted sparsely, not as a dense table", {
  set.seed(3)
  n <- 60000
  huge <- data.frame(ID = sprintf("id%05d", sample.int(n)), B = sample(sprintf("b%05d", 1:n)),
                     C = factor(sample(c("u", "v"), n, TRUE)))
  expect_warning(d <- bn_data(huge), class = "learnbn_warning_identifier")
  expect_equal(lengths(d$levels)[["ID"]], n)
  # The dense table would have 60,000^2 * 2 = 7.2e9 cells.
  took <- system.time(s <- local_score(d, "ID", c("B", "C"), score = "bdeu"))[["elapsed"]]
  expect_true(is.finite(s))
  expect_lt(took, 10)
  expect_true(is.finite(ci_test(d, "ID", "C", "B")$statistic))
  expect_lbn_error(fit_parameters(bn_graph_from_string("[B][C][ID|B:C]"), d), "too_large")
})

test_that("bn_graph() and bn_graph_from_string() reject cycles and malformed matrices", {
  expect_lbn_error(bn_graph(cyclic_matrix()), "cycle", "A -> B -> C -> A")
  expect_lbn_error(bn_graph(matrix(0, 2, 2)), "invalid_graph", "names")
  ab <- list(c("A", "B"), c("A", "B"))
  expect_lbn_error(bn_graph(matrix(0, 2, 2, dimnames = list(c("A", "A"), c("A", "A")))),
                   "invalid_graph", "\"A\"")
  expect_lbn_error(bn_graph(matrix(c(0, 2, 0, 0), 2, dimnames = ab)), "invalid_graph", "2")
  expect_lbn_error(bn_graph(matrix(c(0, NA, 0, 0), 2, dimnames = ab)), "invalid_graph", "missing")
  expect_lbn_error(bn_graph(matrix(0, 2, 3)), "invalid_graph", "2 x 3")
  expect_lbn_error(bn_graph(matrix(c(1, 0, 0, 0), 2, dimnames = ab)), "invalid_graph", "self-loop")
  expect_lbn_error(bn_graph("A"), "type", "`amat`")
  expect_lbn_error(bn_graph(matrix(0, 2, 2, dimnames = ab), type = "foo"), "value", "`type`")
  expect_lbn_error(bn_graph(matrix(0, 2, 2, dimnames = list(c("A", "B"), c("B", "A")))),
                   "invalid_graph")
  expect_lbn_error(bn_graph_from_string("[A|C][B|A][C|B]"), "cycle")
  expect_lbn_error(bn_graph_from_string("[A|"), "parse", "\\[A\\|")
  expect_lbn_error(bn_graph_from_string("[A][A]"), "parse", "\"A\"")
  expect_lbn_error(bn_graph_from_string("[A|Z]"), "parse", "\"Z\"")
  expect_lbn_error(bn_graph_from_string(NA), "type", "`string`")
  expect_lbn_error(bn_graph_from_string(""), "type")
  expect_snapshot(bn_graph(cyclic_matrix()), error = TRUE)
})

test_that("graph functions reject non-graphs and graphs on other nodes", {
  g <- bn_graph_from_string("[A][B|A][C|B]")
  for (f in list(model_string, as_igraph, arcs, nodes, is_dag, topological_order,
                 v_structures, cpdag, count_equivalent_dags, pdag_to_dag)) {
    expect_lbn_error(f(1), "type", "`g`")
  }
  expect_lbn_error(from_igraph(1), "type", "`ig`")
  expect_lbn_error(markov_equivalent(g, 1), "type", "`g2`")
  expect_lbn_error(shd(g, NULL), "type", "`g2`")
  expect_lbn_error(compare_graphs(g, 1), "type", "`truth`")
  other <- bn_graph_from_string("[A][B][D]")
  expect_lbn_error(markov_equivalent(g, other), "node_mismatch", "\"D\"")
  expect_lbn_error(shd(g, other), "node_mismatch")
  expect_lbn_error(compare_graphs(g, other), "node_mismatch")
})

test_that("count_dags() rejects bad and huge n", {
  expect_lbn_error(count_dags(-1), "value", "-1")
  expect_lbn_error(count_dags(1.5), "value", "1.5")
  expect_lbn_error(count_dags(NA), "type", "`n`")
  expect_lbn_error(count_dags("a"), "type")
  expect_lbn_error(count_dags(Inf), "type")
  expect_lbn_error(count_dags(1e6), "value", "1e\\+06")
  expect_snapshot(count_dags(c(3, 5000)), error = TRUE)
})

test_that("bn_score() and score arguments of learners are checked", {
  expect_lbn_error(bn_score("foo"), "unknown_score", "\"foo\"")
  expect_lbn_error(bn_score(NA), "type", "`type`")
  expect_lbn_error(bn_score("bdeu", iss = 0), "value", "`iss`")
  expect_lbn_error(bn_score("bdeu", iss = -1), "value", "-1")
  expect_lbn_error(bn_score("bdeu", iss = Inf), "value", "Inf")
  expect_lbn_error(bn_score("bdeu", iss = NA), "type", "`iss`")
  expect_lbn_error(bn_score("bdeu", iss = "a"), "type", "`iss`")
  expect_lbn_error(bn_score("bd", alpha = 0), "value", "`alpha`")
  expect_lbn_error(bn_score("bdeu", arc_prob = 2), "value", "`arc_prob`")
  expect_lbn_error(bn_score("bic", prior = "arcs"), "value")
  expect_lbn_error(bn_score("bdeu", folds = 3), "value", "`folds`")
  d <- bad_data()
  expect_lbn_error(hill_climb(d, score = "foo"), "unknown_score", "`score`")
  expect_lbn_error(hill_climb(d, score = 1), "type", "`score`")
  expect_lbn_error(hill_climb(d, bogus = 1), "unknown_argument", "bogus")
  expect_lbn_error(hill_climb(d, bn_score("bdeu"), iss = 2), "value")
  expect_snapshot(hill_climb(d, max_parent = 2), error = TRUE)
})

test_that("network_score() and local_score() check graph, data, nodes and options", {
  d <- bad_data()
  g <- bn_graph_from_string("[A][B|A][C|B]")
  expect_lbn_error(network_score(cyclic_matrix(), d), "type", "`g`")
  expect_lbn_error(network_score(g, 1), "type", "`data`")
  expect_lbn_error(network_score(bn_graph_from_string("[Z]"), d), "unknown_node", "\"Z\"")
  expect_lbn_error(network_score(g, d, score = "foo"), "unknown_score")
  expect_lbn_error(network_score(g, d, threads = 0), "value", "`threads`")
  expect_lbn_error(network_score(g, d, local = NA), "type", "`local`")
  expect_lbn_error(network_score(g, d, iss = 0), "value", "`iss`")
  expect_lbn_error(network_score(g, d, isss = 2), "unknown_argument", "isss")
  expect_lbn_error(network_score(cpdag(g), d), "not_dag")
  expect_lbn_error(local_score(d, "Z", character()), "unknown_node", "\"Z\"")
  expect_lbn_error(local_score(d, "A", "A"), "value", "\"A\"")
  expect_lbn_error(local_score(d, "A", c("B", "B")), "value", "\"B\"")
  expect_lbn_error(local_score(d, NA, character()), "type", "`node`")
  expect_lbn_error(local_score(d, "A", 1), "type", "`parents`")
  expect_true(is.finite(local_score(d[1, ], "A", "B")))
})

test_that("ci_test() checks nodes, test and B", {
  d <- bad_data()
  expect_lbn_error(ci_test(1, "A", "B"), "type", "`data`")
  expect_lbn_error(ci_test(d, "A", "Z"), "unknown_node", "\"Z\"")
  expect_lbn_error(ci_test(d, "A", "A"), "value", "\"A\"")
  expect_lbn_error(ci_test(d, "A", "B", "A"), "value", "`z`")
  expect_lbn_error(ci_test(d, "A", "B", c("C", "C")), "value", "\"C\"")
  expect_lbn_error(ci_test(d, NA, "B"), "type", "`x`")
  expect_lbn_error(ci_test(d, "A", "B", test = "foo"), "unknown_test", "\"foo\"")
  expect_lbn_error(ci_test(d, "A", "B", test = "x2_perm", B = 0), "value", "`B`")
  expect_lbn_error(ci_test(d, "A", "B", test = "x2_perm", B = NA), "type", "`B`")
  # one case is no evidence against independence: statistic 0, p-value 1 (this line was
  # `expect_true(... || TRUE)`, which could not fail)
  for (test in c("x2", "g2", "mi", "x2_adf", "x2_perm")) {
    extra <- if (test == "x2_perm") list(B = 50)
    one <- do.call(ci_test, c(list(d[1, ], "A", "B", test = test), extra))
    expect_identical(c(one$statistic, one$p_value), c(0, 1), info = test)
    expect_equal(one$n, 1, info = test)
  }
})

# Bad arguments shared by the score-based learners.
check_search_arguments <- function(learner) {
  d <- bad_data()
  wl_cycle <- data.frame(from = c("A", "B", "C"), to = c("B", "C", "A"))
  expect_lbn_error(learner(1), "type", "`data`")
  expect_lbn_error(learner(d, whitelist = wl_cycle), "cycle", "`whitelist`")
  expect_lbn_error(learner(d, whitelist = data.frame(from = "A", to = "Z")), "unknown_node", "\"Z\"")
  expect_lbn_error(learner(d, whitelist = matrix(1:2, 1)), "type", "`whitelist`")
  expect_lbn_error(learner(d, whitelist = data.frame(a = "A", b = "B", c = "C")), "type")
  expect_lbn_error(learner(d, whitelist = data.frame(from = "A", to = "A")), "value", "\"A\"")
  expect_lbn_error(learner(d, whitelist = data.frame(from = "A", to = "B"),
                           blacklist = data.frame(from = "A", to = "B")),
                   "constraints", "A -> B")
  expect_lbn_error(learner(d, blacklist = data.frame(from = NA_character_, to = "B")),
                   "unknown_node", "`blacklist`")
  expect_lbn_error(learner(d, max_parents = -1), "value", "`max_parents`")
  expect_lbn_error(learner(d, max_parents = NA), "type", "`max_parents`")
  expect_lbn_error(learner(d, max_parents = 1.5), "value", "1.5")
  expect_lbn_error(learner(d, whitelist = data.frame(from = c("A", "B"), to = "C"), max_parents = 1),
                   "constraints", "\"C\"")
  expect_lbn_error(learner(d, iss = 0), "value", "`iss`")
  expect_lbn_error(learner(d, threads = 0), "value", "`threads`")
  expect_lbn_error(learner(d, verbose = NA), "type", "`verbose`")
  expect_lbn_error(learner(d, no_parents = "Z"), "unknown_node", "`no_parents`")
  expect_lbn_error(learner(d, bogus = 1), "unknown_argument", "bogus")
}

check_start_argument <- function(learner) {
  d <- bad_data()
  expect_lbn_error(learner(d, start = cyclic_matrix()), "type", "`start`")
  expect_lbn_error(learner(d, start = 1), "type", "`start`")
  expect_lbn_error(learner(d, start = bn_graph_from_string("[X][Y]")), "unknown_node", "\"X\"")
  expect_lbn_error(learner(d, start = bn_graph_from_string("[A][B][C|A]"),
                           blacklist = data.frame(from = "A", to = "C")), "constraints", "A -> C")
  expect_lbn_error(learner(d, start = bn_graph_from_string("[A][B|C][C]"),
                           whitelist = data.frame(from = "B", to = "C")), "cycle")
}

test_that("hill_climb() rejects bad arguments", {
  check_search_arguments(hill_climb)
  check_start_argument(hill_climb)
  d <- bad_data()
  expect_lbn_error(hill_climb(d, max_iter = -1), "value", "`max_iter`")
  expect_lbn_error(hill_climb(d, restarts = NA), "type", "`restarts`")
  expect_lbn_error(hill_climb(d[1, ]), "too_few_cases", "at least 2 rows")
  expect_s3_class(hill_climb(d[, 1, drop = FALSE]), "bn_graph")
})

test_that("tabu_search(), local_search() and simulated_annealing() reject bad arguments", {
  check_search_arguments(tabu_search)
  check_start_argument(tabu_search)
  check_search_arguments(local_search)
  check_search_arguments(simulated_annealing)
  expect_lbn_error(tabu_search(bad_data()[1, ]), "too_few_cases", "`data` has 1")
})

test_that("genetic_search() rejects bad arguments", {
  check_search_arguments(genetic_search)
  expect_lbn_error(genetic_search(bad_data()[1, ]), "too_few_cases", "`data` has 1")
})

test_that("exhaustive_search() and exact_search() reject bad arguments and big problems", {
  check_search_arguments(exhaustive_search)
  check_search_arguments(exact_search)
  d <- bad_data()
  expect_lbn_error(exhaustive_search(d, top = 0), "value", "`top`")
  expect_lbn_error(exact_search(d, max_memory = 0), "value", "`max_memory`")
  expect_lbn_error(exact_search(d, max_memory = 100), "too_large", "max_memory")
  set.seed(2)
  wide <- as.data.frame(matrix(sample(0:1, 40 * 40, TRUE), 40))
  expect_lbn_error(exact_search(wide), "too_large", "GB")
  expect_lbn_error(exhaustive_search(wide[1:7]), "too_large", "7")
})

test_that("chow_liu() and k2_search() reject bad arguments", {
  d <- bad_data()
  expect_lbn_error(chow_liu(1), "type", "`data`")
  expect_lbn_error(chow_liu(d, whitelist = data.frame(from = "A", to = "Z")), "unknown_node")
  expect_lbn_error(chow_liu(d, root = "Z"), "unknown_node", "\"Z\"")
  expect_lbn_error(chow_liu(d, bogus = 1), "unknown_argument")
  k2 <- function(...) k2_search(..., order = c("A", "B", "C"))
  check_search_arguments(k2)
  expect_lbn_error(k2_search(d), "order", "`order`")
  expect_lbn_error(k2_search(d, order = c("A", "B")), "order")
  expect_lbn_error(k2_search(d, order = c("A", "B", "Z")), "unknown_node", "\"Z\"")
  expect_lbn_error(k2_search(d, order = c("A", "B", "B")), "value")
})

test_that("pc(), hybrid() and minimal_imap() reject bad arguments", {
  d <- bad_data()
  expect_lbn_error(pc(1), "type", "`data`")
  for (alpha in list(0, 1, 1.5, -0.1, NA, "a", c(0.1, 0.2))) {
    expect_error(pc(d, alpha = alpha), "`alpha`", class = "learnbn_error")
    expect_error(minimal_imap(d, order = c("A", "B", "C"), alpha = alpha), "`alpha`",
                 class = "learnbn_error")
  }
  expect_lbn_error(pc(d, max_cond = -1), "value", "`max_cond`")
  expect_lbn_error(pc(d, test = "foo"), "unknown_test", "\"foo\"")
  expect_lbn_error(pc(d, threads = 0), "value", "`threads`")
  expect_lbn_error(pc(d, stable = NA), "type", "`stable`")
  expect_lbn_error(pc(d, conflicts = "foo"), "value")
  expect_lbn_error(pc(d, whitelist = data.frame(from = c("A", "B", "C"), to = c("B", "C", "A"))),
                   "cycle", "`whitelist`")
  expect_lbn_error(pc(d, whitelist = data.frame(from = "A", to = "B"),
                      blacklist = data.frame(from = "A", to = "B")), "constraints")
  expect_lbn_error(hybrid(d, alpha = 0), "value", "`alpha`")
  expect_lbn_error(hybrid(d, score = "foo"), "unknown_score")
  expect_lbn_error(minimal_imap(d), "order")
  expect_lbn_error(minimal_imap(d, order = c("A", "Z", "B")), "unknown_node", "\"Z\"")
  # A single variable is a valid, if uninformative, data set; a single row is not (every
  # variable would be constant).
  expect_s3_class(pc(d[, 1, drop = FALSE]), "bn_graph")
  expect_s3_class(hybrid(d[, 1, drop = FALSE]), "bn_graph")
  expect_lbn_error(pc(d[1, ]), "too_few_cases", "`data` has 1")
  expect_lbn_error(hybrid(d[1, ]), "too_few_cases", "`data` has 1")
  expect_lbn_error(minimal_imap(d[1, ], order = names(d)), "too_few_cases")
  expect_snapshot(pc(d, alpha = 1.5), error = TRUE)
})

test_that("structure_mcmc() and order_mcmc() reject bad arguments", {
  d <- bad_data()
  smc <- function(...) structure_mcmc(..., iterations = 50, chains = 1)
  omc <- function(...) order_mcmc(..., iterations = 50, chains = 1)
  check_search_arguments(smc)
  check_search_arguments(omc)
  expect_lbn_error(structure_mcmc(d, iterations = 0), "value", "`iterations`")
  expect_lbn_error(structure_mcmc(d, iterations = 100, burn_in = 100), "value", "`burn_in`")
  expect_lbn_error(structure_mcmc(d, iterations = 100, thin = 0), "value", "`thin`")
  expect_lbn_error(order_mcmc(d, iterations = 100, chains = 0), "value", "`chains`")
  # One variable: every chain samples the empty graph.
  one <- structure_mcmc(d[, 1, drop = FALSE], iterations = 100)
  expect_equal(unname(arc_probabilities(one)), matrix(0, 1, 1))
  expect_s3_class(order_mcmc(d[, 1, drop = FALSE], iterations = 100), "bn_samples")
  expect_lbn_error(arc_probabilities(1), "type", "`x`")
  expect_lbn_error(arc_probabilities(one, chain = 3), "value", "`chain`")
})

test_that("bootstrap_arcs() and average_network() reject bad arguments", {
  d <- bad_data()
  expect_lbn_error(bootstrap_arcs(d, "foo", R = 2), "value")
  expect_lbn_error(bootstrap_arcs(d, hill_climb, R = 0), "value", "`R`")
  expect_lbn_error(bootstrap_arcs(d, hill_climb, R = NA), "type", "`R`")
  expect_lbn_error(bootstrap_arcs(d, hill_climb, R = 2, threshold = 2), "value", "`threshold`")
  expect_lbn_error(bootstrap_arcs(d, hill_climb, R = 2, cluster = 1), "type", "`cluster`")
  expect_lbn_error(bootstrap_arcs(1, hill_climb, R = 2), "type", "`data`")
  expect_lbn_error(average_network(1), "type")
})

test_that("fit_parameters(), cpt(), nparams() and simulate_data() reject bad arguments", {
  d <- bad_data()
  g <- bn_graph_from_string("[A][B|A][C|B]")
  fit <- fit_parameters(g, d)
  expect_lbn_error(fit_parameters(cyclic_matrix(), d), "type", "`g`")
  expect_lbn_error(fit_parameters(g, 1), "type", "`data`")
  expect_lbn_error(fit_parameters(g, d, iss = 0), "value", "`iss`")
  expect_lbn_error(fit_parameters(g, d, iss = NA), "type", "`iss`")
  expect_lbn_error(fit_parameters(g, d, method = "foo"), "value", "\"foo\"")
  expect_lbn_error(fit_parameters(cpdag(g), d), "undirected")
  expect_lbn_error(fit_parameters(bn_graph_from_string("[A][Z|A]"), d), "unknown_node", "\"Z\"")
  expect_s3_class(fit_parameters(g, d[1, ], method = "mle"), "bn_fit")
  expect_lbn_error(cpt(fit, "Z"), "unknown_node", "\"Z\"")
  expect_lbn_error(cpt(1, "A"), "type", "`fit`")
  expect_lbn_error(nparams(1), "type", "`fit`")
  for (n in list(-1, 0, 1.5, Inf, 1e12, NA, "a")) {
    expect_error(simulate_data(fit, n), "`n`", class = "learnbn_error")
  }
  expect_lbn_error(simulate_data(1, 10), "type", "`fit`")
})

test_that("read_bif() and write_bif() reject bad files and objects", {
  d <- bad_data()
  fit <- fit_parameters(bn_graph_from_string("[A][B|A][C|B]"), d)
  expect_lbn_error(read_bif(NA), "type", "`file`")
  expect_lbn_error(read_bif(c("a", "b")), "type", "`file`")
  expect_lbn_error(read_bif("/nonexistent/x.bif"), "file", "nonexistent")
  expect_lbn_error(read_bif(tempdir()), "file", "directory")
  expect_lbn_error(write_bif(1, tempfile()), "type", "`fit`")
  expect_lbn_error(write_bif(fit, NA), "type", "`file`")
  expect_lbn_error(write_bif(fit, file.path(tempfile(), "no", "x.bif")), "file", "x.bif")
})
