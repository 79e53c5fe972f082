# Conditional independence tests: ci_test() and the test specs shared by the
# constraint-based learners (pc(), minimal_imap()).

# name -> statistic (the core's names, see cpp_registry()), adjusted degrees of freedom,
# permutation test, and whether the test is for continuous data
ci_test_table <- data.frame(
  name = c("x2", "g2", "mi", "x2_adf", "g2_adf", "mi_adf", "x2_perm", "g2_perm", "mi_perm",
           "fisher_z", "fisher_z_perm", "mi_g", "mi_cg", "cg_lrt"),
  statistic = c("pearson_x2", "g2", "g2", "pearson_x2", "g2", "g2", "pearson_x2", "g2", "g2",
                "fisher_z", "fisher_z", "gaussian_g2", "mixed_cg", "cg_lrt"),
  adjusted_df = c(FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, rep(FALSE, 8)),
  permutation = c(FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, FALSE,
                  FALSE, FALSE),
  data_type = c(rep("discrete", 9), rep("gaussian", 3), "mixed", "mixed"),
  label = c("Pearson X2", "G2 (likelihood ratio)", "mutual information (G2 = 2 N MI)",
            "Pearson X2, adjusted df", "G2, adjusted df", "mutual information, adjusted df",
            "Pearson X2 permutation", "G2 permutation", "mutual information permutation",
            "Fisher's z (partial correlation)", "Fisher's z permutation",
            "Gaussian mutual information (G2 = 2 N MI)",
            "conditional Gaussian mutual information (2 N MI)",
            "conditional Gaussian likelihood ratio (Tetrad's)"),
  stringsAsFactors = FALSE)

# bnlearn's names of tests that learnbn calls otherwise (same statistics and p-values).
bnlearn_test_names <- c("x2-adf" = "x2_adf", "mi-adf" = "mi_adf", "mc-x2" = "x2_perm",
                        "mc-mi" = "mi_perm", "zf" = "fisher_z", "mc-zf" = "fisher_z_perm",
                        "mi-g" = "mi_g", "mi-cg" = "mi_cg")

# A checked test spec: list(name, label, statistic, adjusted_df, permutations, seed).
# `test = NULL` means "x2" on discrete data, `gaussian_default` on continuous data and
# "mi_cg" on mixed data.
# `B = NULL` (not given) means 1000 permutations; given with a test that does not
# permute, it is warned about. The seed of the permutation streams is drawn from R's
# RNG only for permutation tests.
ci_test_spec <- function(test, B = NULL, data, gaussian_default = "fisher_z",
                         call = rlang::caller_env()) {
  type <- data_type_of(data)
  if (is.null(test)) test <- switch(type, gaussian = gaussian_default, mixed = "mi_cg", "x2")
  check_string(test, arg = "test", call = call)
  row <- match(test, ci_test_table$name)
  if (is.na(row)) {
    abort_unknown_name(test, ci_test_table$name, "unknown_test", bnlearn_test_names,
                       arg = "test", call = call)
  }
  if (ci_test_table$data_type[row] != type) {
    fits <- ci_test_table$name[ci_test_table$data_type == type]
    kind <- c(discrete = "discrete", gaussian = "continuous", mixed = "mixed")[[type]]
    lbn_abort(c("The {.val {test}} test does not apply to {.arg data}, which {?is/are} {kind}.",
                "i" = "Tests for these data: {.val {fits}}."),
              "data_type", call = call)
  }
  spec <- as.list(ci_test_table[row, ])
  spec$permutations <- 0L
  spec$seed <- 0
  if (!spec$permutation && !is.null(B)) {
    warn_unused_arguments("B", paste0("with the {.val ", test, "} test"),
                          c("i" = paste0("{.arg B} is the number of permutations of the ",
                                         "{.code _perm} tests.")))
  }
  if (spec$permutation) {
    check_rows(data, "The {.val {test}} test", call = call)  # R/data-db.R
    if (is.null(B)) B <- 1000L
    check_number(B, min = 1, max = .Machine$integer.max, whole = TRUE, arg = "B", call = call)
    spec$permutations <- as.integer(B)
    spec$seed <- floor(stats::runif(1) * 2^26) * 2^26 + floor(stats::runif(1) * 2^26)
  }
  spec
}

# Fisher's z has N - |z| - 3 degrees of freedom; a test with none cannot reject
# independence (p = 1, see citest/gaussian.hpp), so a learner would drop an edge for lack
# of cases alone. Said once per learner call, from its log of `tests`.
warn_untestable <- function(tests, spec, n_cases) {
  if (!isTRUE(spec$statistic == "fisher_z")) return(invisible())
  untestable <- tests$df <= 0
  if (!any(untestable)) return(invisible())
  lbn_warn(c(paste0("{sum(untestable)} of {nrow(tests)} test{?s} had too few cases for Fisher's ",
                    "z, which needs more than |z| + 3 cases: with {n_cases}, a test given ",
                    "{max(n_cases - 3, 0)} or more variables cannot reject independence."),
             "i" = paste0("Edges may be missing for lack of cases alone (see {.code info$tests}, ",
                          "{.field df} <= 0); use more ",
                          "cases{if (n_cases > 3) ' or fewer conditioning variables' else ''}.")),
           "too_few_cases")
}

# A test of x and y given z on Gaussian data is undefined when z is collinear or x or y
# is (almost) a linear function of z (no partial correlation); x and y linearly related
# given z is the strongest dependence, which the core reports (p = 0).
check_collinear_tests <- function(data, x, y, z, call) {
  if (!is_gaussian(data)) return(invisible())
  data$collinear <- data_collinear(data)
  for (t in seq_along(x)) {
    for (side in list(x[[t]], y[[t]])) {
      # `what` is only formatted when the check fails.
      check_collinear_set(data, c(z[[t]], side), call = call, what = cli::format_inline(
        "The test of {.val {x[[t]]}} and {.val {y[[t]]}}",
        if (length(z[[t]])) " given {.val {z[[t]]}}", " is undefined on {.arg data}"))
    }
  }
}

check_alpha <- function(alpha, call = rlang::caller_env()) {
  check_number(alpha, min = 0, max = 1, min_open = TRUE, max_open = TRUE, arg = "alpha",
               call = call)
}

abort_fisher_z_sets <- function() {
  lbn_abort("Fisher's z tests single variables; use {.val mi_g} to test sets.", "value",
            call = NULL)
}

# Runs tests x[[t]] _||_ y[[t]] | z[[t]] (lists of node names) as one batch; returns a
# data.frame with columns statistic, df, p_value, n (cases used, see ci_test());
# `progress` is NULL or a progress_reporter() for the permutations.
run_ci_tests <- function(data, spec, x, y, z, threads = 1L, progress = NULL,
                         call = rlang::caller_env()) {
  nodes <- names(data$levels)
  if (spec$statistic == "fisher_z" && any(lengths(x) != 1L | lengths(y) != 1L)) {
    abort_fisher_z_sets()
  }
  check_collinear_tests(data, x, y, z, call)
  index <- function(sets) lapply(sets, function(s) match(s, nodes) - 1L)
  out <- cpp_ci_tests(data, index(x), index(y), index(z), spec, threads, progress)
  as.data.frame(out)
}

#' Conditional independence tests
#'
#' Tests whether `x` and `y` are independent given the variables in `z`, from one pass
#' of counting over the three-way table N\[x, y, z\]. Writing
#' E = N\[x,z\] N\[y,z\] / N\[z\] for the count expected under independence
#' in each stratum of `z`:
#' * `"x2"`: Pearson's X2 = sum (N\[x,y,z\] - E)^2 / E;
#' * `"g2"`, `"mi"`: the likelihood ratio G2 = 2 sum N\[x,y,z\] log(N\[x,y,z\] / E),
#'   which is 2 N times the empirical conditional mutual information (`"mi"` is the
#'   name used by bnlearn; the statistic reported is G2);
#'
#' both with (|X| - 1)(|Y| - 1) prod |Z| degrees of freedom, counting every declared
#' level. The `_adf` variants adjust the degrees of freedom for empty strata and
#' structural zeros: each observed stratum of `z` contributes (rows - 1)(columns - 1),
#' counting only the levels of `x` and `y` observed in it (as bnlearn's `"x2-adf"` and
#' `"mi-adf"`). The `_perm` variants compute the statistic on `B` data sets in which `y`
#' is permuted within the strata of `z`, and report
#' p = (1 + #{permuted statistic >= observed}) / (B + 1); they use R's random number
#' generator, so [set.seed()] reproduces them.
#'
#' On continuous data (see [bn_data()]):
#' * `"fisher_z"`: Fisher's z of the partial correlation r of `x` and `y` given `z`,
#'   `sqrt(N - |z| - 3) atanh(r)`, with a two-sided normal p-value (`df` reports
#'   `N - |z| - 3`). The partial correlation comes from the inverse of the correlation
#'   matrix of `x`, `y` and `z`.
#' * `"fisher_z_perm"`: the same statistic with a permutation p-value: the residuals of
#'   `y` on `z` are shuffled `B` times against those of `x` on `z`.
#' * `"mi_g"`: the Gaussian likelihood ratio G2 = 2 N MI = N log(det C(x, z) det C(y, z) /
#'   (det C(z) det C(x, y, z))), chi-square with |x| |y| degrees of freedom; it also
#'   tests sets of variables (as [minimal_imap()] needs).
#'
#' On mixed data (discrete and continuous columns, see [bn_data()]), `"mi_cg"`: bnlearn
#' 4.9's `"mi-cg"`, the likelihood ratio 2 N MI of two nested conditional linear Gaussian
#' models (regressions of a continuous variable on the continuous ones within each
#' configuration of the discrete ones, with unbiased residual variances as bnlearn's
#' `"loglik-cg"`), chi-square. With `zc` and `zd` the continuous and discrete members of
#' `z` and q the number of configurations of `zd` (all declared levels; 1 if none):
#' * `x`, `y` continuous: the regression of `y` on `zc` within `zd`'s configurations,
#'   with and without `x`; df q (given nothing at all: -N log(1 - r^2), df 1);
#' * one discrete `d`, one continuous `c`: the regression of `c` on `zc` within the
#'   configurations of `zd`, with and without `d` among them; df (|d| - 1) q (|zc| + 2);
#' * `x`, `y` discrete: G2 of `x` and `y` given `zd`, df (|x| - 1)(|y| - 1) q, plus, when
#'   `zc` is not empty, bnlearn's chain-rule terms for the continuous `g_1, ..., g_k` of
#'   `zc`: 2 sum_i (ll(g_i | g_>i, `y` and `zd`) - ll(g_i | g_>i, `zd`)), with
#'   q k (k + 3) / 2 (|y| - 1) more degrees of freedom when `zd` is not empty (none
#'   otherwise, as in bnlearn); this case is not symmetric in `x` and `y`.
#' A term whose models include a singular one (an exact fit, or a configuration with no
#' more cases than coefficients) counts 0, as in bnlearn; `ci_test()` and [pc()] then warn
#' (class `learnbn_warning_singular`), since such a test cannot reject independence.
#'
#' Also on mixed data, `"cg_lrt"`: the likelihood-ratio test of the `"cg_bic"` score (see
#' [bn_score()]), as Tetrad's `IndTestConditionalGaussianLrt`: 2 (L(`y` | `x`, `z`) -
#' L(`y` | `z`)), with L the score's likelihood of a family (joint conditional Gaussian
#' likelihoods, cells under 4 cases left out), chi-square with the difference of the
#' score's degrees of freedom. It is not symmetric in `x` and `y`; where L is undefined
#' (a cell's covariance determinant below 1e-12) the test gives p = 1.
#'
#' A test whose `z` is collinear, or whose `x` or `y` is (almost) a linear function of
#' `z`, has no partial correlation: it is an error of class `learnbn_error_collinear`
#' naming the columns (see "Collinear columns" in [bn_data()]). `x` and `y` exactly
#' linearly related given `z` is the strongest dependence: p = 0 (and G2 = `Inf`).
#'
#' **Missing values.** On a [bn_data()] object built with `missing = "allow"`, each test
#' uses the available cases: the rows observed on `x`, `y` and every variable of `z`
#' (rows missing elsewhere still count). The statistic, degrees of freedom and
#' permutations are those of the test on that subset of rows, and `n` reports its size.
#'
#' @param data A data.frame or a [bn_data()] object, discrete, continuous or mixed
#'   (discrete data may have missing values, see Details).
#' @param x,y Names of the two variables tested.
#' @param z Names of the conditioning variables (none by default).
#' @param test One of `"x2"`, `"g2"`, `"mi"`, `"x2_adf"`, `"g2_adf"`, `"mi_adf"`,
#'   `"x2_perm"`, `"g2_perm"`, `"mi_perm"` (discrete data) or `"fisher_z"`,
#'   `"fisher_z_perm"`, `"mi_g"` (continuous data) or `"mi_cg"`, `"cg_lrt"` (mixed data).
#'   `NULL`
#'   means `"x2"` on discrete data, `"fisher_z"` on continuous data and `"mi_cg"` on mixed
#'   data. bnlearn's names (`"x2-adf"`, `"mi-adf"`, `"mc-x2"`, `"mc-mi"`, `"zf"`,
#'   `"mc-zf"`, `"mi-g"`, `"mi-cg"`) are errors that give learnbn's
#'   name; other unknown names suggest the closest ones.
#' @param B Number of permutations of the permutation tests (a warning of class
#'   `learnbn_warning_unused_argument` when given with another test).
#' @return A `bn_citest` object: a list with `test`, `x`, `y`, `z`, `statistic`, `df`,
#'   `p_value`, `n` (the number of cases used: the available cases of the test when
#'   the data have missing values) and, for permutation tests, `B`.
#' @family independence tests
#' @export
#' @examples
#' cp <- bn_data(college_plans, counts = "count")
#' ci_test(cp, "SEX", "IQ")
#' ci_test(cp, "SEX", "CP", "PE")
#' fl <- bn_data(florida, counts = "count")
#' ci_test(fl, "D", "I", c("V", "R"), test = "g2")
#' set.seed(1)
#' ci_test(fl, "V", "S", "I", test = "x2_perm", B = 200)
#' ci_test(iris[1:4], "Sepal.Length", "Petal.Width", "Petal.Length")
#' # mixed data: the mi_cg test
#' ci_test(iris, "Sepal.Length", "Sepal.Width", "Species")
#' # available cases: each test uses the rows observed on its variables
#' fl_rows <- as.data.frame(fl)[rep(seq_len(fl$n_rows), fl$weights), 1:5]
#' fl_rows$R[seq(1, nrow(fl_rows), by = 7)] <- NA
#' ci_test(bn_data(fl_rows, missing = "allow"), "D", "I", "R")
ci_test <- function(data, x, y, z = character(), test = NULL, B = 1000L) {
  data <- as_bn_data(data)
  nodes <- names(data$levels)
  check_string(x)
  check_string(y)
  check_nodes(x, nodes)
  check_nodes(y, nodes)
  check_nodes(z, nodes)
  if (x == y) lbn_abort("{.arg x} and {.arg y} must differ, but both are {.val {x}}.", "value")
  if (any(c(x, y) %in% z)) {
    lbn_abort(paste0("{.arg z} must not contain {.arg x} or {.arg y}, but contains ",
                     "{.val {intersect(c(x, y), z)}}."),
              "value")
  }
  spec <- ci_test_spec(test, if (!missing(B)) B, data)
  progress <- if (spec$permutation) progress_reporter(c(permutations = "Permutation test"))
  on.exit(progress_close(progress), add = TRUE)
  res <- run_ci_tests(data, spec, list(x), list(y), list(as.character(z)), progress = progress)
  warn_singular_tests(list2DF(list(x = x, y = y, z = paste(z, collapse = ";"),
                                   statistic = res$statistic, df = res$df)), spec, data,
                      learner = FALSE)
  structure(list(test = spec$name, x = x, y = y, z = as.character(z),
                 statistic = res$statistic, df = res$df, p_value = res$p_value,
                 n = res$n, B = if (spec$permutation) spec$permutations),
            class = "bn_citest")
}

# "x _||_ y | z1, z2" in ASCII
format_ci_statement <- function(x, y, z) {
  paste0(x, " _||_ ", y, ifelse(nzchar(z), paste0(" | ", gsub(";", ", ", z, fixed = TRUE)), ""))
}

#' @export
print.bn_citest <- function(x, digits = 4, ...) {
  check_number(digits, min = 1, max = 20, whole = TRUE)  # the statistic gets 2 more
  label <- ci_test_table$label[ci_test_table$name == x$test]
  cat("<bn_citest> ", label, ": ",
      format_ci_statement(x$x, x$y, paste(x$z, collapse = ";")), "\n", sep = "")
  cat("  statistic ", format(x$statistic, digits = digits + 2), ", df ", format(x$df),
      ", p-value ", format(x$p_value, digits = digits),
      if (!is.null(x$B)) paste0(" (", x$B, " permutations)"),
      ", n = ", format_count(x$n), "\n", sep = "")
  invisible(x)
}
