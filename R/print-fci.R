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
  show <- function(lines) explain_lines(lines, max_lines)  # print-pc.R
  cat(toupper(info$algorithm), if (isTRUE(info$stable)) " (stable skeleton)", ": ",
      explain_test_label(info$test), " test, alpha = ",
      info$alpha, ", orientation \"", info$orientation, "\", ", info$n_tests, " tests\n",
      sep = "")
  tests <- info$tests
  explain_skeleton(tests[tests$phase == "skeleton", ], digits, max_lines)
  if (isTRUE(info$pdsep)) {
    explain_phase("Possible-D-Sep", tests[tests$phase == "possible-d-sep", ], digits, max_lines)
  }
  rfci <- tests[tests$phase %in% c("rfci triples", "rfci paths"), ]
  if (nrow(rfci)) {
    explain_phase("RFCI's checks of triples and discriminating paths", rfci, digits, max_lines)
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
  lines <- pag_edge_text(g$amat)$text  # R/graph-pag.R
  if (length(lines)) show(lines) else cat("    no edges\n")
  invisible(g)
}
