# Model strings (bn_graph_from_string() and model_string()) and igraph conversion
# (attributes and tidygraph in R/graph-tidygraph.R).
#
# The bracket notation "[A][B|A][C|A:B]" extended, without changing any DAG string, by
# two more sections per bracket for two-way edges, "[node|parents|neighbours|spouses]",
# and by backticks around names the notation could not read otherwise.

#' Model strings
#'
#' `bn_graph_from_string()` reads the bracket notation common in the field: one bracket
#' per node, `[node]` for a node without parents and `[node|parent1:parent2]` otherwise,
#' e.g. `"[A][B|A][C|A:B]"`. Nodes appear in the graph in the order of the string.
#' `model_string()` writes a graph in the same notation, nodes and parents in node order.
#'
#' Graphs with two-way edges, such as the CPDAGs of [pc()] and [ges()], take two more
#' sections in a bracket: `[node|parents|neighbours|spouses]`, where `neighbours` are
#' the nodes joined to `node` by an undirected edge (`node - x`) and `spouses` those
#' joined by a bidirected edge (`node <-> x`). Sections are separated by `|`, names
#' within a section by `:`, and empty sections at the end are left out, so
#' `"[A][B||A][C|B]"` is `A - B -> C` and `"[A][B|||A]"` is `A <-> B`. `model_string()`
#' writes each two-way edge once, in the bracket of the node that comes later in node
#' order; `bn_graph_from_string()` accepts it in either bracket or both. DAG strings are
#' the same as in bnlearn's `modelstring()`, which has no notation for two-way edges.
#'
#' A name that contains `[`, `]`, `|`, `:`, a backtick or white space is written between
#' backticks, with a backtick inside the name doubled, as in ``"[`blood pressure`|`a:b`]"``;
#' other names are written as they are. Outside backticks white space is ignored (so
#' `"[my node]"` is the node `mynode`, as before). bnlearn's `model2network()` cannot read
#' quoted names.
#'
#' Errors (class `"learnbn_error_parse"`) for malformed strings, duplicated nodes or
#' parents, unknown parents and self-parents, and for a pair of nodes joined by two kinds
#' of edge; a directed cycle, including two nodes that are each other's parent
#' (`"[A|B][B|A]"`), gives `"learnbn_error_cycle"` naming the nodes on it.
#'
#' @param string A single string in bracket notation.
#' @param g A graph ([bn_graph]): a DAG, CPDAG or partially directed graph, with or
#'   without bidirected edges.
#' @return `bn_graph_from_string()`: a `bn_graph`, of type `"dag"` when the string has
#'   no two-way edge and `"pdag"` otherwise (with the bidirected edges recorded).
#'   `model_string()`: a single string.
#' @family graphs
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][B|A][C|A:B]")
#' model_string(g)
#' asia <- bn_graph_from_string(paste0(
#'   "[asia][smoke][tub|asia][lung|smoke][bronc|smoke]",
#'   "[either|tub:lung][xray|either][dysp|bronc:either]"))
#' asia
#' # a CPDAG: undirected edges in the second section
#' model_string(cpdag(asia))
#' bn_graph_from_string("[A][B||A][C|B]")
#' # names the notation cannot hold bare are quoted
#' model_string(bn_graph_from_string("[`blood pressure`][`age|sex`|`blood pressure`]"))
bn_graph_from_string <- function(string) {
  check_string(string)
  tokens <- model_string_tokens(string)
  blocks <- model_string_blocks(tokens, string)
  nodes <- vapply(blocks, function(b) b$node, "")
  if (anyDuplicated(nodes)) {
    lbn_abort(paste0("{.arg string} lists node{?s} {.val {unique(nodes[duplicated(nodes)])}} more ",
                     "than once."),
              "parse")
  }
  n <- length(nodes)
  sections <- lapply(seq_along(edge_section_roles), function(k) {
    members <- lapply(blocks, function(b) b$sections[[k]])
    check_section_members(members, nodes, edge_section_roles[[k]])
    section_matrix(members, nodes)
  })
  arcs <- sections[[1L]]
  undirected <- sections[[2L]] | t(sections[[2L]])
  bidirected <- sections[[3L]] | t(sections[[3L]])
  check_one_edge_kind(arcs | t(arcs), undirected, bidirected, nodes)
  # every arc entry is a parent here: two nodes that name each other as parents are a cycle
  cycle <- topo_sort_amat(arcs * 1L)$cycle
  if (!is.null(cycle)) abort_cycle(cycle, what = "{.arg string}")
  if (!any(undirected) && !any(bidirected)) return(new_bn_graph(arcs * 1L, "dag"))
  spouses <- which(bidirected & upper.tri(bidirected), arr.ind = TRUE)
  bn_graph((arcs | undirected | bidirected) * 1L,
           bidirected = if (nrow(spouses)) matrix(nodes[spouses], ncol = 2L))
}

#' @rdname bn_graph_from_string
#' @export
model_string <- function(g) {
  g <- as_graph_arg(g)
  amat <- g$amat == 1L
  two_way <- amat & t(amat)
  spouse <- two_way & bidirected_mask(g)
  # [i, j] with i before j: a two-way edge once, in the later node's bracket
  earlier <- upper.tri(amat)
  kinds <- list(amat & !two_way, two_way & !spouse & earlier, spouse & earlier)
  names <- quote_node_names(colnames(amat))
  blocks <- vapply(seq_along(names), function(j) {
    sections <- vapply(kinds, function(kind) paste(names[kind[, j]], collapse = ":"), "")
    used <- max(c(0L, which(nzchar(sections))))
    paste0("[", paste(c(names[j], sections[seq_len(used)]), collapse = "|"), "]")
  }, "")
  paste(blocks, collapse = "")
}

# What the sections of a bracket hold, as named in errors.
edge_section_roles <- c("parent", "undirected neighbour", "bidirected neighbour")

# Backticks around the names that hold a character of the notation, a backtick or white
# space (a backtick inside doubled); other names as they are, so DAG strings do not change.
quote_node_names <- function(nodes) {
  quote <- grepl("[][|:`[:space:]]", nodes)
  nodes[quote] <- paste0("`", gsub("`", "``", nodes[quote], fixed = TRUE), "`")
  nodes
}

# The tokens of a model string: kind ("[", "]", "|", ":", "name" or "bad") and text (the
# name for names), with the first character of each token. White space outside
# backticks is dropped and the bare words it separated are joined, as before quoting.
model_string_tokens <- function(string) {
  pattern <- "`(?:[^`]|``)*`|[][|:]|[^][|:`[:space:]]+|[[:space:]]+|`"
  at <- gregexpr(pattern, string, perl = TRUE)[[1L]]
  text <- regmatches(string, list(at))[[1L]]
  start <- as.integer(at)
  kind <- ifelse(text %in% c("[", "]", "|", ":"), text, "name")
  quoted <- startsWith(text, "`")
  kind[quoted & (nchar(text) < 3L | !endsWith(text, "`"))] <- "bad"  # `` or an unclosed `
  text[quoted] <- gsub("``", "`", substr(text[quoted], 2L, nchar(text[quoted]) - 1L), fixed = TRUE)
  space <- !quoted & grepl("^[[:space:]]+$", text)
  kind <- kind[!space]
  text <- text[!space]
  start <- start[!space]
  quoted <- quoted[!space]
  # join bare words that only white space separated ("my node" is "mynode")
  join <- which(kind[-1L] == "name" & kind[-length(kind)] == "name" &
                  !quoted[-1L] & !quoted[-length(kind)])
  for (i in rev(join)) text[i] <- paste0(text[i], text[i + 1L])
  if (length(join)) {
    kind <- kind[-(join + 1L)]
    text <- text[-(join + 1L)]
    start <- start[-(join + 1L)]
  }
  list(kind = kind, text = text, start = start)
}

# The brackets of a tokenised model string, each as list(node, sections): sections are
# the parents, undirected neighbours and bidirected neighbours (character vectors).
model_string_blocks <- function(tokens, string, call = rlang::caller_env()) {
  kind <- tokens$kind
  opens <- which(kind == "[")
  closes <- which(kind == "]")
  well_nested <- length(opens) > 0L && length(opens) == length(closes) &&
    all(opens == c(1L, utils::head(closes, -1L) + 1L)) && closes[length(closes)] == length(kind)
  if (!well_nested || any(closes - opens < 2L)) {
    lbn_abort(c("{.arg string} is not a model string of the form {.str [A][B|A][C|A:B]}.",
                "x" = "Got {.str {string}}."), "parse", call = call)
  }
  # one letter per token: n(ame), |, :, anything else (a stray bracket or quote) as x
  letters <- ifelse(kind == "name", "n", ifelse(kind %in% c("|", ":"), kind, "x"))
  lapply(seq_along(opens), function(b) {
    inside <- seq.int(opens[b] + 1L, closes[b] - 1L)
    shape <- paste(letters[inside], collapse = "")
    if (!grepl("^n((\\|(n(:n)*)?){0,2}\\|n(:n)*)?$", shape)) {
      end <- if (closes[b] < length(tokens$start)) {
        tokens$start[closes[b] + 1L] - 1L
      } else {
        nchar(string)
      }
      bad <- trimws(substr(string, tokens$start[opens[b]], end))
      lbn_abort(c("{.arg string} has a malformed bracket.",
                  "x" = paste0("Cannot read {.str {bad}}: expected {.str [node]}, ",
                               "{.str [node|parent1:parent2]} or ",
                               "{.str [node|parents|neighbours|spouses]}.")),
                "parse", call = call)
    }
    text <- tokens$text[inside]
    section <- cumsum(kind[inside] == "|")
    names_in <- kind[inside] == "name" & section > 0L
    list(node = text[1L],
         sections = lapply(seq_along(edge_section_roles),
                           function(k) text[names_in & section == k]))
  })
}

# Each node's members of one section are known nodes, other than itself, listed once.
check_section_members <- function(members, nodes, role, call = rlang::caller_env()) {
  for (j in seq_along(nodes)) {
    node <- nodes[j]
    listed <- members[[j]]
    unknown <- setdiff(listed, nodes)
    if (length(unknown)) {
      lbn_abort(c(paste0("{.arg string} gives node {.val {node}} the unknown ",
                         "{role}{cli::qty(length(unknown))}{?s} {.val {unknown}}."),
                  "i" = paste0("Every {role} needs its own bracket, e.g. ",
                               "{.str [{quote_node_names(unknown[1])}]}.")),
                "parse", call = call)
    }
    if (anyDuplicated(listed)) {
      lbn_abort(paste0("{.arg string} gives node {.val {node}} the {role} ",
                       "{.val {listed[duplicated(listed)][1]}} twice."),
                "parse", call = call)
    }
    if (node %in% listed) {
      lbn_abort("{.arg string} makes node {.val {node}} its own {role}.", "parse", call = call)
    }
  }
}

# Logical matrix with [i, j] TRUE when node j lists node i in the section.
section_matrix <- function(members, nodes) {
  n <- length(nodes)
  out <- matrix(FALSE, n, n, dimnames = list(nodes, nodes))
  for (j in seq_len(n)) out[members[[j]], j] <- TRUE
  out
}

# A pair of nodes is joined by one kind of edge at most.
check_one_edge_kind <- function(arc, undirected, bidirected, nodes, call = rlang::caller_env()) {
  clash <- (arc & undirected) | (arc & bidirected) | (undirected & bidirected)
  pairs <- which(clash & upper.tri(clash), arr.ind = TRUE)
  if (nrow(pairs)) {
    lbn_abort(c("{.arg string} joins {nrow(pairs)} pair{?s} of nodes by two kinds of edge.",
                "x" = "Between {format_edges(matrix(nodes[pairs], ncol = 2L), 'and')}.",
                "i" = paste0("List each pair once: as a parent, an undirected neighbour or a ",
                             "bidirected neighbour.")),
              "parse", call = call)
  }
}

#' Convert to and from igraph
#'
#' `as_igraph()` gives a directed igraph graph with the node names as vertex names.
#' A directed arc is one edge; an undirected or a bidirected edge becomes two opposite
#' edges. The edge attribute `type` (`"directed"`, `"undirected"`, `"bidirected"`, as
#' in [arcs()]) tells them apart, and the logical edge attribute `directed` is `TRUE`
#' for directed arcs. `from_igraph()` goes back: an undirected igraph graph gives a
#' graph whose edges are all undirected; in a directed igraph graph a pair of opposite
#' edges becomes an undirected edge (a bidirected one when the edge attribute `type`
#' says `"bidirected"`) and other edges become arcs. Opposite edges without a `type`
#' of `"undirected"` or `"bidirected"` (as in a plain igraph graph with `a -> b` and
#' `b -> a`) give a warning of class `"learnbn_warning_opposite_arcs"` that names the
#' pairs, since two arcs are rarely meant as one undirected edge; the graphs of
#' `as_igraph()` carry the attribute and convert back silently. The type is guessed as in
#' [bn_graph()]. Vertices without names are named `V1`, `V2`, ...; multiple edges and
#' loops are errors. Other attributes are ignored, so `from_igraph()` also reads the
#' `tbl_graph` of [as_tbl_graph()][as_tbl_graph.bn_graph].
#'
#' Attributes carried over: with `strength`, the edge attribute `strength` (and for a
#' bootstrap result `direction`, the share of the replicates with the edge that point it
#' the edge's way); for a fitted network, or a graph with its `data`, the vertex
#' attributes `node_type` (`"discrete"` or `"gaussian"`) and `n_levels` (the number of
#' levels of a discrete node, `NA` for a Gaussian one).
#'
#' @param g A [bn_graph], or a `bn_fit` from [fit_parameters()] or [read_bif()].
#' @param strength `NULL`, or edge strengths as taken by [plot()][plot.bn_graph]: a
#'   `bn_bootstrap` object (the share of replicates with each edge), a `bn_samples`
#'   object or a matrix of arc probabilities ([arc_probabilities()]), or a data.frame with
#'   columns `from`, `to` and `strength` such as the result of [arc_strength()] (any
#'   numbers). An undirected or bidirected edge takes the larger of its two directions;
#'   an edge missing from a data.frame gets `NA`, from the others 0.
#' @param data `NULL`, or the data of the graph's nodes (a [bn_data()] object or a
#'   data.frame) for the vertex attributes `node_type` and `n_levels`; a `bn_fit` gives
#'   them without it.
#' @param ig An igraph graph.
#' @return `as_igraph()`: an igraph graph. `from_igraph()`: a `bn_graph`.
#' @family graphs
#' @export
#' @examples
#' g <- bn_graph_from_string("[A][B|A][C|A:B]")
#' ig <- as_igraph(g)
#' ig
#' from_igraph(ig)
#'
#' # strengths and node types as attributes
#' d <- bn_data(college_plans, counts = "count")
#' set.seed(1)
#' boot <- bootstrap_arcs(d, hill_climb, R = 5, score = "bic")
#' ig <- as_igraph(average_network(boot), strength = boot, data = d)
#' igraph::edge_attr(ig, "strength")
#' igraph::vertex_attr(ig, "n_levels")
as_igraph <- function(g, strength = NULL, data = NULL) {
  kinds <- node_kinds(g, data)  # R/graph-tidygraph.R
  if (inherits(g, "bn_fit")) g <- .subset2(g, "graph")
  g <- as_graph_arg(g)
  edges <- edge_index(g)
  ig <- igraph::make_empty_graph(n = nrow(g$amat), directed = TRUE)
  ig <- igraph::set_vertex_attr(ig, "name", value = colnames(g$amat))
  for (attr in names(kinds)) ig <- igraph::set_vertex_attr(ig, attr, value = kinds[[attr]])
  if (length(edges$from)) {
    attrs <- c(list(directed = edges$directed, type = edges$type),
               edge_strength_attrs(edges, colnames(g$amat), strength))
    ig <- igraph::add_edges(ig, as.vector(rbind(edges$from, edges$to)), attr = attrs)
  }
  ig
}

#' @rdname as_igraph
#' @export
from_igraph <- function(ig) {
  if (!inherits(ig, "igraph")) {
    lbn_abort("{.arg ig} must be an igraph graph, not {.obj_type_friendly {ig}}.", "type")
  }
  if (any(igraph::which_loop(ig))) {
    lbn_abort("{.arg ig} has self-loops; a Bayesian network graph cannot.", "invalid_graph")
  }
  if (any(igraph::which_multiple(ig))) {
    lbn_abort("{.arg ig} has multiple edges between the same vertices.", "invalid_graph")
  }
  n <- igraph::vcount(ig)
  names <- igraph::vertex_attr(ig, "name")
  if (is.null(names)) names <- paste0("V", seq_len(n))
  ends <- igraph::ends(ig, igraph::E(ig), names = FALSE)
  amat <- matrix(0L, n, n, dimnames = list(names, names))
  amat[ends] <- 1L
  if (!igraph::is_directed(ig)) amat[ends[, 2:1, drop = FALSE]] <- 1L
  type <- igraph::edge_attr(ig, "type")
  if (igraph::is_directed(ig)) warn_opposite_arcs(ends, type, names)
  bidirected <- if (!is.null(type)) {
    pairs <- ends[type %in% "bidirected", , drop = FALSE]
    matrix(names[pairs], ncol = 2L)
  }
  bn_graph(amat, bidirected = bidirected)
}

# Warns about pairs of opposite edges (a -> b and b -> a) that no edge attribute `type`
# marks as one two-way edge: in a plain igraph graph they are most likely two arcs, and
# the undirected edge they become should not pass unseen. `ends` holds vertex numbers.
warn_opposite_arcs <- function(ends, type, names, call = rlang::caller_env()) {
  marked <- type %in% c("undirected", "bidirected")
  if (!length(marked)) marked <- logical(nrow(ends))
  reverse <- match(paste(ends[, 1L], ends[, 2L]), paste(ends[, 2L], ends[, 1L]))
  plain <- !is.na(reverse) & ends[, 1L] < ends[, 2L]
  plain[plain] <- !marked[plain] & !marked[reverse[plain]]
  if (!any(plain)) return(invisible())
  pairs <- ends[plain, , drop = FALSE]
  pairs <- pairs[order(pairs[, 1L], pairs[, 2L]), , drop = FALSE]
  pairs <- matrix(names[pairs], ncol = 2L)
  lbn_warn(c(paste0("{.arg ig} has {nrow(pairs)} pair{?s} of opposite edges, read as undirected ",
                    "edge{?s}: {format_edges(pairs, '-')}."),
             "i" = paste0("Delete one edge of a pair to keep an arc, or set the edge attribute ",
                          "{.field type} to {.str undirected} (or {.str bidirected}) to say what ",
                          "the pair means.")),
           "opposite_arcs")
}
