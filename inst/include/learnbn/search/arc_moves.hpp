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
        gain_remove_(static_cast<std::size_t>(n_) * n_, 0.0), row_bound_(n_, 0.0),
        row_best_(n_) {}

  void refresh_all(const Dag& dag) {
    std::vector<int> all(n_);
    std::iota(all.begin(), all.end(), 0);
    rescore(dag, all);
    bound_all(dag);
  }

  double total() const { return std::accumulate(family_.begin(), family_.end(), 0.0); }
  double family(int node) const { return family_[node]; }

  // Score change of a move that is legal in `dag`.
  double delta(const Move& m) const {
    switch (m.type) {
      case MoveType::add: return gain_add_[row(m.to) + m.from];
      case MoveType::remove: return gain_remove_[row(m.to) + m.from];
      case MoveType::reverse:
        return gain_remove_[row(m.to) + m.from] + gain_add_[row(m.from) + m.to];
    }
    return 0;
  }

  bool legal(const Dag& dag, const Move& m) const { return legal_move(dag, *constraints_, m); }

  // The legal move with the largest delta that `skip` does not reject (first in scan
  // order among ties); an invalid Move when there is none: that of the full scan. A row
  // whose bound does not beat the best move so far cannot replace it. Without `skip`, a
  // row's best move, if still legal, is still its best (see bound_row), so only rows
  // whose best move became illegal are scanned again.
  Move best(const Dag& dag, const std::function<bool(const Move&)>& skip = nullptr) {
    Move best_move;
    for (int to = 0; to < n_; ++to) {
      if (!(row_bound_[to] > best_move.delta)) continue;
      if (skip) {
        improve_in_row(dag, to, skip, best_move);
        continue;
      }
      if (!row_best_[to].valid() || !legal(dag, row_best_[to])) {
        bound_row(dag, to);
        if (!(row_bound_[to] > best_move.delta)) continue;
      }
      best_move = row_best_[to];
    }
    return best_move;
  }

  void apply(Dag& dag, const Move& m) {
    apply_move(dag, m);
    if (m.type == MoveType::add) {
      rescore(dag, {m.to});
      // The moves whose deltas read row m.to: its own, and the reversals of its arcs
      // m.to -> child.
      bound_row(dag, m.to);
      for (int child : dag.children(m.to)) bound_row(dag, child);
      return;
    }
    if (m.type == MoveType::reverse) rescore(dag, {m.from, m.to});
    else rescore(dag, {m.to});
    // A path is gone: moves of any row may have become legal.
    bound_all(dag);
  }

 private:
  std::size_t row(int node) const { return static_cast<std::size_t>(node) * n_; }

  // Rescores the families of `nodes` and every move that changes their parent sets;
  // the families, their removals and the candidate parents of all of them are scored in
  // one batch (in the scorer's threads).
  void rescore(const Dag& dag, const std::vector<int>& nodes) {
    batch_.clear();
    singles_.clear();
    for (int node : nodes) {
      const std::vector<int>& parents = dag.parents(node);
      // The family, then the family without each parent.
      const std::size_t at = singles_.size();
      singles_.push_back(family_without(node, parents, -1));
      for (int parent : parents) singles_.push_back(family_without(node, parents, parent));
      std::fill(&gain_add_[row(node)], &gain_add_[row(node)] + n_, 0.0);
      std::fill(&gain_remove_[row(node)], &gain_remove_[row(node)] + n_, 0.0);
      if (static_cast<int>(parents.size()) >= constraints_->max_parents) continue;
      // Additions: every non-parent that may become a parent of `node` (the parents,
      // sorted, read in step rather than a column of the adjacency matrix).
      FamilyScorer::Additions job;
      job.node = node;
      job.parents = singles_[at].parents;
      job.extras.reserve(n_);
      std::size_t next = 0;
      for (int from = 0; from < n_; ++from) {
        if (next < job.parents.size() && job.parents[next] == from) {
          ++next;
          continue;
        }
        if (from != node && constraints_->allowed(from, node)) job.extras.push_back(from);
      }
      batch_.push_back(std::move(job));
    }
    scorer_->score_additions(batch_, singles_);
    std::size_t f = 0;
    for (int node : nodes) {
      family_[node] = singles_[f++].score;
      for (int parent : dag.parents(node))
        gain_remove_[row(node) + parent] = singles_[f++].score - family_[node];
    }
    for (const FamilyScorer::Additions& job : batch_) {
      double* add = &gain_add_[row(job.node)];
      for (std::size_t c = 0; c < job.extras.size(); ++c)
        add[job.extras[c]] = job.scores[c] - family_[job.node];
    }
  }

  // Every row, over the scorer's threads (each writes only its own row's bound).
  void bound_all(const Dag& dag) {
    scorer_->parallel_for(static_cast<std::size_t>(n_),
                          [&](std::size_t to) { bound_row(dag, static_cast<int>(to)); });
  }

  // `node` with `parents` but `without` (-1: none), the parents sorted.
  static FamilyScorer::Family family_without(int node, const std::vector<int>& parents,
                                             int without) {
    FamilyScorer::Family f;
    f.node = node;
    for (int p : parents) if (p != without) f.parents.push_back(p);
    std::sort(f.parents.begin(), f.parents.end());
    return f;
  }

  // row_best_[to]: the legal move into `to` with the largest delta (first in scan order
  // among ties), and row_bound_[to] its delta. Moves only leave a row until it is
  // bounded again, and an added arc only makes moves illegal (paths and parent sets
  // grow), so the bound stays an upper bound, and the best move the best while legal;
  // apply() bounds every row again after a removal or a reversal. Counting only legal
  // moves matters: on large graphs most rows hold an illegal move (a cycle) better than
  // the best legal one, and a bound over those would let no row be skipped.
  void bound_row(const Dag& dag, int to) {
    Move best_move;
    improve_in_row(dag, to, nullptr, best_move);
    row_best_[to] = best_move;
    row_bound_[to] = best_move.delta;
  }

  // Replaces `best_move` by each legal move into `to` with a larger delta that `skip`
  // (if given) does not reject, in scan order: that of for_each_candidate_move_to(),
  // which reads has_arc(from, to) down a column of the adjacency matrix; here the
  // parents of `to`, sorted, say the same while the scan reads rows (most of a row
  // scan's time on large graphs, and every move scans rows on the calling thread).
  void improve_in_row(const Dag& dag, int to, const std::function<bool(const Move&)>& skip,
                      Move& best_move) const {
    std::vector<int> parents = dag.parents(to);
    std::sort(parents.begin(), parents.end());
    parents.push_back(n_);  // a sentinel
    const double* add = &gain_add_[row(to)];
    const double* remove = &gain_remove_[row(to)];
    auto consider = [&](MoveType type, int from, double delta) {
      if (!(delta > best_move.delta)) return;
      Move m{type, from, to, delta};
      if (legal(dag, m) && !(skip && skip(m))) best_move = m;
    };
    std::size_t next = 0;
    for (int from = 0; from < n_; ++from) {
      if (from == parents[next]) {
        ++next;
        consider(MoveType::remove, from, remove[from]);
        consider(MoveType::reverse, from, remove[from] + gain_add_[row(from) + to]);
      } else if (from != to && !dag.has_arc(to, from)) {
        consider(MoveType::add, from, add[from]);
      }
    }
  }

  FamilyScorer* scorer_;
  const Constraints* constraints_;
  int n_;
  std::vector<double> family_;       // S(v, pa_v)
  std::vector<double> gain_add_;     // [to * n + from]: S(to, pa + from) - S(to, pa)
  std::vector<double> gain_remove_;  // [to * n + from]: S(to, pa - from) - S(to, pa)
  std::vector<double> row_bound_;    // by `to`, see bound_row()
  std::vector<Move> row_best_;       // likewise
  std::vector<FamilyScorer::Additions> batch_;
  std::vector<FamilyScorer::Family> singles_;  // rescore()'s families and removals
};

}  // namespace learnbn
