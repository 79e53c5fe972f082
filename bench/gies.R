# gies() beside pcalg's gies() on Gaussian data with interventions: random DAGs on p
# nodes (arcs i -> j, i < j, with probability 3 / p; weights +-[0.5, 1.5]), observational
# rows plus a block of rows for each of several single-node targets set to N(2, 1).
# learnbn's BIC is pcalg's GaussL0penIntScore up to a constant per node. Both run with
# their defaults (forward, backward and turning phases, iterated) and with
# phases = c("forward", "backward"), iterate = FALSE (pcalg: phase =, iterate =). CPU
# seconds (user + sys, summed over the replicates) and how many essential graphs are
# identical. Run from the package root:  Rscript bench/gies.R   (LEARNBN_PCALG_LIB:
# library with pcalg, ../peers-lib by default)
suppressPackageStartupMessages(library(learnbn))
pcalg_lib <- Sys.getenv("LEARNBN_PCALG_LIB", "../peers-lib")
suppressPackageStartupMessages(loadNamespace("pcalg", lib.loc = pcalg_lib))
suppressPackageStartupMessages(library(methods))

simulate <- function(p, n_obs, n_int, n_targets) {
  w <- matrix(0, p, p)
  k <- p * (p - 1) / 2
  w[upper.tri(w)] <- ifelse(runif(k) < 3 / p, runif(k, 0.5, 1.5) * sample(c(-1, 1), k, TRUE), 0)
  targets <- sort(sample(p, n_targets))
  draw <- function(n, target) {
    x <- matrix(0, n, p)
    for (j in seq_len(p)) x[, j] <- if (j %in% target) rnorm(n, 2) else x %*% w[, j] + rnorm(n)
    x
  }
  x <- draw(n_obs, integer())
  index <- rep(1L, n_obs)
  for (t in seq_along(targets)) {
    x <- rbind(x, draw(n_int, targets[t]))
    index <- c(index, rep(t + 1L, n_int))
  }
  colnames(x) <- paste0("X", seq_len(p))
  list(x = x, targets = c(list(integer(0)), as.list(targets)), index = index,
       sets = stats::setNames(lapply(seq_along(targets), function(t) which(index == t + 1L)),
                              paste0("X", targets)))
}

essential_matrix <- function(fit, nodes) {
  a <- methods::as(fit$essgraph, "matrix")
  a[] <- as.integer(a)
  dimnames(a) <- list(nodes, nodes)
  a
}

cpu <- function(expr) {
  start <- proc.time()
  force(expr)
  used <- proc.time() - start
  used[["user.self"]] + used[["sys.self"]]
}

settings <- data.frame(p = c(7, 10, 20, 40, 80), n_obs = c(600, 1000, 2000, 4000, 8000),
                       n_int = c(200, 200, 300, 300, 300), n_targets = c(2, 3, 5, 8, 10),
                       replicates = c(50, 20, 10, 5, 3))
rows <- list()
for (s in seq_len(nrow(settings))) {
  cfg <- settings[s, ]
  set.seed(s)
  time <- c(learnbn = 0, pcalg = 0, learnbn_fb = 0, pcalg_fb = 0)
  same <- c(default = 0, fb = 0)
  turned <- 0  # data sets where pcalg's default and forward-backward graphs differ
  for (r in seq_len(cfg$replicates)) {
    sim <- simulate(cfg$p, cfg$n_obs, cfg$n_int, cfg$n_targets)
    nodes <- colnames(sim$x)
    d <- bn_data(as.data.frame(sim$x[, sample(cfg$p)]), interventions = sim$sets)
    learn <- function(...) {
      m <- as.matrix(gies(d, score = "bic", ...))[nodes, nodes]
      storage.mode(m) <- "integer"
      m
    }
    score <- methods::new("GaussL0penIntScore", sim$x, sim$targets, sim$index)
    time[["learnbn"]] <- time[["learnbn"]] + cpu(m <- learn())
    time[["pcalg"]] <- time[["pcalg"]] + cpu(full <- pcalg::gies(score))
    time[["learnbn_fb"]] <- time[["learnbn_fb"]] +
      cpu(m_fb <- learn(phases = c("forward", "backward"), iterate = FALSE))
    time[["pcalg_fb"]] <- time[["pcalg_fb"]] +
      cpu(fb <- pcalg::gies(score, phase = c("forward", "backward"), iterate = FALSE))
    same[["default"]] <- same[["default"]] + identical(m, essential_matrix(full, nodes))
    same[["fb"]] <- same[["fb"]] + identical(m_fb, essential_matrix(fb, nodes))
    turned <- turned + !identical(essential_matrix(full, nodes), essential_matrix(fb, nodes))
  }
  cat(sprintf(paste("p = %d: identical to pcalg default gies() on %d of %d data sets",
                    "(%d where its turning phase or iterations change the graph)\n"),
              cfg$p, same[["default"]], cfg$replicates, turned))
  rows[[s]] <- data.frame(p = cfg$p, rows = cfg$n_obs + cfg$n_targets * cfg$n_int,
                          targets = cfg$n_targets, replicates = cfg$replicates,
                          learnbn_s = time[["learnbn"]], pcalg_s = time[["pcalg"]],
                          same = same[["default"]], learnbn_fb_s = time[["learnbn_fb"]],
                          pcalg_fb_s = time[["pcalg_fb"]], same_fb = same[["fb"]])
}
print(do.call(rbind, rows), row.names = FALSE, digits = 3)
