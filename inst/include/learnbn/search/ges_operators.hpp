// GES's operators (ges.hpp): the subsets they choose (cliques of a PDAG), the path
// condition of inserts, and the limit on how many operators one node may have. A node
// whose neighbours in the class form a large clique has exponentially many: on munin's
// data (10,000 rows, BDeu), 25 columns that show one state formed a clique of undirected
// edges in BOSS's result, and its inserts alone numbered billions. The phases count a
// node's operators before building or scoring them, and stop with OperatorLimitError
// past GesOptions::max_operators.
#pragma once
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "../graph/constraints.hpp"
#include "../graph/pdag.hpp"
#include "../util/memory_limit.hpp"

namespace learnbn {

// What one considered operator holds while a node's operators are built: the operator
// (two nodes, its chosen set, its score change) and its share of the families they
// are grouped by. R's memory limit over this gives GesOptions::max_operators.
constexpr double kGesBytesPerOperator = 64;

class OperatorLimitError : public MemoryLimitError {
 public:
  OperatorLimitError(int node, double limit)
      : MemoryLimitError("node " + std::to_string(node + 1) + " has more than " +
                         std::to_string(limit) + " GES operators"),
        node(node),
        limit(limit) {}
  int node;      // 0-based
  double limit;  // the limit it exceeded
};

// The sorted set a u b.
inline std::vector<int> sorted_union(std::vector<int> a, const std::vector<int>& b) {
  a.insert(a.end(), b.begin(), b.end());
  std::sort(a.begin(), a.end());
  a.erase(std::unique(a.begin(), a.end()), a.end());
  return a;
}

// Calls visit(chosen) for every subset `chosen` of `candidates` with at most `limit`
// nodes such that `base` u chosen is a clique of g (`base` itself must be one), the
// empty subset first, until visit returns false; returns false if it did.
template <class Visit>
bool visit_cliques(const Pdag& g, const std::vector<int>& base,
                   const std::vector<int>& candidates, int limit, Visit&& visit) {
  std::vector<int> usable;
  for (int c : candidates) {
    if (std::all_of(base.begin(), base.end(), [&](int b) { return g.adjacent(b, c); })) {
      usable.push_back(c);
    }
  }
  std::vector<int> chosen;
  std::function<bool(std::size_t)> extend = [&](std::size_t from) {
    if (!visit(static_cast<const std::vector<int>&>(chosen))) return false;
    if (static_cast<int>(chosen.size()) >= limit) return true;
    for (std::size_t i = from; i < usable.size(); ++i) {
      const int c = usable[i];
      if (!std::all_of(chosen.begin(), chosen.end(), [&](int x) { return g.adjacent(x, c); })) {
        continue;
      }
      chosen.push_back(c);
      if (!extend(i + 1)) return false;
      chosen.pop_back();
    }
    return true;
  };
  return extend(0);
}

// visit_cliques() for a visit that always goes on.
inline void for_each_clique(const Pdag& g, const std::vector<int>& base,
                            const std::vector<int>& candidates, int limit,
                            const std::function<void(const std::vector<int>&)>& visit) {
  visit_cliques(g, base, candidates, limit, [&](const std::vector<int>& chosen) {
    visit(chosen);
    return true;
  });
}

// The nodes and sets of GES's operators (ges.hpp) on one class under the constraints.
class OperatorSets {
 public:
  OperatorSets(const Pdag& g, const Constraints& k, int max_subset)
      : g_(g), k_(k), max_subset_(max_subset) {}

  // Calls visit(x, na, free, limit) for every X of an Insert(x, y, T) with x in `only`
  // (when given) that the constraints allow and whose NA_{Y,X} (`na`) is a clique, until
  // visit returns false; returns false if it did. Its sets T are the subsets of `free`
  // (Ne_Y \ NA_{Y,X}) of at most `limit` nodes that make na u T a clique: they depend
  // on X only through na, which most X share on a dense class (munin's clique of nodes
  // that show one state: the empty NA), so the callers enumerate them once per na.
  template <class Visit>
  bool each_insert_x(int y, const std::vector<int>* only, Visit&& visit) const {
    const std::vector<int> parents = g_.parents(y), neighbours = g_.neighbours(y);
    std::vector<int> na, free;
    for (int x : candidates(only)) {
      if (x == y || g_.adjacent(x, y) || (!k_.allowed(x, y) && !k_.allowed(y, x))) continue;
      split_neighbours(neighbours, x, na, free);
      if (!g_.is_clique(na)) continue;
      const int base_size = static_cast<int>(na.size() + parents.size());
      const long room = static_cast<long>(k_.max_parents) - 1 - base_size;
      if (room < 0) continue;
      if (!visit(x, na, free, static_cast<int>(std::min<long>(room, max_subset_)))) {
        return false;
      }
    }
    return true;
  }

  // Calls visit(x, na, kept) for every Delete(x, y, NA_{Y,X} \ kept) with x in `only`
  // (when given) that the constraints allow, `na` being NA_{Y,X}, until visit returns
  // false; returns false if it did.
  template <class Visit>
  bool each_delete(int y, const std::vector<int>* only, Visit&& visit) const {
    const std::vector<int> neighbours = g_.neighbours(y);
    std::vector<int> na, others;
    for (int x : candidates(only)) {
      if (!g_.mark(x, y) || k_.is_required(x, y) || k_.is_required(y, x)) continue;
      split_neighbours(neighbours, x, na, others);
      const bool more = visit_cliques(g_, {}, na, max_subset_, [&](const std::vector<int>& kept) {
        return visit(x, na, kept);
      });
      if (!more) return false;
    }
    return true;
  }

 private:
  // The candidate X of a target: every node, or those of `only`.
  std::vector<int> candidates(const std::vector<int>* only) const {
    if (only) return *only;
    std::vector<int> all(g_.size());
    for (int x = 0; x < g_.size(); ++x) all[x] = x;
    return all;
  }
  // Splits the neighbours of y into those adjacent to x (NA_{Y,X}) and the others.
  void split_neighbours(const std::vector<int>& neighbours, int x, std::vector<int>& adjacent_to_x,
                        std::vector<int>& others) const {
    adjacent_to_x.clear();
    others.clear();
    for (int v : neighbours) (g_.adjacent(v, x) ? adjacent_to_x : others).push_back(v);
  }

  const Pdag& g_;
  const Constraints& k_;
  int max_subset_;
};

// Insert validity, second condition (Chickering's Theorem 15): no semi-directed path
// from Y to X (along arcs forwards or undirected edges) avoids NA_{Y,X} u T. Most pairs
// have no such path at all, which one search from Y per step settles.
class InsertPaths {
 public:
  // For the checks of one step on g: the semi-directed successors of every node (b with
  // a -> b or a - b); the nodes reachable from each target are found on demand.
  void prepare(const Pdag& g) {
    const int n = g.size();
    successors_.assign(n, {});
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) if (g.mark(a, b)) successors_[a].push_back(b);
    }
    reachable_.assign(n, {});
  }

  // Whether every semi-directed path from y to x in g meets NA_{Y,X} u chosen.
  bool blocked(const Pdag& g, int x, int y, const std::vector<int>& chosen) {
    std::vector<char>& reach = reachable_[y];
    if (reach.empty()) {
      reach.assign(g.size(), 0);
      search(y, -1, reach);
    }
    if (!reach[x]) return true;
    std::vector<char> seen(g.size(), 0);
    for (int v : g.neighbours(y)) {
      if (g.adjacent(v, x)) seen[v] = 1;  // NA_{Y,X}
    }
    for (int t : chosen) seen[t] = 1;
    return !search(y, x, seen);
  }

 private:
  // Marks the nodes reachable from `from` along semi-directed paths that avoid the nodes
  // already marked in `seen`; stops early when `target` is reached (returns true).
  bool search(int from, int target, std::vector<char>& seen) const {
    std::vector<int> queue{from};
    seen[from] = 1;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      for (int b : successors_[queue[head]]) {
        if (seen[b]) continue;
        if (b == target) return true;
        seen[b] = 1;
        queue.push_back(b);
      }
    }
    return false;
  }

  std::vector<std::vector<int>> successors_;  // semi-directed successors
  std::vector<std::vector<char>> reachable_;  // from each target, on demand
};

}  // namespace learnbn
