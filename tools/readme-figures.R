# Draws the figures of README.md into man/figures/ (run from the top of the repository
# with learnbn installed: Rscript tools/readme-figures.R).
suppressPackageStartupMessages(library(learnbn))
dir.create("man/figures", showWarnings = FALSE)

plans <- exhaustive_search(bn_data(college_plans, counts = "count"), score = bn_score("bde", iss = 5),
                           no_parents = c("SEX", "SES"), no_children = "CP")
png("man/figures/README-college-plans.png", width = 700, height = 420, res = 96)
plot(plans, main = "College plans: the most probable network (BDe, iss 5)")
dev.off()

alarm <- read_bif(system.file("extdata", "alarm.bif", package = "learnbn"))$graph
png("man/figures/README-alarm.png", width = 1000, height = 800, res = 96)
plot(alarm, highlight = c("HR", markov_blanket(alarm, "HR")),
     main = "alarm (37 nodes); HR and its Markov blanket in red")
dev.off()
