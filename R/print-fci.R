# A step-by-step account of an FCI run, in the manner of explain_pc().

#' Walk through an FCI run
#'
#' Prints, from the `info` of an [fci()] or [rfci()] result, the independences found by each phase
#' (the skeleton's levels, then the possible-d-separation phase) with their p-values and
#' separating sets, the ambiguous triples of conservative or majority-rule FCI, the
#' marks set by the unshielded colliders (R0) and by each of Zhang's rules, and the
#' edges of the PAG with their marks (`o` circle, `>` or `<` arrowhead, `-` tail).
#'
#' @param g A [bn_pag] returned by [fci()] or [rfci()].
#' @inheritParams explain_pc
#' @return `g`, invisibly.
#' @references Zhang, J. (2008). On the completeness of orientation rules for causal
#'   discovery in the presence of latent confounders and selection bias. *Artificial
#'   Intelligence*, 172, 1873-1896.
#' @family constraint-based learners
#' @export
#' @examples
#' g <- fci(bn_data(florida, counts = "count"), test = "g2", alpha = 0.05)
#' explain_fci(g)
explain_fci <- function(g, digits = 4, max_lines = 50L) {
  info <- if (inherits(g, "bn_pag")) g$info
  if (is.null(info$tests) || is.null(info$orientations)) {
    lbn_abort(paste0("{.arg g} must be a PAG returned by {.fn fci} or {.fn rfci}, not ",
                     "{.obj_type_friendly {g}}."), "type")
  }
  check_number(digits, min = 1, max = 22, whole = TRUE)
  check_number(max_lines, min = 1, whole = TRUE)
  fmt_p <- function(p) format(signif(p, digits), digits = digits)
  show <- function(lines) {
    if (length(lines) > max_lines) {
      lines <- c(lines[seq_len(max_lines)], paste0("... (", length(lines) - max_lines, " more)"))
    }
    cat(paste0("    ", lines), sep = "\n")
  }
  label <- if (identical(info$test, "dsep_oracle")) "d-separation oracle" else
    ci_test_table$label[ci_test_table$name == info$test]
  cat(toupper(info$algorithm), if (isTRUE(info$stable)) " (stable skeleton)", ": ", label,
      " test, alpha = ",
      info$alpha, ", orientation \"", info$orientation, "\", ", info$n_tests, " tests\n",
      sep = "")
  tests <- info$tests
  independences <- function(found) {
    paste0(format_ci_statement(found$x, found$y, found$z), " (p-value ",
           fmt_p(found$p_value), "): remove ", found$x, " - ", found$y)
  }
  cat("Skeleton\n")
  skeleton <- tests[tests$phase == "skeleton", ]
  for (level in sort(unique(skeleton$level))) {
    at_level <- skeleton[skeleton$level == level, ]
    found <- at_level[at_level$independent, ]
    cat("  conditioning sets of size ", level, ": ", nrow(at_level), " tests, ",
        nrow(found), " independence", if (nrow(found) != 1) "s", "\n", sep = "")
    if (nrow(found)) show(independences(found))
  }
  if (isTRUE(info$pdsep)) {
    pd <- tests[tests$phase == "possible-d-sep", ]
    found <- pd[pd$independent, ]
    cat("Possible-D-Sep: ", nrow(pd), " tests, ", nrow(found), " independence",
        if (nrow(found) != 1) "s", "\n", sep = "")
    if (nrow(found)) show(independences(found))
  }
  rfci <- tests[tests$phase %in% c("rfci triples", "rfci paths"), ]
  if (nrow(rfci)) {
    found <- rfci[rfci$independent, ]
    cat("RFCI's checks of triples and discriminating paths: ", nrow(rfci), " tests, ",
        nrow(found), " independence", if (nrow(found) != 1) "s", "\n", sep = "")
    if (nrow(found)) show(independences(found))
  }
  if (!identical(info$orientation, "standard")) {
    am <- info$ambiguous
    cat("Unshielded triples (", info$orientation, "): ",
        sum(tests$phase == "triples"), " tests, ", nrow(am), " ambiguous\n", sep = "")
    if (nrow(am)) show(paste0(am$x, " - ", am$middle, " - ", am$y, " orients nothing"))
  }
  cat("Orientation\n")
  steps <- info$orientations
  if (nrow(steps)) {
    show(paste0(steps$rule, ": the mark at ", steps$to, " of ", steps$from, " - ", steps$to,
                " becomes ", ifelse(steps$mark == "arrowhead", "an ", "a "), steps$mark))
  } else {
    cat("    every mark stays a circle\n")
  }
  cat("Result\n")
  lines <- pag_edge_lines(g$amat)
  if (length(lines)) show(lines) else cat("    no edges\n")
  invisible(g)
}

# One line per edge of a PAG matrix (pcalg's coding), such as "A o-> B" or "A <-> B".
pag_edge_lines <- function(amat) {
  nodes <- colnames(amat)
  left <- c("o", "<", "-")   # the mark at the row node's end: circle, arrowhead, tail
  right <- c("o", ">", "-")
  edges <- which(amat != 0 & upper.tri(amat), arr.ind = TRUE)
  edges <- edges[order(edges[, 1], edges[, 2]), , drop = FALSE]
  i <- edges[, 1]
  j <- edges[, 2]
  paste0(nodes[i], " ", left[amat[cbind(j, i)]], "-", right[amat[cbind(i, j)]], " ", nodes[j])
}
