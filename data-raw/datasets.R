# Builds data/college_plans.rda and data/florida.rda from the seed count tables
# (run from the package root with the shared/ folder beside it:
#   Rscript data-raw/datasets.R
# ). Each table names its counts column in attr(x, "counts"), which bn_data() honours,
# so that learners given the table as it is use the counts.
read_counts <- function(file, levels) {
  x <- utils::read.csv(file, stringsAsFactors = FALSE)
  for (name in names(levels)) x[[name]] <- factor(x[[name]], levels = levels[[name]])
  x$count <- as.integer(x$count)
  attr(x, "counts") <- "count"
  x
}
four <- c("low", "lower_middle", "upper_middle", "high")
college_plans <- read_counts("../shared/data/college_plans_counts.csv", list(
  SEX = c("male", "female"), SES = four, IQ = four, PE = c("low", "high"), CP = c("yes", "no")))
florida <- read_counts("../shared/data/florida_counts.csv", list(
  V = c("white", "black"), D = c("white", "black"), R = c("nonprimary", "primary"),
  I = c("first", "other"), S = c("no", "yes")))
stopifnot(sum(college_plans$count) == 10318, nrow(college_plans) == 128,
          sum(florida$count) == 637, nrow(florida) == 32, !anyNA(college_plans), !anyNA(florida))
save(college_plans, file = "data/college_plans.rda", compress = "xz")
save(florida, file = "data/florida.rda", compress = "xz")
