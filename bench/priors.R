# Structure priors in a hill climb (BDeu, iss 1) on data simulated from reference
# networks: the uniform prior, per-arc beliefs (every true arc believed with 0.7, as many
# absent pairs given 0.05 each way) and the prior network's penalty (the true network
# less half its arcs, kappa = 0.1). Seconds, score (prior included), arcs and SHD between
# the learned and true CPDAGs; bnlearn 4.9's hc() beside it for the uniform prior and its
# "cs" prior with the same beliefs (it has no deviation penalty). Run from the package root:
#   Rscript bench/priors.R [network ...]   (LEARNBN_NETWORKS: folder of the .bif.gz files;
#   LEARNBN_BNLEARN_LIB: library with bnlearn, ../anchor-lib by default)
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
bnlearn_lib <- Sys.getenv("LEARNBN_BNLEARN_LIB", "../anchor-lib")
has_bnlearn <- requireNamespace("bnlearn", lib.loc = bnlearn_lib, quietly = TRUE)
cases <- c(alarm = 20000, insurance = 20000, hailfinder = 20000)
chosen <- commandArgs(trailingOnly = TRUE)
if (length(chosen)) cases <- cases[chosen]

# Beliefs: 0.7 for each true arc, 0.05 both ways for as many pairs with no arc.
true_beliefs <- function(truth) {
  amat <- as.matrix(truth)
  arcs <- which(amat == 1, arr.ind = TRUE)
  nodes <- colnames(amat)
  absent <- which(amat == 0 & t(amat) == 0 & upper.tri(amat), arr.ind = TRUE)
  absent <- absent[sample(nrow(absent), min(nrow(arcs), nrow(absent))), , drop = FALSE]
  data.frame(from = nodes[c(arcs[, 1], absent[, 1], absent[, 2])],
             to = nodes[c(arcs[, 2], absent[, 2], absent[, 1])],
             prob = c(rep(0.7, nrow(arcs)), rep(0.05, 2 * nrow(absent))))
}

rows <- list()
for (name in names(cases)) {
  set.seed(1)
  fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
  raw <- simulate_data(fit, cases[[name]])
  raw <- raw[sample(ncol(raw))]
  data <- bn_data(raw)
  truth <- fit$graph
  beliefs <- true_beliefs(truth)
  half <- truth
  drop <- which(as.matrix(truth) == 1, arr.ind = TRUE)
  drop <- drop[sample(nrow(drop), nrow(drop) %/% 2), , drop = FALSE]
  for (k in seq_len(nrow(drop))) {
    half <- remove_arc(half, colnames(half$amat)[drop[k, 1]], colnames(half$amat)[drop[k, 2]])
  }
  scores <- list(uniform = bn_score("bdeu"),
                 beliefs = bn_score("bdeu", prior = "beliefs", beliefs = beliefs),
                 network = bn_score("bdeu", prior = "network", prior_graph = half, kappa = 0.1))
  for (prior in names(scores)) {
    secs <- system.time(g <- hill_climb(data, scores[[prior]], threads = 1))[["elapsed"]]
    rows[[length(rows) + 1]] <- data.frame(
      network = name, prior = prior, package = "learnbn", seconds = secs,
      score = round(g$score, 2), arcs = nrow(arcs(g)), shd = shd(cpdag(g), cpdag(truth)))
    if (has_bnlearn && prior != "network") {
      args <- list(x = raw, score = "bde", iss = 1)
      if (prior == "beliefs") args <- c(args, prior = "cs", list(beta = beliefs))
      secs <- system.time(b <- do.call(bnlearn::hc, args))[["elapsed"]]
      gb <- bn_graph_from_string(bnlearn::modelstring(b))
      rows[[length(rows) + 1]] <- data.frame(
        network = name, prior = prior, package = "bnlearn", seconds = secs,
        score = round(network_score(gb, data, scores[[prior]]), 2), arcs = nrow(arcs(gb)),
        shd = shd(cpdag(gb), cpdag(truth)))
    }
  }
}
print(do.call(rbind, rows), row.names = FALSE)
