# Incomplete mixed data: pc() and iamb() with the mi_cg test on the available cases of
# each test, against bnlearn 4.9's pc.stable() and iamb() (test = "mi-cg"), side by side in one process on the same data.frame: bnlearn's
# clgaussian.test (5,000 rows, 8 nodes) with a share `missing` of each column's cells
# removed at random, and columns shuffled. Reports seconds and whether the skeletons are
# equal. Run from the package root:  Rscript bench/mixed-missing.R [missing]
#   LEARNBN_ANCHORS: the library holding bnlearn (default /work/anchor-lib).
# (Not inter.iamb(): bnlearn 4.9's round robin of mi-cg takes no available cases, and its
# debug mode crashes on incomplete mixed data. bnlearn's vectorised mi-cg given an empty
# set can also give p = 0 wrongly, see ?iamb; on these data iamb() is not affected.)
suppressPackageStartupMessages(library(learnbn))
anchors <- Sys.getenv("LEARNBN_ANCHORS", "/work/anchor-lib")
suppressPackageStartupMessages(library(bnlearn, lib.loc = anchors))
args <- as.numeric(commandArgs(trailingOnly = TRUE))
share <- if (length(args) >= 1) args[1] else 0.05

skeleton <- function(amat) {
  a <- (amat + t(amat)) > 0
  a <- a[sort(rownames(a)), sort(colnames(a))]
  a[upper.tri(a)]
}

data(clgaussian.test, package = "bnlearn", envir = environment())
set.seed(1)
d <- clgaussian.test[sample(ncol(clgaussian.test))]
for (v in names(d)) d[[v]][sample(nrow(d), round(share * nrow(d)))] <- NA
runs <- list(
  pc = list(function(x) pc(x, threads = 1), function(x) pc.stable(x, test = "mi-cg")),
  iamb = list(function(x) learnbn::iamb(x, threads = 1),
              function(x) bnlearn::iamb(x, test = "mi-cg", undirected = TRUE)))
rows <- lapply(names(runs), function(name) {
  t1 <- system.time(g1 <- runs[[name]][[1]](d))[["elapsed"]]
  t2 <- system.time(g2 <- suppressWarnings(runs[[name]][[2]](d)))[["elapsed"]]
  data.frame(learner = name, rows = nrow(d), missing = share, learnbn_s = t1, bnlearn_s = t2,
             speedup = round(t2 / max(t1, 1e-3), 1),
             same_skeleton = identical(skeleton(as.matrix(g1)), skeleton(amat(g2))))
})
print(do.call(rbind, rows), row.names = FALSE)
