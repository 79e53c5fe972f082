// Exact posterior of target nodes given evidence in a discrete network, by variable
// elimination. Only the ancestors of the targets and the evidence matter (the other
// nodes are barren and sum to one); their CPTs, reduced by the evidence, are the
// factors. Variables are eliminated greedily, each time the one whose elimination
// builds the smallest factor (min-weight), which keeps factors small on the usual
// networks; a factor past kMaxFactorCells is a length_error.
#pragma once
#include <algorithm>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "../missing/cpt_network.hpp"
#include "factor.hpp"

namespace learnbn {

struct Evidence {
  std::vector<int> nodes, states;
};

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

// The unnormalised posterior P(targets, evidence) as a factor over `targets` (in that
// order); its sum is P(evidence).
inline std::vector<double> joint_with_evidence(const CptNetwork& net, const std::vector<int>& targets,
                                               const Evidence& evidence) {
  std::vector<int> seeds = targets;
  seeds.insert(seeds.end(), evidence.nodes.begin(), evidence.nodes.end());
  const std::vector<char> relevant = ancestral_set(net, seeds);
  std::vector<char> keep(relevant.size(), 0), fixed(relevant.size(), 0);
  for (int t : targets) keep[t] = 1;
  for (int e : evidence.nodes) fixed[e] = 1;
  std::vector<Factor> factors;
  std::vector<int> eliminate;
  for (int v = 0; v < net.n_nodes(); ++v) {
    if (!relevant[v]) continue;
    Factor f = cpt_factor(net, v);
    for (std::size_t i = 0; i < evidence.nodes.size(); ++i) f = reduce(f, evidence.nodes[i], evidence.states[i]);
    factors.push_back(std::move(f));
    if (!keep[v] && !fixed[v]) eliminate.push_back(v);
  }
  while (!eliminate.empty()) {
    // Min-weight: the variable whose factors' product is smallest.
    std::size_t best = 0;
    double best_cells = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < eliminate.size(); ++i) {
      std::vector<int> vars;
      double cells = 1;
      for (const Factor& f : factors) {
        if (f.position(eliminate[i]) < 0) continue;
        for (std::size_t j = 0; j < f.vars.size(); ++j) {
          if (std::find(vars.begin(), vars.end(), f.vars[j]) == vars.end()) {
            vars.push_back(f.vars[j]);
            cells *= f.card[j];
          }
        }
      }
      if (cells < best_cells) {
        best_cells = cells;
        best = i;
      }
    }
    const int var = eliminate[best];
    eliminate.erase(eliminate.begin() + static_cast<std::ptrdiff_t>(best));
    Factor product{{}, {}, {1.0}};
    std::vector<Factor> rest;
    for (Factor& f : factors) {
      if (f.position(var) >= 0) product = multiply(product, f);
      else rest.push_back(std::move(f));
    }
    rest.push_back(sum_out(product, var));
    factors.swap(rest);
  }
  Factor result{{}, {}, {1.0}};
  for (const Factor& f : factors) result = multiply(result, f);
  return values_in_order(result, targets);  // each target kept its own CPT's factor
}

}  // namespace learnbn
