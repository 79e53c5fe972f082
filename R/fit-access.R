# Reading a fit the way users expect: fit$node and fit[["node"]] for one node's
# parameters, summary() and coef().

# The fields a bn_fit may hold (new_bn_fit(), new_gaussian_fit(), fit_incomplete()).
# They take precedence over node names, and an absent one reads as NULL (as on a plain
# list), so the package's own `fit$em` or `fit$type` keep their meaning.
bn_fit_fields <- c("graph", "levels", "cpts", "method", "iss", "em", "gibbs",
                   "type", "nodes", "coefficients", "sd")

#' Parameters of one node of a fitted network
#'
#' `fit$node` and `fit[["node"]]` give the parameters of one node: for a discrete
#' network its conditional probability table (the same as [cpt()]: an array with named
#' dimnames, node first, then its parents, of class `bn_cpt`, printed with one row per
#' configuration of the parents); for a linear-Gaussian network its
#' regression, a `bn_node_regression` list of `coefficients` (`"(Intercept)"` then the
#' parents), `sd` (residual standard deviation) and `parents`.
#'
#' The fields of the fit (`graph`, `levels`, `cpts`, `method`, `iss`, `em`, `gibbs`,
#' `type`, `nodes`, `coefficients`, `sd`) take precedence: `fit$graph` is the graph
#' even when a node is called `"graph"`; reach such a node with [cpt()] or through
#' `fit$cpts` (or `fit$coefficients` and `fit$sd`). A name that is neither a field nor
#' a node is an error of class `learnbn_error_unknown_node`.
#'
#' @param x A `bn_fit` object from [fit_parameters()] or [read_bif()].
#' @param name,i The name of a node (or of a field of the fit).
#' @param ... Unused.
#' @return The node's CPT (discrete) or `bn_node_regression` (Gaussian), or the field.
#' @family parameters
#' @name bn_fit-access
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' asia$either
#' asia[["dysp"]]["yes", , ]
#' asia$graph
#'
#' fit_iris <- fit_parameters(hill_climb(iris[1:4]), iris[1:4])
#' fit_iris$Petal.Width
NULL

#' @rdname bn_fit-access
#' @export
`$.bn_fit` <- function(x, name) {
  fit_element(x, name, call = rlang::caller_env())
}

#' @rdname bn_fit-access
#' @export
`[[.bn_fit` <- function(x, i, ...) {
  if (!is.character(i) || length(i) != 1L || is.na(i)) return(.subset2(x, i, ...))
  fit_element(x, i, call = rlang::caller_env())
}

fit_element <- function(fit, name, call) {
  if (name %in% bn_fit_fields) return(.subset2(fit, name))
  node_names <- colnames(.subset2(fit, "graph")$amat)
  if (!name %in% node_names) {
    abort_unknown_name(name, node_names, "unknown_node", arg = "name", call = call)
  }
  if (!is_gaussian_fit(fit) && name %in% names(.subset2(fit, "cpts"))) {
    return(new_bn_cpt(.subset2(fit, "cpts")[[name]]))
  }
  beta <- .subset2(fit, "coefficients")[[name]]
  # A continuous node of a mixed fit: a column of coefficients per discrete configuration.
  parents <- if (is.matrix(beta)) rownames(beta)[-1L] else names(beta)[-1L]
  structure(list(coefficients = beta, sd = .subset2(fit, "sd")[[name]], parents = parents),
            class = "bn_node_regression", node = name)
}

# A CPT handed to the user: the array with class "bn_cpt" for its print method. Any
# subset (`[`) is a plain array again; arithmetic keeps the class.
new_bn_cpt <- function(table) structure(table, class = "bn_cpt")

#' Parameters of a fitted network as a list
#'
#' For a linear-Gaussian network, the regression coefficients of every node (a named
#' list of named vectors, `"(Intercept)"` then the parents); for a discrete network,
#' the conditional probability tables (the same as `fit$cpts`).
#'
#' @param object A `bn_fit` object.
#' @param ... Unused.
#' @return A named list with one element per node.
#' @family parameters
#' @export
#' @examples
#' coef(fit_parameters(hill_climb(iris[1:4]), iris[1:4]))
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' coef(asia)$either
coef.bn_fit <- function(object, ...) {
  if (is_mixed_fit(object)) return(c(object$cpts, object$coefficients)[object$nodes])
  if (is_gaussian_fit(object)) object$coefficients else object$cpts
}

#' @rdname nodes
#' @export
#' @order 4
nodes.bn_fit <- function(g, ...) {
  colnames(g$graph$amat)
}
