#' Markov blankets by Grow-Shrink (GS)
#'
#' Grow-Shrink (Margaritis 2003), with bnlearn 4.9's definitions. **Grow**: scan the
#' other nodes in order and add the first one dependent on the target given the blanket
#' so far, then scan again, until no node is added. **Shrink**: remove, one at a time,
#' a member independent of the target given the other members.
#'
#' The order is that of the node names (locale-independent, as in [pc()]), so that the
#' result does not depend on the column order of `data`; bnlearn scans in column order.
#' Both phases stop at the first node that passes, so the two can differ: with the
#' columns of `data` sorted by name (`data[order(names(data), method = "radix")]`),
#' bnlearn's `gs()` and `learn.mb(method = "gs")` give learnbn's blankets and skeleton
#' (on complete and on incomplete mixed data alike).
#'
#' With `target = NULL` every node's blanket is learned (on `threads` threads) and made
#' symmetric as bnlearn does (y stays in the blanket of x only when x is in that of y);
#' then each node's neighbours are the members of its blanket that no subset of the
#' smaller of the two blankets (without the pair) separates, made symmetric in the same
#' way. The result is the **undirected** skeleton (as bnlearn's with
#' `undirected = TRUE`), with the blankets in `info$markov_blankets`. With a `target`,
#' its Markov blanket (see also [markov_blanket()] on data).
#'
#' Background knowledge: a pair whitelisted either way is in each other's blanket and
#' adjacent; a pair blacklisted both ways is never adjacent (it may still be in a
#' blanket, as spouses).
#'
#' @inheritParams mmpc
#' @param target `NULL` to learn the skeleton of the whole network, or the name of one
#'   node to learn its Markov blanket.
#' @return As [mmpc()], with the target's Markov blanket for a `target`.
#' @references Margaritis, D. (2003). *Learning Bayesian Network Model Structure from
#'   Data*. PhD thesis, Carnegie Mellon University.
#' @family local discovery learners
#' @export
#' @examples
#' cp <- bn_data(college_plans, counts = "count")
#' gs(cp, alpha = 0.01)
#' gs(cp, target = "CP", alpha = 0.01)
gs <- function(data, target = NULL, test = NULL, alpha = 0.05, max_cond = Inf,
               whitelist = NULL, blacklist = NULL, B = 1000L, threads = NULL,
               verbose = FALSE) {
  local_discovery(data, "gs", target, test, alpha, max_cond, whitelist, blacklist,
                  if (!missing(B)) B, threads, verbose)
}
