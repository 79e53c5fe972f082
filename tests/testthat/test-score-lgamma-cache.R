# The Dirichlet scores read lgamma(a + n) from a per-thread cache (score/lgamma_cache.hpp):
# every score must be bit-identical with the cache on and off.

with_cache <- function(on, code) {
  old <- learnbn:::cpp_lgamma_cache(on)
  on.exit(learnbn:::cpp_lgamma_cache(old))
  force(code)
}

# A random DAG's families scored by network_score(local = TRUE), cache on and off.
both_ways <- function(data, g, ...) {
  list(cached = with_cache(TRUE, network_score(g, data, local = TRUE, ...)),
       direct = with_cache(FALSE, network_score(g, data, local = TRUE, ...)))
}

random_data <- function(seed, n_rows, n_nodes = 6, missing = 0) {
  set.seed(seed)
  cols <- lapply(seq_len(n_nodes), function(i) {
    x <- sample(letters[seq_len(2 + i %% 3)], n_rows, replace = TRUE)
    x[stats::runif(n_rows) < missing] <- NA
    x
  })
  stats::setNames(as.data.frame(cols), paste0("V", seq_len(n_nodes)))
}

test_that("Dirichlet scores are bit-identical with and without the cache", {
  cp <- bn_data(college_plans, counts = "count")  # counts in the hundreds: past the table
  cp_graph <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  small <- random_data(1, 200)  # counts mostly below 50: from the table
  small_graph <- bn_graph_from_string("[V1][V2|V1][V3|V1:V2][V4|V3][V5|V2:V3:V4][V6|V5]")
  cases <- list(list(cp, cp_graph), list(small, small_graph),
                list(random_data(2, 3000), small_graph))
  for (case in cases) {
    for (iss in c(1, 10, 0.37, 1e-3)) {
      r <- both_ways(case[[1]], case[[2]], score = "bdeu", iss = iss)
      expect_identical(r$cached, r$direct)
    }
    for (score in c("k2", "bd")) {
      r <- both_ways(case[[1]], case[[2]], score = score)
      expect_identical(r$cached, r$direct)
    }
    r <- both_ways(case[[1]], case[[2]], score = "bd", alpha = 2.5)
    expect_identical(r$cached, r$direct)
  }
})

test_that("searches give the same graphs and scores with and without the cache", {
  d <- random_data(3, 500, n_nodes = 8)
  cached <- with_cache(TRUE, hill_climb(d, score = "bdeu", iss = 2))
  direct <- with_cache(FALSE, hill_climb(d, score = "bdeu", iss = 2))
  expect_identical(as.matrix(cached), as.matrix(direct))
  expect_identical(cached$score, direct$score)
})

test_that("cached scores equal a plain-R BDeu with R's own lgamma", {
  d <- random_data(4, 300)
  # BDeu of V3 | V1, V2 by hand: alpha_ijk = iss / (q r), alpha_ij = iss / q.
  bdeu <- function(child, parents, iss) {
    tab <- table(interaction(d[parents], drop = FALSE), d[[child]])
    q <- nrow(tab)
    r <- ncol(tab)
    a_cell <- iss / (q * r)
    a_config <- iss / q
    n_config <- rowSums(tab)
    sum(lgamma(a_config) - lgamma(a_config + n_config[n_config > 0])) +
      sum(lgamma(a_cell + tab[n_config > 0, ]) - lgamma(a_cell))
  }
  for (iss in c(1, 7)) {
    expect_equal(with_cache(TRUE, local_score(d, "V3", c("V1", "V2"), score = "bdeu",
                                              iss = iss)),
                 bdeu("V3", c("V1", "V2"), iss), tolerance = 1e-10)
  }
})
