# What the local discovery learners (mmpc(), hiton_pc(), gs(), iamb(), and mmhc() and
# markov_blanket() on data through them) share: the checks, the one call into the core
# (inst/include/learnbn/constraint/local_discovery.hpp) and the result.

local_algorithm_labels <- c(mmpc = "MMPC", hiton_pc = "HITON-PC", gs = "GS", iamb = "IAMB",
                            fast_iamb = "Fast-IAMB", inter_iamb = "Inter-IAMB")

# Runs `algorithm` on `data`: for the whole network a bn_graph of the skeleton (every
# edge undirected), for one `target` the names of its PC set or Markov blanket.
local_discovery <- function(data, algorithm, target, test, alpha, max_cond, whitelist,
                            blacklist, B, threads, verbose, call = rlang::caller_env()) {
  label <- local_algorithm_labels[[algorithm]]
  inputs <- prepare_tests(data, test, alpha, B, threads, verbose = verbose,
                          whitelist = whitelist, blacklist = blacklist, what = label,
                          call = call)
  nodes <- inputs$nodes
  check_number(max_cond, min = 0, whole = TRUE, call = call)
  if (!is.null(target)) check_target(target, nodes, call = call)
  # Nodes in the (locale-independent) order of their names, as in pc(), so that the
  # result does not depend on the column order of `data`.
  sorted <- nodes[order(nodes, method = "radix")]
  knowledge <- inputs$knowledge
  options <- list(algorithm = algorithm, alpha = alpha, max_cond = max_cond,
                  threads = inputs$threads,
                  target = if (is.null(target)) 0L else match(target, sorted))
  progress <- progress_reporter(function(stage) paste(label, stage))
  on.exit(progress_close(progress), add = TRUE)
  res <- cpp_local_discovery(data_subset(inputs$data, sorted), inputs$spec, options,
                             list(required = knowledge$required[sorted, sorted, drop = FALSE],
                                  forbidden = knowledge$forbidden[sorted, sorted, drop = FALSE]),
                             progress)
  time <- inputs$clock()
  if (verbose) {
    cli::cli_inform(paste0("{label}: {res$n_tests} test{?s}, {res$cache_hits} repeated, ",
                           "{format(time, digits = 2)} s."))
  }
  in_order <- function(set) nodes[sort(match(sorted[set], nodes))]
  if (!is.null(target)) return(in_order(c(res$pc, res$mb)[[1L]]))
  amat <- matrix(0L, length(nodes), length(nodes), dimnames = list(nodes, nodes))
  pc <- stats::setNames(lapply(res$pc, in_order), sorted)[nodes]
  for (x in nodes) amat[x, pc[[x]]] <- 1L
  info <- list(algorithm = algorithm, test = inputs$spec$name, alpha = alpha,
               max_cond = max_cond, n_tests = res$n_tests, cache_hits = res$cache_hits,
               parents_and_children = pc)
  if (length(res$mb)) {
    info$markov_blankets <- stats::setNames(lapply(res$mb, in_order), sorted)[nodes]
  }
  info$time <- time
  new_bn_graph(amat, "pdag", info = info)
}

check_target <- function(target, nodes, call) {
  if (!is.character(target) || length(target) != 1L || is.na(target)) {
    lbn_abort(paste0("{.arg target} must be one node name (or NULL for the whole network), ",
                     "not {.obj_type_friendly {target}}."), "type", call = call)
  }
  check_nodes(target, nodes, arg = "target", call = call)
}
