// What the MCMC samplers share: the schedule (burn-in, thinning), the record a chain
// keeps, and running several chains in threads with results independent of the threads.
#pragma once
#include <vector>

#include "../util/parallel.hpp"

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
  parallel_for(static_cast<long>(chains.size()), threads,
               [&](long c) { chains[c].advance(steps); });
}

}  // namespace learnbn
