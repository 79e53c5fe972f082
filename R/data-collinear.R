# Collinear continuous columns: found once per data set (with_gaussian_stats()), refused
# by learners, scores, tests and Gaussian fits.
#
# A linear-Gaussian family needs the correlation block of its variables to be positive
# definite. A column that is (almost) a linear function of others has a residual variance
# ratio 1 - R^2 of (almost) 0: its likelihood scores are -Inf and its partial correlations
# undefined, so a search would drop the strongest dependence of the data and a test would
# read it as independence. Columns are collinear when 1 - R^2 < collinear_tolerance, judged
# on the correlation scale, so that the units of the columns do not matter.
#
# Why 1e-10: the correlations are computed once, in double precision from centred columns,
# with relative errors of a few 1e-16 times sqrt(N) (about 1e-13 for a million rows), and
# the pivot 1 - w'w of a Cholesky factor of the correlation matrix loses no more than a few
# 1e-16 per variable to cancellation; at 1e-10 it keeps three correct digits or more, below
# that log(1 - R^2), and so every score and test, would be rounding noise. It is also the
# core's limit for a singular parent block (score/gaussian.hpp), so no family of data that
# passes the check scores -Inf there. lm() still fits b = 2 a + N(0, 1e-12) (1 - R^2 about
# 2.5e-13 when sd(a) = 1), but only from the rows; the statistics cannot tell it from b = 2 a.
collinear_tolerance <- 1e-10

# The collinear columns of a correlation matrix `cor` of data with `n_rows` rows: a list of
# findings list(column, candidates, ratio) (indices into `cor`; `column` has 1 - R^2 =
# `ratio` < collinear_tolerance given `candidates`), empty when there are none. One
# Cholesky factor (and its inverse: 1 - R^2 of each column given all others) decides
# that nothing is collinear; otherwise sequential_collinear() names the columns.
collinear_columns <- function(cor, n_rows) {
  p <- ncol(cor)
  if (p == 0L) return(list())
  factor <- if (p <= n_rows - 1) tryCatch(chol(cor), error = function(e) NULL)
  if (!is.null(factor) && min(diag(factor))^2 >= collinear_tolerance &&
      min(1 / diag(chol2inv(factor))) >= collinear_tolerance) {
    return(list())
  }
  sequential_collinear(cor, n_rows)
}

# Each column in turn is regressed on the columns kept before it (a Cholesky factor grown
# by one column at a time): a column with 1 - R^2 < collinear_tolerance is a finding, any
# other is kept. n rows span n - 1 centred dimensions, so once n - 1 columns are kept
# every later column is a linear function of them whatever the data: those are only
# compared with each column before them (a scaled or shifted copy, unless the data have
# two rows, where every pair is one). When no column is
# found but 1 - R^2 of some column given all the others is below the limit (possible
# however the columns are ordered), that column is the finding.
sequential_collinear <- function(cor, n_rows) {
  kept <- integer()
  factor <- matrix(0, 0, 0)  # upper triangular, crossprod(factor) = cor[kept, kept]
  findings <- list()
  for (j in seq_len(ncol(cor))) {
    if (length(kept) >= n_rows - 1) {
      if (n_rows <= 2) next  # one centred dimension: every pair is a copy
      twin <- unname(which(abs(cor[seq_len(j - 1L), j]) >= sqrt(1 - collinear_tolerance)))
      if (length(twin)) {
        findings <- c(findings, list(collinear_finding(j, twin[1L], 1 - cor[twin[1L], j]^2)))
      }
      next
    }
    w <- if (length(kept)) backsolve(factor, cor[kept, j], transpose = TRUE) else numeric()
    ratio <- cor[j, j] - sum(w^2)
    if (ratio < collinear_tolerance) {
      findings <- c(findings, list(collinear_finding(j, kept, ratio)))
      next
    }
    factor <- rbind(cbind(factor, w, deparse.level = 0), c(rep(0, length(kept)), sqrt(ratio)))
    kept <- c(kept, j)
  }
  if (length(findings) || length(kept) < ncol(cor)) return(findings)
  given_others <- 1 / diag(chol2inv(factor))
  j <- which.min(given_others)
  if (given_others[j] >= collinear_tolerance) return(list())
  list(collinear_finding(j, seq_len(ncol(cor))[-j], given_others[j]))
}

collinear_finding <- function(column, candidates, ratio) {
  list(column = column, candidates = candidates, ratio = max(ratio, 0))
}

# The collinear findings of Gaussian data, computed by with_gaussian_stats() and dropped
# by data_subset() (a subset may have none); recomputed here when absent.
data_collinear <- function(data) {
  if (is.null(data$collinear)) collinear_columns(data$cor, data$n_rows) else data$collinear
}

# Learners: stops when any columns of Gaussian `data` (continuous columns of mixed data)
# are collinear.
check_not_collinear <- function(data, call = rlang::caller_env()) {
  if (is_mixed(data)) return(check_not_collinear_mixed(data, call))  # R/data-mixed-bad.R
  if (!is_gaussian(data)) return(invisible(data))
  findings <- data_collinear(data)
  if (!length(findings)) return(invisible(data))
  what <- paste0("{.arg data} has collinear columns, so linear-Gaussian scores and tests are ",
                 "undefined on them")
  abort_collinear(what, data$cor, findings, call)
}

# Scores and tests: stops when the variables `vars` (names, in the order that the message
# should follow: a variable is explained by those before it) are collinear in `data`.
# Data with no finding need no check, except when they have more columns than rows: then
# only part of the collinearity is found up front (see sequential_collinear()).
check_collinear_set <- function(data, vars, what, call = rlang::caller_env()) {
  if (!is_gaussian(data) || length(vars) < 2L) return(invisible(data))
  if (!length(data_collinear(data)) && length(data$levels) <= data$n_rows - 1) {
    return(invisible(data))
  }
  cor <- data$cor[vars, vars, drop = FALSE]
  findings <- collinear_columns(cor, data$n_rows)
  if (length(findings)) abort_collinear(what, cor, findings, call)
  invisible(data)
}

# "<what>: b is (almost) a linear function of a (1 - R^2 = 2.5e-13); ...", naming at most
# three findings, each by a few of its candidates that explain it (collinear_predictors()).
abort_collinear <- function(what, cor, findings, call) {
  shown <- utils::head(findings, 3L)
  details <- vapply(shown, function(f) {
    predictors <- collinear_predictors(cor, f$column, f$candidates)
    ratio <- if (length(predictors$chosen) == length(f$candidates)) f$ratio else predictors$ratio
    cli::format_inline("{.val {colnames(cor)[f$column]}} is (almost) a linear function of ",
                       "{list_few(colnames(cor)[predictors$chosen], quote = TRUE)} ",
                       "(1 - R^2 = {format(signif(ratio, 2))})")
  }, character(1))
  more <- length(findings) - length(shown)
  detail <- paste0(paste(details, collapse = "; "),
                   if (more > 0) paste0("; and ", format(more, big.mark = ","), " more"))
  lbn_abort(c(paste0(what, ": {detail}."),
              "i" = paste0("Drop or combine the collinear columns (for example keep one of each ",
                           "group, or their sum): a linear-Gaussian network has no density for an ",
                           "exact linear relation. Columns count as collinear when 1 - R^2 < ",
                           "{format(collinear_tolerance)}.")),
            c("collinear", "value"), call = call)
}

# A few of `candidates` that explain `column` to 1 - R^2 < collinear_tolerance, chosen
# greedily (each step the candidate that most reduces the residual, then residualising on
# it, a sweep of the correlation block), for messages: list(chosen, ratio).
collinear_predictors <- function(cor, column, candidates) {
  m <- cor[c(candidates, column), c(candidates, column), drop = FALSE]
  target <- length(candidates) + 1L
  chosen <- integer()
  open <- seq_along(candidates)
  while (length(open) && m[target, target] >= collinear_tolerance) {
    usable <- open[diag(m)[open] > collinear_tolerance]
    if (!length(usable)) break
    best <- usable[which.max(m[usable, target]^2 / diag(m)[usable])]
    m <- m - tcrossprod(m[, best]) / m[best, best]
    chosen <- c(chosen, best)
    open <- setdiff(open, best)
  }
  list(chosen = candidates[chosen], ratio = max(m[target, target], 0))
}
