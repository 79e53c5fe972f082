// Best Order Score Search (BOSS; Andrews, Ramsey, Sanchez-Romero, Camchong and Kummerfeld,
// NeurIPS 2023): a search over node orders. Each node keeps a grow-shrink tree
// (grow_shrink.hpp); a move takes one node to the position of the order where the sum
// of its and the others' best families is highest.
#pragma once
#include <algorithm>
#include <limits>
#include <vector>

#include "ges.hpp"
#include "grow_shrink.hpp"
#include "orders.hpp"

namespace learnbn {

// Each node's best family among its predecessors in the current order (indexed by node),
// kept by sweep() so that best_position() traces only what a move can change.
using OrderFamilies = std::vector<GrowShrinkForest::Query>;

// Moves `v` to the position of `order` with the highest total score (BOSS's
// better_mutation); false when no position beats its own by more than the margin. The
// positions that would put v before a required parent or after a required child are
// not tried. `current` holds the families of `order`, and then of the order returned.
//
// Every other node w is asked with and without v among its predecessors; one of the two
// is its current prefix. The other is traced, unless w's current prefix holds v and its
// tree path never took v: a trace that never takes v takes the same branches in the
// prefix without v (each is still the first one inside it), so its family is the same.
inline bool best_position(GrowShrinkForest& forest, std::vector<int>& order, int v,
                          const Constraints& k, OrderFamilies& current) {
  const int p = static_cast<int>(order.size());
  std::vector<int> rest;  // the order without v, then the new order
  rest.reserve(p);
  int here = 0;
  for (int i = 0; i < p; ++i) {
    if (order[i] == v) here = i; else rest.push_back(order[i]);
  }
  const PrefixSets prefixes(rest, p, 0, p - 1);  // rest[0..j), without v
  // Slots: v before rest[j] (j = p - 1: last); rest[j] without v; rest[j] with v. A slot
  // holds the index of its trace in `asked`, or kCurrent: the node's family in `current`
  // (not copied: a move keeps most of them, and copies cost allocations).
  constexpr int kCurrent = -1;
  std::vector<int> slot(p + 2 * (p - 1), kCurrent);
  std::vector<GrowShrinkForest::Query> asked;  // the ones traced
  asked.reserve(2 * p);
  auto ask = [&](int i, int node, const Prefix& prefix) {
    slot[i] = static_cast<int>(asked.size());
    asked.push_back({node, prefix, 0, {}});
  };
  for (int j = 0; j < p; ++j) ask(j, v, prefixes.prefix(j));
  for (int j = 0; j < p - 1; ++j) {
    const GrowShrinkForest::Query& now = current[rest[j]];
    const bool took_v = std::find(now.path.begin(), now.path.end(), v) != now.path.end();
    // After v now, its current prefix holds v; else it does not.
    if (j >= here && took_v) ask(p + j, rest[j], prefixes.prefix(j));
    if (j < here) ask(2 * p - 1 + j, rest[j], prefixes.prefix(j, v));
  }
  forest.resolve(asked);
  auto score = [&](int i, int node) {
    return slot[i] == kCurrent ? current[node].score : asked[slot[i]].score;
  };
  int lo = 0, hi = p - 1;  // the insertion points that keep the required arcs
  for (int j = 0; j < p - 1; ++j) {
    if (k.is_required(rest[j], v)) lo = std::max(lo, j + 1);
    if (k.is_required(v, rest[j])) hi = std::min(hi, j);
  }
  std::vector<double> total(p, 0);
  double before = 0;  // nodes placed before the insertion point, without v
  for (int j = 0; j < p; ++j) {
    total[j] = score(j, v) + before;
    if (j < p - 1) before += score(p + j, rest[j]);
  }
  double after = 0;  // nodes after the insertion point, with v
  int best = hi;
  for (int j = p - 1; j >= 0; --j) {
    if (j < p - 1) after += score(2 * p - 1 + j, rest[j]);
    total[j] += after;
    if (j >= lo && j <= hi && total[j] > total[best]) best = j;
  }
  if (!(total[best] > total[here] + improvement_margin(total[here]))) return false;
  current[v] = std::move(asked[slot[best]]);
  for (int j = 0; j < p - 1; ++j) {
    const int kept = slot[j < best ? p + j : 2 * p - 1 + j];
    if (kept != kCurrent) current[rest[j]] = std::move(asked[kept]);
  }
  rest.insert(rest.begin() + best, v);
  order.swap(rest);
  return true;
}

// Tetrad's BOSS ends with backward equivalence search: a run stops where no single node
// moves to a better position, which can leave an extra arc that needs two moves to drop
// (on a collider, the order D, C, B, A: C's children A and B joined). GES's phases from
// the class of the run's DAG (the forward one rarely adds anything there) remove it.
// GES's phases inside BOSS (BES and boss()'s ges_start) choose at most 8 nodes per
// operator, as ges() does by default: BDeu gives some of munin's nodes 15-22 parents, and
// enumerating every subset of such neighbourhoods filled 24 GB. They also stop when a
// node has more than 1/kBossGesOperatorShare of the `max_operators` that the memory limit
// allows ges() (ges_operators.hpp): they rebuild a node's operators after every step that
// changes its family, so past ~10^5 operators on a node their time binds first. On alarm,
// insurance, hailfinder, win95pts and andes at 5,000 rows (BDeu iss 1) no node had more
// than 1,710 operators in BES or GES from the empty graph; on munin at 10,000 rows, GES
// from the empty graph passed 138,000 on a node after 40 s of CPU, and at 4 steps a second
// had not finished after 5 minutes (bench/munin_core.cpp ges).
constexpr double kBossGesOperatorShare = 128;
inline GesOptions boss_ges_options(double max_operators) {
  GesOptions options;
  options.max_subset = 8;
  options.max_operators = max_operators / kBossGesOperatorShare;
  return options;
}

// GES's phases from the class of found's DAG; their result replaces it when it scores
// higher. When a node of that class has more than `max_operators` operators, nothing
// changes and `too_large` gets the node (1-based; it stays as it was otherwise).
inline void polish(SearchResult& found, FamilyScorer& scorer, const Constraints& k,
                   double max_operators, const InterruptCheck& check, double& too_large) {
  Ges ges(scorer, k, boss_ges_options(max_operators), check);
  SearchResult polished;
  try {
    polished = ges.run(parent_lists(found.dag));
  } catch (const OperatorLimitError& e) {
    too_large = e.node + 1;
    return;
  }
  if (polished.score > found.score + improvement_margin(found.score)) {
    found.dag = polished.dag;
    found.score = polished.score;
  }
}

// Sweeps over the nodes in random order, moving each to its best position, until a
// sweep moves none; counts the moves and sweeps and traces the score after each sweep.
inline void sweep(GrowShrinkForest& forest, std::vector<int>& order, const Constraints& k,
                  Random& rng, const InterruptCheck& check, std::size_t& moves,
                  std::size_t& sweeps, std::vector<double>& trace) {
  std::vector<int> visit = order;
  std::vector<int> pos;
  OrderFamilies current(k.n);
  for (auto& family : forest.families(order, pos)) current[family.node] = std::move(family);
  for (bool improved = true; improved;) {
    improved = false;
    for (int v = k.n - 1; v > 0; --v) std::swap(visit[v], visit[rng.below(v + 1)]);
    for (int v : visit) {
      if (best_position(forest, order, v, k, current)) {
        improved = true;
        ++moves;
      }
      check();
    }
    ++sweeps;
    double score = 0;  // order_result(forest, order).score: the same sum, in order
    for (int v : order) score += current[v].score;
    trace.push_back(score);
  }
}

// BOSS: from each start order, sweeps until no node moves; keeps the best order found.
// With options.bes, a run then alternates: GES's phases from the class of its DAG and,
// when they raise the score, sweeps again from a random topological order of their DAG
// (an order in which single moves can lead elsewhere), until neither raises it; BES is
// left out from the first class with too many operators (the count "bes_skipped").
// `data`, when given, lets the trees score some families without counting (the same
// numbers; see constant_families.hpp).
inline SearchResult boss(FamilyScorer& scorer, const Constraints& k, const Dag& start,
                         const PermutationOptions& options, Random& rng,
                         const InterruptCheck& check, const DataView* data = nullptr) {
  GrowShrinkForest forest(scorer, k, check, data);
  SearchResult best;
  best.score = -std::numeric_limits<double>::infinity();
  std::size_t moves = 0, sweeps = 0;
  double bes_skipped = 0;  // the node with too many operators for BES, if any (1-based)
  std::vector<double> trace;
  const Dag empty(k.n);
  for (int s = 0; s < std::max(1, options.starts); ++s) {
    std::vector<int> order = random_order(s == 0 ? start : empty, k, rng);
    trace.push_back(order_result(forest, order).score);
    sweep(forest, order, k, rng, check, moves, sweeps, trace);
    SearchResult found = order_result(forest, order);
    while (options.bes && bes_skipped == 0) {
      const double swept = found.score;
      polish(found, scorer, k, options.max_operators, check, bes_skipped);
      if (!(found.score > swept + improvement_margin(swept))) break;
      order = random_order(found.dag, k, rng);
      sweep(forest, order, k, rng, check, moves, sweeps, trace);
      SearchResult again = order_result(forest, order);
      if (!(again.score > found.score + improvement_margin(found.score))) break;
      found = again;
    }
    trace.push_back(found.score);
    if (found.score > best.score + improvement_margin(best.score) || s == 0) best = found;
  }
  best.stats.iterations = moves;
  best.stats.trace = trace;
  best.counts = {{"moves", static_cast<double>(moves)},
                 {"sweeps", static_cast<double>(sweeps)},
                 {"bes_skipped", bes_skipped}};
  return best;
}

}  // namespace learnbn
