// What the permutation searches (boss.hpp, grasp.hpp) share about orders: their options,
// a random start order, and the DAG an order gives with the grow-shrink trees.
#pragma once
#include <functional>
#include <limits>
#include <queue>
#include <stdexcept>
#include <utility>
#include <vector>

#include "grow_shrink.hpp"

namespace learnbn {

// A random order of the nodes that puts every required parent, and every parent in
// `start`, before its child: Kahn's algorithm taking the ready node of least random rank.
inline std::vector<int> random_order(const Dag& start, const Constraints& k, Random& rng) {
  const int n = k.n;
  std::vector<int> rank(n);
  for (int v = 0; v < n; ++v) rank[v] = v;
  for (int v = n - 1; v > 0; --v) std::swap(rank[v], rank[rng.below(v + 1)]);
  std::vector<std::vector<int>> children(n);
  std::vector<int> waiting(n, 0);
  for (int u = 0; u < n; ++u) {
    for (int v = 0; v < n; ++v) {
      if (u != v && (k.is_required(u, v) || start.has_arc(u, v))) {
        children[u].push_back(v);
        ++waiting[v];
      }
    }
  }
  std::priority_queue<std::pair<int, int>, std::vector<std::pair<int, int>>,
                      std::greater<std::pair<int, int>>> ready;
  for (int v = 0; v < n; ++v) if (!waiting[v]) ready.push({rank[v], v});
  std::vector<int> order;
  while (!ready.empty()) {
    const int u = ready.top().second;
    ready.pop();
    order.push_back(u);
    for (int v : children[u]) if (--waiting[v] == 0) ready.push({rank[v], v});
  }
  if (static_cast<int>(order.size()) != n) {
    throw std::invalid_argument("the required arcs and the start graph form a cycle");
  }
  return order;
}

// The DAG of an order and its score (the best family of each node among its predecessors).
inline SearchResult order_result(GrowShrinkForest& forest, const std::vector<int>& order) {
  std::vector<int> pos;
  const auto queries = forest.families(order, pos);
  ParentLists parents(order.size());
  SearchResult result;
  for (const auto& q : queries) {
    parents[q.node] = q.parents;
    result.score += q.score;
  }
  result.dag = dag_of(parents);
  return result;
}

struct PermutationOptions {
  int starts = 1;      // runs from random orders (the first from the start graph's)
  int depth = 3;       // GRaSP: depth of the tuck search
  bool bes = false;    // BOSS: end each run with GES's phases from its DAG's class
  // BOSS: ges()'s limit on one node's operators (GesOptions::max_operators), of which its
  // GES phases allow a share (boss_ges_options()).
  double max_operators = std::numeric_limits<double>::infinity();
};

}  // namespace learnbn
