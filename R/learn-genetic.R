#' Genetic and memetic search over DAGs
#'
#' The genetic algorithm of Kochenderfer et al. (2022, section 5.2): a population of
#' DAGs, each coded as a bit string with one bit per possible arc. Each generation keeps
#' the best DAG and breeds the rest: two parents are drawn with probability proportional
#' to their rank by score, their strings are cut at one random point and swapped
#' (one-point crossover), bits are flipped at random (mutation), and the child is
#' repaired into a DAG within the constraints (arcs are kept in random order while they
#' leave the graph acyclic). With `memetic = TRUE` (genetic local search) every child is
#' hill-climbed to a local optimum before it joins the population. Follows [set.seed()].
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param population Number of DAGs in the population (at least 2).
#' @param generations Number of generations.
#' @param mutations Expected number of flipped arc bits per child.
#' @param memetic If `TRUE`, hill-climb every child (a memetic algorithm).
#' @return A [bn_graph] DAG, the best found; `info` as in [hill_climb()], with
#'   `iterations` the number of generations and `trace` the best score after each.
#' @references Kochenderfer, M. J., Wheeler, T. A. and Wray, K. H. (2022). *Algorithms for
#'   Decision Making*. MIT Press, chapter 5 (Structure learning).
#' @family score-based learners
#' @export
#' @examples
#' set.seed(1)
#' d <- bn_data(college_plans, counts = "count")
#' genetic_search(d, score = "bdeu", iss = 5, generations = 30)
#' genetic_search(d, score = "bdeu", iss = 5, generations = 5, memetic = TRUE)
genetic_search <- function(data, score = NULL, ..., start = NULL, whitelist = NULL,
                           blacklist = NULL,
                           max_parents = Inf, no_parents = NULL, no_children = NULL,
                           restrict = NULL,
                           population = 20, generations = 100, mutations = 2, memetic = FALSE,
                           max_iter = Inf, threads = NULL, verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           max_parents = max_parents, no_parents = no_parents,
                           no_children = no_children, restrict = restrict, start = start,
                           threads = threads, verbose = verbose)
  check_number(mutations, min = 0, max_open = TRUE)
  check_flag(memetic)
  run_search(search, "genetic", list(
    max_iter = as_count(max_iter), population = as_count(population, min = 2),
    generations = as_count(generations), mutations = mutations, memetic = memetic),
    name = "genetic_search")
}
