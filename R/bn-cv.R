#' Cross-validation of a structure learner
#'
#' k-fold cross-validation as bnlearn's `bn.cv()`: the cases are split into `k` folds;
#' for each fold, a network is learned by `learner` on the other `k - 1` folds, its
#' parameters are fitted there with [fit_parameters()] (the BDeu posterior mean with
#' `iss = 1` on discrete data, least squares on continuous data), and the loss is
#' measured on the held-out fold:
#' * `"logl"`: minus the mean log-likelihood per held-out case, `-logLik(fit, fold) / n`
#'   (see [logLik.bn_fit()]);
#' * `"pred"`: the classification error of `target`, the share of held-out cases whose
#'   `target` differs from its most probable level given all the other variables. That
#'   level maximises the joint probability of the case over the levels of `target`;
#'   only the CPTs of `target` and of its children (its Markov blanket, see
#'   [markov_blanket()]) depend on it, so this is exact inference for one target with
#'   full evidence. Ties go to the first level.
#'
#' A learner returning a CPDAG or PDAG (such as [pc()] or [ges()]) is oriented with
#' [pdag_to_dag()] before fitting.
#'
#' @param data A complete data.frame or [bn_data()] object. Case counts are expanded to
#'   cases, so they must be whole numbers.
#' @param learner A learner function (such as [hill_climb()]) or its name. It is called
#'   as `learner(training_data, ...)` with a data.frame, or with a [bn_data()] object
#'   carrying the training cases' interventions when `data` has some (the fitting and
#'   the loss use every case).
#' @param k The number of folds, a whole number from 2 to the number of cases.
#' @param loss `"logl"` or `"pred"`.
#' @param target For `loss = "pred"`: the name of a discrete variable to classify.
#' @param ... Further arguments of `learner`.
#' @param folds The fold of every case, whole numbers `1, ..., k` (one per case); by
#'   default a random split into `k` folds of near-equal size drawn from R's RNG, so
#'   [set.seed()] reproduces it. Given `folds`, `k` is its largest value.
#' @return A `bn_cv` object: a list with `loss` (the loss of each fold), `mean` (their
#'   mean), `folds` (the fold of every case), `graphs` (the network learned on each
#'   training set), `type` (`"logl"` or `"pred"`), `target` and `learner` (its name).
#' @seealso The `"cv"` score of [bn_score()] cross-validates the parameters of one
#'   structure rather than a learner.
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' set.seed(1)
#' cv <- bn_cv(d, "hill_climb", k = 5)
#' cv
#' cv$loss
#' set.seed(1)
#' bn_cv(d, "chow_liu", k = 5, loss = "pred", target = "CP")
bn_cv <- function(data, learner = "hill_climb", k = 10, loss = c("logl", "pred"),
                  target = NULL, ..., folds = NULL) {
  learner_name <- if (is.character(learner)) learner else deparse1(substitute(learner))
  learner <- check_learner(learner)
  check_learner_args(learner, names(list(...)), arg = "learner")
  data <- check_rows(as_bn_data(data), "{.fn bn_cv}")  # R/data-db.R
  cases <- cv_cases(data)
  set <- cv_interventions(data)
  loss <- check_choice(loss, c("logl", "pred"))
  check_cv_target(target, loss, cases)
  folds <- check_cv_folds(folds, k, nrow(cases))
  k <- max(folds)
  # The folds keep every level of the data (a fold may miss some): the data were warned
  # about once, above, not again for each fold.
  results <- lapply(seq_len(k), function(f) {
    train <- cases[folds != f, , drop = FALSE]
    if (!is.null(set)) train <- bn_data(train, interventions = set[folds != f, , drop = FALSE])
    without_column_warnings(cv_fold(train,
                                    cases[folds == f, , drop = FALSE], learner, loss, target, ...))
  })
  losses <- vapply(results, `[[`, numeric(1), "loss")
  structure(list(loss = losses, mean = mean(losses), folds = folds,
                 graphs = lapply(results, `[[`, "graph"), type = loss, target = target,
                 learner = learner_name),
            class = "bn_cv")
}

# Learn on `train`, fit there, and measure the loss on `test`.
cv_fold <- function(train, test, learner, loss, target, ...) {
  g <- as_graph_arg(learner(train, ...), arg = "learner")
  if (!is_dag(g)) g <- pdag_to_dag(g)
  fit <- fit_parameters(g, train)
  value <- if (loss == "logl") {
    -as.numeric(logLik(fit, test)) / nrow(test)
  } else {
    mean(predict_target(fit, test, target) != test[[target]])
  }
  list(loss = value, graph = g)
}

# The most probable level of `target` in each row of `newdata` given its other columns:
# the level maximising the joint probability of the completed row (only the factors of
# the target's Markov blanket vary with it).
predict_target <- function(fit, newdata, target) {
  levels <- fit$levels[[target]]
  log_joint <- vapply(levels, function(level) {
    newdata[[target]] <- factor(level, levels = levels)
    log_predictive(fit, newdata, sum = FALSE)
  }, numeric(nrow(newdata)))
  log_joint <- matrix(log_joint, nrow = nrow(newdata))
  factor(levels[max.col(log_joint, ties.method = "first")], levels = levels)
}

# One row per case (case counts expanded), factors keeping every level of the data.
# The interventions of the cases of cv_cases(): a logical matrix, one row per case, or NULL.
cv_interventions <- function(data) {
  if (is.null(data$interventions)) return(NULL)
  mask <- matrix(FALSE, data$n_rows, length(data$interventions),
                 dimnames = list(NULL, names(data$interventions)))
  for (node in names(data$interventions)) mask[data$interventions[[node]], node] <- TRUE
  if (is.null(data$weights)) mask else mask[rep(seq_len(data$n_rows), data$weights), , drop = FALSE]
}

cv_cases <- function(data, call = rlang::caller_env()) {
  check_complete(data, "Cross-validation")
  frame <- as.data.frame(data)[names(data$levels)]
  if (is.null(data$weights)) return(frame)
  if (any(data$weights != round(data$weights))) {
    lbn_abort(paste0("{.arg data} has case counts that are not whole numbers; cross-validation ",
                     "splits cases."),
              "value", call = call)
  }
  frame <- frame[rep(seq_len(nrow(frame)), data$weights), , drop = FALSE]
  rownames(frame) <- NULL
  frame
}

check_cv_target <- function(target, loss, cases, call = rlang::caller_env()) {
  if (loss == "logl") {
    if (!is.null(target)) {
      warn_unused_arguments("target", "with {.code loss = \"logl\"}",
                            c("i" = paste0("{.arg target} is the variable classified by ",
                                           "{.code loss = \"pred\"}.")))
    }
    return(invisible())
  }
  if (is.null(target)) {
    lbn_abort("{.code loss = \"pred\"} needs {.arg target}, the variable to classify.", "value",
              call = call)
  }
  check_string(target, call = call)
  if (!target %in% names(cases)) {
    abort_unknown_name(target, names(cases), "unknown_node", arg = "target", call = call)
  }
  if (!is.factor(cases[[target]])) {
    lbn_abort(paste0("{.code loss = \"pred\"} classifies a discrete {.arg target}, but ",
                     "{.val {target}} is continuous."),
              "data_type", call = call)
  }
}

# The fold of every case: given (whole numbers 1..k, each used) or drawn at random.
check_cv_folds <- function(folds, k, n_cases, call = rlang::caller_env()) {
  if (is.null(folds)) {
    check_number(k, min = 2, whole = TRUE, call = call)
    if (k > n_cases) {
      lbn_abort(c(paste0("{.arg k} = {format_count(k)} asks for more folds than the ",
                         "{format_count(n_cases)} {cli::qty(n_cases)}case{?s} of {.arg data}."),
                  "i" = "Use at most {format_count(n_cases)} folds; 5 or 10 are usual."),
                "value", call = call)
    }
    return(sample(rep_len(seq_len(k), n_cases)))
  }
  if (!is.numeric(folds) || length(folds) != n_cases || anyNA(folds) ||
      any(folds != round(folds)) || min(folds) < 1) {
    lbn_abort(paste0("{.arg folds} must give the fold (a whole number from 1) of each of the ",
                     "{n_cases} cases."),
              "value", call = call)
  }
  unused <- setdiff(seq_len(max(folds)), folds)
  if (length(unused) || max(folds) < 2) {
    gap <- if (length(unused)) paste("it has no case in fold", list_few(unused)) else "it has one"
    lbn_abort("{.arg folds} must use every fold from 1 to {max(folds)} and at least two; {gap}.",
              "value", call = call)
  }
  as.integer(folds)
}

#' @export
print.bn_cv <- function(x, ...) {
  what <- if (x$type == "logl") {
    "minus the log-likelihood per case"
  } else {
    paste0("classification error of ", x$target)
  }
  cli::cat_line("<bn_cv> ", length(x$loss), "-fold cross-validation of ", x$learner)
  cli::cat_line("  loss: ", what)
  cli::cat_line("  expected loss: ", format(x$mean, digits = 6),
                " (folds: ", paste(format(x$loss, digits = 4), collapse = ", "), ")")
  invisible(x)
}
