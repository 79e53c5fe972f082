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
  full <- learnbn::cpdag(learnbn::hill_climb(bn_data(x)))
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
