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
// With a table of every allowed family score (OrderScorer), a share `rev` of the
// iterations instead proposes Grzegorczyk & Husmeier's (2008) new-edge-reversal (REV)
// move: pick one of the N(G) reversible arcs i -> j uniformly; orphan i and j (remove
// all their parents: G0); draw i's new parents among the sets that contain j and no
// descendant of i in G0, with probability exp(ls(i, P)) / Z*(i); add them (G+); draw j's
// new parents among the sets without descendants of j in G+, with probability
// exp(ls(j, P)) / Z(j). The family scores of the proposal cancel against the target's,
// so the move is accepted with probability
//   min(1, N(G) / N(G') * Z*(i) Z(j) / (Z*'(j) Z'(i))),
// where Z*'(j) sums over j's sets containing i without descendants of j in G0 and Z'(i)
// over i's sets without descendants of i in G0 plus j's old parents: the normalisers of
// the reverse move, which reverses j -> i and redraws the old parents. Both kinds of
// step satisfy detailed balance on their own, so mixing them keeps the posterior.
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
#include "../score/parent_sets.hpp"
#include "../score/family_scorer.hpp"
#include "../util/rng.hpp"
#include "chains.hpp"
#include "family_scores.hpp"
#include "order_mcmc.hpp"

namespace learnbn {

class StructureChain {
 public:
  // `table` (may be null: no REV moves) scores every allowed family; `rev` is the share
  // of REV moves.
  StructureChain(const DataView& data, const ScoreSpec& spec, const Constraints& constraints,
                 const Dag& start, const McmcSchedule& schedule, std::uint64_t seed,
                 const OrderScorer* table = nullptr, double rev = 0)
      : scorer_(new FamilyScorer(data, spec, 1)), constraints_(constraints), schedule_(schedule),
        rng_(seed), dag_(start), scores_(*scorer_, dag_), table_(table), rev_(table ? rev : 0) {
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
  void step() {
    if (rev_ > 0 && rng_.uniform() < rev_) rev_step(); else mc3_step();
  }

  // One Metropolis-Hastings step with the single-arc moves.
  void mc3_step() {
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

  // The arcs that a REV move may reverse: not required, reverse allowed.
  std::size_t reversible_arcs(const std::vector<NodeSet>& parents,
                              std::vector<std::pair<int, int>>* out) const {
    std::size_t count = 0;
    for (int v = 0; v < dag_.size(); ++v) {
      for (NodeSet s = parents[v]; s; s &= s - 1) {
        const int u = lowest_node(s);
        if (constraints_.is_required(u, v) || !constraints_.allowed(v, u)) continue;
        ++count;
        if (out) out->emplace_back(u, v);
      }
    }
    return count;
  }

  // The descendants of v (v included) in the DAG given by its parent sets.
  static NodeSet descendants(const std::vector<NodeSet>& parents, int v) {
    NodeSet found = node_bit(v);
    for (bool grew = true; grew;) {
      grew = false;
      for (std::size_t w = 0; w < parents.size(); ++w) {
        if (!(found & node_bit(static_cast<int>(w))) && (parents[w] & found)) {
          found |= node_bit(static_cast<int>(w));
          grew = true;
        }
      }
    }
    return found;
  }

  // One new-edge-reversal step (see the top of the file).
  void rev_step() {
    ++record_.proposed;
    const int n = dag_.size();
    std::vector<NodeSet> parents(n, 0);
    for (int v = 0; v < n; ++v) for (int p : dag_.parents(v)) parents[v] |= node_bit(p);
    arcs_.clear();
    const std::size_t forward_arcs = reversible_arcs(parents, &arcs_);
    if (forward_arcs == 0) return;
    const std::pair<int, int> arc = arcs_[rng_.below(arcs_.size())];
    const int i = arc.first, j = arc.second;
    std::vector<NodeSet> orphaned = parents;  // G0
    orphaned[i] = 0;
    orphaned[j] = 0;
    const NodeSet below_i = descendants(orphaned, i), below_j = descendants(orphaned, j);
    // Forward: i's new parents hold j, then j's new parents.
    const double log_zi_star = table_->node_score(i, ~below_i, node_bit(j));
    if (!std::isfinite(log_zi_star)) return;
    const NodeSet new_i = table_->parent_set(i, table_->sample(i, ~below_i, rng_, node_bit(j)));
    std::vector<NodeSet> proposal = orphaned;
    proposal[i] = new_i;
    const NodeSet allowed_j = ~descendants(proposal, j);
    const double log_zj = table_->node_score(j, allowed_j);
    if (!std::isfinite(log_zj)) return;
    const NodeSet new_j = table_->parent_set(j, table_->sample(j, allowed_j, rng_));
    proposal[j] = new_j;
    // Reverse: j's old parents hold i, then i's old parents.
    const double log_zj_star = table_->node_score(j, ~below_j, node_bit(i));
    std::vector<NodeSet> back = orphaned;
    back[j] = parents[j];
    const double log_zi = table_->node_score(i, ~descendants(back, i));
    const double log_ratio = std::log(static_cast<double>(forward_arcs)) -
                             std::log(static_cast<double>(reversible_arcs(proposal, nullptr))) +
                             log_zi_star + log_zj - log_zj_star - log_zi;
    if (!(std::log(rng_.uniform()) < log_ratio)) return;
    for (int v : {i, j}) {
      for (int p : std::vector<int>(dag_.parents(v))) dag_.remove_arc(p, v);
    }
    for (int p : set_nodes(new_i)) dag_.add_arc(p, i);
    for (int p : set_nodes(new_j)) dag_.add_arc(p, j);
    scores_.rescore_node(dag_, i);
    scores_.rescore_node(dag_, j);
    current_ = scores_.total();
    legal_moves(dag_, constraints_, moves_);
    ++record_.accepted;
  }

  std::unique_ptr<FamilyScorer> scorer_;  // one per chain: its cache is not shared
  Constraints constraints_;
  McmcSchedule schedule_;
  Random rng_;
  Dag dag_;
  FamilyScores scores_;
  double current_ = 0;
  std::vector<Move> moves_, candidate_;
  const OrderScorer* table_;
  double rev_;
  std::vector<std::pair<int, int>> arcs_;
  std::size_t done_ = 0;
  ChainRecord record_;
};

}  // namespace learnbn
