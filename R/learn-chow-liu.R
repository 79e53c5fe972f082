#' Chow-Liu trees and forests
#'
#' The best network in which every node has at most one parent (Chow and Liu 1968). The
#' score of such a network is the empty network's score plus one weight per edge,
#' `w(i, j) = score(X_i | X_j) - score(X_i)`; for a score-equivalent score the weight is
#' symmetric, so the best forest is a maximum-weight spanning forest, found here by
#' Prim's algorithm in O(n^2) after the n(n - 1) / 2 weights are computed in C++. With
#' the log-likelihood the weights are `N` times the mutual information, never negative,
#' and the result is a spanning tree; with BIC, AIC or BDeu a weight can be negative and
#' such edges are left out, giving a forest.
#'
#' **Mixed data.** With the conditional Gaussian scores (see [bn_data()]) a discrete node
#' may have no continuous parent, so a forest is allowed only when the discrete nodes of
#' each tree are connected, and it is oriented from a discrete root. The weights stay
#' symmetric (a pair of a discrete and a continuous node is weighted in its one allowed
#' direction, and the CLG scores of pairs of one kind are symmetric), and the best allowed
#' forest is the best forest on the discrete nodes plus the best forest on the continuous
#' nodes and one vertex standing for all the discrete ones, which is exact because the two
#' parts constrain each other in no way. The result is then oriented, each tree from its
#' first discrete node in data order (or from `root`, which must then be discrete when
#' its tree has discrete nodes: class `learnbn_error_continuous_parent`).
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param whitelist,blacklist `NULL` or a two-column data.frame or character matrix of
#'   node pairs. A blacklisted pair is left out when it is blacklisted in both
#'   directions (an edge of a forest can take either direction); whitelisted pairs are
#'   taken first, as long as they keep the graph a forest.
#' @param score A score-equivalent score: `"loglik"` (the default), `"bic"`, `"aic"`,
#'   `"bdeu"` or `"bde"` without a prior network, or `"bge"` on continuous data.
#' @param root `NULL` to return the undirected forest, or a node name: every tree is
#'   then oriented away from its root (`root` in its own tree, the first node in data
#'   order in the others), which gives a DAG equivalent to every other orientation.
#'   On mixed data the forest is always oriented, each tree from a discrete root.
#' @param verbose If `TRUE`, report the number of edges, the score and the time.
#' @return A [bn_graph] of type `"forest"` (undirected edges, or arcs when `root` is
#'   given) with the score of the network and `info` holding `algorithm`
#'   (`"chow_liu"`), `score` (the score type), `score_evaluations` (the `n + n (n - 1) / 2`
#'   family scores of the weights and the `n` of the result), `cache_hits` and
#'   `cache_hit_rate` (`NA`: the families are scored outside a cache, so no hits are
#'   counted), `time` (seconds), `trace` (the
#'   network's score), the weight matrix (`weights`) and the total weight of the chosen
#'   edges (`total_weight`).
#' @references Chow, C. K. and Liu, C. N. (1968). Approximating discrete probability
#'   distributions with dependence trees. *IEEE Transactions on Information Theory* 14,
#'   462-467.
#' @family score-based learners
#' @export
#' @examples
#' d <- bn_data(college_plans, counts = "count")
#' chow_liu(d)
#' chow_liu(d, score = "bic", root = "SEX")
chow_liu <- function(data, score = "loglik", ..., root = NULL, whitelist = NULL, blacklist = NULL,
                     threads = NULL, verbose = FALSE) {
  search <- prepare_search(data, score, ..., whitelist = whitelist, blacklist = blacklist,
                           threads = threads, verbose = verbose)
  check_score_equivalent(search$score, "chow_liu",
                         paste0("Its edge weights are only symmetric when Markov-equivalent DAGs ",
                                "score the same."))
  check_observational(search$data, "chow_liu")  # R/data-interventions.R
  nodes <- search$nodes
  if (!is.null(root)) {
    check_string(root)
    check_nodes(root, nodes)
  }
  weights <- edge_weights(search)
  allowed <- !(search$knowledge$forbidden & t(search$knowledge$forbidden))
  required <- search$knowledge$required | t(search$knowledge$required)
  discrete <- !nodes %in% continuous_nodes(search$data)
  edges <- if (is_mixed(search$data)) {
    mixed_spanning_forest(ifelse(allowed, weights, -Inf), required, discrete)
  } else {
    max_spanning_forest(ifelse(allowed, weights, -Inf), required)
  }
  amat <- matrix(0L, length(nodes), length(nodes), dimnames = list(nodes, nodes))
  amat[edges] <- 1L
  amat[edges[, 2:1, drop = FALSE]] <- 1L
  # Mixed data: each tree is oriented from a discrete root, and the result is directed.
  roots <- c(if (is.null(root)) nodes[1] else root, if (is_mixed(search$data)) nodes[discrete])
  if (is_mixed(search$data) && is.null(root)) roots <- roots[-1]
  oriented <- orient_forest(amat, roots)
  if (is_mixed(search$data)) {
    if (any(oriented[!discrete, discrete] == 1L)) stop_continuous_root(root)
    if (is.null(root)) root <- roots[1]
  }
  g <- new_bn_graph(oriented, "forest")
  score_value <- network_score(g, search$data, score = search$score, threads = search$threads)
  # The n + n (n - 1) / 2 families of the weights and the n of the result are scored
  # once each, outside a search's cache: no hits are counted.
  n <- length(nodes)
  result <- list(score = score_value, counts = list(), score_evaluations = 2 * n + n * (n - 1) / 2,
                 cache_hits = NA_real_, trace = score_value)
  info <- search_info(result, search, "chow_liu", cli::pluralize("{nrow(edges)} edge{?s}"),
                      extra = list(weights = weights, total_weight = sum(weights[edges])))
  new_bn_graph(if (is.null(root)) amat else oriented, "forest", score = score_value, info = info)
}

# w[i, j] = score(X_i | X_j) - score(X_i), computed for every pair in one batch. On mixed
# data a pair of a discrete and a continuous node is scored in its one allowed direction
# (the continuous node as the child); the CLG scores of the other pairs are symmetric.
edge_weights <- function(search) {
  nodes <- search$nodes
  n <- length(nodes)
  pairs <- which(upper.tri(diag(n)), arr.ind = TRUE)
  continuous <- nodes %in% continuous_nodes(search$data)
  swap <- !continuous[pairs[, 1]] & continuous[pairs[, 2]]
  pairs[swap, ] <- pairs[swap, 2:1]
  empty <- score_families(search$data, search$score, nodes, rep(list(character()), n),
                          threads = search$threads)
  with_parent <- score_families(search$data, search$score, nodes[pairs[, 1]],
                                as.list(nodes[pairs[, 2]]), threads = search$threads)
  weights <- matrix(0, n, n, dimnames = list(nodes, nodes))
  weights[pairs] <- with_parent - empty[pairs[, 1]]
  weights[pairs[, 2:1, drop = FALSE]] <- weights[pairs]
  weights
}

stop_continuous_root <- function(root, call = rlang::caller_env()) {
  lbn_abort(c(paste0("{.arg root} {.val {root}} is continuous and its tree has discrete ",
                     "nodes: oriented from it, a discrete node would get a continuous parent."),
              "i" = "Give a discrete root, or {.code root = NULL} (a discrete root per tree)."),
            "continuous_parent", call = call)
}

# The best forest of mixed data, in which the discrete nodes of every tree are connected
# (so that it can be oriented from a discrete root with no continuous parent of a discrete
# node): the best forest on the discrete nodes, plus the best forest on the continuous
# nodes and one vertex standing for all the discrete ones, which a continuous node joins
# by its heaviest edge to them. The two parts constrain each other in no way, so their
# optima together are the optimum. A two-column matrix of edges (i, j).
mixed_spanning_forest <- function(weights, required, discrete) {
  d <- which(discrete)
  cont <- which(!discrete)
  inner <- max_spanning_forest(weights[d, d, drop = FALSE], required[d, d, drop = FALSE])
  edges <- cbind(d[inner[, 1]], d[inner[, 2]])
  if (!length(cont)) return(edges)
  to_discrete <- weights[cont, d, drop = FALSE]
  to_discrete[required[cont, d, drop = FALSE]] <- Inf
  nearest <- d[max.col(to_discrete, ties.method = "first")]
  link <- apply(to_discrete, 1, max)
  must <- apply(required[cont, d, drop = FALSE], 1, any)
  k <- length(cont) + 1L
  merged <- rbind(cbind(weights[cont, cont, drop = FALSE], link), c(link, -Inf))
  merged_required <- rbind(cbind(required[cont, cont, drop = FALSE], must), c(must, FALSE))
  outer <- max_spanning_forest(merged, merged_required)
  # The merged vertex k stands for the discrete node nearest the edge's other end.
  node_of <- function(i, other) {
    ifelse(i == k, nearest[pmin(other, k - 1L)], cont[pmin(i, k - 1L)])
  }
  rbind(edges, cbind(node_of(outer[, 1], outer[, 2]), node_of(outer[, 2], outer[, 1])))
}

# Prim's algorithm on a dense symmetric weight matrix, keeping only positive-weight
# edges (required edges are taken first, whatever their weight): a two-column matrix
# of edges (i, j).
max_spanning_forest <- function(weights, required) {
  n <- nrow(weights)
  w <- weights
  w[required] <- Inf
  in_tree <- rep(FALSE, n)
  best <- rep(-Inf, n)
  link <- rep(NA_integer_, n)
  edges <- matrix(integer(), 0, 2)
  for (step in seq_len(n)) {
    candidates <- which(!in_tree)
    v <- candidates[which.max(best[candidates])]
    if (best[v] <= 0) v <- candidates[1]  # no positive edge reaches the tree: new tree
    if (best[v] > 0) edges <- rbind(edges, c(link[v], v))
    in_tree[v] <- TRUE
    better <- !in_tree & w[v, ] > best
    best[better] <- w[v, better]
    link[better] <- v
  }
  edges
}

# Orients every tree of an undirected forest away from its root (`root`, or the first
# node of the tree in node order).
orient_forest <- function(amat, root) {
  nodes <- rownames(amat)
  oriented <- amat * 0L
  seen <- rep(FALSE, length(nodes))
  for (start in unique(c(match(root, nodes), seq_along(nodes)))) {
    if (seen[start]) next
    seen[start] <- TRUE
    queue <- start
    while (length(queue)) {
      v <- queue[1]
      queue <- queue[-1]
      children <- which(amat[v, ] == 1L & !seen)
      oriented[v, children] <- 1L
      seen[children] <- TRUE
      queue <- c(queue, children)
    }
  }
  oriented
}
