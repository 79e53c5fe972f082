# The argument checks of R/checks.R: what each accepts, and the classed errors
# (learnbn_error_<kind> and learnbn_error) of what it refuses.

test_that("lbn_abort and lbn_warn signal classed conditions with cli messages", {
  err <- expect_error(learnbn:::lbn_abort("boom {1 + 1}", "foo", call = NULL), class = "learnbn_error_foo")
  expect_s3_class(err, c("learnbn_error_foo", "learnbn_error", "rlang_error", "error", "condition"), exact = TRUE)
  expect_identical(conditionMessage(err), "boom 2")
  w <- expect_warning(learnbn:::lbn_warn("careful {2 * 3}", "bar"), class = "learnbn_warning_bar")
  expect_s3_class(w, "learnbn_warning")
  expect_identical(conditionMessage(w), "careful 6")
})

test_that("check_string accepts one non-empty string", {
  expect_identical(learnbn:::check_string("a"), "a")
  expect_invisible(learnbn:::check_string("a"))
  for (bad in list(NA_character_, "", c("a", "b"), character(), 1, NULL)) {
    expect_error(learnbn:::check_string(bad, arg = "x"), "`x` must be a single non-empty string",
                 class = "learnbn_error_type")
  }
})

test_that("check_number checks type, bounds (open or closed) and wholeness", {
  expect_identical(learnbn:::check_number(2.5), 2.5)
  expect_identical(learnbn:::check_number(0L, min = 0), 0L)
  expect_identical(learnbn:::check_number(1, min = 0, max = 1), 1)
  expect_identical(learnbn:::check_number(Inf, min = 0, whole = TRUE), Inf)
  expect_identical(learnbn:::check_number(3, whole = TRUE), 3)
  for (bad in list("1", NA_real_, NA, c(1, 2), numeric(), NULL, TRUE)) {
    expect_error(learnbn:::check_number(bad, arg = "n"), "`n` must be a single number", class = "learnbn_error_type")
  }
  expect_error(learnbn:::check_number(-1, min = 0, arg = "n"), "`n` must lie in \\[0, Inf\\], not -1",
               class = "learnbn_error_value")
  expect_error(learnbn:::check_number(0, min = 0, min_open = TRUE, arg = "n"), "must lie in \\(0, Inf\\]",
               class = "learnbn_error_value")
  expect_error(learnbn:::check_number(1, max = 1, max_open = TRUE, arg = "n"), "must lie in \\[-Inf, 1\\)",
               class = "learnbn_error_value")
  expect_error(learnbn:::check_number(2, max = 1), class = "learnbn_error_value")
  expect_error(learnbn:::check_number(1.5, whole = TRUE, arg = "n"), "`n` must be a whole number, not 1.5",
               class = "learnbn_error_value")
  # The argument's name defaults to the caller's expression.
  k <- -3
  expect_error(learnbn:::check_number(k, min = 0), "`k`", class = "learnbn_error_value")
})

test_that("check_flag accepts TRUE and FALSE only", {
  expect_identical(learnbn:::check_flag(TRUE), TRUE)
  expect_identical(learnbn:::check_flag(FALSE), FALSE)
  for (bad in list(NA, "TRUE", c(TRUE, FALSE), logical(), 1, NULL)) {
    expect_error(learnbn:::check_flag(bad, arg = "f"), "`f` must be TRUE or FALSE", class = "learnbn_error_type")
  }
})

test_that("check_nodes returns positions and refuses unknown, repeated or non-character names", {
  all <- c("A", "B", "C")
  expect_identical(learnbn:::check_nodes(c("C", "A"), all), c(3L, 1L))
  expect_identical(learnbn:::check_nodes(NULL, all), integer())
  expect_identical(learnbn:::check_nodes(character(), all), integer())
  expect_error(learnbn:::check_nodes(NULL, all, arg = "nodes", allow_empty = FALSE),
               "`nodes` must name at least one node", class = "learnbn_error_value")
  expect_error(learnbn:::check_nodes(c("A", "Z"), all), "Z", class = "learnbn_error_unknown_node")
  expect_error(learnbn:::check_nodes(c("B", "B"), all), "more than once", class = "learnbn_error_value")
  expect_error(learnbn:::check_nodes(1:2, all), class = "learnbn_error_type")
  expect_error(learnbn:::check_nodes(c("A", NA), all), class = "learnbn_error_type")
})

test_that("check_choice returns the choice, the first for the default vector", {
  choices <- c("one", "two", "three")
  expect_identical(learnbn:::check_choice(choices, choices), "one")
  expect_identical(learnbn:::check_choice("two", choices), "two")
  expect_error(learnbn:::check_choice("four", choices, arg = "how"), "`how` must be one of", class = "learnbn_error_value")
  expect_error(learnbn:::check_choice("four", choices), "not \"four\"", class = "learnbn_error_value")
  for (bad in list(c("one", "two"), NA_character_, 1, NULL)) {
    expect_error(learnbn:::check_choice(bad, choices), class = "learnbn_error_value")
  }
})

test_that("check_node_columns requires a column for every node", {
  expect_null(learnbn:::check_node_columns(c("A", "B"), c("B", "A", "C"), "data", "graph"))
  expect_error(learnbn:::check_node_columns(c("A", "D"), c("A", "B"), "data", "graph"),
               "`data` has no column for node \"D\" of `graph`", class = "learnbn_error_unknown_node")
})

test_that("format_bytes picks bytes, MB or GB", {
  expect_identical(learnbn:::format_bytes(999), "999 bytes")
  expect_identical(learnbn:::format_bytes(2.5e6), "2.5 MB")
  expect_identical(learnbn:::format_bytes(1e9), "1 GB")
  expect_identical(learnbn:::format_bytes(3.2e9), "3.2 GB")
})

test_that("warn_unused_arguments names the arguments; closest_names suggests names", {
  w <- expect_warning(learnbn:::warn_unused_arguments(c("a", "b"), "with the {.val x} test", c(i = "why")),
                      class = "learnbn_warning_unused_argument")
  expect_match(conditionMessage(w), "`a` and `b` do nothing with the \"x\" test and are ignored.",
               fixed = TRUE)
  expect_match(conditionMessage(w), "why", fixed = TRUE)
  expect_no_warning(learnbn:::warn_unused_arguments(character(), "here"))
  expect_identical(learnbn:::closest_names("G2", c("x2", "g2", "mi")), "g2")
  # Two edits for a name of two characters would suggest anything: one at most.
  expect_identical(learnbn:::closest_names("x3", c("x2", "g2", "mi")), "x2")
  expect_identical(learnbn:::closest_names("bdue", c("bde", "bdeu", "bd", "k2")), c("bde", "bdeu", "bd"))
  expect_identical(learnbn:::closest_names("fisher", c("x2", "g2", "mi")), character())
  expect_identical(learnbn:::closest_names(NA_character_, c("x2", "g2")), character())
  err <- expect_error(learnbn:::abort_unknown_name("mc-x2", c("x2", "x2_perm"), "unknown_test",
                                                   c("mc-x2" = "x2_perm"), arg = "test", call = NULL),
                      class = "learnbn_error_unknown_test")
  expect_match(conditionMessage(err), "learnbn calls it \"x2_perm\"", fixed = TRUE)
})

test_that("format_count writes whole numbers with separators, never scientific (issue 33)", {
  expect_identical(learnbn:::format_count(241864704), "241,864,704")
  expect_identical(learnbn:::format_count(1e5), "100,000")  # format(1e5, big.mark = ",") is "1e+05"
  expect_identical(learnbn:::format_count(999), "999")
  expect_identical(learnbn:::format_count(10318L), "10,318")
  expect_identical(learnbn:::format_count(2.5), "2.5")
  expect_identical(learnbn:::format_count(2^70), "1.18e+21")
})

test_that("check_memory states the bytes and the limit, from the option (issue 33)", {
  withr::local_options(learnbn.max_memory = 5e6)
  expect_invisible(learnbn:::check_memory(5e6, "A table", "Use less"))
  err <- expect_error(learnbn:::check_memory(2.5e9, "A table (5 x 5 cells)", "Use less"),
                      class = "learnbn_error_too_large")
  expect_match(conditionMessage(err),
               "A table (5 x 5 cells) would need 2.5 GB of memory, more than the limit of 5 MB.",
               fixed = TRUE)
  expect_match(conditionMessage(err), "Use less, or raise the limit", fixed = TRUE)
  withr::local_options(learnbn.max_memory = "1GB")
  expect_error(learnbn:::check_memory(1, "A table", "Use less"), "learnbn.max_memory",
               class = "learnbn_error_type")
})
