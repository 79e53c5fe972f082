# Conditional linear Gaussian fits to and from bnlearn 4.9 (as_bn(), from_bn()): bnlearn's
# bn.fit() of clgaussian.test on hill_climb()'s graph (columns shuffled, so learnbn's and
# bnlearn's parent orders differ) read by from_bn(), compared with fit_parameters(), and
# both round trips checked for identical numbers. Run from the package root:
#   Rscript bench/bnlearn-cg.R      (LEARNBN_ANCHORS: the library holding bnlearn)
suppressPackageStartupMessages(library(learnbn))
anchors <- Sys.getenv("LEARNBN_ANCHORS", "/work/anchor-lib")
suppressPackageStartupMessages(library(bnlearn, lib.loc = anchors))
data(clgaussian.test, package = "bnlearn")
set.seed(1)
x <- clgaussian.test[sample(ncol(clgaussian.test))]
g <- learnbn::hill_climb(bn_data(x))
ours <- fit_parameters(g, bn_data(x))
theirs <- bnlearn::bn.fit(as_bn(g), x)
read <- from_bn(theirs)
difference <- function(a, b) max(abs(unlist(a) - unlist(b)), na.rm = TRUE)
same_node <- function(a, b) {
  fields <- intersect(c("prob", "coefficients", "sd", "dlevels", "dparents", "gparents"),
                      names(unclass(a)))
  identical(unclass(a)[fields], unclass(b)[fields]) && identical(class(a), class(b))
}
cat("graph:", model_string(g), "\n")
cat("node classes:", paste(names(theirs), vapply(theirs, class, ""), sep = "=", collapse = " "),
    "\n")
cat(sprintf("from_bn(bn.fit) against fit_parameters(): coefficients %.1e, sd %.1e, CPTs %.1e\n",
            difference(read$coefficients, ours$coefficients), difference(read$sd, ours$sd),
            difference(read$cpts, ours$cpts)))
ours$graph <- learnbn:::new_bn_graph(ours$graph$amat, "dag")  # the learner's score and info dropped
cat("from_bn(as_bn(fit)) identical to fit:", identical(from_bn(as_bn(ours)), ours), "\n")
again <- as_bn(read)
cat("as_bn(from_bn(bn.fit)) identical to bn.fit, per node:",
    all(vapply(names(theirs), function(v) same_node(theirs[[v]], again[[v]]), NA)), "\n")
