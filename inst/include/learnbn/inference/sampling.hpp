// Approximate posteriors of target nodes given evidence by forward sampling over the
// ancestors of the targets and the evidence (the other nodes cannot matter):
//   likelihood weighting: evidence nodes are set, each sample weighted by the
//     probability of the evidence given its sampled parents;
//   logic sampling: every node is sampled, samples disagreeing with the evidence are
//     rejected.
// Returns the weighted counts of the targets' joint states (first target fastest), or of
// each target's states, scaled (see ScaledJoint); their sum times exp(log_scale) over n
// samples estimates P(evidence).
// Weights are summed on the log scale, relative to the largest so far, since with
// evidence on hundreds of nodes a weight underflows a double.
#pragma once
#include <cmath>
#include <cstddef>
#include <limits>
#include <functional>
#include <vector>

#include "../network/cpt_network.hpp"
#include "../util/rng.hpp"
#include "variable_elimination.hpp"

namespace learnbn {

// Draws n forward samples of the ancestors of `seeds` and the evidence, and hands each
// accepted one to tally.add(row, weight), the weight relative to the largest log weight
// so far; when that grows, tally.shrink(factor) first rescales what was added. Returns the
// largest log weight (the log scale of the tally).
template <class Tally>
double forward_samples(const CptNetwork& net, std::vector<int> seeds, const Evidence& evidence,
                       std::size_t n, bool weighting, Random& rng,
                       const std::function<void()>& check_interrupt, Tally& tally) {
  seeds.insert(seeds.end(), evidence.nodes.begin(), evidence.nodes.end());
  const std::vector<char> relevant = ancestral_set(net, seeds);
  std::vector<int> observed(static_cast<std::size_t>(net.n_nodes()), -1);
  for (std::size_t i = 0; i < evidence.nodes.size(); ++i)
    observed[evidence.nodes[i]] = evidence.states[i];
  std::vector<int> order;
  for (int v : net.order()) if (relevant[v]) order.push_back(v);
  std::vector<int> row(static_cast<std::size_t>(net.n_nodes()), 0);
  double reference = -std::numeric_limits<double>::infinity();  // largest log weight so far
  for (std::size_t s = 0; s < n; ++s) {
    if (s % 4096 == 0) check_interrupt();
    double log_w = 0;
    bool rejected = false;
    for (int v : order) {
      row[v] = 0;
      const std::size_t first = net.cell(v, row.data());  // the cell of state 0
      const std::vector<double>& theta = net.cpt(v);
      if (observed[v] >= 0 && weighting) {
        row[v] = observed[v];
        const double p = theta[first + static_cast<std::size_t>(observed[v])];
        rejected = !(p > 0);
        if (rejected) break;
        log_w += std::log(p);
        continue;
      }
      double u = rng.uniform();
      int state = 0;
      while (state + 1 < net.states(v) && u >= theta[first + static_cast<std::size_t>(state)]) {
        u -= theta[first + static_cast<std::size_t>(state)];
        ++state;
      }
      row[v] = state;
      rejected = observed[v] >= 0 && state != observed[v];
      if (rejected) break;
    }
    if (rejected) continue;
    if (log_w > reference) {
      tally.shrink(std::exp(reference - log_w));
      reference = log_w;
    }
    tally.add(row, std::exp(log_w - reference));
  }
  return reference;
}

inline ScaledJoint sampled_joint(const CptNetwork& net, const std::vector<int>& targets,
                                 const Evidence& evidence, std::size_t n, bool weighting,
                                 Random& rng, const std::function<void()>& check_interrupt) {
  // The weighted counts of the targets' joint states.
  struct JointTally {
    const CptNetwork& net;
    const std::vector<int>& targets;
    std::vector<double> counts;
    void shrink(double factor) {
      for (double& c : counts) c *= factor;
    }
    void add(const std::vector<int>& row, double weight) {
      std::size_t cell = 0, stride = 1;
      for (int t : targets) {
        cell += static_cast<std::size_t>(row[t]) * stride;
        stride *= static_cast<std::size_t>(net.states(t));
      }
      counts[cell] += weight;
    }
  };
  std::size_t cells = 1;
  for (int t : targets) cells *= static_cast<std::size_t>(net.states(t));
  JointTally tally{net, targets, std::vector<double>(cells, 0.0)};
  const double reference =
      forward_samples(net, targets, evidence, n, weighting, rng, check_interrupt, tally);
  return ScaledJoint{std::move(tally.counts), reference};
}

// The weighted counts of each target's states from one sampling run (one ScaledJoint per
// target, sharing the log scale).
inline std::vector<ScaledJoint> sampled_marginals(const CptNetwork& net,
                                                  const std::vector<int>& targets,
                                                  const Evidence& evidence, std::size_t n,
                                                  bool weighting, Random& rng,
                                                  const std::function<void()>& check_interrupt) {
  struct MarginalTally {
    const std::vector<int>& targets;
    std::vector<std::vector<double>> counts;
    void shrink(double factor) {
      for (auto& target : counts)
        for (double& c : target) c *= factor;
    }
    void add(const std::vector<int>& row, double weight) {
      for (std::size_t t = 0; t < targets.size(); ++t)
        counts[t][static_cast<std::size_t>(row[targets[t]])] += weight;
    }
  };
  MarginalTally tally{targets, {}};
  for (int t : targets) tally.counts.emplace_back(static_cast<std::size_t>(net.states(t)), 0.0);
  const double reference =
      forward_samples(net, targets, evidence, n, weighting, rng, check_interrupt, tally);
  std::vector<ScaledJoint> out;
  for (auto& counts : tally.counts) out.push_back(ScaledJoint{std::move(counts), reference});
  return out;
}

}  // namespace learnbn
