// Exact posterior of target nodes given evidence in a discrete network, by variable
// elimination. Only the ancestors of the targets and the evidence matter (the other
// nodes are barren and sum to one); their CPTs, reduced by the evidence, are the
// factors. Variables are eliminated greedily, each time the one whose elimination
// builds the smallest factor (min-weight), which keeps factors small on the usual
// networks; a factor past kMaxFactorCells is a length_error.
// Every factor is kept divided by its largest value, the logs of the divisors summed
// apart: with evidence on hundreds of nodes, P(evidence) is a product of hundreds of
// probabilities that underflows a double, while the posterior of the targets does not.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "../network/cpt_network.hpp"
#include "factor.hpp"

namespace learnbn {

struct Evidence {
  std::vector<int> nodes, states;
};

// Values over the targets' joint states known up to a common factor: the true values
// are values * exp(log_scale). An all-zero `values` means probability zero.
struct ScaledJoint {
  std::vector<double> values;
  double log_scale = 0;
};

// Divides f by its largest value and adds that value's log to `log_scale` (a factor that
// is zero everywhere stays so: the evidence is impossible).
inline void rescale(Factor& f, double& log_scale) {
  const double top = *std::max_element(f.values.begin(), f.values.end());
  if (!(top > 0) || top == 1) return;
  for (double& v : f.values) v /= top;
  log_scale += std::log(top);
}

// The nodes that are ancestors of (or are) `seeds`, flagged.
inline std::vector<char> ancestral_set(const CptNetwork& net, const std::vector<int>& seeds) {
  std::vector<char> in(static_cast<std::size_t>(net.n_nodes()), 0);
  std::vector<int> stack(seeds.begin(), seeds.end());
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    if (in[v]) continue;
    in[v] = 1;
    for (int p : net.parents(v)) stack.push_back(p);
  }
  return in;
}

// Chooses the next variable to eliminate: the one whose factors' product is smallest
// (min-weight), the first of `eliminate` on ties. One pass over the factors lists the
// factors holding each variable, so a step costs the factors' total size, not that
// times the number of variables left (which made networks of 1,000 nodes take seconds).
class MinWeight {
 public:
  explicit MinWeight(int n_nodes)
      : holding_(static_cast<std::size_t>(n_nodes)), stamp_(static_cast<std::size_t>(n_nodes), 0) {}

  // Position in `eliminate` of the chosen variable.
  std::size_t choose(const std::vector<Factor>& factors, const std::vector<int>& eliminate) {
    for (auto& list : holding_) list.clear();
    for (std::size_t f = 0; f < factors.size(); ++f) {
      for (int v : factors[f].vars) holding_[static_cast<std::size_t>(v)].push_back(f);
    }
    std::size_t best = 0;
    double best_cells = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < eliminate.size(); ++i) {
      ++round_;  // marks the variables of this candidate's product, counted once each
      double cells = 1;
      for (std::size_t f : holding_[static_cast<std::size_t>(eliminate[i])]) {
        for (std::size_t j = 0; j < factors[f].vars.size(); ++j) {
          std::size_t& seen = stamp_[static_cast<std::size_t>(factors[f].vars[j])];
          if (seen == round_) continue;
          seen = round_;
          cells *= factors[f].card[j];
        }
      }
      if (cells < best_cells) {
        best_cells = cells;
        best = i;
      }
    }
    return best;
  }

 private:
  std::vector<std::vector<std::size_t>> holding_;  // factors holding each variable
  std::vector<std::size_t> stamp_;
  std::size_t round_ = 0;
};

// The CPT of node v as a factor over (v, its parents).
inline Factor cpt_factor(const CptNetwork& net, int v) {
  Factor f;
  f.vars.push_back(v);
  f.card.push_back(net.states(v));
  for (int p : net.parents(v)) {
    f.vars.push_back(p);
    f.card.push_back(net.states(p));
  }
  f.values = net.cpt(v);
  return f;
}

// The unnormalised posterior P(targets, evidence) over the joint states of `targets`
// (in that order, first fastest), scaled; its sum times exp(log_scale) is P(evidence).
inline ScaledJoint joint_with_evidence(const CptNetwork& net, const std::vector<int>& targets,
                                       const Evidence& evidence) {
  std::vector<int> seeds = targets;
  seeds.insert(seeds.end(), evidence.nodes.begin(), evidence.nodes.end());
  const std::vector<char> relevant = ancestral_set(net, seeds);
  std::vector<char> keep(relevant.size(), 0);
  std::vector<int> observed(relevant.size(), -1);  // the evidence state of each node
  for (int t : targets) keep[t] = 1;
  for (std::size_t i = 0; i < evidence.nodes.size(); ++i)
    observed[evidence.nodes[i]] = evidence.states[i];
  std::vector<Factor> factors;
  std::vector<int> eliminate;
  double log_scale = 0;
  for (int v = 0; v < net.n_nodes(); ++v) {
    if (!relevant[v]) continue;
    Factor f = cpt_factor(net, v);
    const std::vector<int> family = f.vars;
    for (int u : family) {
      if (observed[u] >= 0) f = reduce(f, u, observed[u]);
    }
    rescale(f, log_scale);
    factors.push_back(std::move(f));
    if (!keep[v] && observed[v] < 0) eliminate.push_back(v);
  }
  MinWeight min_weight(net.n_nodes());
  while (!eliminate.empty()) {
    const std::size_t best = min_weight.choose(factors, eliminate);
    const int var = eliminate[best];
    eliminate.erase(eliminate.begin() + static_cast<std::ptrdiff_t>(best));
    Factor product{{}, {}, {1.0}};
    std::vector<Factor> rest;
    for (Factor& f : factors) {
      if (f.position(var) >= 0) {
        product = multiply(product, f);
        rescale(product, log_scale);
      } else {
        rest.push_back(std::move(f));
      }
    }
    rest.push_back(sum_out(product, var));
    rescale(rest.back(), log_scale);
    factors.swap(rest);
  }
  Factor result{{}, {}, {1.0}};
  for (const Factor& f : factors) {
    result = multiply(result, f);
    rescale(result, log_scale);
  }
  // each target kept its own CPT's factor
  return ScaledJoint{values_in_order(result, targets), log_scale};
}

// P(targets) with no evidence, over the targets' joint states (first target fastest):
// BDe's prior counts alpha_ijk = iss * P(x_i = k, pa_i = j) of a family. Without
// evidence the scale stays near one, so the values are returned unscaled.
inline std::vector<double> marginal(const CptNetwork& net, const std::vector<int>& targets) {
  ScaledJoint joint = joint_with_evidence(net, targets, Evidence{});
  const double scale = std::exp(joint.log_scale);
  for (double& v : joint.values) v *= scale;
  return std::move(joint.values);
}

}  // namespace learnbn
