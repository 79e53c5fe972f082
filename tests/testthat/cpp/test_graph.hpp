// graph/: topological order and directed cycles, Dag reachability, moves and their
// legality, PDAGs (consistent extension, CPDAG of a DAG).
#pragma once
#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include <learnbn/graph/constraints.hpp>
#include <learnbn/graph/dag.hpp>
#include <learnbn/graph/meek.hpp>
#include <learnbn/graph/moves.hpp>
#include <learnbn/graph/pdag.hpp>
#include <learnbn/graph/topological_order.hpp>

#include "check.hpp"
#include "test_graph_dag.hpp"

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
  std::vector<SinkBlock> stuck;
  CHECK(!consistent_extension(square, extension, &stuck));
  CHECK(stuck.size() == 4);
  bool blocked = stuck.size() == 4;  // node v: orienting 1 - 0 into 0 makes 1 -> 0 <- 3, ...
  for (std::size_t i = 0; i < stuck.size(); ++i) {
    const int v = static_cast<int>(i);
    blocked = blocked && stuck[i].node == v && stuck[i].a == (v == 0 ? 1 : v == 3 ? 0 : v - 1) &&
              stuck[i].b == (v == 0 ? 3 : v == 3 ? 2 : v + 1);
  }
  CHECK(blocked);
  // In the directed cycle 0 -> 1 -> 2 -> 0 each node is blocked by its arc out.
  Pdag cycle(3);
  cycle.add_arc(0, 1);
  cycle.add_arc(1, 2);
  cycle.add_arc(2, 0);
  CHECK(!consistent_extension(cycle, extension, &stuck));
  CHECK(stuck.size() == 3 && stuck[0].a == 1 && stuck[0].b == -1 && stuck[2].a == 0);
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

// A PDAG from arcs and undirected edges.
inline Pdag pdag_of(int n, const std::vector<std::pair<int, int>>& arcs,
                    const std::vector<std::pair<int, int>>& edges) {
  Pdag g(n);
  for (const auto& a : arcs) g.add_arc(a.first, a.second);
  for (const auto& e : edges) g.add_undirected(e.first, e.second);
  return g;
}

inline bool same_steps(const std::vector<OrientationStep>& log, const std::vector<std::vector<int>>& expected) {
  if (log.size() != expected.size()) return false;
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i].from != expected[i][0] || log[i].to != expected[i][1] || log[i].rule != expected[i][2]) return false;
  }
  return true;
}

// Each of Meek's rules on the smallest graph where it alone applies, checked by hand.
inline void test_meek_rules() {
  std::vector<OrientationStep> log;
  // R1: 0 -> 1 - 2 with 0 and 2 not adjacent gives 1 -> 2.
  Pdag g = pdag_of(3, {{0, 1}}, {{1, 2}});
  MeekOrienter(g, nullptr, &log).close(false);
  CHECK(g == pdag_of(3, {{0, 1}, {1, 2}}, {}));
  CHECK(same_steps(log, {{1, 2, 1}}));
  // R1 does not fire when 0 and 2 are adjacent (a shielded triple).
  g = pdag_of(3, {{0, 1}}, {{1, 2}, {0, 2}});
  Pdag before = g;
  MeekOrienter(g).close(true);
  CHECK(g == before);
  // R2: 0 -> 1 -> 2 and 0 - 2 gives 0 -> 2.
  log.clear();
  g = pdag_of(3, {{0, 1}, {1, 2}}, {{0, 2}});
  MeekOrienter(g, nullptr, &log).close(false);
  CHECK(g == pdag_of(3, {{0, 1}, {1, 2}, {0, 2}}, {}));
  CHECK(same_steps(log, {{0, 2, 2}}));
  // R3: 0 - 1 -> 3, 0 - 2 -> 3, 1 and 2 not adjacent, 0 - 3 gives 0 -> 3; 0 - 1 and
  // 0 - 2 stay undirected (the CPDAG of 1 -> 3 <- 2 with 0 adjacent to all).
  log.clear();
  g = pdag_of(4, {{1, 3}, {2, 3}}, {{0, 1}, {0, 2}, {0, 3}});
  MeekOrienter(g, nullptr, &log).close(false);
  CHECK(g == pdag_of(4, {{1, 3}, {2, 3}, {0, 3}}, {{0, 1}, {0, 2}}));
  CHECK(same_steps(log, {{0, 3, 3}}));
  // R4: 0 - 2 -> 3 -> 1, 0 - 3, 2 and 1 not adjacent, 0 - 1 gives 0 -> 1; only with R4.
  const Pdag r4 = pdag_of(4, {{2, 3}, {3, 1}}, {{0, 2}, {0, 3}, {0, 1}});
  g = r4;
  MeekOrienter(g).close(false);
  CHECK(g == r4);
  log.clear();
  MeekOrienter(g, nullptr, &log).close(true);
  CHECK(g == pdag_of(4, {{2, 3}, {3, 1}, {0, 1}}, {{0, 2}, {0, 3}}));
  CHECK(same_steps(log, {{0, 1, 4}}));
  // Frozen (bidirected) edges are neither arcs nor edges to orient: 0 <-> 1 - 2 stays.
  g = pdag_of(3, {}, {{0, 1}, {1, 2}});
  std::vector<char> frozen(9, 0);
  frozen[0 * 3 + 1] = frozen[1 * 3 + 0] = 1;
  Constraints k = Constraints::none(3);
  k.forbidden[1 * 3 + 0] = 1;  // would orient 0 -> 1, were it not frozen
  MeekOrienter frozen_orienter(g, &frozen);
  CHECK(frozen_orienter.apply_knowledge(k) == 0);
  frozen_orienter.close(true);
  CHECK(g == pdag_of(3, {}, {{0, 1}, {1, 2}}));
  // Knowledge first, then the rules: forbidding 1 -> 0 in the chain 0 - 1 - 2 orients
  // 0 -> 1 (knowledge) and then 1 -> 2 (R1).
  log.clear();
  g = pdag_of(3, {}, {{0, 1}, {1, 2}});
  MeekOrienter orienter(g, nullptr, &log);
  CHECK(orienter.apply_knowledge(k) == 1);
  orienter.close(true);
  CHECK(g == pdag_of(3, {{0, 1}, {1, 2}}, {}));
  CHECK(same_steps(log, {{0, 1, 0}, {1, 2, 1}}));
  // Requiring an arc orients its edge; requiring it both ways orients nothing.
  k = Constraints::none(3);
  k.required[2 * 3 + 1] = 1;
  CHECK(knowledge_orients(k, 2, 1) && !knowledge_orients(k, 1, 2));
  k.required[1 * 3 + 2] = 1;
  CHECK(!knowledge_orients(k, 2, 1) && !knowledge_orients(k, 1, 2));
}

inline Constraints knowledge_of(int n, const std::vector<KnowledgeArc>& arcs) {
  Constraints k = Constraints::none(n);
  for (const KnowledgeArc& e : arcs) (e.required ? k.required : k.forbidden)[e.from * n + e.to] = 1;
  return k;
}

// fit_knowledge(): the maximally oriented PDAG, and each kind of problem with its culprits.
inline void test_fit_knowledge() {
  const Pdag chain = cpdag_of_dag({{}, {0}, {1}});  // 0 - 1 - 2
  KnowledgeFit fit = fit_knowledge(chain, knowledge_of(3, {{1, 0, false}}));
  CHECK(fit.problem == KnowledgeProblem::none);
  CHECK(fit.oriented == pdag_of(3, {{0, 1}, {1, 2}}, {}));
  CHECK(fit.extension == (ParentLists{{}, {0}, {1}}));
  // Requiring 1 -> 0 leaves 1 - 2 open: 2 -> 1 -> 0 and 0 <- 1 -> 2 both qualify.
  fit = fit_knowledge(chain, knowledge_of(3, {{1, 0, true}}));
  CHECK(fit.problem == KnowledgeProblem::none && fit.oriented == pdag_of(3, {{1, 0}}, {{1, 2}}));
  // No knowledge: the graph as it is.
  fit = fit_knowledge(chain, Constraints::none(3));
  CHECK(fit.problem == KnowledgeProblem::none && fit.oriented == chain);
  // A required arc between non-adjacent nodes.
  fit = fit_knowledge(chain, knowledge_of(3, {{0, 2, true}}));
  CHECK(fit.problem == KnowledgeProblem::not_adjacent && fit.culprits == (std::vector<KnowledgeArc>{{0, 2, true}}));
  // Against a compelled arc: 0 -> 2 <- 1 with 2 -> 0 required, or 0 -> 2 forbidden.
  const Pdag collider = cpdag_of_dag({{}, {}, {0, 1}});
  fit = fit_knowledge(collider, knowledge_of(3, {{2, 0, true}}));
  CHECK(fit.problem == KnowledgeProblem::against_arc && fit.culprits == (std::vector<KnowledgeArc>{{2, 0, true}}));
  fit = fit_knowledge(collider, knowledge_of(3, {{0, 2, false}}));
  CHECK(fit.problem == KnowledgeProblem::against_arc && fit.culprits == (std::vector<KnowledgeArc>{{0, 2, false}}));
  // Forbidding the reverse of a compelled arc, or an arc between non-adjacent nodes, is no news.
  fit = fit_knowledge(collider, knowledge_of(3, {{2, 0, false}, {0, 1, false}}));
  CHECK(fit.problem == KnowledgeProblem::none && fit.oriented == collider);
  // Both directions of an undirected edge forbidden.
  fit = fit_knowledge(chain, knowledge_of(3, {{0, 1, false}, {1, 0, false}}));
  CHECK(fit.problem == KnowledgeProblem::no_member);
  CHECK(fit.culprits == (std::vector<KnowledgeArc>{{0, 1, false}, {1, 0, false}}));
  // 0 -> 1 <- 2 would be a new v-structure.
  fit = fit_knowledge(chain, knowledge_of(3, {{0, 1, true}, {2, 1, true}}));
  CHECK(fit.problem == KnowledgeProblem::no_member);
  CHECK(fit.culprits == (std::vector<KnowledgeArc>{{0, 1, true}, {2, 1, true}}));
  // In 0 - 1 - 2 - 3, 0 -> 1 forces 1 -> 2 (R1), which 3 -> 2 would make a new
  // v-structure with. The culprits are minimal: forbidding 1 -> 0 already orients
  // 0 -> 1, so the requirement of 0 -> 1 is not needed to fail.
  const Pdag chain4 = cpdag_of_dag({{}, {0}, {1}, {2}});
  fit = fit_knowledge(chain4, knowledge_of(4, {{0, 1, true}, {1, 0, false}, {2, 3, false}}));
  CHECK(fit.problem == KnowledgeProblem::no_member);
  CHECK(fit.culprits == (std::vector<KnowledgeArc>{{1, 0, false}, {2, 3, false}}));
  // A PDAG without a consistent extension.
  const Pdag square = pdag_of(4, {}, {{0, 1}, {1, 2}, {2, 3}, {3, 0}});
  CHECK(fit_knowledge(square, Constraints::none(4)).problem == KnowledgeProblem::no_extension);
  // A PDAG that is not a CPDAG (pdag_to_dag()'s case), 0 -> 1 - 2 - 3: forbidding
  // 3 -> 2 agrees with R1, which orients 1 -> 2 -> 3; forbidding 2 -> 3 does not.
  const Pdag partial = pdag_of(4, {{0, 1}}, {{1, 2}, {2, 3}});
  fit = fit_knowledge(partial, knowledge_of(4, {{3, 2, false}}));
  CHECK(fit.problem == KnowledgeProblem::none && fit.oriented == pdag_of(4, {{0, 1}, {1, 2}, {2, 3}}, {}));
  fit = fit_knowledge(partial, knowledge_of(4, {{2, 3, false}}));
  CHECK(fit.problem == KnowledgeProblem::no_member && fit.culprits == (std::vector<KnowledgeArc>{{2, 3, false}}));
}

// Against brute force: for random DAGs and random knowledge that the DAG satisfies, an
// edge of the fitted PDAG is directed iff every DAG of the class that satisfies the
// knowledge has that arc (the definition of the maximally oriented PDAG), and the
// extension is such a DAG.
inline void test_fit_knowledge_brute_force() {
  std::mt19937 rng(15);
  bool agree = true, extension_ok = true;
  int informative = 0;
  for (int rep = 0; rep < 150; ++rep) {
    const int n = 4 + rep % 3;
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    ParentLists dag(n);
    std::bernoulli_distribution edge(0.5), pick(0.3);
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) if (edge(rng)) dag[order[j]].push_back(order[i]);
    }
    const Pdag cpdag = cpdag_of_dag(dag);
    Constraints k = Constraints::none(n);
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        if (a == b) continue;
        const bool arc = std::find(dag[b].begin(), dag[b].end(), a) != dag[b].end();
        if (arc && pick(rng)) k.required[a * n + b] = 1;
        else if (!arc && pick(rng)) k.forbidden[a * n + b] = 1;
      }
    }
    const KnowledgeFit fit = fit_knowledge(cpdag, k);
    if (fit.problem != KnowledgeProblem::none) {
      agree = false;
      continue;
    }
    // Every orientation of the undirected edges that stays in the class and obeys k.
    std::vector<std::pair<int, int>> open;
    for (int a = 0; a < n; ++a) for (int b = a + 1; b < n; ++b) if (cpdag.has_undirected(a, b)) open.emplace_back(a, b);
    std::vector<int> votes(static_cast<std::size_t>(n) * n, 0);
    int members = 0;
    for (unsigned mask = 0; mask < (1u << open.size()); ++mask) {
      Pdag g = cpdag;
      for (std::size_t e = 0; e < open.size(); ++e) {
        if (mask >> e & 1u) g.add_arc(open[e].second, open[e].first); else g.add_arc(open[e].first, open[e].second);
      }
      ParentLists parents(n);
      for (int a = 0; a < n; ++a) for (int b = 0; b < n; ++b) if (g.has_arc(a, b)) parents[b].push_back(a);
      if (topological_order(parents).size() != static_cast<std::size_t>(n)) continue;
      if (cpdag_of_dag(parents) != cpdag) continue;
      bool obeys = true;
      for (int a = 0; a < n; ++a) {
        for (int b = 0; b < n; ++b) {
          if (a == b) continue;
          if (g.has_arc(a, b) ? !k.allowed(a, b) : k.is_required(a, b)) obeys = false;
        }
      }
      if (!obeys) continue;
      ++members;
      for (int a = 0; a < n; ++a) for (int b = 0; b < n; ++b) votes[a * n + b] += g.has_arc(a, b);
    }
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        if (!cpdag.adjacent(a, b)) continue;
        const bool all = votes[a * n + b] == members;
        agree = agree && fit.oriented.has_arc(a, b) == all;
      }
    }
    agree = agree && members > 0;
    informative += fit.oriented != cpdag;
    extension_ok = extension_ok && cpdag_of_dag(fit.extension) == cpdag;
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        const bool has = std::find(fit.extension[b].begin(), fit.extension[b].end(), a) != fit.extension[b].end();
        if (a != b && (has ? !k.allowed(a, b) : k.is_required(a, b))) extension_ok = false;
      }
    }
  }
  CHECK(agree);
  CHECK(extension_ok);
  CHECK(informative > 30);  // the knowledge oriented something beyond the CPDAG often enough
}

inline void run_graph_tests() {
  run_test("test_topological_order", test_topological_order);
  run_test("test_dag", test_dag);
  run_test("test_moves", test_moves);
  run_test("test_pdag", test_pdag);
  run_test("test_meek_rules", test_meek_rules);
  run_test("test_fit_knowledge", test_fit_knowledge);
  run_test("test_fit_knowledge_brute_force", test_fit_knowledge_brute_force);
}

}  // namespace learnbn_test
