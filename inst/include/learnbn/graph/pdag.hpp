// Partially directed acyclic graphs: directed arcs and undirected edges on one
// adjacency matrix, consistent extensions (Dor & Tarsi 1992) and CPDAGs of DAGs
// (Chickering 1995). The conventions are those of the R side: mark(i, j) set means
// i -> j, an undirected edge i - j has both marks set, and the extension takes the
// lowest-numbered eligible sink first, as pdag_to_dag() does, so both give the same DAG.
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

#include "topological_order.hpp"

namespace learnbn {

class Pdag {
 public:
  explicit Pdag(int n = 0) : n_(n), marks_(static_cast<std::size_t>(n) * n, 0) {}

  // The pattern of a DAG given as parent lists: every arc directed.
  static Pdag from_parents(const ParentLists& parents) {
    Pdag g(static_cast<int>(parents.size()));
    for (int child = 0; child < g.n_; ++child) {
      for (int parent : parents[child]) g.add_arc(parent, child);
    }
    return g;
  }

  int size() const { return n_; }
  bool mark(int from, int to) const { return marks_[index(from, to)] != 0; }
  bool adjacent(int a, int b) const { return mark(a, b) || mark(b, a); }
  bool has_arc(int from, int to) const { return mark(from, to) && !mark(to, from); }
  bool has_undirected(int a, int b) const { return mark(a, b) && mark(b, a); }

  void add_arc(int from, int to) {
    marks_[index(from, to)] = 1;
    marks_[index(to, from)] = 0;
  }
  void add_undirected(int a, int b) { marks_[index(a, b)] = marks_[index(b, a)] = 1; }
  void remove_edge(int a, int b) { marks_[index(a, b)] = marks_[index(b, a)] = 0; }

  // Nodes with an arc into v / an undirected edge to v, in node order.
  std::vector<int> parents(int v) const {
    return select([&](int u) { return has_arc(u, v); });
  }
  std::vector<int> neighbours(int v) const {
    return select([&](int u) { return has_undirected(u, v); });
  }

  // Are the nodes pairwise adjacent?
  bool is_clique(const std::vector<int>& nodes) const {
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      for (std::size_t j = i + 1; j < nodes.size(); ++j) {
        if (!adjacent(nodes[i], nodes[j])) return false;
      }
    }
    return true;
  }

  // Do the parents or neighbours of v differ between this graph and `other`?
  bool family_differs(const Pdag& other, int v) const {
    for (int u = 0; u < n_; ++u) {
      if (mark(u, v) != other.mark(u, v) || mark(v, u) != other.mark(v, u)) return true;
    }
    return false;
  }

  bool operator==(const Pdag& other) const { return n_ == other.n_ && marks_ == other.marks_; }
  bool operator!=(const Pdag& other) const { return !(*this == other); }

 private:
  std::size_t index(int from, int to) const { return static_cast<std::size_t>(from) * n_ + to; }
  template <typename Keep>
  std::vector<int> select(Keep keep) const {
    std::vector<int> out;
    for (int u = 0; u < n_; ++u) if (keep(u)) out.push_back(u);
    return out;
  }

  int n_;
  std::vector<char> marks_;
};

// Why the extension below cannot take `x` as the next sink of `rest` (the graph on the
// nodes still `alive`): x has the arc x -> a (b is -1), or orienting the undirected edge
// a - x into x would make the new v-structure a -> x <- b (b adjacent to x, not to a).
// `node` is -1 when x can be taken.
struct SinkBlock {
  int node = -1, a = -1, b = -1;
};

inline SinkBlock sink_block(const Pdag& rest, const std::vector<char>& alive, int x) {
  const int n = rest.size();
  std::vector<int> undirected, adjacent;
  for (int u = 0; u < n; ++u) {
    if (!alive[u] || u == x) continue;
    if (rest.has_arc(x, u)) return SinkBlock{x, u, -1};
    if (rest.adjacent(x, u)) adjacent.push_back(u);
    if (rest.has_undirected(x, u)) undirected.push_back(u);
  }
  for (int y : undirected) {
    for (int z : adjacent) {
      if (z != y && !rest.adjacent(y, z)) return SinkBlock{x, y, z};
    }
  }
  return SinkBlock{};
}

// A consistent extension of `g` (Dor & Tarsi 1992): a DAG with the same skeleton, the
// same arcs where g has arcs and the same v-structures. Repeatedly removes the
// lowest-numbered node x with no outgoing arc whose undirected neighbours are adjacent to
// every other node adjacent to x, orienting its undirected edges into x. Returns false
// when no extension exists; `parents` then holds nothing useful and `stuck` (if given)
// the nodes no step could remove, each with the reason it could not (sink_block()).
inline bool consistent_extension(const Pdag& g, ParentLists& parents,
                                 std::vector<SinkBlock>* stuck = nullptr) {
  const int n = g.size();
  Pdag rest = g;  // the graph on the nodes not removed yet
  std::vector<char> alive(n, 1);
  parents.assign(n, {});
  auto is_sink = [&](int x) { return sink_block(rest, alive, x).node < 0; };
  std::vector<char> eligible(n);
  for (int v = 0; v < n; ++v) eligible[v] = is_sink(v);
  for (int step = 0; step < n; ++step) {
    int x = 0;
    while (x < n && !(alive[x] && eligible[x])) ++x;
    if (x == n) {
      if (stuck) {
        stuck->clear();
        for (int v = 0; v < n; ++v) if (alive[v]) stuck->push_back(sink_block(rest, alive, v));
      }
      return false;
    }
    std::vector<int> touched;
    for (int u = 0; u < n; ++u) {
      if (!alive[u] || u == x || !rest.adjacent(x, u)) continue;
      parents[x].push_back(u);  // arcs u -> x and undirected edges u - x, now u -> x
      touched.push_back(u);
      rest.remove_edge(x, u);
    }
    alive[x] = 0;
    for (int u : touched) eligible[u] = is_sink(u);
  }
  return true;
}

// The CPDAG of a DAG by Chickering's (1995) edge labelling: the arcs into each child are
// taken in topological order of the child and, within a child, from the last parent in
// that order; each child's arcs are all labelled when its first arc is processed.
inline Pdag cpdag_of_dag(const ParentLists& dag_parents) {
  const int n = static_cast<int>(dag_parents.size());
  const std::vector<int> order = topological_order(dag_parents);
  std::vector<int> position(n);
  for (int i = 0; i < n; ++i) position[order[i]] = i;
  enum Label : char { unknown = 0, compelled = 1, reversible = 2 };
  ParentLists parents = dag_parents;
  std::vector<std::vector<char>> labels(n);
  for (int v = 0; v < n; ++v) {
    std::sort(parents[v].begin(), parents[v].end(),
              [&](int a, int b) { return position[a] > position[b]; });
    labels[v].assign(parents[v].size(), unknown);
  }
  auto slot = [](const std::vector<int>& set, int v) {
    return static_cast<std::size_t>(std::find(set.begin(), set.end(), v) - set.begin());
  };
  for (int y : order) {
    const std::vector<int>& pa = parents[y];
    if (pa.empty()) continue;
    std::vector<char>& label = labels[y];
    const int x = pa[0];
    bool all_compelled = false;
    for (std::size_t i = 0; i < parents[x].size() && !all_compelled; ++i) {
      if (labels[x][i] != compelled) continue;
      const std::size_t at = slot(pa, parents[x][i]);  // w -> x compelled
      if (at == pa.size()) all_compelled = true;         // w is not a parent of y
      else label[at] = compelled;
    }
    if (all_compelled) {
      std::fill(label.begin(), label.end(), compelled);
      continue;
    }
    bool other_parent = false;  // some z -> y with z not x and not a parent of x
    for (std::size_t i = 1; i < pa.size(); ++i) {
      if (slot(parents[x], pa[i]) == parents[x].size()) other_parent = true;
    }
    const Label rest = other_parent ? compelled : reversible;
    if (other_parent) label[0] = compelled;
    for (char& l : label) if (l == unknown) l = rest;
  }
  Pdag out(n);
  for (int y = 0; y < n; ++y) {
    for (std::size_t i = 0; i < parents[y].size(); ++i) {
      if (labels[y][i] == compelled) out.add_arc(parents[y][i], y);
      else out.add_undirected(parents[y][i], y);
    }
  }
  return out;
}

// Replaces a PDAG that has a consistent extension by the CPDAG of its class; returns
// false (leaving g as it was) when there is no extension.
inline bool complete_to_cpdag(Pdag& g) {
  ParentLists dag;
  if (!consistent_extension(g, dag)) return false;
  g = cpdag_of_dag(dag);
  return true;
}

}  // namespace learnbn
