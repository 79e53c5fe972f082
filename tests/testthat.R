library(testthat)
library(learnbn)

# testthat's check reporter prints the totals line that .ci/run reads; the time each test
# file took (the sum of its tests' elapsed times) is printed after it, slowest first, so
# that a file growing slow shows in the check log. Failures stop the run as usual.
results <- as.data.frame(test_check("learnbn", stop_on_failure = FALSE))
file_times <- sort(tapply(results$real, results$file, sum), decreasing = TRUE)
cat(sprintf("\nTest time per file: %.1f s in all\n", sum(file_times)))
cat(sprintf("%7.1f s  %s\n", file_times, names(file_times)), sep = "")
if (sum(results$failed) > 0 || any(results$error)) {
  stop("Test failures", call. = FALSE)
}
