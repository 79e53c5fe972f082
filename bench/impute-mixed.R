# impute() on a conditional linear Gaussian fit against bnlearn 4.9's impute() ("bayes-lw",
# likelihood weighting, and "parents"), side by side in one process on the same
# data.frame: bnlearn's clgaussian.test (5,000 rows) with `share` of the cells removed at
# random, the fit of hill_climb()'s graph on the complete data given to both packages
# (as_bn()). Reports CPU and wall seconds, the largest difference of the continuous
# cells from learnbn's exact conditional means, the share of discrete cells where the
# two agree, and each method's error against the removed values.
# Run from the package root:  Rscript bench/impute-mixed.R [share]
#   LEARNBN_ANCHORS: the library holding bnlearn (default /work/anchor-lib).
suppressPackageStartupMessages(library(learnbn))
anchors <- Sys.getenv("LEARNBN_ANCHORS", "/work/anchor-lib")
suppressPackageStartupMessages(library(bnlearn, lib.loc = anchors))
args <- as.numeric(commandArgs(trailingOnly = TRUE))
share <- if (length(args) >= 1) args[1] else 0.1
data(clgaussian.test, package = "bnlearn")
set.seed(1)
x <- clgaussian.test[sample(ncol(clgaussian.test))]
fit <- fit_parameters(learnbn::hill_climb(bn_data(x)), bn_data(x))
holes <- x
holes[matrix(runif(prod(dim(x))) < share, nrow(x))] <- NA
cpu <- function(code) {
  start <- proc.time()
  value <- force(code)
  used <- proc.time() - start
  list(value = value, cpu = used[["user.self"]] + used[["sys.self"]], wall = used[["elapsed"]])
}
runs <- list(learnbn = cpu(learnbn::impute(fit, holes)),
             `bnlearn bayes-lw` = cpu(bnlearn::impute(as_bn(fit), holes, method = "bayes-lw")),
             `bnlearn bayes-lw n=5000` = cpu(bnlearn::impute(as_bn(fit), holes, method = "bayes-lw",
                                                             n = 5000)),
             `bnlearn parents` = cpu(bnlearn::impute(as_bn(fit), holes, method = "parents")))
continuous <- names(fit$coefficients)
discrete <- names(fit$cpts)
report <- do.call(rbind, lapply(names(runs), function(name) {
  out <- runs[[name]]$value
  gaps <- unlist(lapply(continuous, function(v) {
    (out[[v]] - runs$learnbn$value[[v]])[is.na(holes[[v]])]
  }))
  agree <- unlist(lapply(discrete, function(v) {
    (as.character(out[[v]]) == as.character(runs$learnbn$value[[v]]))[is.na(holes[[v]])]
  }))
  rmse <- sqrt(mean(unlist(lapply(continuous, function(v) {
    ((out[[v]] - x[[v]]) / sd(x[[v]]))[is.na(holes[[v]])]
  }))^2))
  right <- mean(unlist(lapply(discrete, function(v) {
    (as.character(out[[v]]) == as.character(x[[v]]))[is.na(holes[[v]])]
  })))
  data.frame(method = name, cpu_s = round(runs[[name]]$cpu, 3),
             wall_s = round(runs[[name]]$wall, 3),
             max_gap_continuous = signif(max(abs(gaps)), 3),
             mean_gap_continuous = signif(mean(abs(gaps)), 3),
             discrete_agree = round(mean(agree), 4),
             rmse_std = round(rmse, 4), discrete_right = round(right, 4))
}))
cat(sprintf("clgaussian.test, %s rows, %.0f%% of cells missing (%s cells); graph %s\n",
            format(nrow(x), big.mark = ","), 100 * share,
            format(sum(is.na(holes)), big.mark = ","),
            model_string(fit$graph)))
options(width = 200)
print(report, row.names = FALSE)
