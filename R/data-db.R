# bn_data() from a database: the sufficient statistics are computed there, in plain SQL
# over the rows as a subquery (a table, or what dbplyr renders for a lazy table), so any
# DBI or dbplyr back end serves. A source is list(con, from): connection, SQL of the rows.

# bn_data() of a DBI connection with `table`, or of a dbplyr lazy table.
db_data <- function(x, table, counts, type, missing, arg, call) {
  source <- db_source(x, table, arg, call)
  sample <- db_sample(source, arg, call)
  columns <- db_column_kinds(sample, counts, arg, call)
  # Text and logical columns are discrete whatever their values: no pass to profile them.
  if (all(columns == "discrete") && is.null(counts) && is.null(names(type)) && type != "gaussian") {
    return(db_discrete(source, columns, counts, type, missing, arg, call))
  }
  profile <- db_profile(source, columns, counts)
  if (profile$bad_counts > 0) {
    lbn_abort(c("The counts column {.val {counts}} must hold non-negative whole numbers.",
                "x" = "{format_count(profile$bad_counts)} row{?s} {?does/do} not."),
              "counts", call = call)
  }
  if (profile$rows == 0) lbn_abort("{.arg {arg}} has no rows (or every count is zero).", "empty",
                                   call = call)
  kinds <- db_data_kinds(source, columns, profile, type, call)
  if (kinds$type == "mixed") stop_mixed_db(kinds$kinds, arg, call)
  if (kinds$type == "gaussian") {
    stop_if_missing(profile$nulls, FALSE, missing_hint_gaussian, arg, call)
    return(db_gaussian(source, names(columns), counts, sample, call))
  }
  db_discrete(source, columns, counts, type, missing, arg, call)
}

# The rows as a dbplyr lazy table: `x` itself, or `table` of the connection `x`.
db_source <- function(x, table, arg, call) {
  if (inherits(x, "tbl_lazy")) {
    rlang::check_installed(c("DBI", "dbplyr"), reason = "to learn from a lazy table.",
                           call = call)
    if (!is.null(table)) {
      lbn_abort(c("{.arg table} is for a DBI connection; {.arg {arg}} is already a table.",
                  "i" = "Drop {.arg table}."), "value", call = call)
    }
    return(list(con = dbplyr::remote_con(x), from = as.character(dbplyr::sql_render(x))))
  }
  rlang::check_installed("DBI", reason = "to learn from a database.", call = call)
  if (is.null(table)) {
    lbn_abort(c("{.arg {arg}} is a database connection: name the table with {.arg table}.",
                "i" = "For example {.code bn_data(con, table = \"survey\")}."),
              "value", call = call)
  }
  if (is.character(table)) {
    check_string(table, arg = "table", call = call)
    if (!DBI::dbExistsTable(x, table)) stop_unknown_table(x, table, call)
  }
  list(con = x, from = paste("SELECT * FROM", DBI::dbQuoteIdentifier(x, table)))
}

stop_unknown_table <- function(con, table, call) {
  known <- tryCatch(DBI::dbListTables(con), error = function(e) character())
  shown <- if (is.character(table)) table else format(table)
  lbn_abort(c("The database has no table {.val {shown}} (argument {.arg table}).",
              "i" = if (length(known)) "Its tables: {list_few(known, 10L, quote = TRUE)}.",
              "i" = "Check the name (and its schema, e.g. {.code DBI::Id(schema, table)})."),
            "unknown_table", call = call)
}

# A few rows, to learn the R class of every column. A column with no value in them may
# come back logical whatever its type (SQLite without declared types): its first value
# is asked for.
db_sample <- function(source, arg, call) {
  sample <- as.data.frame(db_first_rows(source$con, source$from, 100L))
  if (!ncol(sample)) lbn_abort("{.arg {arg}} has no columns.", "empty", call = call)
  for (col in names(sample)[vapply(sample, function(v) all(is.na(v)), NA)]) {
    name <- db_names(source, col)
    first <- db_first_rows(source$con, sprintf("SELECT %s FROM (%s) lbn_rows WHERE %s IS NOT NULL",
                                               name, source$from, name), 1L)
    if (nrow(first)) sample[[col]] <- rep(first[[1]], length.out = nrow(sample))
  }
  sample
}

db_first_rows <- function(con, sql, n) {
  result <- DBI::dbSendQuery(con, sql)
  on.exit(DBI::dbClearResult(result))
  DBI::dbFetch(result, n = n)
}

# "discrete" or "numeric" for every column but `counts`, from the sample's R classes;
# an error names a column of another type (dates, blobs, ...).
db_column_kinds <- function(sample, counts, arg, call) {
  check_frame_names(sample, arg, call)
  if (!is.null(counts)) check_counts_name(counts, names(sample), arg, call)
  sample <- sample[setdiff(names(sample), counts)]
  if (!ncol(sample)) lbn_abort("{.arg {arg}} has no columns but the counts.", "empty", call = call)
  kinds <- vapply(sample, function(col) {
    if (is.factor(col) || is.character(col) || is.logical(col)) return("discrete")
    if (is.numeric(col) || inherits(col, "integer64")) return("numeric")
    NA_character_
  }, "")
  if (anyNA(kinds)) {
    bad <- names(kinds)[is.na(kinds)]
    found <- vapply(sample[bad], function(col) class(col)[1], "")
    shown <- paste0(bad, " (", found, ")")
    n <- cli::qty(length(bad))
    lbn_abort(c(paste0("{n}Column{?s} {shown} of {.arg {arg}} {n}{?has a type/have types} ",
                       "that bn_data() cannot use."),
                "i" = paste0("Use text, logical or numeric columns: convert in the query, e.g. ",
                             "{.code dplyr::mutate(tbl, {bad[1]} = as.character({bad[1]}))}, ",
                             "or drop {n}{?it/them} with {.fn dplyr::select}.")),
              "type", call = call)
  }
  kinds
}

# `counts`: one string, the name of one of the `columns` of `arg` (bn_data() of a database
# table, and of a data.frame: split_counts(), R/data.R).
check_counts_name <- function(counts, columns, arg, call) {
  check_string(counts, arg = "counts", call = call)
  if (!counts %in% columns) {
    lbn_abort("{.arg counts} names column {.val {counts}}, which is not in {.arg {arg}}.",
              "unknown_column", call = call)
  }
}

# One pass over the table: rows (cases, with counts), NULL cells per column, numeric
# columns' non-integer values, and bad counts.
db_profile <- function(source, columns, counts) {
  quoted <- db_names(source, names(columns))
  numeric <- columns == "numeric"
  w <- if (!is.null(counts)) db_names(source, counts)
  got <- db_select(source, c(
    rows = if (is.null(counts)) "COUNT(*)" else sprintf("SUM(%s)", w),
    bad = if (!is.null(counts)) {
      sprintf("SUM(CASE WHEN %s >= 0 AND %s = ROUND(%s) THEN 0 ELSE 1 END)", w, w, w)
    },
    stats::setNames(sprintf("SUM(CASE WHEN %s IS NULL THEN 1 ELSE 0 END)", quoted),
                    paste0("null", seq_along(quoted))),
    stats::setNames(sprintf("SUM(CASE WHEN %s <> ROUND(%s) THEN 1 ELSE 0 END)", quoted[numeric],
                            quoted[numeric]), sprintf("frac%d", which(numeric)))))
  got[is.na(got)] <- 0  # SUM() of no rows
  pick <- function(prefix) {
    found <- stats::setNames(numeric(length(columns)), names(columns))
    at <- paste0(prefix, seq_along(columns))
    found[at %in% names(got)] <- got[intersect(at, names(got))]
    found
  }
  list(rows = got[["rows"]], nulls = pick("null"), fractional = pick("frac"),
       bad_counts = if (is.null(counts)) 0 else got[["bad"]])
}

# Quoted identifiers of the columns `cols`, as SQL text.
db_names <- function(source, cols) as.character(DBI::dbQuoteIdentifier(source$con, cols))

# One row of aggregates `exprs` (SQL text, named by plain aliases) over the rows, as a
# named numeric vector; in queries of at most 1,000 aggregates (SQLite's limit on the
# columns of a result is 2,000).
db_select <- function(source, exprs) {
  batches <- split(seq_along(exprs), (seq_along(exprs) - 1L) %/% 1000L)
  got <- lapply(batches, function(at) {
    sql <- sprintf("SELECT %s FROM (%s) lbn_rows",
                   paste(exprs[at], "AS", names(exprs)[at], collapse = ", "), source$from)
    unlist(lapply(DBI::dbGetQuery(source$con, sql), as.numeric))
  })
  stats::setNames(unlist(unname(got)), names(exprs))
}

# The type of the data ("discrete", "gaussian" or "mixed") and the kind of every column,
# by the rules of column_types() (R/data-mixed.R) for a data.frame.
db_data_kinds <- function(source, columns, profile, type, call) {
  numeric <- columns == "numeric"
  fractional <- profile$fractional > 0
  given <- check_column_types(type, names(columns), numeric, call)
  if (is.null(given)) {
    all_of <- function(kind) list(type = kind, kinds = stats::setNames(
      rep(if (kind == "discrete") kind else "continuous", length(columns)), names(columns)))
    if (type == "discrete" || (type == "auto" && !any(fractional))) return(all_of("discrete"))
    if (type == "gaussian" && !all(numeric)) gaussian_types(columns, numeric, call)
    if (all(numeric)) return(all_of("gaussian"))
    given <- character()
  }
  resolved <- column_kinds(names(columns), numeric, fractional, given,  # R/data-mixed.R
                           function(whole) db_distinct(source, whole))
  list(type = resolved$type, kinds = resolved$kinds)
}

# The number of distinct values of each column in `cols`.
db_distinct <- function(source, cols) {
  exprs <- sprintf("COUNT(DISTINCT %s)", db_names(source, cols))
  stats::setNames(db_select(source, stats::setNames(exprs, paste0("d", seq_along(cols)))), cols)
}

stop_mixed_db <- function(kinds, arg, call) {
  lbn_abort(c(paste0("{.arg {arg}} has discrete and continuous columns (mixed data), which ",
                     "bn_data() cannot take from a database yet."),
              "i" = "Discrete: {list_few(names(kinds)[kinds == 'discrete'], 10L, quote = TRUE)}.",
              "i" = paste0("Continuous: {list_few(names(kinds)[kinds == 'continuous'], 10L, ",
                           "quote = TRUE)}."),
              "i" = paste0("Make every column one kind with {.arg type} (or in the query), or ",
                           "collect the rows with {.fn dplyr::collect} and pass the data.frame.")),
            "data_type", call = call)
}

# Discrete data: `SELECT cols, COUNT(*) ... GROUP BY cols` (SUM(counts) with counts),
# read in chunks into factors, then the count table goes through bn_data() as any other.
db_discrete <- function(source, columns, counts, type, missing, arg, call) {
  cols <- names(columns)
  quoted <- paste(db_names(source, cols), collapse = ", ")
  sql <- if (is.null(counts)) {
    sprintf("SELECT %s, COUNT(*) FROM (%s) lbn_rows GROUP BY %s", quoted, source$from, quoted)
  } else {
    w <- db_names(source, counts)
    sprintf("SELECT %s, SUM(%s) FROM (%s) lbn_rows WHERE %s > 0 GROUP BY %s", quoted, w,
            source$from, w, quoted)
  }
  fetched <- db_fetch_factors(source$con, sql, cols, call)
  nulls <- vapply(fetched$frame, function(f) sum(fetched$cases[is.na(f)]), numeric(1))
  stop_if_missing(nulls, missing == "allow", missing_hint_discrete, arg, call)
  cases <- make.unique(c(cols, ".cases"))[length(cols) + 1L]
  fetched$frame[[cases]] <- fetched$cases
  data <- new_bn_data(fetched$frame, counts = cases, type = "discrete", missing = missing,
                      arg = arg, call = call)
  data$sources <- fetched$sources
  data$counts <- counts
  whole <- fetched$sources == "whole number"
  if (identical(type, "auto")) warn_many_levels(lengths(data$levels)[whole], data$n_cases, arg)
  data
}

# The result of `sql` (the columns `cols`, then the case counts) read `chunk` rows at a
# time, each column kept as integer codes into the values seen so far (so R never holds
# the values of every row at once), then as factors with the levels bn_data() gives such
# a column; the column sources, and the case counts.
db_fetch_factors <- function(con, sql, cols, call, chunk = 100000L) {
  result <- DBI::dbSendQuery(con, sql)
  on.exit(DBI::dbClearResult(result))
  state <- rep(list(list(levels = NULL, codes = list())), length(cols))
  cases <- list()
  repeat {
    part <- DBI::dbFetch(result, n = chunk)
    if (nrow(part)) {
      for (j in seq_along(cols)) state[[j]] <- db_add_codes(state[[j]], part[[j]])
      cases[[length(cases) + 1L]] <- as.numeric(part[[length(cols) + 1L]])
    }
    if (DBI::dbHasCompleted(result)) break
  }
  columns <- lapply(seq_along(cols), function(j) db_factor(state[[j]], cols[j], call))
  frame <- as.data.frame(stats::setNames(lapply(columns, `[[`, "factor"), cols),
                         optional = TRUE)
  list(frame = frame, sources = stats::setNames(vapply(columns, `[[`, "", "source"), cols),
       cases = as.numeric(unlist(cases, use.names = FALSE)))
}

# Adds a chunk of a column to its codes, extending the values seen.
db_add_codes <- function(state, values) {
  if (is.null(state$source) && (is.factor(values) || !all(is.na(values)))) {
    state$source <- if (is.factor(values)) "factor" else if (is.character(values)) "character"
    else if (is.logical(values)) "logical" else "whole number"
    if (is.factor(values)) state$levels <- levels(values)
  }
  if (is.factor(values)) values <- as.character(values)
  if (inherits(values, "integer64")) values <- as.numeric(values)
  new <- unique(values[!is.na(values) & !values %in% state$levels])
  state$levels <- c(state$levels, new)
  state$codes[[length(state$codes) + 1L]] <- match(values, state$levels)
  state
}

# A column's codes as a factor with the levels a data.frame column of its kind gets in
# bn_data() (sorted strings or numbers; FALSE, TRUE; a factor's own order), and its source.
db_factor <- function(state, col, call) {
  codes <- unlist(state$codes, use.names = FALSE)
  if (is.null(codes)) codes <- integer()
  seen <- state$levels
  source <- if (is.null(state$source)) "character" else state$source
  levels <- switch(source, factor = seen, character = sort(seen), logical = c(FALSE, TRUE),
                   sort(as.numeric(seen)))
  if (source == "whole number" && any(!is.finite(levels) | levels != round(levels))) {
    bad <- levels[!is.finite(levels) | levels != round(levels)][1]
    lbn_abort(c("Column {.val {col}} is numeric with non-integer values such as {.val {bad}}.",
                "i" = "Discrete data need text, logical or whole-number columns."),
              "continuous", call = call)
  }
  codes <- match(seen, levels)[codes]
  list(factor = structure(codes, levels = as.character(levels), class = "factor"),
       source = source)
}

# Internal: whether `x` is a database connection or a dbplyr lazy table.
is_database <- function(x) inherits(x, c("DBIConnection", "tbl_lazy"))

#' @name bn_data
#' @param table With a DBI connection as `x`: the name of the table to learn from (a
#'   string, or a [DBI::Id()] naming its schema). `NULL` otherwise.
#' @section Data in a database:
#' Structure learning needs only sufficient statistics, so data that do not fit in R can
#' stay where they are. `bn_data(con, table = "name")` takes a DBI connection and a
#' table, and `bn_data(tbl)` a dbplyr lazy table (with its `filter()`, `select()`,
#' joins, ...); the database computes the statistics and only they come back to R:
#'
#' * **Discrete data**: `SELECT cols, COUNT(*) ... GROUP BY cols` (with `counts`,
#'   `SUM(counts)`), read in chunks into a count table with one weighted row per
#'   distinct configuration, used as `bn_data()` uses any count table: every learner,
#'   score and test then runs on it, with the counts of the rows exactly.
#' * **Continuous data**: one query of `COUNT(*)`, `SUM(x)` and `SUM(x * y)` for every
#'   pair of columns (each shifted by about its mean, so that no digits are lost), giving
#'   the means, standard deviations and correlations that the Gaussian scores and tests
#'   use. Such a `bn_data` holds no rows: what needs them ([bootstrap_arcs()],
#'   [bn_cv()], the permutation tests, [logLik()] or [predict()] on these data,
#'   `as.data.frame()`) stops with an error of class `learnbn_error_statistics_only`.
#' * **Mixed tables** (discrete and continuous columns) are not supported from a
#'   database yet (an error of class `learnbn_error_data_type`): choose one kind with
#'   `type` or in the query, or collect the rows.
#'
#' Column kinds follow the rules for a data.frame, from the R classes the back end gives
#' the first 100 rows and one pass over the table: text, logical and factor columns
#' are discrete; numeric columns are continuous when one value is not whole (and every
#' column is numeric), discrete otherwise; `type` overrides as for a data.frame. Levels
#' are those a data.frame column of the same class gets (sorted strings or numbers).
#' Columns of other types (dates, blobs) are an error of class `learnbn_error_type`:
#' convert them in the query. `NULL` cells are missing values, under the data.frame
#' rules: an error naming the columns (with the number of rows concerned), or, with
#' `missing = "allow"` and discrete data, missing codes.
#'
#' The queries are plain SQL (`COUNT`, `SUM`, `CASE`, `ROUND`, `GROUP BY`), so the same
#' code serves every DBI back end (SQLite, DuckDB, PostgreSQL, ...) and dbplyr lazy table
#' (Spark's through sparklyr). DBI, and dbplyr for lazy tables, must be installed.
#' @examples
#' # Data in a database (here an SQLite database in memory)
#' if (requireNamespace("RSQLite", quietly = TRUE)) {
#'   con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
#'   DBI::dbWriteTable(con, "plans", as.data.frame(college_plans))
#'   plans <- bn_data(con, table = "plans", counts = "count")
#'   print(plans)
#'   print(hill_climb(plans))
#'   DBI::dbDisconnect(con)
#' }
#' \dontrun{
#' # The same code with other back ends:
#' # DuckDB (an embedded database, fast on large tables)
#' g <- hill_climb(bn_data(DBI::dbConnect(duckdb::duckdb(), "survey.duckdb"), table = "survey"))
#' # PostgreSQL: a table in a schema; a filtered lazy table (dbplyr)
#' con <- DBI::dbConnect(RPostgres::Postgres(), dbname = "clinic")
#' d <- bn_data(con, table = DBI::Id(schema = "visits", table = "y2024"))
#' g <- pc(bn_data(dplyr::filter(dplyr::tbl(con, "patients"), age > 17)))
#' # Spark, through sparklyr's dbplyr back end
#' sc <- sparklyr::spark_connect(master = "local")
#' g <- hill_climb(bn_data(dplyr::tbl(sc, "events")))
#' }
NULL
