college <- college_plans[rep(seq_len(nrow(college_plans)), college_plans$count), 1:5]
rownames(college) <- NULL
college_data <- bn_data(college_plans, counts = "count")

# Algorithm 5.2 of Kochenderfer et al. (2022), in plain R with the plain-R family score of helper-reference.R.
reference_k2 <- function(df, order, type = "k2", max_parents = Inf, ...) {
  parents <- stats::setNames(vector("list", length(order)), order)
  for (k in seq_along(order)[-1]) {
    node <- order[k]
    current <- ref_local_score(df, node, character(), type, ...)
    repeat {
      if (length(parents[[node]]) >= max_parents) break
      best <- -Inf
      best_parent <- NULL
      for (candidate in setdiff(order[seq_len(k - 1)], parents[[node]])) {
        value <- ref_local_score(df, node, c(parents[[node]], candidate), type, ...)
        if (value > best) {
          best <- value
          best_parent <- candidate
        }
      }
      if (is.null(best_parent) || !(best > current)) break
      parents[[node]] <- c(parents[[node]], best_parent)
      current <- best
    }
  }
  parents
}

sorted <- function(parents) lapply(parents, function(p) sort(as.character(p)))

parents_of <- function(g) {
  amat <- as.matrix(g)
  lapply(stats::setNames(colnames(amat), colnames(amat)), function(v) sort(rownames(amat)[amat[, v] == 1]))
}

test_that("K2 matches a plain-R K2 on college plans for several orders and bounds", {
  orders <- list(c("SEX", "SES", "IQ", "PE", "CP"), c("CP", "PE", "IQ", "SES", "SEX"),
                 c("SES", "PE", "SEX", "CP", "IQ"), c("IQ", "CP", "SES", "SEX", "PE"))
  for (order in orders) for (max_parents in c(1, 2, Inf)) {
    g <- k2_search(college_data, order = order, max_parents = max_parents)
    ref <- reference_k2(college, order, max_parents = max_parents)
    label <- paste(paste(order, collapse = " "), max_parents)
    expect_equal(parents_of(g)[order], sorted(ref), label = label)
    expect_equal(g$score, network_score(g, college_data, score = "k2"), tolerance = 1e-10,
                 label = label)
    expect_true(is_dag(g))
    expect_true(all(colSums(as.matrix(g)) <= max_parents))
    # parents only come from predecessors
    rank <- match(rownames(as.matrix(g)), order)
    expect_true(all(outer(rank, rank, "<")[as.matrix(g) == 1]))
  }
  # other scores reach K2 through `...`
  order <- orders[[1]]
  g <- k2_search(college_data, order = order, score = "bdeu", iss = 5)
  expect_equal(parents_of(g)[order], sorted(reference_k2(college, order, "bdeu", iss = 5)))
  g <- k2_search(college_data, order = order, score = "bic")
  expect_equal(parents_of(g)[order], sorted(reference_k2(college, order, "bic")))
})

test_that("K2 with the natural order gives the expected network and counters", {
  g <- k2_search(college_data, order = c("SEX", "SES", "IQ", "PE", "CP"))
  expect_s3_class(g, "bn_graph")
  expect_equal(g$type, "dag")
  expect_equal(g$info$algorithm, "k2_search")
  expect_true(g$info$score_evaluations > 0)
  expect_true(g$info$cache_hits >= 0)
  expect_true(g$info$time >= 0)
  expect_snapshot(model_string(g))
})

test_that("K2 respects the whitelist (forced parents first) and the blacklist", {
  order <- c("SEX", "SES", "IQ", "PE", "CP")
  g <- k2_search(college_data, order = order, whitelist = data.frame("SEX", "CP"),
                 blacklist = rbind(c("PE", "CP"), c("SES", "IQ")), max_parents = 2)
  amat <- as.matrix(g)
  expect_equal(amat["SEX", "CP"], 1)
  expect_equal(amat["PE", "CP"], 0)
  expect_equal(amat["SES", "IQ"], 0)
  expect_true(all(colSums(amat) <= 2))
  # by hand: CP starts from {SEX} and gains the best allowed predecessor if it helps
  base <- local_score(college_data, "CP", "SEX", score = "k2")
  best_with <- vapply(c("SES", "IQ"), function(p) local_score(college_data, "CP", c("SEX", p), score = "k2"), 0)
  expected <- if (max(best_with) > base) c("SEX", names(which.max(best_with))) else "SEX"
  expect_setequal(rownames(amat)[amat[, "CP"] == 1], expected)
  g0 <- k2_search(college_data, order = order, no_parents = "PE", no_children = "SEX")
  expect_equal(sum(as.matrix(g0)[, "PE"]), 0)
  expect_equal(sum(as.matrix(g0)["SEX", ]), 0)
})

test_that("K2 fails clearly on a bad order and bad knowledge", {
  expect_error(k2_search(college_data, order = c("SEX", "SES", "IQ", "PE")),
               class = "learnbn_error_order")
  expect_snapshot(k2_search(college_data, order = c("SEX", "SES", "IQ", "PE")), error = TRUE)
  expect_error(k2_search(college_data, order = c("SEX", "SES", "IQ", "PE", "AGE")),
               class = "learnbn_error_unknown_node")
  expect_error(k2_search(college_data, order = c("SEX", "SES", "IQ", "PE", "PE")),
               class = "learnbn_error_value")
  expect_error(k2_search(college_data, order = 1:5), class = "learnbn_error_type")
  expect_error(k2_search(college_data), class = "learnbn_error_order")
  expect_error(k2_search(college_data, order = c("SEX", "SES", "IQ", "PE", "CP"),
                         whitelist = data.frame("CP", "SEX")),
               class = "learnbn_error_order")
  expect_snapshot(k2_search(college_data, order = c("SEX", "SES", "IQ", "PE", "CP"),
                            whitelist = data.frame("CP", "SEX")), error = TRUE)
  expect_error(k2_search(college_data, order = c("SEX", "SES", "IQ", "PE", "CP"),
                         blacklist = data.frame("CP", "AGE")),
               class = "learnbn_error_unknown_node")
  prior <- fit_parameters(bn_graph_from_string("[SEX][SES][IQ][PE][CP]"), college_data)
  expect_error(k2_search(college_data, order = c("SEX", "SES", "IQ", "PE", "CP"),
                         score = bn_score("bde", prior_network = prior)),
               class = "learnbn_error", regexp = "prior network")
  expect_error(k2_search(college_data, order = c("SEX", "SES", "IQ", "PE", "CP"), verbose = NA),
               class = "learnbn_error_type")
})
