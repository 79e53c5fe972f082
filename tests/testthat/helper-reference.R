# Plain-R reference implementations, independent of the package's C++ core.

read_reference <- function(name) {
  utils::read.csv(test_path("ref", paste0(name, ".csv.gz")), stringsAsFactors = TRUE)
}

# N_ijk as an r x q matrix (one column per parent configuration, all of them) from a
# data.frame of factors and optional case counts.
ref_counts <- function(df, node, parents = character(), weights = rep(1, nrow(df))) {
  vars <- c(node, parents)
  tab <- stats::xtabs(weights ~ ., data = cbind(df[vars], weights = weights))
  matrix(as.numeric(tab), nrow = nlevels(df[[node]]))
}

# The family score computed from the counts with the textbook formulas.
ref_family_score <- function(N, type, iss = 1, alpha = 1, n = sum(N), joint = NULL) {
  r <- nrow(N)
  q <- ncol(N)
  Nj <- colSums(N)
  loglik <- sum(ifelse(N > 0, N * log(N / rep(Nj, each = r)), 0))
  dirichlet <- function(a) {  # a: r x q matrix of alpha_ijk
    aj <- colSums(a)
    sum(lgamma(aj) - lgamma(aj + Nj)) + sum(lgamma(a + N) - lgamma(a))
  }
  switch(type,
    loglik = loglik,
    aic = loglik - (r - 1) * q,
    bic = loglik - log(n) / 2 * (r - 1) * q,
    k2 = dirichlet(matrix(1, r, q)),
    bd = dirichlet(matrix(alpha, r, q)),
    bdeu = dirichlet(matrix(iss / (r * q), r, q)),
    bde = dirichlet(iss * matrix(joint, r, q)))
}

ref_local_score <- function(df, node, parents, type, ...) {
  ref_family_score(ref_counts(df, node, parents), type, ..., n = nrow(df))
}

# Parents of each node from a model string such as "[A][B|A][C|A:B]".
ref_parents <- function(model) {
  blocks <- regmatches(model, gregexpr("\\[[^]]*\\]", model))[[1]]
  blocks <- gsub("^\\[|\\]$", "", blocks)
  nodes <- sub("\\|.*$", "", blocks)
  parents <- lapply(strsplit(blocks, "|", fixed = TRUE), function(x) {
    if (length(x) < 2) character() else strsplit(x[2], ":", fixed = TRUE)[[1]]
  })
  stats::setNames(parents, nodes)
}

ref_network_score <- function(df, model, type, ...) {
  parents <- ref_parents(model)
  sum(vapply(names(parents), function(v) ref_local_score(df, v, parents[[v]], type, ...),
             numeric(1)))
}

# Family score counting only the observed parent configurations (keys pasted in R);
# q is still the number of all configurations.
ref_sparse_score <- function(df, node, parents, type, iss = 1) {
  key <- do.call(paste, c(df[parents], sep = "\r"))
  N <- unclass(table(df[[node]], factor(key)))
  q <- prod(vapply(df[parents], nlevels, numeric(1)))
  r <- nrow(N)
  Nj <- colSums(N)
  loglik <- sum(ifelse(N > 0, N * log(N / rep(Nj, each = r)), 0))
  a <- switch(type, k2 = 1, bdeu = iss / (r * q), NA)
  switch(type,
    loglik = loglik, aic = loglik - (r - 1) * q, bic = loglik - log(nrow(df)) / 2 * (r - 1) * q,
    sum(lgamma(r * a) - lgamma(r * a + Nj)) + sum(lgamma(a + N) - lgamma(a)),
    bd = sum(lgamma(r) - lgamma(r + Nj)) + sum(lgamma(1 + N) - lgamma(1)))
}

# A bn_fit with random (or uniform) CPTs on the variables of `data`, built by hand.
random_fit <- function(data, model, seed, uniform = FALSE) {
  set.seed(seed)
  g <- bn_graph_from_string(model)
  parents <- ref_parents(model)
  levels <- data$levels[names(parents)]
  cpts <- lapply(names(parents), function(v) {
    vars <- c(v, parents[[v]])
    dims <- lengths(levels[vars])
    p <- if (uniform) array(1, dims) else array(stats::rgamma(prod(dims), 2), dims)
    if (length(dims) == 1L) p <- p / sum(p)
    else p <- sweep(p, seq_along(dims)[-1], apply(p, seq_along(dims)[-1], sum), "/")
    array(p, dims, dimnames = levels[vars])
  })
  structure(list(graph = g, levels = levels, cpts = stats::setNames(cpts, names(parents)),
                 method = "bayes", iss = 1), class = "bn_fit")
}

# The full joint distribution of a small bn_fit by multiplying CPT entries on the grid.
brute_force_joint <- function(fit) {
  levels <- fit$levels
  grid <- expand.grid(lapply(levels, seq_along))
  p <- rep(1, nrow(grid))
  for (v in names(fit$cpts)) {
    cpt <- fit$cpts[[v]]
    p <- p * cpt[as.matrix(grid[names(dimnames(cpt))])]
  }
  array(p, lengths(levels), dimnames = levels)
}

# Every DAG on `nodes` as a list of adjacency matrices (543 for 4 nodes).
brute_force_dags <- function(nodes) {
  n <- length(nodes)
  pairs <- which(upper.tri(diag(n)), arr.ind = TRUE)
  states <- as.matrix(expand.grid(rep(list(0:2), nrow(pairs))))
  dags <- lapply(seq_len(nrow(states)), function(s) {
    a <- matrix(0L, n, n, dimnames = list(nodes, nodes))
    a[pairs[states[s, ] == 1, , drop = FALSE]] <- 1L
    a[pairs[states[s, ] == 2, 2:1, drop = FALSE]] <- 1L
    a
  })
  Filter(plain_acyclic, dags)
}

# Scores of DAG adjacency matrices from the reference family scores (memoised).
brute_force_scorer <- function(df, type) {
  memo <- new.env()
  function(a) {
    sum(vapply(colnames(a), function(v) {
      parents <- rownames(a)[a[, v] == 1L]
      key <- paste(v, paste(parents, collapse = ","))
      if (is.null(memo[[key]])) memo[[key]] <- ref_local_score(df, v, parents, type)
      memo[[key]]
    }, numeric(1)))
  }
}

# Whether an adjacency matrix (any nonzero entry an arc) has no directed cycle, in plain
# R: repeatedly removes the nodes without outgoing arcs, independently of the core's
# topological order.
plain_acyclic <- function(amat) {
  while (nrow(amat)) {
    sinks <- rowSums(amat != 0) == 0
    if (!any(sinks)) return(FALSE)
    amat <- amat[!sinks, !sinks, drop = FALSE]
  }
  TRUE
}

# The asia network, and P(target | evidence) from its full joint as query() lays it
# out (test-fit-query.R, test-fit-predict.R).
asia_fit <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))

ref_query <- function(fit, target, evidence) {
  joint <- brute_force_joint(fit)
  nodes <- names(fit$levels)
  keep <- lapply(fit$levels, function(l) rep(TRUE, length(l)))
  for (node in names(evidence)) keep[[node]] <- fit$levels[[node]] == evidence[[node]]
  sliced <- do.call(`[`, c(list(joint), keep, list(drop = FALSE)))
  margin <- apply(sliced, match(target, nodes), sum)
  as.vector(margin / sum(margin))
}
