extdata_path <- function(name) {
  system.file("extdata", paste0(name, ".bif"), package = "learnbn")
}

# One CPT cell by variable name, whatever the order of the dimensions.
cell <- function(table, ...) {
  at <- list(...)
  do.call(`[`, c(list(table), lapply(names(dimnames(table)), function(name) at[[name]])))
}

write_snippet <- function(lines, name = "snippet.bif") {
  path <- file.path(tempdir(), name)
  writeLines(lines, path)
  path
}

scrub_tempdir <- function(lines) gsub(tempdir(), "<tempdir>", lines, fixed = TRUE)

asia_lines <- function() readLines(extdata_path("asia"))

test_that("read_bif reads asia: structure and CPT values as written", {
  asia <- read_bif(extdata_path("asia"))
  expect_s3_class(asia, "bn_fit")
  expect_identical(asia$method, "bif")
  expect_null(asia$iss)
  expect_identical(names(asia$cpts),
                   c("asia", "tub", "smoke", "lung", "bronc", "either", "xray", "dysp"))
  expect_identical(nodes(asia$graph), names(asia$cpts))
  expect_identical(asia$graph$type, "dag")
  truth <- bn_graph_from_string(
    "[asia][smoke][tub|asia][lung|smoke][bronc|smoke][either|tub:lung][xray|either][dysp|bronc:either]")
  order <- nodes(asia$graph)
  expect_identical(asia$graph$amat, truth$amat[order, order])
  expect_identical(asia$levels, stats::setNames(rep(list(c("yes", "no")), 8), order))

  expect_identical(as.vector(cpt(asia, "asia")), c(0.01, 0.99))
  expect_identical(cell(cpt(asia, "tub"), tub = "yes", asia = "yes"), 0.05)
  expect_identical(cell(cpt(asia, "tub"), tub = "no", asia = "no"), 0.99)
  either <- cpt(asia, "either")
  expect_setequal(names(dimnames(either)), c("either", "lung", "tub"))
  expect_identical(names(dimnames(either))[-1], graph_parents(asia$graph)$either)
  # "(yes, no) 1.0, 0.0;" in the block "either | lung, tub"
  expect_identical(cell(either, either = "yes", lung = "yes", tub = "no"), 1)
  expect_identical(cell(either, either = "no", lung = "no", tub = "no"), 1)
  expect_identical(cell(either, either = "yes", lung = "no", tub = "no"), 0)
  dysp <- cpt(asia, "dysp")
  expect_identical(cell(dysp, dysp = "yes", bronc = "no", either = "yes"), 0.7)
  expect_identical(cell(dysp, dysp = "no", bronc = "yes", either = "no"), 0.2)
  expect_identical(nparams(asia), 18)
})

test_that("every CPT read from child sums to 1 and follows graph_parents()", {
  child <- read_bif(extdata_path("child"))
  expect_length(child$cpts, 20)
  expect_identical(nparams(child), 230)
  parents <- graph_parents(child$graph)
  for (node in names(child$cpts)) {
    table <- child$cpts[[node]]
    expect_identical(names(dimnames(table)), c(node, parents[[node]]))
    expect_identical(dimnames(table)[[1]], child$levels[[node]])
    sums <- colSums(matrix(table, nrow = dim(table)[1]))
    expect_equal(sums, rep(1, length(sums)), tolerance = 1e-12)
  }
})

test_that("write_bif -> read_bif round trips asia and child", {
  for (name in c("asia", "child")) {
    original <- read_bif(extdata_path(name))
    path <- tempfile(fileext = ".bif")
    expect_identical(write_bif(original, path), path)
    again <- read_bif(path)
    expect_identical(again$graph$amat, original$graph$amat)
    expect_identical(again$levels, original$levels)
    expect_equal(again$cpts, original$cpts, tolerance = 1e-12)
    expect_identical(again, original)
  }
})

test_that("write_bif writes gzip for .gz names and read_bif reads it directly", {
  asia <- read_bif(extdata_path("asia"))
  path <- tempfile(fileext = ".bif.gz")
  write_bif(asia, path)
  expect_identical(readBin(path, "raw", 2), as.raw(c(0x1f, 0x8b)))
  expect_identical(read_bif(path), asia)
})

test_that("a fitted network round trips with full precision", {
  g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
  fit <- fit_parameters(g, bn_data(college_plans, counts = "count"), iss = 3)
  path <- tempfile(fileext = ".bif")
  write_bif(fit, path)
  again <- read_bif(path)
  expect_identical(again$graph$amat, fit$graph$amat)
  expect_equal(again$cpts, fit$cpts, tolerance = 1e-12)
})

test_that("read_bif handles comments, properties, line breaks and unusual names", {
  path <- write_snippet(c(
    "// a comment line",
    "network \"odd net\" { property author = someone ; }",
    "/* a block comment",
    "   spanning lines with variable x { } */",
    "variable age { type discrete[3]{<5,5-12,12+};",
    "  property position = (1, 2) ;",
    "}",
    "variable \"blood type\"",
    "{",
    "  type discrete [ 2 ] { \"A, or B\", \"O (zero)\" } ;",
    "}",
    "probability(age){table 0.2,",
    "  0.3, // trailing comment",
    "  0.5;}",
    "probability ( \"blood type\" | age ) {",
    "  (<5) 0.1 0.9;",
    "  ( 12+ ) 4e-1, 6e-1;",
    "  default 0.5, 0.5;",
    "}"), "odd.bif")
  fit <- read_bif(path)
  expect_identical(names(fit$cpts), c("age", "blood type"))
  expect_identical(fit$levels$age, c("<5", "5-12", "12+"))
  expect_identical(fit$levels$`blood type`, c("A, or B", "O (zero)"))
  expect_identical(as.vector(cpt(fit, "age")), c(0.2, 0.3, 0.5))
  blood <- cpt(fit, "blood type")
  expect_identical(blood[, "<5"], c("A, or B" = 0.1, "O (zero)" = 0.9))
  expect_identical(blood[, "12+"], c("A, or B" = 0.4, "O (zero)" = 0.6))
  expect_identical(blood[, "5-12"], c("A, or B" = 0.5, "O (zero)" = 0.5))
  again <- tempfile(fileext = ".bif")
  write_bif(fit, again)
  expect_identical(read_bif(again), fit)
})

test_that("rows within the tolerance are renormalised", {
  lines <- asia_lines()
  lines <- sub("table 0.01, 0.99;", "table 0.0100004, 0.99;", lines, fixed = TRUE)
  fit <- read_bif(write_snippet(lines))
  expect_equal(sum(cpt(fit, "asia")), 1, tolerance = 1e-15)
  expect_equal(cpt(fit, "asia")[["yes"]], 0.0100004 / 1.0000004)
})

test_that("malformed BIF files give classed errors", {
  lines <- asia_lines()
  expect_bif_error <- function(lines, class) {
    expect_error(read_bif(write_snippet(lines)), class = paste0("learnbn_error_", class))
  }
  # truncated in the middle of a probability block
  expect_bif_error(lines[seq_len(length(lines) - 3)], "bif_syntax")
  # truncated in the middle of a variable block
  expect_bif_error(lines[1:4], "bif_syntax")
  expect_bif_error(sub("(yes) 0.05, 0.95;", "(yes) 0.05, 0.9, 0.05;", lines, fixed = TRUE),
                   "bif_row_length")
  expect_bif_error(sub("table 0.01, 0.99;", "table 0.01;", lines, fixed = TRUE), "bif_row_length")
  expect_bif_error(sub("(yes) 0.05, 0.95;", "(maybe) 0.05, 0.95;", lines, fixed = TRUE),
                   "bif_unknown_state")
  expect_bif_error(sub("probability ( tub | asia )", "probability ( tub | africa )", lines,
                       fixed = TRUE), "bif_unknown_variable")
  expect_bif_error(sub("probability ( tub | asia )", "probability ( tuberculosis | asia )",
                       lines, fixed = TRUE), "bif_unknown_variable")
  expect_bif_error(sub("(yes) 0.05, 0.95;", "(yes) 0.05, 0.05;", lines, fixed = TRUE),
                   "bif_sum")
  expect_bif_error(sub("table 0.5, 0.5;", "table 0.5, 0.5001;", lines, fixed = TRUE), "bif_sum")
  expect_bif_error(sub("table 0.5, 0.5;", "table 1.5, -0.5;", lines, fixed = TRUE), "bif_value")
  expect_bif_error(sub("table 0.5, 0.5;", "table 0.5, half;", lines, fixed = TRUE), "bif_value")
  # smoke depends on dysp: smoke -> bronc -> dysp -> smoke
  cyclic <- sub("probability ( smoke ) {", "probability ( smoke | dysp ) {", lines, fixed = TRUE)
  cyclic <- sub("table 0.5, 0.5;", "(yes) 0.5, 0.5; (no) 0.5, 0.5;", cyclic, fixed = TRUE)
  expect_bif_error(cyclic, "bif_cycle")
  # a node listed as its own parent
  expect_bif_error(sub("probability ( tub | asia )", "probability ( tub | asia, tub )", lines,
                       fixed = TRUE), "bif_cycle")
  # a missing probability block and a missing row
  xray <- grep("probability ( xray", lines, fixed = TRUE)
  expect_bif_error(lines[-(xray:(xray + 3))], "bif_missing_table")
  expect_bif_error(lines[-grep("(no) 0.05, 0.95;", lines, fixed = TRUE)], "bif_missing_table")
  # duplicates
  expect_bif_error(c(lines, "variable asia { type discrete [ 2 ] { yes, no }; }"),
                   "bif_duplicate")
  expect_bif_error(c(lines, "probability ( asia ) { table 0.5, 0.5; }"), "bif_duplicate")
  expect_bif_error(sub("(no) 0.05, 0.95;", "(yes) 0.05, 0.95;", lines, fixed = TRUE),
                   "bif_duplicate")
  expect_bif_error(sub("type discrete [ 2 ] { yes, no };", "type discrete [ 3 ] { yes, no };",
                       lines, fixed = TRUE), "bif_syntax")
  # a missing semicolon inside a block runs two rows together; at its end it is a syntax error
  expect_bif_error(sub("(yes) 0.05, 0.95;", "(yes) 0.05, 0.95", lines, fixed = TRUE),
                   "bif_value")
  expect_bif_error(sub("(no) 0.01, 0.99;", "(no) 0.01, 0.99", lines, fixed = TRUE),
                   "bif_syntax")
  expect_bif_error(sub("(yes) 0.05, 0.95;", "table 0.05, 0.95;", lines, fixed = TRUE),
                   "bif_syntax")
  expect_bif_error(c("network x {", "}"), "bif_syntax")
  expect_bif_error(character(), "bif_syntax")
  expect_error(read_bif(file.path(tempdir(), "no-such-file.bif")), class = "learnbn_error_file")
  expect_error(read_bif(1), class = "learnbn_error_type")
})

test_that("BIF error messages name the file, the line and the culprit", {
  lines <- asia_lines()
  expect_snapshot(error = TRUE, transform = scrub_tempdir, {
    read_bif(write_snippet(sub("(yes) 0.05, 0.95;", "(maybe) 0.05, 0.95;", lines, fixed = TRUE),
                           "unknown-state.bif"))
    read_bif(write_snippet(lines[seq_len(length(lines) - 3)], "truncated.bif"))
    read_bif(write_snippet(sub("(yes) 0.05, 0.95;", "(yes) 0.05, 0.05;", lines, fixed = TRUE),
                           "sum.bif"))
  })
  cyclic <- sub("probability ( smoke ) {", "probability ( smoke | dysp ) {", lines, fixed = TRUE)
  cyclic <- sub("table 0.5, 0.5;", "(yes) 0.5, 0.5; (no) 0.5, 0.5;", cyclic, fixed = TRUE)
  expect_snapshot(read_bif(write_snippet(cyclic, "cycle.bif")), error = TRUE,
                  transform = scrub_tempdir)
})

test_that("write_bif checks its arguments", {
  asia <- read_bif(extdata_path("asia"))
  expect_error(write_bif(asia$graph, tempfile()), class = "learnbn_error_type")
  expect_error(write_bif(asia, 3), class = "learnbn_error_type")
  quoted <- asia
  quoted$levels$asia <- c("say \"yes\"", "no")
  expect_error(write_bif(quoted, tempfile()), class = "learnbn_error_value")
})

test_that("read_bif reads every reference network", {
  # ../shared/networks next to the package source; never there under R CMD check
  networks <- Sys.getenv("LEARNBN_NETWORKS",
                         file.path(testthat::test_path(), "..", "..", "..", "shared", "networks"))
  skip_if_not(dir.exists(networks))
  expected <- c(asia = 8, survey = 6, sachs = 11, child = 20, insurance = 27, water = 32,
                alarm = 37, barley = 48, hailfinder = 56, hepar2 = 70, win95pts = 76,
                pathfinder = 109, andes = 223, pigs = 441, link = 724, munin = 1041)
  for (name in names(expected)) {
    fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
    expect_length(fit$cpts, expected[[name]])
    expect_true(is_dag(fit$graph))
  }
})

test_that("a CPT past the cell limit is refused before it is built (issue 33)", {
  # A few KB of text, one `default` row: Y has 28 binary parents, a CPT of 2^29 cells.
  parents <- paste0("X", 1:28)
  lines <- c(sprintf("variable %s { type discrete [ 2 ] { a, b }; }", c(parents, "Y")),
             sprintf("probability ( %s ) { table 0.5, 0.5; }", parents),
             sprintf("probability ( Y | %s ) { default 0.5, 0.5; }",
                     paste(parents, collapse = ", ")))
  path <- write_snippet(lines, "huge-cpt.bif")
  took <- system.time(
    err <- expect_error(read_bif(path), class = "learnbn_error_too_large")
  )[["elapsed"]]
  expect_lt(took, 1)
  message <- gsub("\\s+", " ", conditionMessage(err))  # cli wraps lines
  expect_match(message, "536,870,912 cells (4.29 GB)", fixed = TRUE)  # 2^29, 8 bytes each
  expect_match(message, "limit of 10,000,000", fixed = TRUE)
  expect_match(message, "28 parents", fixed = TRUE)
  expect_match(message, paste0("line ", length(lines)), fixed = TRUE)  # Y's block, the last
})
