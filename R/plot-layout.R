# The layered layout of plot.bn_graph() (the `layout = NULL` default): Sugiyama's layers
# from igraph, long arcs as chains of dummy nodes, and arcs as vertical Bezier curves.

layered_drawing <- function(labels, edges, size, region, cex) {
  n <- length(labels)
  grid <- node_layers(labels, edges)
  layer <- grid$layer
  w <- c(pmax(size$w, size$h, port_room(grid$chains, layer, n) * size$em),
         rep(0, length(layer) - n))
  x <- spread_layers(grid$x, layer, w, gap = size$em)
  layers <- max(layer) + 1
  min_pitch <- size$h + 2.5 * size$em
  span <- max(x + w / 2) - min(x - w / 2)
  s <- cex %||% min(max_text_scale(region), region[1] / span,
                    region[2] / ((layers - 1) * min_pitch + size$h))
  x <- x * s
  w <- w * s
  h <- size$h * s
  x <- fill_width(x, w, region[1])
  most <- max(h + 8 * size$em * s, region[2] / 5)
  pitch <- if (layers > 1) min(most, max(min_pitch * s, (region[2] - h) / (layers - 1))) else 0
  y <- region[2] / 2 + (layers - 1) * pitch / 2 - layer * pitch
  ports <- arc_ports(grid$chains, x, y, w)
  paths <- lapply(seq_along(grid$chains),
                  function(k) chain_path(grid$chains[[k]], ports[[k]], x, y, h))
  list(nodes = data.frame(label = labels, x = x[seq_len(n)], y = y[seq_len(n)], w = w[seq_len(n)],
                          h = rep(h, n), stringsAsFactors = FALSE),
       edges = edges, paths = paths, cex = s, head = 0.9 * size$em * s)
}

# Layers (0 at the top), positions within layers, and for each edge its chain of
# vertices through the layers, from the edge's `from` node to its `to` node: real nodes
# are 1..n, Sugiyama's bend points (dummy vertices) follow. A graph without edges is laid
# out as a grid.
node_layers <- function(labels, edges) {
  n <- length(labels)
  if (!nrow(edges)) {
    columns <- ceiling(sqrt(n))
    return(list(layer = (seq_len(n) - 1) %/% columns, x = (seq_len(n) - 1) %% columns,
                chains = list()))
  }
  from <- match(edges$from, labels)
  to <- match(edges$to, labels)
  ig <- layering_graph(n, from, to, edges$directed)
  sugiyama <- igraph::layout_with_sugiyama(ig, layers = source_layers(ig))
  xy <- rbind(sugiyama$layout, sugiyama$layout.dummy)
  list(layer = max(xy[, 2]) - xy[, 2], x = xy[, 1],
       chains = sugiyama_chains(sugiyama$extd_graph, from))
}

# The directed graph Sugiyama's layout ranks: arcs (`directed`, as arcs() says; for a PAG
# also its o-> edges) as they are, the other edges pointing down a topological order of
# the arcs, so they add no cycle.
layering_graph <- function(n, from, to, directed) {
  arcs_only <- igraph::make_graph(rbind(from, to)[, directed], n = n)
  rank <- if (igraph::is_dag(arcs_only)) order(igraph::topo_sort(arcs_only)) else seq_len(n)
  flip <- !directed & rank[from] > rank[to]
  igraph::make_graph(rbind(ifelse(flip, to, from), ifelse(flip, from, to)), n = n)
}

# Sugiyama's layers (0 at the top) with each source moved down to just above its highest
# child: all sources in the top layer would make it wide and their arcs long.
source_layers <- function(ig) {
  xy <- igraph::layout_with_sugiyama(ig)$layout
  layer <- max(xy[, 2]) - xy[, 2]
  for (v in which(igraph::degree(ig, mode = "in") == 0 & igraph::degree(ig, mode = "out") > 0)) {
    layer[v] <- min(layer[as.integer(igraph::neighbors(ig, v, mode = "out"))]) - 1
  }
  match(layer, sort(unique(layer))) - 1  # no empty layer
}

# For each edge k, the vertices of the extended graph it runs through, from from[k].
sugiyama_chains <- function(extended, from) {
  ends <- igraph::ends(extended, igraph::E(extended), names = FALSE)
  orig <- igraph::edge_attr(extended, "orig")
  lapply(seq_along(from), function(k) {
    segments <- ends[orig == k, , drop = FALSE]
    chain <- from[k]
    while (nrow(segments)) {
      last <- chain[length(chain)]
      r <- which(segments[, 1] == last | segments[, 2] == last)[1]
      chain <- c(chain, setdiff(segments[r, ], last))
      segments <- segments[-r, , drop = FALSE]
    }
    chain
  })
}

# Centres within each layer in inches: as close as possible (least squares) to
# Sugiyama's positions, while neighbouring boxes keep `gap` between them. Writing each
# centre as its offset from the least room it needs makes this an isotonic regression.
spread_layers <- function(x, layer, w, gap) {
  unit <- 0.6 * stats::median(w[w > 0]) + gap
  for (l in unique(layer)) {
    i <- which(layer == l)
    i <- i[order(x[i])]
    need <- cumsum(c(0, (w[i][-length(i)] + w[i][-1]) / 2 + gap))
    x[i] <- if (length(i) > 1) stats::isoreg(x[i] * unit - need)$yf + need else x[i] * unit
  }
  x
}

# Spread the centres over the region's width (at most three times as wide) and centre
# the drawing.
fill_width <- function(x, w, width) {
  span <- diff(range(x))
  if (span > 0) x <- x * min(3, max(1, (width - max(w)) / span))
  x - (min(x - w / 2) + max(x + w / 2)) / 2 + width / 2
}

# Both ends of every edge, `from` then `to`: the `node` the edge ends at and the vertex
# next to it along the chain (`toward`), whose layer tells which side of the box it uses.
chain_ends <- function(chains) {
  list(node = unlist(lapply(chains, function(v) v[c(1, length(v))])),
       toward = unlist(lapply(chains, function(v) v[c(2, length(v) - 1)])))
}

# The width, in ems, that the arrowheads meeting the busier side of each box need.
port_room <- function(chains, layer, n) {
  if (!length(chains)) return(rep(0, n))
  ends <- chain_ends(chains)
  counts <- table(factor(ends$node, seq_len(n)), layer[ends$toward] > layer[ends$node])
  1.2 * (apply(counts, 1, max) + 1)
}

# Where each edge meets its end boxes: the x of its port on the `from` box and on the `to`
# box. Edges meeting a side of a box share it in the order of where they come from.
arc_ports <- function(chains, x, y, w) {
  if (!length(chains)) return(list())
  ends <- chain_ends(chains)
  below <- y[ends$toward] < y[ends$node]
  fraction <- stats::ave(x[ends$toward], ends$node, below, FUN = function(other) {
    rank(other, ties.method = "first") / (length(other) + 1) - 0.5
  })
  port <- x[ends$node] + 0.7 * w[ends$node] * fraction
  split(port, rep(seq_along(chains), each = 2))
}

# The path of one edge: between neighbouring layers an S-shaped cubic Bezier curve that
# stays in the space between the layers' boxes, through a bend point a vertical line
# across its layer.
chain_path <- function(chain, ports, x, y, h) {
  steps <- length(chain) - 1
  pieces <- lapply(seq_len(steps), function(i) {
    a <- chain[i]
    b <- chain[i + 1]
    half <- if (y[b] < y[a]) h / 2 else -h / 2
    start <- c(if (i == 1) ports[1] else x[a], y[a] - half)
    end <- c(if (i == steps) ports[2] else x[b], y[b] + half)
    vertical_bezier(start, end)
  })
  do.call(rbind, pieces)
}

vertical_bezier <- function(start, end, points = 17) {
  t <- seq(0, 1, length.out = points)
  middle <- (start[2] + end[2]) / 2
  bx <- (1 - t)^3 * start[1] + 3 * (1 - t)^2 * t * start[1] + 3 * (1 - t) * t^2 * end[1] +
    t^3 * end[1]
  by <- (1 - t)^3 * start[2] + 3 * (1 - t) * t * middle + t^3 * end[2]
  cbind(bx, by)
}

# ---- notes on removed edges -------------------------------------------------------

# Where to write the notes of labelled edges (the separating sets on the edges a pc() run
# removed): each at the point of its path where its box overlaps least the node boxes
# and the notes placed before it, then covers fewest points of the other edges' lines,
# then is nearest the path's middle; so notes hide neither each other nor a node, and
# as few arcs as they can; inside the `region` (moved in if need be). Adds `notes`
# (centre x, y, box w, h, label).
place_notes <- function(drawing, region) {
  labelled <- which(!is.na(drawing$edges$label))
  labels <- drawing$edges$label[labelled]
  cex <- 0.8 * drawing$cex
  pad <- 0.25 * graphics::strheight("M", units = "inches", cex = cex)
  w <- graphics::strwidth(labels, units = "inches", cex = cex) + 2 * pad
  h <- rep(graphics::strheight("{}, Mg", units = "inches", cex = cex) + 2 * pad, length(labels))
  nodes <- drawing$nodes
  far <- 1e6  # the outside of the region, as four boxes
  taken <- rbind(cbind(nodes$x - nodes$w / 2 - pad, nodes$x + nodes$w / 2 + pad,
                       nodes$y - nodes$h / 2 - pad, nodes$y + nodes$h / 2 + pad),
                 c(-far, 0, -far, far), c(region[1], far, -far, far),
                 c(-far, far, -far, 0), c(-far, far, region[2], far))
  along <- seq(0.1, 0.9, by = 0.02)
  arcs <- drawing$paths[setdiff(seq_along(drawing$paths), labelled)]
  lines <- do.call(rbind, c(list(matrix(0, 0, 2)), arcs))
  centres <- matrix(0, length(labels), 2)
  for (i in seq_along(labels)) {
    at <- path_points(drawing$paths[[labelled[i]]], along)
    overlap <- overlap_areas(at, w[i], h[i], taken)
    fits <- which(overlap <= min(overlap) + 1e-9)
    covered <- covered_points(at[fits, , drop = FALSE], w[i], h[i], lines)
    fits <- fits[covered == min(covered)]
    centre <- at[fits[which.min(abs(along[fits] - 0.5))], ]
    centres[i, ] <- pmin(pmax(centre, c(w[i], h[i]) / 2), region - c(w[i], h[i]) / 2)
    taken <- rbind(taken, c(centres[i, 1] + c(-1, 1) * w[i] / 2,
                            centres[i, 2] + c(-1, 1) * h[i] / 2))
  }
  drawing$notes <- data.frame(x = centres[, 1], y = centres[, 2], w = w, h = h, label = labels,
                              stringsAsFactors = FALSE)
  drawing
}

# The points at the given fractions of a path's length.
path_points <- function(path, fractions) {
  along <- c(0, cumsum(sqrt(rowSums(diff(path)^2))))
  keep <- c(TRUE, diff(along) > 0)
  if (sum(keep) < 2L) return(path[rep(1L, length(fractions)), , drop = FALSE])
  at <- fractions * along[length(along)]
  cbind(stats::approx(along[keep], path[keep, 1], at)$y,
        stats::approx(along[keep], path[keep, 2], at)$y)
}

# For boxes of width w and height h centred at the rows of `at`, the area each shares
# with the `boxes` (rows: xmin, xmax, ymin, ymax), and the number of `points` each covers.
overlap_areas <- function(at, w, h, boxes) {
  boxes <- boxes[near_candidates(boxes[, 1:2, drop = FALSE], boxes[, 3:4, drop = FALSE],
                                 at, w, h), , drop = FALSE]
  if (!nrow(boxes)) return(numeric(nrow(at)))
  # (a matrix first, so that pmax() keeps its dimensions)
  dx <- pmax(outer(at[, 1] + w / 2, boxes[, 2], pmin) - outer(at[, 1] - w / 2, boxes[, 1], pmax), 0)
  dy <- pmax(outer(at[, 2] + h / 2, boxes[, 4], pmin) - outer(at[, 2] - h / 2, boxes[, 3], pmax), 0)
  rowSums(dx * dy)
}

covered_points <- function(at, w, h, points) {
  points <- points[near_candidates(points[, c(1, 1), drop = FALSE],
                                   points[, c(2, 2), drop = FALSE], at, w, h), , drop = FALSE]
  if (!nrow(points)) return(integer(nrow(at)))
  inside <- abs(outer(at[, 1], points[, 1], "-")) < w / 2 &
    abs(outer(at[, 2], points[, 2], "-")) < h / 2
  as.integer(rowSums(inside))
}

# Which boxes (x and y ranges as two-column matrices) reach the area the candidate boxes
# can cover: the rest need no closer look.
near_candidates <- function(x, y, at, w, h) {
  x[, 2] > min(at[, 1]) - w / 2 & x[, 1] < max(at[, 1]) + w / 2 &
    y[, 2] > min(at[, 2]) - h / 2 & y[, 1] < max(at[, 2]) + h / 2
}
