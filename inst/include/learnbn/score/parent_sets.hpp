// Parent sets as bit sets of at most 64 nodes, the parent sets the background knowledge
// allows, and the table of their scores shared by the exact, exhaustive and order-MCMC
// searches.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "../graph/constraints.hpp"
#include "../util/progress.hpp"
#include "family_scorer.hpp"

namespace learnbn {

using NodeSet = std::uint64_t;  // bit v set: node v is in the set

inline NodeSet node_bit(int v) { return NodeSet(1) << v; }
inline int set_size(NodeSet s) { return __builtin_popcountll(s); }
inline int lowest_node(NodeSet s) { return __builtin_ctzll(s); }

inline std::vector<int> set_nodes(NodeSet s) {
  std::vector<int> out;
  for (; s; s &= s - 1) out.push_back(lowest_node(s));
  return out;
}

// Appends to `sets` every `set` plus `k` more of optional[from...], in lexicographic
// order of the picks, skipping (with all their extensions) the picks that would hold a
// second plus-one parent: the work is that of the sets listed, however many nodes lie
// outside the skeleton.
inline void add_combinations(const std::vector<int>& optional, NodeSet plus_one,
                             std::size_t from, int k, NodeSet set, bool has_plus_one,
                             std::vector<NodeSet>& sets) {
  if (k == 0) {
    sets.push_back(set);
    return;
  }
  for (std::size_t i = from; i + k <= optional.size(); ++i) {
    const NodeSet bit = node_bit(optional[i]);
    const bool outside = (plus_one & bit) != 0;
    if (outside && has_plus_one) continue;
    add_combinations(optional, plus_one, i + 1, k - 1, set | bit, has_plus_one || outside,
                     sets);
  }
}

// Every parent set of `node` the constraints allow, by increasing size: the required
// parents plus up to max_parents - |required| of the other allowed parents, at most one
// of them a plus-one parent.
inline std::vector<NodeSet> allowed_parent_sets(const Constraints& c, int node) {
  NodeSet required = 0, plus_one = 0;
  std::vector<int> optional;
  for (int u = 0; u < c.n; ++u) {
    if (u == node || !c.allowed(u, node)) continue;
    if (c.is_required(u, node)) required |= node_bit(u); else optional.push_back(u);
    if (c.is_plus_one(u, node)) plus_one |= node_bit(u);
  }
  plus_one &= ~required;
  const int n_required = set_size(required);
  if (n_required > c.max_parents) return {};
  const int n_optional = static_cast<int>(optional.size());
  const int n_inside = n_optional - set_size(plus_one);
  // Past n_inside + 1 optional parents every set would hold two plus-one parents.
  const int extra = std::min({c.max_parents - n_required, n_optional, n_inside + 1});
  std::vector<NodeSet> sets;
  for (int k = 0; k <= extra; ++k) add_combinations(optional, plus_one, 0, k, required, false, sets);
  return sets;
}

// How many parent sets allowed_parent_sets(c, node) lists, counted without listing
// them (a double, as the count can pass any integer type): with m optional parents
// inside the skeleton, e plus-one parents and up to k optional ones in all, the sum over
// j <= k of C(m, j) + e C(m, j - 1).
inline double count_allowed_parent_sets(const Constraints& c, int node) {
  int n_required = 0, inside = 0, outside = 0;
  for (int u = 0; u < c.n; ++u) {
    if (u == node || !c.allowed(u, node)) continue;
    if (c.is_required(u, node)) ++n_required;
    else if (c.is_plus_one(u, node)) ++outside;
    else ++inside;
  }
  if (n_required > c.max_parents) return 0;
  const int extra = std::min(c.max_parents - n_required, inside + outside);
  double total = 0, binomial = 1;  // binomial = C(inside, j), exact below 2^53
  for (int j = 0; j <= std::min(extra, inside); ++j) {
    total += binomial;                    // j parents inside
    if (j < extra) total += outside * binomial;  // j inside and one outside
    binomial = binomial * (inside - j) / (j + 1);
  }
  return total;
}

// The allowed families of every node with their local scores.
struct FamilyTable {
  std::vector<std::vector<NodeSet>> sets;    // by node
  std::vector<std::vector<double>> scores;   // aligned with `sets`
  std::size_t size() const {
    std::size_t total = 0;
    for (const auto& s : sets) total += s.size();
    return total;
  }
};

// Scores every allowed family with `scorer` (in its threads), in batches; `tick` runs on
// the calling thread between batches (for user interrupts), and so does `progress`
// (stage "families", counting the families scored).
inline FamilyTable score_allowed_families(FamilyScorer& scorer, const Constraints& c,
                                          const std::function<void()>& tick,
                                          Progress progress = Progress()) {
  FamilyTable table;
  std::vector<int> nodes;
  std::vector<std::vector<int>> families;
  for (int v = 0; v < c.n; ++v) {
    table.sets.push_back(allowed_parent_sets(c, v));
    table.scores.emplace_back();
  }
  const double total = static_cast<double>(table.size());
  double done = 0;
  const std::size_t batch = 4096;
  for (int v = 0; v < c.n; ++v) {
    const std::vector<NodeSet>& sets = table.sets[v];
    for (std::size_t start = 0; start < sets.size(); start += batch) {
      const std::size_t end = std::min(sets.size(), start + batch);
      nodes.assign(end - start, v);
      families.clear();
      for (std::size_t i = start; i < end; ++i) families.push_back(set_nodes(sets[i]));
      const std::vector<double> scores = scorer.score_all(nodes, families);
      table.scores[v].insert(table.scores[v].end(), scores.begin(), scores.end());
      tick();
      done += static_cast<double>(end - start);
      progress.update("families", done, total);
    }
  }
  progress.finish("families", total, total);
  return table;
}

}  // namespace learnbn
