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
  if (!is_gaussian_fit(fit)) return(new_bn_cpt(.subset2(fit, "cpts")[[name]]))
  beta <- .subset2(fit, "coefficients")[[name]]
  structure(list(coefficients = beta, sd = .subset2(fit, "sd")[[name]],
                 parents = names(beta)[-1L]),
            class = "bn_node_regression", node = name)
}

# A CPT handed to the user: the array with class "bn_cpt" for its print method. Any
# subset (`[`) is a plain array again; arithmetic keeps the class.
new_bn_cpt <- function(table) structure(table, class = "bn_cpt")

#' @export
print.bn_cpt <- function(x, digits = 4, ...) {
  check_number(digits, min = 1, max = 22, whole = TRUE)
  family <- names(dimnames(x))
  cli::cat_line("P(", family[1L], if (length(family) > 1L) " | ",
                paste(family[-1L], collapse = ", "), ")")
  table <- unclass(x)
  # one row per parent configuration, one column per state of the node
  if (length(family) == 1L) print(table, digits = digits)
  else print(stats::ftable(table, row.vars = family[-1L], col.vars = 1L), digits = digits)
  invisible(x)
}

#' @export
print.bn_node_regression <- function(x, ...) {
  node <- attr(x, "node")
  beta <- x$coefficients
  terms <- c(format(beta[[1L]], digits = 4),
             if (length(x$parents)) paste(format(beta[-1L], digits = 4), "*", x$parents))
  cli::cat_line(node, " = ", paste(terms, collapse = " + "), " + N(0, ",
                format(x$sd, digits = 4), "^2)")
  invisible(x)
}

#' Summary of a fitted network
#'
#' One row per node: its parents, its number of states (`NA` for a linear-Gaussian
#' node) and its number of free parameters ((r - 1) q for a discrete node with r
#' states and q parent configurations; k + 2 for a Gaussian node with k parents), with
#' the fit's estimation method and imaginary sample size printed above.
#'
#' @param object A `bn_fit` object.
#' @param ... Unused.
#' @return A `bn_fit_summary` data.frame with columns `node`, `parents` (the parents
#'   joined by `", "`), `levels` and `nparams`, and attributes `method` and `iss`.
#' @family parameters
#' @export
#' @examples
#' asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#' summary(asia)
#' summary(fit_parameters(asia$graph, simulate_data(asia, 500), iss = 5))
summary.bn_fit <- function(object, ...) {
  node_names <- colnames(object$graph$amat)
  parents <- graph_parents(object$graph)[node_names]
  gaussian <- is_gaussian_fit(object)
  n_levels <- if (gaussian) rep(NA_integer_, length(node_names)) else unname(lengths(object$levels[node_names]))
  n_params <- if (gaussian) {
    unname(lengths(object$coefficients[node_names])) + 1
  } else {
    vapply(object$cpts[node_names], function(table) (dim(table)[1L] - 1) * length(table) / dim(table)[1L],
           numeric(1), USE.NAMES = FALSE)
  }
  out <- data.frame(node = node_names,
                    parents = vapply(parents, paste, character(1), collapse = ", ", USE.NAMES = FALSE),
                    levels = n_levels, nparams = n_params)
  structure(out, class = c("bn_fit_summary", "data.frame"),
            method = object$method, iss = object$iss)
}

#' @export
print.bn_fit_summary <- function(x, ...) {
  iss <- attr(x, "iss")
  cli::cat_line("<bn_fit summary> ", nrow(x), " node", if (nrow(x) != 1L) "s", ", ",
                format_count(sum(x$nparams)), " free parameters; method: ",
                attr(x, "method"), if (!is.null(iss)) paste0(", iss = ", format(iss)))
  print(structure(x, class = "data.frame"), row.names = FALSE)
  invisible(x)
}

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
  if (is_gaussian_fit(object)) object$coefficients else object$cpts
}

#' @rdname nodes
#' @export
nodes.bn_fit <- function(g, ...) {
  colnames(g$graph$amat)
}
