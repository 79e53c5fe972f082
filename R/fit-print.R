#' @export
print.bn_fit <- function(x, ...) {
  if (is_gaussian_fit(x)) return(print_gaussian_fit(x))
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
