#' Read a Bayesian network from a BIF file
#'
#' Reads a discrete Bayesian network in the Bayesian Interchange Format (BIF), as used
#' by the Bayesian Network Repository: a `network` block, one `variable` block per
#' node (`type discrete [ k ] { s1, s2, ... };`) and one `probability` block per node,
#' either `table p1, p2, ...;` for a node without parents or one row
#' `(parent states) p1, p2, ...;` per configuration of its parents (an optional
#' `default p1, p2, ...;` row covers the configurations not listed). Comments
#' (`//` and `/* */`), `property` lines, arbitrary whitespace and line breaks are
#' allowed; names and states may be double-quoted (needed when they contain spaces,
#' commas or brackets). Files compressed with gzip are read directly.
#'
#' Each probability row must sum to 1 within an absolute tolerance of `1e-6` (the
#' repository files print probabilities rounded to a few digits); rows within the
#' tolerance are renormalised to sum to 1 exactly, rows outside it are an error.
#' A `table` entry for a node with parents is not supported (its value order is not
#' standardised): list one row per parent configuration instead.
#'
#' Errors (each of class `learnbn_error_<kind>` and `learnbn_error`, naming the line
#' of the file) are raised for a file that cannot be parsed or is truncated
#' (`bif_syntax`), an unknown variable (`bif_unknown_variable`) or state
#' (`bif_unknown_state`), a row with the wrong number of probabilities
#' (`bif_row_length`), a negative or non-numeric value (`bif_value`), a row not
#' summing to 1 (`bif_sum`), a variable without a probability table or a table with
#' missing rows (`bif_missing_table`), a variable, table or row given twice
#' (`bif_duplicate`), and a cycle among the variables (`bif_cycle`).
#'
#' @param file Path to a `.bif` file, plain or gzip-compressed.
#' @return A `bn_fit` object (see [fit_parameters()]) with `method = "bif"`, its nodes
#'   in the order of the `variable` blocks.
#' @family parameters
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' asia
#' cpt(asia, "tub")
read_bif <- function(file) {
  check_string(file)
  call <- rlang::current_env()
  if (!file.exists(file)) {
    lbn_abort("{.arg file} names {.file {file}}, which does not exist.", "file")
  }
  if (dir.exists(file)) {
    lbn_abort("{.arg file} names {.file {file}}, which is a directory, not a BIF file.", "file")
  }
  text <- read_bif_text(file, call)
  blocks <- bif_blocks(text, file, call)
  levels <- bif_variables(blocks$variable, file, call)
  tables <- bif_probabilities(blocks$probability, levels, file, call)
  parents <- lapply(tables, function(table) names(dimnames(table))[-1L])
  node_names <- names(levels)
  graph <- graph_from_parents(parents, node_names)
  cycle <- topo_sort_amat(graph$amat)$cycle
  if (!is.null(cycle)) {
    path <- paste(c(cycle, cycle[1L]), collapse = " -> ")
    bif_abort("The network has a directed cycle: {path}.", "bif_cycle", file, NA_integer_, call)
  }
  graph_order <- graph_parents(graph)[node_names]
  cpts <- lapply(node_names, function(node) {
    perm <- c(1L, 1L + match(graph_order[[node]], parents[[node]]))
    if (is.unsorted(perm)) aperm(tables[[node]], perm) else tables[[node]]
  })
  names(cpts) <- node_names
  new_bn_fit(graph, levels, cpts, method = "bif")
}

#' Write a Bayesian network to a BIF file
#'
#' Writes a fitted network in the Bayesian Interchange Format, readable by
#' [read_bif()] and by other software. Probabilities are written with 17 significant
#' digits, so `read_bif()` gives back the same structure and CPTs (up to rounding in
#' the last digit). Names and states are double-quoted when they contain anything but
#' letters, digits and `_ . + < > = - /`; they may not contain double quotes. A file
#' name ending in `.gz` is written gzip-compressed.
#'
#' @param fit A `bn_fit` object from [fit_parameters()] or [read_bif()].
#' @param file Path of the file to write.
#' @return `file`, invisibly.
#' @family parameters
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' path <- tempfile(fileext = ".bif")
#' write_bif(asia, path)
#' cat(readLines(path, n = 8), sep = "\n")
#' all.equal(read_bif(path)$cpts, asia$cpts)
write_bif <- function(fit, file) {
  call <- rlang::current_env()
  fit <- check_bn_fit(fit)
  check_discrete_fit(fit, "{.fn write_bif}")
  check_string(file)
  names_used <- c(names(fit$cpts), unlist(fit$levels, use.names = FALSE))
  if (any(grepl("\"", names_used, fixed = TRUE))) {
    bad <- names_used[grepl("\"", names_used, fixed = TRUE)]
    lbn_abort(paste0("Names and states written to BIF cannot contain double quotes, as in ",
                     "{.val {bad[1]}}."),
              "value")
  }
  quoted_levels <- lapply(fit$levels, bif_quote)
  node_names <- names(fit$cpts)
  variables <- vapply(node_names, function(node) {
    states <- quoted_levels[[node]]
    sprintf("variable %s {\n  type discrete [ %d ] { %s };\n}", bif_quote(node),
            length(states), paste(states, collapse = ", "))
  }, character(1))
  probabilities <- vapply(node_names, function(node) {
    bif_probability_block(fit$cpts[[node]], quoted_levels)
  }, character(1))
  con <- tryCatch(
    suppressWarnings(if (grepl("\\.gz$", file)) gzfile(file, "w") else file(file, "w")),
    error = function(e) {
      lbn_abort(c("{.arg file} names {.file {file}}, which cannot be opened for writing.",
                  "i" = "Does its directory exist, and may you write there?"), "file",
                call = call)
    })
  on.exit(close(con))
  writeLines(c("// written by learnbn::write_bif()", "network unknown {", "}",
               variables, probabilities), con)
  invisible(file)
}

bif_probability_block <- function(table, quoted_levels) {
  family <- names(dimnames(table))
  n_states <- dim(table)[1L]
  values <- matrix(sprintf("%.17g", table), nrow = n_states)
  values <- do.call(paste, c(unname(as.data.frame(t(values))), sep = ", "))
  if (length(family) == 1L) {
    return(sprintf("probability ( %s ) {\n  table %s;\n}", bif_quote(family), values))
  }
  configs <- expand.grid(quoted_levels[family[-1L]], KEEP.OUT.ATTRS = FALSE,
                         stringsAsFactors = FALSE)
  configs <- do.call(paste, c(unname(configs), sep = ", "))
  paste0(sprintf("probability ( %s | %s ) {\n", bif_quote(family[1L]),
                 paste(bif_quote(family[-1L]), collapse = ", ")),
         paste0("  (", configs, ") ", values, ";", collapse = "\n"), "\n}")
}

bif_quote <- function(x) {
  plain <- grepl("^[A-Za-z0-9_.+<>=/-]+$", x) & !grepl("//|/\\*", x)
  ifelse(plain, x, paste0("\"", x, "\""))
}
