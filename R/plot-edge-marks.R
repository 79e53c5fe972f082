# The ends of a drawn edge (R/plot-graph.R's scene): arrowheads, the open circles of a
# PAG's edges (R/graph-pag-plot.R), and the line cut short where they begin.

# An edge's line, stopping where its end marks begin, and its marks: arrowheads
# (triangles) and the open circles of a PAG's edges, with `open` TRUE for a circle.
edge_shapes <- function(path, type, head) {
  ends <- edge_end_marks(type)
  tips <- list(from = path[1, ], to = path[nrow(path), ])
  room <- c(arrowhead = head, circle = 0.7 * head, none = 0)
  path <- trim_path(path, room[[ends[["to"]]]])
  path <- reverse_rows(trim_path(reverse_rows(path), room[[ends[["from"]]]]))
  heads <- list()
  base <- list(from = path[1, ], to = path[nrow(path), ])
  for (end in c("to", "from")) {
    heads[[end]] <- switch(ends[[end]], none = NULL,
                           arrowhead = arrowhead(base[[end]], tips[[end]], head),
                           circle = end_circle(base[[end]], tips[[end]]))
  }
  list(line = path, heads = heads, open = ends[names(heads)] == "circle")
}

# The mark at each end of an edge: "arrowhead" at the `to` end of an arc and at both
# ends of a bidirected edge, "none" at an undirected or removed edge's; a PAG's edges
# (type "pag:<mark at from>:<mark at to>", see R/graph-pag-plot.R) carry their own, with
# "tail" drawn as "none".
edge_end_marks <- function(type) {
  if (startsWith(type, "pag:")) {
    marks <- strsplit(type, ":", fixed = TRUE)[[1L]][2:3]
    marks[marks == "tail"] <- "none"
    return(c(from = marks[1], to = marks[2]))
  }
  c(from = if (type == "bidirected") "arrowhead" else "none",
    to = if (type %in% c("directed", "bidirected")) "arrowhead" else "none")
}

# The ends of an edge that carry an arrowhead (named logical: from, to).
arrowhead_ends <- function(type) edge_end_marks(type) == "arrowhead"

# A circle (as a polygon) between `base` and `tip`, touching both.
end_circle <- function(base, tip, points = 20) {
  centre <- (base + tip) / 2
  r <- sqrt(sum((tip - base)^2)) / 2
  angle <- seq(0, 2 * pi, length.out = points + 1)[-1]
  cbind(centre[1] + r * cos(angle), centre[2] + r * sin(angle))
}

reverse_rows <- function(m) m[rev(seq_len(nrow(m))), , drop = FALSE]

# The path without its last `length` inches.
trim_path <- function(path, length) {
  if (length <= 0) return(path)
  step <- sqrt(rowSums(diff(path)^2))
  along <- c(0, cumsum(step))
  cut <- along[length(along)] - length
  if (cut <= 0) return(path[c(1, 1), , drop = FALSE])
  i <- max(which(along <= cut))
  point <- path[i, ] + (cut - along[i]) / step[i] * (path[i + 1, ] - path[i, ])
  rbind(path[seq_len(i), , drop = FALSE], point, deparse.level = 0)
}

# The triangle of an arrowhead pointing from `base` towards `tip`, `length` long.
arrowhead <- function(base, tip, length) {
  direction <- tip - base
  if (!any(direction != 0)) direction <- c(0, -1)
  direction <- direction / sqrt(sum(direction^2))
  side <- c(-direction[2], direction[1]) * 0.4 * length
  back <- tip - direction * length
  rbind(tip, back + side, back - side, deparse.level = 0)
}
