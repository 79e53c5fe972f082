# Conditional linear Gaussian (CLG) networks of mixed data: the arcs they exclude, and why
# a family has no finite score (score/conditional_gaussian.hpp).

# Score-based learners that do not take mixed data: pdag_search() assumes that every DAG
# of a class is allowed, while mixed data forbid arcs from continuous to discrete nodes.
# (ges() takes them: the CG scores are score equivalent within the DAGs allowed.)
learners_without_mixed <- "pdag_search"

# The name of the outermost learnbn learner on the call stack (found by its function, so
# also when it is called through a variable or do.call()), or "" when there is none.
# `env` (the learner's frame, as the set-up functions get it) bounds the search.
learner_name <- function(env = rlang::caller_env()) {
  namespace <- asNamespace("learnbn")
  candidates <- c(learners_without_mixed, "ges", "pc", "hybrid", "minimal_imap", "mmpc",
                  "hiton_pc", "gs", "iamb", "mmhc")
  functions <- lapply(candidates, get0, envir = namespace, inherits = FALSE)
  for (i in seq_len(sys.nframe())) {
    fn <- sys.function(i)
    for (k in seq_along(candidates)) if (identical(fn, functions[[k]])) return(candidates[k])
    if (identical(sys.frame(i), env)) break
  }
  ""
}

mixed_what <- function(learner) {
  if (nzchar(learner)) paste0("{.fn ", learner, "}") else "constraint-based learners"
}

# pdag_search() on mixed data: why its search over equivalence classes does not apply to
# CLG scores.
stop_mixed_classes <- function(learner, call) {
  lbn_abort(c(paste0("Mixed data are not supported by {.fn {learner}}: it searches over ",
                     "Markov equivalence classes assuming that all their DAGs are allowed, ",
                     "and on mixed data no arc may go from a continuous to a discrete node."),
              "i" = paste0("Use {.fn ges}, a search over DAGs ({.fn hill_climb}, ",
                           "{.fn tabu_search}, {.fn exact_search}) or {.fn pc}.")),
            "data_type", call = call)
}

# minimal_imap() on mixed data: its tests put the other predecessors together as one
# variable, and a set mixing discrete and continuous variables is not a variable the
# mi_cg test takes (it tests one variable against one).
stop_mixed_sets <- function(call) {
  lbn_abort(c(paste0("Mixed data are not supported by {.fn minimal_imap}: it tests a node ",
                     "against the set of its other predecessors as one variable, and the ",
                     "{.val mi_cg} test takes one variable on each side."),
              "i" = paste0("Use {.fn pc} or {.fn hybrid} (the {.val mi_cg} test), or a ",
                           "score-based search such as {.fn hill_climb}.")),
            "data_type", call = call)
}

# The knowledge of a search on mixed data, with every arc from a continuous to a discrete
# node forbidden (a CLG network has no density for a discrete node given a continuous
# one) and listed in `excluded_arcs` (a data.frame from, to) for the learner's `info`.
# A whitelist or start graph that asks for such an arc is an error naming it.
exclude_continuous_parents <- function(knowledge, data, start, call = rlang::caller_env(),
                                       score = NULL) {
  if (!is_mixed(data)) return(knowledge)
  learner <- learner_name(call)
  if (learner %in% learners_without_mixed) stop_mixed_classes(learner, call)
  if (identical(score$type, "cg_bic")) {  # a density for every direction (R/score-mixed-cg-bic.R)
    knowledge$excluded_arcs <- data.frame(from = character(), to = character())
    return(knowledge)
  }
  continuous <- continuous_nodes(data)
  discrete <- setdiff(names(data$levels), continuous)
  stop_continuous_parents(knowledge$required[continuous, discrete, drop = FALSE], "whitelist",
                          call)
  if (inherits(start, "bn_graph") && is.matrix(start$amat) &&
      all(c(continuous, discrete) %in% colnames(start$amat))) {
    stop_continuous_parents(start$amat[continuous, discrete, drop = FALSE] != 0, "start", call)
  }
  knowledge$forbidden[continuous, discrete] <- TRUE
  knowledge$excluded_arcs <- data.frame(from = rep(continuous, times = length(discrete)),
                                        to = rep(discrete, each = length(continuous)))
  knowledge
}

# An error naming the arcs from continuous to discrete nodes that `arg` asks for
# (`arcs`: a logical matrix, continuous nodes by discrete nodes).
stop_continuous_parents <- function(arcs, arg, call) {
  if (!any(arcs)) return(invisible())
  where <- which(arcs, arr.ind = TRUE)
  shown <- paste(rownames(arcs)[where[, 1]], "->", colnames(arcs)[where[, 2]])
  n <- cli::qty(length(shown))
  lbn_abort(c(paste0("{.arg {arg}} has {n}arc{?s} {.val {shown}} from a continuous to a ",
                     "discrete node."),
              "i" = paste0("Conditional Gaussian networks of mixed data have no such arcs ",
                           "(a discrete node may have discrete parents only); remove ",
                           "{n}{?it/them}, or make the parent discrete (e.g. with {.fn cut}).")),
            "continuous_parent", call = call)
}

# network_score() and local_score() on mixed data: an error for a discrete node with a
# continuous parent, and a warning naming each family whose score is -Inf (a
# configuration of its discrete parents with no more cases than regression coefficients,
# or an exact fit) or whose regression left out a collinear parent in a configuration.
# `score_type` "bcg" (a prior keeps every family finite) reports continuous parents only;
# "cg_bic" (R/score-mixed-cg-bic.R) nothing.
check_mixed_families <- function(data, nodes, families, call = rlang::caller_env(),
                                 score_type = "") {
  if (!is_mixed(data) || score_type == "cg_bic") return(invisible())
  bayesian <- score_type == "bcg"
  all_nodes <- names(data$levels)
  found <- cpp_cg_families(data, match(nodes, all_nodes) - 1L,
                           lapply(families, function(p) match(p, all_nodes) - 1L))
  for (f in which(found$status > (if (bayesian) 3L else 0L))) {
    report_family(data, nodes[[f]], families[[f]], found$status[f], found$config[f], call)
  }
}

# The error or warning for one family (see CGStatus in score/conditional_gaussian.hpp).
report_family <- function(data, node, parents, status, config, call) {
  continuous <- continuous_nodes(data)
  if (status == 4L) {
    bad <- intersect(parents, continuous)
    n <- cli::qty(length(bad))
    lbn_abort(c(paste0("Discrete node {.val {node}} has {n}continuous parent{?s} {.val {bad}}, ",
                       "but conditional Gaussian networks have no arc from a continuous to a ",
                       "discrete node."),
                "i" = "Reverse or remove the {n}arc{?s}, or make the {n}parent{?s} discrete."),
              "continuous_parent", call = call)
  }
  where <- configuration_label(data, setdiff(parents, continuous), config)
  p <- length(intersect(parents, continuous)) + 1L
  family <- cli::format_inline("{.val {node}} given {.val {parents}}")
  detail <- switch(status,
    paste0("has at most ", p, " case", if (p > 1) "s", " (one per regression coefficient) ",
           where, ", so its residual variance cannot be estimated: its score is -Inf ",
           "(as bnlearn's)"),
    paste0("is an exact linear function of its continuous parents ", where,
           ": its score is -Inf"),
    paste0("has a continuous parent that is constant or collinear ", where, ": it is left ",
           "out of that regression but counted as a parameter (as bnlearn does)"))
  lbn_warn(c("The family of {family} {detail}.",
             "i" = "More cases, or fewer discrete parents, make the family scorable."),
           if (status == 3L) "collinear" else "singular")
}

# "where A = a, B = b" for the 0-based configuration `config` of the discrete parents
# `parents` (the first fastest), or "" without them.
configuration_label <- function(data, parents, config) {
  if (!length(parents) || config < 0) return("")
  states <- character(length(parents))
  for (i in seq_along(parents)) {
    levels <- data$levels[[parents[i]]]
    states[i] <- levels[config %% length(levels) + 1]
    config <- config %/% length(levels)
  }
  paste0("where ", paste(parents, "=", states, collapse = ", "))
}
