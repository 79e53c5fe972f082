# Fuzzing every exported function and S3 method (issue 33): each is called many times
# with random arguments, each argument left at its default, drawn from a pool of junk of
# every type, or drawn from valid values of one small "world" (data, graphs, fits and node
# names that fit together, so calls get deep). Every call must return or fail with a
# learnbn_error, and warn only with learnbn_warnings; never an unclassed error, a crash or
# a hang. The calls run in one child R process that logs each call before making it, so a
# crash or a hang is reported with the exact call: to reproduce one, build the fixtures
# with `fuzz_fixtures()` and evaluate the logged call there after `set.seed(<its seed>)`.

# ---- what runs in the child ------------------------------------------------------------
# These functions are shipped to the child (their environment replaced by one shared
# environment there), so they may call each other but nothing else of this file.

# The objects the calls refer to by name.
fuzz_fixtures <- function() {
  set.seed(1)
  fx <- new.env(parent = globalenv())
  local(envir = fx, {
    cp <- learnbn::college_plans
    cp_rows <- as.data.frame(lapply(cp[1:40, 1:5], function(v) v[sample(40, 40, TRUE)]))
    n <- 60
    a <- stats::rnorm(n)
    b <- a + stats::rnorm(n)
    gauss <- data.frame(a = a, b = b, c = b - a + stats::rnorm(n))
    rm(a, b, n)
    na_frame <- data.frame(x = factor(sample(c("u", "v"), 40, TRUE)),
                           y = factor(sample(c("u", "v", "w"), 40, TRUE)))
    na_frame$x[c(3, 7)] <- NA
    na_frame$y[5] <- NA
    d_cp <- bn_data(cp)
    d_gauss <- bn_data(gauss)
    # the statistics-only form bn_data() gives a database's continuous table (no rows)
    d_gauss_stats <- d_gauss
    d_gauss_stats$values[] <- list(numeric())
    d_gauss_stats$statistics_only <- TRUE
    d_na <- bn_data(na_frame, missing = "allow")
    d_cp_int <- bn_data(cp_rows, interventions = list(SES = 1:10, CP = 5:20))
    d_gauss_int <- bn_data(gauss, interventions = list(b = 1:20))
    g_cp <- hill_climb(cp)
    g_cp_cpdag <- cpdag(g_cp)
    g_cp_empty <- bn_graph(matrix(0, 5, 5, dimnames = rep(list(names(cp)[1:5]), 2)))
    g_pc <- pc(cp)
    g_pc_gauss <- pc(gauss)
    oracle_cp <- dsep_oracle(g_cp, "SES")
    g_gauss <- hill_climb(gauss)
    g_gauss_cpdag <- cpdag(g_gauss)
    g_na <- bn_graph_from_string("[x][y|x]")
    fit_cp <- fit_parameters(g_cp, cp)
    fit_gauss <- fit_parameters(g_gauss, gauss)
    fit_na <- fit_parameters(g_na, d_na, missing = "em")
    asia <- read_bif(system.file("extdata", "asia.bif", package = "learnbn"))
    asia_data <- simulate_data(asia, 200)
    g_asia <- asia$graph
    samples <- structure_mcmc(cp, iterations = 200, chains = 1)
    samples2 <- order_mcmc(cp, iterations = 100, chains = 2)
    strength <- arc_strength(g_cp, cp)
    boot <- bootstrap_arcs(cp, "hill_climb", R = 3)
    cv <- bn_cv(cp, k = 2)
    count <- count_dags(6)
    citest <- ci_test(cp, "SEX", "CP")
    posterior <- query(fit_cp, "CP", list(SEX = "male"))
    cpt_cp <- cpt(fit_cp, "CP")
    regression <- fit_gauss$b
    top <- exhaustive_search(cp[c("SEX", "IQ", "CP", "count")])
    top_table <- top_models(top)
    score_bic <- bn_score("bic")
    score_bdeu <- bn_score("bdeu", iss = 5)
    cp_beliefs <- data.frame(from = c("SES", "IQ"), to = c("CP", "PE"), prob = c(0.9, 0.6))
    score_beliefs <- bn_score("bdeu", prior = "beliefs", beliefs = cp_beliefs)
    score_kappa <- bn_score("k2", prior = "network", prior_graph = g_cp, kappa = 0.1)
    fit_summary <- summary(fit_cp)
    graph_summary <- summary(g_cp)
    ig <- as_igraph(g_cp)
    pag <- as_pag(g_cp_cpdag)  # a PAG wherever a graph is taken, and its own methods
    pag_summary <- summary(pag)
    # A copy: write_bif() may be called with it as its file, and must never overwrite the
    # installed package's survey.bif (which other test files read).
    bif_file <- tempfile(fileext = ".bif")
    file.copy(system.file("extdata", "survey.bif", package = "learnbn"), bif_file)
    out_file <- tempfile(fileext = ".bif")
    # mixed data and its conditional linear Gaussian fit (drawn last: the others unchanged)
    mixed <- data.frame(s = factor(sample(c("p", "q"), 60, TRUE)), u = stats::rnorm(60))
    mixed$v <- mixed$u + (mixed$s == "q") + stats::rnorm(60)
    g_mixed <- bn_graph_from_string("[s][u|s][v|u:s]")
    fit_mixed <- fit_parameters(g_mixed, mixed)
    # and with missing cells, for impute() and structural_em()
    mixed_na <- mixed
    mixed_na$u[c(2, 9)] <- NA
    mixed_na$s[c(4, 9)] <- NA
    d_mixed_na <- bn_data(mixed_na, missing = "allow")
  })
  fx
}

# Junk of every type; `bounded` leaves out the large numbers (for arguments such as
# iterations, where a large value legitimately means a long run).
fuzz_junk <- function(bounded = FALSE, functions = TRUE) {
  large <- alist(1e9, 2^31, 2^31 - 1, 1e300, Inf)
  other <- alist(NULL, NA, NA_character_, NA_integer_, NaN, -Inf, -1, 0, 0.5, -1e300, 1L,
                 TRUE, FALSE, "", "junk", "NA", "a b|c:]", "SEX", "CP", "a", c("SEX", "SEX"),
                 character(0), numeric(0), integer(0), logical(0), 1:100, letters, list(),
                 list(1, "a"), list(a = 1, b = NULL), function(x) x, mean, data.frame(),
                 data.frame(a = 1:3), cp, gauss, na_frame, d_cp, g_cp, g_gauss, g_pc, pag, fit_cp,
                 fit_gauss, samples, strength, cpt_cp, matrix(1:4, 2), matrix("a", 1, 1),
                 matrix(0, 0, 0), new.env(), factor("a"), factor(c("a", "b")),
                 as.Date("2020-01-01"), 1i, as.raw(1), quote(x), y ~ x, c(a = 1, b = 2),
                 array(1:8, c(2, 2, 2)), c(-1, 2), c(NA, 1), cp[0, ], gauss[1, ], cp["SEX"],
                 rep("SEX", 1e4), as.character(1:1e4))
  pool <- if (bounded) other else c(other, large)
  is_function <- function(e) {
    identical(e, quote(mean)) || (is.call(e) && identical(e[[1]], as.name("function")))
  }
  if (functions) pool else Filter(Negate(is_function), pool)
}

# Valid values of one world: data, graphs, fit and node names that belong together.
fuzz_world <- function(name) {
  switch(name,
    cp = list(data = alist(cp, d_cp, cp_rows, d_cp_int), newdata = alist(cp_rows, cp_rows[1:3, ]),
              graph = alist(g_cp, g_cp_cpdag, g_cp_empty, g_pc), dag = alist(g_cp, g_cp_empty),
              fit = alist(fit_cp), arc_from = alist("PE", "CP"),
              arc_to = alist("SEX", "PE", "IQ"),
              node = alist("SEX", "CP", "IQ", "PE", c("SEX", "IQ")), nodes = alist(c("SES", "PE")),
              order = alist(c("SEX", "SES", "IQ", "PE", "CP")),
              pairs = alist(data.frame(from = "SEX", to = "CP"), matrix(c("CP", "IQ"), 1)),
              evidence = alist(list(SEX = "male"), list(IQ = "low", PE = "high")),
              do = alist(list(SEX = "male"), list(PE = "high", IQ = "low"))),
    gauss = list(data = alist(gauss, d_gauss, d_gauss_stats, d_gauss_int),
                 newdata = alist(gauss[1:5, ], gauss["b"]),
                 graph = alist(g_gauss, g_gauss_cpdag), dag = alist(g_gauss),
                 fit = alist(fit_gauss), arc_from = alist("a", "b"), arc_to = alist("b", "c"),
                 node = alist("a", "b", c("a", "c")), nodes = alist(c("b", "c")),
                 order = alist(c("c", "a", "b")),
                 pairs = alist(data.frame(from = "a", to = "b")),
                 evidence = alist(list(a = 0.5), list(a = -1, c = 2)),
                 do = alist(list(b = 1), list(a = -1))),
    na = list(data = alist(na_frame, d_na), newdata = alist(na_frame[1:4, ]),
              graph = alist(g_na), dag = alist(g_na), fit = alist(fit_na), node = alist("x", "y"),
              arc_from = alist("x", "y"), arc_to = alist("y"),
              nodes = alist(c("x", "y")), order = alist(c("y", "x")),
              pairs = alist(data.frame(from = "x", to = "y")),
              evidence = alist(list(x = "u")), do = alist(list(x = "v"))),
    asia = list(data = alist(asia_data), newdata = alist(asia_data[1:5, ]),
                graph = alist(g_asia), dag = alist(g_asia), fit = alist(asia),
                arc_from = alist("smoke", "either"), arc_to = alist("lung", "dysp", "xray"),
                node = alist("tub", "dysp"),
                nodes = alist(c("smoke", "lung", "bronc")),
                order = alist(c("asia", "smoke", "tub", "lung", "bronc", "either", "xray",
                                "dysp")),
                pairs = alist(data.frame(from = "smoke", to = "lung")),
                evidence = alist(list(smoke = "yes"), list(dysp = "yes", asia = "no")),
                do = alist(list(smoke = "no"), list(either = "yes", asia = "no"))),
    mixed = list(data = alist(mixed, mixed_na, d_mixed_na),
                 newdata = alist(mixed[1:5, ], mixed["u"], mixed_na[1:10, ]),
                 graph = alist(g_mixed), dag = alist(g_mixed), fit = alist(fit_mixed),
                 arc_from = alist("s", "u"), arc_to = alist("v"),
                 node = alist("s", "u", "v", c("u", "v")), nodes = alist(c("u", "v")),
                 order = alist(c("s", "u", "v")), pairs = alist(data.frame(from = "s", to = "u")),
                 evidence = alist(list(v = 0.5), list(s = "q", v = -1)),
                 do = alist(list(u = 1), list(s = "p"))))
}

# Which world role an argument plays, by "function:argument" first, then by argument.
fuzz_roles <- function() {
  c(data = "data", newdata = "newdata", g = "graph", g1 = "graph", g2 = "graph",
    learned = "graph", truth = "graph", start = "dag", restrict = "graph",
    fit = "fit", object = "fit", prior_network = "fit", node = "node", from = "node",
    to = "node", target = "node", root = "node", name = "node", i = "node",
    highlight = "node", no_parents = "node", no_children = "node", parents = "node",
    nodes = "nodes", z = "nodes", order = "order", whitelist = "pairs", blacklist = "pairs",
    evidence = "evidence", do = "do", "causal_effect:x" = "node", "causal_effect:y" = "node",
    "ci_test:x" = "node", "ci_test:y" = "node", "dsep:x" = "node",
    "dsep:y" = "node", "as_bn:x" = "graph", "random_gaussian_fit:nodes" = "none",
    "random_mixed_fit:nodes" = "none",
    "bn_data:x" = "data", "model_string:g" = "graph", "explain_pc:g" = "none",
    "dsep_oracle:dag" = "dag",
    "add_arc:from" = "arc_from", "remove_arc:from" = "arc_from", "reverse_arc:from" = "arc_from",
    "add_arc:to" = "arc_to", "remove_arc:to" = "arc_to", "reverse_arc:to" = "arc_to")
}

# Valid values that do not depend on the world, by argument.
fuzz_valid <- function() {
  list(score = alist("bic", "bdeu", "aic", "loglik", "bge", "k2", "bde", score_bic,
                     score_bdeu, score_beliefs, score_kappa),
       beliefs = alist(cp_beliefs), prior_graph = alist(g_cp, fit_cp), kappa = alist(0.5, 1),
       test = alist("x2", "g2", "mi", "x2_adf", "fisher_z", "mi_g", "x2_perm",
                    "fisher_z_perm", "cg_lrt"),
       type = alist("bic", "bdeu", "auto", "discrete", "gaussian", "dag", "cpdag", "graph",
                    "heatmap", "trace", "agreement"),
       alpha = alist(0.01, 0.05, 0.5), threshold = alist(0.3, 0.5, 0.9),
       threads = alist(1L, 2L, 1), verbose = alist(TRUE, FALSE), B = alist(10L, 30L),
       iterations = alist(20, 60), burn_in = alist(0, 5), thin = alist(1, 2),
       chains = alist(1, 2), R = alist(2, 3), n = alist(1, 5, 50), k = alist(2, 3),
       max_parents = alist(0, 1, 2), max_cond = alist(0, 1), iss = alist(1, 10),
       method = alist("bayes", "mle", "em", "exact", "lw", "ls", "iamb", "fast_iamb",
                      "inter_iamb", "gs"),
       missing = alist("error", "allow", "none", "em", "gibbs"),
       criterion = alist("score", "test"), loss = alist("logl", "pred"),
       learner = alist("hill_climb", "pc", hill_climb, tabu_search),
       algorithm = alist("hill_climb", "pc", hill_climb, chow_liu),
       search = alist("hill_climb", "tabu_search"), completion = alist("expected", "gibbs"),
       conflicts = alist("bidirected", "first", "strongest"),
       prior = alist("uniform", "arcs", "beliefs", "network"), counts = alist("count", NULL),
       interventions = alist(NULL, list(SEX = 1:3), list(a = c(2, 5)),
                             matrix(c(TRUE, FALSE), 60, 1, dimnames = list(NULL, "b"))),
       file = alist(bif_file, out_file), string = alist("[A][B|A]", "[a][b|a:c][c]"),
       amat = alist(matrix(c(0, 1, 0, 0), 2, dimnames = list(c("A", "B"), c("A", "B")))),
       ig = alist(ig), chain = alist(1, 2, 1:2), x = alist(samples, samples2, strength, boot),
       bidirected = alist(data.frame(from = "A", to = "B")), main = alist("a title"),
       digits = alist(2, 6), top = alist(1, 3), population = alist(4, 8),
       generations = alist(2, 5), control = alist(list(max_iter = 3), list(tol = 1e-3)),
       folds = alist(2, 3), n_nodes = alist(3, 8), sum = alist(TRUE, FALSE),
       prob = alist(TRUE, FALSE), removed = alist(TRUE, FALSE),
       strength = alist(strength), layout = alist(NULL), cex = alist(0.8),
       samples = alist(2, 5), max_completions = alist(4, 16), em_iter = alist(2),
       max_iter = alist(2, 5), restarts = alist(0, 1), lowerings = alist(2, 5),
       max_expansions = alist(5, 50), max_open = alist(10, 100), max_evaluations = alist(50),
       k_max = alist(5, 50), tries = alist(5), changes = alist(2), tabu = alist(3),
       max_tabu = alist(3), temperatures = alist(2, 3), max_families = alist(1e4),
       depth = alist(1, 3), penalty_discount = alist(1, 2.5), bes = alist(TRUE, FALSE, NULL),
       ges_start = alist(TRUE, FALSE, NULL),
       "top_models:x" = alist(top), "average_network:x" = alist(samples, strength, boot),
       "explain_pc:g" = alist(g_pc, g_pc_gauss),
       "bn_score:type" = alist("bic", "bdeu", "bde", "k2", "bd", "aic", "loglik", "cv", "bge",
                               "bcg", "cg_bic"),
       "query:type" = alist("joint", "marginal"),
       "predict.bn_fit:method" = alist("exact", "parents"),
       "causal_effect:method" = alist("local", "global"),
       "as_igraph:strength" = alist(strength, boot, samples),
       x_levels = alist(c("yes", "no"), c("male", "female")), y_level = alist("yes", "low"),
       max_dags = alist(1, 100),
       orientation = alist("standard", "conservative", "majority"),
       pdsep = alist(TRUE, FALSE), selection_bias = alist(TRUE, FALSE),
       latent = alist(character(), "SES", "either"),
       "fci:test" = alist("x2", "g2", oracle_cp, NULL),
       "gfci:test" = alist("x2", "g2", oracle_cp, NULL),
       "gfci:search" = alist("ges", "boss"),
       "pc:test" = alist("x2", "g2", "fisher_z", "mi_cg", oracle_cp, NULL),
       phases = alist("forward", "turning", c("forward", "backward", "turning")),
       iterate = alist(TRUE, FALSE),
       discrete = alist(0.3, 0.5), "random_mixed_fit:levels" = alist(2, 2:3))
}

# Arguments whose large values mean long runs: never large junk, and never the default
# when the default itself is long.
fuzz_bounded <- c("iterations", "burn_in", "thin", "chains", "R", "B", "population",
                  "generations", "restarts", "k_max", "lowerings", "tries", "changes",
                  "em_iter", "samples", "max_completions", "temperatures", "max_evaluations",
                  "max_expansions", "max_open", "n_nodes", "threads", "depth")
fuzz_long_defaults <- c("iterations", "R", "generations", "B", "max_expansions")

# Methods of base operators on the package's classes: junk operands fail as they do on the
# underlying vectors and lists (`list(1)[[mean]]`, `1:3 + mean`), which is fine.
fuzz_base_semantics <- c("[[.bn_fit", "[.bn_count", "Ops.bn_count", "Math.bn_count")

# Extra arguments for `...` (passed to the score by the learners).
fuzz_dots <- function() {
  alist(iss = 10, iss = -1, iss = "a", prior = "arcs", arc_prob = 2, arc_prob = 0.2,
        prior = "beliefs", kappa = 2,
        am = 0, aw = 1, folds = 3, foo = 1, type = "bic")
}

# The functions to fuzz: name (for the log), how to call it, the arguments to draw and
# the pool of its first argument when that is fixed (the class a method is for).
fuzz_targets <- function() {
  ns <- asNamespace("learnbn")
  exports <- sort(setdiff(getNamespaceExports("learnbn"), "plot_trace"))
  targets <- lapply(exports, function(name) {
    fuzz_target(name, as.name(name), get(name, ns), NULL)
  })
  method <- function(generic, class, first, fun = as.name(generic)) {
    name <- paste0(generic, ".", class)
    fuzz_target(name, fun, get(name, ns), first)
  }
  graphs <- "graph"
  fits <- "fit"
  methods <- list(
    method("print", "bn_graph", graphs), method("summary", "bn_graph", graphs),
    method("print", "summary.bn_graph", alist(graph_summary)),
    method("as.matrix", "bn_graph", graphs), method("plot", "bn_graph", graphs),
    method("autoplot", "bn_graph", graphs, quote(ggplot2::autoplot)),
    method("print", "bn_fit", fits), method("summary", "bn_fit", fits),
    method("print", "bn_fit_summary", alist(fit_summary)), method("plot", "bn_fit", fits),
    method("predict", "bn_fit", fits), method("logLik", "bn_fit", fits),
    method("AIC", "bn_fit", fits), method("BIC", "bn_fit", fits),
    method("coef", "bn_fit", fits), method("[[", "bn_fit", fits),
    method("$", "bn_fit", fits), method("nparams", "bn_fit", fits),
    method("print", "bn_cpt", alist(cpt_cp)),
    method("print", "bn_node_regression", alist(regression)),
    method("print", "bn_data", alist(d_cp, d_gauss, d_na, d_gauss_stats)),
    method("as.data.frame", "bn_data", alist(d_cp, d_gauss, d_na, d_gauss_stats)),
    method("dim", "bn_data", alist(d_cp)), method("dimnames", "bn_data", alist(d_cp)),
    method("print", "bn_samples", alist(samples, samples2)),
    method("plot", "bn_samples", alist(samples, samples2)),
    method("print", "bn_bootstrap", alist(boot)), method("plot", "bn_bootstrap", alist(boot)),
    method("autoplot", "bn_bootstrap", alist(boot), quote(ggplot2::autoplot)),
    method("print", "bn_strength", alist(strength)), method("print", "bn_cv", alist(cv)),
    method("print", "bn_citest", alist(citest)),
    method("print", "bn_posterior", alist(posterior)),
    method("print", "bn_top_models", alist(top_table)),
    method("print", "bn_score", alist(score_bic)),
    method("print", "bn_count", alist(count)), method("format", "bn_count", alist(count)),
    method("[", "bn_count", alist(count)), method("as.character", "bn_count", alist(count)),
    method("as.double", "bn_count", alist(count)), method("Ops", "bn_count", alist(count)),
    method("Math", "bn_count", alist(count)),
    method("as_tbl_graph", "bn_graph", graphs, quote(tidygraph::as_tbl_graph)),
    method("as_tbl_graph", "bn_fit", fits, quote(tidygraph::as_tbl_graph)),
    method("print", "bn_pag", alist(pag)), method("summary", "bn_pag", alist(pag)),
    method("print", "summary.bn_pag", alist(pag_summary)),
    method("as.matrix", "bn_pag", alist(pag)), method("plot", "bn_pag", alist(pag)),
    method("autoplot", "bn_pag", alist(pag), quote(ggplot2::autoplot)))
  plot_trace <- list(name = "plot_trace", fun = quote(plot_trace), args = c("...", "main"),
                     required = character(), first = alist(g_cp, g_gauss))
  c(targets, methods, list(plot_trace))
}

# A function to fuzz: its arguments, the required ones (without a default) and the pool
# of its first argument when that is fixed (a pool, or the name of a role in the world).
fuzz_target <- function(name, fun, definition, first) {
  fmls <- formals(definition)
  required <- vapply(fmls, function(v) identical(v, quote(expr = )), NA)
  list(name = name, fun = fun, args = names(fmls), required = names(fmls)[required],
       first = first)
}

# One random call of `target`, as a call object whose arguments are expressions.
fuzz_draw_call <- function(target, valid, roles, junk, dots) {
  world <- fuzz_world(sample(c("cp", "gauss", "na", "asia", "mixed"), 1,
                             prob = c(4, 3, 1, 2, 2)))
  # A third of the calls valid, most with one bad argument (to get deep), the rest random.
  mode <- sample(c("valid", "one_bad", "random"), 1, prob = c(0.35, 0.4, 0.25))
  args <- setdiff(target$args, "...")
  if (!is.null(target$first)) args <- args[-1L]
  bad <- if (mode == "one_bad" && length(args)) sample(args, 1) else ""
  drawn <- list()
  for (arg in args) {
    role <- roles[paste0(target$name, ":", arg)]
    if (is.na(role)) role <- roles[arg]
    good <- if (!is.na(role) && role %in% names(world)) world[[role]]
            else valid[[paste0(target$name, ":", arg)]] %||% valid[[arg]]
    use_junk <- arg == bad || (mode == "random" && stats::runif(1) < 0.4)
    value <- fuzz_draw_arg(arg, target, good, use_junk, mode, junk)
    if (length(value)) drawn[arg] <- value
  }
  if ("..." %in% target$args && is.null(target$first) && mode != "valid" &&
      stats::runif(1) < 0.3) {
    extra <- sample(length(dots), 1)
    drawn[names(dots)[extra]] <- list(dots[[extra]])
  }
  first <- target$first
  if (is.character(first)) first <- world[[first]]
  if (!is.null(first)) first <- list(first[[sample(length(first), 1)]])
  fuzz_make_call(target, c(first, drawn))
}

# One argument: a list holding junk or a valid value, or an empty list for its default
# (never for a required argument, nor for one whose default means a long run).
fuzz_draw_arg <- function(arg, target, good, use_junk, mode, junk) {
  must_draw <- use_junk || arg %in% c(fuzz_long_defaults, target$required)
  keep_default <- !length(good) || stats::runif(1) < if (mode == "random") 0.5 else 0.8
  if (!must_draw && keep_default) return(list())
  pool <- if (!use_junk && length(good)) good
          else if (arg %in% fuzz_bounded) junk$bounded
          else if (arg %in% c("algorithm", "learner", "layout")) junk$no_functions
          else junk$all
  list(pool[[sample(length(pool), 1)]])
}

`%||%` <- function(x, y) if (is.null(x)) y else x

# The call; the group generics are called through one of their members.
fuzz_make_call <- function(target, args) {
  if (target$name == "Ops.bn_count") {
    op <- as.name(sample(c("+", "-", "*", "/", "==", "<", "^", "%%", "&"), 1))
    junk <- fuzz_junk()
    return(as.call(c(op, args[1], list(junk[[sample(length(junk), 1)]]))))
  }
  if (target$name == "Math.bn_count") {
    math <- as.name(sample(c("sqrt", "log", "log10", "abs", "floor", "exp", "cumsum"), 1))
    return(as.call(c(math, args[1])))
  }
  if (target$name %in% c("$.bn_fit", "[[.bn_fit")) {
    # `$` takes a name: only strings reach the method.
    names(args)[2] <- ""
    if (target$name == "$.bn_fit" && !is.character(args[[2]])) args[[2]] <- "junk"
  }
  # The first argument unnamed, as users write it (and as methods need).
  arg_names <- names(args) %||% rep("", length(args))
  if (length(args) && arg_names[1] %in% c("", target$args[1])) names(args)[1] <- ""
  as.call(c(target$fun, args))
}

# Runs one call: "ok", "learnbn_error", or a description of what went wrong.
fuzz_outcome <- function(call, env, seconds) {
  bad_warning <- NULL
  setTimeLimit(elapsed = seconds, transient = TRUE)
  on.exit(setTimeLimit(elapsed = Inf))
  out <- tryCatch(
    withCallingHandlers({
      utils::capture.output(eval(call, env))
      "ok"
    }, warning = function(w) {
      if (!inherits(w, "learnbn_warning")) {
        bad_warning <<- paste("unclassed warning:", conditionMessage(w))
      }
      invokeRestart("muffleWarning")
    }),
    learnbn_error = function(e) "learnbn_error",
    rlib_error_package_not_found = function(e) "missing_package",
    error = function(e) {
      if (grepl("reached elapsed time limit", conditionMessage(e))) return("timeout")
      paste0("unclassed error <", paste(class(e), collapse = "/"), ">: ",
             conditionMessage(e))
    })
  setTimeLimit(elapsed = Inf)
  if (!is.null(bad_warning) && out %in% c("ok", "learnbn_error")) bad_warning else out
}

# The child's main loop: up to `calls` rounds of one call of every target, each logged
# before it runs, until `budget` seconds have passed (so a slow machine runs fewer rounds
# rather than a longer test). The call of round k of target i has seed first_seed +
# (i - 1) * calls + k, whatever happened before it.
fuzz_main <- function(log, calls, seconds, budget = Inf, first_seed = 33000L) {
  suppressPackageStartupMessages(library(learnbn))
  grDevices::pdf(NULL)
  setwd(tempdir())
  env <- fuzz_fixtures()
  targets <- fuzz_targets()
  valid <- fuzz_valid()
  roles <- fuzz_roles()
  # Errors inside a function the user passes as the learner (or layout) are that function's.
  junk <- list(all = fuzz_junk(), bounded = fuzz_junk(bounded = TRUE),
               no_functions = fuzz_junk(functions = FALSE))
  dots <- fuzz_dots()
  results <- list()
  deadline <- proc.time()[["elapsed"]] + budget
  for (k in seq_len(calls)) {
    if (proc.time()[["elapsed"]] > deadline) break
    for (i in seq_along(targets)) {
      target <- targets[[i]]
      seed <- first_seed + (i - 1L) * calls + k
      set.seed(seed)
      call <- fuzz_draw_call(target, valid, roles, junk, dots)
      text <- paste(deparse(call, width.cutoff = 500L), collapse = " ")
      cat(seed, "\t", text, "\n", sep = "", file = log, append = TRUE)
      set.seed(seed)
      started <- proc.time()[["elapsed"]]
      outcome <- fuzz_outcome(call, env, seconds)
      if (target$name %in% fuzz_base_semantics && startsWith(outcome, "unclassed")) {
        outcome <- "base_error"
      }
      results[[length(results) + 1L]] <- c(
        target = target$name, seed = seed, call = text, outcome = outcome,
        seconds = round(proc.time()[["elapsed"]] - started, 3))
    }
  }
  grDevices::dev.off()
  as.data.frame(do.call(rbind, results), stringsAsFactors = FALSE)
}

# ---- the test (parent side) ------------------------------------------------------------

fuzz_child_functions <- function() {
  names <- c("fuzz_fixtures", "fuzz_junk", "fuzz_world", "fuzz_roles", "fuzz_valid",
             "fuzz_dots", "fuzz_target", "fuzz_targets", "fuzz_draw_call", "fuzz_draw_arg",
             "%||%", "fuzz_make_call",
             "fuzz_outcome", "fuzz_main")
  funs <- mget(names, envir = environment(fuzz_child_functions))
  lapply(funs, function(f) {
    environment(f) <- globalenv()
    f
  })
}

# Runs fuzz_main() in a child R process: list(results) when it returns, else
# list(problem) naming the call that crashed it or was running at `deadline` seconds.
run_fuzz_child <- function(calls, seconds, budget, deadline) {
  log <- tempfile("fuzz-log-")
  err <- tempfile("fuzz-stderr-")
  p <- callr::r_bg(function(funs, constants, log, calls, seconds, budget) {
    env <- new.env(parent = globalenv())
    for (name in names(constants)) assign(name, constants[[name]], env)
    for (name in names(funs)) {
      f <- funs[[name]]
      environment(f) <- env
      assign(name, f, env)
    }
    env$fuzz_main(log, calls, seconds, budget)
  }, args = list(funs = fuzz_child_functions(),
                 constants = list(fuzz_bounded = fuzz_bounded,
                                  fuzz_long_defaults = fuzz_long_defaults,
                                  fuzz_base_semantics = fuzz_base_semantics),
                 log = log, calls = calls, seconds = seconds, budget = budget),
  stdout = NULL, stderr = err, package = FALSE)
  on.exit(if (p$is_alive()) p$kill(), add = TRUE)
  p$wait(deadline * 1000)
  alive <- p$is_alive()
  logged <- if (file.exists(log)) readLines(log, warn = FALSE) else character()
  last <- utils::tail(logged, 1)
  if (alive) {
    p$kill()
    return(list(problem = paste("the fuzz run did not finish in", deadline,
                                "s; the call running then (seed, call):\n", last)))
  }
  result <- tryCatch(p$get_result(), error = function(e) e)
  if (inherits(result, "error")) {
    stderr <- if (file.exists(err)) readLines(err, warn = FALSE) else character()
    said <- grep("segfault|cause|terminate|abort|Error", stderr, value = TRUE)
    return(list(problem = paste0("the fuzz child died in the call (seed, call):\n", last,
                                 "\nits stderr says:\n",
                                 paste(substr(utils::head(said, 5), 1, 200), collapse = "\n"))))
  }
  list(results = result)
}

test_that("every exported function and method, called with random arguments, errors cleanly", {
  skip_on_cran()
  skip_if_not_installed("callr")
  # Up to 30 rounds in 25 s (about 25 on 2 cores), fewer on a busy machine. A hang is a call
  # over 10 s (when it polls for interrupts) or a run still going at 90 s.
  shipped <- dir(system.file(package = "learnbn"), recursive = TRUE, full.names = TRUE)
  before <- tools::md5sum(shipped)
  run <- run_fuzz_child(calls = 30, seconds = 10, budget = 25, deadline = 90)
  # No call may write into the installed package (write_bif() once overwrote survey.bif).
  expect_identical(tools::md5sum(shipped), before)
  if (!is.null(run$problem)) {
    expect(FALSE, run$problem)
    return()
  }
  results <- run$results
  # Every target was called in at least a few rounds.
  expect_gte(min(table(results$target)), 5)
  fine <- c("ok", "learnbn_error", "base_error", "missing_package")
  failed <- results[!results$outcome %in% fine, ]
  shown <- utils::head(failed[!duplicated(failed$target), ], 30)
  expect(nrow(failed) == 0,
         paste0(nrow(failed), " of ", nrow(results), " calls failed badly, in ",
                length(unique(failed$target)), " functions; first of each:\n",
                paste0("set.seed(", shown$seed, "); ", shown$call, "\n  -> ", shown$outcome,
                       collapse = "\n")))
  # The calls reach the functions' work, not only their argument checks.
  expect_gt(mean(results$outcome == "ok"), 0.2)
})
