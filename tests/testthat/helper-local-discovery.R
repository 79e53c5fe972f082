# 2,000 rows simulated from child (shipped in inst/extdata), columns in the order of
# their names: bnlearn 4.9's local discovery visits the columns in their order and
# learnbn in the order of the names, so on these columns both run the same tests (GS's
# result depends on that order). The references in test-mmpc.R, test-gs.R, ... were
# computed once by bnlearn 4.9 on this data set.
local_child_data <- local({
  cached <- NULL
  function() {
    if (is.null(cached)) {
      fit <- read_bif(system.file("extdata", "child.bif", package = "learnbn"))
      d <- withr::with_seed(36, simulate_data(fit, 2000))
      cached <<- bn_data(d[order(names(d), method = "radix")])
    }
    cached
  }
})

# The undirected edges of a graph as "A~B" strings, A before B in radix order.
skeleton_strings <- function(g) {
  a <- as.matrix(g)
  w <- which((a | t(a)) & upper.tri(a), arr.ind = TRUE)
  canonical_edges(paste(rownames(a)[w[, 1]], rownames(a)[w[, 2]], sep = "~"))
}

canonical_edges <- function(edges) {
  vapply(strsplit(edges, "~", fixed = TRUE),
         function(p) paste(sort(p, method = "radix"), collapse = "~"), character(1))
}
