# A step-by-step account of a PC run, in the manner of textbook walk-throughs.

#' Walk through a PC run
#'
#' Prints, from the `info` of a [pc()] result, the steps of a textbook PC walk-through
#' (such as those of the college-plans and Florida data):
#' the independences found at each level of the skeleton search (with their p-values
#' and witness sets), the candidate immoralities and why each is or is not one, any
#' conflicts, and the arcs oriented by each rule.
#'
#' @param g A [bn_graph] returned by [pc()].
#' @param digits Significant digits of the p-values.
#' @param max_lines Largest number of lines printed per section.
#' @return `g`, invisibly.
#' @references Spirtes, P., Glymour, C. and Scheines, R. (2000). *Causation, Prediction, and
#'   Search*, 2nd ed. MIT Press.
#'
#'   Meek, C. (1995). Causal inference and causal explanation with background knowledge.
#'   *Proceedings of UAI 1995*, 403-410.
#' @family constraint-based learners
#' @export
#' @examples
#' g <- pc(bn_data(college_plans, counts = "count"), alpha = 0.04)
#' explain_pc(g)
explain_pc <- function(g, digits = 4, max_lines = 50L) {
  info <- if (inherits(g, "bn_graph")) g$info
  if (is.null(info$tests) || is.null(info$sepsets)) {
    lbn_abort("{.arg g} must be a graph returned by {.fn pc}, not {.obj_type_friendly {g}}.",
              "type")
  }
  check_number(digits, min = 1, max = 22, whole = TRUE)
  check_number(max_lines, min = 1, whole = TRUE)
  show <- function(lines) explain_lines(lines, max_lines)
  cat(if (isTRUE(info$stable)) "PC-stable" else "PC", ": ", explain_test_label(info$test),
      " test, alpha = ",
      info$alpha, ", ", info$n_tests, " tests\n", sep = "")
  n <- info$tests$n
  if (length(unique(n)) > 1L) {  # missing values: each test used its available cases
    cat("  available cases per test: ", format_count(min(n)), " to ",
        format_count(max(n)), "\n", sep = "")
  }

  explain_skeleton(info$tests, digits, max_lines)

  cat("Immoralities\n")
  lines <- explain_triples(g)
  if (length(lines)) show(lines) else cat("    no unshielded triples\n")
  if (nrow(info$conflicts)) {
    cat("Conflicts (policy \"", info$conflict_policy, "\")\n", sep = "")
    cf <- info$conflicts
    show(paste0(cf$from, " -> ", cf$to, " (", cf$kept, ") vs ", cf$to, " -> ", cf$from,
                " (", cf$other, "): ", cf$resolution))
  }
  cat("Orientation rules\n")
  steps <- info$orientations
  if (nrow(steps)) show(paste0(steps$rule, ": ", steps$from, " -> ", steps$to))
  else cat("    nothing to orient\n")
  cat("Result\n")
  edges <- arcs(g)
  if (nrow(edges)) {
    show(paste(edges$from, edge_symbols[edges$type], edges$to))
  } else {
    cat("    no edges\n")
  }
  invisible(g)
}

# One line per unshielded triple X - Y - Z of the skeleton: an immorality or not.
explain_triples <- function(g) {
  amat <- as.matrix(g)
  skeleton <- amat == 1L | t(amat) == 1L
  nodes <- colnames(amat)
  sep <- g$info$sepsets
  key <- function(a, b) paste(pmin(a, b), pmax(a, b), sep = "\r")
  witness <- stats::setNames(sep$z, key(sep$x, sep$y))
  lines <- character()
  for (i in seq_along(nodes)) for (k in seq_along(nodes)) {
    if (k <= i || skeleton[i, k]) next
    w <- witness[key(nodes[i], nodes[k])]
    if (is.na(w)) next
    members <- if (nzchar(w)) strsplit(w, ";", fixed = TRUE)[[1]] else character()
    for (middle in nodes[skeleton[i, ] & skeleton[k, ]]) {
      shown <- paste0("{", paste(members, collapse = ", "), "}")
      lines <- c(lines, if (middle %in% members) {
        paste0(nodes[i], " - ", middle, " - ", nodes[k], " is not an immorality: ", middle,
               " is in the witness set ", shown, " of ", nodes[i], " - ", nodes[k])
      } else {
        paste0(nodes[i], " -> ", middle, " <- ", nodes[k], " is an immorality: ", middle,
               " is not in the witness set ", shown, " of ", nodes[i], " - ", nodes[k])
      })
    }
  }
  lines
}

# The parts explain_pc() and explain_fci() (print-fci.R) share: indented lines, at most
# `max_lines` of them; the test's name; and the tests of a phase with the independences
# they found ("x _||_ y | z (p-value p): remove x - y"), the skeleton's level by level.
explain_lines <- function(lines, max_lines) {
  if (length(lines) > max_lines) {
    lines <- c(lines[seq_len(max_lines)], paste0("... (", length(lines) - max_lines, " more)"))
  }
  cat(paste0("    ", lines), sep = "\n")
}

explain_test_label <- function(test) {
  if (identical(test, "dsep_oracle")) return("d-separation oracle")
  ci_test_table$label[ci_test_table$name == test]
}

explain_phase <- function(heading, tests, digits, max_lines) {
  found <- tests[tests$independent, ]
  cat(heading, ": ", nrow(tests), " tests, ", nrow(found), " independence",
      if (nrow(found) != 1) "s", "\n", sep = "")
  if (!nrow(found)) return(invisible())
  explain_lines(paste0(format_ci_statement(found$x, found$y, found$z), " (p-value ",
                       format(signif(found$p_value, digits), digits = digits), "): remove ",
                       found$x, " - ", found$y),
                max_lines)
}

explain_skeleton <- function(tests, digits, max_lines) {
  cat("Skeleton\n")
  for (level in sort(unique(tests$level))) {
    explain_phase(paste0("  conditioning sets of size ", level), tests[tests$level == level, ],
                  digits, max_lines)
  }
}
