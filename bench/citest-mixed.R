# The mixed conditional independence test mi_cg: pc() against bnlearn 4.9's
# pc.stable(test = "mi-cg"), side by side in one process on the same data.frame (columns
# shuffled), on bnlearn's clgaussian.test (5,000 rows, 8 nodes) repeated `copies` times
# row-wise (the same skeleton shape, more rows). Reports seconds and whether the two
# skeletons are equal. Run from the package root:  Rscript bench/citest-mixed.R [copies]
#   LEARNBN_ANCHORS: the library holding bnlearn (default /work/anchor-lib).
suppressPackageStartupMessages(library(learnbn))
anchors <- Sys.getenv("LEARNBN_ANCHORS", "/work/anchor-lib")
suppressPackageStartupMessages(library(bnlearn, lib.loc = anchors))
args <- as.numeric(commandArgs(trailingOnly = TRUE))
copies <- if (length(args) >= 1) args[1] else 1

skeleton <- function(amat) {
  a <- (amat + t(amat)) > 0
  a <- a[sort(rownames(a)), sort(colnames(a))]
  a[upper.tri(a)]
}

data(clgaussian.test, package = "bnlearn", envir = environment())
set.seed(1)
d <- clgaussian.test[rep(seq_len(nrow(clgaussian.test)), copies), ]
d <- d[sample(ncol(d))]
t_learnbn <- system.time(g1 <- pc(d, alpha = 0.05, threads = 1))[["elapsed"]]
t_bnlearn <- system.time(g2 <- pc.stable(d, test = "mi-cg", alpha = 0.05))[["elapsed"]]
print(data.frame(rows = nrow(d), learnbn_s = t_learnbn, bnlearn_s = t_bnlearn,
                 speedup = t_bnlearn / t_learnbn,
                 same_skeleton = identical(skeleton(g1$amat), skeleton(amat(g2)))))
