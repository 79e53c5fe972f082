# The main job of `make demo`: the college-plans data of seed 004, scored and shown.
suppressPackageStartupMessages(library(learnbn))
data <- bn_data(college_plans, counts = "count")
print(data)

# The two models of seed 004's Figure 1 (SEX and SES without parents, CP without
# children), scored with BDe, equivalent sample size 5, uniform prior network.
score <- bn_score("bde", iss = 5)
models <- c(best = "[SEX][SES][PE|SEX:SES][IQ|SES:PE][CP|SES:IQ:PE]",
            second = "[SEX][SES][IQ|SES][PE|SEX:SES:IQ][CP|SES:IQ:PE]")
graphs <- lapply(models, bn_graph_from_string)
log_ml <- vapply(graphs, network_score, numeric(1), data = data, score = score)
posterior <- exp(log_ml - max(log_ml)) / sum(exp(log_ml - max(log_ml)))
print(data.frame(model = models, log_marginal_likelihood = round(log_ml, 2),
                 posterior_of_the_two = signif(posterior, 3)), row.names = FALSE)

best <- graphs$best
print(best)
cat("\nIts Markov equivalence class (CPDAG) holds", count_equivalent_dags(best), "DAGs:\n")
print(arcs(cpdag(best)))
fit <- fit_parameters(best, data, method = "bayes", iss = 5)
cat("\nP(CP | SES, IQ, PE = high):\n")
print(round(cpt(fit, "CP")[, , , "high"], 3))
