# Exact DAG counts and sizes of Markov equivalence classes.

# OEIS A003024, n = 0..10.
a003024 <- c("1", "1", "3", "25", "543", "29281", "3781503", "1138779265", "783702329343",
             "1213442454842881", "4175098976430598143")

# A decimal string reduced modulo p (Horner's rule; every step is exact in doubles).
string_mod <- function(digits, p) {
  r <- 0
  for (d in as.integer(strsplit(digits, "")[[1]])) r <- (r * 10 + d) %% p
  r
}

# Robinson's recurrence modulo p, in plain doubles (p < 2^20 keeps products exact).
dags_mod <- function(n_max, p) {
  mulmod <- function(a, b) (a * b) %% p
  powmod <- function(base, e) {
    result <- 1
    base <- base %% p
    while (e > 0) {
      if (e %% 2 == 1) result <- mulmod(result, base)
      base <- mulmod(base, base)
      e <- e %/% 2
    }
    result
  }
  a <- numeric(n_max + 1)
  a[1] <- 1
  for (n in seq_len(n_max)) {
    total <- 0
    binom <- 1
    for (k in seq_len(n)) {
      binom <- binom * (n - k + 1) / k  # exact while C(n, k) < 2^53 (n <= 50)
      term <- mulmod(mulmod(binom %% p, powmod(2, k * (n - k))), a[n - k + 1])
      total <- if (k %% 2 == 1) (total + term) %% p else (total - term) %% p
    }
    a[n + 1] <- total
  }
  a
}

test_that("count_dags() gives OEIS A003024 exactly for n = 0..10", {
  counts <- count_dags(0:10)
  expect_s3_class(counts, "bn_count")
  expect_identical(as.character(counts), a003024)
  expect_identical(as.character(count_dags(10)), "4175098976430598143")
  expect_identical(as.character(count_dags(c(3, 0, 3))), c("25", "1", "25"))
  expect_identical(as.numeric(count_dags(3:5)), c(25, 543, 29281))
  expect_identical(as.double(count_dags(4)), 543)
  expect_equal(as.numeric(count_dags(10)), 4.175098976430598e18)
  expect_identical(length(count_dags(integer())), 0L)
  expect_s3_class(count_dags(2:4)[2], "bn_count")
  expect_identical(as.character(count_dags(2:4)[2]), "25")
})

test_that("count_dags(20) has the exact digits", {
  # computed independently with Python's exact integers (math.comb, 2**k) and matching a
  # public Java BigInteger implementation of the same sequence
  a20 <- "2344880451051088988152559855229099188899081192234291298795803236068491263"
  expect_identical(as.character(count_dags(20)), a20)
  expect_equal(as.numeric(count_dags(20)), 2.344880451051089e72)
  expect_identical(format(count_dags(20), scientific = TRUE), "2.34e+72")
  expect_identical(format(count_dags(10), scientific = TRUE, digits = 4), "4.175e+18")
})

test_that("count_dags() agrees with the recurrence modulo primes up to n = 45", {
  counts <- as.character(count_dags(0:45))
  for (p in c(1000003, 999983, 524287)) {
    expect_identical(vapply(counts, string_mod, 0, p = p, USE.NAMES = FALSE), dags_mod(45, p))
  }
  # and the number of digits follows the known asymptotics n! 2^(n(n-1)/2) / (M p^n)
  n <- 45
  log10_estimate <- lgamma(n + 1) / log(10) + n * (n - 1) / 2 * log10(2) -
    log10(0.574) - n * log10(1.488)
  expect_equal(nchar(counts[n + 1]), floor(log10_estimate) + 1)
})

test_that("count_dags() prints and formats", {
  expect_snapshot(count_dags(0:10))
  expect_snapshot(count_dags(20))
  expect_snapshot(count_dags(integer()))
  expect_identical(format(count_dags(c(1, 3))), c(" 1", "25"))
  output <- utils::capture.output(shown <- withVisible(print(count_dags(2))))
  expect_false(shown$visible)
  expect_identical(output, "[1] 3")
  expect_identical(format(count_dags(5), scientific = TRUE, digits = 2), "2.9e+4")
  expect_error(format(count_dags(5), scientific = "yes"), class = "learnbn_error_type")
  expect_error(format(count_dags(5), scientific = TRUE, digits = 0), class = "learnbn_error_value")
})

test_that("count_dags() checks n", {
  expect_error(count_dags(-1), class = "learnbn_error_value")
  expect_error(count_dags(1.5), class = "learnbn_error_value")
  expect_error(count_dags(NA), class = "learnbn_error_type")
  expect_error(count_dags(Inf), class = "learnbn_error_type")
  expect_error(count_dags("3"), class = "learnbn_error_type")
  expect_snapshot(count_dags(c(2, -1)), error = TRUE)
})

# The class size as its exact digits (count_equivalent_dags() returns a bn_count).
n_equivalent <- function(g) {
  count <- count_equivalent_dags(g)
  expect_s3_class(count, "bn_count")
  as.character(count)
}

test_that("count_equivalent_dags() on hand examples", {
  # A -> B -> C: the class {A -> B -> C, A <- B <- C, A <- B -> C}
  expect_identical(n_equivalent(bn_graph_from_string("[A][B|A][C|B]")), "3")
  expect_identical(n_equivalent(bn_graph_from_string("[A][C][B|A:C]")), "1")
  # complete graphs: n! orderings
  expect_identical(n_equivalent(bn_graph_from_string("[A][B|A][C|A:B]")), "6")
  expect_identical(n_equivalent(bn_graph_from_string("[A][B|A][C|A:B][D|A:B:C]")), "24")
  expect_identical(n_equivalent(empty_graph(c("a", "b", "c"))), "1")
  # asia: components asia - tub (2) and lung - smoke - bronc (3)
  asia <- bn_graph_from_string(paste0("[asia][smoke][tub|asia][lung|smoke][bronc|smoke]",
                                      "[either|tub:lung][xray|either][dysp|bronc:either]"))
  expect_identical(n_equivalent(asia), "6")
  expect_identical(n_equivalent(cpdag(asia)), "6")
  # a path on 6 nodes (a tree): one DAG per root
  expect_identical(n_equivalent(bn_graph_from_string("[A][B|A][C|B][D|C][E|D][F|E]")), "6")
  # two triangles sharing the edge B - C: 10 of the 2^5 orientations are acyclic
  # without v-structures (brute-force enumeration)
  kite <- bn_graph_from_string("[A][B|A][C|A:B][D|B:C]")
  expect_identical(n_equivalent(kite), "10")
  expect_error(count_equivalent_dags(1), class = "learnbn_error_type")
})

test_that("count_equivalent_dags() of a larger chordal class", {
  # a 7-node chordal graph made of a 4-clique and a triangle sharing a node, plus a
  # pendant path: no v-structures, so the whole graph is one undirected component.
  g <- bn_graph_from_string("[A][B|A][C|A:B][D|A:B:C][E|D][F|D:E][G|F]")
  cp <- cpdag(g)
  expect_true(all(cp$amat == t(cp$amat)))
  # 84 of the 2^10 orientations are acyclic without v-structures (enumerated once,
  # outside R, with a plain brute-force script).
  expect_identical(n_equivalent(g), "84")
})

# n! in base 10, one digit per element (least significant first), by schoolbook
# multiplication: independent of the package's base-2^13 limbs.
decimal_factorial <- function(n) {
  digits <- 1
  for (k in seq_len(n)) {
    digits <- digits * k
    i <- 1
    while (i <= length(digits)) {
      carry <- digits[i] %/% 10
      digits[i] <- digits[i] %% 10
      if (carry > 0) {
        if (i == length(digits)) digits <- c(digits, 0)
        digits[i + 1] <- digits[i + 1] + carry
      }
      i <- i + 1
    }
  }
  paste(rev(digits), collapse = "")
}

complete_dag <- function(n) {
  nodes <- paste0("X", seq_len(n))
  bn_graph(matrix(upper.tri(diag(n)) * 1L, n, n, dimnames = list(nodes, nodes)))
}

test_that("count_equivalent_dags() of a complete 200-node DAG is 200! exactly (was Inf)", {
  expect_identical(decimal_factorial(5), "120")
  expect_identical(decimal_factorial(20), sprintf("%.0f", factorial(20)))
  count <- count_equivalent_dags(complete_dag(200))
  expect_s3_class(count, "bn_count")
  expect_identical(as.character(count), decimal_factorial(200))
  expect_identical(nchar(as.character(count)), 375L)
  # the forms it can take: the nearest double overflows, the logarithm does not
  expect_identical(as.numeric(count), Inf)
  expect_equal(log(count), lfactorial(200), tolerance = 1e-12)
  expect_equal(log10(count), lfactorial(200) / log(10), tolerance = 1e-12)
  expect_equal(log(count, 2), lfactorial(200) / log(2), tolerance = 1e-12)
  # two complete components of 30 and 25 nodes: 30! * 25!, beyond 2^53
  two <- as.matrix(complete_dag(55))
  two[1:30, 31:55] <- 0L
  g <- bn_graph(two)
  product <- count_equivalent_dags(g)
  expect_equal(log(product), lfactorial(30) + lfactorial(25), tolerance = 1e-12)
  expect_identical(string_mod(as.character(product), 1000003),
                   (string_mod(decimal_factorial(30), 1000003) *
                      string_mod(decimal_factorial(25), 1000003)) %% 1000003)
})

test_that("counts compare exactly with counts and numbers, not as strings", {
  three <- count_equivalent_dags(bn_graph_from_string("[A][B|A][C|B]"))
  # as strings, "3" > "100" and "10" < "9"
  expect_false(three > 100)
  expect_true(three == 3)
  expect_true(count_dags(3) > 9)
  expect_identical(count_dags(0:4) >= count_dags(c(4, 0, 0, 0, 4)), c(FALSE, TRUE, TRUE, TRUE, TRUE))
  big <- count_equivalent_dags(complete_dag(200))
  # both sides Inf as doubles, yet different
  expect_false(big == count_dags(200))
  expect_true(big < count_dags(200))
  expect_true(big > 1e300)
  expect_identical(three + 1, 4)
  expect_identical(-three, -3)
})
