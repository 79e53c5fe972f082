# Continuous data from a database (bn_data(), R/data-db.R): the sufficient statistics of
# a linear-Gaussian network computed in the database, and the statistics-only bn_data they
# make, which holds no rows.

# Gaussian data: one query of COUNT(*), SUM(x) and SUM(x * y) for every pair, each
# column shifted by about its mean (from the sample) so that the cross-products do not
# lose the digits of the covariances. The result holds no rows: see check_rows().
db_gaussian <- function(source, cols, counts, sample, call) {
  shift <- vapply(sample[cols], function(v) mean(as.numeric(v), na.rm = TRUE), numeric(1))
  shift <- sprintf("%.5e", ifelse(is.finite(shift), shift, 0))  # R reads the SQL literal
  centred <- sprintf("(%s - %s)", db_names(source, cols), shift)
  w <- if (!is.null(counts)) db_names(source, counts)
  weigh <- if (is.null(w)) "" else paste0(w, " * ")
  p <- length(cols)
  pairs <- which(upper.tri(diag(p), diag = TRUE), arr.ind = TRUE)
  exprs <- c(n = if (is.null(w)) "COUNT(*)" else sprintf("SUM(%s)", w),
             stats::setNames(sprintf("SUM(%s%s)", weigh, centred), paste0("s", seq_len(p))),
             stats::setNames(sprintf("SUM(%s%s * %s)", weigh, centred[pairs[, 1]],
                                     centred[pairs[, 2]]), paste0("p", seq_len(nrow(pairs)))))
  got <- db_select(source, exprs)
  gaussian_statistics(got[[1]], got[1 + seq_len(p)], got[-seq_len(p + 1)], pairs,
                      as.numeric(shift), cols, call)
}

# Gaussian bn_data from the case count n, the sums of the shifted columns and their
# cross-products (the upper triangle `pairs`): means, ML sds and correlations.
gaussian_statistics <- function(n, sums, products, pairs, shift, cols, call) {
  scatter <- matrix(0, length(cols), length(cols))
  scatter[pairs] <- products
  scatter[pairs[, 2:1, drop = FALSE]] <- products
  centre <- unname(sums) / n
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
# database) and `what` (cli markup, evaluated in the caller) needs the rows.
check_rows <- function(data, what, arg = "data", call = rlang::caller_env()) {
  if (!isTRUE(data$statistics_only)) return(invisible(data))
  what <- cli::format_inline(what, .envir = parent.frame())
  lbn_abort(c(paste0("{what} needs the rows of the data, but {.arg {arg}} holds only their ",
                     "sufficient statistics (computed in a database)."),
              "i" = paste0("Collect the rows into R (e.g. with {.fn dplyr::collect}) and pass ",
                           "the data.frame, if they fit in memory.")),
            "statistics_only", call = call)
}
