# Recovery of conditional linear Gaussian networks (issue 35): data simulated from random
# CLG networks of 20 and 50 nodes (random_mixed_fit(): half discrete with 2-3 states,
# average degree 2, seeds 20 and 50), 1,000, 10,000 and 100,000 rows, columns shuffled;
# per learner the SHD between the CPDAG of the learned graph and the true CPDAG (mean over
# LEARNBN_REPS data sets), its missing and extra adjacencies, CPU seconds (user + sys),
# for the searches the BIC of the result minus that of the true DAG (below 0: the search
# stopped in a local optimum), and for pc() the tests a singular model decided
# (statistic 0: a configuration with no more cases than coefficients, see ?ci_test).
# ges() refuses mixed data (CLG scores are not score equivalent and forbid arcs from
# continuous to discrete nodes): its row reports the error class.
# Run from the package root:  Rscript bench/mixed-recovery.R [nodes ...]
#   LEARNBN_REPS: data sets per case (default 2); LEARNBN_ROWS: row counts (default
#   "1000,10000,100000").
suppressPackageStartupMessages(library(learnbn))
args <- as.integer(commandArgs(trailingOnly = TRUE))
sizes <- if (length(args)) args else c(20L, 50L)
reps <- as.integer(Sys.getenv("LEARNBN_REPS", "2"))
rows <- as.numeric(strsplit(Sys.getenv("LEARNBN_ROWS", "1000,10000,100000"), ",")[[1]])
options(width = 200)

learners <- list(
  hill_climb = function(d) hill_climb(d),
  tabu_search = function(d) tabu_search(d),
  # bnlearn's rule for conflicting immoralities (no bidirected edges); their warning muffled.
  pc = function(d) suppressWarnings(pc(d, alpha = 0.01, conflicts = "bnlearn")),
  ges = function(d) ges(d))

cpu <- function() sum(proc.time()[c("user.self", "sys.self", "user.child", "sys.child")])

# SHD of the CPDAGs (pc's PDAG as it is), and the adjacencies missed and added.
recovery <- function(learned, true_cpdag) {
  g <- if (learned$type == "dag") cpdag(learned) else learned
  nodes <- colnames(true_cpdag$amat)
  a <- g$amat[nodes, nodes]
  t <- true_cpdag$amat
  learned_adj <- (a + t(a)) > 0
  true_adj <- (t + t(t)) > 0
  c(shd = shd(g, true_cpdag), missing = sum(true_adj & !learned_adj) / 2,
    extra = sum(learned_adj & !true_adj) / 2)
}

run_case <- function(fit, n, rep) {
  set.seed(1000 * rep + n %% 997)
  raw <- simulate_data(fit, n)
  d <- bn_data(raw[sample(ncol(raw))])
  true_cpdag <- cpdag(fit$graph)
  true_bic <- network_score(fit$graph, d)
  out <- list()
  for (name in names(learners)) {
    start <- cpu()
    g <- tryCatch(learners[[name]](d), error = function(e) e)
    seconds <- cpu() - start
    out[[name]] <- if (inherits(g, "error")) {
      data.frame(learner = name, shd = NA, missing = NA, extra = NA, cpu_seconds = NA,
                 bic_gap = NA, singular_tests = NA, note = class(g)[1L])
    } else {
      tests <- g$info$tests
      data.frame(learner = name, t(recovery(g, true_cpdag)), cpu_seconds = seconds,
                 bic_gap = if (g$type == "dag") g$score - true_bic else NA,
                 singular_tests = if (!is.null(tests)) sum(tests$statistic == 0 & tests$df > 0)
                                  else NA,
                 note = "")
    }
  }
  do.call(rbind, out)
}

table <- list()
for (size in sizes) {
  set.seed(size)
  fit <- random_mixed_fit(size, average_degree = 2)
  arcs <- sum(fit$graph$amat)
  for (n in rows) {
    runs <- do.call(rbind, lapply(seq_len(reps), function(r) run_case(fit, n, r)))
    for (name in names(learners)) {
      r <- runs[runs$learner == name, ]
      table[[length(table) + 1L]] <- data.frame(
        nodes = size, arcs = arcs, rows = format(n, big.mark = ",", scientific = FALSE),
        learner = name, shd = mean(r$shd), missing = mean(r$missing), extra = mean(r$extra),
        cpu_seconds = round(mean(r$cpu_seconds), 2), bic_gap = round(mean(r$bic_gap), 1),
        singular_tests = mean(r$singular_tests), note = r$note[1L])
    }
    message(size, " nodes, ", n, " rows done")
  }
}
print(do.call(rbind, table), row.names = FALSE)
