# The main job of `make demo`: learn the college-plans network (Heckerman 1995) and show it.
suppressPackageStartupMessages(library(learnbn))
data <- bn_data(college_plans, counts = "count")
print(data)

# Heckerman's analysis: every structure in which SEX and SES have no parents and CP has no children,
# scored by BDe (equivalent sample size 5, uniform prior network), uniform prior.
learned <- exhaustive_search(data, score = bn_score("bde", iss = 5), no_parents = c("SEX", "SES"),
                             no_children = "CP", top = 3)
cat("\n", learned$info$n_dags, " structures scored; the most probable:\n", sep = "")
print(top_models(learned))
print(learned)

cat("\nIts Markov equivalence class holds", count_equivalent_dags(learned), "DAGs:\n")
print(arcs(cpdag(learned)))

cat("\nPC at alpha = 0.04 finds:\n")
print(arcs(pc(data, alpha = 0.04)))

figure <- "college-plans.png"
grDevices::png(figure, width = 700, height = 450)
plot(learned, main = "College plans: the most probable network")
invisible(grDevices::dev.off())
cat("\nThe network is drawn in", normalizePath(figure), "\n")

fit <- fit_parameters(learned, data, method = "bayes", iss = 5)
plans <- aperm(cpt(fit, "CP"), c("CP", "SES", "IQ", "PE"))
cat("\nP(CP = yes | SES, IQ) for students with high parental encouragement:\n")
print(round(plans["yes", , , "high"], 3))
