# bn_data() from a database table: the sufficient statistics are computed in the
# database (dbplyr writes the SQL, so any DBI or dbplyr back end serves), and only they
# come back to R.

# bn_data() of a DBI connection with `table`, or of a dbplyr lazy table.
db_data <- function(x, table, counts, type, missing, arg, call) {
  source <- db_source(x, table, arg, call)
  sample <- db_sample(source, arg, call)
  columns <- db_column_kinds(sample, counts, arg, call)
  profile <- db_profile(source, columns, counts)
  if (profile$bad_counts > 0) {
    lbn_abort(c("The counts column {.val {counts}} must hold non-negative whole numbers.",
                "x" = "{format_count(profile$bad_counts)} row{?s} {?does/do} not."),
              "counts", call = call)
  }
  if (profile$rows == 0) {
    lbn_abort("{.arg {arg}} has no rows (or every count is zero).", "empty", call = call)
  }
  kinds <- db_data_kinds(source, columns, profile, type, call)
  if (kinds$type == "mixed") stop_mixed_db(kinds$kinds, arg, call)
  if (kinds$type == "gaussian") {
    stop_if_missing(profile$nulls, FALSE, missing_hint_gaussian, arg, call)
    return(db_gaussian(source, names(columns), counts, sample, profile, call))
  }
  if (missing == "error") stop_if_missing(profile$nulls, FALSE, missing_hint_discrete, arg, call)
  db_discrete(source, columns, counts, type, missing, arg, call)
}

# The rows as a dbplyr lazy table: `x` itself, or `table` of the connection `x`.
db_source <- function(x, table, arg, call) {
  rlang::check_installed(c("DBI", "dbplyr"), reason = "to learn from a database.", call = call)
  if (inherits(x, "tbl_lazy")) {
    if (!is.null(table)) {
      lbn_abort(c("{.arg table} is for a DBI connection; {.arg {arg}} is already a table.",
                  "i" = "Drop {.arg table}."), "value", call = call)
    }
    return(x)
  }
  if (is.null(table)) {
    lbn_abort(c("{.arg {arg}} is a database connection: name the table with {.arg table}.",
                "i" = "For example {.code bn_data(con, table = \"survey\")}."),
              "value", call = call)
  }
  if (is.character(table)) {
    check_string(table, arg = "table", call = call)
    if (!DBI::dbExistsTable(x, table)) stop_unknown_table(x, table, call)
  }
  tryCatch(dplyr::tbl(x, table), error = function(e) stop_unknown_table(x, table, call, e))
}

stop_unknown_table <- function(con, table, call, parent = NULL) {
  known <- tryCatch(DBI::dbListTables(con), error = function(e) character())
  shown <- if (is.character(table)) table else format(table)
  lbn_abort(c("The database has no table {.val {shown}} (argument {.arg table}).",
              "i" = if (length(known)) "Its tables: {list_few(known, 10L, quote = TRUE)}.",
              "i" = "Check the name (and its schema, e.g. {.code DBI::Id(schema, table)})."),
            "unknown_table", call = call, parent = parent)
}

# A few rows, to learn the R class of every column.
db_sample <- function(source, arg, call) {
  sample <- dplyr::collect(utils::head(source, 100L))
  if (!ncol(sample)) lbn_abort("{.arg {arg}} has no columns.", "empty", call = call)
  as.data.frame(sample)
}

# "discrete" or "numeric" for every column but `counts`, from the sample's R classes;
# an error names a column of another type (dates, blobs, ...).
db_column_kinds <- function(sample, counts, arg, call) {
  check_frame_names(sample, arg, call)
  if (!is.null(counts)) {
    check_string(counts, arg = "counts", call = call)
    if (!counts %in% names(sample)) {
      lbn_abort("{.arg counts} names column {.val {counts}}, which is not in {.arg {arg}}.",
                "unknown_column", call = call)
    }
  }
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
    lbn_abort(c(paste0("Column{?s} {.val {bad}} of {.arg {arg}} {?has/have} type{?s} ",
                       "{.cls {found}}, which bn_data() cannot use."),
                "i" = paste0("Use text, logical or numeric columns: convert in the query, e.g. ",
                             "{.code dplyr::mutate(tbl, {bad[1]} = as.character({bad[1]}))}, ",
                             "or drop {?it/them} with {.fn dplyr::select}.")),
              "type", call = call)
  }
  kinds
}

# One pass over the table: rows (cases, with counts), NULL cells per column, numeric
# columns' non-integer values, and bad counts.
db_profile <- function(source, columns, counts) {
  sums <- list(.rows = if (is.null(counts)) quote(n()) else db_sum(rlang::sym(counts)))
  for (i in seq_along(columns)) {
    col <- rlang::sym(names(columns)[i])
    sums[[paste0(".null", i)]] <- db_sum(rlang::expr(ifelse(is.na(!!col), 1L, 0L)))
    if (columns[[i]] == "numeric") {
      sums[[paste0(".frac", i)]] <- db_sum(rlang::expr(ifelse(!!col == round(!!col, 0L), 0L, 1L)))
    }
  }
  if (!is.null(counts)) {
    w <- rlang::sym(counts)
    sums$.bad <- db_sum(rlang::expr(ifelse(!is.na(!!w) & !!w >= 0 & !!w == round(!!w, 0L),
                                           0L, 1L)))
  }
  got <- as.list(dplyr::collect(dplyr::summarise(dplyr::ungroup(source), !!!sums)))
  got <- lapply(got, function(v) if (is.na(v)) 0 else as.numeric(v))  # SUM() of no rows
  pick <- function(prefix) {
    found <- stats::setNames(numeric(length(columns)), names(columns))
    at <- paste0(prefix, seq_along(columns))
    found[at %in% names(got)] <- unlist(got[intersect(at, names(got))])
    found
  }
  list(rows = got$.rows, nulls = pick(".null"), fractional = pick(".frac"),
       bad_counts = if (is.null(got$.bad)) 0 else got$.bad)
}

db_sum <- function(x) rlang::expr(sum(!!x, na.rm = TRUE))

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
  kinds <- ifelse(numeric, ifelse(fractional, "continuous", NA), "discrete")
  names(kinds) <- names(columns)
  kinds[names(given)] <- given
  whole <- names(kinds)[is.na(kinds)]
  if (!any(kinds == "continuous", na.rm = TRUE)) {
    kinds[whole] <- "discrete"
  } else if (length(whole)) {
    distinct <- db_distinct(source, whole)
    kinds[whole] <- ifelse(distinct <= few_values, "discrete", "continuous")
  }
  type <- if (all(kinds == "discrete")) "discrete" else if (all(kinds == "continuous")) {
    "gaussian"
  } else "mixed"
  list(type = type, kinds = kinds)
}

# The number of distinct values of each column in `cols`.
db_distinct <- function(source, cols) {
  counted <- lapply(rlang::syms(cols), function(col) rlang::expr(n_distinct(!!col)))
  names(counted) <- paste0(".d", seq_along(cols))
  got <- dplyr::collect(dplyr::summarise(dplyr::ungroup(source), !!!counted))
  stats::setNames(as.numeric(unlist(got)), cols)
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
  source <- dplyr::ungroup(source)
  cases <- make.unique(c(cols, counts, ".cases"))[length(cols) + length(counts) + 1L]
  query <- if (is.null(counts)) {
    dplyr::count(source, !!!rlang::syms(cols), name = cases)
  } else {
    source <- dplyr::filter(source, !!rlang::sym(counts) > 0)
    dplyr::count(source, !!!rlang::syms(cols), wt = !!rlang::sym(counts), name = cases)
  }
  fetched <- db_fetch_factors(query, cols, cases, call)
  data <- new_bn_data(fetched$frame, counts = cases, type = "discrete", missing = missing,
                      arg = arg, call = call)
  data$sources <- fetched$sources
  data$counts <- counts
  whole <- fetched$sources == "whole number"
  if (identical(type, "auto")) warn_many_levels(lengths(data$levels)[whole], data$n_cases, arg)
  data
}

# The result of `query` read `chunk` rows at a time, each column kept as integer codes
# into the values seen so far (so R never holds the values of every row at once), then
# as factors with the levels bn_data() gives such a column; and the column sources.
db_fetch_factors <- function(query, cols, cases, call, chunk = 100000L) {
  con <- dbplyr::remote_con(query)
  result <- DBI::dbSendQuery(con, dbplyr::sql_render(query))
  on.exit(DBI::dbClearResult(result))
  state <- stats::setNames(rep(list(list(levels = NULL, codes = list())), length(cols)), cols)
  weights <- list()
  repeat {
    part <- DBI::dbFetch(result, n = chunk)
    if (nrow(part)) {
      for (col in cols) state[[col]] <- db_add_codes(state[[col]], part[[col]])
      weights[[length(weights) + 1L]] <- as.numeric(part[[cases]])
    }
    if (DBI::dbHasCompleted(result)) break
  }
  columns <- lapply(cols, function(col) db_factor(state[[col]], col, call))
  frame <- as.data.frame(stats::setNames(lapply(columns, `[[`, "factor"), cols),
                         optional = TRUE)
  frame[[cases]] <- unlist(weights, use.names = FALSE)
  if (!length(frame[[cases]])) frame[[cases]] <- numeric()
  list(frame = frame, sources = stats::setNames(vapply(columns, `[[`, "", "source"), cols))
}

# Adds a chunk of a column to its codes, extending the values seen.
db_add_codes <- function(state, values) {
  if (is.null(state$source)) {
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

# Gaussian data: one query of COUNT(*), SUM(x) and SUM(x * y) for every pair, each
# column shifted by about its mean (from the sample) so that the cross-products do not
# lose the digits of the covariances. The result holds no rows: see check_rows().
db_gaussian <- function(source, cols, counts, sample, profile, call) {
  shift <- vapply(sample[cols], function(v) {
    m <- mean(as.numeric(v), na.rm = TRUE)
    if (is.finite(m)) signif(m, 6) else 0  # few digits: the SQL literal is this number
  }, numeric(1))
  centred <- lapply(seq_along(cols), function(i) rlang::expr((!!rlang::sym(cols[i]) -
                                                               !!shift[[i]])))
  weigh <- function(e) if (is.null(counts)) e else rlang::expr(!!rlang::sym(counts) * !!e)
  sums <- list(.n = if (is.null(counts)) quote(n()) else db_sum(rlang::sym(counts)))
  p <- length(cols)
  pairs <- which(upper.tri(diag(p), diag = TRUE), arr.ind = TRUE)
  for (i in seq_len(p)) sums[[paste0(".s", i)]] <- db_sum(weigh(centred[[i]]))
  for (k in seq_len(nrow(pairs))) {
    i <- pairs[k, 1]
    j <- pairs[k, 2]
    sums[[paste0(".p", k)]] <- db_sum(weigh(rlang::expr(!!centred[[i]] * !!centred[[j]])))
  }
  got <- as.numeric(dplyr::collect(dplyr::summarise(dplyr::ungroup(source), !!!sums)))
  gaussian_statistics(got[1], got[1 + seq_len(p)], got[-seq_len(p + 1)], pairs, shift, cols,
                      call)
}

# Gaussian bn_data from the case count n, the sums of the shifted columns and their
# cross-products (the upper triangle `pairs`): means, ML sds and correlations.
gaussian_statistics <- function(n, sums, products, pairs, shift, cols, call) {
  scatter <- matrix(0, length(cols), length(cols))
  scatter[pairs] <- products
  scatter[pairs[, 2:1, drop = FALSE]] <- products
  centre <- sums / n
  cov <- scatter / n - tcrossprod(centre)
  means <- stats::setNames(shift + centre, cols)
  sds <- stats::setNames(sqrt(pmax(diag(cov), 0)), cols)
  constant <- cols[sds <= 1e-12 * pmax(1, abs(means))]
  if (length(constant)) {
    lbn_abort("Continuous column{?s} {.val {constant}} {?is/are} constant; drop {?it/them}.",
              "value", call = call)
  }
  cor <- cov / tcrossprod(sds)
  diag(cor) <- 1
  dimnames(cor) <- list(cols, cols)
  structure(list(type = "gaussian",
                 values = stats::setNames(rep(list(numeric()), length(cols)), cols),
                 levels = stats::setNames(vector("list", length(cols)), cols),
                 sources = stats::setNames(rep("numeric", length(cols)), cols),
                 weights = NULL, n_rows = n, n_cases = n, means = means, sds = sds, cor = cor,
                 collinear = collinear_columns(cor, n), statistics_only = TRUE),
            class = "bn_data")
}

# Internal: stops when `data` holds only sufficient statistics (Gaussian data from a
# database) and `what` needs the rows.
check_rows <- function(data, what, call = rlang::caller_env()) {
  if (!isTRUE(data$statistics_only)) return(invisible(data))
  what <- cli::format_inline(what)
  lbn_abort(c(paste0("{what} needs the rows of the data, but {.arg data} holds only their ",
                     "sufficient statistics (computed in a database)."),
              "i" = paste0("Collect the rows into R (e.g. with {.fn dplyr::collect}) and pass ",
                           "the data.frame, if they fit in memory.")),
            "statistics_only", call = call)
}

# Internal: whether `x` is a database connection or a dbplyr lazy table (Spark's too).
is_database <- function(x) inherits(x, c("DBIConnection", "tbl_lazy", "spark_connection"))
