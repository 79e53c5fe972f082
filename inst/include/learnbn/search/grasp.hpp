// Greedy relaxations of the sparsest permutation (GRaSP; Lam, Andrews and Ramsey, UAI
// 2022): a search over node orders by tucks. Tucking the arc x -> y moves y and its
// ancestors between x and y to just before x; a tuck that raises the score is kept; one
// that leaves it unchanged is followed, up to `depth` tucks deep, by tucks of covered
// arcs only (an arc whose child's parents are its parent's family), as in causal-learn's
// GRaSP. The best family of each node given its predecessors comes from the grow-shrink
// trees of grow_shrink.hpp.
#pragma once
#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "grow_shrink.hpp"
#include "orders.hpp"

namespace learnbn {

class Grasp {
 public:
  // `data`: as boss()'s.
  Grasp(FamilyScorer& scorer, const Constraints& k, Random& rng, const InterruptCheck& check,
        const DataView* data = nullptr)
      : k_(k), rng_(rng), check_(check), forest_(scorer, k, check, data) {}

  // From each start order (the first from the start graph's), tucks until no tuck
  // sequence of up to `depth` tucks improves; keeps the best.
  SearchResult run(const Dag& start, const PermutationOptions& options) {
    SearchResult best;
    std::vector<double> trace;
    std::size_t tucks = 0;
    const Dag empty(k_.n);
    for (int s = 0; s < std::max(1, options.starts); ++s) {
      set_order(random_order(s == 0 ? start : empty, k_, rng_));
      trace.push_back(total());
      std::vector<Flips> history;  // fresh for every improving tuck sequence
      while (dfs(options.depth - 1, Flips(), history)) {
        history.clear();
        ++tucks;
        trace.push_back(total());
        check_();
      }
      SearchResult found = order_result(forest_, order_);
      if (s == 0 || found.score > best.score + improvement_margin(best.score)) best = found;
    }
    best.stats.iterations = tucks;
    best.stats.trace = trace;
    best.counts = {{"tucks", static_cast<double>(tucks)}};
    return best;
  }

 private:
  using Flips = std::set<std::pair<int, int>>;  // arcs (smaller node first) turned

  void set_order(std::vector<int> order) {
    order_ = std::move(order);
    const auto queries = forest_.families(order_, pos_);
    parents_.assign(k_.n, {});
    local_.assign(k_.n, 0);
    for (const auto& q : queries) {
      parents_[q.node] = q.parents;
      local_[q.node] = q.score;
    }
  }
  double total() const {
    double s = 0;
    for (double x : local_) s += x;
    return s;
  }

  // Rescores the families of the nodes at positions first..last; returns the change.
  double update(int first, int last) {
    const PrefixSets prefixes(order_, k_.n, first, last);
    std::vector<GrowShrinkForest::Query> queries;
    for (int i = first; i <= last; ++i) queries.push_back({order_[i], prefixes.prefix(i), 0, {}});
    forest_.resolve(queries);
    double change = 0;
    for (const auto& q : queries) {
      change += q.score - local_[q.node];
      local_[q.node] = q.score;
      parents_[q.node] = q.parents;
    }
    return change;
  }

  // Moves y (at i) and its ancestors among positions j + 1 .. i to just before order[j].
  void tuck(int i, int j) {
    std::vector<char> ancestor(k_.n, 0);
    std::vector<int> stack{order_[i]};
    ancestor[order_[i]] = 1;
    while (!stack.empty()) {
      const int u = stack.back();
      stack.pop_back();
      for (int p : parents_[u]) {
        if (!ancestor[p]) {
          ancestor[p] = 1;
          stack.push_back(p);
        }
      }
    }
    std::vector<int> moved, stay{order_[j]};
    for (int m = j + 1; m <= i; ++m) (ancestor[order_[m]] ? moved : stay).push_back(order_[m]);
    moved.insert(moved.end(), stay.begin(), stay.end());
    std::copy(moved.begin(), moved.end(), order_.begin() + j);
    for (int m = j; m <= i; ++m) pos_[order_[m]] = m;
  }

  // Whether the nodes at positions first..last still follow their required parents.
  bool keeps_required(int first, int last) const {
    for (int i = first; i <= last; ++i) {
      for (int u : forest_.tree(order_[i]).required()) {
        if (pos_[u] > i) return false;
      }
    }
    return true;
  }

  bool dfs(int depth, const Flips& flipped, std::vector<Flips>& history) {
    std::vector<int> indices(k_.n);
    for (int i = 0; i < k_.n; ++i) indices[i] = i;
    shuffle(indices);
    for (int i : indices) {
      const int y = order_[i];
      std::vector<int> y_parents = parents_[y];
      shuffle(y_parents);
      for (int x : y_parents) {
        if (!history.empty() && !covered(x, y)) continue;
        const int j = pos_[x];
        const Saved saved = save(j, i);
        tuck(i, j);
        if (keeps_required(j, i)) {
          const double change = update(j, i);
          if (change > improvement_margin(saved.total)) return true;
          if (change > -improvement_margin(saved.total) && depth > 0 &&
              dive(depth, flipped, history, x, i)) {
            return true;
          }
        }
        restore(saved, j, i);
      }
    }
    return false;
  }

  // After a tuck that kept the score: the arcs into x from before position i flip.
  bool dive(int depth, const Flips& flipped, std::vector<Flips>& history, int x, int i) {
    Flips next = flipped;
    for (int z : parents_[x]) {
      if (pos_[z] >= i) continue;
      const std::pair<int, int> arc(std::min(x, z), std::max(x, z));
      if (!next.erase(arc)) next.insert(arc);
    }
    if (next.empty() || std::find(history.begin(), history.end(), next) != history.end())
      return false;
    history.push_back(next);
    if (dfs(depth - 1, next, history)) return true;
    history.pop_back();
    return false;
  }

  // x -> y is covered when y's parents are x's parents and x.
  bool covered(int x, int y) const {
    std::vector<int> a = parents_[x], b = parents_[y];
    a.push_back(x);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
  }

  struct Saved {
    std::vector<int> nodes;
    std::vector<std::vector<int>> parents;
    std::vector<double> local;
    double total;
  };
  Saved save(int first, int last) const {
    Saved s;
    s.total = total();
    for (int i = first; i <= last; ++i) {
      s.nodes.push_back(order_[i]);
      s.parents.push_back(parents_[order_[i]]);
      s.local.push_back(local_[order_[i]]);
    }
    return s;
  }
  void restore(const Saved& s, int first, int last) {
    for (int i = first; i <= last; ++i) {
      const int z = s.nodes[i - first];
      order_[i] = z;
      pos_[z] = i;
      parents_[z] = s.parents[i - first];
      local_[z] = s.local[i - first];
    }
  }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t m = v.size(); m > 1; --m) std::swap(v[m - 1], v[rng_.below(m)]);
  }

  const Constraints& k_;
  Random& rng_;
  InterruptCheck check_;
  GrowShrinkForest forest_;
  std::vector<int> order_, pos_;
  std::vector<std::vector<int>> parents_;
  std::vector<double> local_;
};

inline SearchResult grasp(FamilyScorer& scorer, const Constraints& k, const Dag& start,
                          const PermutationOptions& options, Random& rng,
                          const InterruptCheck& check, const DataView* data = nullptr) {
  Grasp search(scorer, k, rng, check, data);
  return search.run(start, options);
}

}  // namespace learnbn
