# One frontend shape for the learners: the same knobs, the same info record and the
# same error classes for the same mistakes.

frontend_data <- bn_data(college_plans, counts = "count")

# Pairs a search may join: SEX - SES, SES - IQ, IQ - CP, SES - CP, PE - CP (an
# undirected skeleton given as a symmetric adjacency matrix).
frontend_restrict <- function() {
  nodes <- names(frontend_data$levels)
  amat <- matrix(0L, length(nodes), length(nodes), dimnames = list(nodes, nodes))
  pairs <- rbind(c("SEX", "SES"), c("SES", "IQ"), c("IQ", "CP"), c("SES", "CP"),
                 c("PE", "CP"))
  amat[pairs] <- 1L
  amat[pairs[, 2:1]] <- 1L
  amat
}

# Arcs of `g` between pairs that the skeleton `restrict` does not join.
arcs_outside <- function(g, restrict) {
  amat <- as.matrix(g)
  nodes <- rownames(restrict)
  amat <- amat[nodes, nodes]
  sum(amat[restrict == 0L])
}

test_that("local_search, simulated_annealing and genetic_search stay inside restrict", {
  restrict <- frontend_restrict()
  set.seed(11)
  free <- local_search(frontend_data, score = "bic", k_max = 3000)
  expect_gt(arcs_outside(free, restrict), 0)  # without restrict some arc leaves it
  runs <- list(
    local_search = function(r) local_search(frontend_data, score = "bic", k_max = 3000,
                                             restrict = r),
    simulated_annealing = function(r) simulated_annealing(frontend_data, score = "bic",
                                                          t0 = 20, lowerings = 20,
                                                          restrict = r),
    genetic_search = function(r) genetic_search(frontend_data, score = "bic", generations = 20,
                                                restrict = r))
  for (name in names(runs)) {
    set.seed(3)
    g <- runs[[name]](restrict)
    expect_identical(arcs_outside(g, restrict), 0L, info = name)
    expect_gt(sum(as.matrix(g)), 0)
    expect_identical(g$info$algorithm, name)
    expect_true(is.numeric(g$info$time) && g$info$time >= 0)
    # A bn_graph works as well as a matrix; an empty skeleton allows no arc at all.
    set.seed(3)
    expect_identical(as.matrix(runs[[name]](bn_graph(restrict))), as.matrix(g),
                     info = name)
    set.seed(3)
    expect_identical(sum(as.matrix(runs[[name]](restrict * 0L))), 0L, info = name)
    expect_error(runs[[name]]("SEX"), class = "learnbn_error_type")
  }
})

test_that("every learner records its name and time in info", {
  order <- c("SEX", "SES", "IQ", "PE", "CP")
  set.seed(1)
  small <- bn_data(college_plans[c("SEX", "SES", "IQ", "count")], counts = "count")
  graphs <- list(
    hill_climb = hill_climb(frontend_data, score = "bic"),
    tabu_search = tabu_search(frontend_data, score = "bic"),
    local_search = local_search(frontend_data, score = "bic", k_max = 500),
    simulated_annealing = simulated_annealing(frontend_data, score = "bic", lowerings = 5),
    genetic_search = genetic_search(frontend_data, score = "bic", generations = 5),
    best_first_search = best_first_search(frontend_data, score = "bic", max_expansions = 5),
    k2_search = k2_search(frontend_data, order = order),
    exact_search = exact_search(frontend_data, score = "bic"),
    exhaustive_search = exhaustive_search(small, score = "bic"),
    ges = ges(frontend_data, score = "bic"),
    pdag_search = pdag_search(frontend_data, score = "bic"),
    chow_liu = chow_liu(frontend_data),
    pc = pc(frontend_data, alpha = 0.01, conflicts = "first"),
    minimal_imap = minimal_imap(frontend_data, order = order),
    hybrid = hybrid(frontend_data, alpha = 0.01, score = "bic"))
  for (name in names(graphs)) {
    info <- graphs[[name]]$info
    expect_identical(info$algorithm, name, info = name)
    expect_true(is.numeric(info$time) && length(info$time) == 1L && info$time >= 0,
                info = name)
  }
  expect_identical(graphs$hybrid$info$search, "hill_climb")
  expect_true(graphs$hybrid$info$time >= graphs$hybrid$info$pc$time)
  x <- structure_mcmc(frontend_data, iterations = 200, chains = 1)
  expect_identical(x$info$algorithm, "structure_mcmc")
  expect_true(x$info$time >= 0)
  y <- order_mcmc(frontend_data, iterations = 200, chains = 1, max_parents = 2)
  expect_identical(y$info$algorithm, "order_mcmc")
})

test_that("the same mistake gives the same error class in every learner", {
  learners <- list(
    hill_climb = function(...) hill_climb(frontend_data, ...),
    local_search = function(...) local_search(frontend_data, k_max = 10, ...),
    ges = function(...) ges(frontend_data, ...),
    pdag_search = function(...) pdag_search(frontend_data, ...),
    chow_liu = function(...) chow_liu(frontend_data, ...),
    exact_search = function(...) exact_search(frontend_data, ...),
    structure_mcmc = function(...) structure_mcmc(frontend_data, iterations = 10, ...),
    pc = function(...) pc(frontend_data, ...),
    minimal_imap = function(...) minimal_imap(frontend_data, order = names(frontend_data$levels), ...),
    hybrid = function(...) hybrid(frontend_data, ...))
  for (name in names(learners)) {
    learn <- learners[[name]]
    expect_error(learn(threads = 0), class = "learnbn_error_value", info = name)
    expect_error(learn(threads = 2000), class = "learnbn_error_value", info = name)
    expect_error(learn(threads = "2"), class = "learnbn_error_type", info = name)
    expect_error(learn(verbose = NA), class = "learnbn_error_type", info = name)
  }
  # A start graph with a directed cycle: not a DAG, for DAG and class searches alike.
  nodes <- names(frontend_data$levels)
  cycle <- matrix(0L, 5, 5, dimnames = list(nodes, nodes))
  cycle[cbind(nodes, c(nodes[-1], nodes[1]))] <- 1L
  cyclic <- learnbn:::new_bn_graph(cycle, "dag")
  for (name in c("hill_climb", "local_search", "ges", "pdag_search", "structure_mcmc")) {
    expect_error(learners[[name]](start = cyclic), class = "learnbn_error_not_dag", info = name)
  }
  # Unknown nodes in the background knowledge.
  for (name in c("hill_climb", "ges", "chow_liu", "exact_search", "pc", "hybrid")) {
    expect_error(learners[[name]](blacklist = data.frame("SEX", "AGE")),
                 class = "learnbn_error_unknown_node", info = name)
  }
  # A score that is not score equivalent, where one is needed.
  for (name in c("ges", "pdag_search", "chow_liu")) {
    err <- expect_error(learners[[name]](score = "k2"),
                        class = "learnbn_error_not_score_equivalent", info = name)
    expect_s3_class(err, "learnbn_error_value")
  }
  # An order that misses nodes, for the two learners that take one.
  for (err in list(
    expect_error(k2_search(frontend_data, order = c("SEX", "SES"))),
    expect_error(minimal_imap(frontend_data, order = c("SEX", "SES"))))) {
    expect_s3_class(err, "learnbn_error_order")
    expect_s3_class(err, "learnbn_error_value")
  }
  expect_error(hybrid(frontend_data, search = "tabu"), class = "learnbn_error_value")
})
