// A conditional independence "test" that answers from a DAG instead of data: X and Y
// are independent given Z exactly when Z d-separates them in the DAG (p-value 1, else
// 0). Some nodes of the DAG may be latent: the tested nodes are the observed ones,
// numbered 0, 1, ... in the order given. With it a constraint-based learner returns the
// equivalence class of the DAG's marginal over the observed nodes (its CPDAG or PAG),
// which makes it a test of the learner.
#pragma once
#include <cstddef>
#include <vector>

#include "../citest/spec.hpp"

namespace learnbn {

class DsepOracle {
 public:
  // parents[v]: the parents of node v of the DAG; observed[k]: the DAG node that is
  // tested as node k.
  DsepOracle(std::vector<std::vector<int>> parents, std::vector<int> observed)
      : parents_(std::move(parents)), observed_(std::move(observed)),
        children_(parents_.size()) {
    for (std::size_t v = 0; v < parents_.size(); ++v) {
      for (int p : parents_[v]) children_[p].push_back(static_cast<int>(v));
    }
  }

  int n_observed() const { return static_cast<int>(observed_.size()); }
  int dag_node(int k) const { return observed_[k]; }

  CITestResult test(int x, int y, const std::vector<int>& z) const {
    std::vector<int> given;
    for (int k : z) given.push_back(observed_[k]);
    CITestResult r;
    r.p_value = separated(observed_[x], observed_[y], given) ? 1.0 : 0.0;
    return r;
  }

  // Are x and y d-separated by `given` (DAG nodes)? The reachability of Koller and
  // Friedman (2009, algorithm 3.1): trails from x, moving up (to a parent) or down.
  bool separated(int x, int y, const std::vector<int>& given) const {
    const std::size_t n = parents_.size();
    std::vector<char> in_z(n, 0), anc_z(n, 0);
    for (int v : given) in_z[v] = 1;
    std::vector<int> stack(given.begin(), given.end());
    while (!stack.empty()) {  // the ancestors of Z (Z included)
      const int v = stack.back();
      stack.pop_back();
      if (anc_z[v]) continue;
      anc_z[v] = 1;
      for (int p : parents_[v]) stack.push_back(p);
    }
    // visited[2v]: reached v from a child (going up), visited[2v + 1]: from a parent.
    std::vector<char> visited(2 * n, 0);
    std::vector<std::pair<int, bool>> todo{{x, true}};
    while (!todo.empty()) {
      const int v = todo.back().first;
      const bool up = todo.back().second;
      todo.pop_back();
      if (visited[2 * v + (up ? 0 : 1)]) continue;
      visited[2 * v + (up ? 0 : 1)] = 1;
      if (v == y && !in_z[v]) return false;
      if (up && !in_z[v]) {
        for (int p : parents_[v]) todo.emplace_back(p, true);
        for (int c : children_[v]) todo.emplace_back(c, false);
      } else if (!up) {
        if (!in_z[v]) for (int c : children_[v]) todo.emplace_back(c, false);
        if (anc_z[v]) for (int p : parents_[v]) todo.emplace_back(p, true);
      }
    }
    return true;
  }

  // The ancestors of `nodes` (DAG nodes, themselves included).
  std::vector<char> ancestors(const std::vector<int>& nodes) const {
    std::vector<char> out(parents_.size(), 0);
    std::vector<int> stack(nodes);
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      if (out[v]) continue;
      out[v] = 1;
      for (int p : parents_[v]) stack.push_back(p);
    }
    return out;
  }

 private:
  std::vector<std::vector<int>> parents_;
  std::vector<int> observed_;
  std::vector<std::vector<int>> children_;
};

}  // namespace learnbn
