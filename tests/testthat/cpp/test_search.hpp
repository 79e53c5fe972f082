// search/: the score-based searches on data simulated from a known network
// A -> C <- B, C -> D, E alone (nodes 0..4): hill climbing, tabu, local search,
// annealing, genetic, K2, exact against exhaustive, GES, PDAG search, structure and
// order MCMC.
#pragma once
#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include <learnbn/graph/pdag.hpp>
#include <learnbn/score/parent_sets.hpp>
#include <learnbn/search/boss.hpp>
#include <learnbn/search/boss_ges.hpp>
#include <learnbn/search/exact.hpp>
#include <learnbn/search/grasp.hpp>
#include <learnbn/search/exhaustive.hpp>
#include <learnbn/search/genetic.hpp>
#include <learnbn/search/ges.hpp>
#include <learnbn/search/hill_climb.hpp>
#include <learnbn/search/k2.hpp>
#include <learnbn/search/local_search.hpp>
#include <learnbn/search/memory.hpp>
#include <learnbn/search/order_mcmc.hpp>
#include <learnbn/search/partition_mcmc.hpp>
#include <learnbn/search/pdag_search.hpp>
#include <learnbn/search/simulated_annealing.hpp>
#include <learnbn/search/structure_mcmc.hpp>
#include <learnbn/search/tabu_search.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

// The network of the search and constraint tests.
inline const ParentLists& collider_parents() {
  static const ParentLists parents = {{}, {}, {0, 1}, {2}, {}};
  return parents;
}
inline Simulated collider_data(std::size_t rows, std::uint32_t seed) {
  return Simulated(rows, {2, 2, 2, 2, 2}, collider_parents(),
                   {{0.5, 0.5}, {0.6, 0.4}, {0.9, 0.1, 0.2, 0.8, 0.3, 0.7, 0.05, 0.95}, {0.85, 0.15, 0.2, 0.8}, {0.7, 0.3}},
                   seed);
}

inline ParentLists parents_of(const Dag& dag) {
  ParentLists out(dag.size());
  for (int v = 0; v < dag.size(); ++v) {
    out[v] = dag.parents(v);
    std::sort(out[v].begin(), out[v].end());
  }
  return out;
}
inline ParentLists parents_of(const std::vector<NodeSet>& sets) {
  ParentLists out;
  for (NodeSet s : sets) out.push_back(set_nodes(s));
  return out;
}
inline double total_score(FamilyScorer& scorer, const ParentLists& parents) {
  double total = 0;
  for (std::size_t v = 0; v < parents.size(); ++v) total += scorer.score(static_cast<int>(v), parents[v]);
  return total;
}
inline bool is_dag(const ParentLists& parents) { return !topological_order(parents).empty(); }
inline bool same_class_as_truth(const ParentLists& parents) {
  return is_dag(parents) && cpdag_of_dag(parents) == cpdag_of_dag(collider_parents());
}
inline ScoreSpec bic_spec() {
  ScoreSpec spec;
  spec.type = ScoreType::bic;
  return spec;
}

inline void test_hill_climb() {
  Simulated data = collider_data(3000, 21);
  FamilyScorer scorer(data.view, bic_spec(), 1);
  Constraints k = Constraints::none(5);
  Random random(7);
  const SearchResult result = hill_climb(Dag(5), scorer, k, 1000, 0, 0, random, [] {});
  CHECK(same_class_as_truth(parents_of(result.dag)));
  CHECK(near(total_score(scorer, parents_of(result.dag)), result.score));
  CHECK(result.stats.iterations == result.dag.n_arcs());  // from the empty graph, additions only
  CHECK(result.stats.trace.size() == result.stats.iterations + 1);
  CHECK(std::is_sorted(result.stats.trace.begin(), result.stats.trace.end()));
  // No single move improves the result.
  ArcMoves moves(scorer, k);
  moves.refresh_all(result.dag);
  CHECK(!moves.best(result.dag).valid() || moves.best(result.dag).delta <= kImprovement);
  // max_iterations bounds the moves; restarts never lose the best graph.
  Random again(7);
  const SearchResult one = hill_climb(Dag(5), scorer, k, 1, 0, 0, again, [] {});
  CHECK(one.stats.iterations == 1 && one.dag.n_arcs() == 1);
  Random restarts(8);
  const SearchResult restarted = hill_climb(Dag(5), scorer, k, 1000, 5, 3, restarts, [] {});
  CHECK(restarted.score >= result.score - 1e-9);
  // The restart report sees each restart end, with the best so far; the result is the same.
  std::vector<int> ended;
  std::vector<double> best_so_far;
  Random reported_rng(8);
  const SearchResult reported = hill_climb(Dag(5), scorer, k, 1000, 5, 3, reported_rng, [] {},
                                           [&](int restart, double score, double best) {
                                             ended.push_back(restart);
                                             best_so_far.push_back(best);
                                             CHECK(best >= score - 1e-9);
                                           });
  CHECK((ended == std::vector<int>{1, 2, 3, 4, 5}));
  CHECK(std::is_sorted(best_so_far.begin(), best_so_far.end()));
  CHECK(near(best_so_far.back(), restarted.score) && reported.score == restarted.score);
  // A blacklisted arc is never added, a whitelisted one never removed.
  Constraints bk = Constraints::none(5);
  bk.forbidden[0 * 5 + 2] = bk.forbidden[2 * 5 + 0] = 1;
  bk.required[4 * 5 + 3] = 1;
  Dag start(5);
  start.add_arc(4, 3);
  Random r3(3);
  const SearchResult constrained = hill_climb(start, scorer, bk, 1000, 0, 0, r3, [] {});
  CHECK(!constrained.dag.adjacent(0, 2) && constrained.dag.has_arc(4, 3));
  // The interrupt callback runs, and what it throws stops the search.
  bool stopped = false;
  Random r4(4);
  try {
    hill_climb(Dag(5), scorer, k, 1000, 0, 0, r4, [] { throw std::runtime_error("interrupt"); });
  } catch (const std::runtime_error&) { stopped = true; }
  CHECK(stopped);
}

// The move tables kept up to date through random moves: every delta equals that of
// tables built afresh on the same graph, with one thread or two; best() equals a scan of
// every legal move (its row bounds only skip rows that cannot win, and ties go to the
// first in scan order), with and without a `skip` filter. Returns how often the best
// move tied with a legal move of another row.
inline int check_arc_moves_updates(const DataView& view) {
  FamilyScorer one(view, bic_spec(), 1), two(view, bic_spec(), 2);
  Constraints k = Constraints::none(5);
  Dag dag(5);
  ArcMoves moves(one, k);
  moves.refresh_all(dag);
  Random rng(3);
  auto scan = [&](const ArcMoves& m, const std::function<bool(const Move&)>& skip) {
    Move best;
    for_each_candidate_move(dag, [&](Move c) {
      c.delta = m.delta(c);
      if (c.delta > best.delta && m.legal(dag, c) && !(skip && skip(c))) best = c;
    });
    return best;
  };
  auto skip_adds = [](const Move& m) { return m.type == MoveType::add && (m.from + m.to) % 3 == 0; };
  bool same_deltas = true, same_best = true;
  int made = 0, ties = 0;
  for (int step = 0; step < 400 && made < 120; ++step) {
    const Move m = random_move(dag, rng);
    if (!legal_move(dag, k, m)) continue;
    moves.apply(dag, m);
    ++made;
    ArcMoves fresh(two, k);
    fresh.refresh_all(dag);
    for_each_candidate_move(dag, [&](const Move& c) { same_deltas = same_deltas && moves.delta(c) == fresh.delta(c); });
    same_deltas = same_deltas && moves.total() == fresh.total();
    same_best = same_best && fresh.best(dag) == scan(fresh, nullptr);  // rows bounded on two threads
    // Filters that reject every move above a cut reach down the ranking of the moves.
    std::vector<std::function<bool(const Move&)>> skips = {nullptr, skip_adds};
    std::vector<double> deltas;
    for_each_candidate_move(dag, [&](const Move& c) { if (moves.legal(dag, c)) deltas.push_back(moves.delta(c)); });
    std::sort(deltas.begin(), deltas.end());
    for (std::size_t q = 1; q < 10; ++q) {
      const double cut = deltas[q * deltas.size() / 10];
      skips.push_back([&moves, cut](const Move& c) { return moves.delta(c) >= cut; });
    }
    // Filters that keep one kind of move into one node check each row's bound.
    for (int to = 0; to < 5; ++to) {
      for (MoveType type : {MoveType::add, MoveType::remove, MoveType::reverse}) {
        skips.push_back([to, type](const Move& c) { return c.to != to || c.type != type; });
      }
    }
    for (const auto& skip : skips) {
      const Move a = moves.best(dag, skip), b = scan(moves, skip);
      same_best = same_best && a == b && (a.delta == b.delta || !a.valid());
    }
    const Move top = moves.best(dag);
    bool tied = false;
    for_each_candidate_move(dag, [&](const Move& c) {
      tied = tied || (c.to != top.to && moves.legal(dag, c) && moves.delta(c) == top.delta);
    });
    ties += tied;
  }
  CHECK(made == 120);
  CHECK(same_deltas);
  CHECK(same_best);
  return ties;
}

inline void test_arc_moves_updates() {
  Simulated data = collider_data(2000, 5);
  check_arc_moves_updates(data.view);
  // A copy of node 0 as node 1: moves into 0 and into 1 tie exactly.
  DataView twins = data.view;
  twins.columns[1] = twins.columns[0];
  CHECK(check_arc_moves_updates(twins) > 0);
}

inline void test_tabu() {
  Simulated data = collider_data(3000, 21);
  FamilyScorer scorer(data.view, bic_spec(), 1);
  Constraints k = Constraints::none(5);
  Random random(7);
  const SearchResult climbed = hill_climb(Dag(5), scorer, k, 1000, 0, 0, random, [] {});
  const SearchResult tabu = tabu_search(Dag(5), scorer, k, 1000, 10, 10, [] {});
  CHECK(same_class_as_truth(parents_of(tabu.dag)));
  CHECK(near(total_score(scorer, parents_of(tabu.dag)), tabu.score));
  CHECK(tabu.score >= climbed.score - 1e-9);
  // Tabu keeps moving past the optimum (patience), so it makes more moves than arcs.
  CHECK(tabu.stats.iterations > tabu.dag.n_arcs());
  CHECK(tabu.stats.trace.size() == tabu.stats.iterations + 1);
  CHECK(*std::max_element(tabu.stats.trace.begin(), tabu.stats.trace.end()) <= tabu.score + 1e-9);
  const SearchResult capped = tabu_search(Dag(5), scorer, k, 2, 10, 10, [] {});
  CHECK(capped.stats.iterations == 2);
}

inline void test_local_search() {
  Simulated data = collider_data(3000, 21);
  FamilyScorer scorer(data.view, bic_spec(), 1);
  Constraints k = Constraints::none(5);
  Random random(5);
  const SearchResult result = local_search(Dag(5), scorer, k, 3000, SIZE_MAX, random, [] {});
  CHECK(near(total_score(scorer, parents_of(result.dag)), result.score));
  // Every accepted move raises the score.
  bool increasing = true;
  for (std::size_t i = 1; i < result.stats.trace.size(); ++i) {
    increasing = increasing && result.stats.trace[i] > result.stats.trace[i - 1];
  }
  CHECK(increasing && result.stats.iterations >= 3);
  CHECK(result.dag.adjacent(0, 2) && result.dag.adjacent(1, 2) && result.dag.adjacent(2, 3));
  // The same seed gives the same run.
  Random same(5);
  const SearchResult repeated = local_search(Dag(5), scorer, k, 3000, SIZE_MAX, same, [] {});
  CHECK(parents_of(repeated.dag) == parents_of(result.dag) && repeated.score == result.score);
  // max_iter stops the search after that many accepted moves: the run's first two.
  Random capped_rng(5);
  const SearchResult capped = local_search(Dag(5), scorer, k, 3000, 2, capped_rng, [] {});
  CHECK(capped.stats.iterations == 2 && capped.stats.trace.size() == 3);
  CHECK(capped.stats.trace[2] == result.stats.trace[2]);
  // One node: nothing to do.
  Random r(1);
  const SearchResult single =
      local_search(Dag(1), scorer, Constraints::none(1), 10, SIZE_MAX, r, [] {});
  CHECK(single.stats.iterations == 0);
}

inline void test_annealing() {
  Simulated data = collider_data(3000, 21);
  FamilyScorer scorer(data.view, bic_spec(), 1);
  Constraints k = Constraints::none(5);
  Random random(6);
  const AnnealingSchedule schedule{5.0, 200, 50, 0.8, 60};
  const SearchResult result = simulated_annealing(Dag(5), scorer, k, schedule, random, [] {});
  const double empty = total_score(scorer, ParentLists(5));
  CHECK(near(result.stats.trace.front(), empty));
  CHECK(result.score >= empty);
  CHECK(near(total_score(scorer, parents_of(result.dag)), result.score));
  CHECK(*std::max_element(result.stats.trace.begin(), result.stats.trace.end()) <= result.score + 1e-9);
  CHECK(result.dag.adjacent(0, 2) && result.dag.adjacent(1, 2) && result.dag.adjacent(2, 3));
}

inline void test_genetic() {
  Simulated data = collider_data(3000, 21);
  FamilyScorer scorer(data.view, bic_spec(), 1);
  Constraints k = Constraints::none(5);
  k.forbidden[4 * 5 + 0] = 1;
  k.required[1 * 5 + 2] = 1;
  Dag start(5);
  start.add_arc(1, 2);
  GeneticOptions options;
  options.population = 10;
  options.generations = 15;
  Random random(12);
  GeneticSearch plain(scorer, k, options, random, [] {});
  const SearchResult result = plain.run(start);
  CHECK(result.stats.trace.size() == options.generations + 1);
  CHECK(std::is_sorted(result.stats.trace.begin(), result.stats.trace.end()));  // the best survives
  CHECK(is_dag(parents_of(result.dag)));
  CHECK(near(total_score(scorer, parents_of(result.dag)), result.score));
  CHECK(result.dag.has_arc(1, 2) && !result.dag.has_arc(4, 0));
  // Memetic: every child climbed, so the best is a local optimum of the class of the truth.
  options.memetic = true;
  options.generations = 3;
  Random again(12);
  GeneticSearch memetic(scorer, k, options, again, [] {});
  const SearchResult climbed = memetic.run(start);
  CHECK(same_class_as_truth(parents_of(climbed.dag)));
  CHECK(climbed.score >= result.score - 1e-9);
}

inline void test_k2() {
  Simulated data = collider_data(3000, 21);
  ScoreSpec spec;
  spec.type = ScoreType::k2;
  FamilyScorer scorer(data.view, spec, 1);
  Constraints k = Constraints::none(5);
  int ticks = 0;
  const SearchResult result = k2_search(scorer, {0, 1, 2, 3, 4}, k, [&] { ++ticks; });
  CHECK(ticks == 5);
  ParentLists sorted = parents_of(result.dag);
  for (auto& p : sorted) std::sort(p.begin(), p.end());
  CHECK(sorted == collider_parents());
  CHECK(near(total_score(scorer, parents_of(result.dag)), result.score));
  CHECK(result.stats.iterations == 3);  // the three arcs of the collider's family and child
  // Candidates scored on two threads give the same families and score.
  FamilyScorer threaded(data.view, spec, 2);
  const SearchResult two = k2_search(threaded, {0, 1, 2, 3, 4}, k);
  CHECK(parents_of(two.dag) == parents_of(result.dag) && two.score == result.score);
  // Parents only come from earlier nodes of the order; max_parents bounds them.
  const SearchResult reversed = k2_search(scorer, {4, 3, 2, 1, 0}, k);
  bool earlier = true;
  for (int v = 0; v < 5; ++v) for (int p : reversed.dag.parents(v)) earlier = earlier && p > v;
  CHECK(earlier);
  k.max_parents = 1;
  const SearchResult bounded = k2_search(scorer, {0, 1, 2, 3, 4}, k);
  CHECK(bounded.dag.parents(2).size() == 1 && bounded.dag.parents(3) == (std::vector<int>{2}));
}

inline void test_exact_exhaustive() {
  Simulated data = collider_data(1000, 22);
  ScoreSpec spec;  // bdeu
  FamilyScorer scorer(data.view, spec, 2);
  Constraints k = Constraints::none(5);
  const FamilyTable table = score_allowed_families(scorer, k, [] {});
  const SearchResult exact = exact_search(table, 5, 2, [] {});
  DagEnumerator enumerator(table, 5, 3, [] {});
  const DagPosterior all = enumerator.run();
  CHECK(all.n_dags == 29281);  // labelled DAGs on 5 nodes
  // Progress: each stage ends at its total (families scored, 2^5 node sets, the DAGs).
  std::vector<std::string> stages;
  std::vector<double> ends;
  const Progress progress([&](const std::string& stage, double done, double total) {
    if (done == total && (stages.empty() || stages.back() != stage)) {
      stages.push_back(stage);
      ends.push_back(total);
    }
  }, 0.0);
  const FamilyTable reported_table = score_allowed_families(scorer, k, [] {}, progress);
  CHECK(exact_search(reported_table, 5, 1, [] {}, progress).score == exact.score);
  DagEnumerator reported(reported_table, 5, 3, [] {}, progress);
  CHECK(reported.run().n_dags == all.n_dags);
  CHECK((stages == std::vector<std::string>{"families", "subsets", "dags"}));
  CHECK((ends == std::vector<double>{static_cast<double>(table.size()), 32, 29281}));
  CHECK(all.top.size() == 3);
  CHECK(all.top[0].score >= all.top[1].score && all.top[1].score >= all.top[2].score);
  CHECK(near(exact.score, all.top[0].score));
  CHECK(near(best_result(all).score, exact.score) && best_result(all).stats.trace.size() == 1);
  CHECK(near(total_score(scorer, parents_of(exact.dag)), exact.score));
  CHECK(is_dag(parents_of(exact.dag)));
  // The best DAG's class is that of the truth; its equivalent DAGs score the same (BDeu).
  CHECK(same_class_as_truth(parents_of(exact.dag)));
  CHECK(std::isfinite(all.log_total) && all.log_total >= all.top[0].score);
  bool probabilities = all.arc_probability.size() == 25;
  for (int a = 0; a < 5 && probabilities; ++a) {
    probabilities = all.arc_probability[a * 5 + a] == 0;
    for (int b = 0; b < 5; ++b) {
      const double pab = all.arc_probability[a * 5 + b], pba = all.arc_probability[b * 5 + a];
      probabilities = probabilities && pab >= 0 && pab <= 1 && pab + pba <= 1 + 1e-9;
    }
  }
  CHECK(probabilities);
  // The true edges are (almost) certain, an edge to the isolated node unlikely.
  auto edge = [&](int a, int b) { return all.arc_probability[a * 5 + b] + all.arc_probability[b * 5 + a]; };
  CHECK(edge(0, 2) > 0.99 && edge(1, 2) > 0.99 && edge(2, 3) > 0.99 && edge(3, 4) < 0.05);
  // Hill climbing cannot beat the optimum.
  Random random(1);
  const SearchResult climbed = hill_climb(Dag(5), scorer, k, 1000, 0, 0, random, [] {});
  CHECK(climbed.score <= exact.score + 1e-9);
  // Under a parent bound of one, the exact optimum has no v-structure left.
  Constraints one = Constraints::none(5);
  one.max_parents = 1;
  const FamilyTable small = score_allowed_families(scorer, one, [] {});
  const SearchResult bounded = exact_search(small, 5, 1, [] {});
  DagEnumerator bounded_all(small, 5, 1, [] {});
  const DagPosterior forests = bounded_all.run();
  CHECK(near(bounded.score, forests.top[0].score));
  bool at_most_one = true;
  for (int v = 0; v < 5; ++v) at_most_one = at_most_one && bounded.dag.parents(v).size() <= 1;
  CHECK(at_most_one);
  CHECK(forests.n_dags == 1296);  // rooted forests on 5 labelled nodes: 6^4
}

inline void test_ges() {
  Simulated data = collider_data(3000, 21);
  FamilyScorer scorer(data.view, bic_spec(), 1);
  Constraints k = Constraints::none(5);
  Ges ges(scorer, k, GesOptions{}, [] {});
  const SearchResult result = ges.run(ParentLists(5));
  CHECK(*result.cpdag == cpdag_of_dag(collider_parents()));
  CHECK(same_class_as_truth(parents_of(result.dag)));
  CHECK(near(total_score(scorer, parents_of(result.dag)), result.score));
  CHECK(result.counts.size() == 2 && result.counts[0].name == "forward_steps");
  CHECK(result.counts[0].value >= 3);
  CHECK(result.stats.trace.size() == 1 + result.stats.iterations);
  CHECK(result.stats.iterations == result.counts[0].value + result.counts[1].value);
  CHECK(std::is_sorted(result.stats.trace.begin(), result.stats.trace.end()));
  // From the truth itself nothing improves much: the same class.
  Ges again(scorer, k, GesOptions{}, [] {});
  const SearchResult from_truth = again.run(collider_parents());
  CHECK(from_truth.cpdag == result.cpdag);
}

inline void test_pdag_search() {
  Simulated data = collider_data(3000, 21);
  FamilyScorer scorer(data.view, bic_spec(), 1);
  Constraints k = Constraints::none(5);
  PdagSearch search(scorer, k, PdagSearchOptions{}, [] {});
  const SearchResult result = search.run(ParentLists(5));
  CHECK(*result.cpdag == cpdag_of_dag(collider_parents()));
  CHECK(same_class_as_truth(parents_of(result.dag)));
  CHECK(near(total_score(scorer, parents_of(result.dag)), result.score));
  CHECK(result.stats.trace.size() == result.stats.iterations + 1);
  CHECK(std::is_sorted(result.stats.trace.begin(), result.stats.trace.end()));
  PdagSearchOptions capped;
  capped.max_iter = 1;
  PdagSearch one_step(scorer, k, capped, [] {});
  CHECK(one_step.run(ParentLists(5)).stats.iterations == 1);
}

// The DAGs a chain kept, from its record's (sample, from, to) triples.
inline std::vector<ParentLists> sampled_dags(const ChainRecord& r, int n) {
  std::vector<ParentLists> out(r.sample_scores.size(), ParentLists(n));
  for (std::size_t a = 0; a < r.sample.size(); ++a) out[r.sample[a]][r.to[a]].push_back(r.from[a]);
  return out;
}

inline void test_mcmc() {
  Simulated data = collider_data(500, 23);
  ScoreSpec spec;  // bdeu
  FamilyScorer scorer(data.view, spec, 1);
  Constraints k = Constraints::none(5);
  k.required[3 * 5 + 4] = 1;  // D -> E in every sample
  Dag start(5);
  start.add_arc(3, 4);
  McmcSchedule schedule;
  schedule.iterations = 2000;
  schedule.burn_in = 500;
  schedule.thin = 10;
  std::vector<StructureChain> chains;
  chains.emplace_back(data.view, spec, k, start, schedule, 99);
  chains.emplace_back(data.view, spec, k, start, schedule, 99);
  advance_chains(chains, 1500, 2);
  CHECK(chains[0].done() == 1500);
  advance_chains(chains, 1500, 1);
  CHECK(chains[0].done() == 2000);
  const ChainRecord& r = chains[0].record();
  CHECK(r.trace.size() == 201 && r.sample_scores.size() == 150);
  CHECK(r.proposed == 2000 && r.accepted > 0 && r.accepted < r.proposed);
  // Chains with the same seed agree whatever the threads did.
  CHECK(r.sample_scores == chains[1].record().sample_scores && r.from == chains[1].record().from);
  bool valid = true;
  const std::vector<ParentLists> dags = sampled_dags(r, 5);
  for (std::size_t s = 0; s < dags.size(); ++s) {
    valid = valid && is_dag(dags[s]) && near(total_score(scorer, dags[s]), r.sample_scores[s]);
    valid = valid && std::find(dags[s][4].begin(), dags[s][4].end(), 3) != dags[s][4].end();
  }
  CHECK(valid);
  // Order MCMC: node scores are log-sum-exps over the consistent parent sets, and every
  // sampled DAG's score is the sum of its families'.
  Constraints none = Constraints::none(5);
  const FamilyTable table = score_allowed_families(scorer, none, [] {});
  const OrderScorer order_scorer(table);
  double top = -INFINITY;
  for (double s : table.scores[2]) top = std::max(top, s);
  double sum = 0;
  for (double s : table.scores[2]) sum += std::exp(s - top);
  CHECK(near(order_scorer.node_score(2, 0b11011), top + std::log(sum)));
  CHECK(near(order_scorer.node_score(2, 0), table.scores[2][0]));  // the empty set only
  std::vector<OrderChain> orders;
  orders.emplace_back(order_scorer, std::vector<NodeSet>(5, 0), schedule, 7);
  advance_chains(orders, 2000, 1);
  const ChainRecord& o = orders[0].record();
  CHECK(o.trace.size() == 201 && o.sample_scores.size() == 150 && o.proposed == 2000);
  valid = true;
  const std::vector<ParentLists> order_dags = sampled_dags(o, 5);
  for (std::size_t s = 0; s < order_dags.size(); ++s) {
    valid = valid && is_dag(order_dags[s]) && near(total_score(scorer, order_dags[s]), o.sample_scores[s]);
  }
  CHECK(valid);
}

// Partition MCMC: the layering of a DAG, the node scores restricted to parent sets that
// hit the previous element, and chains that are reproducible, keep the required arc in
// every sample and in the Rao-Blackwellised arc mass, and leave the warm-up no worse.
inline void test_partition_mcmc() {
  std::vector<NodeSet> parents(5, 0);
  parents[2] = node_bit(0) | node_bit(1);  // A -> C <- B
  parents[3] = node_bit(2) | node_bit(0);  // C -> D <- A
  CHECK((dag_partition(parents) == Partition{{0, 1, 4}, {2}, {3}}));
  parents[0] = node_bit(3);  // D -> A closes a cycle
  bool threw = false;
  try { dag_partition(parents); } catch (const std::runtime_error&) { threw = true; }
  CHECK(threw);
  CHECK((temperature_ladder(3) == std::vector<double>{1, 0.5, 0.25}));
  // Plus-one parent sets: node 3 with skeleton neighbour 0 and nodes 1, 2 outside.
  Constraints plus = Constraints::none(4);
  plus.plus_one.assign(16, 0);
  plus.plus_one[1 * 4 + 3] = plus.plus_one[2 * 4 + 3] = 1;
  CHECK((allowed_parent_sets(plus, 3) == std::vector<NodeSet>{0, 0b001, 0b010, 0b100, 0b011, 0b101}));

  Simulated data = collider_data(500, 23);
  ScoreSpec spec;
  FamilyScorer scorer(data.view, spec, 1);
  Constraints k = Constraints::none(5);
  k.required[3 * 5 + 4] = 1;  // D -> E in every sample
  const FamilyTable table = score_allowed_families(scorer, k, [] {});
  const OrderScorer order_scorer(table);
  // Node 2 with predecessors {0, 1, 3} whose sets must hold 3: a plain log-sum-exp.
  const NodeSet before = 0b1011, hit = 0b1000;
  double top = -INFINITY, sum = 0;
  for (std::size_t i = 0; i < table.sets[2].size(); ++i) {
    const NodeSet set = table.sets[2][i];
    if ((set & ~before) == 0 && (set & hit) != 0) top = std::max(top, table.scores[2][i]);
  }
  for (std::size_t i = 0; i < table.sets[2].size(); ++i) {
    const NodeSet set = table.sets[2][i];
    if ((set & ~before) == 0 && (set & hit) != 0) sum += std::exp(table.scores[2][i] - top);
  }
  CHECK(near(order_scorer.node_score(2, before, hit), top + std::log(sum)));
  CHECK(std::isinf(order_scorer.node_score(4, 0b0111)));  // E needs D

  McmcSchedule schedule;
  schedule.iterations = 3000;
  schedule.burn_in = 1000;
  schedule.thin = 10;
  std::vector<NodeSet> start(5, 0);
  start[4] = node_bit(3);
  std::vector<PartitionChain> chains;
  chains.emplace_back(order_scorer, start, schedule, 5, 3, 500);
  chains.emplace_back(order_scorer, start, schedule, 5, 3, 500);
  advance_chains(chains, 1200, 2);
  advance_chains(chains, 5000, 1);  // stops at the end of the schedule
  const ChainRecord& r = chains[0].record();
  CHECK(r.trace.size() == 301 && r.sample_scores.size() == 200);
  CHECK(r.sample_scores == chains[1].record().sample_scores && chains[0].arc_mass() == chains[1].arc_mass());
  bool valid = true;
  const std::vector<ParentLists> dags = sampled_dags(r, 5);
  for (std::size_t s = 0; s < dags.size(); ++s) {
    valid = valid && is_dag(dags[s]) && near(total_score(scorer, dags[s]), r.sample_scores[s]);
  }
  CHECK(valid);
  const std::vector<double>& mass = chains[0].arc_mass();
  CHECK(near(mass[3 * 5 + 4], 200));
  valid = true;
  for (int v = 0; v < 5; ++v) {
    valid = valid && mass[v * 5 + v] == 0;
    for (int u = 0; u < v; ++u) valid = valid && mass[u * 5 + v] + mass[v * 5 + u] <= 200 + 1e-9;
  }
  CHECK(valid);
  // The warm-up's best DAG scores at least as well as the start graph's best partition.
  std::vector<OrderChain> orders;
  orders.emplace_back(order_scorer, start, McmcSchedule{500, 500, 500}, 11);
  const ParentLists start_lists = [&] {
    ParentLists out(5);
    out[4] = {3};
    return out;
  }();
  const std::vector<NodeSet> first_best = orders[0].best_dag();
  advance_chains(orders, 500, 1);
  const std::vector<NodeSet> best = orders[0].best_dag();
  ParentLists best_lists(5), first_lists(5);
  for (int v = 0; v < 5; ++v) {
    best_lists[v] = set_nodes(best[v]);
    first_lists[v] = set_nodes(first_best[v]);
  }
  CHECK(is_dag(best_lists) && (best[4] & node_bit(3)) != 0);
  CHECK(total_score(scorer, best_lists) >= total_score(scorer, first_lists) - 1e-9);
  CHECK(total_score(scorer, first_lists) >= total_score(scorer, start_lists) - 1e-9);
}

// What the searches will hold, by hand: five free nodes have 5 * 16 parent sets, so
// exact search needs 32 * 80 + 8 * 5 * 2^4 + 9 * 2^5 = 3,488 bytes; blacklisting
// 1 -> 0 takes 8 sets and 8 best-parent scores of node 0 away. A node pair costs the
// core 4 bytes of constraints and adjacency and two doubles of gains.
inline void test_memory_plan() {
  Constraints c = Constraints::none(5);
  CHECK(count_allowed_families(c) == 80 && exact_search_bytes(c) == 3488);
  c.forbidden[1 * 5 + 0] = 1;
  CHECK(count_allowed_families(c) == 72 && exact_search_bytes(c) == 3488 - 32 * 8 - 8 * 8);
  CHECK(kSearchBytesPerNodePair == 20);
}

// BOSS and GRaSP: the grow-shrink family of each node given its predecessors is greedy
// addition then removal; both reach the exact optimum on the collider (BOSS with its
// closing BES), whatever the threads, and keep required arcs and max_parents; plus-one
// parents are refused.
inline void test_permutation_search() {
  Simulated data = collider_data(3000, 23);
  ScoreSpec spec;  // bdeu
  FamilyScorer scorer(data.view, spec, 1);
  Constraints k = Constraints::none(5);
  GrowShrinkForest forest(scorer, k, [] {});
  const SearchResult in_order = order_result(forest, {0, 1, 2, 3, 4});
  CHECK(parents_of(in_order.dag) == collider_parents());
  CHECK(near(total_score(scorer, collider_parents()), in_order.score));
  // Given the order D, C, ...: C's best family among {D} is {D}; A and B follow C.
  const SearchResult reversed = order_result(forest, {3, 2, 0, 1, 4});
  CHECK(is_dag(parents_of(reversed.dag)) && reversed.dag.has_arc(3, 2));
  const FamilyTable table = score_allowed_families(scorer, k, [] {});
  const double optimum = exact_search(table, 5, 1, [] {}).score;
  PermutationOptions options, with_bes;
  with_bes.bes = true;  // one BOSS run can stop at D -> C -> {A, B}, B -> A
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Random rng(seed), rng2(seed), rng3(seed);
    const SearchResult b = boss(scorer, k, Dag(5), with_bes, rng, [] {});
    CHECK(near(b.score, optimum) && same_class_as_truth(parents_of(b.dag)));
    const SearchResult g = grasp(scorer, k, Dag(5), options, rng2, [] {});
    CHECK(near(g.score, optimum) && same_class_as_truth(parents_of(g.dag)));
    FamilyScorer threaded(data.view, spec, 2);
    const SearchResult b2 = boss(threaded, k, Dag(5), with_bes, rng3, [] {});
    CHECK(parents_of(b2.dag) == parents_of(b.dag) && b2.score == b.score);
  }
  Constraints known = Constraints::none(5);
  known.required[4 * 5 + 0] = 1;  // E -> A
  known.max_parents = 1;
  Random rng(7);
  const SearchResult bounded = boss(scorer, known, Dag(5), options, rng, [] {});
  CHECK(bounded.dag.has_arc(4, 0));
  for (int v = 0; v < 5; ++v) CHECK(bounded.dag.parents(v).size() <= 1);
  const SearchResult tucked = grasp(scorer, known, Dag(5), options, rng, [] {});
  CHECK(tucked.dag.has_arc(4, 0));
  known.plus_one.assign(25, 0);
  bool refused = false;
  try {
    boss(scorer, known, Dag(5), options, rng, [] {});
  } catch (const std::invalid_argument&) {
    refused = true;
  }
  CHECK(refused);
}

// A grow-shrink tree's family of a node given a prefix, by a plain greedy search: add the
// candidate of the prefix that raises the score most (the smaller node on ties) while one
// does, then remove the parent whose removal raises it most (the first added on ties).
inline std::vector<int> greedy_family(FamilyScorer& scorer, int v, const std::vector<char>& in,
                                      double& score) {
  std::vector<int> pa;
  score = scorer.score(v, pa);
  for (int best = 0; best >= 0;) {
    best = -1;
    double top = score;
    for (int u = 0; u < static_cast<int>(in.size()); ++u) {
      if (!in[u] || u == v || std::find(pa.begin(), pa.end(), u) != pa.end()) continue;
      std::vector<int> f = pa;
      f.push_back(u);
      const double s = scorer.score(v, f);
      if (s > top) { top = s; best = u; }
    }
    if (best >= 0) { pa.push_back(best); score = top; }
  }
  for (int best = 0; best >= 0;) {
    best = -1;
    double top = score;
    for (std::size_t i = 0; i < pa.size(); ++i) {
      std::vector<int> f = pa;
      f.erase(f.begin() + static_cast<std::ptrdiff_t>(i));
      const double s = scorer.score(v, f);
      if (s > top) { top = s; best = static_cast<int>(i); }
    }
    if (best >= 0) { pa.erase(pa.begin() + best); score = top; }
  }
  std::sort(pa.begin(), pa.end());
  return pa;
}

// The trees score a tree node's candidates only as prefixes ask for them, remember the
// prefixes already scored and resume traces where they waited: on 70 nodes (two words of
// a prefix's bitset), every family of best_position()'s queries (prefixes of one order,
// with and without an extra node, traced together) is the plain greedy one.
inline void test_grow_shrink_prefixes() {
  const int n = 70;
  std::vector<int> cards(n, 2);
  std::vector<std::vector<int>> parents(n);
  std::vector<std::vector<double>> cpts(n);
  for (int v = 0; v < n; ++v) {
    if (v > 0) parents[v].push_back(v - 1);
    if (v > 1 && v % 3 == 0) parents[v].push_back(v - 2);
    const std::size_t configs = std::size_t(1) << parents[v].size();
    for (std::size_t c = 0; c < configs; ++c) {
      const double p = 0.15 + 0.7 * static_cast<double>((c * 7 + v) % 5) / 4;
      cpts[v].push_back(p);
      cpts[v].push_back(1 - p);
    }
  }
  Simulated data(1500, cards, parents, cpts, 41);
  FamilyScorer scorer(data.view, ScoreSpec(), 1), reference(data.view, ScoreSpec(), 1);
  const Constraints k = Constraints::none(n);
  GrowShrinkForest forest(scorer, k, [] {});
  Random rng(3);
  for (int round = 0; round < 3; ++round) {
    std::vector<int> seq = random_order(Dag(n), k, rng);
    const int extra = seq.back();
    seq.pop_back();
    const PrefixSets sets(seq, n, 0, n - 1);
    std::vector<GrowShrinkForest::Query> q;
    for (int j = 0; j < n; j += 3) {
      q.push_back({extra, sets.prefix(j), 0, {}});
      if (j < n - 1) q.push_back({seq[j], sets.prefix(j, extra), 0, {}});
      if (j < n - 1) q.push_back({seq[j], sets.prefix(j), 0, {}});
    }
    forest.resolve(q);
    for (const auto& query : q) {
      std::vector<char> in(n, 0);
      for (int u = 0; u < n; ++u) in[u] = query.prefix.contains(u);
      double expected = 0;
      const std::vector<int> family = greedy_family(reference, query.node, in, expected);
      std::vector<int> got = query.parents;
      std::sort(got.begin(), got.end());
      CHECK(got == family && near(query.score, expected));
    }
  }
}

// Families of a node the data show in one state, with parents shown in one state plus at
// most one more (constant_families.hpp): scored without counting, to the same bits as the
// scorer (every base of the other constant nodes, every extra, several scores), and BOSS
// and GRaSP given the data return the same DAG and score as without.
// Nodes 1, 3, 5 and 6 show state 0 only; 7 is rare in state 1; 2 depends on 0.
inline Simulated constant_families_data(std::size_t rows, std::uint32_t seed) {
  const std::vector<int> cards = {2, 3, 2, 4, 3, 2, 3, 2};
  const ParentLists parents = {{}, {}, {0}, {}, {}, {}, {}, {}};
  const std::vector<std::vector<double>> cpts = {
      {0.5, 0.5}, {1, 0, 0}, {0.9, 0.1, 0.2, 0.8}, {1, 0, 0, 0}, {0.2, 0.5, 0.3},
      {1, 0}, {1, 0, 0}, {0.997, 0.003}};
  return Simulated(rows, cards, parents, cpts, seed);  // in place (C++17): no copy
}

inline void test_constant_families() {
  Simulated data = constant_families_data(700, 11);
  const std::vector<int> constant = {1, 3, 5, 6};
  ScoreSpec bic = bic_spec(), k2;
  k2.type = ScoreType::k2;
  std::size_t dropped = 0;
  for (const ScoreSpec& spec : {ScoreSpec(), bic, k2}) {
    FamilyScorer scorer(data.view, spec, 1);
    CHECK(!ConstantFamilies(data.view, scorer.spec()).applies(1, {}));  // not summed by count
    scorer.sum_by_count();
    const ConstantFamilies families(data.view, scorer.spec());
    for (int v = 0; v < 8; ++v)
      CHECK(families.applies(v, {}) == std::count(constant.begin(), constant.end(), v));
    CHECK(!families.applies(1, {0}) && families.applies(1, {3, 5}));
    for (int x : constant) {
      std::vector<int> others;
      for (int u : constant) if (u != x) others.push_back(u);
      for (int mask = 0; mask < 8; ++mask) {
        std::vector<int> base, extras;
        for (int b = 0; b < 3; ++b) if (mask >> b & 1) base.push_back(others[b]);
        for (int u = 0; u < 8; ++u)
          if (u != x && !std::count(base.begin(), base.end(), u)) extras.push_back(u);
        std::vector<double> scores;
        scorer.score_additions(x, base, extras, scores);
        for (std::size_t e = 0; e < extras.size(); ++e)
          CHECK(families.score(x, base, extras[e]) == scores[e]);
        FamilyScorer fresh(data.view, spec, 1);
        fresh.sum_by_count();
        const double own = fresh.score(x, base);
        CHECK(families.score(x, base, -1) == own);
        // A grow request's scores: the same bits, or -inf (BDeu only) where not above own.
        std::vector<double> grown;
        families.score_additions(x, base, extras, own, grown);
        for (std::size_t e = 0; e < extras.size(); ++e) {
          const bool drop = std::isinf(grown[e]) && grown[e] < 0;
          CHECK(grown[e] == scores[e] ||
                (drop && spec.type == ScoreType::bdeu && scores[e] <= own));
          dropped += drop;
        }
      }
    }
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      PermutationOptions options;
      FamilyScorer plain(data.view, spec, 1), given(data.view, spec, 1);
      Random r1(seed), r2(seed), r3(seed), r4(seed);
      const Constraints k = Constraints::none(8);
      const SearchResult b1 = boss(plain, k, Dag(8), options, r1, [] {});
      const SearchResult b2 = boss(given, k, Dag(8), options, r2, [] {}, &data.view);
      CHECK(parents_of(b1.dag) == parents_of(b2.dag) && b1.score == b2.score);
      const SearchResult g1 = grasp(plain, k, Dag(8), options, r3, [] {});
      const SearchResult g2 = grasp(given, k, Dag(8), options, r4, [] {}, &data.view);
      CHECK(parents_of(g1.dag) == parents_of(g2.dag) && g1.score == g2.score);
    }
  }
  CHECK(dropped > 0);
}

// ConstantFamilies and UncountedPlus (score/constant_columns.hpp) build a one-cell family
// the one way (fill_one_cell_counts): for every constant node, base of constant nodes and
// extra, both give the counted score to the bit, with a modular prior, summed by count;
// weighted rows (UncountedPlus off) too, ConstantFamilies summing the weights as counted.
inline void test_constant_families_one_way() {
  Simulated data = constant_families_data(500, 5);
  std::vector<double> weights(500);
  DataView weighted = data.view;
  weighted.n_cases = 0;
  for (std::size_t r = 0; r < weights.size(); ++r) weighted.n_cases += weights[r] = 1 + r % 3;
  weighted.weights = weights.data();
  const std::vector<int> constant = {1, 3, 5, 6};
  ScoreSpec bic = bic_spec(), modular;
  modular.prior = StructurePrior::modular;
  modular.n_nodes = 8;
  modular.prior_node = std::make_shared<std::vector<double>>(8, -0.5);
  std::vector<double> arcs(64);
  for (std::size_t a = 0; a < arcs.size(); ++a) arcs[a] = -0.03 * static_cast<double>(a % 7);
  modular.prior_arc = std::make_shared<std::vector<double>>(arcs);
  std::size_t uncounted = 0;
  for (ScoreSpec spec : {modular, bic}) {
    spec.sum_by_count = true;
    for (const DataView* view : {&data.view, &weighted}) {
      const ConstantFamilies families(*view, spec);
      LocalScorer fast(*view, spec, nullptr), counted(*view, spec, nullptr);
      fast.share_column_marginals(std::make_shared<ColumnMarginals>(*view));
      for (int x : constant) {
        for (int mask = 0; mask < 8; ++mask) {
          std::vector<int> base, extras;
          for (int b = 0, i = 0; b < 4; ++b) {
            if (constant[b] != x && (mask >> i++ & 1)) base.push_back(constant[b]);
          }
          for (int u = 0; u < 8; ++u)
            if (u != x && !std::count(base.begin(), base.end(), u)) extras.push_back(u);
          std::vector<double> got(extras.size());
          fast.set_base(x, base.data(), base.size());
          fast.score_plus_many(x, extras.data(), extras.size(), base.data(), base.size(),
                               got.data());
          counted.set_base(x, base.data(), base.size());
          for (std::size_t e = 0; e < extras.size(); ++e) {
            const double want = counted.score_plus(x, extras[e], base.data(), base.size());
            CHECK(same_bits(families.score(x, base, extras[e]), want));
            CHECK(same_bits(got[e], want));
          }
          CHECK(same_bits(families.score(x, base, -1),
                          counted.score(x, base.data(), base.size())));
        }
      }
      uncounted += fast.uncounted();
      CHECK(counted.uncounted() == 0 && (view == &weighted) == (fast.uncounted() == 0));
    }
  }
  CHECK(uncounted > 0);
}

// BOSS with a further run from GES's result (boss_ges.hpp): on the collider its result
// is the better of the random runs' and the GES run's, the random runs draw the same
// numbers as without it (their trace is a prefix), and required arcs are kept.
inline void test_boss_ges_start() {
  Simulated data = collider_data(3000, 23);
  ScoreSpec spec;  // bdeu
  FamilyScorer scorer(data.view, spec, 1);
  const Constraints k = Constraints::none(5);
  const FamilyTable table = score_allowed_families(scorer, k, [] {});
  const double optimum = exact_search(table, 5, 1, [] {}).score;
  PermutationOptions options;  // no BES: a lone run can stop below the optimum
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Random rng(seed), rng2(seed);
    const SearchResult plain = boss(scorer, k, Dag(5), options, rng, [] {});
    const SearchResult both = boss_with_ges_start(scorer, k, Dag(5), options, rng2, [] {});
    CHECK(near(both.score, optimum) && same_class_as_truth(parents_of(both.dag)));
    CHECK(both.score >= plain.score);
    CHECK(std::equal(plain.stats.trace.begin(), plain.stats.trace.end(),
                     both.stats.trace.begin()));
    const bool kept = both.counts.back().value == 1;
    CHECK(both.counts.back().name == "ges_run_kept" && kept == (both.score > plain.score));
    if (!kept) CHECK(parents_of(both.dag) == parents_of(plain.dag));
  }
  Constraints known = Constraints::none(5);
  known.required[4 * 5 + 0] = 1;  // E -> A, in the start as R's start has the whitelist
  Dag start(5);
  start.add_arc(4, 0);
  Random rng(7);
  CHECK(boss_with_ges_start(scorer, known, start, options, rng, [] {}).dag.has_arc(4, 0));
}

// Grow requests with constant candidates or constant base parents (constant_parents.hpp):
// constant candidates scored from kept counts to the scorer's bits; non-constant ones
// counted here the first time for their non-constant base (the scorer's bits), then
// left to the scorer or, under BDeu, dropped (-inf) only when the scorer's score is at
// most the tree node's own; BOSS and GRaSP keep their DAGs (test_constant_families).
inline void test_constant_parents() {
  // 1, 3, 5 and 6 show state 0 only; 2 copies 0 (pure configurations); 4 is noise.
  const std::vector<int> cards = {2, 3, 2, 4, 3, 2, 3, 2};
  const ParentLists parents = {{}, {}, {0}, {}, {}, {}, {}, {}};
  const std::vector<std::vector<double>> cpts = {
      {0.5, 0.5}, {1, 0, 0}, {1, 0, 0, 1}, {1, 0, 0, 0}, {0.2, 0.5, 0.3},
      {1, 0}, {1, 0, 0}, {0.9, 0.1}};
  Simulated data(700, cards, parents, cpts, 12);
  ScoreSpec bic = bic_spec();
  std::size_t dropped = 0, here = 0;
  for (const ScoreSpec& spec : {ScoreSpec(), bic}) {
    FamilyScorer scorer(data.view, spec, 1);
    scorer.sum_by_count();
    ConstantParents split(data.view, scorer.spec());
    CHECK(split.constant(1) && split.constant(6) && !split.constant(2));
    // The same non-constant base {0} with ever more constant parents.
    for (const std::vector<int>& base : std::vector<std::vector<int>>{
             {0}, {0, 1}, {0, 1, 3}, {0, 1, 3, 5}, {0, 3}, {0, 1, 3, 5, 6}}) {
      std::vector<int> extras;
      for (int u = 1; u < 8; ++u)
        if (u != 2 && !std::count(base.begin(), base.end(), u)) extras.push_back(u);
      std::vector<double> expected, direct;
      scorer.score_additions(2, base, extras, expected);
      const double own = scorer.score(2, base);
      std::vector<int> left = extras;
      split.split(2, base, own, left, direct);
      std::size_t l = 0;
      for (std::size_t e = 0; e < extras.size(); ++e) {
        const double d = direct.empty() ? std::nan("") : direct[e];
        if (std::isnan(d)) {
          CHECK(l < left.size() && left[l++] == extras[e]);
        } else if (std::isinf(d)) {
          CHECK(d < 0 && expected[e] <= own);
          ++dropped;
        } else {
          CHECK(d == expected[e]);
          ++here;
        }
      }
      CHECK(l == left.size());
    }
    // Whole families with a constant parent (shrink steps): the scorer's bits.
    for (const std::vector<int>& family : std::vector<std::vector<int>>{
             {0, 1}, {1, 3}, {0, 1, 3, 5}, {0, 4, 5}, {1, 3, 4, 5, 7}, {0, 4}}) {
      bool any = false;
      for (int u : family) any = any || split.constant(u);
      for (int node : {2, 6}) {
        FamilyScorer fresh(data.view, spec, 1);
        fresh.sum_by_count();
        double got = 0;
        CHECK(split.family(node, family, got) == any);
        if (any) CHECK(got == fresh.score(node, family));
      }
    }
  }
  CHECK(dropped > 0 && here > 0);
  // Rows of whole weights keep the bound; rows weighted by fractions drop nothing (the
  // bound takes the counts of rows in sequence).
  for (double w : {1.0, 0.25}) {
    std::vector<double> weights(data.view.n_rows, w);
    DataView weighted = data.view;
    weighted.weights = weights.data();
    weighted.n_cases = w * data.view.n_rows;
    FamilyScorer scorer(weighted, ScoreSpec(), 1);
    scorer.sum_by_count();
    ConstantParents split(weighted, scorer.spec());
    std::size_t drops = 0;
    for (const std::vector<int>& base : std::vector<std::vector<int>>{
             {0}, {0, 1}, {0, 1, 3}, {0, 1, 3, 5}, {0, 1, 3, 5, 6}}) {
      std::vector<int> extras;
      for (int u = 1; u < 8; ++u)
        if (u != 2 && !std::count(base.begin(), base.end(), u)) extras.push_back(u);
      std::vector<double> expected, direct;
      scorer.score_additions(2, base, extras, expected);
      split.split(2, base, scorer.score(2, base), extras, direct);
      for (double d : direct) drops += std::isinf(d);
    }
    CHECK((drops > 0) == (w == 1.0));
  }
}

inline void run_search_tests() {
  run_test("test_hill_climb", test_hill_climb);
  run_test("test_arc_moves_updates", test_arc_moves_updates);
  run_test("test_tabu", test_tabu);
  run_test("test_grow_shrink_prefixes", test_grow_shrink_prefixes);
  run_test("test_local_search", test_local_search);
  run_test("test_annealing", test_annealing);
  run_test("test_genetic", test_genetic);
  run_test("test_k2", test_k2);
  run_test("test_exact_exhaustive", test_exact_exhaustive);
  run_test("test_ges", test_ges);
  run_test("test_pdag_search", test_pdag_search);
  run_test("test_mcmc", test_mcmc);
  run_test("test_partition_mcmc", test_partition_mcmc);
  run_test("test_memory_plan", test_memory_plan);
  run_test("test_permutation_search", test_permutation_search);
  run_test("test_constant_families", test_constant_families);
  run_test("test_constant_families_one_way", test_constant_families_one_way);
  run_test("test_boss_ges_start", test_boss_ges_start);
  run_test("test_constant_parents", test_constant_parents);
}

}  // namespace learnbn_test
