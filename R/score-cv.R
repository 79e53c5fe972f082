# The folds of the "cv" score: drawn when bn_score() builds it, dealt to the cases
# when the score meets the data.

# Stores the folds of the cv score: a count with a seed drawn from R's RNG now, or ids.
cv_fold_spec <- function(score, folds, call = rlang::caller_env()) {
  if (is.null(folds)) folds <- 10
  if (length(folds) == 1L) {
    check_number(folds, min = 2, max = .Machine$integer.max, whole = TRUE, call = call)
    score$folds <- as.integer(folds)
    score$fold_seed <- sample.int(.Machine$integer.max, 1L)
    return(score)
  }
  if (!is.numeric(folds) || anyNA(folds) || any(folds < 1 | folds != round(folds))) {
    lbn_abort(paste0("{.arg folds} must be a number of folds or fold ids 1, 2, ..., k, not ",
                     "{.obj_type_friendly {folds}}."),
              "value", call = call)
  }
  score$folds <- as.integer(max(folds))
  score$fold_ids <- as.integer(folds)
  score
}

# For the cv score: the data with the 0-based test fold of every row attached (`fold`,
# `n_folds`, read by the C++ glue). A weighted row whose cases fall in several folds is
# split into one row per fold. Other scores get the data unchanged.
with_cv_folds <- function(data, score, call = rlang::caller_env()) {
  if (!identical(score$type, "cv")) return(data)
  if (!is.null(data$interventions)) {
    lbn_abort(c("The {.val cv} score does not support interventional data.",
                "i" = "Use a Dirichlet or likelihood score, such as {.val bdeu} or {.val bic}."),
              "value", call = call)
  }
  assignment <- score[c("folds", "fold_seed", "fold_ids")]
  if (identical(data$fold_assignment, assignment)) return(data)  # already dealt by this score
  n_cases <- data$n_cases
  case_fold <- score$fold_ids
  if (score$folds > n_cases) {
    lbn_abort(c(paste0("The {.val cv} score asks for {.arg folds} = {format_count(score$folds)} ",
                       "folds, more than the {format_count(n_cases)} {cli::qty(n_cases)}case{?s} ",
                       "of the data."),
                "i" = "Use at most {format_count(n_cases)} folds; 5 or 10 are usual."),
              "value", call = call)
  }
  if (is.null(case_fold)) {
    if (n_cases > 1e8) {
      lbn_abort("The {.val cv} score deals at most 1e8 cases to folds, not {n_cases}.",
                "too_large", call = call)
    }
    case_fold <- with_seed(score$fold_seed, sample(rep_len(seq_len(score$folds), n_cases)))
  } else if (length(case_fold) != n_cases) {
    lbn_abort(paste0("{.arg folds} gives {length(case_fold)} fold id{?s} but the data have ",
                     "{n_cases} case{?s}."),
              "value", call = call)
  }
  if (is.null(data$weights)) {
    data$fold <- case_fold - 1L
  } else {
    key <- (rep.int(seq_len(data$n_rows), data$weights) - 1) * score$folds + case_fold
    tally <- count_keys(key, data$n_rows * score$folds)
    cells <- tally$keys
    rows <- (cells - 1L) %/% score$folds + 1L
    data$codes <- lapply(data$codes, function(codes) codes[rows])
    data$weights <- tally$counts
    data$n_rows <- length(rows)
    data$fold <- as.integer((cells - 1L) %% score$folds)
  }
  data$n_folds <- score$folds
  data$fold_assignment <- assignment
  data
}

# The distinct values of `key` (whole numbers in 1..n_keys), sorted, and how often each
# occurs: by tabulate() when its n_keys bins are no more than the keys, else by sorting,
# so memory stays linear in the keys (rows x folds can pass R's integers).
count_keys <- function(key, n_keys) {
  if (n_keys <= max(length(key), 1e6)) {
    counts <- tabulate(key, nbins = n_keys)
    keys <- which(counts > 0)
    return(list(keys = keys, counts = as.numeric(counts[keys])))
  }
  keys <- sort(unique(key))
  list(keys = keys, counts = as.numeric(tabulate(match(key, keys), length(keys))))
}

# Evaluates `expr` with R's RNG seeded by `seed`, then restores the caller's RNG state.
with_seed <- function(seed, expr) {
  env <- globalenv()
  old <- if (exists(".Random.seed", envir = env, inherits = FALSE)) get(".Random.seed", envir = env)
  on.exit(if (is.null(old)) rm(".Random.seed", envir = env) else assign(".Random.seed", old,
                                                                        envir = env))
  set.seed(seed)
  expr
}
