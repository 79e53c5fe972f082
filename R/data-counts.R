# Internal counting helpers over bn_data.

# The same data restricted to `nodes` (in that order).
data_subset <- function(data, nodes) {
  data$levels <- data$levels[nodes]
  if (!is.null(data$sources)) data$sources <- data$sources[nodes]
  if (is_gaussian(data)) {
    data$values <- data$values[nodes]
    data$means <- data$means[nodes]
    data$sds <- data$sds[nodes]
    data$cor <- data$cor[nodes, nodes, drop = FALSE]
    data$collinear <- NULL  # the findings index the old columns; see data_collinear()
  } else {
    data$codes <- data$codes[nodes]
    if (!is.null(data$missing)) data$missing <- data$missing[nodes]
  }
  if (is_mixed(data)) data <- mixed_subset(data, nodes)  # R/data-mixed.R
  if (!is.null(data$interventions)) {
    kept <- intersect(nodes, names(data$interventions))
    data["interventions"] <- list(if (length(kept)) data$interventions[kept])
  }
  data
}

# Largest contingency table handed to R as a dense array.
max_dense_cells <- 2^27

# Weighted counts N_ijk of `node` and its `parents` as an array with dims
# c(r_node, r_parent1, ...) and named dimnames.
family_table <- function(data, node, parents = character(), call = rlang::caller_env()) {
  check_data_type(data, "discrete", "A contingency table", call = call)
  all_nodes <- names(data$levels)
  vars <- c(node, parents)
  check_nodes(vars, all_nodes, arg = "node", call = call)
  # Missing cells outside the family do not matter to its counts.
  family <- data_subset(data, vars)
  check_complete(family, "Counting a family table", call = call)
  levels <- data$levels[vars]
  cells <- prod(as.numeric(lengths(levels)))
  if (cells > max_dense_cells) {
    lbn_abort(c(paste0("The table of {.val {node}} and its parents would have ",
                       "{format_count(cells)} cells."),
                "i" = paste0("At most {format_count(max_dense_cells)} cells fit in a dense table; ",
                             "use fewer parents.")),
              "too_large", call = call)
  }
  counts <- cpp_family_table(family, 0L, seq_along(parents))
  array(counts, dim = lengths(levels), dimnames = levels)
}

# bn_data()'s sources: a table as a count table, and a column of case counts checked.
table_to_frame <- function(x, arg = "x", call = rlang::caller_env()) {
  frame <- as.data.frame(x, stringsAsFactors = TRUE, responseName = ".count")
  if (is.null(names(dimnames(x))) || any(!nzchar(names(dimnames(x))))) {
    lbn_abort(paste0("{.arg {arg}} is a table without names on every dimension; name them with ",
                     "{.code names(dimnames({arg})) <- ...}."),
              "value", call = call)
  }
  frame
}

check_counts <- function(counts, name, call = rlang::caller_env()) {
  if (!is.numeric(counts)) {
    lbn_abort("The counts column {.val {name}} must be numeric, not {.obj_type_friendly {counts}}.",
              "counts", call = call)
  }
  bad <- which(is.na(counts) | !is.finite(counts) | counts < 0 | counts != round(counts))
  if (length(bad)) {
    lbn_abort(c("The counts column {.val {name}} must hold non-negative whole numbers.",
                "x" = paste0("Row {bad[1]} has {.val {counts[bad[1]]}} ({length(bad)} bad row{?s} ",
                             "in all).")),
              "counts", call = call)
  }
  as.numeric(counts)
}
