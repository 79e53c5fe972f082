# Missing cells keep the code 255 in raw columns (so those hold at most 255 levels when
# a value is missing) and 65535 in integer ones; both exceed any valid code, which is
# how the C++ core recognises them (code >= cardinality).
missing_code_raw <- 255L

missing_code_int <- 65535L

# Every column of `x` as 1-based codes (NA where missing), with its levels and its source
# (the kind of column it was). A factor's codes are its own, so a frame of factors is
# neither copied nor handled column by column in R.
column_codes <- function(x, call) {
  codes <- as.list(x)
  levels <- lapply(codes, levels)
  sources <- rep("factor", length(codes))
  for (j in which(!vapply(codes, is.factor, NA))) {
    column <- recode_column(codes[[j]], names(x)[j], call)
    codes[[j]] <- column$codes
    levels[[j]] <- column$levels
    sources[j] <- column$source
  }
  names(sources) <- names(x)
  list(codes = codes, levels = levels, sources = sources)
}

# A column that is not a factor as 1-based codes, its levels and its source.
recode_column <- function(col, name, call) {
  if (is.logical(col)) {
    list(codes = as.integer(col) + 1L, levels = c("FALSE", "TRUE"), source = "logical")
  } else if (is.character(col)) {
    levels <- sort(unique(col[!is.na(col)]))
    list(codes = match(col, levels), levels = levels, source = "character")
  } else if (is.numeric(col)) {
    observed <- col[!is.na(col)]
    bad <- !is.finite(observed) | observed != round(observed)
    if (any(bad)) {
      lbn_abort(c(paste0("Column {.val {name}} is numeric with non-integer values such as ",
                         "{.val {observed[bad][1]}}."),
                  "i" = "Discrete data need factors, characters, logicals or whole numbers."),
                "continuous", call = call)
    }
    values <- sort(unique(observed))
    list(codes = match(col, values), levels = as.character(values), source = "whole number")
  } else {
    lbn_abort(paste0("Column {.val {name}} is {.obj_type_friendly {col}}; use a factor, ",
                     "character, logical or whole-number column."),
              "type", call = call)
  }
}

# Levels a column cannot have: NA as a factor level, more than max_levels; a single level
# is warned about (every such column in one warning).
check_levels <- function(levels, sources, call) {
  na_level <- sources == "factor" & vapply(levels, anyNA, NA)
  if (any(na_level)) {
    lbn_abort(c(paste0("Column {.val {names(levels)[na_level][1]}} is a factor with {.code NA} as ",
                       "a level."),
                "i" = "Missing values must be left as {.code NA}, not coded as a level."),
              "missing", call = call)
  }
  n_levels <- lengths(levels)
  if (any(n_levels > max_levels)) {
    name <- names(levels)[n_levels > max_levels][1]
    lbn_abort(c(paste0("Column {.val {name}} has {n_levels[[name]]} levels; at most {max_levels} ",
                       "are supported."),
                "i" = "Is it an identifier or a continuous variable? Drop or discretise it."),
              "too_many_levels", call = call)
  }
  single <- names(levels)[n_levels == 1L]
  if (!length(single)) return(invisible())
  shown <- vapply(single, function(name) cli::format_inline(paste0("{.val {name}} ",
                                                                   "({.val {levels[[name]]}})")),
                                                                   "")
  n <- cli::qty(length(single))
  lbn_warn(paste0("{n}Column{?s} {list_few(shown)} {n}{?has/have} a single level; {n}{?it/they} ",
                  "cannot depend on anything."),
           "single_level")
}

# 1-based codes (NA where missing) stored 0-based as the core reads them: raw when they
# fit, missing cells as the missing code.
encode_codes <- function(codes, n_levels) {
  cpp_encode_codes(list(codes), n_levels, missing_code_raw, missing_code_int)$codes[[1]]
}
