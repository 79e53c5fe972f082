# RFCI (Colombo, Maathuis, Kalisch and Richardson 2012); the work is done by the C++ core
# (inst/include/learnbn/constraint/rfci.hpp), through fci()'s set-up (R/learn-fci.R).

#' Learn a partial ancestral graph with RFCI
#'
#' Really Fast Causal Inference (Colombo, Maathuis, Kalisch and Richardson 2012), as
#' pcalg's `rfci()`: PC's skeleton (see [pc()]), then, instead of FCI's
#' possible-d-separation phase, a few extra tests. Each unshielded triple X - Y - Z is
#' checked: X and Y, then Z and Y, are tested given the separating set of X and Z less Y;
#' an edge found independent is removed (with the smallest such subset as its separating
#' set, and the triples this makes or breaks updated), and the triples left become
#' colliders unless Y is in the separating set. Before rule R4 orients along a
#' discriminating path, the path's edges are tested given subsets of the separating set
#' of its ends; an edge removed there sends R4 back to search. The other rules are
#' FCI's (see [fci()]). The result is a PAG whose adjacencies may be a superset of FCI's
#' (RFCI's output is a "RFCI-PAG"); with an oracle test it is the true PAG whenever the
#' true PAG needs no possible-d-sep test, and in general has the true PAG's ancestral
#' marks.
#'
#' Background knowledge fixes marks as in [fci()]; RFCI's extra tests never remove a
#' whitelisted pair. With `threads`, the extra tests run on the threads too (the first
#' tests of the triples computed ahead), with the result of one thread.
#'
#' @inheritParams fci
#' @param orientation How unshielded triples are read: `"standard"`, `"conservative"` or
#'   `"majority"` (pcalg's `conservative` and `maj.rule`), see [fci()].
#' @return A [bn_pag] with the `info` of [fci()]; the tests of the extra checks have
#'   `phase` `"rfci triples"` and `"rfci paths"`.
#' @references Colombo, D., Maathuis, M. H., Kalisch, M. and Richardson, T. S. (2012).
#'   Learning high-dimensional directed acyclic graphs with latent and selection
#'   variables. *Annals of Statistics*, 40, 294-321.
#' @family constraint-based learners
#' @export
#' @examples
#' fl <- bn_data(florida, counts = "count")
#' rfci(fl, test = "g2", alpha = 0.05)$amat
rfci <- function(data, test = NULL, alpha = 0.05, max_cond = Inf, stable = TRUE,
                 orientation = c("standard", "conservative", "majority"),
                 selection_bias = TRUE, whitelist = NULL, blacklist = NULL, B = 1000L,
                 threads = NULL, verbose = FALSE) {
  orientation <- check_choice(orientation, triple_rule_names)
  check_number(max_cond, min = 0, whole = TRUE)
  check_flag(stable)
  options <- list(algorithm = "rfci", alpha = alpha, max_cond = max_cond, stable = stable,
                  pdsep = FALSE, selection_bias = selection_bias, orientation = orientation)
  learn_fci(data, test, options, whitelist, blacklist, if (!missing(B)) B, threads, verbose)
}
