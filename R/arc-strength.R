#' Strength of the arcs of a network
#'
#' Measures how much the data support each arc of a DAG, in one of two ways (as
#' bnlearn's `arc.strength()`):
#' * `criterion = "score"`: the change of the network score when the arc alone is
#'   removed, `score(g - arc) - score(g)`. As the score is decomposable this is the
#'   change of the local score of the arc's head, `to`, when `from` leaves its parents.
#'   **Sign:** a negative strength means removing the arc lowers the score, so the arc
#'   helps (the more negative, the stronger); a positive one means the network scores
#'   better without it.
#' * `criterion = "test"`: the p-value of the conditional independence test of
#'   `from _||_ to | other parents of to` (see [ci_test()]). Small p-values mean strong
#'   arcs.
#'
#' @param g A [bn_graph] DAG whose nodes are columns of `data`.
#' @param data A data.frame or [bn_data()] object (complete for `"score"`).
#' @param criterion `"score"` or `"test"`.
#' @param score For `"score"`: a score name or a [bn_score()] object; `"bic"` by default.
#' @param test For `"test"`: the name of a test of [ci_test()]; by default `"mi"` on
#'   discrete and `"fisher_z"` on continuous data.
#' @return A `bn_strength` data.frame with one row per arc of `g` (in the order of
#'   `arcs(g)`), columns `from`, `to` and `strength`, and attributes `criterion` and
#'   `score` or `test` (the name used).
#' @seealso [bootstrap_arcs()] for strengths as the frequency of each arc across learned
#'   networks.
#' @export
#' @examples
#' g <- bn_graph_from_string("[SEX][SES][IQ|SES][PE|SES:IQ:SEX][CP|PE:IQ:SES]")
#' d <- bn_data(college_plans, counts = "count")
#' arc_strength(g, d)
#' arc_strength(g, d, criterion = "test")
arc_strength <- function(g, data, criterion = c("score", "test"), score = "bic", test = NULL) {
  check_dag_graph(g)
  data <- as_bn_data(data)
  criterion <- check_choice(criterion, c("score", "test"))
  node_names <- colnames(g$amat)
  check_node_columns(node_names, names(data$levels), "data", "g")
  data <- data_subset(data, node_names)
  arc_list <- arcs(g)
  parents <- graph_parents(g)[arc_list$to]
  others <- Map(setdiff, parents, arc_list$from)
  if (!nrow(arc_list)) {
    strength <- numeric()
    label <- list(score = if (criterion == "score") score, test = if (criterion == "test") test)
  } else if (criterion == "score") {
    check_complete(data, "Scoring")
    score <- as_bn_score(score, data = data)
    with_arc <- score_families(data, score, arc_list$to, parents)
    without_arc <- score_families(data, score, arc_list$to, others)
    strength <- without_arc - with_arc
    label <- list(score = score$type)
  } else {
    if (is.null(test)) test <- if (is_gaussian(data)) "fisher_z" else "mi"
    spec <- ci_test_spec(test, NULL, data)
    strength <- run_ci_tests(data, spec, as.list(arc_list$from), as.list(arc_list$to),
                             unname(others))$p_value
    label <- list(test = spec$name)
  }
  out <- data.frame(from = arc_list$from, to = arc_list$to, strength = unname(strength))
  structure(out, class = c("bn_strength", "data.frame"), criterion = criterion,
            score = label$score, test = label$test)
}

#' @export
print.bn_strength <- function(x, ...) {
  what <- if (attr(x, "criterion") == "score") {
    paste0("score change on removal (", attr(x, "score"), "; negative = the arc helps)")
  } else {
    paste0("p-value of the ", attr(x, "test"), " test given the other parents")
  }
  cli::cat_line("<bn_strength> ", nrow(x), " arc", if (nrow(x) != 1L) "s", ": ", what)
  print(structure(x, class = "data.frame"), row.names = FALSE)
  invisible(x)
}
