// The score change of every single-arc move of a DAG, kept up to date by the greedy
// searches: after a move only the rows of nodes whose parent sets changed are rescored.
#pragma once
#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

#include "../graph/moves.hpp"
#include "../score/family_scorer.hpp"

namespace learnbn {

class ArcMoves {
 public:
  ArcMoves(FamilyScorer& scorer, const Constraints& constraints)
      : scorer_(&scorer), constraints_(&constraints), n_(constraints.n),
        family_(n_, 0.0), gain_add_(static_cast<std::size_t>(n_) * n_, 0.0),
        gain_remove_(static_cast<std::size_t>(n_) * n_, 0.0) {}

  void refresh_all(const Dag& dag) {
    for (int v = 0; v < n_; ++v) refresh(dag, v);
  }

  // Rescores the family of `node` and every move that changes its parent set.
  void refresh(const Dag& dag, int node) {
    const std::vector<int>& parents = dag.parents(node);
    family_[node] = scorer_->score(node, parents);
    double* add = &gain_add_[row(node)];
    double* remove = &gain_remove_[row(node)];
    std::fill(add, add + n_, 0.0);
    std::fill(remove, remove + n_, 0.0);
    // Additions: every non-parent that may become a parent of `node`.
    candidates_.clear();
    for (int from = 0; from < n_; ++from) {
      if (from != node && !dag.has_arc(from, node) && constraints_->allowed(from, node)) {
        candidates_.push_back(from);
      }
    }
    if (static_cast<int>(parents.size()) < constraints_->max_parents) {
      std::vector<int> sorted(parents);
      std::sort(sorted.begin(), sorted.end());
      scorer_->score_additions(node, sorted, candidates_, scores_);
      for (std::size_t c = 0; c < candidates_.size(); ++c) add[candidates_[c]] = scores_[c] - family_[node];
    }
    // Removals.
    for (int parent : parents) {
      std::vector<int> rest;
      for (int p : parents) if (p != parent) rest.push_back(p);
      remove[parent] = scorer_->score(node, rest) - family_[node];
    }
  }

  double total() const { return std::accumulate(family_.begin(), family_.end(), 0.0); }
  double family(int node) const { return family_[node]; }

  // Score change of a move that is legal in `dag`.
  double delta(const Move& m) const {
    switch (m.type) {
      case MoveType::add: return gain_add_[row(m.to) + m.from];
      case MoveType::remove: return gain_remove_[row(m.to) + m.from];
      case MoveType::reverse: return gain_remove_[row(m.to) + m.from] + gain_add_[row(m.from) + m.to];
    }
    return 0;
  }

  bool legal(const Dag& dag, const Move& m) const { return legal_move(dag, *constraints_, m); }

  // The legal move with the largest delta that `skip` does not reject (first in scan
  // order among ties); an invalid Move when there is none.
  Move best(const Dag& dag, const std::function<bool(const Move&)>& skip = nullptr) const {
    Move best_move;
    for_each_candidate_move(dag, [&](Move m) {
      m.delta = delta(m);
      if (m.delta > best_move.delta && legal(dag, m) && !(skip && skip(m))) best_move = m;
    });
    return best_move;
  }

  void apply(Dag& dag, const Move& m) {
    apply_move(dag, m);
    if (m.type == MoveType::reverse) refresh(dag, m.from);
    refresh(dag, m.to);
  }

 private:
  std::size_t row(int node) const { return static_cast<std::size_t>(node) * n_; }

  FamilyScorer* scorer_;
  const Constraints* constraints_;
  int n_;
  std::vector<double> family_;       // S(v, pa_v)
  std::vector<double> gain_add_;     // [to * n + from]: S(to, pa + from) - S(to, pa)
  std::vector<double> gain_remove_;  // [to * n + from]: S(to, pa - from) - S(to, pa)
  std::vector<int> candidates_;
  std::vector<double> scores_;
};

}  // namespace learnbn
