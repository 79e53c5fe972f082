# Fuzzing read_bif() and bn_data() with malformed input (issue 7): every call either
# works or fails with a learnbn_error (warnings must be learnbn_warnings); never an
# unclassed error, a raw C++ exception or a crash.

# "ok", "learnbn_error", or a description of anything else.
fuzz_outcome <- function(expr) {
  bad_warning <- NULL
  out <- tryCatch(
    withCallingHandlers({
      force(expr)
      "ok"
    }, warning = function(w) {
      if (!inherits(w, "learnbn_warning")) {
        bad_warning <<- paste("unclassed warning:", conditionMessage(w))
      }
      invokeRestart("muffleWarning")
    }),
    learnbn_error = function(e) "learnbn_error",
    error = function(e) paste0("unclassed error <", class(e)[1], ">: ", conditionMessage(e)))
  if (!is.null(bad_warning)) bad_warning else out
}

expect_all_classed <- function(outcomes) {
  bad <- outcomes[!outcomes %in% c("ok", "learnbn_error")]
  expect(length(bad) == 0,
         sprintf("%d of %d cases failed badly, e.g.:\n%s", length(bad), length(outcomes),
                 paste(utils::head(unique(bad), 5), collapse = "\n")))
}

read_bif_bytes <- function(bytes) {
  path <- tempfile(fileext = ".bif")
  on.exit(unlink(path))
  writeBin(bytes, path)
  fuzz_outcome(read_bif(path))
}

bif_text <- function(name) {
  path <- system.file("extdata", name, package = "learnbn")
  readChar(path, file.info(path)$size, useBytes = TRUE)
}

test_that("read_bif() on truncated files (120 cut points) errors cleanly", {
  set.seed(201)
  outcomes <- character()
  for (name in c("asia.bif", "survey.bif")) {
    bytes <- charToRaw(bif_text(name))
    cuts <- sort(unique(c(0, 1, sample.int(length(bytes) - 1, 60))))
    outcomes <- c(outcomes, vapply(cuts, function(k) read_bif_bytes(bytes[seq_len(k)]), ""))
  }
  expect_all_classed(outcomes)
  # Cutting before the last block loses a probability table: an error, not a smaller net.
  expect_gt(mean(outcomes == "learnbn_error"), 0.9)
})

test_that("read_bif() on corrupted probabilities, states and tokens (260 mutants) errors cleanly", {
  set.seed(202)
  text <- bif_text("asia.bif")
  numbers <- gregexpr("[0-9]+\\.[0-9]+", text)[[1]]
  words <- gregexpr("[A-Za-z_]+", text)[[1]]
  replace_at <- function(text, matches, i, value) {
    start <- matches[i]
    end <- start + attr(matches, "match.length")[i] - 1
    paste0(substr(text, 1, start - 1), value, substr(text, end + 1, nchar(text)))
  }
  mutants <- character()
  bad_numbers <- c("-0.5", "1.5", "NaN", "Inf", "abc", "", "1e400", "0x1p3", "0.5.5", "NA", ",,")
  for (k in 1:100) {
    i <- sample(length(numbers), 1)
    mutants <- c(mutants, replace_at(text, numbers, i, sample(bad_numbers, 1)))
  }
  bad_words <- c("unknown_state", "\"", "{", "}", "(", ")", ";", "|", "variable", "probability",
                 "table", "default", "discrete", "yes yes", "", "\u00e9t\u00e9", "[", "]")
  for (k in 1:100) {
    i <- sample(length(words), 1)
    mutants <- c(mutants, replace_at(text, words, i, sample(bad_words, 1)))
  }
  # Random byte edits: deletions, duplications and garbage bytes.
  bytes <- charToRaw(text)
  for (k in 1:60) {
    b <- bytes
    at <- sample.int(length(b), 3)
    op <- sample(3, 1)
    if (op == 1) b <- b[-at]
    if (op == 2) b <- c(b[seq_len(at[1])], b[at[2]:min(length(b), at[2] + 20)], b[-seq_len(at[1])])
    if (op == 3) b[at] <- as.raw(sample(c(1:8, 11:255), 3))
    mutants <- c(mutants, rawToChar(b[b != as.raw(0)]))
  }
  outcomes <- vapply(mutants, function(m) {
    path <- tempfile(fileext = ".bif")
    on.exit(unlink(path))
    writeBin(charToRaw(enc2utf8(m)), path)
    fuzz_outcome(read_bif(path))
  }, "", USE.NAMES = FALSE)
  expect_all_classed(outcomes)
  # Probabilities that do not sum to one are caught.
  expect_equal(read_bif_bytes(charToRaw(sub("0\\.01", "0.51", text))), "learnbn_error")
})

test_that("read_bif() on empty, binary and odd files errors cleanly", {
  set.seed(203)
  cases <- list(raw(0), charToRaw("   \n\n"), as.raw(0:255), as.raw(rep(0, 100)),
                charToRaw("network x {}"), charToRaw("// only a comment"),
                charToRaw("/* unterminated comment"), charToRaw("variable A { type discrete [ 2 ] { a, b }; }"),
                memCompress(charToRaw(bif_text("asia.bif")), "gzip"))
  for (k in 1:30) cases <- c(cases, list(as.raw(sample(0:255, sample(1:2000, 1), TRUE))))
  expect_all_classed(vapply(cases, read_bif_bytes, ""))
  # A gzip file cut in the middle.
  gz <- tempfile(fileext = ".bif.gz")
  con <- gzfile(gz, "w")
  writeLines(bif_text("survey.bif"), con)
  close(con)
  bytes <- readBin(gz, "raw", file.info(gz)$size)
  writeBin(bytes[seq_len(length(bytes) %/% 2)], gz)
  expect_all_classed(fuzz_outcome(read_bif(gz)))
})

random_column <- function(n) {
  switch(sample(14, 1),
    factor(sample(c("a", "b", "c"), n, TRUE)),
    sample(c("x", "y"), n, TRUE),
    sample(c(TRUE, FALSE), n, TRUE),
    sample(0:3, n, TRUE),
    replace(sample(c("x", "y"), n, TRUE), sample.int(n, 1), NA),
    replace(as.numeric(sample(0:2, n, TRUE)), sample.int(n, 1), sample(c(Inf, -Inf, NaN, NA, 0.5), 1)),
    stats::rnorm(n),
    I(as.list(seq_len(n))),
    as.Date("2020-01-01") + seq_len(n),
    complex(real = seq_len(n), imaginary = 1),
    factor(sample(c("a", NA), n, TRUE), exclude = NULL),
    rep("same", n),
    as.raw(sample(0:1, n, TRUE)),
    sample(c(-1e15, 3e15), n, TRUE))
}

random_frame <- function() {
  n_rows <- sample(c(0:3, 10, 50), 1)
  n_cols <- sample(0:5, 1)
  cols <- lapply(seq_len(n_cols), function(j) random_column(max(n_rows, 1))[seq_len(n_rows)])
  nms <- sample(c("A", "B", "C", "D", "E", "", NA), n_cols, TRUE)
  frame <- structure(cols, names = nms, class = "data.frame", row.names = seq_len(n_rows))
  if (n_rows && n_cols && stats::runif(1) < 0.2) frame$count <- sample(c(-1, 0, 1, 2.5, NA), n_rows, TRUE)
  frame
}

test_that("bn_data() and learners on 250 random malformed data.frames error cleanly", {
  set.seed(204)
  outcomes <- character()
  worked <- 0
  for (k in 1:250) {
    frame <- random_frame()
    counts <- if ("count" %in% names(frame)) "count" else NULL
    outcome <- fuzz_outcome(d <- bn_data(frame, counts = counts))
    outcomes <- c(outcomes, outcome)
    if (outcome == "ok") {
      worked <- worked + 1
      outcomes <- c(outcomes,
                    fuzz_outcome(hill_climb(d)),
                    fuzz_outcome(pc(d)),
                    fuzz_outcome(fit_parameters(bn_graph(matrix(0, ncol(d), ncol(d),
                                                                dimnames = dimnames(d)[c(2, 2)])), d)),
                    fuzz_outcome(structure_mcmc(d, iterations = 20, chains = 1)))
    }
  }
  expect_all_classed(outcomes)
  expect_gt(worked, 3)
})

test_that("bn_data() on malformed tables and matrices errors cleanly", {
  set.seed(205)
  cases <- list(
    table(character(0)),
    table(a = c("x", "y"), b = c("u", "u")),
    UCBAdmissions[, , 1:2],
    array(1:8, c(2, 2, 2)),
    matrix(c(0.5, 1), 1),
    matrix(character(0), 0, 2),
    matrix(NA, 2, 2),
    matrix(list(1, 2, 3, 4), 2),
    structure(1:4, dim = c(2, 2), class = "table"),
    structure(c(-1, 2), dim = 2L, dimnames = list(a = c("x", "y")), class = "table"),
    structure(c(NA, 2), dim = 2L, dimnames = list(a = c("x", "y")), class = "table"))
  expect_all_classed(vapply(cases, function(x) fuzz_outcome(bn_data(x)), ""))
})
