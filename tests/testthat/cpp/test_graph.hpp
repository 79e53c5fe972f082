// graph/: topological order and directed cycles, Dag reachability, moves and their
// legality, PDAGs (consistent extension, CPDAG of a DAG).
#pragma once
#include <algorithm>
#include <random>
#include <vector>

#include <learnbn/graph/constraints.hpp>
#include <learnbn/graph/dag.hpp>
#include <learnbn/graph/moves.hpp>
#include <learnbn/graph/pdag.hpp>
#include <learnbn/graph/topological_order.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

inline void test_topological_order() {
  // 3 -> 1 -> 0, 3 -> 2, 2 -> 0: layers {3}, {1, 2}, {0}.
  const ParentLists dag = {{1, 2}, {3}, {3}, {}};
  CHECK(topological_order(dag) == (std::vector<int>{3, 1, 2, 0}));
  CHECK(directed_cycle(dag).empty());
  CHECK(children_of(dag) == (ParentLists{{}, {0}, {0}, {1, 2}}));
  // The order does not depend on how the parent lists are sorted.
  const ParentLists shuffled = {{2, 1}, {3}, {3}, {}};
  CHECK(topological_order(shuffled) == topological_order(dag));
  // A cycle 0 -> 1 -> 2 -> 0 behind a source 3 -> 0: no order, the cycle in arc order.
  const ParentLists cyclic = {{2, 3}, {0}, {1}, {}};
  CHECK(topological_order(cyclic).empty());
  CHECK(kahn_order(cyclic, children_of(cyclic)) == (std::vector<int>{3}));
  const std::vector<int> cycle = directed_cycle(cyclic);
  CHECK(cycle == (std::vector<int>{0, 1, 2}));
  // A two-cycle 1 <-> 2 downstream of 0.
  const ParentLists two = {{}, {0, 2}, {1}};
  CHECK(directed_cycle(two) == (std::vector<int>{1, 2}));
  CHECK(topological_order(ParentLists{}).empty() && directed_cycle(ParentLists{}).empty());
}

inline void test_dag() {
  std::mt19937 rng(2);
  const int n = 70;  // more than 64 nodes: bitsets span several words
  Dag dag(n);
  std::uniform_int_distribution<int> node(0, n - 1);
  bool acyclic = true;
  for (int step = 0; step < 400; ++step) {
    const int from = node(rng), to = node(rng);
    if (dag.can_add(from, to)) dag.add_arc(from, to);
    else if (dag.has_arc(from, to) && step % 3 == 0) dag.remove_arc(from, to);
    else if (dag.has_arc(from, to) && dag.can_reverse(from, to)) dag.reverse_arc(from, to);
    acyclic = acyclic && dag.is_acyclic();
  }
  CHECK(acyclic);
  CHECK(dag.n_arcs() > 50);
  // reaches() agrees with a depth-first search.
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
  CHECK(agree);
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

inline void test_moves() {
  // 0 -> 1, 2 isolated, on three nodes.
  Dag dag(3);
  dag.add_arc(0, 1);
  Constraints k = Constraints::none(3);
  std::vector<Move> moves;
  legal_moves(dag, k, moves);
  // Candidates, children outermost: to 0: add 2->0 (1->0 is the reversed arc, no add);
  // to 1: remove 0->1, reverse 0->1, add 2->1; to 2: add 0->2, add 1->2.
  const std::vector<Move> expected = {{MoveType::add, 2, 0}, {MoveType::remove, 0, 1}, {MoveType::reverse, 0, 1},
                                      {MoveType::add, 2, 1}, {MoveType::add, 0, 2}, {MoveType::add, 1, 2}};
  CHECK(moves == expected);
  // Forbidding 1 -> 0 stops the reversal, requiring 0 -> 1 stops its removal too.
  k.forbidden[1 * 3 + 0] = 1;
  CHECK(!legal_move(dag, k, Move{MoveType::reverse, 0, 1}));
  k.required[0 * 3 + 1] = 1;
  CHECK(!legal_move(dag, k, Move{MoveType::remove, 0, 1}));
  legal_moves(dag, k, moves);
  CHECK(moves.size() == 4);
  // max_parents 1: node 1 has its parent already.
  k.max_parents = 1;
  CHECK(!legal_move(dag, k, Move{MoveType::add, 2, 1}) && legal_move(dag, k, Move{MoveType::add, 2, 0}));
  // Adding 1 -> 2 then 2 -> 0 would close a cycle.
  Dag path(3);
  path.add_arc(0, 1);
  path.add_arc(1, 2);
  CHECK(!legal_move(path, Constraints::none(3), Move{MoveType::add, 2, 0}));
  // inverse() undoes a move; apply_move applies it.
  const Move add{MoveType::add, 2, 0};
  CHECK(inverse(add) == (Move{MoveType::remove, 2, 0}));
  CHECK(inverse(Move{MoveType::reverse, 0, 1}) == (Move{MoveType::reverse, 1, 0}));
  apply_move(dag, add);
  CHECK(dag.has_arc(2, 0));
  apply_move(dag, inverse(add));
  CHECK(!dag.has_arc(2, 0) && dag.n_arcs() == 1);
  // random_move draws an ordered pair of distinct nodes and the move it allows.
  Random rng(9);
  bool fine = true;
  for (int i = 0; i < 200; ++i) {
    const Move m = random_move(dag, rng);
    fine = fine && m.from != m.to && m.from >= 0 && m.from < 3 && m.to >= 0 && m.to < 3;
    fine = fine && (dag.has_arc(m.from, m.to) ? m.type != MoveType::add : m.type == MoveType::add);
  }
  CHECK(fine);
}

// The skeleton of a PDAG and of a DAG given as parent lists.
inline std::vector<char> skeleton_of(const ParentLists& parents) {
  const std::size_t n = parents.size();
  std::vector<char> s(n * n, 0);
  for (std::size_t v = 0; v < n; ++v) for (int p : parents[v]) s[p * n + v] = s[v * n + p] = 1;
  return s;
}
inline std::vector<char> skeleton_of(const Pdag& g) {
  const int n = g.size();
  std::vector<char> s(static_cast<std::size_t>(n) * n, 0);
  for (int a = 0; a < n; ++a) for (int b = 0; b < n; ++b) s[a * n + b] = g.adjacent(a, b);
  return s;
}
// The v-structures a -> c <- b (a < b, a and b not adjacent) of a DAG.
inline std::vector<std::vector<int>> v_structures(const ParentLists& parents) {
  const std::vector<char> s = skeleton_of(parents);
  const std::size_t n = parents.size();
  std::vector<std::vector<int>> out;
  for (std::size_t c = 0; c < n; ++c) {
    for (int a : parents[c]) for (int b : parents[c]) {
      if (a < b && !s[a * n + b]) out.push_back({a, static_cast<int>(c), b});
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline void test_pdag() {
  // The CPDAG of a chain 0 -> 1 -> 2 is all undirected.
  const Pdag chain = cpdag_of_dag({{}, {0}, {1}});
  CHECK(chain.has_undirected(0, 1) && chain.has_undirected(1, 2) && !chain.adjacent(0, 2));
  // The CPDAG of a v-structure 0 -> 2 <- 1 keeps both arcs.
  const Pdag collider = cpdag_of_dag({{}, {}, {0, 1}});
  CHECK(collider.has_arc(0, 2) && collider.has_arc(1, 2) && !collider.adjacent(0, 1));
  CHECK(collider.parents(2) == (std::vector<int>{0, 1}) && collider.neighbours(2).empty());
  // A v-structure with a child 0 -> 2 <- 1, 2 -> 3: the arc 2 -> 3 is compelled too.
  const Pdag below = cpdag_of_dag({{}, {}, {0, 1}, {2}});
  CHECK(below.has_arc(2, 3));
  // Extension of a CPDAG: a DAG with the same skeleton and v-structures, for several DAGs.
  const std::vector<ParentLists> dags = {
      {{}, {0}, {1}}, {{}, {}, {0, 1}, {2}}, {{}, {0}, {0}, {1, 2}}, {{1}, {}, {0, 1}, {2}, {3, 0}},
      {{}, {0}, {0, 1}, {2}, {2, 3}}};
  for (const ParentLists& dag : dags) {
    const Pdag cpdag = cpdag_of_dag(dag);
    ParentLists extension;
    CHECK(consistent_extension(cpdag, extension));
    CHECK(!topological_order(extension).empty() || extension.empty());
    CHECK(skeleton_of(extension) == skeleton_of(dag));
    CHECK(skeleton_of(cpdag) == skeleton_of(dag));
    CHECK(v_structures(extension) == v_structures(dag));
    CHECK(cpdag_of_dag(extension) == cpdag);  // same equivalence class
  }
  // The extension orients the undirected chain into the lowest-numbered sink first.
  ParentLists extension;
  CHECK(consistent_extension(chain, extension));
  CHECK(extension == (ParentLists{{1}, {2}, {}}));
  // An undirected 4-cycle has no consistent extension (any orientation adds a v-structure).
  Pdag square(4);
  square.add_undirected(0, 1);
  square.add_undirected(1, 2);
  square.add_undirected(2, 3);
  square.add_undirected(3, 0);
  std::vector<int> stuck;
  CHECK(!consistent_extension(square, extension, &stuck));
  CHECK(stuck == (std::vector<int>{0, 1, 2, 3}));
  Pdag copy = square;
  CHECK(!complete_to_cpdag(copy) && copy == square);
  // from_parents directs every arc; complete_to_cpdag gives the class's CPDAG.
  Pdag directed = Pdag::from_parents({{}, {0}, {1}});
  CHECK(directed.has_arc(0, 1) && directed.has_arc(1, 2));
  CHECK(complete_to_cpdag(directed) && directed == chain);
  // admissible_extension: requiring 1 -> 0 in the chain's class orients it 2 -> 1 -> 0.
  Constraints k = Constraints::none(3);
  k.required[1 * 3 + 0] = 1;
  ParentLists admissible;
  CHECK(admissible_extension(chain, k, admissible));
  CHECK(admissible == (ParentLists{{1}, {2}, {}}));
  // Forbidding both directions of an edge leaves no admissible extension.
  k = Constraints::none(3);
  k.forbidden[0 * 3 + 1] = k.forbidden[1 * 3 + 0] = 1;
  CHECK(!admissible_extension(chain, k, admissible));
}

inline void run_graph_tests() {
  run_test("test_topological_order", test_topological_order);
  run_test("test_dag", test_dag);
  run_test("test_moves", test_moves);
  run_test("test_pdag", test_pdag);
}

}  // namespace learnbn_test
