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

# One run of every score-based learner with BIC (random ones seeded by the caller).
score_based_graphs <- function() {
  order <- c("SEX", "SES", "IQ", "PE", "CP")
  small <- bn_data(college_plans[c("SEX", "SES", "IQ", "count")], counts = "count")
  list(
    hill_climb = hill_climb(frontend_data, score = "bic"),
    tabu_search = tabu_search(frontend_data, score = "bic"),
    local_search = local_search(frontend_data, score = "bic", k_max = 500),
    simulated_annealing = simulated_annealing(frontend_data, score = "bic", lowerings = 5),
    genetic_search = genetic_search(frontend_data, score = "bic", generations = 5),
    best_first_search = best_first_search(frontend_data, score = "bic", max_expansions = 5),
    k2_search = k2_search(frontend_data, order = order, score = "bic"),
    exact_search = exact_search(frontend_data, score = "bic"),
    exhaustive_search = exhaustive_search(small, score = "bic"),
    ges = ges(frontend_data, score = "bic"),
    pdag_search = pdag_search(frontend_data, score = "bic"),
    chow_liu = chow_liu(frontend_data, score = "bic"),
    boss = boss(frontend_data, score = "bic"),
    grasp = grasp(frontend_data, score = "bic"),
    gies = gies(frontend_data, score = "bic"))
}

test_that("every learner records its name and time in info", {
  order <- c("SEX", "SES", "IQ", "PE", "CP")
  set.seed(1)
  graphs <- c(score_based_graphs(), list(
    pc = pc(frontend_data, alpha = 0.01, conflicts = "first"),
    minimal_imap = minimal_imap(frontend_data, order = order),
    hybrid = hybrid(frontend_data, alpha = 0.01, score = "bic"),
    mmpc = mmpc(frontend_data, alpha = 0.01), hiton_pc = hiton_pc(frontend_data, alpha = 0.01),
    gs = gs(frontend_data, alpha = 0.01), iamb = iamb(frontend_data, alpha = 0.01),
    mmhc = mmhc(frontend_data, alpha = 0.01, score = "bic"),
    fci = fci(frontend_data, alpha = 0.01), rfci = rfci(frontend_data, alpha = 0.01),
    gfci = gfci(frontend_data, alpha = 0.01)))
  for (name in names(graphs)) {
    info <- graphs[[name]]$info
    expect_identical(info$algorithm, name, info = name)
    expect_true(is.numeric(info$time) && length(info$time) == 1L && info$time >= 0,
                info = name)
  }
  expect_identical(graphs$hybrid$info$search, "hill_climb")
  expect_identical(graphs$gfci$info$search, "ges")
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
    hybrid = function(...) hybrid(frontend_data, ...),
    mmpc = function(...) mmpc(frontend_data, ...),
    hiton_pc = function(...) hiton_pc(frontend_data, ...),
    gs = function(...) gs(frontend_data, ...), iamb = function(...) iamb(frontend_data, ...),
    mmhc = function(...) mmhc(frontend_data, ...),
    boss = function(...) boss(frontend_data, ...), grasp = function(...) grasp(frontend_data, ...),
    gies = function(...) gies(frontend_data, ...),
    fci = function(...) fci(frontend_data, ...), rfci = function(...) rfci(frontend_data, ...),
    gfci = function(...) gfci(frontend_data, ...),
    gfci_boss = function(...) gfci(frontend_data, search = "boss", ...))
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
  for (name in c("hill_climb", "local_search", "ges", "pdag_search", "structure_mcmc", "gies")) {
    expect_error(learners[[name]](start = cyclic), class = "learnbn_error_not_dag", info = name)
  }
  # Unknown nodes in the background knowledge.
  for (name in c("hill_climb", "ges", "chow_liu", "exact_search", "pc", "hybrid", "mmpc",
                 "hiton_pc", "gs", "iamb", "mmhc", "boss", "grasp", "gies", "fci", "rfci",
                 "gfci", "gfci_boss")) {
    expect_error(learners[[name]](blacklist = data.frame("SEX", "AGE")),
                 class = "learnbn_error_unknown_node", info = name)
  }
  # A score that is not score equivalent, where one is needed.
  for (name in c("ges", "pdag_search", "chow_liu", "gies", "gfci")) {
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
  expect_error(gfci(frontend_data, search = "fges"), class = "learnbn_error_value")
})

# The blacklist that forbids, in both directions, every pair the skeleton does not join:
# what `restrict` means, written out by hand.
outside_blacklist <- function(restrict) {
  nodes <- rownames(restrict)
  pairs <- which(restrict == 0L & !diag(length(nodes)), arr.ind = TRUE)
  data.frame(from = nodes[pairs[, 1]], to = nodes[pairs[, 2]])
}

test_that("restrict limits ges, pdag_search, exact, exhaustive and k2 as its blacklist does", {
  restrict <- frontend_restrict()
  blacklist <- outside_blacklist(restrict)
  order <- c("SEX", "SES", "IQ", "PE", "CP")
  runs <- list(
    ges = function(...) ges(frontend_data, score = "bic", ...),
    pdag_search = function(...) pdag_search(frontend_data, score = "bic", ...),
    exact_search = function(...) exact_search(frontend_data, score = "bic", ...),
    exhaustive_search = function(...) exhaustive_search(frontend_data, score = "bic", top = 2, ...),
    k2_search = function(...) k2_search(frontend_data, order = order, ...))
  for (name in names(runs)) {
    free <- runs[[name]]()
    expect_gt(arcs_outside(free, restrict), 0)  # without restrict some arc leaves it
    inside <- runs[[name]](restrict = restrict)
    expect_identical(arcs_outside(inside, restrict), 0L, info = name)
    by_hand <- runs[[name]](blacklist = blacklist)
    expect_identical(as.matrix(inside), as.matrix(by_hand), info = name)
    expect_identical(inside$score, by_hand$score, info = name)
    expect_identical(inside$type, by_hand$type, info = name)
    expect_error(runs[[name]](restrict = "SEX"), class = "learnbn_error_type")
  }
})

test_that("exhaustive_search enumerates the DAGs inside restrict: 9 on a path of 3 nodes", {
  small <- bn_data(college_plans[c("SEX", "SES", "IQ", "count")], counts = "count")
  path <- matrix(0L, 3, 3, dimnames = list(c("SEX", "SES", "IQ"), c("SEX", "SES", "IQ")))
  path["SEX", "SES"] <- path["SES", "SEX"] <- path["SES", "IQ"] <- path["IQ", "SES"] <- 1L
  # Each of the two edges is absent or takes one of two directions, and a path has no
  # cycle: 3^2 DAGs, against 25 on three nodes.
  expect_identical(exhaustive_search(small, restrict = path)$info$n_dags, 9)
  expect_identical(exhaustive_search(small)$info$n_dags, 25)
})

test_that("k2_search gives the same graph and counts on any number of threads", {
  order <- c("SEX", "SES", "IQ", "PE", "CP")
  one <- k2_search(frontend_data, order = order, threads = 1)
  two <- k2_search(frontend_data, order = order, threads = 2)
  expect_identical(as.matrix(two), as.matrix(one))
  expect_identical(two$score, one$score)
  expect_identical(two$info[c("score_evaluations", "cache_hits")],
                   one$info[c("score_evaluations", "cache_hits")])
  expect_error(k2_search(frontend_data, order = order, threads = 0),
               class = "learnbn_error_value")
})

test_that("every score-based learner's info has the common fields, in one order", {
  set.seed(2)
  graphs <- score_based_graphs()
  common <- c("score_evaluations", "cache_hits", "cache_hit_rate", "time", "trace")
  for (name in names(graphs)) {
    info <- graphs[[name]]$info
    expect_identical(names(info)[1:2], c("algorithm", "score"), info = name)
    expect_identical(info$score, "bic", info = name)
    at <- match(common, names(info))
    expect_false(anyNA(at), info = name)
    expect_identical(diff(at), rep(1L, 4), info = name)
    # Tabu search and annealing return the best graph seen, not their last.
    if (!name %in% c("tabu_search", "simulated_annealing")) {
      expect_equal(tail(info$trace, 1), graphs[[name]]$score, tolerance = 1e-9, info = name)
    }
  }
  # The searches without steps: the trace is the result's score alone.
  for (name in c("k2_search", "exact_search", "exhaustive_search", "chow_liu")) {
    expect_identical(graphs[[name]]$info$trace, graphs[[name]]$score, info = name)
  }
  # Exact search scores each of the 5 * 2^4 allowed parent sets once, outside the cache.
  exact <- graphs$exact_search$info
  expect_identical(exact$score_evaluations, 80)
  expect_identical(c(exact$cache_hits, exact$cache_hit_rate), c(0, 0))
  # Chow-Liu scores 5 empty families, 10 pairs and the 5 families of its result, and
  # counts no cache use.
  chow <- graphs$chow_liu$info
  expect_identical(chow$score_evaluations, 20)
  expect_identical(c(chow$cache_hits, chow$cache_hit_rate), c(NA_real_, NA_real_))
})

test_that("the shared knobs come in one order in every learner", {
  knobs <- c("start", "whitelist", "blacklist", "max_parents", "no_parents", "no_children",
             "restrict", "threads", "verbose")
  learners <- list(hill_climb, tabu_search, local_search, simulated_annealing, genetic_search,
                   best_first_search, k2_search, exact_search, exhaustive_search, ges,
                   pdag_search, structure_mcmc, order_mcmc, partition_mcmc, boss, grasp, gies)
  for (learn in learners) {
    args <- names(formals(learn))
    expect_identical(args[1], "data")
    present <- intersect(knobs, args)
    expect_identical(args[args %in% knobs], present)
    expect_true(all(setdiff(knobs, "start") %in% present))
  }
  expect_identical(formals(order_mcmc)$max_parents, Inf)
  expect_identical(formals(partition_mcmc)$max_parents, Inf)
})
