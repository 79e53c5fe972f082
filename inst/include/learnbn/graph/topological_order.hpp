// Topological order and directed cycles of a graph given as parent (and child) lists:
// the one implementation behind Dag, CptNetwork, the CPDAG construction and R's
// topological_order(), cycle checks of whitelists and consistent extensions.
#pragma once
#include <algorithm>
#include <vector>

namespace learnbn {

using ParentLists = std::vector<std::vector<int>>;

inline ParentLists children_of(const ParentLists& parents) {
  ParentLists children(parents.size());
  for (std::size_t v = 0; v < parents.size(); ++v) {
    for (int p : parents[v]) children[p].push_back(static_cast<int>(v));
  }
  return children;
}

// Kahn's algorithm by layers: every node whose parents are all placed joins the next
// layer, and each layer is in node order, so the order does not depend on how the lists
// are sorted. On a cycle the nodes on or after it are left out (the order is partial).
inline std::vector<int> kahn_order(const ParentLists& parents, const ParentLists& children) {
  const int n = static_cast<int>(parents.size());
  std::vector<int> indegree(n), order, layer, next;
  order.reserve(n);
  for (int v = 0; v < n; ++v) {
    indegree[v] = static_cast<int>(parents[v].size());
    if (indegree[v] == 0) layer.push_back(v);
  }
  while (!layer.empty()) {
    order.insert(order.end(), layer.begin(), layer.end());
    next.clear();
    for (int v : layer) {
      for (int child : children[v]) if (--indegree[child] == 0) next.push_back(child);
    }
    std::sort(next.begin(), next.end());
    layer.swap(next);
  }
  return order;
}

// Nodes parents first; empty if there is a directed cycle.
inline std::vector<int> topological_order(const ParentLists& parents, const ParentLists& children) {
  std::vector<int> order = kahn_order(parents, children);
  if (order.size() < parents.size()) order.clear();
  return order;
}
inline std::vector<int> topological_order(const ParentLists& parents) {
  return topological_order(parents, children_of(parents));
}

// The nodes of one directed cycle in arc order (empty if there is none): from the
// lowest-numbered node Kahn's algorithm cannot place, walk to its lowest-numbered
// unplaced parent until a node repeats.
inline std::vector<int> directed_cycle(const ParentLists& parents) {
  const int n = static_cast<int>(parents.size());
  std::vector<char> placed(n, 0);
  for (int v : kahn_order(parents, children_of(parents))) placed[v] = 1;
  const auto first = std::find(placed.begin(), placed.end(), 0);
  if (first == placed.end()) return {};
  std::vector<int> path{static_cast<int>(first - placed.begin())}, position(n, -1);
  position[path[0]] = 0;
  while (true) {
    int parent = n;
    for (int p : parents[path.back()]) if (!placed[p]) parent = std::min(parent, p);
    if (position[parent] >= 0) {  // path[seen] <- ... <- path.back() <- path[seen]
      std::vector<int> cycle{parent};
      for (int i = static_cast<int>(path.size()) - 1; i > position[parent]; --i)
        cycle.push_back(path[i]);
      return cycle;
    }
    position[parent] = static_cast<int>(path.size());
    path.push_back(parent);
  }
}

}  // namespace learnbn
