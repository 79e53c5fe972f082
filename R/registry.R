# The core's registries (score, test and policy names, score properties, sizes) are fixed
# for the session: read once, since each cpp_registry() call builds them anew (0.2 ms, a
# few times per learner call).
core_registry <- local({
  registry <- NULL
  function() {
    if (is.null(registry)) registry <<- cpp_registry()
    registry
  }
})
