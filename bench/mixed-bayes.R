# The Bayesian conditional Gaussian score "bcg" against deal 1.2 (Bottcher and Dethlefsen),
# in one process on the same data.frame: deal's ksl data (1,083 rows, 9 variables) and
# rats. For each graph, the network score of both and their difference, then the time of
# one network score in each and of learnbn's hill_climb(score = "bcg") against deal's
# autosearch() from the empty graph (its greedy search).
# Run from the package root:  Rscript bench/mixed-bayes.R
#   deal is Debian's r-cran-deal; it is never a dependency of learnbn.
suppressPackageStartupMessages({library(learnbn); library(deal)})
options(width = 200)

# deal needs each family's parents before its node among the columns (else NaN or an
# error): order the columns as `order`.
deal_score <- function(df, ms, order, N = NA) {
  df <- df[order]
  nw <- network(df)
  utils::capture.output(prior <- jointprior(nw, N))
  getnetwork(learn(as.network(ms, nw), df, prior))$score
}

ksl <- get(utils::data("ksl", package = "deal"))
ksl$Hyp <- factor(ksl$Hyp)
rats <- get(utils::data("rats", package = "deal"))
as_mixed <- function(df) {
  numeric <- names(df)[vapply(df, is.numeric, NA)]
  suppressMessages(bn_data(df, type = stats::setNames(rep("gaussian", length(numeric)), numeric)))
}
disc <- c("Smok", "Alc", "Work", "Sex", "Year", "Hyp")
cases <- list(
  list(ksl, paste0("[Smok][Alc][Work][Sex][Year][Hyp|Sex:Year][FEV|Sex:Smok][Kol|Year:FEV]",
                   "[logBMI|Sex:Kol:FEV]"), c(disc, "FEV", "Kol", "logBMI")),
  list(ksl, "[Smok][Alc][Work][Sex][Year][Hyp][FEV][Kol][logBMI]", c(disc, "FEV", "Kol", "logBMI")),
  list(ksl, paste0("[Sex][Smok|Sex][Alc|Smok][Work][Year][Hyp|Alc][logBMI|Sex]",
                   "[FEV|Sex:logBMI][Kol|FEV:logBMI]"),
       c("Sex", "Smok", "Alc", "Work", "Year", "Hyp", "logBMI", "FEV", "Kol")),
  list(rats, "[Sex][Drug|Sex][W1|Drug][W2|W1:Drug]", c("Sex", "Drug", "W1", "W2")))
rows <- lapply(cases, function(cs) {
  data <- as_mixed(cs[[1]])
  g <- bn_graph_from_string(cs[[2]])
  t_deal <- system.time(d <- deal_score(cs[[1]], cs[[2]], cs[[3]]))[["elapsed"]]
  t_lbn <- system.time(l <- network_score(g, data, score = "bcg"))[["elapsed"]]
  data.frame(graph = substr(cs[[2]], 1, 50), deal = sprintf("%.8f", d),
             learnbn = sprintf("%.8f", l), difference = signif(l - d, 3), deal_s = t_deal,
             learnbn_s = t_lbn)
})
print(do.call(rbind, rows), row.names = FALSE)

data <- as_mixed(ksl)
t_hc <- system.time(g <- hill_climb(data, score = "bcg"))[["elapsed"]]
nw <- network(ksl)
invisible(utils::capture.output(prior <- jointprior(nw)))
invisible(utils::capture.output(t_deal <- system.time({
  start <- learn(nw, ksl, prior)$nw
  found <- autosearch(start, ksl, prior, trace = FALSE, removecycles = FALSE)$nw
})[["elapsed"]]))
found_score <- network_score(bn_graph_from_string(modelstring(found)), data, score = "bcg")
tabu <- tabu_search(data, score = "bcg")
cat(sprintf(paste0("ksl search: learnbn hill_climb(bcg) %.2f s, score %.6f; tabu_search %.6f; ",
                   "deal autosearch %.2f s, score %.6f (learnbn's score of its graph %.6f)\n"),
            t_hc, g$score, tabu$score, t_deal, found$score, found_score))
