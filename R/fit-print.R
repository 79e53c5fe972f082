# Print and summary methods of fitted networks (bn_fit), their CPTs and regressions.

#' @export
print.bn_fit <- function(x, ...) {
  if (is_gaussian_fit(x)) return(print_gaussian_fit(x))
  if (is_mixed_fit(x)) return(print_mixed_fit(x))
  n_nodes <- length(x$cpts)
  n_arcs <- sum(x$graph$amat)
  method <- switch(x$method,
                   bayes = paste0("Bayesian posterior mean, BDeu prior with iss = ", format(x$iss)),
                   mle = "maximum likelihood",
                   bif = "read from a BIF file",
                   x$method)
  cli::cat_line("<bn_fit> ", n_nodes, " discrete node", if (n_nodes != 1L) "s", ", ",
                n_arcs, " arc", if (n_arcs != 1L) "s", ", ",
                format_count(nparams(x)), " free parameters")
  cli::cat_line("  parameters: ", method)
  families <- vapply(x$cpts, function(table) {
    family <- names(dimnames(table))
    paste0("[", family[1L], if (length(family) > 1L) "|",
           paste(family[-1L], collapse = ":"), "]")
  }, character(1))
  if (length(families) > 12L) {
    families <- c(families[1:10], paste("... and", length(families) - 10L, "more nodes"))
  }
  cli::cat_line(strwrap(paste(families, collapse = " "), indent = 2, exdent = 2))
  invisible(x)
}

# print() of a Gaussian fit: one regression line per node.
print_gaussian_fit <- function(x) {
  n_nodes <- length(x$nodes)
  n_arcs <- sum(x$graph$amat)
  method <- switch(x$method, mle = "least squares (maximum likelihood)",
                   random = "random (random_gaussian_fit())", x$method)
  cli::cat_line("<bn_fit> ", n_nodes, " Gaussian node", if (n_nodes != 1L) "s", ", ",
                n_arcs, " arc", if (n_arcs != 1L) "s", ", ",
                format_count(nparams(x)), " parameters")
  cli::cat_line("  parameters: ", method)
  shown <- if (n_nodes > 12L) x$nodes[1:10] else x$nodes
  for (node in shown) cli::cat_line("  ",
                                    gaussian_equation(node, x$coefficients[[node]], x$sd[[node]]))
  if (n_nodes > 12L) cli::cat_line("  ... and ", n_nodes - 10L, " more nodes")
  invisible(x)
}

# "C = 0.5 + 1.2 A - 0.3 B + N(0, 0.8^2)"
gaussian_equation <- function(node, beta, sd) {
  terms <- format(beta[[1L]], digits = 3)
  for (p in names(beta)[-1L]) {
    terms <- paste0(terms, if (beta[[p]] < 0) " - " else " + ",
                    format(abs(beta[[p]]), digits = 3), " ", p)
  }
  paste0(node, " = ", terms, " + N(0, ", format(sd, digits = 3), "^2)")
}

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
  if (is.matrix(x$coefficients)) {
    for (j in seq_len(ncol(x$coefficients))) {
      cli::cat_line("[", colnames(x$coefficients)[j], "] ", if (is.na(x$sd[[j]])) {
        paste(node, "not fitted (no cases)")
      } else gaussian_equation(node, x$coefficients[, j], x$sd[[j]]))
    }
    return(invisible(x))
  }
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
  # Discrete nodes: (r - 1) q; continuous ones: k + 2 per configuration of discrete parents.
  discrete <- node_names %in% names(object$cpts)
  n_levels <- rep(NA_integer_, length(node_names))
  n_levels[discrete] <- unname(lengths(object$levels[node_names[discrete]]))
  n_params <- vapply(node_names, function(node) {
    if (node %in% names(object$cpts)) {
      table <- object$cpts[[node]]
      return((dim(table)[1L] - 1) * length(table) / dim(table)[1L])
    }
    beta <- object$coefficients[[node]]
    as.numeric(length(beta) + NCOL(beta))
  }, numeric(1), USE.NAMES = FALSE)
  out <- data.frame(node = node_names,
                    parents = vapply(parents, paste, character(1), collapse = ", ",
                                     USE.NAMES = FALSE),
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
