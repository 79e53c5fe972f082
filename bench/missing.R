# Learning with missing values: alarm (../shared/networks or $LEARNBN_NETWORKS), 20,000
# rows, 10% of cells removed completely at random. Times and structural Hamming distances
# (between CPDAGs) to the true network and to the same search (BIC) on the complete data,
# for structural EM (expected and Gibbs completions; hill climbing and tabu search) and
# PC on available cases (X2, alpha = 0.01); and the time of EM and Gibbs parameter fits
# of the true graph with their largest CPT difference to the complete-data fit.
# Then structural EM against tabu search on the complete data: mean SHD over 10 asia and
# 3 alarm data sets.
# Run from the package root: Rscript bench/missing.R [rows] [missing share]
suppressPackageStartupMessages(library(learnbn))
options(width = 200)
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
args <- commandArgs(trailingOnly = TRUE)
n <- if (length(args) >= 1) as.numeric(args[[1]]) else 20000
share <- if (length(args) >= 2) as.numeric(args[[2]]) else 0.1

path <- file.path(networks, "alarm.bif.gz")
if (!file.exists(path)) path <- file.path(networks, "alarm.bif")
truth <- read_bif(path)
set.seed(2026)
complete <- simulate_data(truth, n)
holes <- complete
holes[matrix(stats::runif(n * ncol(holes)) < share, n)] <- NA
data <- bn_data(holes, missing = "allow")
true_cpdag <- cpdag(truth$graph)

timed <- function(expr) {
  elapsed <- system.time(value <- tryCatch(expr, error = function(e) e))[["elapsed"]]
  list(value = value, seconds = round(elapsed, 2))
}

complete_runs <- list(hill_climb = timed(hill_climb(complete, score = "bic")),
                      tabu_search = timed(tabu_search(complete, score = "bic")))
complete_cpdags <- lapply(complete_runs, function(run) cpdag(run$value))

rows <- list()
# shd_complete: to the same search (hill climbing for PC) on the complete data.
add_row <- function(method, run, iterations = NA, graph = NULL, note = "",
                    search = "hill_climb") {
  if (inherits(run$value, "error")) {
    note <- paste("skipped:", conditionMessage(run$value))
    graph <- NULL
  }
  rows[[length(rows) + 1L]] <<- data.frame(
    method = method, seconds = run$seconds, iterations = iterations,
    shd_truth = if (is.null(graph)) NA else shd(graph, true_cpdag),
    shd_complete = if (is.null(graph)) NA else shd(graph, complete_cpdags[[search]]),
    note = substr(note, 1, 60))
}

for (search in names(complete_runs)) {
  run <- complete_runs[[search]]
  add_row(paste0(search, ", complete data"), run, run$value$info$iterations,
          complete_cpdags[[search]], search = search)
}

for (setting in list(c("hill_climb", "expected"), c("hill_climb", "gibbs"),
                     c("tabu_search", "expected"))) {
  set.seed(1)
  run <- timed(structural_em(data, score = "bic", search = setting[1], completion = setting[2]))
  label <- paste0("structural_em, ", setting[1], ", ", setting[2])
  if (inherits(run$value, "error")) {
    add_row(label, run)
    next
  }
  info <- run$value$info
  note <- sprintf("changes %s; completions %sk", paste(info$changes, collapse = ","),
                  paste(round(info$completions / 1000), collapse = ","))
  add_row(label, run, info$iterations, cpdag(run$value), note, search = setting[1])
}

run <- timed(suppressWarnings(pc(data, test = "x2", alpha = 0.01)))
add_row("pc available cases (x2, 0.01)", run,
        if (inherits(run$value, "error")) NA else run$value$info$n_tests,
        if (inherits(run$value, "error")) NULL else run$value,
        "iterations = tests")

complete_fit <- fit_parameters(truth$graph, complete)
cpt_gap <- function(fit) {
  # Largest |difference| over parent configurations seen at least 100 times.
  gaps <- Map(function(a, b, node) {
    counts <- colSums(matrix(table(complete[c(node, names(dimnames(a))[-1L])]), nrow = dim(a)[1L]))
    differences <- abs(matrix(a - b, nrow = dim(a)[1L]))
    max(0, differences[, counts >= 100])
  }, fit$cpts, complete_fit$cpts, names(fit$cpts))
  max(unlist(gaps))
}
em <- timed(fit_parameters(truth$graph, data, missing = "em"))
add_row("EM fit of the true graph", em, em$value$em$iterations, NULL,
        sprintf("max CPT gap %.4f", cpt_gap(em$value)))
set.seed(1)
gibbs <- timed(fit_parameters(truth$graph, data, missing = "gibbs",
                              control = list(iterations = 200, burn_in = 50)))
add_row("Gibbs fit of the true graph", gibbs, 250, NULL,
        sprintf("max CPT gap %.4f", cpt_gap(gibbs$value)))

cat(sprintf("\nalarm, %d rows, %.0f%% of cells missing (%d complete rows)\n", n, 100 * share,
            sum(stats::complete.cases(holes))))
print(do.call(rbind, rows), row.names = FALSE)

# Structural EM (expected statistics and Gibbs completions) against the same search on
# the complete data, over several data sets: mean SHD between CPDAGs to the truth (tabu
# search, BIC, default settings) and mean seconds.
versus_complete <- function(network, rows, shares, sets) {
  truth_cpdag <- cpdag(network$graph)
  out <- list()
  for (share in shares) {
    runs <- vapply(seq_len(sets), function(k) {
      set.seed(100 + k)
      complete <- simulate_data(network, rows)
      holes <- complete
      holes[matrix(stats::runif(rows * ncol(holes)) < share, rows)] <- NA
      data <- bn_data(holes, missing = "allow")
      learn <- function(completion) {
        set.seed(k)
        seconds <- system.time(g <- structural_em(data, search = "tabu_search",
                                                  completion = completion))[["elapsed"]]
        c(shd(cpdag(g), truth_cpdag), seconds)
      }
      c(complete = shd(cpdag(tabu_search(complete, score = "bic")), truth_cpdag),
        learn("expected"), learn("gibbs"))
    }, numeric(5))
    out[[length(out) + 1L]] <- data.frame(
      missing = paste0(100 * share, "%"), data_sets = sets,
      shd_tabu_complete = mean(runs[1, ]), shd_expected = mean(runs[2, ]),
      seconds_expected = round(mean(runs[3, ]), 2), shd_gibbs = mean(runs[4, ]),
      seconds_gibbs = round(mean(runs[5, ]), 2))
  }
  do.call(rbind, out)
}
asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
cat("\nasia, 20,000 rows, mean over 10 data sets:\n")
print(versus_complete(asia, 20000, c(0.05, 0.1, 0.2), 10), row.names = FALSE)
cat("\nalarm, 20,000 rows, 10% missing, mean over 3 data sets:\n")
print(versus_complete(truth, 20000, 0.1, 3), row.names = FALSE)
