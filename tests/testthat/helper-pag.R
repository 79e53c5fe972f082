# A plain-R reference for PAGs, straight from the definitions (Richardson and Spirtes 2002;
# Zhang 2008), slow and small: for DAGs of up to about 8 nodes with 4-5 observed.
#
# Every graph here is a matrix in pcalg's coding (amat[i, j] is the mark at j's end: 0 none,
# 1 circle, 2 arrowhead, 3 tail), so a DAG's arc i -> j is amat[i, j] = 2, amat[j, i] = 3.
#
# reference_pag(dag, latent):
# 1. the MAG over the observed nodes: x and y are adjacent iff the DAG has an inducing path
#    between them relative to the latent nodes (every non-endpoint on it is a collider or
#    latent, and every collider is an ancestor of x or y); the mark at x's end is a tail iff
#    x is an ancestor of y in the DAG, an arrowhead otherwise;
# 2. the MAGs Markov equivalent to it: every graph on its skeleton with each edge one of
#    x -> y, x <- y, x <-> y, x --- y that is ancestral and has exactly its m-separations
#    (given every subset of the other observed nodes);
# 3. the PAG: the MAG's skeleton, with a mark where every equivalent MAG has that mark and a
#    circle where they differ.

# A DAG given as a 0/1 adjacency matrix (amat[i, j] = 1 for i -> j) in pcalg's coding.
dag_marks <- function(dag01) {
  storage.mode(dag01) <- "integer"
  dag01 * 2L + t(dag01) * 3L
}

# Logical matrix: [i, j] TRUE iff i is an ancestor of j through directed edges (i -> j is
# amat[i, j] == 2 and amat[j, i] == 3), a node being its own ancestor.
ref_ancestors <- function(amat) {
  reach <- amat == 2L & t(amat) == 3L
  diag(reach) <- TRUE
  repeat {
    more <- (reach %*% reach) > 0
    if (all(more == reach)) return(reach)
    reach <- more
  }
}

# TRUE iff x and y are m-connected given z (node indices) in the mixed graph amat: a search
# over walks whose states are a node and whether the walk entered it through an arrowhead
# (`into1`) or not (`into0`); a node is passed as a collider iff it is in An(z), as a
# non-collider iff it is not in z. The states spread by matrix products, all at once.
ref_m_connected <- function(amat, x, y, z, anc = ref_ancestors(amat)) {
  n <- nrow(amat)
  in_z <- seq_len(n) %in% z
  an_z <- if (length(z)) rowSums(anc[, z, drop = FALSE]) > 0 else in_z
  adjacent <- amat != 0L
  head <- amat == 2L  # head[v, w]: the edge v-w has an arrowhead at w
  # pass_in[v, w]: a walk that entered v through an arrowhead may go on to w
  pass_in <- adjacent & ((t(head) & an_z) | (!t(head) & !in_z))
  pass_out <- adjacent & !in_z  # entered v through a tail or a circle
  into1 <- adjacent[x, ] & head[x, ]
  into0 <- adjacent[x, ] & !head[x, ]
  step <- function(into_head) {  # the states entered through an arrowhead, or not
    ends <- if (into_head) head else !head
    (into1 %*% (pass_in & ends) | into0 %*% (pass_out & ends))[1, ] > 0
  }
  repeat {
    if (into0[y] || into1[y]) return(TRUE)
    new1 <- into1 | step(TRUE)
    new0 <- into0 | step(FALSE)
    if (all(new1 == into1) && all(new0 == into0)) return(FALSE)
    into1 <- new1
    into0 <- new0
  }
}

# TRUE iff the DAG (pcalg's coding) has an inducing path between x and y relative to the
# nodes `latent` (indices): a depth-first search over simple paths.
ref_inducing_path <- function(dag, x, y, latent, anc = ref_ancestors(dag)) {
  ok_collider <- anc[, x] | anc[, y]
  extend <- function(path) {
    v <- path[length(path)]
    for (w in setdiff(which(dag[v, ] != 0L), path)) {
      if (length(path) > 1L) {
        # v is an inner node: check it now that both its edges on the path are known
        u <- path[length(path) - 1L]
        collider <- dag[u, v] == 2L && dag[w, v] == 2L
        if (collider && !ok_collider[v]) next
        if (!collider && !(v %in% latent)) next
      }
      if (w == y || extend(c(path, w))) return(TRUE)
    }
    FALSE
  }
  extend(x)
}

# The MAG of a DAG (pcalg's coding, with dimnames) over its nodes other than `latent`.
reference_mag <- function(dag, latent = character()) {
  nodes <- colnames(dag)
  hidden <- match(latent, nodes)
  observed <- setdiff(seq_along(nodes), hidden)
  anc <- ref_ancestors(dag)
  k <- length(observed)
  mag <- matrix(0L, k, k, dimnames = list(nodes[observed], nodes[observed]))
  for (a in seq_len(k - 1L)) for (b in seq(a + 1L, length.out = k - a)) {
    x <- observed[a]
    y <- observed[b]
    if (!ref_inducing_path(dag, x, y, hidden, anc)) next
    mag[a, b] <- if (anc[y, x]) 3L else 2L
    mag[b, a] <- if (anc[x, y]) 3L else 2L
  }
  mag
}

# TRUE iff the mixed graph is ancestral: no directed cycle, no bidirected edge between an
# ancestor and its descendant, and no arrowhead at an endpoint of an undirected edge.
ref_is_ancestral <- function(amat) {
  anc <- ref_ancestors(amat)
  diag(anc) <- FALSE
  if (any(anc & t(anc))) return(FALSE)
  if (any(amat == 2L & t(amat) == 2L & (anc | t(anc)))) return(FALSE)
  undirected_end <- rowSums(amat == 3L & t(amat) == 3L) > 0
  !any(undirected_end & colSums(amat == 2L) > 0)
}

# Every subset of the vector v (combn() reads a single number n as 1:n).
ref_subsets <- function(v) {
  lapply(seq_len(2^length(v)) - 1, function(bits) v[bitwAnd(bits, 2^(seq_along(v) - 1)) > 0])
}

# Every m-separation statement of a graph over its nodes: a logical vector, one entry per
# non-adjacent pair and subset of the other nodes (the same order for graphs on one
# skeleton). With `target`, stops at the first statement that differs from it and returns
# FALSE, else TRUE.
ref_separations <- function(amat, target = NULL) {
  anc <- ref_ancestors(amat)
  n <- nrow(amat)
  out <- logical()
  for (x in seq_len(n - 1L)) for (y in seq(x + 1L, length.out = n - x)) {
    if (amat[x, y] != 0L) next
    for (z in ref_subsets(setdiff(seq_len(n), c(x, y)))) {
      out <- c(out, !ref_m_connected(amat, x, y, z, anc))
      if (!is.null(target) && out[length(out)] != target[length(out)]) return(FALSE)
    }
  }
  if (is.null(target)) out else TRUE
}

# The MAGs on `mag`'s skeleton that are ancestral and Markov equivalent to it. An edge is
# one of the four kinds once we know at which of its ends it has an arrowhead (none: ---),
# so the candidates are every choice, at every node, of the edges with an arrowhead there;
# choices that change an unshielded collider (which equivalent MAGs share, as their
# m-separations say) are left out first, only for speed.
reference_equivalent_mags <- function(mag) {
  n <- nrow(mag)
  edges <- which(mag != 0L & upper.tri(mag), arr.ind = TRUE)
  if (!nrow(edges)) return(list(mag))
  heads <- lapply(seq_len(n), function(b) ref_head_choices(mag, edges, b))
  target <- ref_separations(mag)
  result <- list()
  combos <- as.matrix(expand.grid(lapply(heads, seq_along)))
  combos <- combos[ref_undirected_ok(heads, edges, combos), , drop = FALSE]
  for (r in seq_len(nrow(combos))) {
    cand <- matrix(0L, n, n, dimnames = dimnames(mag))
    cand[edges] <- 3L
    cand[edges[, 2:1, drop = FALSE]] <- 3L
    for (b in seq_len(n)) {
      for (k in heads[[b]][[combos[r, b]]]) {
        other <- setdiff(edges[k, ], b)
        cand[other, b] <- 2L
      }
    }
    if (ref_is_ancestral(cand) && ref_separations(cand, target)) {
      result[[length(result) + 1L]] <- cand
    }
  }
  result
}

# For each row of `combos` (a choice of head set per node), FALSE when an edge without
# arrowheads (---) meets a node with an arrowhead: not ancestral, left out early (vectorised).
ref_undirected_ok <- function(heads, edges, combos) {
  has_head <- function(b, k) vapply(heads[[b]], function(h) k %in% h, logical(1))[combos[, b]]
  busy <- sapply(seq_along(heads), function(b) lengths(heads[[b]])[combos[, b]] > 0)
  busy <- matrix(busy, nrow(combos))
  ok <- rep(TRUE, nrow(combos))
  for (k in seq_len(nrow(edges))) {
    i <- edges[k, 1L]
    j <- edges[k, 2L]
    plain <- !has_head(i, k) & !has_head(j, k)
    ok <- ok & !(plain & (busy[, i] | busy[, j]))
  }
  ok
}

# The sets of edges (row indices of `edges`) that may have an arrowhead at node b: every
# subset of the edges at b that keeps each unshielded triple at b a collider iff it is one
# in `mag`.
ref_head_choices <- function(mag, edges, b) {
  touching <- which(edges[, 1L] == b | edges[, 2L] == b)
  pairs <- Filter(function(s) length(s) == 2L, ref_subsets(touching))
  Filter(function(with_head) {
    all(vapply(pairs, function(pair) {
      ends <- setdiff(c(edges[pair, ]), b)
      if (mag[ends[1], ends[2]] != 0L) return(TRUE)  # shielded
      collider <- mag[ends[1], b] == 2L && mag[ends[2], b] == 2L
      all(pair %in% with_head) == collider
    }, logical(1)))
  }, ref_subsets(touching))
}

# The PAG of the MAGs Markov equivalent to `mag`: shared marks kept, the others circles.
reference_pag_of_mag <- function(mag) {
  mags <- reference_equivalent_mags(mag)
  pag <- mag
  for (m in mags) pag[m != mag] <- 1L
  pag
}

# The PAG of a DAG (0/1 adjacency matrix with dimnames) with latent nodes `latent`.
reference_pag <- function(dag_amat, latent = character()) {
  reference_pag_of_mag(reference_mag(dag_marks(dag_amat), latent))
}

# A PAG matrix (pcalg's coding) from edges written as strings such as "A o-> B".
pag_from_edges <- function(nodes, edges) {
  amat <- matrix(0L, length(nodes), length(nodes), dimnames = list(nodes, nodes))
  code <- c(o = 1L, "<" = 2L, ">" = 2L, "-" = 3L)
  for (edge in edges) {
    parts <- strsplit(edge, " ", fixed = TRUE)[[1L]]
    symbol <- strsplit(parts[2], "")[[1L]]
    amat[parts[3], parts[1]] <- code[[symbol[1]]]
    amat[parts[1], parts[3]] <- code[[symbol[3]]]
  }
  amat
}
