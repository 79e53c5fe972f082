# Joint marginals of a fitted network by variable elimination, for BDe's prior counts
# alpha_ijk = iss * P(x_i = k, pa_i = j). Factors are arrays with named dimnames.

# P(vars) as an array with dims in the order of `vars`.
family_marginal <- function(fit, vars) {
  parents <- graph_parents(fit$graph)
  relevant <- ancestral_set(vars, parents)
  order <- topological_order(fit$graph)
  factors <- fit$cpts[intersect(order, relevant)]
  for (v in rev(setdiff(intersect(order, relevant), vars))) {
    uses <- vapply(factors, function(f) v %in% names(dimnames(f)), logical(1))
    product <- Reduce(factor_product, factors[uses])
    factors <- c(factors[!uses], list(factor_sum_out(product, v)))
  }
  joint <- Reduce(factor_product, factors)
  aperm(joint, match(vars, names(dimnames(joint))))
}

ancestral_set <- function(vars, parents) {
  found <- vars
  frontier <- vars
  while (length(frontier)) {
    frontier <- setdiff(unlist(parents[frontier], use.names = FALSE), found)
    found <- c(found, frontier)
  }
  found
}

factor_vars <- function(f) names(dimnames(f))

factor_product <- function(a, b) {
  levels <- c(dimnames(a), dimnames(b))
  levels <- levels[unique(names(levels))]
  dims <- lengths(levels)
  if (!length(dims)) return(as.numeric(a) * as.numeric(b))
  cells <- prod(as.numeric(dims))
  if (cells > max_dense_cells) {
    lbn_abort("The prior network's joint marginal of {list_few(names(levels), quote = TRUE)} would have {format_count(cells)} cells, more than the limit of {format_count(max_dense_cells)}; it is too large to compute.",
              "too_large", call = NULL)
  }
  array(expand_factor(a, dims) * expand_factor(b, dims), dim = dims, dimnames = levels)
}

# The values of factor f at every cell of the array with dims `dims` (named by variable).
expand_factor <- function(f, dims) {
  vars <- factor_vars(f)
  if (!length(vars)) return(rep(as.numeric(f), prod(dims)))
  cells <- seq_len(prod(dims)) - 1
  full_stride <- cumprod(c(1, dims))[seq_along(dims)]
  names(full_stride) <- names(dims)
  own_stride <- cumprod(c(1, dim(f)))[seq_along(vars)]
  index <- 0
  for (i in seq_along(vars)) {
    v <- vars[i]
    index <- index + ((cells %/% full_stride[[v]]) %% dims[[v]]) * own_stride[i]
  }
  as.numeric(f)[index + 1]
}

factor_sum_out <- function(f, v) {
  vars <- factor_vars(f)
  k <- match(v, vars)
  if (length(vars) == 1L) return(sum(f))
  moved <- aperm(f, c(seq_along(vars)[-k], k))
  sums <- rowSums(matrix(moved, ncol = dim(f)[k]))
  array(sums, dim = dim(f)[-k], dimnames = dimnames(f)[-k])
}
