// A DAG under local changes: adjacency, parent and child lists, and reachability
// bitsets (no limit on the number of nodes) so that a move's acyclicity is checked
// in constant time for additions and in O(out-degree) for reversals.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "topological_order.hpp"

namespace learnbn {

class Dag {
 public:
  explicit Dag(int n)
      : n_(n), words_((n + 63) / 64), adj_(static_cast<std::size_t>(n) * n, 0),
        parents_(n), children_(n), reach_(static_cast<std::size_t>(n) * words_, 0) {}

  int size() const { return n_; }
  bool has_arc(int from, int to) const { return adj_[index(from, to)] != 0; }
  bool adjacent(int a, int b) const { return has_arc(a, b) || has_arc(b, a); }
  const std::vector<int>& parents(int v) const { return parents_[v]; }
  const std::vector<int>& children(int v) const { return children_[v]; }
  std::size_t n_arcs() const {
    std::size_t arcs = 0;
    for (const auto& p : parents_) arcs += p.size();
    return arcs;
  }

  // Is there a directed path of length >= 1 from `from` to `to`?
  bool reaches(int from, int to) const {
    return (reach_[static_cast<std::size_t>(from) * words_ + to / 64] >> (to % 64)) & 1ULL;
  }
  bool can_add(int from, int to) const {
    return from != to && !adjacent(from, to) && !reaches(to, from);
  }
  // Reversing from -> to makes a cycle iff another path from -> to exists.
  bool can_reverse(int from, int to) const {
    for (int child : children_[from]) {
      if (child != to && (reaches(child, to))) return false;
    }
    return true;
  }

  void add_arc(int from, int to) {
    // An arc that closes no cycle in a DAG adds {to} and reach(to) to `from` and its
    // ancestors, nothing else: the same bits as refresh_reach() without its topological
    // order (hill climbing adds thousands of arcs to munin's 1,041 nodes).
    const bool in_place = acyclic_ && from != to && !reaches(to, from);
    adj_[index(from, to)] = 1;
    parents_[to].push_back(from);
    children_[from].push_back(to);
    if (in_place) add_reach(from, to);
    else refresh_reach();
  }
  void remove_arc(int from, int to) {
    adj_[index(from, to)] = 0;
    erase(parents_[to], from);
    erase(children_[from], to);
    refresh_reach();
  }
  void reverse_arc(int from, int to) {
    adj_[index(from, to)] = 0;
    erase(parents_[to], from);
    erase(children_[from], to);
    adj_[index(to, from)] = 1;
    parents_[from].push_back(to);
    children_[to].push_back(from);
    refresh_reach();
  }

  // Nodes in a topological order (parents first); empty if there is a cycle.
  std::vector<int> topological_order() const {
    return learnbn::topological_order(parents_, children_);
  }
  bool is_acyclic() const { return n_ == 0 || !topological_order().empty(); }

 private:
  std::size_t index(int from, int to) const { return static_cast<std::size_t>(from) * n_ + to; }
  static void erase(std::vector<int>& v, int x) { v.erase(std::find(v.begin(), v.end(), x)); }

  // reach(u) = union over children c of {c} and reach(c), in reverse topological order;
  // all empty when there is a cycle.
  void refresh_reach() {
    std::fill(reach_.begin(), reach_.end(), 0);
    const std::vector<int> order = topological_order();
    acyclic_ = n_ == 0 || !order.empty();
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      std::uint64_t* row = &reach_[static_cast<std::size_t>(*it) * words_];
      for (int child : children_[*it]) {
        const std::uint64_t* child_row = &reach_[static_cast<std::size_t>(child) * words_];
        for (int w = 0; w < words_; ++w) row[w] |= child_row[w];
        row[child / 64] |= 1ULL << (child % 64);
      }
    }
  }

  // See add_arc(): reach(to) holds neither `from` nor any ancestor of `from`.
  void add_reach(int from, int to) {
    const std::uint64_t* added = &reach_[static_cast<std::size_t>(to) * words_];
    const std::uint64_t to_bit = 1ULL << (to % 64);
    for (int u = 0; u < n_; ++u) {
      if (u != from && !reaches(u, from)) continue;
      std::uint64_t* row = &reach_[static_cast<std::size_t>(u) * words_];
      for (int w = 0; w < words_; ++w) row[w] |= added[w];
      row[to / 64] |= to_bit;
    }
  }

  int n_, words_;
  bool acyclic_ = true;  // reach_ is the transitive closure (else all empty)
  std::vector<char> adj_;
  std::vector<std::vector<int>> parents_, children_;
  std::vector<std::uint64_t> reach_;
};

}  // namespace learnbn
