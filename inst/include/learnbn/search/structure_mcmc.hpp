// Markov chain Monte Carlo over DAGs (Madigan & York's MC^3, 1995).
//
// The state is a DAG G; the proposal draws one move uniformly from the legal
// neighbourhood nbd(G) (every arc addition, removal and reversal that keeps the graph
// acyclic and within the constraints), and G' is accepted with probability
//   min(1, exp(score(G') - score(G)) * |nbd(G)| / |nbd(G')|),
// so the chain's stationary distribution is proportional to exp(score(G)) (the score
// includes any structure prior). Every move has a legal inverse, so the proposal is
// reversible. |nbd(G')| is recounted on the n(n - 1) grid of ordered pairs after the
// move is applied tentatively, which is O(n^2) with constant-time acyclicity checks;
// the recount is skipped when the uniform draw rejects whatever |nbd(G')| >= 1 is.
//
// The chains are advanced in batches (so the caller can report progress and check
// interrupts between them), each with its own engine, score cache and record, so chains
// may run in parallel threads and give the same results as in sequence.
#pragma once
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "../graph/moves.hpp"
#include "../score/family_scorer.hpp"
#include "../util/rng.hpp"
#include "chains.hpp"
#include "family_scores.hpp"

namespace learnbn {

class StructureChain {
 public:
  StructureChain(const DataView& data, const ScoreSpec& spec, const Constraints& constraints,
                 const Dag& start, const McmcSchedule& schedule, std::uint64_t seed)
      : scorer_(new FamilyScorer(data, spec, 1)), constraints_(constraints), schedule_(schedule),
        rng_(seed), dag_(start), scores_(*scorer_, dag_) {
    current_ = scores_.total();
    legal_moves(dag_, constraints_, moves_);
    record_.trace.push_back(current_);
  }

  std::size_t done() const { return done_; }
  const ChainRecord& record() const { return record_; }
  std::size_t score_evaluations() const { return scorer_->evaluations(); }
  std::size_t cache_hits() const { return scorer_->cache_hits(); }

  void advance(std::size_t steps) {
    const int n = dag_.size();
    auto parents_of = [this](int v) -> const std::vector<int>& { return dag_.parents(v); };
    for (std::size_t k = 0; k < steps && done_ < schedule_.iterations; ++k) {
      step();
      ++done_;
      record_.after(done_, schedule_, n, current_, current_, parents_of);
    }
  }

 private:
  // One Metropolis-Hastings step.
  void step() {
    if (moves_.empty()) return;  // a single node, or constraints that fix the graph
    ++record_.proposed;
    const Move m = moves_[rng_.below(moves_.size())];
    const double delta = scores_.delta(dag_, m);
    const double log_u = std::log(rng_.uniform());
    const double log_forward = std::log(static_cast<double>(moves_.size()));
    // |nbd(G')| >= 1 (the inverse move), so this bound rejects without a recount.
    if (!(log_u < delta + log_forward)) return;
    apply_move(dag_, m);
    legal_moves(dag_, constraints_, candidate_);
    const double log_ratio = delta + log_forward - std::log(static_cast<double>(candidate_.size()));
    if (log_u < log_ratio) {
      moves_.swap(candidate_);
      scores_.rescore(dag_, m);
      current_ = scores_.total();
      ++record_.accepted;
    } else {
      apply_move(dag_, inverse(m));
    }
  }

  std::unique_ptr<FamilyScorer> scorer_;  // one per chain: its cache is not shared
  Constraints constraints_;
  McmcSchedule schedule_;
  Random rng_;
  Dag dag_;
  FamilyScores scores_;
  double current_ = 0;
  std::vector<Move> moves_, candidate_;
  std::size_t done_ = 0;
  ChainRecord record_;
};

}  // namespace learnbn
