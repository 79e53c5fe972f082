# Bad input of mixed data that only shows in the continuous columns or in one
# configuration of the discrete ones: collinear continuous columns (refused by learners),
# and tests that a singular model decided (counted 0, as bnlearn's; a warning).

# Learners: stops when continuous columns of mixed data are collinear (on the rows where
# they are all observed): a column that is a linear function of others is an exact fit
# in every configuration, so its family scores -Inf and mi_cg counts its tests 0, and the
# strongest dependence of the data would be dropped without a word.
check_not_collinear_mixed <- function(data, call = rlang::caller_env()) {
  continuous <- continuous_nodes(data)
  if (length(continuous) < 2L) return(invisible(data))
  cases <- observed_cases(data$values[continuous], data$weights)  # R/data-mixed.R
  n_cases <- length(cases$values[[1L]])
  if (n_cases < 3L) return(invisible(data))
  stats <- cpp_gaussian_stats(cases$values, cases$weights)
  cor <- matrix(stats$cor, length(continuous), dimnames = list(continuous, continuous))
  findings <- collinear_columns(cor, n_cases)
  if (!length(findings)) return(invisible(data))
  what <- paste0("{.arg data} has collinear continuous columns, so conditional Gaussian ",
                 "scores and tests are undefined on them")
  abort_collinear(what, cor, findings, call)
}

# pc() and ci_test() on mixed data: a warning for the tests taken as independence because
# a model of theirs was singular (a configuration of the discrete variables with no more
# cases than regression coefficients, or an exact fit): mi_cg counts such a term 0 and
# cg_lrt gives p = 1, as bnlearn and Tetrad do, so an edge may go for lack of cases.
# `tests` has columns x, y, z (names joined by ";"), statistic, df. A statistic of exactly
# 0 with degrees of freedom marks them (two discrete variables given discrete ones are a
# plain G2, which may be 0 on its own).
warn_singular_tests <- function(tests, spec, data, learner = TRUE) {
  if (!spec$name %in% c("mi_cg", "cg_lrt") || !nrow(tests)) return(invisible())
  continuous <- continuous_nodes(data)
  zero <- which(tests$statistic == 0 & tests$df > 0)
  singular <- zero[vapply(zero, function(t) {
    any(c(tests$x[t], tests$y[t], strsplit(tests$z[t], ";", fixed = TRUE)[[1]]) %in%
          continuous)
  }, NA)]
  if (!length(singular)) return(invisible())
  shown <- utils::head(singular, 3L)
  examples <- format_ci_statement(tests$x[shown], tests$y[shown], tests$z[shown])
  more <- if (length(singular) > 3L) {
    paste0(" (and ", format_count(length(singular) - 3L), " more)")
  } else ""
  n <- cli::qty(length(singular))
  count <- if (learner) {
    paste0("{format_count(length(singular))} of {format_count(nrow(tests))} ",
           "{cli::qty(nrow(tests))}test{?s}")
  } else "The test"
  lbn_warn(c(paste0(count, " had a singular model (a configuration of the discrete ",
                    "variables with no more cases than regression coefficients, or an exact ",
                    "fit) and {n}{?was/were} taken as independence (statistic 0, as ",
                    "{if (spec$name == 'mi_cg') 'bnlearn' else 'Tetrad'} does): ",
                    "{examples}{more}."),
             "i" = if (learner) {
               paste0("Edges may be missing for lack of cases alone (see ",
                      "{.code info$tests}); use more cases, fewer conditioning variables ",
                      "({.arg max_cond}), or merge rare levels.")
             } else "Use more cases, fewer conditioning variables, or merge rare levels."),
           "singular")
}
