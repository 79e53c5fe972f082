# IDA (causal_effect()) side by side with pcalg::ida(): the possible effects of every
# ordered pair of nodes, methods "local" and "global", on pcalg's example data (gmG8 and
# the graph of its pc() run) and on Gaussian data simulated from random networks with the
# CPDAG of the true DAG. Prints one table: pairs, seconds of each and how many pairs get
# the same multiset (to 1e-9); pcalg's global method only on graphs of up to 10 nodes. pcalg is never a dependency: it is read from a private
# library (LEARNBN_PEERS, default /work/peers-lib).
# Run from the package root:
#   Rscript bench/causal-effect.R              the table
#   Rscript bench/causal-effect.R reference    also rewrites tests/testthat/ref/ida_pcalg.txt
suppressPackageStartupMessages(library(learnbn))
peers <- Sys.getenv("LEARNBN_PEERS", "/work/peers-lib")
suppressPackageStartupMessages(library(pcalg, lib.loc = peers))

# pcalg's ida() for every ordered pair by method, as list(x, y, method, effects).
pcalg_all_pairs <- function(covariance, graph, methods = c("local", "global")) {
  p <- ncol(covariance)
  out <- list()
  for (method in methods) for (i in seq_len(p)) for (j in seq_len(p)) if (i != j) {
    effects <- suppressMessages(ida(i, j, covariance, graph, method = method))
    out[[length(out) + 1L]] <- list(x = colnames(covariance)[i], y = colnames(covariance)[j],
                                    method = method, effects = effects)
  }
  out
}

learnbn_all_pairs <- function(g, data, reference) {
  lapply(reference, function(r) causal_effect(g, data, r$x, r$y, method = r$method)$effect)
}

same_multiset <- function(a, b) {
  length(a) == length(b) && (!length(a) || max(abs(sort(a) - sort(b))) < 1e-9)
}

# One case: the covariance, n and learnbn adjacency matrix of a graph, plus the data.
gmg8_case <- function() {
  data("gmG", package = "pcalg", envir = environment())
  x <- gmG8$x
  fit <- pcalg::pc(list(C = cor(x), n = nrow(x)), indepTest = gaussCItest, p = ncol(x),
                   alpha = 0.01, labels = colnames(x))
  amat <- as(fit@graph, "matrix")
  storage.mode(amat) <- "integer"
  list(name = "gmG8 (pcalg's pc)", data = as.data.frame(x), amat = amat)
}

random_case <- function(n_nodes, degree, n, seed) {
  set.seed(seed)
  fit <- random_gaussian_fit(n_nodes, average_degree = degree)
  x <- simulate_data(fit, n)
  amat <- as.matrix(cpdag(fit$graph))
  storage.mode(amat) <- "integer"
  list(name = sprintf("random %d nodes, degree %g, seed %d", n_nodes, degree, seed), data = x,
       amat = amat)
}

cases <- list(gmg8_case(), random_case(10, 3, 1000, 7), random_case(20, 3, 5000, 8),
              random_case(40, 2, 5000, 9))
# pcalg's global method enumerates the class by pdag2allDags(), which took over two minutes
# for one pair of the 20-node case (a class of 48 DAGs): it runs on the small cases only.
pcalg_global_max_nodes <- 10
rows <- list()
reference <- list()
for (case in cases) {
  covariance <- cov(case$data)
  graph <- as(case$amat, "graphNEL")
  data <- bn_data(case$data)
  g <- bn_graph(case$amat)
  for (method in c("local", "global")) {
    peer <- method == "local" || ncol(covariance) <= pcalg_global_max_nodes
    pairs <- which(diag(ncol(covariance)) == 0, arr.ind = TRUE)[, 2:1]
    ref <- lapply(seq_len(nrow(pairs)), function(k) {
      list(x = colnames(covariance)[pairs[k, 1]], y = colnames(covariance)[pairs[k, 2]],
           method = method)
    })
    pcalg_time <- NA_real_
    if (peer) {
      pcalg_time <- system.time(ref <- pcalg_all_pairs(covariance, graph, method))[["elapsed"]]
    }
    ours_time <- system.time(ours <- learnbn_all_pairs(g, data, ref))[["elapsed"]]
    same <- if (peer) sum(mapply(function(a, r) same_multiset(a, r$effects), ours, ref)) else NA
    rows[[length(rows) + 1L]] <- data.frame(
      case = case$name, method = method, pairs = length(ref), same_multiset = same,
      learnbn_s = round(ours_time, 2), pcalg_s = round(pcalg_time, 2))
    cat(case$name, method, "done\n", file = stderr())
  }
  if (length(reference) < 2L) {
    reference[[length(reference) + 1L]] <- list(cov = covariance, n = nrow(case$data),
                                                amat = case$amat,
                                                ida = pcalg_all_pairs(covariance, graph))
  }
}
print(do.call(rbind, rows), row.names = FALSE)

if ("reference" %in% commandArgs(trailingOnly = TRUE)) {
  names(reference) <- c("gmG8", "random10")
  dput(reference, file = "tests/testthat/ref/ida_pcalg.txt",
       control = c("keepNA", "keepInteger", "niceNames", "showAttributes", "digits17"))
}
