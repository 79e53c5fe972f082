// Greedy Equivalence Search (Chickering 2002, "Optimal structure identification with
// greedy search", JMLR 3:507-554) over CPDAGs: a forward phase of Insert(X, Y, T)
// operators, then a backward phase of Delete(X, Y, H) operators, each taking the best
// valid operator while it raises the score. After every operator the PDAG is completed
// to a CPDAG (consistent extension, then Chickering's 1995 labelling). As options, as in
// pcalg: any order of the phases, GIES's turning phase (ges_turning.hpp), and rounds of
// all the phases until one takes no step.
//
// Notation (for a CPDAG and nodes X, Y): Pa_Y the parents of Y (arcs into Y), Ne_Y its
// neighbours (undirected edges), NA_{Y,X} the neighbours of Y adjacent to X.
//   Insert(X, Y, T), X and Y not adjacent, T a subset of Ne_Y not adjacent to X: add
//   X -> Y and orient T - Y as T -> Y. Valid iff NA_{Y,X} u T is a clique and every
//   semi-directed path from Y to X meets NA_{Y,X} u T (Theorem 15). Score change
//   s(Y, NA u T u Pa_Y u {X}) - s(Y, NA u T u Pa_Y) (Theorem 15).
//   Delete(X, Y, H), X -> Y or X - Y, H a subset of NA_{Y,X}: remove the edge and orient
//   Y - H as Y -> H and X - H as X -> H. Valid iff NA_{Y,X} \ H is a clique (Theorem
//   17). Score change s(Y, (NA \ H) u Pa_Y \ {X}) - s(Y, (NA \ H) u Pa_Y u {X}).
//
// Operators of every target Y are kept with their score changes (only those that raise
// the score), sorted; after a step only the operators whose sets NA, T or H or whose
// families can have changed are recomputed. The path condition is global, so it is
// checked when an operator is taken: the best operator that passes is applied.
//
// Constraints: a CPDAG is admissible when it has a consistent extension that has no
// forbidden arc, has every required arc and gives no node more than max_parents parents.
// That extension is found by orienting the undirected edges the constraints decide,
// extending (Dor & Tarsi) and checking that no v-structure was created; operators whose
// result is not admissible are skipped. Inserts between two nodes forbidden in both
// directions and deletes of required edges are never considered; the search starts from
// the class of the start DAG, which holds the required arcs.
//
// GIES (Hauser and Buhlmann 2012): given intervention targets, the classes are
// interventional Markov classes, represented by their interventional essential graphs
// (graph/interventional_essential.hpp), which are chain graphs with chordal undirected
// components like CPDAGs; the operators, their validity and their score changes are the
// same (their Section 5), with a score that leaves each node's intervened rows out of
// its family. Only the completion after an operator changes.
#pragma once
#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <map>
#include <queue>
#include <utility>
#include <vector>

#include "../graph/constraints.hpp"
#include "../graph/interventional_essential.hpp"
#include "../graph/meek.hpp"
#include "../graph/pdag.hpp"
#include "../score/family_scorer.hpp"
#include "../util/interrupt.hpp"
#include "common.hpp"
#include "ges_operators.hpp"
#include "ges_turning.hpp"

namespace learnbn {

enum class GesPhase { forward = 0, backward = 1, turning = 2 };

struct GesOptions {
  // Largest number of nodes chosen in one operator: |T| for inserts, |NA_{Y,X} \ H| for
  // deletes. Keeps the subset enumeration polynomial on dense graphs.
  int max_subset = INT_MAX;
  // Most operators one node may have in a phase (ges_operators.hpp), counted before
  // they are built (turns as they are scored): past it, the phase throws
  // OperatorLimitError.
  double max_operators = std::numeric_limits<double>::infinity();
  // GIES: the intervention targets, each a mask over the nodes (none: GES).
  std::vector<std::vector<char>> targets;
  // The phases, run in this order (pcalg's `phase`), and whether to run them all again
  // until none takes a step (pcalg's `iterate`).
  std::vector<GesPhase> phases{GesPhase::forward, GesPhase::backward};
  bool iterate = false;
};

class Ges {
 public:
  Ges(FamilyScorer& scorer, const Constraints& constraints, GesOptions options,
      InterruptCheck check_interrupt)
      : scorer_(scorer),
        k_(constraints),
        options_(options),
        interrupt_(std::move(check_interrupt)),
        n_(constraints.n),
        constrained_(constraints.max_parents < INT_MAX) {
    for (int a = 0; a < n_; ++a) {
      for (int b = 0; b < n_; ++b) {
        if (a != b && (!k_.allowed(a, b) || k_.is_required(a, b))) constrained_ = true;
      }
    }
  }

  // Runs the phases from the equivalence class of `start` (a DAG). The result's `dag`
  // is an admissible consistent extension of its `cpdag`; its trace has the score after
  // each step, the start's first, and its counts the inserts, deletes and (when the
  // turning phase is run) turns made.
  SearchResult run(const ParentLists& start) {
    SearchResult result;
    graph_ = essential_graph(start);
    dag_ = start;
    score_ = 0;
    for (int v = 0; v < n_; ++v) score_ += scorer_.score(v, start[v]);
    std::vector<double>& trace = result.stats.trace;
    trace.push_back(score_);
    std::size_t steps[3] = {0, 0, 0};
    for (bool again = true; again;) {
      again = false;
      for (GesPhase phase : options_.phases) {
        const std::size_t taken = phase == GesPhase::turning
                                      ? run_turning(trace)
                                      : run_phase(phase == GesPhase::forward, trace);
        steps[static_cast<int>(phase)] += taken;
        again = again || taken > 0;
      }
      again = again && options_.iterate;
    }
    if (!constrained_) consistent_extension(graph_, dag_);
    result.stats.iterations = steps[0] + steps[1] + steps[2];
    result.counts = {{"forward_steps", static_cast<double>(steps[0])},
                     {"backward_steps", static_cast<double>(steps[1])}};
    const auto& phases = options_.phases;
    if (std::find(phases.begin(), phases.end(), GesPhase::turning) != phases.end()) {
      result.counts.push_back({"turning_steps", static_cast<double>(steps[2])});
    }
    result.cpdag = graph_;
    result.dag = dag_of(dag_);
    for (int v = 0; v < n_; ++v) result.score += scorer_.score(v, dag_[v]);
    return result;
  }

 private:
  // The class of a DAG: its CPDAG, or with targets its interventional essential graph.
  Pdag essential_graph(const ParentLists& dag) const {
    if (options_.targets.empty()) return cpdag_of_dag(dag);
    return interventional_essential_graph(dag, options_.targets);
  }
  // Replaces a PDAG that has a consistent extension by the graph of its class; false
  // when it has none.
  bool complete(Pdag& g) const {
    ParentLists dag;
    if (!consistent_extension(g, dag)) return false;
    g = essential_graph(dag);
    return true;
  }

  struct Operator {
    int x, y;
    std::vector<int> chosen;  // T for an insert, H for a delete
    double delta;
  };

  // Applies the best valid, admissible operator of the phase while one raises the score.
  std::size_t run_phase(bool forward, std::vector<double>& trace) {
    operators_.assign(n_, {});
    for (int y = 0; y < n_; ++y) check_operator_count(forward, y, nullptr);
    for (int y = 0; y < n_; ++y) refresh(forward, y);
    std::size_t steps = 0;
    for (;;) {
      interrupt_.check();
      Pdag next;
      const Operator* op = take_best(forward, next);
      if (!op) break;
      // Only the edge x - y changed adjacency. The operators of v change when its
      // parents or neighbours do, or when v is x or y. If v has just one of x and y as a
      // neighbour, only NA_{v,x} or NA_{v,y} changed: the operators with that node as X.
      const std::vector<int> ends{op->x, op->y};
      std::vector<int> whole, partial;
      for (int v : ends) whole.push_back(v);
      for (int v = 0; v < n_; ++v) {
        if (v == op->x || v == op->y) continue;
        const int shared = next.has_undirected(v, op->x) + next.has_undirected(v, op->y);
        if (shared == 2 || next.family_differs(graph_, v)) whole.push_back(v);
        else if (shared == 1) partial.push_back(v);
      }
      graph_ = next;
      // With class comparisons, the score of the admissible DAG (no drift).
      score_ = refresh_all_ && constrained_ ? dag_score(dag_) : score_ + op->delta;
      trace.push_back(score_);
      ++steps;
      if (refresh_all_) {
        for (int v = 0; v < n_; ++v) check_operator_count(forward, v, nullptr);
        for (int v = 0; v < n_; ++v) refresh(forward, v, nullptr);
        continue;
      }
      for (int v : whole) check_operator_count(forward, v, nullptr);
      for (int v : partial) check_operator_count(forward, v, &ends);
      for (int v : whole) refresh(forward, v, nullptr);
      for (int v : partial) refresh(forward, v, &ends);
    }
    return steps;
  }

  // The best operator that is valid and leads to an admissible CPDAG (stored in `next`),
  // or nullptr. Ties go to the lower target Y, then the lower X, then the chosen set.
  const Operator* take_best(bool forward, Pdag& next) {
    using Head = std::pair<double, int>;  // (delta, target) of each target's next operator
    auto worse = [](const Head& a, const Head& b) {
      return a.first < b.first || (a.first == b.first && a.second > b.second);
    };
    std::priority_queue<Head, std::vector<Head>, decltype(worse)> heads(worse);
    std::vector<std::size_t> position(n_, 0);
    for (int y = 0; y < n_; ++y) {
      if (!operators_[y].empty()) heads.emplace(operators_[y][0].delta, y);
    }
    if (forward) paths_.prepare(graph_);
    while (!heads.empty()) {
      interrupt_.check();
      const int y = heads.top().second;
      heads.pop();
      const Operator& op = operators_[y][position[y]++];
      if (position[y] < operators_[y].size()) heads.emplace(operators_[y][position[y]].delta, y);
      if (forward && !paths_.blocked(graph_, op.x, op.y, op.chosen)) continue;
      next = graph_;
      if (forward) apply_insert(next, op); else apply_delete(next, op);
      if (!complete(next)) continue;
      if (constrained_) {
        ParentLists extension;
        if (!admissible_extension(next, k_, extension)) continue;
        dag_ = extension;
      }
      return &op;
    }
    return nullptr;
  }

  // Turning phase (ges_turning.hpp): every step scores the turns of every node afresh,
  // as pcalg does, and applies the best one whose result is admissible.
  std::size_t run_turning(std::vector<double>& trace) {
    std::size_t steps = 0;
    for (;; ++steps) {
      std::vector<TurnOperator> ops;
      for (int v = 0; v < n_; ++v) {
        interrupt_.check();
        turn_operators(graph_, scorer_, k_, options_.max_subset, options_.max_operators,
                       interrupt_, v, ops);
      }
      std::stable_sort(ops.begin(), ops.end(), [](const TurnOperator& a, const TurnOperator& b) {
        return a.delta > b.delta;
      });
      const TurnOperator* taken = nullptr;
      for (const TurnOperator& op : ops) {
        ParentLists dag;
        if (!turned_dag(graph_, op, dag)) continue;
        Pdag next = essential_graph(dag);
        if (constrained_) {
          if (!admissible_extension(next, k_, dag)) continue;
        }
        dag_ = dag;
        graph_ = next;
        taken = &op;
        break;
      }
      if (!taken) return steps;
      score_ += taken->delta;
      trace.push_back(score_);
    }
  }

  static void apply_insert(Pdag& g, const Operator& op) {
    g.add_arc(op.x, op.y);
    for (int t : op.chosen) g.add_arc(t, op.y);
  }
  static void apply_delete(Pdag& g, const Operator& op) {
    g.remove_edge(op.x, op.y);
    for (int h : op.chosen) {
      if (g.has_undirected(op.y, h)) g.add_arc(op.y, h);
      if (g.has_undirected(op.x, h)) g.add_arc(op.x, h);
    }
  }

  // The operators' X and sets on the current class (ges_operators.hpp).
  OperatorSets sets() const { return OperatorSets(graph_, k_, options_.max_subset); }

  // Recomputes the operators with target y that raise the score (only those whose X is
  // in `only` when given) and sorts them best first, ties by X and then the chosen set.
  void refresh(bool forward, int y, const std::vector<int>* only = nullptr) {
    std::vector<Operator>& ops = operators_[y];
    if (only) {
      ops.erase(std::remove_if(ops.begin(), ops.end(), [&](const Operator& op) {
                  return std::find(only->begin(), only->end(), op.x) != only->end();
                }), ops.end());
    } else {
      ops.clear();
    }
    const std::size_t sorted_end = ops.size();  // still sorted: only the new ones need sorting
    if (forward) insert_operators(y, only, ops); else delete_operators(y, only, ops);
    auto better = [](const Operator& a, const Operator& b) {
      if (a.delta != b.delta) return a.delta > b.delta;
      if (a.x != b.x) return a.x < b.x;
      return a.chosen < b.chosen;
    };
    std::sort(ops.begin() + sorted_end, ops.end(), better);
    std::inplace_merge(ops.begin(), ops.begin() + sorted_end, ops.end(), better);
  }

  // Counts the operators refresh() would consider for target y, before it builds them.
  void check_operator_count(bool forward, int y, const std::vector<int>* only) {
    const double most = options_.max_operators;
    if (!std::isfinite(most)) return;
    interrupt_.check();
    double count = 0;
    std::map<std::vector<int>, double> sets_by_na;  // the number of sets T of each NA
    auto tally_inserts = [&](int, const std::vector<int>& na, const std::vector<int>& free,
                             int limit) {
      auto known = sets_by_na.find(na);
      if (known == sets_by_na.end()) {  // stops counting once the total passes the limit
        double sets = 0;
        visit_cliques(graph_, na, free, limit, [&](const std::vector<int>&) {
          return count + ++sets <= most;
        });
        known = sets_by_na.emplace(na, sets).first;
      }
      return (count += known->second) <= most;
    };
    auto tally_deletes = [&](int, const std::vector<int>&, const std::vector<int>&) {
      return ++count <= most;
    };
    if (!(forward ? sets().each_insert_x(y, only, tally_inserts)
                   : sets().each_delete(y, only, tally_deletes))) {
      throw OperatorLimitError(y, most);
    }
  }

  void insert_operators(int y, const std::vector<int>* only, std::vector<Operator>& ops) {
    // The X and T of the inserts, grouped by the family they extend so that each group is
    // scored in one batch; an operator is made only when it raises the score.
    struct Group {
      std::vector<int> xs;
      std::vector<const std::vector<int>*> sets;
    };
    std::map<std::vector<int>, Group> by_family;
    using Choice = std::pair<std::vector<int>, Group*>;  // a set T and its family's group
    std::map<std::vector<int>, std::vector<Choice>> choices_by_na;
    const std::vector<int> parents = graph_.parents(y);
    auto add = [&](int x, const std::vector<int>& na, const std::vector<int>& free, int limit) {
      auto known = choices_by_na.find(na);
      if (known == choices_by_na.end()) {
        std::vector<Choice> choices;
        const std::vector<int> fixed = sorted_union(na, parents);
        for_each_clique(graph_, na, free, limit, [&](const std::vector<int>& t) {
          interrupt_.check();
          choices.emplace_back(t, &by_family[sorted_union(fixed, t)]);
        });
        known = choices_by_na.emplace(na, std::move(choices)).first;
      }
      interrupt_.check();
      for (const Choice& choice : known->second) {
        choice.second->xs.push_back(x);
        choice.second->sets.push_back(&choice.first);
      }
      return true;
    };
    sets().each_insert_x(y, only, add);
    std::vector<double> with_x;
    for (const auto& [family, group] : by_family) {
      interrupt_.check();
      const double without_x = scorer_.score(y, family);
      scorer_.score_additions(y, family, group.xs, with_x);
      for (std::size_t i = 0; i < group.xs.size(); ++i) {
        const int x = group.xs[i];
        const double delta = change(true, x, y, *group.sets[i], with_x[i], without_x);
        if (delta > margin(without_x)) ops.push_back(Operator{x, y, *group.sets[i], delta});
      }
    }
  }

  void delete_operators(int y, const std::vector<int>* only, std::vector<Operator>& ops) {
    const std::vector<int> parents = graph_.parents(y);
    auto add = [&](int x, const std::vector<int>& na, const std::vector<int>& kept) {
      interrupt_.check();
      std::vector<int> without_x = sorted_union(kept, parents);
      without_x.erase(std::remove(without_x.begin(), without_x.end(), x), without_x.end());
      const std::vector<int> with_x = sorted_union(without_x, {x});
      const double with_x_score = scorer_.score(y, with_x);
      std::vector<int> removed;  // H = NA_{Y,X} \ kept
      for (int v : na) {
        if (std::find(kept.begin(), kept.end(), v) == kept.end()) removed.push_back(v);
      }
      const double without_x_score = scorer_.score(y, without_x);
      const double delta = change(false, x, y, removed, without_x_score, with_x_score);
      if (delta > margin(with_x_score)) ops.push_back(Operator{x, y, removed, delta});
      return true;
    };
    sets().each_delete(y, only, add);
  }

  // The score change of an operator from its family's scores after and before. When one
  // is not finite (on mixed data, a discrete node with a continuous parent, which no CLG
  // network has), the classes are compared by admissible DAGs instead (the CG scores
  // ges() takes score the allowed DAGs of a class alike); -Inf if the result has none.
  // Such changes depend on the whole graph, so every target is then refreshed each step.
  double change(bool forward, int x, int y, const std::vector<int>& chosen, double after,
                double before) {
    if (std::isfinite(after) && std::isfinite(before)) return after - before;
    refresh_all_ = true;
    const Operator op{x, y, chosen, 0.0};
    Pdag next = graph_;
    if (forward) apply_insert(next, op); else apply_delete(next, op);
    ParentLists extension;
    if (!complete(next) || !admissible_extension(next, k_, extension)) {
      return -std::numeric_limits<double>::infinity();
    }
    return dag_score(extension) - score_;
  }
  double margin(double family_score) const {
    return improvement_margin(std::isfinite(family_score) ? family_score : score_);
  }
  double dag_score(const ParentLists& dag) {
    double total = 0;
    for (int v = 0; v < n_; ++v) total += scorer_.score(v, dag[v]);
    return total;
  }

  FamilyScorer& scorer_;
  const Constraints& k_;
  GesOptions options_;
  Interrupt interrupt_;  // polled per operator built or tried or turn, per node counted
  int n_;
  bool constrained_;
  Pdag graph_;
  ParentLists dag_;  // with constraints: the admissible extension of graph_
  double score_ = 0;
  bool refresh_all_ = false;  // some score change compared whole classes (change())
  std::vector<std::vector<Operator>> operators_;  // by target, best first
  InsertPaths paths_;                             // for the inserts of this step
};

}  // namespace learnbn
