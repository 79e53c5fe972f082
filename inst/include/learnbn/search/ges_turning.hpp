// GIES's turning operator (Hauser and Buhlmann 2012, "Characterization and greedy
// learning of interventional Markov equivalence classes of directed acyclic graphs", JMLR
// 13:2409-2464, Section 5.3), as pcalg 2.7's EssentialGraph::getOptimalArrowTurning() and
// turn() do it. On an (interventional) essential graph, Turn(u, v, C) makes the edge
// between u and v the arc u -> v and gives v the new parents C, a clique of neighbours
// of v:
//   * an undirected edge u - v (C a clique of Ne_v \ {u}, N = Ne_v n Ne_u): valid when C
//     \ N is not empty and C n N separates C \ N from N \ C in the subgraph on Ne_v
//     without C n N (u included, as pcalg). v's parents go from Pa_v u C to Pa_v u C u
//     {u}, u's from Pa_u u (C n N) u {v} to Pa_u u (C n N).
//   * an arc v -> u (C a clique of Ne_v that holds N = Ne_v n Pa_u): valid when every
//     path from v to u along arcs forwards and undirected edges, other than the arc
//     itself, meets C or Ne_u. v's parents go as above, u's from Pa_u to Pa_u \ {v}.
// The score changes by the differences of those two families' scores. The new class is
// that of a DAG of the old one where v and u have those parents, with v -> u reversed:
// only the families of u and v differ, so the v-structures and the arcs cut by targets
// of the result depend on those two parent sets alone, and any such DAG gives it.
#pragma once
#include <algorithm>
#include <climits>
#include <functional>
#include <iterator>
#include <vector>

#include "../graph/constraints.hpp"
#include "../graph/pdag.hpp"
#include "../score/family_scorer.hpp"
#include "../util/interrupt.hpp"
#include "common.hpp"
#include "ges_operators.hpp"

namespace learnbn {

struct TurnOperator {
  int u, v;                 // the edge becomes u -> v
  std::vector<int> clique;  // C, sorted
  bool essential;           // v -> u was an arc (else u - v was undirected)
  double delta;
};

namespace turning_detail {

inline bool has(const std::vector<int>& set, int x) {
  return std::find(set.begin(), set.end(), x) != set.end();
}
inline std::vector<int> without(std::vector<int> set, int x) {
  set.erase(std::remove(set.begin(), set.end(), x), set.end());
  return set;
}

// Is some node of `targets` reachable from `from` through the nodes marked `allowed`,
// along arcs forwards and undirected edges (`skip_from` -> `skip_to` not used)?
inline bool reaches(const Pdag& g, int from, const std::vector<char>& allowed,
                    const std::vector<char>& targets, int skip_from = -1, int skip_to = -1) {
  std::vector<char> seen(g.size(), 0);
  std::vector<int> stack{from};
  seen[from] = 1;
  while (!stack.empty()) {
    const int a = stack.back();
    stack.pop_back();
    for (int b = 0; b < g.size(); ++b) {
      if (!g.mark(a, b) || (a == skip_from && b == skip_to)) continue;
      if (targets[b]) return true;
      if (!seen[b] && allowed[b]) {
        seen[b] = 1;
        stack.push_back(b);
      }
    }
  }
  return false;
}

// Undirected u - v: C n N separates C \ N from N \ C in Ne_v \ (C n N).
inline bool separates(const Pdag& g, const std::vector<int>& neighbours,
                      const std::vector<int>& c, const std::vector<int>& n) {
  const int size = g.size();
  std::vector<char> allowed(size, 0), targets(size, 0);
  int start = -1;
  bool any_target = false;
  for (int w : neighbours) allowed[w] = !(has(c, w) && has(n, w));
  for (int w : n) if (!has(c, w)) targets[w] = any_target = true;
  for (int w : c) if (!has(n, w)) { start = w; break; }
  return !any_target || !reaches(g, start, allowed, targets);
}

}  // namespace turning_detail

// Calls visit(u, C, essential, u_before, u_after) for every valid turn into v that the
// arc knowledge of `k` allows (u -> v not forbidden, v -> u not required), with u's
// parents before and after the turn; `limit` bounds |C| for an undirected edge and
// |C \ N| for an arc. pcalg's getOptimalArrowTurning() checks the same turns.
template <class Visit>
void for_each_turn(const Pdag& g, const Constraints& k, int limit, int v, Visit&& visit) {
  using namespace turning_detail;
  const std::vector<int> neighbours = g.neighbours(v);
  for (int u = 0; u < g.size(); ++u) {
    if (u == v || !g.mark(v, u) || !k.allowed(u, v) || k.is_required(v, u)) continue;
    const std::vector<int> u_parents = g.parents(u);
    if (g.has_undirected(u, v)) {
      std::vector<int> n, others = without(neighbours, u);
      for (int w : others) if (g.has_undirected(w, u)) n.push_back(w);
      for_each_clique(g, {}, others, limit, [&](const std::vector<int>& c) {
        if (std::includes(n.begin(), n.end(), c.begin(), c.end())) return;  // C \ N empty
        if (!separates(g, neighbours, c, n)) return;
        std::vector<int> kept;  // C n N
        std::set_intersection(c.begin(), c.end(), n.begin(), n.end(), std::back_inserter(kept));
        const std::vector<int> u_after = sorted_union(u_parents, kept);
        visit(u, c, false, sorted_union(u_after, {v}), u_after);
      });
      continue;
    }
    std::vector<int> n, free;  // N = Ne_v n Pa_u, and the other neighbours of v
    for (int w : neighbours) (g.has_arc(w, u) ? n : free).push_back(w);
    if (!g.is_clique(n)) continue;
    const std::vector<int> u_neighbours = g.neighbours(u);
    for_each_clique(g, n, free, limit, [&](const std::vector<int>& chosen) {
      const std::vector<int> c = sorted_union(n, chosen);
      std::vector<char> allowed(g.size(), 1), target(g.size(), 0);
      for (int w : c) allowed[w] = 0;
      for (int w : u_neighbours) allowed[w] = 0;
      target[u] = 1;
      if (reaches(g, v, allowed, target, v, u)) return;
      visit(u, c, true, u_parents, without(u_parents, v));
    });
  }
}

// Appends the turns into v that raise the score (by more than improvement_margin()) and
// give v no more than k.max_parents parents. Past `max_turns` valid turns into v it
// throws OperatorLimitError: a clique of neighbours has exponentially many, and the turns
// kept would fill memory (GesOptions::max_operators). Polls `interrupt` per turn.
inline void turn_operators(const Pdag& g, FamilyScorer& scorer, const Constraints& k, int limit,
                           double max_turns, Interrupt& interrupt, int v,
                           std::vector<TurnOperator>& out) {
  using namespace turning_detail;
  const std::vector<int> parents = g.parents(v);
  const long room = static_cast<long>(k.max_parents) - 1 - static_cast<long>(parents.size());
  double turns = 0;
  for_each_turn(g, k, limit, v, [&](int u, const std::vector<int>& c, bool essential,
                                    const std::vector<int>& u_before,
                                    const std::vector<int>& u_after) {
    if (++turns > max_turns) throw OperatorLimitError(v, max_turns);
    interrupt.check();
    if (static_cast<long>(c.size()) > room) return;
    const std::vector<int> v_before = sorted_union(parents, c);
    const double v_old = scorer.score(v, v_before), u_old = scorer.score(u, u_before);
    const double delta = scorer.score(v, sorted_union(v_before, {u})) - v_old +
                         scorer.score(u, u_after) - u_old;
    if (delta > improvement_margin(v_old + u_old)) out.push_back({u, v, c, essential, delta});
  });
}

// A DAG of g's class where v has the parents Pa_v u C and u those the operator scores,
// with v -> u turned into u -> v (in `dag`); false when there is none or the turn
// closes a cycle (neither happens for the valid operators above).
inline bool turned_dag(const Pdag& g, const TurnOperator& op, ParentLists& dag) {
  Pdag h = g;
  for (int w : g.neighbours(op.v)) {
    if (turning_detail::has(op.clique, w)) h.add_arc(w, op.v); else h.add_arc(op.v, w);
  }
  for (int w : g.neighbours(op.u)) {
    if (w == op.v) continue;
    if (!op.essential && turning_detail::has(op.clique, w)) h.add_arc(w, op.u);
    else h.add_arc(op.u, w);
  }
  if (!consistent_extension(h, dag)) return false;
  dag[op.u] = turning_detail::without(dag[op.u], op.v);
  dag[op.v].push_back(op.u);
  return !topological_order(dag).empty();
}

}  // namespace learnbn
