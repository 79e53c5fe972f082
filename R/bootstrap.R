#' Bootstrap arc strengths
#'
#' Nonparametric bootstrap of any learner: `R` times, resample the cases with
#' replacement, learn a network, and count how often each edge appears (its strength)
#' and in which direction. Resampling draws multinomial case counts, so a count table
#' is resampled without expanding rows. Each replicate gets its own seed drawn from R's
#' RNG, so results under [set.seed()] are identical whether the replicates run
#' serially, on a `parallel` cluster (PSOCK or FORK, on one machine or many) or on any
#' future plan (`cluster = "future"`).
#'
#' @param data A data.frame or [bn_data()] object.
#' @param algorithm A learner: a function such as [hill_climb] or its name as a string.
#' @param R Number of bootstrap replicates, a whole number; the R graphs are kept, so
#'   R times the number of nodes squared times 4 bytes must fit
#'   `getOption("learnbn.max_memory", 1e9)` (see [learnbn-package]).
#' @param cluster Where the replicates run: `NULL` (the default) one after the other in
#'   this R session; a cluster from [parallel::makeCluster()] spreads them
#'   over its workers; `"future"` hands them to the plan set with [future::plan()]
#'   (a multisession pool, a cluster, a batch scheduler: see the section below; needs
#'   the future.apply package). Workers need learnbn installed. Each replicate is seeded
#'   from R's generator in this session beforehand, so the result under [set.seed()] is
#'   the same on every backend.
#' @param threshold Strength at or above which an edge enters the averaged network.
#' @param ... Further arguments of `algorithm` (such as `score`).
#' @return A `bn_bootstrap` object: `strength`, a data.frame with one row per ordered
#'   pair (from, to) seen at least once, its `strength` (share of replicates with an
#'   edge between the two nodes, in either direction) and `direction` (share of those
#'   in which the edge points from -> to; an undirected edge counts one half each way);
#'   `averaged`, the averaged network at `threshold` (see [average_network()]); `R`;
#'   and `graphs`, the learned networks.
#' @section Clusters and schedulers:
#' `cluster = "future"` sends the runs to whatever [future::plan()] is set, a batch
#' scheduler included: with the future.batchtools package, `batchtools_slurm` (or
#' `_sge`, `_lsf`, `_torque`, `_openlava`) submits them as jobs through a batchtools
#' template (examples in `system.file("templates", package = "batchtools")`). The runs
#' are grouped into as many jobs as the plan has `workers` (100 by default); the jobs
#' exchange files under `getOption("future.cache.path", ".future")`, which must be on a
#' file system the compute nodes share, and the nodes need learnbn installed. The seeds
#' are drawn in this session before any job starts, so the result under [set.seed()] is
#' the one every other backend gives. A job waits in the scheduler's queue, so this pays
#' for long runs (large networks, long chains), not for a few seconds of work.
#' ```r
#' future::plan(future.batchtools::batchtools_slurm, template = "slurm.tmpl",
#'              resources = list(walltime = 3600, memory = 4096, ncpus = 1))
#' set.seed(1)
#' boot <- bootstrap_arcs(d, hill_climb, R = 1000, cluster = "future")
#' future::plan("sequential")
#' ```
#' @family model averaging
#' @export
#' @examples
#' set.seed(1)
#' d <- bn_data(college_plans, counts = "count")
#' boot <- bootstrap_arcs(d, hill_climb, R = 10, score = "bic")
#' boot
#' average_network(boot, threshold = 0.9)
#' \dontrun{
#' # On a Slurm cluster: one job per group of replicates, from batchtools' template.
#' template <- system.file("templates", "slurm-simple.tmpl", package = "batchtools")
#' future::plan(future.batchtools::batchtools_slurm, template = template, workers = 50,
#'              resources = list(walltime = 3600, memory = 4096, ncpus = 1))
#' set.seed(1)
#' boot <- bootstrap_arcs(d, hill_climb, R = 1000, score = "bic", cluster = "future")
#' future::plan("sequential")
#' }
bootstrap_arcs <- function(data, algorithm, R = 100, cluster = NULL, threshold = 0.5, ...) {
  data <- check_rows(as_bn_data(data), "{.fn bootstrap_arcs}")  # R/data-db.R
  learner <- check_learner(algorithm)
  check_learner_args(learner, names(list(...)), arg = "algorithm")
  check_number(R, min = 1, max = .Machine$integer.max, whole = TRUE)
  check_number(threshold, min = 0, max = 1)
  check_bootstrap_memory(R, length(data$levels))
  cluster <- check_cluster(cluster)
  seeds <- as.list(sample.int(.Machine$integer.max, R))
  replicate_fit <- function(seed) bootstrap_replicate(data, learner, seed, ...)
  graphs <- scale_out(seeds, replicate_fit, cluster, "Bootstrap replicates")
  strength <- bootstrap_strength(graphs, names(data$levels))
  structure(list(strength = strength,
                 averaged = average_edges(strength, names(data$levels), threshold),
                 threshold = threshold, R = R, graphs = graphs),
            class = "bn_bootstrap")
}

# The R learned graphs are kept, each with its n x n integer adjacency matrix: they must
# fit max_memory() before the first replicate is learned.
check_bootstrap_memory <- function(R, n_nodes, call = rlang::caller_env()) {
  bytes <- as.double(R) * 4 * as.double(n_nodes)^2
  what <- paste0("Keeping ", format_count(R), " bootstrap graphs (", format_count(n_nodes), " x ",
                 format_count(n_nodes), " adjacency matrices)")
  check_memory(bytes, what, "Use a smaller {.arg R}", call = call)
}

# A learner given as a function or as the name of one of learnbn's learners (with a
# did-you-mean); shared by bootstrap_arcs() and bn_cv().
check_learner <- function(learner, arg = rlang::caller_arg(learner), call = rlang::caller_env()) {
  if (is.function(learner)) return(learner)
  if (!is.character(learner) || length(learner) != 1L || is.na(learner)) {
    lbn_abort(paste0("{.arg {arg}} must be a learner function or its name, not ",
                     "{.obj_type_friendly {learner}}."),
              "type", call = call)
  }
  if (!learner %in% learner_names) {
    abort_unknown_name(learner, learner_names, "value", arg = arg, call = call)
  }
  getExportedValue("learnbn", learner)
}

# Arguments for the learner (the `...` of bootstrap_arcs() and bn_cv()) must be among its
# own, unless it takes `...`: else R's "unused argument" would come from inside a replicate.
check_learner_args <- function(learner, extra, arg, call = rlang::caller_env()) {
  own <- names(formals(learner))
  if (is.primitive(learner) || "..." %in% own) return(invisible())
  unknown <- setdiff(extra[nzchar(extra)], own)
  if (length(unknown)) {
    lbn_abort(c(paste0("The {.arg {arg}} function has no argument{?s} {.arg {unknown}}, given in ",
                       "{.arg ...}."),
                "i" = "Its arguments are {list_few(own, 10L, quote = TRUE)}."),
              "unknown_argument", call = call)
  }
}

learner_names <- c("hill_climb", "tabu_search", "local_search", "simulated_annealing",
                   "genetic_search", "best_first_search", "k2_search", "exhaustive_search",
                   "exact_search", "ges", "chow_liu", "pc", "minimal_imap", "hybrid",
                   "pdag_search", "structural_em")

# One replicate: multinomial case counts over the rows, then the learner.
bootstrap_replicate <- function(data, learner, seed, ...) {
  set.seed(seed)
  weights <- if (is.null(data$weights)) rep(1, data$n_rows) else data$weights
  counts <- as.vector(stats::rmultinom(1, data$n_cases, weights / sum(weights)))
  keep <- counts > 0
  g <- learner(data_rows(data, which(keep), as.numeric(counts[keep])), ...)
  if (!inherits(g, "bn_graph")) {
    lbn_abort("The learner returned {.obj_type_friendly {g}}, not a {.cls bn_graph}.", "type",
              call = NULL)
  }
  g
}

# Strength and direction of every ordered pair seen in the graphs: an undirected edge
# counts half for each direction.
bootstrap_strength <- function(graphs, nodes) {
  n <- length(nodes)
  directed <- matrix(0, n, n, dimnames = list(nodes, nodes))
  for (g in graphs) {
    a <- as.matrix(g)[nodes, nodes]
    directed <- directed + a * ifelse(t(a) == 1, 0.5, 1)
  }
  pair_strength(directed / length(graphs))
}

# From the probability of every arc ([i, j]: i -> j) to one row per ordered pair with an
# edge: strength, the probability of an edge between the two in either direction, and
# direction, the share of that probability pointing from -> to.
pair_strength <- function(arc_probability) {
  nodes <- rownames(arc_probability)
  present <- arc_probability + t(arc_probability)
  pairs <- which(present > 0, arr.ind = TRUE)
  out <- data.frame(from = nodes[pairs[, 1]], to = nodes[pairs[, 2]],
                    strength = present[pairs],
                    direction = arc_probability[pairs] / present[pairs], stringsAsFactors = FALSE)
  out <- out[order(-out$strength, out$from, out$to), ]
  rownames(out) <- NULL
  out
}

#' Averaged network from bootstrap arc strengths or posterior arc probabilities
#'
#' Keeps the edges whose strength reaches `threshold`, directed the way most replicates
#' point them (undirected when the directions tie); arcs that would close a directed
#' cycle are added in decreasing order of strength and left undirected when they would.
#'
#' For a bootstrap result the strength of an edge is the share of replicates that have
#' it, in either direction, and its direction the share of those that point it each way
#' (an undirected edge counts half for each). For the DAG samples of [structure_mcmc()],
#' [order_mcmc()] and [partition_mcmc()] the same is computed from the posterior arc
#' probabilities of [arc_probabilities()] (all chains pooled): the strength of the edge
#' between `i` and `j` is `p[i, j] + p[j, i]`, the posterior probability of an edge
#' between them, and it points `i -> j` when `p[i, j] > p[j, i]`.
#'
#' @param x A `bn_bootstrap` object from [bootstrap_arcs()], or a `bn_samples` object from
#'   [structure_mcmc()], [order_mcmc()] or [partition_mcmc()].
#' @param threshold Minimum strength of an edge.
#' @return A [bn_graph]: a DAG, or a `"pdag"` when some edges stay undirected.
#' @family model averaging
#' @export
#' @examples
#' set.seed(1)
#' d <- bn_data(college_plans, counts = "count")
#' boot <- bootstrap_arcs(d, "hill_climb", R = 5)
#' average_network(boot, threshold = 0.6)
#' average_network(structure_mcmc(d, iterations = 2000, chains = 1), threshold = 0.5)
average_network <- function(x, threshold = 0.5) {
  if (!inherits(x, c("bn_bootstrap", "bn_samples"))) {
    lbn_abort(paste0("{.arg x} must be a {.cls bn_bootstrap} or {.cls bn_samples} object, not ",
                     "{.obj_type_friendly {x}}."),
              "type")
  }
  check_number(threshold, min = 0, max = 1)
  if (inherits(x, "bn_samples")) {
    return(average_edges(pair_strength(arc_probabilities(x)), x$nodes, threshold))
  }
  average_edges(x$strength, rownames(as.matrix(x$graphs[[1]])), threshold)
}

average_edges <- function(strength, nodes, threshold) {
  n <- length(nodes)
  amat <- matrix(0L, n, n, dimnames = list(nodes, nodes))
  kept <- strength[strength$strength >= threshold & strength$direction >= 0.5, ]
  for (i in seq_len(nrow(kept))) {
    from <- kept$from[i]
    to <- kept$to[i]
    if (kept$direction[i] == 0.5 || creates_cycle(amat, from, to)) {
      amat[from, to] <- 1L
      amat[to, from] <- 1L
    } else {
      amat[from, to] <- 1L
    }
  }
  new_bn_graph(amat, if (any(amat == 1L & t(amat) == 1L)) "pdag" else "dag")
}

# Would the arc from -> to close a directed cycle among the directed arcs of amat?
creates_cycle <- function(amat, from, to) {
  directed <- amat * (t(amat) == 0L)
  directed[from, to] <- 1L
  !is.null(topo_sort_amat(directed)$cycle)
}

#' @export
print.bn_bootstrap <- function(x, ...) {
  cli::cat_line("<bn_bootstrap> ", x$R, " replicates; averaged network at threshold ", x$threshold,
                ":")
  print(x$averaged)
  top <- utils::head(x$strength[x$strength$direction >= 0.5, ], 10)
  cli::cat_line("Strongest edges:")
  print(top, row.names = FALSE, digits = 3)
  invisible(x)
}
