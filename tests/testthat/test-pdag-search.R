# Partially directed graph search (Kochenderfer et al. 2022, section 5.4). Local
# optimality is checked against the operators enumerated here in plain R; optima come
# from brute-force enumeration of every DAG on four nodes, scored with the reference
# scores of helper-reference.R.

pdag_four_node_data <- function(n, seed) {
  set.seed(seed)
  A <- sample(c("a0", "a1"), n, replace = TRUE, prob = c(0.3, 0.7))
  B <- sample(c("b0", "b1", "b2"), n, replace = TRUE)
  C <- ifelse(runif(n) < ifelse(A == "a1" & B != "b0", 0.85, 0.2), "c1", "c0")
  D <- ifelse(runif(n) < ifelse(C == "c1", 0.8, 0.25), "d1", "d0")
  data.frame(A = factor(A), B = factor(B), C = factor(C), D = factor(D))
}

expect_pdag_search_cpdag <- function(g) {
  expect_s3_class(g, "bn_graph")
  expect_identical(g$type, "cpdag")
  expect_identical(as.matrix(g), as.matrix(cpdag(pdag_to_dag(g))))
}

# The partially directed graphs one operator of Kochenderfer et al. (2022, section 5.4)
# away from `a`.
pdag_operator_results <- function(a) {
  n <- ncol(a)
  out <- list()
  keep <- function(b) out[[length(out) + 1L]] <<- b
  adjacent <- function(i, j) a[i, j] == 1L || a[j, i] == 1L
  for (i in seq_len(n - 1L)) {
    for (j in (i + 1L):n) {
      if (!adjacent(i, j)) {
        b <- a; b[i, j] <- b[j, i] <- 1L; keep(b)         # i - j
        b <- a; b[i, j] <- 1L; keep(b)                   # i -> j
        b <- a; b[j, i] <- 1L; keep(b)                   # j -> i
      } else {
        b <- a; b[i, j] <- b[j, i] <- 0L; keep(b)         # remove
        if (a[j, i] == 0L) { b <- a; b[i, j] <- 0L; b[j, i] <- 1L; keep(b) }  # reverse
        if (a[i, j] == 0L) { b <- a; b[j, i] <- 0L; b[i, j] <- 1L; keep(b) }
      }
    }
  }
  for (y in seq_len(n)) {
    ne <- which(a[, y] == 1L & a[y, ] == 1L)
    for (x in ne) {
      for (z in ne[ne > x]) {
        if (adjacent(x, z)) next
        b <- a; b[y, x] <- 0L; b[y, z] <- 0L; keep(b)     # x -> y <- z
      }
    }
  }
  out
}

# Score of each operator result through its consistent extension, NA when it has none.
pdag_operator_scores <- function(g, data, score) {
  vapply(pdag_operator_results(as.matrix(g)), function(b) {
    tryCatch(network_score(pdag_to_dag(bn_graph(b, "pdag")), data, score),
             learnbn_error = function(e) NA_real_)
  }, numeric(1))
}

test_that("pdag_search returns a CPDAG scored through its extension, locally optimal", {
  nodes <- c("V", "W", "X", "Y", "Z")
  for (seed in 1:4) {
    set.seed(seed)
    df <- as.data.frame(lapply(stats::setNames(nodes, nodes), function(v) {
      factor(sample(c("u", "v", "w")[seq_len(2 + seed %% 2)], 60, replace = TRUE))
    }))
    df$Y <- factor(ifelse(runif(60) < 0.7, as.character(df$X), as.character(df$Y)),
                   levels = union(levels(df$X), levels(df$Y)))
    df$Z <- factor(ifelse(runif(60) < 0.6, as.character(df$Y), as.character(df$Z)),
                   levels = union(levels(df$Y), levels(df$Z)))
    for (type in c("bdeu", "bic")) {
      g <- pdag_search(df, score = type)
      expect_pdag_search_cpdag(g)
      expect_equal(g$score, network_score(pdag_to_dag(g), df, type), tolerance = 1e-9)
      expect_equal(g$info$trace[length(g$info$trace)], g$score, tolerance = 1e-9)
      scores <- pdag_operator_scores(g, df, type)
      expect_gt(sum(!is.na(scores)), 0)
      expect_true(all(scores <= g$score + 1e-8, na.rm = TRUE))
    }
  }
})

test_that("pdag_search on four-node data against the brute-force optimum", {
  df <- pdag_four_node_data(5000, seed = 11)
  dags <- brute_force_dags(names(df))
  expect_length(dags, 543)
  for (type in c("bdeu", "bic", "aic")) {
    score_of <- brute_force_scorer(df, type)
    best <- max(vapply(dags, score_of, numeric(1)))
    g <- pdag_search(df, score = type)
    expect_pdag_search_cpdag(g)
    expect_equal(g$score, score_of(as.matrix(pdag_to_dag(g))), tolerance = 1e-9)
    expect_equal(g$score, best, tolerance = 1e-9)
    expect_gte(g$score, hill_climb(df, score = type)$score - 1e-9)
    scores <- pdag_operator_scores(g, df, type)
    expect_true(all(scores <= g$score + 1e-8, na.rm = TRUE))
  }
})

test_that("pdag_search recovers the CPDAG of asia from 50,000 simulated rows", {
  fit <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  set.seed(42)
  df <- simulate_data(fit, 50000)
  g <- pdag_search(df)
  expect_pdag_search_cpdag(g)
  expect_identical(shd(g, cpdag(fit$graph)), 0L)
  expect_equal(g$score, network_score(pdag_to_dag(g), df), tolerance = 1e-9)
  expect_gte(g$score, hill_climb(df)$score - 1e-9)
})

test_that("pdag_search reports its steps and counters", {
  d <- bn_data(college_plans, counts = "count")
  g <- pdag_search(d)
  expect_pdag_search_cpdag(g)
  expect_named(g$info, c("algorithm", "score", "iterations", "score_evaluations",
                         "cache_hits", "cache_hit_rate", "time", "trace", "dag"))
  expect_identical(g$info$algorithm, "pdag_search")
  expect_gt(g$info$iterations, 0)
  expect_equal(length(g$info$trace), g$info$iterations + 1)
  expect_true(all(diff(g$info$trace) > 0))
  expect_gt(g$info$score_evaluations, 0)
  expect_true(is_dag(g$info$dag))
  expect_true(markov_equivalent(g$info$dag, g))
  expect_gte(g$score, hill_climb(d)$score - 1e-9)
  expect_message(pdag_search(d, verbose = TRUE), "pdag_search: ")
  one <- pdag_search(d, max_iter = 1)
  expect_identical(one$info$iterations, 1)
  expect_equal(one$info$trace, g$info$trace[1:2])
  expect_identical(sum(as.matrix(pdag_search(data.frame(A = factor(c("x", "y", "x")))))), 0L)
  two <- pdag_search(d, threads = 2)
  expect_identical(as.matrix(two), as.matrix(g))
  expect_identical(two$info$trace, g$info$trace)
})

test_that("pdag_search starts from the class of a start graph", {
  fit <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
  df <- read_reference("asia_5000")
  from_truth <- pdag_search(df, start = fit$graph)
  expect_pdag_search_cpdag(from_truth)
  expect_equal(from_truth$info$trace[1], network_score(fit$graph, df), tolerance = 1e-9)
  from_cpdag <- pdag_search(df, start = cpdag(fit$graph))
  expect_identical(as.matrix(from_cpdag), as.matrix(from_truth))
})

test_that("pdag_search respects blacklists, whitelists and max_parents in info$dag", {
  df <- read_reference("asia_5000")
  free <- pdag_search(df)
  dag <- as.matrix(free$info$dag)
  banned <- which(dag == 1L, arr.ind = TRUE)[1:3, ]
  blacklist <- cbind(rownames(dag)[banned[, 1]], colnames(dag)[banned[, 2]])
  g <- pdag_search(df, blacklist = blacklist)
  expect_knowledge_class(g, blacklist = blacklist)
  expect_true(all(as.matrix(g$info$dag)[blacklist] == 0L))

  nodes <- colnames(dag)
  whitelist <- rbind(nodes[1:2])
  g <- pdag_search(df, whitelist = whitelist)
  expect_knowledge_class(g, whitelist = whitelist)
  expect_true(all(as.matrix(g$info$dag)[whitelist] == 1L))

  g <- pdag_search(df, max_parents = 1)
  expect_pdag_search_cpdag(g)
  expect_lte(max(colSums(as.matrix(g$info$dag))), 1)

  g <- pdag_search(df, no_parents = nodes[1], no_children = nodes[2])
  expect_true(all(as.matrix(g$info$dag)[, nodes[1]] == 0L))
  expect_true(all(as.matrix(g$info$dag)[nodes[2], ] == 0L))
  expect_knowledge_class(g, blacklist = no_parents_arcs(nodes, nodes[1], nodes[2]))
})

test_that("pdag_search() with knowledge returns the maximally oriented PDAG (issue 15)", {
  d <- bn_data(college_plans, counts = "count")
  g <- pdag_search(d, blacklist = arc_list("PE -> SEX"))
  expect_identical(g$type, "pdag")
  expect_identical(edge_strings(g), c("CP - IQ", "CP - SES", "PE -> CP", "PE -> IQ", "PE -> SES", "SEX -> PE"))
  expect_knowledge_class(g, blacklist = arc_list("PE -> SEX"))
  g <- pdag_search(d, whitelist = arc_list("SEX -> CP"))
  expect_identical(edge_strings(g), c("CP - PE", "CP -> IQ", "CP -> SES", "PE - SEX", "PE -> IQ",
                                      "PE -> SES", "SEX -> CP"))
  expect_identical(edge_strings(pdag_to_dag(g)), c("CP -> IQ", "CP -> PE", "CP -> SES", "PE -> IQ",
                                                   "PE -> SES", "SEX -> CP", "SEX -> PE"))
  expect_knowledge_class(g, whitelist = arc_list("SEX -> CP"))
  # without knowledge the result is the CPDAG, as before
  g <- pdag_search(d)
  expect_pdag_search_cpdag(g)
})

test_that("pdag_search gives classed errors", {
  d <- bn_data(college_plans, counts = "count")
  expect_error(pdag_search(d, score = "k2"), class = "learnbn_error_not_score_equivalent")
  expect_error(pdag_search(d, score = bn_score("bd", alpha = 2)),
               class = "learnbn_error_not_score_equivalent")
  expect_error(pdag_search(d, whitelist = rbind(c("SEX", "GPA"))),
               class = "learnbn_error_unknown_node")
  expect_error(pdag_search(d, no_parents = "AGE"), class = "learnbn_error_unknown_node")
  expect_error(pdag_search(d, max_iter = -1), class = "learnbn_error_value")
  expect_error(pdag_search(d, threads = 0), class = "learnbn_error_value")
  expect_error(pdag_search(d, start = "empty"), class = "learnbn_error_type")
})

test_that("pdag_search stops on an interrupt", {
  skip_on_cran()
  skip_on_os("windows")
  skip_if_not_installed("callr")
  p <- callr::r_bg(function() {
    library(learnbn)
    set.seed(1)
    fit <- read_bif(system.file("extdata", "alarm.bif", package = "learnbn"))
    d <- bn_data(simulate_data(fit, 2000))
    cat("ready\n")
    # loglik keeps adding edges until the graph is complete: a long search.
    tryCatch({
      pdag_search(d, score = "loglik")
      "finished"
    }, interrupt = function(cnd) "interrupted")
  }, stdout = "|", stderr = "|", package = FALSE)
  on.exit(if (p$is_alive()) p$kill(), add = TRUE)
  deadline <- Sys.time() + 60
  output <- ""
  while (!grepl("ready", output) && p$is_alive() && Sys.time() < deadline) {
    p$poll_io(200)
    output <- paste0(output, p$read_output())
  }
  Sys.sleep(1.5)
  expect_true(p$is_alive())
  sent <- Sys.time()
  p$interrupt()
  p$wait(10000)
  expect_false(p$is_alive())
  expect_equal(if (p$is_alive()) "still running" else p$get_result(), "interrupted")
  expect_lt(as.numeric(difftime(Sys.time(), sent, units = "secs")), 5)
})
