# structural_em() on mixed data against bnlearn 4.9's structural.em() (hill climbing with
# the CG BIC, imputation by likelihood weighting), side by side in one process on the same
# data.frame: bnlearn's clgaussian.test with `share` of the cells removed at random
# (columns shuffled). Reports CPU and wall seconds and the SHD of each CPDAG to hill
# climbing's on the complete data (and to the generating network's, bnlearn's documented
# "[A][B][C][H][D|A:H][F|B:C][E|B:D][G|A:D:E:F]"), over `reps` data sets.
# Run from the package root:  Rscript bench/structural-em-mixed.R [share] [reps]
#   LEARNBN_ANCHORS: the library holding bnlearn (default /work/anchor-lib).
suppressPackageStartupMessages(library(learnbn))
anchors <- Sys.getenv("LEARNBN_ANCHORS", "/work/anchor-lib")
suppressPackageStartupMessages(library(bnlearn, lib.loc = anchors))
args <- as.numeric(commandArgs(trailingOnly = TRUE))
share <- if (length(args) >= 1) args[1] else 0.1
reps <- if (length(args) >= 2) args[2] else 3
data(clgaussian.test, package = "bnlearn")
truth <- learnbn::cpdag(bn_graph_from_string("[A][B][C][H][D|A:H][F|B:C][E|B:D][G|A:D:E:F]"))
cpu <- function(code) {
  start <- proc.time()
  value <- force(code)
  used <- proc.time() - start
  list(value = value, cpu = used[["user.self"]] + used[["sys.self"]], wall = used[["elapsed"]])
}
rows <- list()
for (rep in seq_len(reps)) {
  set.seed(rep)
  x <- clgaussian.test[sample(ncol(clgaussian.test))]
  full_dag <- learnbn::hill_climb(bn_data(x))
  full <- learnbn::cpdag(full_dag)
  holes <- x
  holes[matrix(runif(prod(dim(x))) < share, nrow(x))] <- NA
  runs <- list(
    `learnbn structural_em` = cpu(learnbn::structural_em(bn_data(holes, missing = "allow"))),
    `bnlearn structural.em` = cpu(bnlearn::structural.em(holes, maximize = "hc",
                                                         maximize.args = list(score = "bic-cg"))),
    `learnbn hill_climb, complete rows` = cpu(learnbn::hill_climb(
      bn_data(holes[stats::complete.cases(holes), ]))))
  for (name in names(runs)) {
    g <- learnbn::cpdag(runs[[name]]$value)
    rows[[length(rows) + 1]] <- data.frame(rep = rep, method = name, cpu_s = runs[[name]]$cpu,
                                           wall_s = runs[[name]]$wall,
                                           shd_full = learnbn::shd(g, full),
                                           shd_truth = learnbn::shd(g, truth))
  }
}
rows <- do.call(rbind, rows)
cat(sprintf("clgaussian.test, 5,000 rows, %.0f%% of cells missing, %d data sets\n", 100 * share,
            reps))
options(width = 200)
print(rows, row.names = FALSE, digits = 3)
print(aggregate(cbind(cpu_s, wall_s, shd_full, shd_truth) ~ method, rows, mean), digits = 3)

# A random 20-node CLG network (bench/mixed.R's generator), 5% of the cells missing:
# learnbn's structural EM against hill climbing on the complete rows (bnlearn too at 2,000
# rows): SHD to hill climbing's CPDAG on the complete data, and each graph's CG BIC on the
# complete data (hill climbing there is a local search: a graph learned from the
# incomplete data may score higher).
source_lines <- readLines("bench/mixed.R")
first <- grep("^simulate_clg <- function", source_lines)
eval(parse(text = source_lines[first:(first + which(source_lines[-(1:first)] == "}")[1])]))
rows <- list()
for (n in c(2000, 10000)) {
  set.seed(n)
  x <- simulate_clg(20, n)
  holes <- x
  holes[matrix(runif(prod(dim(x))) < 0.05, nrow(x))] <- NA
  full_dag <- learnbn::hill_climb(bn_data(x))
  full <- learnbn::cpdag(full_dag)
  runs <- list(
    `learnbn structural_em` = cpu(learnbn::structural_em(bn_data(holes, missing = "allow"))),
    `learnbn hill_climb, complete rows` = cpu(learnbn::hill_climb(
      bn_data(holes[stats::complete.cases(holes), ]))))
  if (n == 2000) {
    runs$`bnlearn structural.em` <- cpu(bnlearn::structural.em(
      holes, maximize = "hc", maximize.args = list(score = "bic-cg")))
  }
  for (name in names(runs)) {
    rows[[length(rows) + 1]] <- data.frame(
      rows = n, method = name, cpu_s = runs[[name]]$cpu, wall_s = runs[[name]]$wall,
      shd_full = learnbn::shd(learnbn::cpdag(runs[[name]]$value), full),
      bic_full = network_score(runs[[name]]$value, bn_data(x), "bic"))
  }
  rows[[length(rows) + 1]] <- data.frame(rows = n, method = "learnbn hill_climb, complete data",
                                         cpu_s = NA, wall_s = NA, shd_full = 0,
                                         bic_full = full_dag$score)
}
cat("\nrandom CLG network, 20 nodes, 5% of cells missing\n")
print(do.call(rbind, rows), row.names = FALSE, digits = 3)
