# query(method = "lw") on CLG fits: CPU and wall time of likelihood weighting with
# n = 1e5 samples on random 20- and 40-node CLG networks (random_mixed_fit(), average
# degree 3), the target being the continuous node with most ancestors, given the first
# level of the first discrete node; and the answer for a seed (so that two versions can be
# compared for equal results).
# Rscript bench/mixed-query-lw.R
suppressMessages(library(learnbn))
cpu <- function(expr) {
  t <- system.time(expr)
  c(cpu = t[["user.self"]] + t[["sys.self"]], wall = t[["elapsed"]])
}
rows <- list()
for (size in c(20, 40)) {
  set.seed(size)
  fit <- random_mixed_fit(size, average_degree = 3)
  continuous <- names(fit$coefficients)
  discrete <- names(fit$levels)
  target <- continuous[which.max(lengths(lapply(continuous, ancestors, g = fit)))]
  evidence <- list(fit$levels[[discrete[1]]][1])
  names(evidence) <- discrete[1]
  for (k in 1:3) {
    set.seed(1)
    t <- cpu(q <- query(fit, target, evidence = evidence, method = "lw", n = 1e5))
    rows[[length(rows) + 1]] <- data.frame(nodes = size, run = k, cpu = t[["cpu"]],
                                           wall = t[["wall"]], configurations = nrow(q$components),
                                           mean = sprintf("%.15g", q$mean))
  }
}
print(do.call(rbind, rows), row.names = FALSE)
