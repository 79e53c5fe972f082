// Markov chain Monte Carlo over DAGs (Madigan & York's MC^3, seed 001 section 7.5.2).
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
#include <exception>
#include <memory>
#include <vector>

#include "moves.hpp"
#include "random.hpp"

namespace learnbn {

struct McmcSchedule {
  std::size_t iterations = 0;  // in all, burn-in included
  std::size_t burn_in = 0;     // iterations discarded before the first sample
  std::size_t thin = 1;        // keep every thin-th state
  // Is the state after iteration t (1-based) a sample?
  bool keeps(std::size_t t) const { return t % thin == 0 && t > burn_in; }
};

// What one chain keeps: the score every `thin` iterations from the start (burn-in
// included) and, after the burn-in, every kept DAG as arcs with their sample number.
struct ChainRecord {
  std::vector<double> trace;          // trace[0] is the start state's
  std::vector<double> sample_scores;  // the network score of each kept DAG
  std::vector<int> sample, from, to;  // arcs of the kept DAGs (0-based nodes)
  std::size_t proposed = 0, accepted = 0;

  // Records the state after iteration `t` (1-based) if the schedule keeps it.
  template <class ParentsOf>
  void after(std::size_t t, const McmcSchedule& s, int n, double trace_score, double dag_score,
             const ParentsOf& parents_of) {
    if (t % s.thin != 0) return;
    trace.push_back(trace_score);
    if (!s.keeps(t)) return;
    const int id = static_cast<int>(sample_scores.size());
    sample_scores.push_back(dag_score);
    for (int v = 0; v < n; ++v) {
      for (int p : parents_of(v)) {
        sample.push_back(id);
        from.push_back(p);
        to.push_back(v);
      }
    }
  }
};

// Advances every chain by up to `steps` iterations, `threads` chains at a time. The
// chains share nothing mutable, so the result does not depend on `threads`.
template <class Chain>
void advance_chains(std::vector<Chain>& chains, std::size_t steps, int threads) {
  std::exception_ptr error = nullptr;
  const int n_chains = static_cast<int>(chains.size());
#pragma omp parallel for num_threads(threads < 1 ? 1 : threads) schedule(dynamic, 1)
  for (int c = 0; c < n_chains; ++c) {
    try {
      chains[c].advance(steps);
    } catch (...) {
#pragma omp critical
      error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

class StructureChain {
 public:
  StructureChain(const DataView& data, const ScoreSpec& spec, const Constraints& constraints,
                 const Dag& start, const McmcSchedule& schedule, std::uint64_t seed)
      : scorer_(new FamilyScorer(data, spec, 1)), constraints_(constraints), schedule_(schedule),
        rng_(seed), dag_(start), family_(start.size()) {
    for (int v = 0; v < dag_.size(); ++v) family_[v] = scorer_->score(v, dag_.parents(v));
    current_ = total();
    legal_moves(dag_, moves_);
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
    const double delta = score_delta(m);
    const double log_u = std::log(rng_.uniform());
    const double log_forward = std::log(static_cast<double>(moves_.size()));
    // |nbd(G')| >= 1 (the inverse move), so this bound rejects without a recount.
    if (!(log_u < delta + log_forward)) return;
    apply_move(dag_, m);
    legal_moves(dag_, candidate_);
    const double log_ratio = delta + log_forward - std::log(static_cast<double>(candidate_.size()));
    if (log_u < log_ratio) {
      moves_.swap(candidate_);
      family_[m.to] = scorer_->score(m.to, dag_.parents(m.to));
      if (m.type == MoveType::reverse) family_[m.from] = scorer_->score(m.from, dag_.parents(m.from));
      current_ = total();
      ++record_.accepted;
    } else {
      apply_move(dag_, inverse(m));
    }
  }

  double total() const {
    double t = 0;
    for (double s : family_) t += s;
    return t;
  }

  // Score change of a legal move, from the cached family scores.
  double score_delta(const Move& m) {
    switch (m.type) {
      case MoveType::add: return with(m.to, m.from) - family_[m.to];
      case MoveType::remove: return without(m.to, m.from) - family_[m.to];
      case MoveType::reverse:
        return without(m.to, m.from) - family_[m.to] + with(m.from, m.to) - family_[m.from];
    }
    return 0;
  }
  double with(int node, int extra) {
    std::vector<int> parents = dag_.parents(node);
    parents.push_back(extra);
    return scorer_->score(node, parents);
  }
  double without(int node, int removed) {
    std::vector<int> parents;
    for (int p : dag_.parents(node)) if (p != removed) parents.push_back(p);
    return scorer_->score(node, parents);
  }

  // Every legal move of `dag`, scanning the ordered pairs (from, to).
  void legal_moves(const Dag& dag, std::vector<Move>& out) const {
    out.clear();
    const int n = dag.size();
    for (int from = 0; from < n; ++from) {
      for (int to = 0; to < n; ++to) {
        if (from == to) continue;
        if (dag.has_arc(from, to)) {
          push_if_legal(dag, Move{MoveType::remove, from, to, 0.0}, out);
          push_if_legal(dag, Move{MoveType::reverse, from, to, 0.0}, out);
        } else if (!dag.has_arc(to, from)) {
          push_if_legal(dag, Move{MoveType::add, from, to, 0.0}, out);
        }
      }
    }
  }
  void push_if_legal(const Dag& dag, const Move& m, std::vector<Move>& out) const {
    if (legal_move(dag, constraints_, m)) out.push_back(m);
  }

  std::unique_ptr<FamilyScorer> scorer_;  // one per chain: its cache is not shared
  Constraints constraints_;
  McmcSchedule schedule_;
  Random rng_;
  Dag dag_;
  std::vector<double> family_;  // score of each node's family in dag_
  double current_ = 0;
  std::vector<Move> moves_, candidate_;
  std::size_t done_ = 0;
  ChainRecord record_;
};

}  // namespace learnbn
