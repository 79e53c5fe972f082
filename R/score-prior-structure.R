# Structure priors of a bn_score beyond Buntine's one arc probability: per-arc beliefs
# (Buntine 1991; bnlearn's Castelo-Siebes prior "cs") and a prior network's deviation
# penalty kappa^delta (Heckerman, Geiger and Chickering 1995). Both are modular: the core
# adds, to the score of node i with parents pa_i, prior_node[i] plus prior_arc[j, i] for
# each parent j (family_score.hpp, log_modular_prior()), so every search and the caches
# see them through the one scorer.

structure_prior_choices <- c("uniform", "arcs", "beliefs", "network")

# The checked options of a structure prior, stored in the bn_score: `beliefs` (a
# data.frame from, to, prob), `prior_graph` (a list of parent sets by node) and `kappa`.
check_structure_prior <- function(type, prior, beliefs, prior_graph, prior_network, kappa,
                                  call = rlang::caller_env()) {
  if (prior != "uniform" && !type %in% scores_with("bayesian")) {
    lbn_abort("A structure prior applies to Bayesian scores only, not to {.val {type}}.",
              "value", call = call)
  }
  out <- list(beliefs = NULL, prior_graph = NULL, kappa = NULL)
  if (prior == "beliefs") out$beliefs <- check_beliefs(beliefs, call = call)
  if (prior == "network") {
    graph <- prior_graph %||% prior_network
    if (is.null(graph)) {
      lbn_abort(c("{.code prior = \"network\"} needs a prior network.",
                  "i" = "Give it as {.arg prior_graph}, a {.cls bn_graph} or {.cls bn_fit}."),
                "value", call = call)
    }
    if (inherits(graph, "bn_fit")) graph <- graph$graph
    out$prior_graph <- graph_parents(check_dag_graph(graph, arg = "prior_graph", call = call))
    if (is.null(kappa)) {
      lbn_abort(c("{.code prior = \"network\"} needs {.arg kappa}, a number in (0, 1].",
                  "i" = paste("Each parent that differs from the prior network's multiplies",
                              "the prior by it.")),
                "value", call = call)
    }
    check_number(kappa, min = 0, max = 1, min_open = TRUE, arg = "kappa", call = call)
    out$kappa <- kappa
  }
  out
}

# A data.frame of arc beliefs: `from`, `to` (node names) and `prob` in [0, 1], each arc
# once, no loops, and for each pair P(a -> b) + P(b -> a) < 1 (an unlisted direction
# takes half of what its reverse leaves, as in bnlearn), so that "no arc" keeps a
# positive probability: that is what makes the prior modular.
check_beliefs <- function(beliefs, call = rlang::caller_env()) {
  if (!is.data.frame(beliefs) || !all(c("from", "to", "prob") %in% names(beliefs))) {
    lbn_abort(c(paste0("{.arg beliefs} must be a data frame with columns {.field from}, ",
                       "{.field to} and {.field prob}, not {.obj_type_friendly {beliefs}}."),
                "i" = "One row per arc: {.code data.frame(from = \"A\", to = \"B\", prob = 0.8)}."),
              "type", call = call)
  }
  from <- as.character(beliefs$from)
  to <- as.character(beliefs$to)
  prob <- beliefs$prob
  if (anyNA(from) || anyNA(to)) {
    lbn_abort("{.arg beliefs} has missing node names in {.field from} or {.field to}.", "value",
              call = call)
  }
  if (!is.numeric(prob) || anyNA(prob) || any(prob < 0 | prob > 1)) {
    bad <- if (is.numeric(prob)) format(prob[is.na(prob) | prob < 0 | prob > 1]) else "not numbers"
    lbn_abort(c("{.arg beliefs} must give probabilities in [0, 1] in {.field prob}.",
                "x" = "It has {.val {bad}}."),
              "value", call = call)
  }
  arcs <- paste(from, to, sep = " -> ")
  if (any(from == to) || anyDuplicated(arcs)) {
    bad <- arcs[from == to | duplicated(arcs)]
    lbn_abort("{.arg beliefs} lists {.val {bad}} (a loop, or an arc twice).", "value", call = call)
  }
  reverse <- match(paste(to, from, sep = " -> "), arcs)
  total <- prob + ifelse(is.na(reverse), (1 - prob) / 2, prob[reverse])
  # Each pair once: a row whose reverse is listed earlier is left out.
  over <- total >= 1 & (is.na(reverse) | reverse > seq_along(prob))
  if (any(over)) {
    bad <- arcs[over]
    lbn_abort(c(paste0("{.arg beliefs} for {.val {bad}} and {?its/their} reverse{?s} sum to ",
                       "{format(total[over])}, so \"no arc\" has no probability."),
                "i" = paste0("Beliefs in {.code a -> b} and {.code b -> a} must sum to less than ",
                             "1; to require an arc, use a learner's {.arg whitelist}.")),
              "value", call = call)
  }
  data.frame(from = from, to = to, prob = as.numeric(prob), stringsAsFactors = FALSE)
}

# Checks that the prior's nodes are variables of the data (`nodes`, its names).
check_structure_prior_data <- function(score, nodes, call = rlang::caller_env()) {
  if (!is.null(score$beliefs)) {
    check_prior_nodes(unique(c(score$beliefs$from, score$beliefs$to)), nodes, "beliefs", call)
  }
  if (!is.null(score$prior_graph)) {
    check_prior_nodes(names(score$prior_graph), nodes, "prior_graph", call)
    missing_nodes <- setdiff(nodes, names(score$prior_graph))
    if (length(missing_nodes)) {
      lbn_abort(c("{.arg prior_graph} has no node{?s} {.val {missing_nodes}} of the data.",
                  "i" = "The prior network must be over the variables of the data."),
                "unknown_node", call = call)
    }
  }
  invisible(score)
}

check_prior_nodes <- function(prior_nodes, nodes, arg, call) {
  unknown <- setdiff(prior_nodes, nodes)
  if (length(unknown)) {
    lbn_abort(c(paste0("{.arg {arg}} names {cli::qty(length(unknown))}node{?s} {.val {unknown}}, ",
                       "{?not a variable/not variables} of the data."),
                "i" = "Variables: {list_few(nodes, 10L, quote = TRUE)}."),
              "unknown_node", call = call)
  }
}

# The modular prior's terms for the variables `nodes` (in the data's order, possibly a
# subset): prior_node[i] and prior_arc[j, i] (log scale; row j = parent, column i =
# child), NULL for the other priors.
structure_prior_terms <- function(score, nodes) {
  n <- length(nodes)
  if (identical(score$prior, "beliefs")) return(belief_terms(score$beliefs, nodes))
  if (!identical(score$prior, "network")) return(NULL)
  # delta_i = |pa_i \ Q_i| + |Q_i \ pa_i| = |Q_i| + sum_{j in pa_i} (j in Q_i ? -1 : 1).
  log_kappa <- log(score$kappa)
  in_prior <- vapply(nodes, function(i) nodes %in% score$prior_graph[[i]], logical(n))
  dim(in_prior) <- c(n, n)
  list(node = colSums(in_prior) * log_kappa,
       arc = ifelse(in_prior, -log_kappa, log_kappa) * (1 - diag(n)))
}

# Per-arc beliefs as modular terms. Each pair {a, b} is in one of three states with
# probabilities P(a -> b), P(b -> a) and P(none) = 1 - both; an unlisted pair has 1/3
# each and one listed direction p leaves (1 - p) / 2 to each of the others (bnlearn's
# Castelo-Siebes completion). As in bnlearn, each pair's log probability is taken
# relative to 1/3, so unlisted pairs add nothing:
#   log P(state) - log(1/3) = log(3 P(none)) + [a -> b] log(P(a -> b) / P(none)) + ...
# The constant log(3 P(none)) of a pair is split evenly between its two nodes.
belief_terms <- function(beliefs, nodes) {
  n <- length(nodes)
  keep <- beliefs$from %in% nodes & beliefs$to %in% nodes
  prob <- matrix(NA_real_, n, n, dimnames = list(nodes, nodes))
  prob[cbind(beliefs$from[keep], beliefs$to[keep])] <- beliefs$prob[keep]
  reverse <- t(prob)
  prob[is.na(prob) & is.na(reverse)] <- 1 / 3
  prob[is.na(prob)] <- (1 - reverse[is.na(prob)]) / 2
  none <- 1 - prob - t(prob)
  diag(none) <- 1 / 3
  arc <- log(prob) - log(none)
  diag(arc) <- 0
  list(node = colSums(log(3 * none)) / 2, arc = unname(arc))
}

# Whether Markov-equivalent DAGs get the same prior (searches over classes need it):
# true of the uniform and arcs priors and of kappa = 1, not of beliefs or a deviation
# penalty in general.
structure_prior_equivalent <- function(score) {
  prior <- score$prior %||% "uniform"
  prior %in% c("uniform", "arcs") || (prior == "network" && identical(score$kappa, 1))
}

# The prior in print.bn_score(), or NULL for the uniform prior.
describe_structure_prior <- function(score) {
  arcs <- function(n) paste0(n, " arc", if (n != 1) "s")
  switch(score$prior,
    arcs = paste0("arc prior (p = ", score$arc_prob %||% "1/(n-1)", ")"),
    beliefs = paste0("arc beliefs (", arcs(nrow(score$beliefs)), ")"),
    network = paste0("prior network deviation (", arcs(length(unlist(score$prior_graph))),
                     ", kappa = ", score$kappa, ")"),
    NULL)
}

# The structure prior's term of each family (nodes[i] with parents families[[i]], names)
# when the variables are `all_nodes`: what network_score(local = TRUE) shows.
structure_prior_local <- function(score, all_nodes, nodes, families) {
  n <- length(all_nodes)
  if (identical(score$prior, "arcs")) {
    p <- score$arc_prob %||% (1 / max(n - 1, 1))
    k <- lengths(families)
    return(k * log(p) + (n - 1 - k) * log1p(-p))
  }
  terms <- structure_prior_terms(score, all_nodes)
  if (is.null(terms)) return(rep(0, length(nodes)))
  dimnames(terms$arc) <- list(all_nodes, all_nodes)
  names(terms$node) <- all_nodes
  vapply(seq_along(nodes), function(i) {
    terms$node[[nodes[i]]] + sum(terms$arc[families[[i]], nodes[i]])
  }, numeric(1))
}
