# Interoperability with bnlearn: its network structures ("bn") and fitted networks
# ("bn.fit") to and from learnbn's graphs and fits. Reading bnlearn's objects needs no
# bnlearn (they are lists); building them does.

#' Convert to and from bnlearn's objects
#'
#' `from_bn()` turns a bnlearn network structure (class `"bn"`) into a [bn_graph] and a
#' bnlearn fitted network (class `"bn.fit"`: discrete, Gaussian, or conditional linear
#' Gaussian, `"bn.fit.cgnet"`) into a [bn_fit][fit_parameters()]; it needs no bnlearn.
#' `as_bn()` goes the other way and needs bnlearn (in Suggests). Every learnbn function
#' that takes a graph or a fit also takes bnlearn's objects, so learnbn's `arcs()`,
#' `cpdag()`, `shd()`, `nodes()`, `parents()` and the other names both packages export
#' work on either package's objects (attach learnbn after bnlearn, or call them as
#' `learnbn::arcs()`).
#'
#' @param x For `from_bn()`, a bnlearn `"bn"` or `"bn.fit"` object; for `as_bn()`, a
#'   [bn_graph] (a DAG or a CPDAG/PDAG without bidirected edges), a learner's result or
#'   a [bn_fit][fit_parameters()].
#' @return `from_bn()`: a [bn_graph] or a [bn_fit][fit_parameters()] (method `"mle"`, as bnlearn's
#'   default estimates). bnlearn's maximum-likelihood CPTs hold `NaN` for the parent
#'   configurations that never occur in its data; those columns get the uniform
#'   distribution (as [fit_parameters()] with `method = "mle"` gives them), with a
#'   warning of class `"learnbn_warning_unobserved_configurations"` naming the nodes
#'   (refit with bnlearn's `method = "bayes"` to avoid it). Other missing, negative or
#'   infinite parameters are an error of class `"learnbn_error_value"`. A `bn.fit`
#'   passed directly to [query()] or [predict()] is converted (and warned about) on each
#'   call: convert it once with `from_bn()`. `as_bn()`: a `"bn"` or `"bn.fit"` object.
#'
#'   A conditional linear Gaussian fit (of mixed data) becomes bnlearn's `"bn.fit.cgnet"`:
#'   a continuous node with discrete parents is a `"bn.fit.cgnode"`, whose coefficient
#'   columns and sds are bnlearn's numbered configurations of its discrete parents, in
#'   bnlearn's order of the parents (learnbn names them by their levels, in the graph's
#'   node order); the conversion is exact both ways. A configuration that had no cases
#'   (`NA` coefficients) cannot be given to bnlearn (an error of class
#'   `"learnbn_error_value"`).
#' @export
#' @examples
#' # A bnlearn structure read without bnlearn:
#' structure_bn <- structure(list(
#'   learning = list(), arcs = cbind(from = c("A", "B"), to = c("B", "C")),
#'   nodes = list(A = list(parents = character()), B = list(parents = "A"),
#'                C = list(parents = "B"))), class = "bn")
#' from_bn(structure_bn)
#' if (requireNamespace("bnlearn", quietly = TRUE)) {
#'   asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
#'   fitted <- as_bn(asia)
#'   all.equal(from_bn(fitted)$cpts, asia$cpts)
#'   # A conditional linear Gaussian fit (mixed data) as bnlearn's bn.fit.cgnet:
#'   cars <- mtcars[c("am", "wt", "mpg")]
#'   cars$am <- factor(cars$am, labels = c("automatic", "manual"))
#'   fit <- fit_parameters(bn_graph_from_string("[am][wt|am][mpg|am:wt]"), cars)
#'   class(as_bn(fit)$mpg)
#'   identical(from_bn(as_bn(fit)), fit)
#' }
from_bn <- function(x) {
  if (inherits(x, "bn.fit")) return(fit_from_bn(x))
  if (!inherits(x, "bn")) {
    lbn_abort(paste0("{.arg x} must be a bnlearn {.cls bn} or {.cls bn.fit} object, not ",
                     "{.obj_type_friendly {x}}."),
              "type")
  }
  node_names <- names(x$nodes)
  amat <- matrix(0L, length(node_names), length(node_names),
                 dimnames = list(node_names, node_names))
  arcs <- x$arcs
  if (length(arcs)) amat[cbind(match(arcs[, 1], node_names), match(arcs[, 2], node_names))] <- 1L
  new_bn_graph(amat, if (any(amat == 1L & t(amat) == 1L)) "pdag" else "dag")
}

# A bn.fit as a bn_fit: the graph from the parents, CPTs permuted to learnbn's parent
# order (the graph's node order) or the regressions of a Gaussian network.
fit_from_bn <- function(x) {
  node_names <- names(x)
  amat <- matrix(0L, length(node_names), length(node_names),
                 dimnames = list(node_names, node_names))
  for (node in node_names) amat[x[[node]]$parents, node] <- 1L
  graph <- new_bn_graph(amat, "dag")
  parents <- graph_parents(graph)
  if (all(vapply(x, inherits, logical(1), "bn.fit.gnode"))) {
    coefficients <- lapply(stats::setNames(node_names, node_names), function(node) {
      beta <- x[[node]]$coefficients
      beta[c("(Intercept)", parents[[node]])]
    })
    sd <- vapply(x, function(n) as.numeric(n$sd), numeric(1))
    check_bn_regressions(coefficients, sd)
    return(new_gaussian_fit(graph, coefficients, sd[node_names], "mle"))
  }
  if (!all(vapply(x, function(n) !is.null(n$prob), logical(1)))) {
    return(fit_from_cgnet(x, graph))  # R/bnlearn-mixed.R
  }
  cpts <- cpts_from_bn(x, node_names, parents)
  levels <- lapply(cpts, function(table) dimnames(table)[[1L]])
  new_bn_fit(graph, levels, cpts, "mle")
}

# The CPTs of the discrete nodes `node_names` of a bn.fit, permuted to learnbn's parent
# order (`parents`, the graph's node order), bnlearn's NaN columns filled.
cpts_from_bn <- function(x, node_names, parents, call = rlang::caller_env()) {
  cpts <- lapply(stats::setNames(node_names, node_names), function(node) {
    table <- x[[node]]$prob
    if (length(dim(table)) <= 1L) {  # a root node: bnlearn leaves its dimnames unnamed
      return(array(as.vector(table), dim = length(table),
                   dimnames = stats::setNames(list(dimnames(table)[[1L]]), node)))
    }
    order <- c(node, parents[[node]])
    array(aperm(unclass(table), match(order, names(dimnames(table)))),
          dim = dim(table)[match(order, names(dimnames(table)))], dimnames = dimnames(table)[order])
  })
  fill_unobserved_configurations(cpts, call)
}

# bnlearn's maximum-likelihood CPTs hold NaN in the columns of the parent configurations
# that never occur in its data, which inference cannot use. Such a column becomes the
# uniform distribution, as in fit_parameters(method = "mle"), with a warning naming the
# nodes; a column partly missing, or a negative or infinite probability, is an error.
fill_unobserved_configurations <- function(cpts, call = rlang::caller_env()) {
  filled <- character()
  for (node in names(cpts)) {
    columns <- matrix(as.vector(cpts[[node]]), nrow = dim(cpts[[node]])[1L])
    empty <- colSums(is.na(columns)) == nrow(columns)
    if (any(empty)) {
      filled <- c(filled, paste0(node, " (", sum(empty), " of ", ncol(columns), ")"))
      columns[, empty] <- 1 / nrow(columns)
      cpts[[node]][] <- columns
    }
    if (anyNA(columns) || any(!is.finite(columns) | columns < 0)) {
      lbn_abort(c(paste0("The CPT of {.val {node}} in the bnlearn fit holds missing, negative or ",
                         "infinite probabilities."),
                  "i" = paste0("Refit it, for example with ",
                               "{.code bnlearn::bn.fit(..., method = \"bayes\")}.")),
                "value", call = call)
    }
  }
  if (length(filled)) {
    lbn_warn(c(paste0("The bnlearn fit has no probabilities ({.val {NaN}}) for the parent ",
                      "configurations it never saw, in the {cli::qty(length(filled))}CPT{?s} of ",
                      "{length(filled)} node{?s}: {list_few(filled)}."),
               "i" = paste0("They are set to the uniform distribution, as ",
                            "{.code fit_parameters(method = \"mle\")} does; to avoid this, fit ",
                            "with {.code bnlearn::bn.fit(..., method = \"bayes\")} or with ",
                            "{.fn fit_parameters}.")),
             "unobserved_configurations")
  }
  cpts
}

# A Gaussian bnlearn fit's regressions must be finite (bnlearn leaves NA where a parent's
# coefficient is not identifiable).
check_bn_regressions <- function(coefficients, sd, call = rlang::caller_env()) {
  bad <- names(sd)[!vapply(coefficients, function(beta) all(is.finite(beta)), logical(1)) |
                     !is.finite(sd) | sd < 0]
  if (length(bad)) {
    lbn_abort(c(paste0("The bnlearn fit has missing or infinite parameters for ",
                       "{cli::qty(bad)}node{?s} {list_few(bad, quote = TRUE)}."),
                "i" = paste0("Their parents are probably collinear in the data it was fitted on; ",
                             "drop one of them and refit.")),
              "value", call = call)
  }
}

#' @rdname from_bn
#' @export
as_bn <- function(x) {
  check_not_pag(x, arg = "x")  # R/graph-pag.R: before asking for bnlearn
  rlang::check_installed("bnlearn", "to build bnlearn objects")
  if (inherits(x, "bn_fit")) return(fit_as_bn(x))
  g <- as_graph_arg(x, arg = "x")
  check_no_bidirected(g, arg = "x")
  node_names <- colnames(g$amat)
  arcs <- which(g$amat == 1L, arr.ind = TRUE)
  structure_bn <- bnlearn::empty.graph(node_names)
  if (nrow(arcs)) {
    bnlearn::arcs(structure_bn, check.cycles = FALSE) <-
      cbind(from = node_names[arcs[, 1]], to = node_names[arcs[, 2]])
  }
  structure_bn
}

fit_as_bn <- function(x) {
  structure_bn <- as_bn(x$graph)
  if (is_mixed_fit(x)) return(fit_as_cgnet(x, structure_bn))  # R/bnlearn-mixed.R
  if (is_gaussian_fit(x)) {
    dist <- lapply(x$nodes, function(node) list(coef = x$coefficients[[node]], sd = x$sd[[node]]))
    names(dist) <- x$nodes
  } else {
    dist <- lapply(x$cpts, bn_table)
  }
  exact_tables(bnlearn::custom.fit(structure_bn, dist = dist), dist)
}

# custom.fit() renormalises each CPT, which can move a probability by its last bit: the
# tables given are put back, so that the fit converted back is identical.
exact_tables <- function(fitted, dist) {
  classes <- class(fitted)
  fitted <- unclass(fitted)
  for (node in names(dist)) if (is.table(dist[[node]])) fitted[[node]]$prob <- dist[[node]]
  structure(fitted, class = classes)
}

# A CPT as bnlearn lays it out: a table, a root node's dimnames unnamed (as bn.fit()'s).
bn_table <- function(table) {
  if (length(dim(table)) == 1L) dimnames(table) <- unname(dimnames(table))
  as.table(table)
}
