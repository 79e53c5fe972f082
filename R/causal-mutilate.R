# Interventions on a fitted network: the mutilated network of do(X = x) (Pearl's truncated
# factorisation), which query(do = ) conditions on.

#' The network after an intervention
#'
#' The intervention do(X = x) sets node X to the value x whatever its causes: the
#' mutilated network cuts the arcs into X and replaces X's distribution by a point mass
#' at x, keeping every other node's conditional distribution. Its joint distribution is
#' Pearl's truncated factorisation, P(v | do(X = x)) = prod over the nodes V other than
#' X of P(v_V | pa_V), for configurations with X = x (and 0 for the others).
#'
#' In a discrete network the CPT of X becomes a table without parents that puts
#' probability one on level x; in a linear-Gaussian network, X gets no parents, the
#' intercept x and a residual standard deviation of 0, so it is the constant x
#' ([simulate_data()] draws x in every row, and [query()] gives it mean x and variance 0;
#' having no density, it makes [logLik()] infinite).
#' In a network of mixed data (see [fit_parameters()]) a discrete node is set like a
#' discrete one and a continuous node like a Gaussian one. Several nodes may be set at
#' once.
#'
#' @param fit A [bn_fit][fit_parameters()] (discrete, linear-Gaussian or mixed).
#' @param do A named list (or named vector) of the values the intervention sets: for a
#'   discrete node one of its levels (a string or a factor), for a continuous node a finite
#'   number. An empty list returns `fit` as it is.
#' @return A `bn_fit` of the same kind as `fit`, whose graph has no arcs into the
#'   intervened nodes. A name that is no node of `fit` is an error of class
#'   `"learnbn_error_unknown_node"`; a value of the wrong type (a number for a discrete
#'   node, a string for a continuous one, or not a single value) one of class
#'   `"learnbn_error_type"`; a missing value, a level the node does not have, an infinite
#'   number or a node named twice one of class `"learnbn_error_value"`.
#' @references Pearl, J. (2009). *Causality: Models, Reasoning, and Inference*, 2nd ed.,
#'   Cambridge University Press, section 3.2.
#' @seealso [query()] with `do =` for the distribution after an intervention;
#'   [causal_effect()] for the possible effects over an equivalence class.
#' @family causal effects
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' treated <- mutilate(asia, list(smoke = "yes"))
#' parents(treated, "smoke")
#' cpt(treated, "smoke")
#' # A linear-Gaussian network: X2 becomes the constant 1.5
#' set.seed(1)
#' fit <- random_gaussian_fit(4, average_degree = 2)
#' mutilate(fit, list(X2 = 1.5))
mutilate <- function(fit, do) {
  fit <- check_bn_fit(fit)
  do <- check_do(fit, do)
  if (!length(do)) return(fit)
  amat <- fit$graph$amat
  amat[, names(do)] <- 0L
  fit$graph <- new_bn_graph(amat, "dag")
  for (node in names(do)) fit <- set_node(fit, node, do[[node]])
  fit
}

# The fit with `node` a point mass at `value` (a level, or a number for a continuous node).
set_node <- function(fit, node, value) {
  if (is.character(value)) {
    levels <- fit$levels[[node]]
    fit$cpts[[node]] <- array(as.numeric(levels == value), dim = length(levels),
                              dimnames = fit$levels[node])
  } else {
    fit$coefficients[[node]] <- c("(Intercept)" = value)
    fit$sd[[node]] <- 0
  }
  fit
}

# The interventions as a named list: a level (string) for each discrete node, a finite
# number for each continuous one.
check_do <- function(fit, do, arg = rlang::caller_arg(do), call = rlang::caller_env()) {
  if (is.atomic(do) && !is.null(names(do))) do <- as.list(do)
  if (is.factor(do)) do <- as.list(as.character(do))
  if (!is.list(do) || (length(do) && (is.null(names(do)) || any(!nzchar(names(do)))))) {
    lbn_abort(paste0("{.arg {arg}} must be a named list of the values the intervention sets, ",
                     "such as {.code list(X = \"x\")}, not {.obj_type_friendly {do}}."),
              "type", call = call)
  }
  node_names <- colnames(fit$graph$amat)
  for (node in names(do)) {
    if (!node %in% node_names) abort_unknown_name(node, node_names, "unknown_node", arg = arg,
                                                  call = call)
  }
  if (anyDuplicated(names(do))) {
    twice <- unique(names(do)[duplicated(names(do))])
    lbn_abort("{.arg {arg}} sets {list_few(twice, 10L, quote = TRUE)} more than once.",
              "value", call = call)
  }
  discrete <- if (is_gaussian_fit(fit)) character() else names(fit$cpts)
  stats::setNames(lapply(names(do), function(node) {
    if (node %in% discrete) return(do_level(fit, node, do[[node]], arg, call))
    do_number(node, do[[node]], arg, call)
  }), names(do))
}

do_level <- function(fit, node, value, arg, call) {
  if (is.factor(value)) value <- as.character(value)
  check_do_single(node, value, arg, call)
  levels <- fit$levels[[node]]
  if (!is.character(value)) {
    lbn_abort(c(paste0("{.arg {arg}} sets the discrete node {.val {node}} to ",
                       "{.obj_type_friendly {value}}; it must be one of its levels, as a string."),
                "i" = "Levels of {.val {node}}: {list_few(levels, 10L, quote = TRUE)}."),
              "type", call = call)
  }
  if (!value %in% levels) {
    lbn_abort(c(paste0("{.arg {arg}} sets {.val {node}} to {.val {value}}, which is not one of ",
                       "its levels."),
                "i" = "Levels of {.val {node}}: {list_few(levels, 10L, quote = TRUE)}."),
              "value", call = call)
  }
  value
}

do_number <- function(node, value, arg, call) {
  check_do_single(node, value, arg, call)
  if (!is.numeric(value)) {
    lbn_abort(paste0("{.arg {arg}} sets the continuous node {.val {node}} to ",
                     "{.obj_type_friendly {value}}; it must be a finite number."),
              "type", call = call)
  }
  if (!is.finite(value)) {
    lbn_abort("{.arg {arg}} sets {.val {node}} to {value}; it must be a finite number.",
              "value", call = call)
  }
  as.numeric(value)
}

# One value that is not missing.
check_do_single <- function(node, value, arg, call) {
  if (!is.atomic(value) || length(value) != 1L) {
    lbn_abort(paste0("{.arg {arg}} must give one value for {.val {node}}, not ",
                     "{.obj_type_friendly {value}}."),
              "type", call = call)
  }
  if (is.na(value)) {
    lbn_abort(c("{.arg {arg}} sets {.val {node}} to {.val {value}}.",
                "i" = "An intervention sets a node to a known value: give one, or leave it out."),
              "value", call = call)
  }
}

# query(do = ): the mutilated fit, after checking that no intervened node is also evidence
# (an observation of a node the intervention sets is either certain or impossible, and
# P(y | do(x), x) is no question to ask).
mutilate_for_query <- function(fit, do, evidence, call = rlang::caller_env()) {
  do <- check_do(fit, do, arg = "do", call = call)
  both <- intersect(names(do), names(evidence))
  if (length(both)) {
    lbn_abort(c(paste0("{list_few(both, 10L, quote = TRUE)} {cli::qty(both)}{?is/are} both set by ",
                       "{.arg do} and observed in {.arg evidence}."),
                "i" = paste0("An intervened node has the value {.arg do} gives it: leave it ",
                             "out of {.arg evidence}.")),
              "intervened_evidence", call = call)
  }
  mutilate(fit, do)
}
