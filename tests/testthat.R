library(testthat)
library(learnbn)

test_check("learnbn")
