# timed(run): CPU and elapsed seconds of run(), repeated until about a second of CPU (at
# most `max_runs` runs). CPU time (user + system of this process) is counted in ticks of
# 10 ms, so it is the mean over the runs; elapsed is their median. Sourced by the bench
# scripts that compare CPU time on a shared machine (run them from the package root).
timed <- function(run, max_runs = 50) {
  cpu <- elapsed <- numeric(0)
  repeat {
    start <- proc.time()
    value <- run()
    used <- proc.time() - start
    cpu <- c(cpu, used[["user.self"]] + used[["sys.self"]])
    elapsed <- c(elapsed, used[["elapsed"]])
    if (sum(cpu) >= 1 || length(cpu) >= max_runs) break
  }
  list(value = value, cpu = mean(cpu), elapsed = stats::median(elapsed))
}
