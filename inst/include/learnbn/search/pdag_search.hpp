// Local search in the space of Markov equivalence classes (Kochenderfer, Wheeler and
// Wray 2022, Algorithms for Decision Making, section 5.4).
// The state is a CPDAG. Its neighbours are the partially directed graphs obtained by one
// of the operators
//   add X - Y or X -> Y     between non-adjacent X and Y,
//   remove X - Y or X -> Y,
//   reverse X -> Y          into Y -> X,
//   make X -> Y <- Z        from X - Y - Z with X and Z non-adjacent (both edges undirected).
// Each result is scored through a member of its class, a consistent extension found by
// Dor and Tarsi's algorithm; results without an extension are skipped. Steepest ascent:
// the best operator that raises the score is applied and the result is completed to a
// CPDAG (extension, then Chickering's 1995 labelling), until no operator improves.
//
// The score must be score equivalent (all DAGs of a class score the same), so any
// extension of a result gives its score.
//
// Constraints: as in GES (ges.hpp), a CPDAG is admissible when the extension found by
// orienting the undirected edges the constraints decide has no forbidden arc, has every
// required arc, creates no new v-structure and gives no node more than max_parents
// parents. Operators are filtered first (no add of a forbidden arc, no removal of a
// required edge, no reversal into a forbidden arc, no v-structure with a forbidden arc);
// an improving operator whose completed result is not admissible is skipped and the
// next best one is tried.
//
// Cost: every operator is extended and scored at every step (O(n^2) operators, O(n^2)
// for each extension on sparse graphs); extensions are computed in parallel, family
// scores are cached.
#pragma once
#include <algorithm>
#include <climits>
#include <cstddef>
#include <utility>
#include <vector>

#include "../graph/constraints.hpp"
#include "../graph/meek.hpp"
#include "../graph/pdag.hpp"
#include "../score/family_scorer.hpp"
#include "../util/parallel.hpp"
#include "common.hpp"

namespace learnbn {

struct PdagSearchOptions {
  std::size_t max_iter = static_cast<std::size_t>(-1);
  int threads = 1;
};

class PdagSearch {
 public:
  enum Kind : int { add_undirected = 0, add_arc = 1, remove = 2, reverse = 3, v_structure = 4 };
  struct Operator {
    Kind kind;
    int x, y, z;  // add_arc / reverse: x -> y (reverse gives y -> x); v_structure: x -> y <- z
  };

  PdagSearch(FamilyScorer& scorer, const Constraints& constraints, PdagSearchOptions options,
             InterruptCheck check_interrupt)
      : scorer_(scorer), k_(constraints), options_(options),
        check_interrupt_(std::move(check_interrupt)), n_(constraints.n),
        constrained_(constraints.max_parents < INT_MAX) {
    for (int a = 0; a < n_; ++a) {
      for (int b = 0; b < n_; ++b) {
        if (a != b && (!k_.allowed(a, b) || k_.is_required(a, b))) constrained_ = true;
      }
    }
  }

  // Climbs from the equivalence class of `start` (a DAG that satisfies the constraints).
  // The result's `dag` is an admissible consistent extension of its `cpdag`; its trace
  // has the score after each step, the start's first.
  SearchResult run(const ParentLists& start) {
    SearchResult result;
    graph_ = cpdag_of_dag(start);
    dag_ = start;
    if (!constrained_) consistent_extension(graph_, dag_);
    set_family_scores();
    SearchStats& stats = result.stats;
    stats.trace.push_back(score_);
    while (stats.iterations < options_.max_iter) {
      check_interrupt_();
      if (!step()) break;
      ++stats.iterations;
      stats.trace.push_back(score_);
    }
    result.counts = {{"iterations", static_cast<double>(stats.iterations)}};
    result.cpdag = graph_;
    result.dag = dag_of(dag_);
    result.score = score_;
    return result;
  }

  // Every operator applicable to `g` that the constraints do not rule out, in a fixed order.
  std::vector<Operator> operators(const Pdag& g) const {
    std::vector<Operator> ops;
    for (int x = 0; x < n_; ++x) {
      for (int y = x + 1; y < n_; ++y) {
        if (!g.adjacent(x, y)) {
          if (k_.allowed(x, y) || k_.allowed(y, x)) ops.push_back({add_undirected, x, y, -1});
          if (k_.allowed(x, y)) ops.push_back({add_arc, x, y, -1});
          if (k_.allowed(y, x)) ops.push_back({add_arc, y, x, -1});
          continue;
        }
        if (!k_.is_required(x, y) && !k_.is_required(y, x)) ops.push_back({remove, x, y, -1});
        if (g.has_arc(x, y) && k_.allowed(y, x) && !k_.is_required(x, y)) {
          ops.push_back({reverse, x, y, -1});
        }
        if (g.has_arc(y, x) && k_.allowed(x, y) && !k_.is_required(y, x)) {
          ops.push_back({reverse, y, x, -1});
        }
      }
    }
    for (int y = 0; y < n_; ++y) {
      const std::vector<int> ne = g.neighbours(y);
      for (std::size_t i = 0; i < ne.size(); ++i) {
        for (std::size_t j = i + 1; j < ne.size(); ++j) {
          const int x = ne[i], z = ne[j];
          if (g.adjacent(x, z) || !k_.allowed(x, y) || !k_.allowed(z, y)) continue;
          ops.push_back({v_structure, x, y, z});
        }
      }
    }
    return ops;
  }

  static Pdag apply(const Pdag& g, const Operator& op) {
    Pdag next = g;
    switch (op.kind) {
      case add_undirected: next.add_undirected(op.x, op.y); break;
      case add_arc: next.add_arc(op.x, op.y); break;
      case remove: next.remove_edge(op.x, op.y); break;
      case reverse: next.add_arc(op.y, op.x); break;
      case v_structure:
        next.add_arc(op.x, op.y);
        next.add_arc(op.z, op.y);
        break;
    }
    return next;
  }

 private:
  void set_family_scores() {
    family_.assign(n_, 0.0);
    score_ = 0;
    for (int v = 0; v < n_; ++v) {
      family_[v] = scorer_.score(v, dag_[v]);
      score_ += family_[v];
    }
  }

  // Score of a DAG, reusing the current family scores where the parents are the same.
  double score_of(const ParentLists& dag) {
    double s = 0;
    for (int v = 0; v < n_; ++v) s += dag[v] == dag_[v] ? family_[v] : scorer_.score(v, dag[v]);
    return s;
  }

  // One steepest-ascent step; false when no admissible operator raises the score.
  bool step() {
    const std::vector<Operator> ops = operators(graph_);
    std::vector<std::pair<double, std::size_t>> improving;  // (new score, operator)
    // Large chunks keep the threads' start-up and barriers rare; the interrupt is
    // checked between chunks.
    const int threads = options_.threads < 1 ? 1 : options_.threads;
    const std::size_t chunk = threads > 1 ? 4096 : 256;
    std::vector<ParentLists> extensions(chunk);
    std::vector<char> ok(chunk);
    for (std::size_t begin = 0; begin < ops.size(); begin += chunk) {
      if (begin > 0) check_interrupt_();
      const std::size_t end = std::min(ops.size(), begin + chunk);
      const int count = static_cast<int>(end - begin);
      parallel_for(count, count > 64 ? threads : 1, [&](long i) {
        ok[i] = consistent_extension(apply(graph_, ops[begin + i]), extensions[i]);
      });
      for (int i = 0; i < count; ++i) {
        if (!ok[i]) continue;
        const double s = score_of(extensions[i]);
        if (s > score_ + improvement_margin(score_)) improving.emplace_back(s, begin + i);
      }
    }
    std::stable_sort(improving.begin(), improving.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& candidate : improving) {
      Pdag next = apply(graph_, ops[candidate.second]);
      if (!complete_to_cpdag(next)) continue;  // cannot happen: it was extended above
      ParentLists extension;
      if (constrained_) {
        if (!admissible_extension(next, k_, extension)) continue;
      } else if (!consistent_extension(next, extension)) {
        continue;
      }
      graph_ = next;
      dag_ = extension;
      set_family_scores();
      return true;
    }
    return false;
  }


  FamilyScorer& scorer_;
  const Constraints& k_;
  PdagSearchOptions options_;
  InterruptCheck check_interrupt_;
  int n_;
  bool constrained_;
  Pdag graph_;
  ParentLists dag_;             // an (admissible) extension of graph_
  std::vector<double> family_;  // family scores of dag_
  double score_ = 0;
};

}  // namespace learnbn
