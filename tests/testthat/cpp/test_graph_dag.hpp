// graph/dag.hpp: reachability after every change (updated in place by additions,
// recomputed otherwise) against a depth-first search; cycles empty it.
#pragma once
#include <random>
#include <vector>

#include <learnbn/graph/dag.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

// Does dag.reaches() agree with a depth-first search from every node?
inline bool reach_agrees(const Dag& dag) {
  const int n = dag.size();
  bool agree = true;
  for (int u = 0; u < n; ++u) {
    std::vector<char> seen(n, 0);
    std::vector<int> stack(dag.children(u).begin(), dag.children(u).end());
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      if (seen[v]) continue;
      seen[v] = 1;
      for (int c : dag.children(v)) stack.push_back(c);
    }
    for (int v = 0; v < n; ++v) agree = agree && dag.reaches(u, v) == (seen[v] != 0);
  }
  return agree;
}

inline void test_dag() {
  std::mt19937 rng(2);
  const int n = 70;  // more than 64 nodes: bitsets span several words
  Dag dag(n);
  std::uniform_int_distribution<int> node(0, n - 1);
  bool acyclic = true, agree = true;
  // After every move: additions update reachability in place, the others recompute it.
  for (int step = 0; step < 400; ++step) {
    const int from = node(rng), to = node(rng);
    if (dag.can_add(from, to)) dag.add_arc(from, to);
    else if (dag.has_arc(from, to) && step % 3 == 0) dag.remove_arc(from, to);
    else if (dag.has_arc(from, to) && dag.can_reverse(from, to)) dag.reverse_arc(from, to);
    acyclic = acyclic && dag.is_acyclic();
    agree = agree && reach_agrees(dag);
  }
  CHECK(acyclic && agree);
  CHECK(dag.n_arcs() > 50);
  // An arc closing a cycle empties reachability (no order); removing it restores it.
  Dag loop(3);
  loop.add_arc(0, 1);
  loop.add_arc(1, 2);
  loop.add_arc(2, 0);
  CHECK(!loop.reaches(0, 1) && !loop.reaches(0, 2));
  loop.add_arc(0, 2);  // still cyclic: still empty
  CHECK(!loop.reaches(0, 2) && !loop.is_acyclic());
  loop.remove_arc(2, 0);
  loop.add_arc(2, 1);  // 1 <-> 2
  CHECK(!loop.reaches(0, 1));
  loop.remove_arc(2, 1);
  CHECK(loop.reaches(0, 1) && loop.reaches(0, 2) && reach_agrees(loop));
  // A chain 0 -> 1 -> 2: 2 -> 0 closes a cycle, 0 -> 2 is fine; reversing 0 -> 1 is
  // fine, but after adding 0 -> 2 reversing it is not (0 -> 1 -> 2 remains).
  Dag chain(3);
  chain.add_arc(0, 1);
  chain.add_arc(1, 2);
  CHECK(chain.reaches(0, 2) && !chain.reaches(2, 0) && !chain.reaches(0, 0));
  CHECK(!chain.can_add(2, 0) && chain.can_add(0, 2) && !chain.can_add(0, 1) && !chain.can_add(1, 1));
  CHECK(chain.can_reverse(0, 1));
  chain.add_arc(0, 2);
  CHECK(!chain.can_reverse(0, 2) && chain.can_reverse(1, 2));
  CHECK(chain.topological_order() == (std::vector<int>{0, 1, 2}));
  chain.reverse_arc(1, 2);
  CHECK(chain.has_arc(2, 1) && !chain.has_arc(1, 2) && chain.parents(1) == (std::vector<int>{0, 2}));
  chain.remove_arc(0, 1);
  CHECK(chain.n_arcs() == 2 && chain.reaches(0, 1) && !chain.has_arc(0, 1));  // 0 -> 2 -> 1
}

}  // namespace learnbn_test
