# Methods of bn_data objects: print, dim, dimnames, as.data.frame, nodes; and the codes of
# one column.

#' @export
print.bn_data <- function(x, ...) {
  cards <- lengths(x$levels)
  kind <- switch(data_type_of(x), gaussian = "continuous", mixed = "mixed", "discrete")
  counts <- if (!is.null(x$weights)) {
    paste0(" in ", format_count(x$n_rows), " weighted rows",
           if (!is.null(x$counts)) paste0(" (counts: ", x$counts, ")"))
  }
  cli::cat_line("<bn_data> ", length(cards), " ", kind, " variables, ",
                format_count(x$n_cases), " cases", counts)
  shown <- ifelse(names(cards) %in% continuous_nodes(x), names(cards),
                  paste0(names(cards), " (", cards, ")"))
  # One line per kind of source column, so that numbers made discrete stand out.
  sources <- if (is.null(x$sources)) rep(kind, length(cards)) else x$sources
  for (source in unique(sources)) {
    label <- source_labels[[source]]
    cli::cat_line(strwrap(paste0(label, ": ", paste(shown[sources == source], collapse = ", ")),
                          indent = 2, exdent = 4))
  }
  if (isTRUE(x$statistics_only)) {
    cli::cat_line("  sufficient statistics only (computed in a database), no rows")
  }
  if (has_missing(x)) {
    cli::cat_line("  missing cells: ", paste0(names(x$missing)[x$missing > 0], " (",
                                              x$missing[x$missing > 0], ")", collapse = ", "))
  }
  interventions_line(x)  # R/data-interventions.R
  invisible(x)
}

# How print.bn_data() introduces the columns of each source.
source_labels <- c(factor = "from factors", character = "from strings",
                   logical = "from logicals", `whole number` = "from whole numbers",
                   numeric = "continuous", discrete = "discrete", continuous = "continuous")

#' @export
dim.bn_data <- function(x) c(x$n_rows, length(x$levels))

#' @export
dimnames.bn_data <- function(x) list(NULL, names(x$levels))

#' Convert `bn_data` back to a data.frame
#'
#' @param x A [bn_data()] object.
#' @param row.names,optional Ignored.
#' @param ... Ignored.
#' @return A data.frame of factors with the declared levels (`NA` where a value is
#'   missing) or of numeric columns for continuous data, plus a `count` column when the
#'   data carry case counts (named by the attribute `"counts"`, so that [bn_data()]
#'   uses it as counts again). Discrete data also get the attribute `declared_levels`,
#'   so that [bn_data()] does not warn about their levels that occur in no row.
#' @export
#' @examples
#' head(as.data.frame(bn_data(college_plans, counts = "count")))
as.data.frame.bn_data <- function(x, row.names = NULL, optional = FALSE, ...) {
  check_rows(x, "{.fn as.data.frame}", arg = "x")
  continuous <- continuous_nodes(x)
  frame <- as.data.frame(lapply(names(x$levels), function(name) {
    if (name %in% continuous) return(x$values[[name]])
    factor(x$levels[[name]][data_codes(x, name) + 1L], levels = x$levels[[name]])
  }), col.names = names(x$levels), optional = TRUE)
  names(frame) <- names(x$levels)
  if (!is.null(x$weights)) {
    frame$count <- x$weights
    attr(frame, "counts") <- "count"
  }
  if (is_gaussian(x)) frame else declare_levels(frame)
}

# Internal: a column's 0-based codes as integers, NA where missing.
data_codes <- function(data, node) {
  codes <- as.integer(data$codes[[node]])
  codes[codes >= length(data$levels[[node]])] <- NA_integer_
  codes
}

#' @rdname nodes
#' @export
#' @order 3
nodes.bn_data <- function(g, ...) {
  names(g$levels)
}
