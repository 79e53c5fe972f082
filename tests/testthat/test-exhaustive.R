college_data <- bn_data(college_plans, counts = "count")

# Plain-R brute force: every assignment of parent sets, kept when acyclic and within
# the constraints, scored with network_score(). Returns model strings and scores.
brute_force_dags <- function(data, score, forbidden = NULL, required = NULL,
                             max_parents = Inf) {
  nodes <- names(data$levels)
  n <- length(nodes)
  if (is.null(forbidden)) forbidden <- matrix(FALSE, n, n, dimnames = list(nodes, nodes))
  if (is.null(required)) required <- matrix(FALSE, n, n, dimnames = list(nodes, nodes))
  parent_sets <- lapply(seq_len(n), function(v) {
    others <- setdiff(seq_len(n), v)
    sets <- lapply(0:(2^(n - 1) - 1), function(m) others[bitwAnd(m, 2^(seq_along(others) - 1)) > 0])
    Filter(function(p) length(p) <= max_parents && !any(forbidden[p, v]) &&
             all(which(required[, v]) %in% p), sets)
  })
  grid <- expand.grid(lapply(parent_sets, seq_along))
  models <- character()
  scores <- numeric()
  for (row in seq_len(nrow(grid))) {
    amat <- matrix(0L, n, n, dimnames = list(nodes, nodes))
    for (v in seq_len(n)) amat[parent_sets[[v]][[grid[row, v]]], v] <- 1L
    if (!plain_acyclic(amat)) next
    g <- bn_graph(amat)
    models <- c(models, model_string(g))
    scores <- c(scores, network_score(g, data, score = score))
  }
  list(models = models, scores = scores)
}

log_sum_exp <- function(x) max(x) + log(sum(exp(x - max(x))))

# Discrete data with some dependence, drawn with sample().
random_data <- function(n_vars, n_rows, max_levels = 3) {
  df <- data.frame(X1 = sample(letters[seq_len(sample(2:max_levels, 1))], n_rows, TRUE))
  for (j in seq_len(n_vars)[-1]) {
    r <- sample(2:max_levels, 1)
    copy <- match(df[[sample(j - 1, 1)]], letters) %% r + 1L
    noise <- sample(r, n_rows, TRUE)
    df[[paste0("X", j)]] <- letters[ifelse(sample(c(TRUE, FALSE), n_rows, TRUE, prob = c(0.5, 0.5)), copy, noise)]
  }
  df[] <- lapply(df, factor)
  bn_data(df)
}

expect_matches_brute_force <- function(result, brute, top) {
  expect_equal(result$info$n_dags, length(brute$scores))
  expect_equal(result$score, max(brute$scores), tolerance = 1e-10)
  expect_equal(result$info$log_total, log_sum_exp(brute$scores), tolerance = 1e-10)
  ranking <- result$info$top
  expect_equal(nrow(ranking), min(top, length(brute$scores)))
  expect_equal(ranking$log_score, sort(brute$scores, decreasing = TRUE)[seq_len(nrow(ranking))],
               tolerance = 1e-10)
  # every ranked model has the score and posterior the brute force gives it
  found <- match(ranking$model, brute$models)
  expect_false(anyNA(found))
  expect_equal(ranking$log_score, brute$scores[found], tolerance = 1e-10)
  expect_equal(ranking$posterior, exp(brute$scores[found] - log_sum_exp(brute$scores)),
               tolerance = 1e-8)
  expect_equal(ranking$rank, seq_len(nrow(ranking)))
}

test_that("with no constraints every DAG is enumerated once: count_dags(n)", {
  set.seed(11)
  d <- random_data(6, 200)
  for (n in 1:6) {
    sub <- bn_data(as.data.frame(d)[seq_len(n)])
    g <- exhaustive_search(sub, top = 3)
    expect_equal(g$info$n_dags, as.numeric(count_dags(n)), label = paste(n, "nodes"))
    expect_true(is_dag(g))
    expect_equal(sum(g$info$top$posterior <= 1), nrow(g$info$top))
  }
})

test_that("exhaustive search matches a plain-R brute force on 3 and 4 nodes", {
  set.seed(2)
  d3 <- random_data(3, 300)
  expect_matches_brute_force(exhaustive_search(d3, top = 30), brute_force_dags(d3, "bdeu"), 30)
  d4 <- random_data(4, 400)
  for (score in c("bdeu", "k2", "bic")) {
    result <- exhaustive_search(d4, score = score, top = 10)
    expect_matches_brute_force(result, brute_force_dags(d4, score), 10)
    expect_equal(network_score(result, d4, score = score), result$score, tolerance = 1e-10)
  }
  # the posteriors of all DAGs sum to one
  all_of_them <- exhaustive_search(d4, top = 543)
  expect_equal(sum(all_of_them$info$top$posterior), 1, tolerance = 1e-12)
  expect_length(all_of_them$info$graphs, 543)
  expect_equal(anyDuplicated(all_of_them$info$top$model), 0L)
})

test_that("constraints restrict the enumeration exactly as in the brute force", {
  set.seed(3)
  d <- random_data(4, 500)
  nodes <- names(d$levels)
  forbidden <- matrix(FALSE, 4, 4, dimnames = list(nodes, nodes))
  required <- forbidden
  forbidden["X1", "X2"] <- forbidden["X4", "X3"] <- TRUE
  forbidden[, "X4"] <- TRUE
  required["X2", "X3"] <- TRUE
  result <- exhaustive_search(d, top = 5, blacklist = rbind(c("X1", "X2"), c("X4", "X3")),
                              whitelist = cbind("X2", "X3"), max_parents = 2,
                              no_parents = "X4")
  expect_matches_brute_force(result, brute_force_dags(d, "bdeu", forbidden, required, 2), 5)
  for (g in result$info$graphs) {
    amat <- as.matrix(g)
    expect_equal(amat["X2", "X3"], 1)
    expect_equal(amat["X1", "X2"], 0)
    expect_equal(sum(amat[, "X4"]), 0)
    expect_true(all(colSums(amat) <= 2))
  }
})

test_that("Heckerman's college-plans analysis finds the two most likely models", {
  result <- exhaustive_search(college_data, score = bn_score("bde", iss = 5),
                              no_parents = c("SEX", "SES"), no_children = "CP")
  top <- result$info$top
  expect_equal(result$info$n_dags, 768)
  expect_equal(top$model[1:2], c("[SEX][SES][IQ|SES:PE][PE|SEX:SES][CP|SES:IQ:PE]",
                                 "[SEX][SES][IQ|SES][PE|SEX:SES:IQ][CP|SES:IQ:PE]"))
  expect_equal(round(top$log_score[1:2], 2), c(-45652.73, -45698.60))
  expect_equal(top$posterior[1], 1, tolerance = 1e-12)
  # Heckerman's (2003) Figure 1 prints 1.2e-10 for the second model; the scores it prints
  # (-45653, -45699) differ by 45.87 nats, i.e. a posterior ratio of about 1.2e-20.
  expect_equal(signif(top$posterior[2], 2), 1.2e-20)
  expect_equal(top$posterior[2], exp(top$log_score[2] - top$log_score[1]), tolerance = 1e-6)
  expect_equal(model_string(result), top$model[1])
  # both models say that CP and SEX are independent given the other variables
  for (g in result$info$graphs[1:2]) expect_equal(as.matrix(g)["SEX", "CP"], 0)
  # the brute force over the same 768 DAGs agrees
  amats <- brute_force_dags(college_data, bn_score("bde", iss = 5),
                            forbidden = outer(names(college_data$levels), names(college_data$levels),
                                              function(from, to) to %in% c("SEX", "SES") | from == "CP"))
  expect_equal(length(amats$scores), 768)
  expect_equal(sort(amats$scores, decreasing = TRUE)[1:10], top$log_score, tolerance = 1e-10)
})

test_that("top_models() shows the ranking", {
  result <- exhaustive_search(college_data, score = "bdeu", iss = 5,
                              no_parents = c("SEX", "SES"), no_children = "CP", top = 3)
  expect_s3_class(top_models(result), "bn_top_models")
  expect_equal(nrow(top_models(result, 2)), 2)
  expect_snapshot(top_models(result))
  expect_error(top_models(bn_graph_from_string("[A][B|A]")), class = "learnbn_error_type")
})

test_that("exhaustive search fails clearly", {
  seven <- bn_data(data.frame(lapply(stats::setNames(1:7, paste0("V", 1:7)),
                                     function(i) factor(sample(c("a", "b"), 20, TRUE)))))
  expect_error(exhaustive_search(seven), class = "learnbn_error_too_large")
  expect_snapshot(exhaustive_search(seven), error = TRUE)
  expect_error(exhaustive_search(college_data, top = 0), class = "learnbn_error_value")
  expect_error(exhaustive_search(college_data, no_parents = "AGE"),
               class = "learnbn_error_unknown_node")
  expect_error(exhaustive_search(college_data, blacklist = data.frame("SEX", "AGE")),
               class = "learnbn_error_unknown_node")
  expect_error(exhaustive_search(college_data, score = "nope"), class = "learnbn_error_unknown_score")
  prior <- fit_parameters(bn_graph_from_string("[SEX][SES][IQ][PE][CP]"), college_data)
  expect_error(exhaustive_search(college_data, score = bn_score("bde", prior_network = prior)),
               class = "learnbn_error", regexp = "prior network")
})

test_that("exact arc probabilities sum the posteriors of the DAGs holding each arc", {
  set.seed(31)
  df <- data.frame(A = sample(c("a", "b"), 60, TRUE), B = sample(c("u", "v"), 60, TRUE),
                   C = sample(c("x", "y", "z"), 60, TRUE), D = sample(c("p", "q"), 60, TRUE))
  df$B[1:30] <- df$A[1:30] == "a"
  g <- exhaustive_search(df, score = "bdeu", top = 543)
  expect_equal(g$info$n_dags, 543)
  expect_equal(sum(g$info$top$posterior), 1, tolerance = 1e-12)
  by_hand <- Reduce(`+`, Map(function(graph, p) as.matrix(graph) * p, g$info$graphs, g$info$top$posterior))
  expect_equal(g$info$arc_probabilities, by_hand, ignore_attr = TRUE, tolerance = 1e-12)
  expect_equal(dimnames(g$info$arc_probabilities), list(names(df), names(df)))
})
