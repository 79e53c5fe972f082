# Bayesian model averaging by MCMC: structure_mcmc() over DAGs and order_mcmc() over node
# orders. Both run whole chains in C++, in batches, with a progress bar between batches.

#' MCMC over DAGs (structure MCMC)
#'
#' Samples DAGs from their posterior, proportional to `exp(score(G))` (Koller and
#' Friedman 2009, ch. 18), with Madigan and York's (1995) Metropolis-Hastings sampler
#' (MC^3). A proposal draws one move uniformly from the legal neighbourhood `nbd(G)` of the
#' current DAG: every arc addition, removal and reversal that keeps it acyclic and
#' within the constraints. The new DAG `G'` is accepted with probability
#' `min(1, exp(score(G') - score(G)) * |nbd(G)| / |nbd(G')|)`, the Hastings correction
#' for the different neighbourhood sizes. `|nbd(G')|` is recounted over the `n (n - 1)`
#' ordered pairs of nodes after each tentative move (constant-time acyclicity checks
#' make this O(n^2)), except when the uniform draw already rejects the move whatever
#' `|nbd(G')|` is.
#'
#' **New-edge reversal.** Single-arc moves cross slowly between DAGs that differ in
#' several arcs at once, and a chain can stay for a long time in a local mode (on all of
#' `college_plans` such chains disagree by 0.8). With probability `new_edge_reversal`
#' (1/15 by default, as in the paper) an iteration instead proposes Grzegorczyk and
#' Husmeier's (2008) new-edge-reversal move: an arc `i -> j` is drawn uniformly among
#' the `N(G)` arcs that may be reversed; `i` and `j` lose all their parents; `i` draws a
#' new parent set that contains `j` and no descendant of `i`, with probability
#' proportional to `exp(score)`; then `j` draws a new parent set without descendants of
#' `j`, likewise. The move is accepted with probability
#' `min(1, N(G) / N(G') * Z*(i) Z(j) / (Z*'(j) Z'(i)))`, where the `Z` are the sums of
#' `exp(score)` over the parent sets each draw chose from and the primed ones those of
#' the reverse move (the family scores themselves cancel). All allowed family scores
#' are computed once beforehand for it, as for [order_mcmc()].
#'
#' With a Bayesian score (`"bdeu"`, `"bde"`, `"k2"`, `"bd"`) the samples follow
#' `P(G | data)` under a structure prior that is uniform over the DAGs the constraints
#' allow (times the score's own structure prior, see [bn_score()]). Posterior features
#' are then averages over the samples, e.g. [arc_probabilities()] (Bayesian model
#' averaging: `p(f | D) ~ (1/K) sum_k f(G_k)`).
#'
#' Each chain keeps the DAG after every `thin`-th iteration once `burn_in` iterations
#' have passed. The chains are seeded from R's random number generator one after the
#' other, so [set.seed()] reproduces a run, and they may run in parallel (`threads`)
#' with the same results.
#'
#' **Convergence.** Every result carries per-arc diagnostics (see the value) and
#' [print()][print.bn_samples] shows the worst arc of each. When two chains' probabilities
#' of some arc differ by more than 0.1 the sampler warns (class
#' `learnbn_warning_convergence`), naming the arc and its probability in each chain: run
#' more iterations, or another sampler. Chains started from different graphs (`start`)
#' and [plot()][plot.bn_samples] are further checks.
#'
#' **Large networks.** Restricting the arcs to the skeleton of a graph learned first
#' (`restrict = hill_climb(d, max_parents = 3)`, or a [pc()] result), as BiDAG does,
#' shrinks the space the chains explore and, for [order_mcmc()] and [partition_mcmc()],
#' the families they precompute. The samples then follow the posterior over the DAGs
#' inside that skeleton, which may miss good DAGs: order and partition MCMC can allow one
#' parent outside it (`plus_one = TRUE`). On alarm (37 nodes, 20,000 rows,
#' `max_parents = 3`, `bench/mcmc.R`), partition chains from the empty graph and from the
#' hill-climbing optimum, restricted to the optimum's skeleton plus one, agree within 0.1
#' on every arc in about 7 s each (56 s without `restrict`), and find the same best DAG
#' as without it; inside the skeleton alone they agree within 0.01 in 2 s, but the best
#' DAG they find scores 240 nats lower.
#'
#' @section Mixed data:
#' On mixed data (see [bn_data()]) the samplers take the conditional Gaussian scores
#' (`"loglik"`, `"aic"`, `"bic"`, see [bn_score()]). A conditional linear Gaussian
#' network has no arc from a continuous to a discrete node, so those arcs are hard
#' constraints, listed in `info$excluded_arcs`: a whitelist or start graph asking for one
#' is an error of class `learnbn_error_continuous_parent`, and the samples follow the
#' posterior over the DAGs without them. Orders and partitions need no restriction of
#' their own: a continuous node placed before a discrete one is simply not among its
#' allowed parents.
#'
#' @inheritParams prepare_search
#' @inheritParams hill_climb
#' @param restrict `NULL`, or a graph (a [bn_graph] or an adjacency matrix) whose
#'   skeleton limits the chains: only pairs adjacent in it may be joined by an arc.
#' @param iterations Iterations of each chain, burn-in included.
#' @param burn_in Iterations discarded at the start of each chain.
#' @param thin Keep every `thin`-th state after the burn-in. By default about 10,000
#'   samples per chain are kept.
#' @param start `NULL` (the empty graph) or a [bn_graph] DAG on the data's nodes where
#'   every chain starts.
#' @param chains Number of independent chains.
#' @param cluster Where the chains run: `NULL` (the default) in this R session; a cluster
#'   from [parallel::makeCluster()] or `"future"` (the plan set with [future::plan()];
#'   needs the future.apply package) gives each chain to a worker. Each chain is seeded
#'   from R's generator in this session beforehand, so the samples under [set.seed()] are
#'   the same on every backend. Workers need learnbn installed.
#' @param threads Number of chains run at the same time; the samples do not depend on it.
#'   `r doc_threads_default()`
#' @param new_edge_reversal The probability that an iteration proposes a new-edge-reversal
#'   move rather than a single-arc move (see Details; 0 turns them off).
#' @param max_families The new-edge-reversal move needs every allowed family score; when
#'   there are more than `max_families` of them (e.g. `max_parents = Inf` on many nodes)
#'   or more than 64 nodes, the sampler runs without it (`info$new_edge_reversal` is
#'   then 0).
#' @param verbose If `TRUE`, report the iterations done as the chains run (one line per
#'   tenth of the run, in whole thousands of iterations), then the acceptance rates and
#'   the time taken.
#' @return A `bn_samples` object: a list with `algorithm`, `nodes`, `score` (the
#'   [bn_score()]), `iterations`, `burn_in`, `thin`, `chains` (one list per chain:
#'   `arcs`, an integer matrix with columns `sample`, `from`, `to` listing the arcs of
#'   every kept DAG by node number; `scores`, the score of each kept DAG; `trace`, the
#'   score every `thin` iterations from the start, burn-in included; `proposed` and
#'   `accepted` moves) and `info`: `algorithm`; `acceptance` per chain; the convergence
#'   diagnostics, `n x n` matrices with rows `from` and columns `to` like
#'   [arc_probabilities()]: `arc_difference` (the largest absolute difference between
#'   two chains' probabilities of each arc; `NULL` with one chain) and its maximum
#'   `max_arc_difference` (`NA` with one chain), `psrf` (Gelman and Rubin's potential
#'   scale reduction factor of each arc's 0/1 series over the kept samples, computed on
#'   split chains, i.e. the first and second half of every chain, so one chain gets it too;
#'   1 for an arc constant in every half alike, `Inf` for one constant within halves
#'   that disagree; values well above 1, say 1.1, mean the chains have not mixed) and
#'   `ess` (the effective sample size of each arc's 0/1 series, summed over the chains,
#'   from Geyer's initial positive sequence of autocorrelations; a chain in which the arc
#'   never changes counts as one draw, and an arc constant in every chain gets `NA`);
#'   `new_edge_reversal` (structure MCMC: the share of new-edge-reversal moves used, 0 when off);
#'   then `score_evaluations`, `cache_hits` and `time` in seconds. See [arc_probabilities()],
#'   [sampled_graphs()], [print()][print.bn_samples] and [plot()][plot.bn_samples].
#' @references Madigan, D. and York, J. (1995). Bayesian graphical models for discrete data.
#'   *International Statistical Review* 63, 215-232.
#'
#'   Grzegorczyk, M. and Husmeier, D. (2008). Improving the structure MCMC sampler for
#'   Bayesian networks by introducing a new edge reversal move. *Machine Learning* 71,
#'   265-305.
#'
#'   Gelman, A. and Rubin, D. B. (1992). Inference from iterative simulation using
#'   multiple sequences. *Statistical Science* 7, 457-472.
#'
#'   Geyer, C. J. (1992). Practical Markov chain Monte Carlo. *Statistical Science* 7,
#'   473-483.
#'
#'   Gelman, A., Carlin, J. B., Stern, H. S., Dunson, D. B., Vehtari, A. and Rubin, D. B.
#'   (2013). *Bayesian Data Analysis*, 3rd ed. CRC Press.
#'
#'   Koller, D. and Friedman, N. (2009). *Probabilistic Graphical Models: Principles
#'   and Techniques*. MIT Press.
#' @inheritSection bootstrap_arcs Clusters and schedulers
#' @family model averaging
#' @export
#' @examples
#' # 300 students drawn from college_plans: the posterior is spread over many DAGs
#' set.seed(1)
#' students <- college_plans[rep(1:128, college_plans$count), 1:5]
#' d <- bn_data(students[sample(nrow(students), 300), ])
#' x <- structure_mcmc(d, iss = 1, iterations = 50000, chains = 2)
#' x
#' round(arc_probabilities(x), 2)
#' x$info$acceptance
structure_mcmc <- function(data, score = NULL, ..., iterations = 2e5,
                           burn_in = floor(iterations / 5),
                           thin = max(1, floor((iterations - burn_in) / 1e4)), start = NULL,
                           chains = 2, whitelist = NULL, blacklist = NULL, max_parents = Inf,
                           no_parents = NULL, no_children = NULL, restrict = NULL,
                           new_edge_reversal = 1 / 15,
                           max_families = 1e7, cluster = NULL, threads = NULL, verbose = FALSE) {
  inputs <- prepare_mcmc(data, score, ..., iterations = iterations, burn_in = burn_in,
                         thin = thin, chains = chains, start = start, whitelist = whitelist,
                         blacklist = blacklist, max_parents = max_parents,
                         no_parents = no_parents, no_children = no_children,
                         restrict = restrict, cluster = cluster, threads = threads,
                         verbose = verbose)
  check_number(new_edge_reversal, min = 0, max = 1)
  check_number(max_families, min = 1)
  search <- inputs$search
  rev <- new_edge_reversal
  if (rev > 0 && (length(search$nodes) > 64L || count_families(search$knowledge) > max_families)) {
    if (search$verbose) {
      cli::cli_inform(paste0("structure_mcmc: no new-edge-reversal moves: more than ",
                             "{format_count(max_families)} families (lower {.arg max_parents})."))
    }
    rev <- 0
  }
  samples <- run_mcmc(search, inputs$schedule, "structure_mcmc", rev = rev,
                      cluster = inputs$cluster)
  samples$info$new_edge_reversal <- rev
  samples
}

#' MCMC over node orders (order MCMC)
#'
#' Friedman and Koller's (2003) sampler over node orders. Every family score with at most
#' `max_parents` parents is computed once; the score of an order is the sum over nodes of
#' the log-sum-exp of the scores of the parent sets consistent with it (all parents
#' before the node). A proposal swaps two nodes drawn at random and is accepted with
#' probability `min(1, exp(score(order') - score(order)))`. For every kept order one DAG
#' is drawn, each node taking a consistent parent set with probability proportional to
#' `exp(score)`, so the result holds DAG samples as for [structure_mcmc()].
#'
#' Order space is much smaller and smoother than DAG space, so the chains mix faster.
#' The price is the prior, which this sampler keeps as an explicit choice: the DAG
#' samples follow `P(G | data) ~ exp(score(G)) * (number of orders consistent with G)`,
#' which favours DAGs with many linear extensions (sparse ones). The arc probabilities
#' are therefore **biased** with respect to the uniform DAG prior of [structure_mcmc()]
#' and [exhaustive_search()] (by 0.16 on all of `college_plans`, BDeu iss 5,
#' `max_parents = 4`). For samples from that posterior, use [partition_mcmc()].
#'
#' **Cost.** There are `n * sum(choose(n - 1, 0:max_parents))` families without
#' constraints (about 289,000 for 37 nodes and 3 parents), each kept with its score
#' (16 bytes); a run needing more than `max_families` of them is refused. At most 64
#' nodes are supported. The default `max_parents = Inf` suits small networks; set it,
#' e.g. to 3, on larger ones.
#'
#' @inheritParams structure_mcmc
#' @param start `NULL` or a [bn_graph] DAG on the data's nodes: each chain starts from
#'   a random order consistent with it (and with the whitelist).
#' @param plus_one If `TRUE`, the skeleton of `restrict` bounds each node's parents up to
#'   one parent outside it (BiDAG's plus-one neighbourhood): arcs that the skeleton misses
#'   can still be found, at the cost of about `n` times more families than the skeleton
#'   alone.
#' @param max_families The largest number of families to precompute.
#' @param threads Number of threads used to score the families and to run the chains;
#'   the samples do not depend on it.
#'   `r doc_threads_default()`
#' @return A `bn_samples` object as for [structure_mcmc()]; `trace` holds the order
#'   scores and `scores` the scores of the sampled DAGs.
#' @references Friedman, N. and Koller, D. (2003). Being Bayesian about network structure: a
#'   Bayesian approach to structure discovery in Bayesian networks. *Machine Learning*
#'   50, 95-125.
#'
#'   Koller, D. and Friedman, N. (2009). *Probabilistic Graphical Models: Principles
#'   and Techniques*. MIT Press.
#' @inheritSection structure_mcmc Mixed data
#' @inheritSection bootstrap_arcs Clusters and schedulers
#' @family model averaging
#' @export
#' @examples
#' # 300 students drawn from college_plans: the posterior is spread over many DAGs
#' set.seed(1)
#' students <- college_plans[rep(1:128, college_plans$count), 1:5]
#' d <- bn_data(students[sample(nrow(students), 300), ])
#' x <- order_mcmc(d, iss = 1, iterations = 10000, max_parents = 2)
#' x
#' round(arc_probabilities(x), 2)
order_mcmc <- function(data, score = NULL, ..., iterations = 1e5, burn_in = floor(iterations / 5),
                       thin = max(1, floor((iterations - burn_in) / 1000)), start = NULL,
                       chains = 2, whitelist = NULL, blacklist = NULL, max_parents = Inf,
                       no_parents = NULL, no_children = NULL, restrict = NULL, plus_one = FALSE,
                       max_families = 1e7, cluster = NULL, threads = NULL, verbose = FALSE) {
  inputs <- prepare_mcmc(data, score, ..., iterations = iterations, burn_in = burn_in,
                         thin = thin, chains = chains, start = start, whitelist = whitelist,
                         blacklist = blacklist, max_parents = max_parents,
                         no_parents = no_parents, no_children = no_children,
                         restrict = restrict, plus_one = plus_one, cluster = cluster,
                         threads = threads, verbose = verbose)
  search <- inputs$search
  check_family_count(search, max_families, "order_mcmc")
  run_mcmc(search, inputs$schedule, "order_mcmc", cluster = inputs$cluster)
}

#' MCMC over ordered partitions (partition MCMC)
#'
#' Kuipers and Moffa's (2017) sampler over ordered partitions of the nodes, which samples
#' DAGs from the same posterior as [structure_mcmc()] and [exhaustive_search()] (the
#' uniform DAG prior, times the score's own structure prior) with the speed of
#' [order_mcmc()], whose order prior it does not have.
#'
#' Every DAG has one ordered partition, its layering: the first element holds the nodes
#' without parents, and a node of a later element has all its parents in earlier
#' elements and at least one in the element just before its own. The score of a
#' partition is the sum over the nodes of the log-sum-exp of the scores of the parent
#' sets that rule allows (every family score with at most `max_parents` parents is
#' computed once, as for [order_mcmc()]), i.e. the log of the summed `exp(score(G))` of
#' the partition's DAGs. Since each DAG belongs to exactly one partition, drawing
#' partitions by their scores and then one DAG of each (each node taking an allowed
#' parent set with probability proportional to `exp(score)`) draws DAGs from
#' `P(G | data)`.
#'
#' The moves are Kuipers and Moffa's, drawn at fixed rates: split one element in two or
#' join two adjacent ones (probability 0.3, uniform over the `m - 1` joins and the
#' `2^k - 2` splits of each element of `k` nodes), swap two nodes of different elements
#' (0.3), and move one node into another element or into a new element of its own
#' (0.4). Each is accepted with probability
#' `min(1, exp(score(P') - score(P)) * N(P) / N(P'))`, where `N` counts the move's
#' neighbourhood (the same for both sides of a swap).
#'
#' **Tempering.** When the data are many, the posterior concentrates on a few DAGs whose
#' partitions are several moves apart, and a single chain crosses between them rarely.
#' Each chain therefore runs `temperatures` coupled copies (Metropolis-coupled MCMC,
#' Geyer 1991): copy `k` targets `exp(score / 2^(k - 1))`, every iteration moves each copy
#' once and proposes to exchange the states of two neighbouring copies, accepted with
#' probability `min(1, exp((b_k - b_k+1) * (score_k+1 - score_k)))`. Only the first copy,
#' whose target is the posterior, is recorded; the others carry it across the valleys.
#' `temperatures = 1` is plain partition MCMC. An iteration costs about `temperatures`
#' times a plain one.
#'
#' **Warm-up.** With many data the partitions also have local modes that tempering does
#' not leave (on alarm at 20,000 rows a chain from the empty graph stayed 3,500 nats below
#' one from the hill-climbing optimum). Order space mixes faster, so each chain spends
#' the first half of its burn-in as an [order_mcmc()] chain and then continues from the
#' partition of the best DAG of the best order it visited (unless its start partition
#' scores higher), much as BiDAG starts partition MCMC from its order-space search. The
#' burn-in is discarded, so the samples are unaffected; `trace` holds order scores over
#' the warm-up.
#'
#' **Arc probabilities.** Given a partition, the probability of each arc is a ratio of
#' sums over the allowed parent sets, so [arc_probabilities()] averages these exact
#' values over the sampled partitions (Rao-Blackwellisation) rather than counting arcs
#' in the sampled DAGs, which [sampled_graphs()] still returns. The defaults keep 10,000
#' samples per chain.
#'
#' **Cost.** As for [order_mcmc()]: all the allowed families are scored beforehand (a run
#' needing more than `max_families` is refused) and at most 64 nodes are supported. The
#' default `max_parents = Inf` suits small networks (up to 5 parents on 20 nodes is
#' about 130,000 families per node); set it, e.g. to 3, on larger ones.
#'
#' @inheritParams order_mcmc
#' @param start `NULL` (the empty graph) or a [bn_graph] DAG on the data's nodes: each
#'   chain starts from its partition.
#' @param temperatures Number of coupled copies of each chain, at temperatures 1, 1/2,
#'   1/4, ... (a whole number from 1 to 20; 1 turns the coupling off).
#' @return A `bn_samples` object as for [structure_mcmc()]; `trace` holds the partition
#'   scores and `scores` the scores of the sampled DAGs.
#' @references Kuipers, J. and Moffa, G. (2017). Partition MCMC for inference on acyclic
#'   digraphs. *Journal of the American Statistical Association* 112, 282-299.
#'
#'   Geyer, C. J. (1991). Markov chain Monte Carlo maximum likelihood. In *Computing
#'   Science and Statistics: Proceedings of the 23rd Symposium on the Interface*, 156-163.
#' @inheritSection structure_mcmc Mixed data
#' @inheritSection bootstrap_arcs Clusters and schedulers
#' @family model averaging
#' @export
#' @examples
#' # All of college_plans, BDeu with iss 5: the exact arc probabilities come from
#' # exhaustive_search(), and partition MCMC reproduces them
#' d <- bn_data(college_plans, counts = "count")
#' set.seed(1)
#' x <- partition_mcmc(d, score = "bdeu", iss = 5)
#' x
#' exact <- exhaustive_search(d, score = "bdeu", iss = 5)$info$arc_probabilities
#' max(abs(arc_probabilities(x) - exact))
partition_mcmc <- function(data, score = NULL, ..., iterations = 2e5,
                           burn_in = floor(iterations / 5),
                           thin = max(1, floor((iterations - burn_in) / 1e4)), start = NULL,
                           chains = 2, whitelist = NULL, blacklist = NULL, max_parents = Inf,
                           no_parents = NULL, no_children = NULL, restrict = NULL,
                           plus_one = FALSE, max_families = 1e7, temperatures = 6, cluster = NULL,
                           threads = NULL, verbose = FALSE) {
  inputs <- prepare_mcmc(data, score, ..., iterations = iterations, burn_in = burn_in,
                         thin = thin, chains = chains, start = start, whitelist = whitelist,
                         blacklist = blacklist, max_parents = max_parents,
                         no_parents = no_parents, no_children = no_children,
                         restrict = restrict, plus_one = plus_one, cluster = cluster,
                         threads = threads, verbose = verbose)
  check_family_count(inputs$search, max_families, "partition_mcmc")
  check_number(temperatures, min = 1, max = 20, whole = TRUE)
  run_mcmc(inputs$search, inputs$schedule, "partition_mcmc", as.integer(temperatures),
           cluster = inputs$cluster)
}
