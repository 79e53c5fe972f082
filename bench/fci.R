# FCI benchmark: learnbn's fci() against pcalg's fci() with disCItest (G2), alpha = 0.05,
# on alarm at 20,000 simulated rows with LVFAILURE, HYPOVOLEMIA and PULMEMBOLUS hidden:
# seconds, tests and whether the two PAGs agree. pcalg (never a dependency) is read from
# PCALG_LIB (default /work/peers-lib); without it only learnbn runs. Run from the package
# root: Rscript bench/fci.R [rows]
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
n <- if (length(args)) as.integer(args[1]) else 20000L
hidden <- c("LVFAILURE", "HYPOVOLEMIA", "PULMEMBOLUS")
fit <- read_bif(file.path(networks, "alarm.bif.gz"))
set.seed(2026)
full <- simulate_data(fit, n)
observed <- setdiff(names(full), hidden)
df <- full[observed]
df <- df[order(names(df))]  # pcalg visits columns in order, learnbn in sorted order
data <- bn_data(df)

rows <- list()
for (threads in 1:2) {
  t <- system.time(g <- fci(data, test = "g2", alpha = 0.05, threads = threads))[["elapsed"]]
  rows[[length(rows) + 1L]] <- data.frame(learner = paste0("learnbn fci (", threads, " thr)"),
                                          seconds = round(t, 2), tests = g$info$n_tests)
  print(rows[[length(rows)]], row.names = FALSE)
}
t <- system.time(r <- rfci(data, test = "g2", alpha = 0.05))[["elapsed"]]
rows[[length(rows) + 1L]] <- data.frame(learner = "learnbn rfci (1 thr)", seconds = round(t, 2),
                                        tests = r$info$n_tests)
truth <- dag_to_pag(fit$graph, latent = hidden)$amat[names(df), names(df)]
same_truth <- sum(g$amat != truth)
pcalg_lib <- Sys.getenv("PCALG_LIB", "/work/peers-lib")
if (requireNamespace("pcalg", lib.loc = pcalg_lib, quietly = TRUE)) {
  codes <- sapply(df, function(x) as.integer(x) - 1L)
  suff <- list(dm = codes, nlev = sapply(df, nlevels), adaptDF = FALSE)
  t <- system.time(p <- pcalg::fci(suff, pcalg::disCItest, alpha = 0.05,
                                   labels = names(df)))[["elapsed"]]
  cat("pcalg fci (disCItest):", round(t, 1), "s\n")
  rows[[length(rows) + 1L]] <- data.frame(learner = "pcalg fci (disCItest)",
                                          seconds = round(t, 2),
                                          tests = sum(p@n.edgetests) + sum(p@n.edgetestsPDSEP))
  cat("marks differing from pcalg's PAG:", sum(g$amat != p@amat[names(df), names(df)]), "\n")
}
cat("marks differing from the true PAG (dag_to_pag):", same_truth, "\n")
print(do.call(rbind, rows), row.names = FALSE)
