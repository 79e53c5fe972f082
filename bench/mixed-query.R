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

# query(): P(node = first level | evidence) exactly, against bnlearn's cpquery() by
# likelihood weighting (10^5 particles), on the fit of all 5,000 rows.
ours <- fit_parameters(bn_graph_from_string(model), d)
theirs <- bn.fit(model2network(model), d)
# (P(F = a | A = b, G = 90, H = 2.3) = 9.1256e-4 also by plain-R numerical integration over
# D and E; cpquery() gives 4.4e-4 to 7.1e-4 with 10^6 particles, seeds 1 to 3.)
# evidence near the data's quartiles (improbable continuous evidence, such as G = 5 with
# E = 2 at a density of 1e-47, leaves likelihood weighting with one useful particle)
cases <- list(list(target = "A", evidence = list(G = 80)),
              list(target = "C", evidence = list(G = 70, E = 17)),
              list(target = "B", evidence = list(F = "b", D = 12.3)),
              list(target = "F", evidence = list(A = "b", G = 90, H = 2.3)))
queries <- do.call(rbind, lapply(cases, function(case) {
  level <- levels(d[[case$target]])[1]
  t1 <- cpu(p1 <- query(ours, case$target, case$evidence)[[level]])
  event <- call("==", as.name(case$target), level)
  set.seed(3)
  t2 <- cpu(p2 <- eval(call("cpquery", theirs, event = event, evidence = case$evidence,
                            method = "lw", n = 1e5)))
  data.frame(query = paste0("P(", case$target, " = ", level, " | ",
                            paste(names(case$evidence), case$evidence, sep = " = ",
                                  collapse = ", "), ")"),
             learnbn_exact = p1, bnlearn_lw = p2, learnbn_cpu_s = t1, bnlearn_cpu_s = t2)
}))
print(queries, digits = 4, row.names = FALSE)
