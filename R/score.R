# The score names the core knows (its registry, in the order of its ScoreType).
score_types <- function() core_registry()$scores
# The scores with a property in the core's registry: "bayesian" (a structure prior
# applies), "continuous" (they apply to continuous data) or "iss" (an equivalent sample
# size).
scores_with <- function(property) {
  properties <- core_registry()$score_properties
  properties$name[properties[[property]]]
}

# Whether score `new` beats `old` by more than rounding, by the core's rule (the margin
# of its searches, search/common.hpp).
score_improves <- function(new, old) {
  margin <- core_registry()$improvement
  new > old + max(margin[["absolute"]], margin[["relative"]] * abs(old))
}

# The scores of mixed data: their conditional linear Gaussian versions (bnlearn's
# "loglik-cg", "aic-cg", "bic-cg"; score/conditional_gaussian.hpp).
mixed_scores <- c("loglik", "aic", "bic", "bcg", "cg_bic")  # R/score-mixed-bayes.R, -cg-bic.R

# bnlearn's names of scores that learnbn calls otherwise (bnlearn's "bde" is learnbn's
# "bde" without a prior network, i.e. BDeu; "loglik", "aic" and "bic" are the Gaussian
# scores on continuous data).
bnlearn_score_names <- c("loglik-g" = "loglik", "aic-g" = "aic", "bic-g" = "bic")

#' Score specifications
#'
#' Builds the score that [network_score()], [local_score()] and every score-based
#' learner use. All scores are decomposable and on the log scale (larger is better).
#'
#' * `"bd"`: the Bayesian Dirichlet marginal likelihood (Heckerman 1995, 2003) with
#'   every `alpha_ijk = alpha`.
#' * `"k2"`: Cooper and Herskovits' score, `alpha_ijk = 1`. Not score equivalent.
#' * `"bdeu"`: likelihood-equivalent uniform BDe, `alpha_ijk = iss / (q_i r_i)`.
#' * `"bde"`: `alpha_ijk = iss * P(x_i = k, pa_i = j)` computed from a prior network
#'   (a [bn_fit][fit_parameters()]); without one, the uniform prior network, i.e. BDeu.
#' * `"loglik"`, `"aic"`, `"bic"`: the maximised log-likelihood, minus the number of free
#'   parameters `(r_i - 1) q_i` (AIC) or that number times `log(N) / 2` (BIC). These are
#'   on the log-likelihood scale, as in bnlearn.
#' * `"cv"`: k-fold cross-validated log predictive probability, Heckerman's "prediction
#'   accuracy over cross-validated data sets". The cases are split into `folds` folds;
#'   each fold is predicted by the BDeu posterior mean of the others (the posterior
#'   predictive probability, see [log_predictive()]), so a family scores
#'   `sum_f sum_jk N^f_ijk log((alpha_ijk + N_ijk - N^f_ijk) / (alpha_ij + N_ij - N^f_ij))`
#'   with `alpha_ijk = iss / (q_i r_i)` and `N^f` the counts of fold `f`. It is
#'   decomposable, so every search can use it. **Randomness:** with `folds` a number,
#'   `bn_score()` draws a seed from R's RNG when it is built and the cases are dealt to
#'   folds of near-equal size from that seed when the score meets the data; so
#'   `set.seed()` before `bn_score()` (or before a learner given `score = "cv"`)
#'   reproduces the folds, and one `bn_score` object always splits a data set the same
#'   way. The cases of a weighted row (see [bn_data()]'s `counts`) are dealt
#'   individually, as if the rows were expanded.
#'
#' On continuous data (see [bn_data()]) each node is a linear regression on its parents
#' with Gaussian noise, and the scores are computed from the correlation matrix:
#' * `"loglik"`: the maximised log-likelihood `-N/2 (log(2 pi sigma^2) + 1)`, with
#'   `sigma^2` the residual variance of the regression (divisor N, as `logLik(lm(...))`
#'   and the fits of [fit_parameters()], so that the score of a graph is `logLik()` of
#'   its fit; bnlearn's `"loglik-g"` divides by `N - k - 1`, so its numbers are lower
#'   by about `(k + 1)^2 / (4 N)` for a node with k parents);
#' * `"aic"`, `"bic"`: minus `|pa_i| + 2` parameters (intercept, coefficients, variance),
#'   times 1 or `log(N) / 2`;
#' * `"bge"`: the Gaussian counterpart of BDe (Geiger and Heckerman 2002, with the
#'   correction of Kuipers, Moffa and Heckerman 2014): the marginal likelihood under a
#'   normal-Wishart prior with mean equal to the sample mean, `am` (imaginary sample
#'   size of the mean), `aw` (degrees of freedom of the Wishart, > n + 1 so that t > 0)
#'   and precision matrix `t I`, `t = am (aw - n - 1) / (am + 1)`. It is score equivalent and, like
#'   bnlearn's, computed in the units of the data.
#'
#' On mixed data (see [bn_data()]) `"loglik"`, `"aic"` and `"bic"` are the conditional
#' linear Gaussian (CLG) scores, equal to bnlearn 4.9's `"loglik-cg"`, `"aic-cg"` and
#' `"bic-cg"`: a discrete node has discrete parents only and scores as above; a
#' continuous node is one linear regression on its continuous parents per configuration
#' of its discrete parents, with `q (|continuous parents| + 2)` parameters (`q` the
#' number of configurations, observed or not). As in bnlearn, each configuration's
#' residual variance is the unbiased `RSS_j / (n_j - p)` (`p` coefficients), not the
#' maximum-likelihood `RSS_j / n_j` of continuous data, so that the numbers are
#' bnlearn's; a configuration with no more cases than coefficients, or fitted exactly,
#' scores `-Inf` (a warning naming the family in [network_score()] and [local_score()];
#' searches never choose such a family). Arcs from a continuous to a discrete node are
#' excluded from every search (listed in the result's `info$excluded_arcs`). The default
#' score of mixed data is `"bic"`; `"bcg"` is their Bayesian score and `"cg_bic"` a score
#' that allows discrete children of continuous parents (see below); the other scores do
#' not apply to them yet.
#'
#' The discrete scores (`"bdeu"`, `"bde"`, `"k2"`, `"bd"`, `"cv"`) on continuous data,
#' and `"bge"` on discrete data, are errors. Where a learner's `score` is `NULL`, it
#' uses `"bdeu"` on discrete data and `"bic"` on continuous data.
#'
#' The names are learnbn's, one per score; bnlearn's `"bde"`, `"k2"`, `"bic"`, `"aic"`,
#' `"loglik"` and `"bge"` mean the same here (bnlearn's `"bde"` is the uniform BDe,
#' learnbn's `"bde"` without a prior network, which equals `"bdeu"`), and its Gaussian
#' names `"bic-g"`, `"aic-g"`, `"loglik-g"` are errors that give learnbn's name. An
#' unknown name is an error suggesting the closest names.
#'
#' An option that does nothing for the chosen score (`iss` except for `"bdeu"`, `"bde"`
#' and `"cv"`; `alpha` except for `"bd"`; `arc_prob` without `prior = "arcs"`; `am` and
#' `aw` except for `"bge"`) gives a warning of class `learnbn_warning_unused_argument`.
#' An `iss` larger than the number of cases of the data it meets makes the prior weigh
#' more than the data (BDeu then tends to add arcs as `iss` grows); it is allowed, with
#' a warning of class `learnbn_warning_large_iss`.
#'
#' Structure priors apply to the Bayesian scores: `"uniform"` adds nothing; `"arcs"`
#' (Buntine 1991) makes each of the `n - 1` possible parents of a node present
#' independently with probability `arc_prob`, adding
#' `|pa_i| log(arc_prob) + (n - 1 - |pa_i|) log(1 - arc_prob)` to each family.
#' Markov-equivalent DAGs have the same number of arcs, so the prior keeps BDe and
#' BDeu score equivalent.
#' `"beliefs"` (Buntine 1991; bnlearn's Castelo-Siebes prior `"cs"`) takes one
#' probability per arc from `beliefs`: each pair of nodes `a`, `b` is independently in
#' one of three states, `a -> b`, `b -> a` or no arc, whose probabilities sum to one. An
#' unlisted pair has 1/3 each; when only `a -> b` is listed, with probability `p`, `b -> a`
#' and no arc have `(1 - p) / 2` each. The log prior is taken relative to 1/3 per pair (so
#' unlisted pairs add nothing), as bnlearn's, and network scores equal bnlearn's
#' `score(..., prior = "cs", beta = beliefs)`; the term of each pair's "no arc"
#' probability is split evenly between its two nodes (bnlearn gives it to one node, so
#' per-node terms differ). `"network"` (Heckerman, Geiger and Chickering 1995) penalises
#' the deviation from a prior network: `log P(G) = delta log(kappa)`, with `delta` the
#' number of parents, over all nodes, that are in `G` but not in the prior network or in
#' the prior network but not in `G`. Both are decomposable, so every score-based learner
#' uses them; neither keeps Markov-equivalent DAGs equal (except `kappa = 1`), so [ges()],
#' [pdag_search()] and [chow_liu()] refuse them. [network_score()] with `local = TRUE`
#' includes each node's prior term.
#'
#' @param type One of `"bdeu"`, `"bde"`, `"k2"`, `"bd"`, `"bic"`, `"aic"`, `"loglik"`,
#'   `"cv"`, (continuous data) `"bge"` or (mixed data) `"bcg"` or `"cg_bic"`.
#' @param iss Equivalent (imaginary) sample size of BDe and BDeu, a positive number. For
#'   `"bcg"`, the imaginary sample size of the master prior; by default twice the number
#'   of joint configurations of the discrete variables (see below).
#' @param alpha The Dirichlet hyperparameter of every cell for `"bd"`, positive.
#' @param prior Structure prior: `"uniform"`, `"arcs"`, `"beliefs"` or `"network"`.
#' @param arc_prob Probability of each arc under the `"arcs"` prior, in (0, 1). By
#'   default `1 / (n - 1)` for `n` variables, so each node expects one parent.
#' @param prior_network For `"bde"`: a `bn_fit` whose joint distribution gives the
#'   prior counts; it must cover every variable of the data with the same levels.
#' @param folds For `"cv"` only: the number of folds (a whole number >= 2; `NULL` means
#'   10), or the fold of every case given as whole numbers `1, ..., k` (one per data
#'   row, or per case in row order for data with case counts).
#' @param am For `"bge"`: the imaginary sample size of the mean, positive.
#' @param aw For `"bge"`: the degrees of freedom of the Wishart prior, more than `n + 1`
#'   for `n` variables; `NULL` (the default) means `n + am + 1`.
#' @param beliefs For `prior = "beliefs"`: a data frame with columns `from`, `to` (node
#'   names) and `prob`, the probability of the arc `from -> to`, in `[0, 1]`; each arc at
#'   most once, and the beliefs in `a -> b` and `b -> a` must sum to less than 1 (to require
#'   an arc, use a learner's `whitelist`). A probability of 0 forbids the arc. The names are
#'   checked when the score meets the data.
#' @param prior_graph For `prior = "network"`: the prior network, a DAG as a [bn_graph] or
#'   the graph of a `bn_fit`, over the variables of the data. By default the graph of
#'   `prior_network`.
#' @param kappa For `prior = "network"`: the factor in (0, 1] by which each differing
#'   parent multiplies the prior; 1 is the uniform prior.
#' @param penalty_discount For `"bic"`, `"aic"` and `"cg_bic"`: a positive number multiplying the
#'   parameter penalty (Tetrad's penalty discount, causal-learn's `lambda`), so `"bic"`
#'   scores a family `loglik - penalty_discount * k log(N) / 2` for `k` parameters.
#'   Values above 1 give sparser graphs; [boss()] on continuous data is often run with 2.
#' @return A `bn_score` object.
#' @references Buntine, W. (1991). Theory refinement on Bayesian networks. *Proceedings of
#'   the Seventh Conference on Uncertainty in Artificial Intelligence*, 52-60.
#'
#'   Heckerman, D., Geiger, D. and Chickering, D. M. (1995). Learning Bayesian networks:
#'   the combination of knowledge and statistical data. *Machine Learning*, 20, 197-243.
#'
#'   Heckerman, D. (1995). A tutorial on learning with Bayesian networks.
#'   Technical Report MSR-TR-95-06, Microsoft Research.
#'
#'   Heckerman, D. (2003). Graphical models: structure learning. In Arbib, M. A.
#'   (ed.), *The Handbook of Brain Theory and Neural Networks*, 2nd ed., MIT Press.
#' @family scores
#' @export
#' @examples
#' bn_score("bdeu", iss = 10)
#' bn_score("k2", prior = "arcs", arc_prob = 0.2)
#' bn_score("bdeu", prior = "beliefs",
#'          beliefs = data.frame(from = "SES", to = "CP", prob = 0.9))
#' bn_score("bdeu", prior = "network", kappa = 0.1,
#'          prior_graph = bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ][CP|PE]"))
#' set.seed(1)
#' bn_score("cv", folds = 5)
#' bn_score("bge", am = 1)
#' bn_score("bic", penalty_discount = 2)
#' network_score(bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ][CP|PE]"),
#'               college_plans[rep(1:128, college_plans$count), 1:5],
#'               score = bn_score("bde", iss = 5))
bn_score <- function(type = "bdeu", iss = 1, alpha = 1,
                     prior = c("uniform", "arcs", "beliefs", "network"), arc_prob = NULL,
                     prior_network = NULL, folds = NULL, am = 1, aw = NULL, beliefs = NULL,
                     prior_graph = NULL, kappa = NULL, penalty_discount = 1) {
  check_string(type)
  if (!type %in% score_types()) {
    abort_unknown_name(type, score_types(), "unknown_score", bnlearn_score_names)
  }
  check_number(iss, min = 0, min_open = TRUE, max_open = TRUE)
  check_number(alpha, min = 0, min_open = TRUE, max_open = TRUE)
  if (type == "bcg" && missing(iss)) iss <- NULL  # deal's default, set with the data
  prior <- check_choice(prior, structure_prior_choices)
  structure <- check_structure_prior(type, prior, beliefs, prior_graph, prior_network, kappa)
  if (!is.null(arc_prob)) check_number(arc_prob, min = 0, max = 1, min_open = TRUE, max_open = TRUE)
  check_number(am, min = 0, min_open = TRUE, max_open = TRUE)
  if (!is.null(aw)) check_number(aw, min = 0, min_open = TRUE, max_open = TRUE)
  check_number(penalty_discount, min = 0, min_open = TRUE, max_open = TRUE)
  if (!is.null(prior_network)) {
    if (type != "bde") {
      lbn_abort("{.arg prior_network} applies to the {.val bde} score only, not to {.val {type}}.",
                "value")
    }
    if (!inherits(prior_network, "bn_fit")) {
      lbn_abort(paste0("{.arg prior_network} must be a {.cls bn_fit} (see {.fn fit_parameters}), ",
                       "not {.obj_type_friendly {prior_network}}."),
                "type")
    }
    if (identical(prior_network$type, "gaussian")) {
      lbn_abort("{.arg prior_network} must be a discrete {.cls bn_fit}, not a Gaussian one.",
                "data_type")
    }
  }
  warn_unused_score_options(type, prior, c(iss = !missing(iss), alpha = !missing(alpha),
                                           arc_prob = !is.null(arc_prob), am = !missing(am),
                                           aw = !is.null(aw), beliefs = !is.null(beliefs),
                                           prior_graph = !is.null(prior_graph),
                                           kappa = !is.null(kappa),
                                           penalty_discount = !missing(penalty_discount)))
  score <- structure(c(list(type = type, iss = iss, alpha = alpha, prior = prior,
                            arc_prob = arc_prob, prior_network = prior_network, am = am, aw = aw,
                            penalty_discount = penalty_discount),
                       structure), class = "bn_score")
  if (type == "cv") score <- cv_fold_spec(score, folds)
  if (!is.null(folds) && type != "cv") {
    lbn_abort("{.arg folds} applies to the {.val cv} score only, not to {.val {type}}.", "value")
  }
  score
}

# Warns about the options of bn_score() that were `given` but do nothing for `type`.
warn_unused_score_options <- function(type, prior, given) {
  applies <- c(iss = type %in% scores_with("iss"), alpha = type == "bd", arc_prob = prior == "arcs",
               am = type == "bge", aw = type == "bge", beliefs = prior == "beliefs",
               prior_graph = prior == "network", kappa = prior == "network",
               penalty_discount = type %in% c("bic", "aic", "cg_bic"))
  unused <- names(given)[given & !applies[names(given)]]
  network_prior_why <- "{.arg prior_graph} and {.arg kappa} apply with {.code prior = \"network\"}."
  why <- c(iss = paste0("{.arg iss} is the equivalent sample size of {.val bdeu}, {.val bde} and ",
                        "{.val cv}."),
           alpha = "{.arg alpha} is the Dirichlet hyperparameter of {.val bd}.",
           arc_prob = "{.arg arc_prob} applies with {.code prior = \"arcs\"}.",
           am = "{.arg am} and {.arg aw} are parameters of {.val bge}.",
           aw = "{.arg am} and {.arg aw} are parameters of {.val bge}.",
           beliefs = "{.arg beliefs} applies with {.code prior = \"beliefs\"}.",
           prior_graph = network_prior_why, kappa = network_prior_why,
           penalty_discount = paste0("{.arg penalty_discount} scales the penalty of {.val bic} ",
                                     "and {.val aic}."))
  warn_unused_arguments(unused, paste0("with the {.val ", type, "} score"),
                        stats::setNames(unique(why[unused]), rep("i", length(unique(why[unused])))))
}

# Warns when an equivalent sample size `iss` exceeds the `n_cases` cases it is set
# against: the prior then weighs more than the data. Allowed (a deliberate choice in a
# sensitivity analysis), but far more often a slip such as iss = 1e9.
warn_large_iss <- function(iss, n_cases, data_arg = "data") {
  if (iss <= n_cases) return(invisible())
  lbn_warn(c(paste0("{.arg iss} = {format(iss)} is larger than the number of cases of ",
                    "{.arg {data_arg}}, {format_count(n_cases)}, so the prior weighs more than ",
                    "the data."),
             "i" = paste0("{.arg iss} is a number of imaginary cases; BDeu tends to add arcs as ",
                          "it grows. Values from 1 to 10 are usual.")),
           "large_iss")
}

#' @export
print.bn_score <- function(x, ...) {
  details <- switch(x$type,
    bdeu = paste0("iss = ", x$iss),
    bde = paste0("iss = ", x$iss,
                 if (is.null(x$prior_network)) ", uniform prior network" else ", prior network"),
    bd = paste0("alpha = ", x$alpha),
    cv = paste0(x$folds, " folds", if (!is.null(x$fold_ids)) " (given)", ", iss = ", x$iss),
    bcg = paste0("iss = ", if (is.null(x$iss)) "2 x discrete configurations" else x$iss),
    bge = paste0("am = ", x$am, ", aw = ", if (is.null(x$aw)) "n + am + 1" else x$aw),
    NULL)
  if (!is.null(x$penalty_discount) && x$penalty_discount != 1) {
    details <- c(details, paste0("penalty discount ", x$penalty_discount))
  }
  prior <- describe_structure_prior(x)
  cli::cat_line("<bn_score> ", x$type,
                if (length(c(details, prior))) paste0(": ",
                                                      paste(c(details, prior), collapse = ", ")))
  invisible(x)
}

# A score given as a string (with `...` passed to bn_score()) or as a bn_score, checked
# against the data; NULL means `default` on discrete data and "bic" on continuous data.
as_bn_score <- function(score, ..., data, default = "bdeu", arg = rlang::caller_arg(score),
                        call = rlang::caller_env()) {
  if (is.null(score)) score <- if (is_gaussian(data) || is_mixed(data)) "bic" else default
  check_score_data(as_bn_score_object(score, ..., arg = arg, call = call), data, call)
}

check_score_data <- function(score, data, call = rlang::caller_env()) {
  check_structure_prior_data(score, names(data$levels), call = call)
  if (score$type == "bcg") score <- check_bcg_data(score, data, call)  # R/score-mixed-bayes.R
  else if (score$type %in% scores_with("iss")) warn_large_iss(score$iss, data$n_cases)
  if (is_mixed(data) && !score$type %in% mixed_scores) {
    lbn_abort(c(paste0("The {.val {score$type}} score does not apply to mixed data yet; ",
                       "{.arg data} mix discrete and continuous columns."),
                "i" = paste0("Conditional Gaussian scores for mixed data: ",
                             "{.val {mixed_scores}}.")),
              "data_type", call = call)
  }
  if (is_gaussian(data) && !score$type %in% scores_with("continuous")) {
    lbn_abort(c(paste0("The {.val {score$type}} score applies to discrete data, but {.arg data} ",
                       "are continuous."),
                "i" = "Scores for continuous data: {.val {scores_with(\"continuous\")}}."),
              "data_type", call = call)
  }
  if (!is_gaussian(data) && score$type == "bge") {
    lbn_abort(c("The {.val bge} score applies to continuous data, but {.arg data} are discrete.",
                "i" = "Its discrete counterpart is {.val bde}."),
              "data_type", call = call)
  }
  score
}

as_bn_score_object <- function(score, ..., arg, call) {
  if (inherits(score, "bn_score")) {
    if (...length()) {
      lbn_abort(paste0("Score options in {.arg ...} cannot be combined with a {.cls bn_score}; ",
                       "set them in {.fn bn_score}."),
                "value", call = call)
    }
    return(score)
  }
  if (!is.character(score) || length(score) != 1L || is.na(score)) {
    lbn_abort(paste0("{.arg {arg}} must be a score name or a {.cls bn_score}, not ",
                     "{.obj_type_friendly {score}}."),
              "type", call = call)
  }
  if (!score %in% score_types()) {
    abort_unknown_name(score, score_types(), "unknown_score", bnlearn_score_names, arg = arg,
                       call = call)
  }
  options <- names(list(...))
  unknown <- setdiff(options, names(formals(bn_score)))
  if (...length() && (is.null(options) || !all(nzchar(options)) || length(unknown))) {
    lbn_abort(c("Arguments in {.arg ...} must be named options of {.fn bn_score}.",
                "x" = if (length(unknown)) "Unknown: {.arg {unknown}}." else "Some are unnamed.",
                "i" = paste0("Options: {.arg {setdiff(names(formals(bn_score)), 'type')}}; check ",
                             "the spelling of other arguments.")),
              "unknown_argument", call = call)
  }
  rlang::try_fetch(bn_score(score, ...), learnbn_error = function(cnd) {
    cnd$call <- call
    rlang::cnd_signal(cnd)
  })
}

# The list the C++ glue reads, for data with the variables `nodes` (names).
score_spec <- function(score, nodes) {
  n_nodes <- length(nodes)
  am <- if (is.null(score$am)) 1 else score$am
  aw <- if (is.null(score$aw)) n_nodes + am + 1 else score$aw
  if (score$type == "bge" && aw <= n_nodes + 1) {
    lbn_abort(paste0("The {.val bge} score needs {.arg aw} > n + 1 = {n_nodes + 1} for {n_nodes} ",
                     "variables, not {aw}."),
              "value", call = NULL)
  }
  spec <- list(type = score$type, iss = score$iss, alpha = score$alpha, prior = score$prior,
               arc_prob = if (is.null(score$arc_prob)) 1 / max(n_nodes - 1, 1) else score$arc_prob,
               am = am, aw = aw,
               penalty_discount = if (is.null(score$penalty_discount)) 1 else score$penalty_discount)
  terms <- structure_prior_terms(score, nodes)
  if (is.null(terms)) return(spec)
  # Beliefs and the deviation penalty are one modular prior to the core, which reads
  # prior_arc row-major, [parent * n + child].
  spec$prior <- "modular"
  c(spec, list(prior_node = unname(terms$node), prior_arc = as.vector(t(terms$arc))))
}
