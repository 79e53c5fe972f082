# Data shared by the tests of the score-based learners (test-learner-setup.R, test-hill-climb.R,
# test-tabu.R, test-local.R, test-annealing.R, test-genetic.R). Built on first use, so
# files that do not use them pay nothing; the simulation uses its own seed and leaves
# the caller's random stream as it was.

with_seed_preserved <- function(seed, expr) {
  had <- exists(".Random.seed", envir = globalenv(), inherits = FALSE)
  old <- if (had) get(".Random.seed", envir = globalenv(), inherits = FALSE)
  on.exit(if (had) assign(".Random.seed", old, envir = globalenv())
          else rm(".Random.seed", envir = globalenv()))
  set.seed(seed)
  expr
}

delayedAssign("survey_fit", read_bif(system.file("extdata", "survey.bif", package = "learnbn")))
delayedAssign("survey", with_seed_preserved(7, simulate_data(survey_fit, 2000)))
delayedAssign("survey_data", bn_data(survey))
delayedAssign("college_data", bn_data(college_plans, counts = "count"))

# All DAGs one add / remove / reverse away from g.
neighbours_of <- function(amat) {
  n <- nrow(amat)
  out <- list()
  for (from in seq_len(n)) for (to in seq_len(n)) {
    if (from == to) next
    candidate <- amat
    if (amat[from, to] == 1) {
      candidate[from, to] <- 0
      out[[length(out) + 1]] <- candidate
      candidate[to, from] <- 1
      out[[length(out) + 1]] <- candidate
    } else if (amat[to, from] == 0) {
      candidate[from, to] <- 1
      out[[length(out) + 1]] <- candidate
    }
  }
  Filter(function(a) is.null(learnbn:::topo_sort_amat(a)$cycle), out)
}
