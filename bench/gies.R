# gies() beside pcalg's gies() on Gaussian data with interventions: random DAGs on p
# nodes (arcs i -> j, i < j, with probability 3 / p; weights +-[0.5, 1.5]), observational
# rows plus a block of rows for each of several single-node targets set to N(2, 1).
# learnbn's BIC is pcalg's GaussL0penIntScore up to a constant per node; learnbn runs
# GIES's forward and backward phases, so pcalg is run with both its defaults (turning
# phase, iterated) and with phase = c("forward", "backward"), iterate = FALSE. Seconds
# (summed over the replicates) and how many essential graphs are identical. Run from the
# package root:  Rscript bench/gies.R   (LEARNBN_PCALG_LIB: library with pcalg,
# ../peers-lib by default)
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

settings <- data.frame(p = c(10, 20, 40), n_obs = c(1000, 2000, 4000), n_int = c(200, 300, 300),
                       n_targets = c(3, 5, 8), replicates = c(20, 10, 5))
rows <- list()
for (s in seq_len(nrow(settings))) {
  cfg <- settings[s, ]
  set.seed(s)
  time <- c(learnbn = 0, pcalg = 0, pcalg_fb = 0)
  same <- c(pcalg = 0, pcalg_fb = 0)
  for (r in seq_len(cfg$replicates)) {
    sim <- simulate(cfg$p, cfg$n_obs, cfg$n_int, cfg$n_targets)
    nodes <- colnames(sim$x)
    time[["learnbn"]] <- time[["learnbn"]] + system.time({
      g <- gies(bn_data(as.data.frame(sim$x), interventions = sim$sets), score = "bic")
    })[["elapsed"]]
    m <- as.matrix(g)
    storage.mode(m) <- "integer"
    score <- methods::new("GaussL0penIntScore", sim$x, sim$targets, sim$index)
    time[["pcalg"]] <- time[["pcalg"]] + system.time(full <- pcalg::gies(score))[["elapsed"]]
    time[["pcalg_fb"]] <- time[["pcalg_fb"]] + system.time({
      fb <- pcalg::gies(score, phase = c("forward", "backward"), iterate = FALSE)
    })[["elapsed"]]
    same[["pcalg"]] <- same[["pcalg"]] + identical(m, essential_matrix(full, nodes))
    same[["pcalg_fb"]] <- same[["pcalg_fb"]] + identical(m, essential_matrix(fb, nodes))
  }
  rows[[s]] <- data.frame(p = cfg$p, rows = cfg$n_obs + cfg$n_targets * cfg$n_int,
                          targets = cfg$n_targets, replicates = cfg$replicates,
                          learnbn_s = time[["learnbn"]], pcalg_s = time[["pcalg"]],
                          pcalg_fb_s = time[["pcalg_fb"]], same_as_pcalg = same[["pcalg"]],
                          same_as_pcalg_fb = same[["pcalg_fb"]])
}
print(do.call(rbind, rows), row.names = FALSE)
