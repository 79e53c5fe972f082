# Background knowledge shared by every learner: whitelist, blacklist, max_parents and
# nodes without parents or children, turned into one constraint object.

# Returns list(nodes, required, forbidden, max_parents): `required[i, j]` forces the arc
# i -> j, `forbidden[i, j]` rules it out (both are logical n x n matrices with dimnames).
build_constraints <- function(nodes, whitelist = NULL, blacklist = NULL, max_parents = Inf,
                              no_parents = NULL, no_children = NULL, restrict = NULL,
                              call = rlang::caller_env()) {
  n <- length(nodes)
  empty <- matrix(FALSE, n, n, dimnames = list(nodes, nodes))
  required <- arc_matrix(whitelist, nodes, empty, "whitelist", call)
  forbidden <- arc_matrix(blacklist, nodes, empty, "blacklist", call)
  forbidden[, check_nodes(no_parents, nodes, arg = "no_parents", call = call)] <- TRUE
  forbidden[check_nodes(no_children, nodes, arg = "no_children", call = call), ] <- TRUE
  if (!is.null(restrict)) forbidden <- forbidden | !restrict_skeleton(restrict, nodes, call)
  diag(forbidden) <- TRUE
  check_number(max_parents, min = 0, whole = TRUE, arg = "max_parents", call = call)

  clash <- which(required & forbidden, arr.ind = TRUE)
  if (nrow(clash)) {
    lbn_abort(c(paste0("{.arg whitelist} requires arc{?s} that {.arg blacklist}, ",
                       "{.arg no_parents} or {.arg no_children} forbid{?s/}: ",
                       "{arc_labels(clash, nodes)}.")),
              "constraints", call = call)
  }
  if (!is.null(topo_sort_amat(required * 1L)$cycle)) {
    lbn_abort("{.arg whitelist} contains a directed cycle.", "cycle", call = call)
  }
  crowded <- nodes[colSums(required) > max_parents]
  if (length(crowded)) {
    lbn_abort(paste0("{.arg whitelist} gives {.val {crowded}} more than {.arg max_parents} = ",
                     "{max_parents} parents."),
              "constraints", call = call)
  }
  list(nodes = nodes, required = required, forbidden = forbidden, max_parents = max_parents)
}

# The skeleton of `restrict` (a bn_graph or an adjacency matrix with the nodes as
# dimnames) as a symmetric logical matrix in `nodes` order: the pairs a search may join.
restrict_skeleton <- function(restrict, nodes, call) {
  amat <- if (inherits(restrict, "bn_graph")) restrict$amat else restrict
  if (!is.matrix(amat) || !identical(sort(rownames(amat)), sort(nodes)) ||
      !identical(sort(colnames(amat)), sort(nodes))) {
    lbn_abort(paste0("{.arg restrict} must be a {.cls bn_graph} or an adjacency matrix on the ",
                     "data's nodes."),
              "type", call = call)
  }
  adjacent <- amat[nodes, nodes] != 0
  adjacent | t(adjacent)
}

arc_labels <- function(index, nodes) paste0(nodes[index[, 1]], " -> ", nodes[index[, 2]])

# A two-column data.frame or matrix of from/to names as a logical arc matrix.
arc_matrix <- function(arcs, nodes, empty, arg, call) {
  if (is.null(arcs)) return(empty)
  if (is.data.frame(arcs)) arcs <- as.matrix(arcs)
  if (!is.matrix(arcs) || ncol(arcs) != 2L || !is.character(arcs)) {
    lbn_abort(paste0("{.arg {arg}} must be a two-column data.frame or character matrix of from/to ",
                     "node names."),
              "type", call = call)
  }
  from <- check_nodes_allow_repeats(arcs[, 1], nodes, arg, call)
  to <- check_nodes_allow_repeats(arcs[, 2], nodes, arg, call)
  loops <- from == to
  if (any(loops)) {
    lbn_abort("{.arg {arg}} has an arc from a node to itself: {.val {nodes[from[loops][1]]}}.",
              "value", call = call)
  }
  empty[cbind(from, to)] <- TRUE
  empty
}

check_nodes_allow_repeats <- function(x, nodes, arg, call) {
  unknown <- setdiff(x, nodes)
  if (anyNA(x) || length(unknown)) {
    lbn_abort(c("{.arg {arg}} names unknown node{?s} {.val {unknown}}.",
                "i" = "Known nodes: {list_few(nodes, 10L, quote = TRUE)}."), "unknown_node",
                call = call)
  }
  match(x, nodes)
}

# ---- knowledge on partially directed graphs ---------------------------------------------

# Does the knowledge require or forbid any arc (beyond self-loops)?
has_arc_knowledge <- function(knowledge) {
  forbidden <- knowledge$forbidden
  diag(forbidden) <- FALSE
  any(knowledge$required) || any(forbidden)
}

# `amat` (a CPDAG, or any PDAG for pdag_to_dag()) with the edges that the required and
# forbidden arcs of `knowledge` (a build_constraints() list) decide oriented, closed
# under Meek's rules R1-R4 in C++ (graph/meek.hpp, shared with pc()): from a CPDAG this
# is the maximally oriented PDAG of Meek (1995). Returns list(amat, dag), `dag` a
# consistent extension of `amat` that satisfies the knowledge. When none can, the error
# names the arcs to blame; in the message `member` names a consistent extension of `amat`
# ("DAG of the equivalence class of {.arg g}") and `graph` names `amat` mid-sentence.
orient_with_knowledge <- function(amat, knowledge, member, graph, call = rlang::caller_env()) {
  fit <- cpp_fit_knowledge(amat, knowledge)
  if (fit$problem == "no_extension") pdag_extension(amat, call = call)
  if (fit$problem != "none") abort_knowledge(fit, rownames(amat), member, graph, call)
  dimnames(fit$amat) <- dimnames(fit$dag) <- dimnames(amat)
  fit[c("amat", "dag")]
}

abort_knowledge <- function(fit, nodes, member, graph, call) {
  culprits <- fit$culprits
  from <- nodes[culprits$from]
  to <- nodes[culprits$to]
  arc <- paste(from, "->", to)
  listed <- ifelse(culprits$required, "whitelisted ", "blacklisted ")
  message <- switch(fit$problem,
    not_adjacent = c(paste0("No ", member, " has the whitelisted arc {arc}."),
                     "x" = paste0("{from} and {to} are not adjacent in ", graph, ".")),
    against_arc = if (culprits$required) {
      c(paste0("No ", member, " has the whitelisted arc {arc}."),
        "x" = paste0("{to} -> {from} is an arc of ", graph, ", so all of them have it."))
    } else {
      c(paste0("Every ", member, " has the blacklisted arc {arc}."),
        "x" = paste0("{arc} is an arc of ", graph, ", so all of them have it."))
    },
    no_member = c(paste0("No ", member, " satisfies the background knowledge."),
                  if (length(arc) == 1L) {
                    c("x" = paste0("The {listed}arc {arc} alone rules them all out: with it, ",
                                   "every orientation has a directed cycle or a new v-structure."))
                  } else {
                    c("x" = "These arcs cannot hold together: {paste0(listed, arc)}.",
                      "i" = paste0("Without any one of them the others can; together they force a ",
                                   "directed cycle or a new v-structure."))
                  }))
  lbn_abort(message, c("incompatible_knowledge", "constraints"), call = call)
}
