# query(type = "marginal"): every target's posterior from one junction tree propagation
# (or one sampling run) against query() of that target alone, which is variable
# elimination, itself checked against the enumerated joint in test-fit-query.R.

# Each target's marginal equals query() of it alone: the same object (class, names,
# attributes), its probabilities and P(evidence) to 1e-12.
expect_marginals_match <- function(fit, target, evidence = list()) {
  got <- query(fit, target, evidence, type = "marginal")
  expect_named(got, target)
  for (node in target) {
    want <- query(fit, node, evidence)
    expect_identical(names(attributes(got[[node]])), names(attributes(want)))
    expect_identical(class(got[[node]]), class(want))
    expect_identical(names(got[[node]]), names(want))
    expect_lt(max(abs(unclass(got[[node]]) - unclass(want))), 1e-12)
    expect_lt(abs(attr(got[[node]], "log_evidence_probability") -
                    attr(want, "log_evidence_probability")), 1e-12)
    expect_equal(got[[node]], want, tolerance = 1e-12)
  }
}

random_evidence <- function(fit, size) {
  observed <- sample(names(fit$levels), size)
  lapply(stats::setNames(observed, observed), function(v) sample(fit$levels[[v]], 1))
}

# Without evidence, then random evidence on 1 to 5 nodes; evidence of probability zero
# must give query()'s error for both.
check_network <- function(fit, seed, sets = 4) {
  set.seed(seed)
  nodes <- names(fit$levels)
  expect_marginals_match(fit, nodes)
  for (i in seq_len(sets)) {
    evidence <- random_evidence(fit, min(i, length(nodes) - 1L))
    target <- setdiff(nodes, names(evidence))
    impossible <- tryCatch({
      query(fit, target[[1]], evidence)
      FALSE
    }, learnbn_error_impossible_evidence = function(e) TRUE)
    if (impossible) {
      expect_error(query(fit, target, evidence, type = "marginal"),
                   class = "learnbn_error_impossible_evidence")
    } else {
      expect_marginals_match(fit, target, evidence)
    }
  }
}

test_that("marginals of the shipped networks and data equal one query per node", {
  for (name in c("asia", "survey", "child", "alarm")) {
    fit <- read_bif(system.file("extdata", paste0(name, ".bif"), package = "learnbn"))
    check_network(fit, seed = nchar(name), sets = if (length(fit$levels) > 10) 2 else 4)
  }
  for (data in list(college_plans, florida)) {
    check_network(fit_parameters(hill_climb(data), data), seed = 3)
  }
  # query(fit, "X") and the marginal of X among others are the same object.
  alone <- query(asia_fit, "lung", list(smoke = "yes"))
  expect_equal(query(asia_fit, c("tub", "lung"), list(smoke = "yes"), type = "marginal")$lung,
               alone, tolerance = 1e-12)
  # Against the enumerated joint too (asia: 256 states).
  evidence <- list(xray = "yes", dysp = "no")
  got <- query(asia_fit, c("asia", "tub", "either", "bronc"), evidence, type = "marginal")
  for (node in names(got)) {
    expect_equal(as.vector(got[[node]]), ref_query(asia_fit, node, evidence), tolerance = 1e-12)
  }
})

test_that("marginals of random networks with loops and parts apart equal one query per node", {
  for (k in 1:4) {
    set.seed(200 + k)
    nodes <- paste0("X", 1:10)
    levels <- lapply(stats::setNames(nodes, nodes),
                     function(v) paste0(tolower(v), seq_len(sample(2:4, 1))))
    # Up to three parents among the earlier nodes: loops in the moral graph, and
    # (with no parents) parts of the network that are apart.
    parents <- lapply(seq_along(nodes), function(i) {
      if (i == 1) character() else sample(nodes[seq_len(i - 1)], min(i - 1, sample(0:3, 1)))
    })
    model <- paste0("[", nodes, ifelse(lengths(parents) > 0, "|", ""),
                    vapply(parents, paste, "", collapse = ":"), "]", collapse = "")
    check_network(random_fit(list(levels = levels), model, seed = k), seed = k, sets = 5)
  }
  # Two parts: P(evidence) multiplies over them; each marginal is the part's own.
  levels <- list(A = c("a1", "a2"), B = c("b1", "b2", "b3"), C = c("c1", "c2"),
                 D = c("d1", "d2"))
  fit <- random_fit(list(levels = levels), "[A][B|A][C][D|C]", seed = 9)
  expect_marginals_match(fit, c("A", "B", "C"), list(D = "d2"))
  expect_marginals_match(fit, c("A", "C"), list(D = "d1", B = "b3"))
})

test_that("impossible evidence is query()'s error, whatever the method", {
  # either is tub OR lung: tub = yes with either = no has probability zero.
  evidence <- list(tub = "yes", either = "no")
  for (method in c("exact", "lw", "ls")) {
    set.seed(1)
    expect_error(query(asia_fit, c("lung", "xray"), evidence, method = method, n = 100,
                       type = "marginal"),
                 class = "learnbn_error_impossible_evidence")
  }
})

test_that("evidence on hundreds of nodes does not underflow", {
  # 700 nodes of 4 states, each with up to 2 parents among the 3 before it; P(evidence)
  # on 650 of them is far below the smallest double (about exp(-1.3) per node).
  set.seed(5)
  nodes <- paste0("V", 1:700)
  levels <- lapply(stats::setNames(nodes, nodes), function(v) c("s1", "s2", "s3", "s4"))
  parents <- lapply(seq_along(nodes), function(i) {
    earlier <- nodes[max(1, i - 3):(i - 1)]
    if (i == 1) character() else sample(earlier, min(length(earlier), sample(1:2, 1)))
  })
  model <- paste0("[", nodes, ifelse(lengths(parents) > 0, "|", ""),
                  vapply(parents, paste, "", collapse = ":"), "]", collapse = "")
  fit <- random_fit(list(levels = levels), model, seed = 5)
  evidence <- random_evidence(fit, 650)
  target <- setdiff(nodes, names(evidence))
  got <- query(fit, target, evidence, type = "marginal")
  expect_true(all(vapply(got, function(p) abs(sum(p) - 1) < 1e-12, logical(1))))
  log_evidence <- attr(got[[1]], "log_evidence_probability")
  expect_lt(log_evidence, -760)
  expect_identical(attr(got[[1]], "evidence_probability"), 0)
  for (node in target[c(1, 10, 25, 40)]) {
    want <- query(fit, node, evidence)
    expect_lt(max(abs(unclass(got[[node]]) - unclass(want))), 1e-12)
    expect_lt(abs(attr(want, "log_evidence_probability") - log_evidence), 1e-9)
  }
})

test_that("a network too wide for exact inference is a too_large error", {
  # An 18 x 18 grid of 3-state nodes (parents: left and above) has treewidth 18: a clique
  # of at least 19 nodes, 3^19 cells, past the 2^27 limit.
  side <- 18
  cell <- function(i, j) sprintf("G%02d_%02d", i, j)
  grid <- expand.grid(i = seq_len(side), j = seq_len(side))
  nodes <- cell(grid$i, grid$j)
  model <- paste0(vapply(seq_len(nrow(grid)), function(r) {
    i <- grid$i[r]
    j <- grid$j[r]
    parents <- c(if (i > 1) cell(i - 1, j), if (j > 1) cell(i, j - 1))
    paste0("[", cell(i, j), if (length(parents)) "|", paste(parents, collapse = ":"), "]")
  }, ""), collapse = "")
  levels <- lapply(stats::setNames(nodes, nodes), function(v) c("a", "b", "c"))
  fit <- random_fit(list(levels = levels), model, seed = 1)
  expect_error(query(fit, nodes[side * side], type = "marginal"), class = "learnbn_error_too_large")
  expect_error(query(fit, nodes[-1], list(G01_01 = "a"), type = "marginal"),
               class = "learnbn_error_too_large")
})

test_that("sampled marginals come from one run that follows set.seed", {
  alarm <- read_bif(system.file("extdata", "alarm.bif", package = "learnbn"))
  evidence <- list(BP = "LOW", HRBP = "HIGH")
  # One target: the same draws as the joint query of it.
  for (method in c("lw", "ls")) {
    set.seed(3)
    one <- query(alarm, "HYPOVOLEMIA", evidence, method = method, n = 5000, type = "marginal")
    set.seed(3)
    expect_identical(one$HYPOVOLEMIA, query(alarm, "HYPOVOLEMIA", evidence, method = method,
                                            n = 5000))
  }
  target <- c("HYPOVOLEMIA", "LVFAILURE", "CO", "STROKEVOLUME")
  exact <- query(alarm, target, evidence, type = "marginal")
  for (method in c("lw", "ls")) {
    set.seed(4)
    sampled <- query(alarm, target, evidence, method = method, n = 20000, type = "marginal")
    set.seed(4)
    expect_identical(query(alarm, target, evidence, method = method, n = 20000,
                           type = "marginal"), sampled)
    # Within 4 standard errors of a proportion from the effective sample.
    se <- sqrt(0.25 / (20000 * attr(exact[[1]], "evidence_probability")))
    for (node in target) {
      expect_lt(max(abs(unclass(sampled[[node]]) - unclass(exact[[node]]))), 4 * se)
      expect_identical(attr(sampled[[node]], "samples"), 20000)
    }
  }
})

test_that("Gaussian marginals equal one conditional Gaussian query per node", {
  set.seed(8)
  fit <- random_gaussian_fit(6, nodes = LETTERS[1:6])
  for (evidence in list(list(), list(B = 0.5), list(A = -1, E = 2))) {
    target <- setdiff(LETTERS[1:6], names(evidence))
    got <- query(fit, target, evidence, type = "marginal")
    expect_named(got, target)
    for (node in target) expect_equal(got[[node]], query(fit, node, evidence), tolerance = 1e-12)
  }
})

test_that("type is checked", {
  expect_error(query(asia_fit, "lung", type = "both"), class = "learnbn_error_value")
  # The joint size limit is not the marginals': each target is small on its own.
  expect_length(query(asia_fit, names(asia_fit$levels), type = "marginal"), 8)
})
