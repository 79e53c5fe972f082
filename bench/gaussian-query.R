# query() and predict() on a linear-Gaussian fit (random, 50 nodes, average degree 2):
# the joint posterior of the 45 nodes not in the evidence given 5 observed values (so
# the joint normal of all 50 nodes is built and conditioned), and predict() of the node
# with the most neighbours on 300 rows whose cells are missing at random (20 %), nearly one missing-cell pattern
# per row; and on a conditional linear Gaussian fit (random, 30 nodes, a third discrete),
# the posterior of a continuous node given 4 continuous values and impute() of 300 rows
# with 20 % of cells missing. Reports milliseconds per call, CPU (user + sys) and wall,
# and a checksum of the answers, so that builds can be compared (run once per library).
# Run from the package root:
#   Rscript bench/gaussian-query.R          (R_LIBS: the library holding the build to time)
suppressPackageStartupMessages(library(learnbn))
set.seed(2026)
fit <- random_gaussian_fit(50, average_degree = 2)
nodes <- fit$nodes
set.seed(1)
data <- simulate_data(fit, 300)
evidence <- as.list(data[1, sample(nodes, 5)])
target <- setdiff(nodes, names(evidence))
amat <- as.matrix(fit$graph)
predicted <- nodes[[which.max(rowSums(amat) + colSums(amat))]]
newdata <- data
for (j in seq_along(newdata)) newdata[[j]][stats::runif(nrow(newdata)) < 0.2] <- NA

per_call <- function(run, reps) {
  t <- system.time(for (i in seq_len(reps)) run())
  c(cpu_ms = (t[["user.self"]] + t[["sys.self"]]) / reps * 1000,
    wall_ms = t[["elapsed"]] / reps * 1000)
}
query_answer <- query(fit, target, evidence)
predict_answer <- predict(fit, newdata, predicted)
rows <- rbind(
  query_50_nodes = c(per_call(function() query(fit, target, evidence), 500),
                     checksum = sum(query_answer$mean) + sum(query_answer$cov)),
  predict_300_patterns = c(per_call(function() predict(fit, newdata, predicted), 20),
                           checksum = sum(abs(predict_answer))))
set.seed(3)
mixed <- random_mixed_fit(30, average_degree = 2, discrete = 1 / 3)
mixed_data <- simulate_data(mixed, 300)
continuous <- names(mixed$coefficients)
mixed_evidence <- as.list(mixed_data[1, continuous[2:5]])
holes <- mixed_data
for (j in seq_along(holes)) holes[[j]][stats::runif(nrow(holes)) < 0.2] <- NA
mixed_answer <- query(mixed, continuous[[1L]], mixed_evidence)
imputed <- impute(mixed, holes)
rows <- rbind(rows,
  clg_query = c(per_call(function() query(mixed, continuous[[1L]], mixed_evidence), 50),
                checksum = sum(mixed_answer$mean) + sum(mixed_answer$cov)),
  clg_impute_300_rows = c(per_call(function() impute(mixed, holes), 5),
                          checksum = sum(imputed[continuous])))
print(signif(rows, 6))
