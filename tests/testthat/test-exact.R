college_data <- bn_data(college_plans, counts = "count")

# Each variable a noisy copy of an earlier one (integer codes), drawn with sample().
noisy_copies <- function(n_vars, n_rows) {
  states <- sample(2:3, n_vars, TRUE)
  columns <- list(sample(states[1], n_rows, TRUE))
  for (j in seq_len(n_vars)[-1]) {
    source <- columns[[sample(j - 1, 1)]]
    keep <- sample(c(TRUE, FALSE), n_rows, TRUE)
    columns[[j]] <- ifelse(keep, (source - 1L) %% states[j] + 1L, sample(states[j], n_rows, TRUE))
  }
  names(columns) <- paste0("X", seq_len(n_vars))
  bn_data(as.data.frame(columns))
}

# Random knowledge: a few blacklisted arcs, maybe a whitelisted arc, a parent bound.
random_knowledge <- function(nodes) {
  pairs <- t(utils::combn(nodes, 2))
  flip <- sample(c(TRUE, FALSE), nrow(pairs), TRUE)
  pairs[flip, ] <- pairs[flip, 2:1]
  black <- pairs[sample(nrow(pairs), sample(0:4, 1)), , drop = FALSE]
  free <- pairs[!paste(pairs[, 1], pairs[, 2]) %in% c(paste(black[, 1], black[, 2]), paste(black[, 2], black[, 1])), , drop = FALSE]
  white <- if (nrow(free) && sample(2, 1) == 1) free[sample(nrow(free), 1), , drop = FALSE]
  list(blacklist = if (nrow(black)) black, whitelist = white,
       max_parents = sample(c(1, 2, 3, Inf), 1),
       no_parents = if (sample(3, 1) == 1) sample(setdiff(nodes, white[, 2]), 1))
}

expect_within_knowledge <- function(g, knowledge) {
  amat <- as.matrix(g)
  expect_true(is_dag(g))
  expect_true(all(colSums(amat) <= knowledge$max_parents))
  if (!is.null(knowledge$blacklist)) expect_true(all(amat[knowledge$blacklist] == 0))
  if (!is.null(knowledge$whitelist)) expect_true(all(amat[knowledge$whitelist] == 1))
  if (!is.null(knowledge$no_parents)) expect_equal(sum(amat[, knowledge$no_parents]), 0)
}

test_that("exact search finds the exhaustive optimum on random data and knowledge", {
  set.seed(42)
  for (run in 1:8) {
    n <- if (run <= 6) 5 else 6
    d <- noisy_copies(n, sample(c(50, 300, 2000), 1))
    knowledge <- random_knowledge(names(d$levels))
    score <- sample(c("bdeu", "k2", "bic", "aic"), 1)
    learn <- function(f, ...) {
      f(d, score = score, whitelist = knowledge$whitelist, blacklist = knowledge$blacklist,
        max_parents = knowledge$max_parents, no_parents = knowledge$no_parents, ...)
    }
    exact <- learn(exact_search)
    best <- learn(exhaustive_search, top = 1)
    label <- paste("run", run, score)
    expect_equal(exact$score, best$score, tolerance = 1e-10, label = label)
    expect_equal(network_score(exact, d, score = score), exact$score, tolerance = 1e-10,
                 label = label)
    expect_within_knowledge(exact, knowledge)
    expect_within_knowledge(best, knowledge)
  }
})

test_that("exact search agrees with the college-plans exhaustive analysis", {
  exact <- exact_search(college_data, score = "bde", iss = 5, no_parents = c("SEX", "SES"),
                        no_children = "CP")
  expect_equal(model_string(exact), "[SEX][SES][IQ|SES:PE][PE|SEX:SES][CP|SES:IQ:PE]")
  expect_equal(round(exact$score, 2), -45652.73)
  expect_equal(exact$info$algorithm, "exact_search")
  expect_equal(exact$info$score_evaluations, exact$info$parent_sets)
  # without knowledge: the optimum over all 29281 DAGs, for several scores and bounds
  for (score in c("bdeu", "k2", "bic")) for (max_parents in c(1, 2, Inf)) {
    exact <- exact_search(college_data, score = score, max_parents = max_parents)
    best <- exhaustive_search(college_data, score = score, max_parents = max_parents, top = 1)
    expect_equal(exact$score, best$score, tolerance = 1e-10)
  }
})

test_that("exact search scales with max_parents and uses threads", {
  set.seed(7)
  d <- noisy_copies(14, 500)
  one <- exact_search(d, max_parents = 2)
  two <- exact_search(d, max_parents = 2, threads = 2)
  expect_equal(one$score, two$score)
  expect_equal(as.matrix(one), as.matrix(two))
  expect_equal(one$info$parent_sets, 14 * (1 + 13 + choose(13, 2)))
  expect_true(all(colSums(as.matrix(one)) <= 2))
  expect_equal(network_score(one, d), one$score, tolerance = 1e-10)
  # the exact optimum is never below a heuristic search's score
  k2 <- k2_search(d, order = names(d$levels), score = "bdeu", max_parents = 2)
  expect_gte(one$score, k2$score - 1e-8)
})

test_that("the memory budget is checked before allocating", {
  set.seed(8)
  d <- noisy_copies(26, 30)
  expect_error(exact_search(d), class = "learnbn_error_too_large")
  expect_error(exact_search(college_data, max_memory = 1000), class = "learnbn_error_too_large")
  expect_snapshot(exact_search(college_data, max_memory = 1000), error = TRUE)
  # blacklisted parents shrink the tables
  full <- learnbn:::exact_memory(learnbn:::build_constraints(names(college_data$levels)))
  expect_equal(full$parent_sets, 5 * 16)
  expect_equal(full$bytes, 32 * 80 + 8 * 5 * 16 + 9 * 32)
})

test_that("exact search fails clearly", {
  expect_error(exact_search(college_data, max_parents = -1), class = "learnbn_error_value")
  expect_error(exact_search(college_data, whitelist = data.frame("SEX", "NOPE")),
               class = "learnbn_error_unknown_node")
  expect_error(exact_search(college_data, no_children = "NOPE"),
               class = "learnbn_error_unknown_node")
  expect_error(exact_search(college_data, whitelist = rbind(c("SEX", "CP"), c("CP", "SEX"))),
               class = "learnbn_error_cycle")
  expect_error(exact_search(college_data, max_memory = "lots"), class = "learnbn_error_type")
  prior <- fit_parameters(bn_graph_from_string("[SEX][SES][IQ][PE][CP]"), college_data)
  expect_error(exact_search(college_data, score = bn_score("bde", prior_network = prior)),
               class = "learnbn_error", regexp = "prior network")
  expect_error(exact_search(college_data, score = bn_score("bdeu"), iss = 3),
               class = "learnbn_error_value")
})
