#' Greedy Equivalence Search
#'
#' Searches the space of Markov equivalence classes, represented by CPDAGs
#' (Chickering 2002). The forward phase starts from the class of `start` (by default
#' the empty graph) and repeatedly applies the `Insert(X, Y, T)` operator that raises
#' the score most; when none does, the backward phase applies `Delete(X, Y, H)`
#' operators the same way. With a score-equivalent score and enough data the result
#' is the class of the generating network.
#'
#' For a CPDAG, let `Pa_Y` be the parents of `Y`, `Ne_Y` its neighbours (undirected
#' edges) and `NA_YX` the neighbours of `Y` adjacent to `X`.
#' * `Insert(X, Y, T)`, for `X` and `Y` not adjacent and `T` a set of neighbours of `Y`
#'   not adjacent to `X`, adds `X -> Y` and orients `T - Y` as `T -> Y`. It is valid
#'   when `NA_YX` and `T` together form a clique and every semi-directed path from `Y`
#'   to `X` passes through one of their nodes. The score changes by
#'   `s(Y, NA_YX + T + Pa_Y + X) - s(Y, NA_YX + T + Pa_Y)`.
#' * `Delete(X, Y, H)`, for `X -> Y` or `X - Y` and `H` a subset of `NA_YX`, removes the
#'   edge and orients `Y - H` as `Y -> H` and `X - H` as `X -> H`. It is valid when
#'   `NA_YX` without `H` is a clique; the score changes by
#'   `s(Y, (NA_YX - H) + Pa_Y - X) - s(Y, (NA_YX - H) + Pa_Y + X)`.
#'
#' After each operator the graph is completed to a CPDAG (a consistent extension by
#' Dor and Tarsi's algorithm, then its CPDAG by Chickering's 1995 labelling). Only the
#' operators of nodes whose neighbourhood changed are rescored; family scores are
#' cached. The search runs in C++.
#'
#' **Scores.** GES compares equivalence classes, so the score must give the same value
#' to Markov-equivalent DAGs: `"bdeu"`, `"bde"` (without a prior network), `"bic"`,
#' `"aic"` and `"loglik"`. `"k2"` and `"bd"` are not score equivalent and give an error
#' of class `learnbn_error_not_score_equivalent`.
#'
#' **Mixed data** (see [bn_data()]) are learned as conditional linear Gaussian
#' networks: every arc from a continuous to a discrete node is blacklisted (listed in
#' `info$excluded_arcs`) and a class is allowed when one of its DAGs has no such arc, as
#' under **Constraints** below. Among the allowed DAGs, Markov-equivalent ones get the same
#' `"bic"`, `"aic"`, `"loglik"` and `"bcg"` score, so these are taken. An operator whose
#' family would give a discrete node a continuous parent is scored by comparing allowed
#' DAGs of the two classes, and then every operator is rescored after each step (slower
#' than on discrete or Gaussian data). `"cg_bic"` is not score equivalent and gives an
#' error of class `learnbn_error_not_score_equivalent`; the turning phase is refused
#' (`learnbn_error_data_type`).
#'
#' **Constraints.** A class is allowed when one of its DAGs has no blacklisted arc,
#' has every whitelisted arc and gives no node more than `max_parents` parents. That
#' DAG is found by orienting the undirected edges that the constraints decide (an edge
#' whose one direction is forbidden takes the other; a whitelisted arc keeps its
#' direction), extending the graph by Dor and Tarsi's algorithm and checking that no
#' new v-structure appeared; it is returned as `info$dag`. An operator whose result is
#' not allowed is skipped and the next best one is tried. Edges between two nodes that
#' are blacklisted in both directions are never inserted, whitelisted edges are never
#' deleted, and inserts that would give `Y` more than `max_parents` parents are not
#' considered. The search starts from the class of `start` with the whitelist's arcs
#' added. The check is sound but conservative: for `max_parents` only the extension
#' found as above is tried, not every DAG of the class.
#'
#' **Turning phase.** With `phases` holding `"turning"`, the operator `Turn(U, V, C)` of
#' Hauser and Bühlmann (2012) reverses an arc `V -> U` or orients an undirected edge
#' `U - V` as `U -> V`, giving `V` the new parents `C`, a clique of its neighbours; each
#' step applies the valid turn that raises the score most (the conditions and score
#' changes of pcalg's `getOptimalArrowTurning()`; see [gies()]). Each step scores every
#' turn afresh, as pcalg does (family scores are cached). `iterate = TRUE` runs the
#' phases again, in order, until a whole round takes no step. `ges()` runs Chickering's
#' forward and backward phases once by default; pcalg's `ges()` runs all three phases,
#' iterated: `ges(phases = c("forward", "backward", "turning"), iterate = TRUE)` is its
#' search.
#'
#' **Cost.** The sets `T` (and the kept sets `NA_YX - H`) are cliques, so their
#' enumeration is cheap on sparse graphs; `max_subset` bounds their size so that it
#' stays polynomial on dense ones. A node's operators are counted before they are
#' built (the turns into a node as they are scored): more than
#' `options(learnbn.max_memory)` allows (about 64 bytes each, see [learnbn-package]) is
#' an error of class `learnbn_error_too_large` naming the node.
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param start `NULL` (the empty graph) or a [bn_graph] on the data's nodes: a DAG or
#'   a CPDAG / PDAG (then one of its consistent extensions); the search starts from its
#'   equivalence class.
#' @param max_subset Largest number of nodes in the set `T` of an insert and in the
#'   kept set `NA_YX - H` of a delete (a whole number, `Inf` for no bound). The
#'   default, 8, only matters when a node has more than 8 neighbours in one clique.
#' @param phases The phases to run, in this order: one or more of `"forward"`,
#'   `"backward"` and `"turning"` (pcalg's `phase`). `ges()` runs the first two by
#'   default, [gies()] all three, as pcalg's `gies()` does.
#' @param iterate If `TRUE`, run the phases again, in order, until a whole round takes no
#'   step (pcalg's `iterate`). `FALSE` by default in `ges()`; in [gies()] `TRUE` when more
#'   than one phase is run, as in pcalg.
#' @param threads Number of threads used to score candidate operators; the result does
#'   not depend on it.
#'   `r doc_threads_default()`
#' @param verbose If `TRUE`, report the steps, score evaluations and time.
#' @return A [bn_graph]: the CPDAG of the class found (type `"cpdag"`), or, when
#'   `whitelist`, `blacklist`, `no_parents` or `no_children` orient edges that the CPDAG
#'   leaves undirected, the maximally oriented PDAG of the class under that knowledge
#'   (type `"pdag"`, as [cpdag()] with knowledge gives): its arcs are those every DAG of
#'   the class that satisfies the knowledge has, so every consistent extension
#'   ([pdag_to_dag()]) satisfies it (`max_parents` is only promised for `info$dag`).
#'   Its `score` is the score of its DAGs and its `info`
#'   holds `algorithm` (`"ges"`), `score` (the score type), `forward_steps` and
#'   `backward_steps` (operators applied; `turning_steps` too when that phase is run),
#'   `score_evaluations` (family scores computed),
#'   `cache_hits`, `cache_hit_rate`, `time` (seconds), `trace` (the score after each
#'   step, the start's first) and `dag` (a DAG of the class that satisfies the
#'   constraints, a `bn_graph`).
#' @references Chickering, D. M. (2002). Optimal structure identification with greedy
#'   search. *Journal of Machine Learning Research*, 3, 507-554.
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' g <- ges(d, score = "bdeu", iss = 5)
#' g
#' g$info$forward_steps
#' g$info$dag
#' ges(d, score = "bic", no_parents = c("SEX", "SES"), no_children = "CP")
#' # pcalg's ges(): the turning phase too, iterated
#' ges(d, score = "bdeu", iss = 5, phases = c("forward", "backward", "turning"),
#'     iterate = TRUE)
ges <- function(data, score = NULL, ..., start = NULL, whitelist = NULL, blacklist = NULL,
                max_parents = Inf, no_parents = NULL, no_children = NULL, restrict = NULL,
                max_subset = 8, phases = c("forward", "backward"), iterate = FALSE,
                threads = NULL, verbose = FALSE) {
  phase_options <- ges_phases(phases, iterate)
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict,
                           start = class_start(start), threads = threads, verbose = verbose)
  check_ges_score(search, phase_options$phases)
  check_observational(search$data, "ges")  # R/data-interventions.R
  result <- call_search(search, "ges", c(list(max_subset = as_count(max_subset)), phase_options))
  cpdag_result(result, search, search_info(result, search, "ges", ges_steps(result$counts)))
}

# The phases of ges() and gies() (pcalg's `phase` and `iterate`), as the glue reads them.
ges_phases <- function(phases, iterate, call = rlang::caller_env()) {
  choices <- c("forward", "backward", "turning")
  if (!is.character(phases) || length(phases) == 0L || anyNA(phases) ||
      !all(phases %in% choices) || anyDuplicated(phases) > 0L) {
    given <- if (is.character(phases)) "{.val {phases}}" else "{.obj_type_friendly {phases}}"
    lbn_abort(c(paste0("{.arg phases} must be one or more of {.or {.val {choices}}}, each at ",
                       "most once, not ", given, "."),
                "i" = "pcalg's search runs all three, in that order."), "value", call = call)
  }
  check_flag(iterate, call = call)
  list(phases = phases, iterate = iterate)
}

# On mixed data the CG scores "loglik", "aic", "bic" and "bcg" give the allowed DAGs of a
# class one score (tests/testthat/test-ges-mixed.R enumerates them); "cg_bic" allows every
# arc but is not score equivalent. The turning phase's score changes assume every family
# of a class can be scored, which fails for a discrete node with a continuous parent.
check_ges_score <- function(search, phases, call = rlang::caller_env()) {
  if (!is_mixed(search$data)) return(check_score_equivalent(search$score, "ges", call = call))
  check_score_equivalent(search$score, "ges", types = c("bic", "aic", "loglik", "bcg"),
                         hint = paste("On mixed data use {.val bic}, {.val aic}, {.val loglik}",
                                      "or {.val bcg}, or a search over DAGs such as",
                                      "{.fn hill_climb}."), call = call)
  if ("turning" %in% phases) {
    lbn_abort(c("The turning phase of {.fn ges} does not take mixed data.",
                "i" = "Use {.code phases = c(\"forward\", \"backward\")}."),
              "data_type", call = call)
  }
}

# "3 inserts, 1 delete and 2 turns" for verbose output.
ges_steps <- function(counts) {
  turns <- if (is.null(counts$turning_steps)) "" else ", {counts$turning_steps} turn{?s}"
  cli::pluralize(paste0("{counts$forward_steps} insert{?s}, {counts$backward_steps} ",
                        "delete{?s}", turns))
}

# The class found by an equivalence-class search, with a member DAG that satisfies the
# constraints in `info$dag`. With arc knowledge the CPDAG becomes the maximally oriented
# PDAG (type "pdag" when that orients more than the CPDAG), so that every consistent
# extension, not only `info$dag`, respects the knowledge. The search only accepts classes
# with such a member, so this never fails.
cpdag_result <- function(result, search, info) {
  amat <- result$amat
  info$dag <- new_bn_graph(result$dag, "dag")
  type <- "cpdag"
  if (has_arc_knowledge(search$knowledge)) {
    oriented <- orient_with_knowledge(amat, search$knowledge, "DAG of the learned class",
                                      "the learned CPDAG")$amat
    if (!identical(oriented, amat)) type <- "pdag"
    amat <- oriented
  }
  new_bn_graph(amat, type, score = result$score, info = info)
}

# Searches over equivalence classes (and chow_liu()'s symmetric edge weights) need
# Markov-equivalent DAGs to score the same. The error is of class
# `learnbn_error_not_score_equivalent`, a kind of `learnbn_error_value`.
score_equivalent_types <- c("bdeu", "bde", "bic", "aic", "loglik", "bge")

check_score_equivalent <- function(score, fn,
                                   why = paste0("{.val {score$type}} can give Markov-equivalent ",
                                                "DAGs different scores, so a CPDAG has no single ",
                                                "score."),
                                   types = score_equivalent_types,
                                   hint = paste("Use {.val bdeu}, {.val bde}, {.val bic},",
                                                "{.val aic} or {.val loglik}."),
                                   call = rlang::caller_env()) {
  if (!score$type %in% types) {
    lbn_abort(c("{.fn {fn}} needs a score-equivalent score, not {.val {score$type}}.",
                "x" = why, "i" = hint),
              c("not_score_equivalent", "value"), call = call)
  }
  if (!structure_prior_equivalent(score)) {
    lbn_abort(c("{.fn {fn}} needs a score-equivalent structure prior, not {.val {score$prior}}.",
                "x" = paste("Arc beliefs and a prior network's penalty can differ between",
                            "Markov-equivalent DAGs."),
                "i" = "Use {.code prior = \"uniform\"} or {.val arcs}, or a search over DAGs."),
              c("not_score_equivalent", "value"), call = call)
  }
  invisible(score)
}
