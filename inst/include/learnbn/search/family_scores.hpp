// The family scores of a DAG under single moves: the score change a move would make and
// its application, for the searches that try one move at a time (local search,
// annealing, MCMC) rather than keeping every move's change (see arc_moves.hpp).
#pragma once
#include <vector>

#include "../graph/moves.hpp"
#include "../score/family_scorer.hpp"

namespace learnbn {

// Family scores of the current DAG and the change a single move would make.
class FamilyScores {
 public:
  FamilyScores(FamilyScorer& scorer, const Dag& dag) : scorer_(&scorer), score_(dag.size()) {
    for (int v = 0; v < dag.size(); ++v) score_[v] = scorer.score(v, dag.parents(v));
  }
  double total() const { double t = 0; for (double s : score_) t += s; return t; }

  double delta(const Dag& dag, const Move& m) {
    switch (m.type) {
      case MoveType::add: return with(dag, m.to, m.from) - score_[m.to];
      case MoveType::remove: return without(dag, m.to, m.from) - score_[m.to];
      case MoveType::reverse:
        return without(dag, m.to, m.from) - score_[m.to] + with(dag, m.from, m.to) - score_[m.from];
    }
    return 0;
  }
  void apply(Dag& dag, const Move& m) {
    apply_move(dag, m);
    rescore(dag, m);
  }
  // Rescores the family of `v` in `dag`.
  void rescore_node(const Dag& dag, int v) { score_[v] = scorer_->score(v, dag.parents(v)); }
  // Rescores the families that `m`, already applied to `dag`, changed.
  void rescore(const Dag& dag, const Move& m) {
    score_[m.to] = scorer_->score(m.to, dag.parents(m.to));
    if (m.type == MoveType::reverse) score_[m.from] = scorer_->score(m.from, dag.parents(m.from));
  }

 private:
  double with(const Dag& dag, int node, int extra) {
    std::vector<int> parents = dag.parents(node);
    parents.push_back(extra);
    return scorer_->score(node, parents);
  }
  double without(const Dag& dag, int node, int removed) {
    std::vector<int> parents;
    for (int p : dag.parents(node)) if (p != removed) parents.push_back(p);
    return scorer_->score(node, parents);
  }
  FamilyScorer* scorer_;
  std::vector<double> score_;
};

}  // namespace learnbn
