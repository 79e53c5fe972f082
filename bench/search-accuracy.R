# Accuracy of the permutation searches (issue 36) next to the classic learners. Run from
# the package root:
#   Rscript bench/search-accuracy.R accuracy [network ...]   # discrete, BDeu iss 1
#   Rscript bench/search-accuracy.R defaults [network ...]   # boss()'s restarts and bes
#   Rscript bench/search-accuracy.R gaussian [p ...]         # Erdos-Renyi, BIC
#   Rscript bench/search-accuracy.R scale [gaussian|munin]   # boss() time on 1,000 nodes
#   Rscript bench/search-accuracy.R diagnose [network ...]   # search or score? (below)
#   Rscript bench/search-accuracy.R diagnose-gaussian [p ...]
# (LEARNBN_NETWORKS: folder of the .bif.gz files; LEARNBN_REPS: data sets per case.)
# accuracy: 5,000 rows from each network, columns shuffled; per learner the median over
# the data sets of the SHD between the learned and the true CPDAG, of the score minus
# the true network's and of the seconds (elapsed and CPU), and on how many data sets the
# score reached the true network's. defaults: the same for boss()'s restarts and bes,
# next to the other learners, all on one thread. gaussian: the design of causal-learn's
# BOSS test (n = 1000, coefficients 0.5 U(-1, 1), unit noise, variables in random
# order); mean adjacency precision / recall and arrowhead precision of the CPDAG over the
# repetitions.
suppressPackageStartupMessages(library(learnbn))
options(width = 150)  # the tables on one line each
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
what <- if (length(args)) args[1] else "accuracy"
chosen <- args[-1]
reps <- as.integer(Sys.getenv("LEARNBN_REPS", "3"))

source("bench/timed.R")  # timed(): CPU and elapsed seconds, repeated to a second of CPU
timed_once <- function(expr) {
  secs <- system.time(value <- tryCatch(expr, error = function(e) e))[["elapsed"]]
  list(value = value, secs = secs)
}

# A DAG of the learned class, for scoring (pc's PDAG may have no consistent extension).
member_dag <- function(g) {
  if (g$type == "dag") return(g)
  tryCatch(pdag_to_dag(g), error = function(e) NULL)
}

# boss() ends its runs with BES by default ("boss"; "no bes": bes = FALSE).
accuracy_learners <- list(
    boss = function(d) boss(d, score = "bdeu", iss = 1),
    "boss no bes" = function(d) boss(d, score = "bdeu", iss = 1, bes = FALSE),
    "boss 5 starts" = function(d) boss(d, score = "bdeu", iss = 1, restarts = 4),
    "boss 5 starts no bes" = function(d) boss(d, score = "bdeu", iss = 1, restarts = 4,
                                              bes = FALSE),
    grasp = function(d) grasp(d, score = "bdeu", iss = 1),
    hill_climb = function(d) hill_climb(d, score = "bdeu", iss = 1),
    tabu_search = function(d) tabu_search(d, score = "bdeu", iss = 1),
    ges = function(d) ges(d, score = "bdeu", iss = 1),
    "boss from ges" = function(d) boss(d, score = "bdeu", iss = 1, start = ges_class(d)),
    pc = function(d) suppressWarnings(pc(d, alpha = 0.01)))

# boss()'s defaults (issue 36): BES, the run from GES's result (ges_start) and restarts
# against ges and hill_climb, one thread each so that the CPU seconds compare.
bdeu_boss <- function(...) function(d) boss(d, score = "bdeu", iss = 1, threads = 1, ...)
defaults_learners <- c(
  list("boss no bes" = bdeu_boss(bes = FALSE, ges_start = FALSE),
       "boss no bes restarts 2" = bdeu_boss(bes = FALSE, ges_start = FALSE, restarts = 2),
       "boss bes" = bdeu_boss(bes = TRUE, ges_start = FALSE),
       "boss bes restarts 2" = bdeu_boss(bes = TRUE, ges_start = FALSE, restarts = 2),
       "boss ges_start, no bes" = bdeu_boss(bes = FALSE, ges_start = TRUE),
       "boss bes ges_start (default)" = bdeu_boss()),
  setNames(lapply(1:2, function(k) bdeu_boss(restarts = k)),
           paste("boss bes ges_start restarts", 1:2)),
  list(ges = function(d) ges(d, score = "bdeu", iss = 1, threads = 1),
       hill_climb = function(d) hill_climb(d, score = "bdeu", iss = 1, threads = 1),
       tabu_search = function(d) tabu_search(d, score = "bdeu", iss = 1, threads = 1),
       pc = function(d) suppressWarnings(pc(d, alpha = 0.01, threads = 1))))

accuracy_table <- function(names, learners = accuracy_learners) {
  rows <- list()
  for (name in names) {
    fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
    true_cpdag <- cpdag(fit$graph)
    res <- list()
    for (r in seq_len(reps)) {
      set.seed(r)
      raw <- simulate_data(fit, 5000)
      d <- bn_data(raw[sample(ncol(raw))])
      true_score <- network_score(fit$graph, d, score = "bdeu", iss = 1)
      for (l in names(learners)) {
        run <- tryCatch(timed(function() {
          set.seed(r)  # the same graph on every repetition
          learners[[l]](d)
        }), error = function(e) list(value = e, elapsed = NA, cpu = NA))
        g <- run$value
        if (inherits(g, "error")) {
          res[[l]] <- rbind(res[[l]], c(NA, NA, run$elapsed, run$cpu))
          message(name, " ", l, ": ", conditionMessage(g))
          next
        }
        dag <- member_dag(g)
        gap <- if (is.null(dag)) NA else network_score(dag, d, score = "bdeu", iss = 1) - true_score
        klass <- if (g$type == "dag") cpdag(g) else g
        res[[l]] <- rbind(res[[l]], c(shd(klass, true_cpdag), gap, run$elapsed, run$cpu))
      }
    }
    for (l in names(learners)) {
      m <- res[[l]]
      rows[[length(rows) + 1]] <- data.frame(
        network = name, learner = l, shd = median(m[, 1]), gap = round(median(m[, 2]), 1),
        reached_true = paste0(sum(m[, 2] >= -1e-6, na.rm = TRUE), "/", nrow(m)),
        seconds = round(median(m[, 3]), 3), cpu = round(median(m[, 4]), 3))
    }
    print(do.call(rbind, rows[seq(length(rows) - length(learners) + 1, length(rows))]),
          row.names = FALSE)
  }
  do.call(rbind, rows)
}

ges_class <- function(d) ges(d, score = "bdeu", iss = 1)

# Is boss() behind because it finds lower scores (search) or because the best-scoring
# graphs are farther from the truth (score)? Per data set, score minus the true network's
# and SHD to the true CPDAG of boss() from a random order, from ges()'s class and from the
# true DAG (its order: the graphs the score prefers near the truth), next to ges().
diagnose <- function(names) {
  for (name in names) {
    fit <- read_bif(file.path(networks, paste0(name, ".bif.gz")))
    true_cpdag <- cpdag(fit$graph)
    for (r in seq_len(reps)) {
      set.seed(r)
      raw <- simulate_data(fit, 5000)
      d <- bn_data(raw[sample(ncol(raw))])
      gap <- function(g) network_score(g, d, score = "bdeu", iss = 1) -
        network_score(fit$graph, d, score = "bdeu", iss = 1)
      starts <- list(boss = NULL, "boss from ges" = ges_class(d), "boss from truth" = fit$graph)
      out <- vapply(starts, function(s) {
        set.seed(r)
        g <- boss(d, score = "bdeu", iss = 1, start = s, bes = FALSE,  # sweeps alone
                  ges_start = FALSE)
        c(gap(g), shd(cpdag(g), true_cpdag))
      }, numeric(2))
      g <- ges(d, score = "bdeu", iss = 1)
      out <- cbind(out, ges = c(gap(pdag_to_dag(g)), shd(g, true_cpdag)))
      cat(name, "data set", r, "\n")
      print(data.frame(gap = round(out[1, ], 1), shd = out[2, ]))
    }
  }
}

# causal-learn's simulate_data(p, d, n): a DAG with round(d * p (p - 1) / 2) arcs forward
# in a random order, coefficients 0.5 U(-1, 1), unit noise.
er_gaussian <- function(p, density, n) {
  pe <- p * (p - 1) / 2
  ne <- as.integer(density * pe)
  weights <- sample(c(rep(0, pe - ne), 0.5 * runif(ne, -1, 1)))
  B <- matrix(0, p, p)
  B[upper.tri(B)] <- weights  # B[j, i]: j -> i for j < i
  X <- matrix(rnorm(n * p), n, p)
  for (i in seq_len(p)) for (j in which(B[, i] != 0)) X[, i] <- X[, i] + B[j, i] * X[, j]
  pi <- sample(p)
  names <- paste0("X", seq_len(p))
  amat <- (B != 0)[pi, pi] * 1L
  dimnames(amat) <- list(names, names)
  X <- X[, pi]
  colnames(X) <- names
  dag <- learnbn:::new_bn_graph(amat, "dag")
  list(truth = cpdag(dag), dag = dag, coef = abs(B[pi, pi][amat == 1]),
       rho = abs(arc_partials(B)[pi, pi][amat == 1]), data = bn_data(as.data.frame(X)))
}

# R[j, i]: for each arc j -> i of B, the population partial correlation of j and i given
# i's other parents (unit noise: covariance A A' with A = (I - B')^-1). An arc adds about
# -n log(1 - R^2) to twice the log-likelihood, so BIC with discount d can find it only if
# that exceeds d log n: |R| > detectable(d, n).
arc_partials <- function(B) {
  A <- solve(diag(nrow(B)) - t(B))
  S <- A %*% t(A)
  R <- B * 0
  for (i in seq_len(nrow(B))) for (j in which(B[, i] != 0)) {
    v <- c(i, which(B[, i] != 0))
    P <- solve(S[v, v])
    k <- match(j, v)
    R[j, i] <- -P[1, k] / sqrt(P[1, 1] * P[k, k])
  }
  R
}
detectable <- function(discount, n) sqrt(1 - exp(-discount * log(n) / n))

class_metrics <- function(est, truth) {
  a <- as.matrix(est)
  t <- as.matrix(truth)
  adj_a <- (a + t(a)) > 0
  adj_t <- (t + t(t)) > 0
  up <- upper.tri(adj_a)
  head_a <- a == 1 & t(a) == 0
  head_t <- t == 1 & t(t) == 0
  c(ap = sum(adj_a & adj_t & up) / max(1, sum(adj_a & up)),
    ar = sum(adj_a & adj_t & up) / max(1, sum(adj_t & up)),
    ahp = sum(head_a & head_t) / max(1, sum(head_a)))
}

gaussian_table <- function(ps) {
  learners <- list(
    "boss bic x2" = function(d) boss(d, score = bn_score("bic", penalty_discount = 2)),
    "boss bic x3" = function(d) boss(d, score = bn_score("bic", penalty_discount = 3)),
    "boss bic x4" = function(d) boss(d, score = bn_score("bic", penalty_discount = 4)),
    "boss bic x2 no bes" = function(d) boss(d, score = bn_score("bic", penalty_discount = 2),
                                            bes = FALSE),
    "boss bic x2 no ges_start" = function(d) boss(d, score = bn_score("bic", penalty_discount = 2),
                                                  ges_start = FALSE),
    "grasp bic x2" = function(d) grasp(d, score = bn_score("bic", penalty_discount = 2)),
    ges = function(d) ges(d, score = "bic"),
    pc = function(d) suppressWarnings(pc(d, alpha = 0.01)),
    hill_climb = function(d) hill_climb(d, score = "bic"))
  rows <- list()
  for (p in ps) for (density in c(0.1, 0.15)) {
    m <- list()
    for (r in seq_len(5)) {
      set.seed(100 * p + r)
      sim <- er_gaussian(p, density, 1000)
      for (l in names(learners)) {
        run <- timed_once(learners[[l]](sim$data))
        g <- run$value
        klass <- if (g$type == "dag") cpdag(g) else g
        m[[l]] <- rbind(m[[l]], c(class_metrics(klass, sim$truth), secs = run$secs))
      }
    }
    for (l in names(learners)) {
      avg <- colMeans(m[[l]])
      rows[[length(rows) + 1]] <- data.frame(p = p, density = density, learner = l,
                                             adj_precision = round(avg[["ap"]], 3),
                                             adj_recall = round(avg[["ar"]], 3),
                                             arrow_precision = round(avg[["ahp"]], 3),
                                             seconds = round(avg[["secs"]], 2))
    }
    print(do.call(rbind, rows[seq(length(rows) - length(learners) + 1, length(rows))]),
          row.names = FALSE)
  }
  do.call(rbind, rows)
}

# boss() on the Gaussian design, search or score? Means over the 5 data sets of its score
# minus the true DAG's, of whether it is at least the true DAG's, of its adjacency recall
# and arrowhead precision, each also for boss() started from the true DAG, the share of
# true arcs with a coefficient under 0.1 in size, the share of true arcs the score can
# detect (arc_partials()) and boss()'s adjacency recall of those.
diagnose_gaussian <- function(ps) {
  for (p in ps) for (density in c(0.1, 0.15)) for (discount in 2:4) {
    out <- NULL
    for (r in seq_len(5)) {
      set.seed(100 * p + r)
      sim <- er_gaussian(p, density, 1000)
      s <- bn_score("bic", penalty_discount = discount)
      truth <- network_score(sim$dag, sim$data, score = s)
      g <- boss(sim$data, score = s, bes = FALSE)  # sweeps alone
      from_truth <- boss(sim$data, score = s, start = sim$dag, bes = FALSE, ges_start = FALSE)
      found <- class_metrics(cpdag(g), sim$truth)
      near <- class_metrics(cpdag(from_truth), sim$truth)
      a <- as.matrix(g)
      adjacent <- ((a + t(a)) > 0)[as.matrix(sim$dag) == 1]  # the true arcs, in rho's order
      can <- sim$rho > detectable(discount, 1000)
      out <- rbind(out, c(gap = g$score - truth, gap_from_truth = from_truth$score - truth,
                          above_truth = g$score >= truth - 1e-6,
                          recall = found[["ar"]], recall_from_truth = near[["ar"]],
                          arrows = found[["ahp"]], arrows_from_truth = near[["ahp"]],
                          weak_arcs = mean(sim$coef < 0.1), detectable = mean(can),
                          recall_detectable = mean(adjacent[can])))
    }
    print(data.frame(p = p, density = density, discount = discount, t(round(colMeans(out), 3))),
          row.names = FALSE)
  }
}

scale_lines <- function(which) {
  if ("gaussian" %in% which) {
    set.seed(1)
    fit <- random_gaussian_fit(1000, average_degree = 4)
    d <- bn_data(simulate_data(fit, 1000))
    run <- timed_once(boss(d, score = bn_score("bic", penalty_discount = 2), threads = 1))
    cat(sprintf("1,000-node Gaussian, n = 1000: boss %.1f s, SHD to the true CPDAG %d\n",
                run$secs, shd(cpdag(run$value), cpdag(fit$graph))))
  }
  if ("munin" %in% which) {
    set.seed(1)
    fit <- read_bif(file.path(networks, "munin.bif.gz"))
    raw <- simulate_data(fit, 10000)
    d <- bn_data(raw[sample(ncol(raw))])
    run <- timed_once(boss(d, score = "bdeu", iss = 1, threads = 1))
    true_score <- network_score(fit$graph, d, score = "bdeu", iss = 1)
    cat(sprintf("munin, 10,000 rows, BDeu: boss %.1f s, score - true %.1f, SHD %d\n",
                run$secs, run$value$score - true_score,
                shd(cpdag(run$value), cpdag(fit$graph))))
  }
}

all_networks <- c("alarm", "insurance", "child", "hailfinder", "win95pts", "andes")
switch(what,
       accuracy = accuracy_table(if (length(chosen)) chosen else all_networks),
       defaults = accuracy_table(if (length(chosen)) chosen else all_networks,
                                 defaults_learners),
       gaussian = gaussian_table(if (length(chosen)) as.integer(chosen) else c(30, 60)),
       scale = scale_lines(if (length(chosen)) chosen else c("gaussian", "munin")),
       diagnose = diagnose(if (length(chosen)) chosen else c("hailfinder", "win95pts", "andes")),
       "diagnose-gaussian" = diagnose_gaussian(if (length(chosen)) as.integer(chosen) else 30))
