# Hill climbing on interventional data (BDeu, iss 1, i.e. bnlearn's "mbde"): data
# simulated from a reference network, observational rows plus blocks in which one node
# was set to each of its levels (bnlearn 4.9's bnlearn::mutilated() and bnlearn::rbn()). learnbn's
# hill_climb() with bn_data(interventions =) beside bnlearn's bnlearn::hc(score = "mbde", exp =),
# and learnbn on the same rows taken as observational. Seconds, score (mbde), arcs, SHD
# between the learned and true DAGs and between their CPDAGs, and whether the two
# packages learned the same DAG. The score of each learned DAG is computed by both packages. Run from the package root:
#   Rscript bench/interventions.R [network ...]   (LEARNBN_NETWORKS: folder of the .bif.gz
#   files; LEARNBN_BNLEARN_LIB: library with bnlearn, ../anchor-lib by default)
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
bnlearn_lib <- Sys.getenv("LEARNBN_BNLEARN_LIB", "../anchor-lib")
suppressPackageStartupMessages(loadNamespace("bnlearn", lib.loc = bnlearn_lib))
# Observational rows, nodes set by intervention, rows per level of each.
cases <- list(alarm = list(n = 10000, set = c("LVFAILURE", "HYPOVOLEMIA", "INTUBATION"),
                           each = 2000),
              insurance = list(n = 10000, set = c("Age", "Accident", "MakeModel"), each = 1000))
chosen <- commandArgs(trailingOnly = TRUE)
if (length(chosen)) cases <- cases[chosen]

# The data and bnlearn's `exp` list (node -> rows set by intervention).
simulate_interventions <- function(fit, spec) {
  blocks <- list(bnlearn::rbn(fit, spec$n))
  exp <- list()
  first <- spec$n
  for (node in spec$set) {
    for (level in dimnames(fit[[node]]$prob)[[1]]) {
      blocks[[length(blocks) + 1]] <- bnlearn::rbn(bnlearn::mutilated(fit, setNames(list(level), node)), spec$each)
      exp[[node]] <- c(exp[[node]], first + seq_len(spec$each))
      first <- first + spec$each
    }
  }
  x <- do.call(rbind, blocks)
  rownames(x) <- NULL
  list(x = x, exp = exp)
}

rows <- list()
for (name in names(cases)) {
  set.seed(1)
  file <- tempfile(fileext = ".bif")
  con <- gzfile(file.path(networks, paste0(name, ".bif.gz")))
  writeLines(readLines(con), file)
  close(con)
  fit <- bnlearn::read.bif(file)
  sim <- simulate_interventions(fit, cases[[name]])
  truth <- bn_graph_from_string(bnlearn::modelstring(bnlearn::bn.net(fit)))
  data <- bn_data(sim$x, interventions = sim$exp)
  row <- function(package, data_kind, secs, g) {
    data.frame(network = name, rows = nrow(sim$x), data = data_kind, package = package,
               seconds = secs, score = round(network_score(g, data, "bdeu"), 2),
               score_by_bnlearn = round(bnlearn::score(bnlearn::model2network(model_string(g)),
                                                       sim$x, type = "mbde", exp = sim$exp,
                                                       iss = 1), 2),
               arcs = nrow(arcs(g)), shd_dag = shd(g, truth),
               shd_cpdag = shd(cpdag(g), cpdag(truth)))
  }
  secs <- system.time(g <- hill_climb(data, "bdeu", threads = 1))[["elapsed"]]
  rows[[length(rows) + 1]] <- row("learnbn", "interventional", secs, g)
  secs <- system.time(b <- bnlearn::hc(sim$x, score = "mbde", exp = sim$exp, iss = 1))[["elapsed"]]
  gb <- bn_graph_from_string(bnlearn::modelstring(b))
  rows[[length(rows) + 1]] <- row("bnlearn", "interventional", secs, gb)
  rows[[length(rows)]]$same_dag <- identical(as.matrix(g), as.matrix(gb)[rownames(as.matrix(g)),
                                                                         colnames(as.matrix(g))])
  rows[[length(rows) - 1]]$same_dag <- NA
  secs <- system.time(go <- hill_climb(sim$x, "bdeu", threads = 1))[["elapsed"]]
  rows[[length(rows) + 1]] <- row("learnbn", "as observational", secs, go)
  rows[[length(rows)]]$same_dag <- NA
}
print(do.call(rbind, rows), row.names = FALSE)
