# predict() on a conditional linear Gaussian fit against bnlearn 4.9's predict(), side by
# side in one process on the same data.frame (columns shuffled): bnlearn's clgaussian.test
# (8 nodes, 5,000 rows) fitted on its true DAG, every node predicted for `rows` held-out
# rows from the other columns (learnbn exact; bnlearn "bayes-lw", its default 500
# particles per row) and from the parents only (both exact). Reports CPU seconds
# (user + sys), the largest difference of continuous predictions and the share of
# discrete predictions that agree (bnlearn's 500 particles are noisy: with n = 20,000 per row
# its predictions of C agree on all rows and those of E within 0.018). Run from the
# package root:
#   Rscript bench/mixed-query.R [rows]
#   LEARNBN_ANCHORS: the library holding bnlearn (default /work/anchor-lib).
suppressPackageStartupMessages(library(learnbn))
anchors <- Sys.getenv("LEARNBN_ANCHORS", "/work/anchor-lib")
suppressPackageStartupMessages(library(bnlearn, lib.loc = anchors))
args <- as.numeric(commandArgs(trailingOnly = TRUE))
rows <- if (length(args) >= 1) args[1] else 500

cpu <- function(expr) {
  t <- system.time(expr)
  t[["user.self"]] + t[["sys.self"]]
}

data(clgaussian.test, package = "bnlearn", envir = environment())
set.seed(1)
d <- clgaussian.test[sample(ncol(clgaussian.test))]
train <- d[-seq_len(rows), ]
test <- d[seq_len(rows), ]
model <- "[A][B][C][H][D|A:H][F|B:C][E|B:D][G|A:D:E:F]"
ours <- fit_parameters(bn_graph_from_string(model), train)
theirs <- bn.fit(model2network(model), train)
compare <- function(a, b) {
  if (is.factor(a)) c(agree = mean(as.character(a) == as.character(b)), diff = NA)
  else c(agree = NA, diff = max(abs(a - b)))
}
table <- do.call(rbind, lapply(names(d), function(node) {
  do.call(rbind, lapply(c("parents", "exact"), function(method) {
    t1 <- cpu(a <- predict(ours, test, node, method = method))
    set.seed(2)
    t2 <- cpu(b <- predict(theirs, node, test,
                           method = if (method == "exact") "bayes-lw" else "parents"))
    data.frame(node = node, method = method, learnbn_cpu_s = t1, bnlearn_cpu_s = t2,
               speedup = t2 / t1, t(compare(a, b)))
  }))
}))
print(table, digits = 3, row.names = FALSE)
