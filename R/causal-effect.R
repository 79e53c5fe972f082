# IDA (Maathuis, Kalisch and Buehlmann 2009): the possible total effects of one node on
# another over the DAGs of an equivalence class, by adjusting for each possible parent set
# of the cause (R/causal-parents.R).

#' Possible causal effects over an equivalence class (IDA)
#'
#' A CPDAG stands for several DAGs, which may disagree on the parents of `x` and so on its
#' causal effect on `y`. IDA (Intervention calculus when the DAG is Absent; Maathuis,
#' Kalisch and Buehlmann 2009) estimates the effect in each of them, by adjusting for the
#' parents of `x` (the back-door criterion: the parents of a node block every back-door
#' path from it), and returns the multiset of these effects.
#'
#' **Parent sets.** With `method = "local"`, the parent sets are the definite parents of
#' `x` (arcs into `x`) together with each subset S of its siblings (undirected neighbours)
#' that is *locally valid*: orienting S -> `x` and `x` -> the other siblings makes no new
#' v-structure. Each valid set gives one element, so the distinct values are those of the
#' global method but their multiplicities are not numbers of DAGs. With
#' `method = "global"`, every DAG of the class (every consistent extension of `g`) is
#' enumerated and gives one element, its parents of `x`; a class of more than `max_dags`
#' DAGs is an error of class `"learnbn_error_too_large"`. These are the methods `"local"`
#' and `"global"` of `pcalg::ida()`, with the same elements in the same order for
#' `"local"`. When `y` is a parent of `x` in a DAG, the effect there is 0; with
#' `"local"`, a `y` that is a definite parent of `x` gives the single element 0, as in
#' pcalg. `g` is taken as it is: a DAG gives one element (pass [cpdag()] of it for its
#' whole class).
#'
#' **Gaussian data.** The effect of `x` on `y` given the parent set S is the coefficient of
#' `x` in the least-squares regression of `y` on `x` and S (computed from the data's
#' covariances, as `pcalg::ida()` does from `cov()`): the change of E(y | do(x)) per unit
#' of `x` in a linear-Gaussian network.
#'
#' **Discrete data.** The effect given S is the difference of interventional
#' probabilities P(y = `y_level` | do(x = x1)) - P(y = `y_level` | do(x = x0)), with
#' `x_levels = c(x0, x1)`, each by back-door adjustment on S with the data's relative
#' frequencies (weighted by case counts): P(y | do(x)) = sum over the configurations z of
#' S of P(y | x, z) P(z). When `y` is in S, x has no effect (0) and both probabilities are
#' the marginal P(y = `y_level`). A configuration z that occurs in the data but never with
#' x0 (or x1) leaves P(y | x, z) undefined: the element is then `NA`, with a warning of
#' class `"learnbn_warning_positivity"`.
#'
#' @param g A [bn_graph]: a CPDAG (as learned by [pc()] or [ges()]), a PDAG with a
#'   consistent extension, or a DAG. A PAG (class `bn_pag`, from an FCI-type learner) is an
#'   error of class `"learnbn_error_pag"`, and a graph with bidirected edges one of class
#'   `"learnbn_error_bidirected"`: both allow latent confounders, which IDA does not.
#' @param data A data.frame or [bn_data()] object, all Gaussian or all discrete, with a
#'   column for every node of `g` (mixed data is an error of class
#'   `"learnbn_error_data_type"`).
#' @param x,y The cause and the effect: two different nodes of `g`.
#' @param method `"local"` or `"global"` (see "Parent sets").
#' @param x_levels Discrete data: the two levels `c(x0, x1)` of `x` whose interventions are
#'   compared; by default the first two levels of `x`.
#' @param y_level Discrete data: the level of `y` whose probability is compared; by
#'   default the first level of `y`.
#' @param max_dags The largest equivalence class `method = "global"` enumerates.
#' @return A data.frame with one row per element of the multiset: `effect` (numeric), and
#'   `parents` (a list column: the parent set of `x` adjusted for, in node order); for
#'   discrete data also `p0` and `p1`, P(y = `y_level` | do(x = x0)) and
#'   P(y = `y_level` | do(x = x1)), so that `effect = p1 - p0`.
#' @references Maathuis, M. H., Kalisch, M. and Buehlmann, P. (2009). Estimating
#'   high-dimensional intervention effects from observational data. *The Annals of
#'   Statistics* 37(6A), 3133-3164.
#'
#'   Pearl, J. (2009). *Causality*, 2nd ed., Cambridge University Press, section 3.3.
#' @family causal effects
#' @export
#' @examples
#' set.seed(1)
#' x <- data.frame(A = rnorm(500))
#' x$B <- x$A + rnorm(500)
#' x$C <- 0.5 * x$B + rnorm(500)
#' g <- cpdag(bn_graph_from_string("[A][B|A][C|B]"))  # A - B - C, three DAGs
#' causal_effect(g, x, "B", "C")
#' causal_effect(g, x, "B", "C", method = "global")
#'
#' # Discrete data: differences of interventional probabilities
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' d <- simulate_data(asia, 2000)
#' causal_effect(cpdag(asia$graph), d, "smoke", "dysp", x_levels = c("no", "yes"),
#'               y_level = "yes")
causal_effect <- function(g, data, x, y, method = c("local", "global"), x_levels = NULL,
                          y_level = NULL, max_dags = 10000) {
  amat <- check_effect_graph(g)
  nodes <- colnames(amat)
  check_string(x)
  check_string(y)
  check_nodes(x, nodes, arg = "x")
  check_nodes(y, nodes, arg = "y")
  if (x == y) {
    lbn_abort("{.arg x} and {.arg y} must be different nodes, not both {.val {x}}.", "value")
  }
  method <- check_choice(method, c("local", "global"))
  check_number(max_dags, min = 1)
  data <- as_bn_data(data)
  if (is_mixed(data)) {
    lbn_abort(c("{.fn causal_effect} takes Gaussian or discrete data, not mixed data.",
                "i" = "Give it only continuous or only discrete columns."),
              "data_type")
  }
  check_node_columns(nodes, names(data$levels), "data", "g")
  sets <- if (method == "local") local_parent_sets(amat, x) else
    global_parent_sets(amat, x, max_dags)
  definite <- nodes[amat[, x] == 1L & amat[x, ] == 0L]
  if (method == "local" && y %in% definite) sets <- list(definite)
  sets <- lapply(sets, function(s) nodes[nodes %in% s])
  if (is_gaussian(data)) return(gaussian_effects(data, x, y, sets))
  discrete_effects(data, x, y, sets, x_levels, y_level)
}

# The graph's adjacency matrix, after refusing PAGs, bidirected edges and PDAGs without a
# consistent extension.
check_effect_graph <- function(g, arg = rlang::caller_arg(g), call = rlang::caller_env()) {
  if (inherits(g, "bn_pag")) {
    lbn_abort(c(paste0("{.arg {arg}} is a PAG, whose circle marks and bidirected edges allow ",
                       "latent confounders; {.fn causal_effect} needs a DAG or a CPDAG."),
                "i" = paste0("No conversion gives one without assuming away latent confounders: ",
                             "learn a CPDAG with {.fn pc} or {.fn ges} if you can assume none.")),
              "pag", call = call)
  }
  g <- as_graph_arg(g, arg = arg, call = call)
  check_no_bidirected(g, arg = arg, call = call)
  pdag_extension(g$amat, call = call)  # errors when g has no DAG in it
  g$amat
}

# Least-squares coefficient of x in the regression of y on x and each parent set, from the
# covariance matrix (pcalg's lm.cov()).
gaussian_effects <- function(data, x, y, sets, call = rlang::caller_env()) {
  covariance <- data$cor * outer(data$sds, data$sds)
  effects <- vapply(sets, function(s) {
    if (y %in% s) return(0)
    regressors <- c(x, s)
    r <- data$cor[regressors, regressors, drop = FALSE]
    if (rcond(r) < 1e-12) {
      lbn_abort(c(paste0("{.val {x}} and its possible parents {list_few(s, 10L, quote = TRUE)} ",
                         "are collinear in {.arg data}, so the effect is not identifiable."),
                  "i" = "Remove the columns that are linear functions of others."),
                "collinear", call = call)
    }
    solve(covariance[regressors, regressors, drop = FALSE], covariance[regressors, y])[[1L]]
  }, numeric(1))
  effects_frame(effects, sets)
}

effects_frame <- function(effects, sets, ...) {
  frame <- data.frame(effect = unname(effects), ...)
  frame$parents <- I(sets)
  frame
}

# P(y_level | do(x0)), P(y_level | do(x1)) and their difference for each parent set.
discrete_effects <- function(data, x, y, sets, x_levels, y_level, call = rlang::caller_env()) {
  x_levels <- x_levels %||% utils::head(data$levels[[x]], 2L)
  y_level <- y_level %||% data$levels[[y]][[1L]]
  check_effect_levels(x_levels, data$levels[[x]], x, 2L, "x_levels", call)
  check_effect_levels(y_level, data$levels[[y]], y, 1L, "y_level", call)
  probabilities <- vapply(sets, function(s) {
    backdoor_probabilities(data, x, y, s, x_levels, y_level, call)
  }, numeric(2))
  undefined <- which(is.na(probabilities[1L, ]) | is.na(probabilities[2L, ]))
  if (length(undefined)) {
    shown <- unique(vapply(sets[undefined], function(s) {
      paste0("{", paste(s, collapse = ", "), "}")
    }, ""))
    n_undefined <- length(undefined)
    lbn_warn(c(paste0("{n_undefined} effect{?s} {?is/are} {.val {NA}}: for the parent ",
                      "set{cli::qty(shown)}{?s} {list_few(shown)}, some configurations in ",
                      "{.arg data} never occur with {.arg x} at both {.arg x_levels}."),
               "i" = paste0("Back-door adjustment needs every configuration with both levels ",
                            "of {.arg x}.")),
             "positivity")
  }
  effects_frame(probabilities[2L, ] - probabilities[1L, ], sets,
                p0 = probabilities[1L, ], p1 = probabilities[2L, ])
}

check_effect_levels <- function(value, levels, node, n, arg, call) {
  if (!is.character(value) || length(value) != n || anyNA(value) || anyDuplicated(value)) {
    lbn_abort(paste0("{.arg {arg}} must be {n} different level{?s} of {.val {node}}, not ",
                     "{.obj_type_friendly {value}}."),
              "type", call = call)
  }
  unknown <- setdiff(value, levels)
  if (length(unknown)) {
    lbn_abort(c("{.arg {arg}} names {.val {unknown}}, which is not a level of {.val {node}}.",
                "i" = "Levels of {.val {node}}: {list_few(levels, 10L, quote = TRUE)}."),
              "value", call = call)
  }
}

# sum_z N(y, x, z) / N(x, z) * N(z) / N for x = x0 and x1, or NA when some N(z) > 0 has
# N(x, z) = 0. With y in the parent set, the marginal P(y) twice.
backdoor_probabilities <- function(data, x, y, parents, x_levels, y_level, call) {
  if (y %in% parents) {
    counts <- family_table(data, y, call = call)
    return(rep(counts[match(y_level, data$levels[[y]])] / sum(counts), 2L))
  }
  counts <- family_table(data, y, c(x, parents), call = call)
  shape <- dim(counts)
  counts <- array(counts, c(shape[1L], shape[2L], length(counts) / (shape[1L] * shape[2L])))
  x_index <- match(x_levels, data$levels[[x]])
  y_index <- match(y_level, data$levels[[y]])
  by_x <- colSums(counts)  # N(x, z): levels of x by configurations z
  by_config <- colSums(by_x)  # N(z)
  seen <- by_config > 0
  vapply(x_index, function(i) {
    if (any(by_x[i, seen] == 0)) return(NA_real_)
    sum(counts[y_index, i, seen] / by_x[i, seen] * by_config[seen]) / sum(by_config)
  }, numeric(1))
}
