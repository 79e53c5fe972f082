# The BIF reader behind read_bif(): names, blocks, variables, probability tables, and its
# errors, which give the file and line.

# Names: double-quoted strings or runs of characters other than space, comma, bar,
# brackets, semicolons and quotes.
bif_name_pattern <- "\"[^\"]*\"|[^\\s,|(){}\\[\\];\"]+"

# The whole file as one string, comments replaced by the line breaks they contain
# (so that positions still give line numbers).
read_bif_text <- function(file, call) {
  con <- gzfile(file, "rt")
  on.exit(close(con))
  # Binary or corrupt (e.g. truncated gzip) input: a clear error, not R's warnings.
  unreadable <- function(cnd) {
    bif_abort("The file cannot be read as text: {conditionMessage(cnd)}.", "file", file, NA,
              call)
  }
  lines <- tryCatch(readLines(con, warn = FALSE), warning = unreadable, error = unreadable)
  bad <- which(!validUTF8(lines))
  if (length(bad)) {
    bif_abort("The file is not valid UTF-8 text.", "file", file, bad[1], call)
  }
  text <- paste(lines, collapse = "\n")
  comments <- gregexpr("\"[^\"]*\"(*SKIP)(*FAIL)|//[^\n]*|/\\*[\\s\\S]*?\\*/", text, perl = TRUE)
  regmatches(text, comments) <- list(gsub("[^\n]", "", regmatches(text, comments)[[1L]]))
  text
}

bif_block_pattern <- paste0(
  "\\b(network|variable)\\s+(\"[^\"]*\"|[^\\s{}\"]+)\\s*",
  "\\{((?:\"[^\"]*\"|[^{}\"]++|\\{(?:\"[^\"]*\"|[^{}\"]++)*+\\})*+)\\}",
  "|\\bprobability\\s*\\(((?:\"[^\"]*\"|[^()\"]++)*+)\\)\\s*\\{((?:\"[^\"]*\"|[^{}\"]++)*+)\\}")

# Split the text into network / variable / probability blocks; anything else (but
# whitespace and semicolons) between them is a syntax error, e.g. a truncated block.
bif_blocks <- function(text, file, call) {
  match <- gregexpr(bif_block_pattern, text, perl = TRUE)[[1L]]
  newlines <- gregexpr("\n", text, fixed = TRUE)[[1L]]
  line_at <- function(pos) findInterval(pos, newlines[newlines > 0]) + 1L
  starts <- if (match[1L] > 0) as.integer(match) else integer()
  ends <- starts + attr(match, "match.length")[seq_along(starts)] - 1L
  gap_starts <- c(1L, ends + 1L)
  gaps <- substring(text, gap_starts, c(starts - 1L, nchar(text)))
  stray <- regexpr("[^\\s;]", gaps, perl = TRUE)
  if (any(stray > 0)) {
    first <- which(stray > 0)[1L]
    snippet <- substr(gsub("\\s+", " ", substring(gaps[first], stray[first])), 1L, 40L)
    bif_abort(c("Cannot parse the BIF file: unexpected or incomplete text {.code {snippet}}.",
                "i" = "Is the file truncated, or a brace or parenthesis missing?"),
              "bif_syntax", file, line_at(gap_starts[first] + stray[first] - 1L), call)
  }
  if (!length(starts)) {
    bif_abort("The BIF file declares no variables.", "bif_syntax", file, 1L, call)
  }
  capture <- function(i) {
    from <- attr(match, "capture.start")[, i]
    substring(text, from, from + attr(match, "capture.length")[, i] - 1L)
  }
  keyword <- capture(1L)
  is_variable <- keyword == "variable"
  is_probability <- keyword == ""
  lines <- line_at(starts)
  list(variable = list(name = bif_unquote(capture(2L)[is_variable]),
                       body = capture(3L)[is_variable], line = lines[is_variable]),
       probability = list(head = capture(4L)[is_probability],
                          body = capture(5L)[is_probability], line = lines[is_probability]))
}

# The states of every variable, from `type discrete [ k ] { s1, ..., sk };`.
bif_variables <- function(blocks, file, call) {
  if (!length(blocks$name)) {
    bif_abort("The BIF file declares no variables.", "bif_syntax", file, 1L, call)
  }
  dup <- anyDuplicated(blocks$name)
  if (dup) {
    variable <- blocks$name[dup]
    bif_abort("Variable {.val {variable}} is declared more than once.", "bif_duplicate",
              file, blocks$line[dup], call)
  }
  parts <- regmatches(blocks$body, regexec(
    "type\\s+discrete\\s*\\[\\s*(\\d+)\\s*\\]\\s*\\{((?:\"[^\"]*\"|[^{}\"])*)\\}", blocks$body,
    perl = TRUE))
  for (i in which(lengths(parts) == 0L)) {
    variable <- blocks$name[i]
    bif_abort(paste0("Variable {.val {variable}} has no {.code type discrete [ k ] {{ ... }};} ",
                     "declaration."),
              "bif_syntax", file, blocks$line[i], call)
  }
  declared <- as.numeric(vapply(parts, `[[`, "", 2L))
  levels <- bif_tokens(vapply(parts, `[[`, "", 3L))
  names(levels) <- blocks$name
  for (i in which(lengths(levels) != declared | lengths(levels) == 0L)) {
    variable <- blocks$name[i]
    found <- length(levels[[i]])
    bif_abort("Variable {.val {variable}} declares {declared[i]} state{?s} but lists {found}.",
              "bif_syntax", file, blocks$line[i], call)
  }
  for (i in which(vapply(levels, anyDuplicated, integer(1)) > 0L)) {
    variable <- blocks$name[i]
    state <- levels[[i]][duplicated(levels[[i]])][1L]
    bif_abort("Variable {.val {variable}} lists state {.val {state}} more than once.",
              "bif_duplicate", file, blocks$line[i], call)
  }
  levels
}

# One array P(node | parents) per variable (parents in the order of the block head).
bif_probabilities <- function(blocks, levels, file, call) {
  families <- lapply(seq_along(blocks$head), function(i) {
    bif_block_family(blocks$head[i], levels, file, blocks$line[i], call)
  })
  node_of <- vapply(families, `[`, "", 1L)
  dup <- anyDuplicated(node_of)
  if (dup) {
    variable <- node_of[dup]
    bif_abort("Variable {.val {variable}} has more than one probability block.", "bif_duplicate",
              file, blocks$line[dup], call)
  }
  missing_tables <- setdiff(names(levels), node_of)
  if (length(missing_tables)) {
    bif_abort("Variable{?s} {.val {missing_tables}} ha{?s/ve} no probability block.",
              "bif_missing_table", file, NA_integer_, call)
  }
  entries <- bif_entries(blocks, file, call)
  by_block <- split(seq_along(entries$block), factor(entries$block, levels = seq_along(families)))
  tables <- lapply(seq_along(families), function(i) {
    in_block <- by_block[[i]]
    bif_table(families[[i]], levels, lapply(entries[c("kind", "config", "values")], `[`, in_block),
              file, blocks$line[i], call)
  })
  names(tables) <- node_of
  tables[names(levels)]
}

# c(node, parents) of a probability block head "node | p1, p2", checked against the
# declared variables.
bif_block_family <- function(head, levels, file, line, call) {
  parts <- regmatches(head, regexec(
    "^\\s*(\"[^\"]*\"|[^\\s,|\"]+)\\s*(?:\\|((?:\"[^\"]*\"|[^|\"])*))?$", head, perl = TRUE))[[1L]]
  if (!length(parts)) {
    head <- trimws(head)
    bif_abort(paste0("Cannot parse the probability block head {.code ( {head} )}; expected ",
                     "{.code ( node | parent1, parent2 )}."),
              "bif_syntax", file, line, call)
  }
  family <- c(bif_unquote(parts[2L]), bif_tokens(parts[3L])[[1L]])
  unknown <- setdiff(family, names(levels))
  if (length(unknown)) {
    bif_abort("The probability block names unknown variable{?s} {.val {unknown}}.",
              "bif_unknown_variable", file, line, call)
  }
  if (anyDuplicated(family)) {
    variable <- family[duplicated(family)][1L]
    bif_abort("The probability block of {.val {family[1]}} names {.val {variable}} twice.",
              "bif_cycle", file, line, call)
  }
  family
}

# Every `;`-terminated entry of every probability block: its block, kind ("row",
# "table" or "default"), parent states (rows) and values.
bif_entries <- function(blocks, file, call) {
  unterminated <- grepl("[^;\\s]\\s*$", blocks$body, perl = TRUE)
  if (any(unterminated)) {
    first <- which(unterminated)[1L]
    bif_abort("A probability entry does not end with {.code ;}.", "bif_syntax", file,
              blocks$line[first], call)
  }
  pieces <- regmatches(blocks$body, gregexpr("(?:\"[^\"]*\"|[^\";]++)++", blocks$body,
                                             perl = TRUE))
  block <- rep(seq_along(pieces), lengths(pieces))
  text <- trimws(unlist(pieces, use.names = FALSE))
  keep <- nzchar(text) & !grepl("^property\\b", text, perl = TRUE)
  block <- block[keep]
  text <- text[keep]
  kind <- ifelse(startsWith(text, "("), "row",
                 ifelse(grepl("^table\\b", text, perl = TRUE), "table",
                        ifelse(grepl("^default\\b", text, perl = TRUE), "default", NA)))
  if (anyNA(kind)) {
    first <- which(is.na(kind))[1L]
    snippet <- substr(gsub("\\s+", " ", text[first]), 1L, 40L)
    bif_abort(paste0("Cannot parse the probability entry {.code {snippet}}; expected ",
                     "{.code table ...;}, {.code default ...;} or {.code (states) ...;}."),
              "bif_syntax", file, blocks$line[block[first]], call)
  }
  config_match <- regexec("^\\(((?:\"[^\"]*\"|[^\")])*)\\)([\\s\\S]*)$", text, perl = TRUE)
  config_parts <- regmatches(text, config_match)
  is_row <- kind == "row"
  bad_rows <- is_row & lengths(config_parts) == 0L
  if (any(bad_rows)) {
    first <- which(bad_rows)[1L]
    snippet <- substr(gsub("\\s+", " ", text[first]), 1L, 40L)
    bif_abort("Cannot parse the probability row {.code {snippet}}.", "bif_syntax", file,
              blocks$line[block[first]], call)
  }
  value_text <- sub("^(table|default)\\b", "", text, perl = TRUE)
  value_text[is_row] <- vapply(config_parts[is_row], `[[`, "", 3L)
  config <- vector("list", length(text))
  config[is_row] <- bif_tokens(vapply(config_parts[is_row], `[[`, "", 2L))
  value_tokens <- strsplit(trimws(gsub(",", " ", value_text, fixed = TRUE)), "\\s+", perl = TRUE)
  numbers <- suppressWarnings(as.numeric(unlist(value_tokens, use.names = FALSE)))
  owner <- rep(seq_along(value_tokens), lengths(value_tokens))
  if (anyNA(numbers)) {
    first <- which(is.na(numbers))[1L]
    token <- unlist(value_tokens, use.names = FALSE)[first]
    bif_abort(c("{.val {token}} is not a probability.",
                "i" = if (grepl("^[(]", token)) "Is a {.code ;} missing before it?"),
              "bif_value", file, blocks$line[block[owner[first]]], call)
  }
  values <- split(numbers, factor(owner, levels = seq_along(value_tokens)))
  list(block = block, kind = kind, config = config, values = unname(values))
}

# Maximum distance of a probability row's sum from 1 (larger is an error; smaller
# is renormalised away).
bif_sum_tolerance <- 1e-6

bif_table <- function(family, levels, entries, file, line, call) {
  node <- family[1L]
  parents <- family[-1L]
  cards <- unname(lengths(levels[family]))
  # Before the table is built: a small file can declare a table of billions of cells.
  check_table_size(cards, node, call = call, where = bif_location(file, line))
  n_states <- cards[[1L]]
  n_configs <- prod(cards[-1L])
  lengths_ok <- lengths(entries$values) == n_states
  if (!all(lengths_ok)) {
    first <- which(!lengths_ok)[1L]
    found <- length(entries$values[[first]])
    bif_abort(paste0("A probability row of {.val {node}} has {found} value{?s}; {.val {node}} has ",
                     "{n_states} state{?s}."),
              "bif_row_length", file, line, call)
  }
  if (any(entries$kind == "table") && length(parents)) {
    bif_abort(c(paste0("The probability block of {.val {node}} uses {.code table} although ",
                       "{.val {node}} has parents."),
                "i" = paste0("Give one row {.code (parent states) p1, p2, ...;} per parent ",
                             "configuration.")),
              "bif_syntax", file, line, call)
  }
  n_defaults <- sum(entries$kind == "default")
  if (sum(entries$kind == "table") + n_defaults > 1L) {
    bif_abort(paste0("The probability block of {.val {node}} has more than one {.code table} or ",
                     "{.code default} entry."),
              "bif_duplicate", file, line, call)
  }
  probs <- matrix(NA_real_, n_states, n_configs)
  is_row <- entries$kind == "row"
  if (any(is_row)) {
    column <- bif_row_columns(entries$config[is_row], node, parents, levels, file, line, call)
    if (anyDuplicated(column)) {
      bif_abort(paste0("The probability block of {.val {node}} gives a parent configuration more ",
                       "than once."),
                "bif_duplicate", file, line, call)
    }
    probs[, column] <- unlist(entries$values[is_row], use.names = FALSE)
  }
  unset <- is.na(probs[1L, ])
  if (any(unset) && any(!is_row)) {
    probs[, unset] <- entries$values[!is_row][[1L]]
  } else if (any(unset)) {
    config <- paste(vapply(seq_along(parents), function(p) {
      levels[[parents[p]]][(which(unset)[1L] - 1L) %/% prod(cards[-1L][seq_len(p - 1L)]) %%
                             cards[-1L][[p]] + 1L]
    }, character(1)), collapse = ", ")
    n_unset <- sum(unset)
    bif_abort(paste0("The probability block of {.val {node}} misses {n_unset} parent ",
                     "configuration{?s}, such as {.code ({config})}."),
              "bif_missing_table", file, line, call)
  }
  if (any(probs < 0)) {
    bif_abort("The probability block of {.val {node}} has a negative probability.", "bif_value",
              file, line, call)
  }
  sums <- colSums(probs)
  off <- abs(sums - 1) > bif_sum_tolerance
  if (any(off)) {
    total <- format(sums[off][1L], digits = 10)
    bif_abort(c("A probability row of {.val {node}} sums to {total}, not 1.",
                "i" = "Rows must sum to 1 within {bif_sum_tolerance}."),
              "bif_sum", file, line, call)
  }
  # Rows off by rounding only are kept as written, so write_bif() -> read_bif() is exact.
  rescale <- abs(sums - 1) > 1e-12
  probs[, rescale] <- probs[, rescale] / rep(sums[rescale], each = n_states)
  array(probs, dim = cards, dimnames = levels[family])
}

# 1-based CPT column (first parent fastest) of each row's parent states.
bif_row_columns <- function(configs, node, parents, levels, file, line, call) {
  n_given <- lengths(configs)
  if (any(n_given != length(parents))) {
    found <- n_given[n_given != length(parents)][1L]
    n_parents <- length(parents)
    bif_abort(paste0("A probability row of {.val {node}} names {found} parent state{?s} for ",
                     "{n_parents} parent{?s}."),
              "bif_syntax", file, line, call)
  }
  states <- matrix(unlist(configs, use.names = FALSE), nrow = length(parents))
  column <- 1L
  stride <- 1L
  for (p in seq_along(parents)) {
    code <- match(states[p, ], levels[[parents[p]]])
    if (anyNA(code)) {
      state <- states[p, is.na(code)][1L]
      parent <- parents[p]
      bif_abort(c(paste0("The probability block of {.val {node}} names unknown state ",
                         "{.val {state}} of {.val {parent}}."),
                  "i" = "Its states are {.val {levels[[parent]]}}."),
                "bif_unknown_state", file, line, call)
    }
    column <- column + (code - 1L) * stride
    stride <- stride * length(levels[[parents[p]]])
  }
  column
}

bif_abort <- function(message, kind, file, line, call, envir = parent.frame()) {
  env <- new.env(parent = envir)
  env$.bif_file <- file
  env$.bif_line <- line
  location <- if (is.na(line)) "In {.file {(.bif_file)}}." else
    "In {.file {(.bif_file)}}, line {(.bif_line)}."
  lbn_abort(c(message, "i" = location), kind, call = call, .envir = env)
}

# bif_abort()'s location as a string, for messages built elsewhere (which interpolate
# it as a value, so braces in the file name are not read as code).
bif_location <- function(file, line) {
  if (is.na(line)) cli::format_inline("In {.file {file}}.")
  else cli::format_inline("In {.file {file}}, line {line}.")
}

bif_unquote <- function(x) sub("^\"(.*)\"$", "\\1", x)

bif_tokens <- function(x) {
  lapply(regmatches(x, gregexpr(bif_name_pattern, x, perl = TRUE)), bif_unquote)
}
