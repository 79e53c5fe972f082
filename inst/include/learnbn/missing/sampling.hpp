// Sampling the cells of one row under a CptNetwork: a draw from log weights, the
// Markov-blanket weights of one variable, a Gibbs sweep and forward sampling.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "../network/cpt_network.hpp"
#include "../util/rng.hpp"

namespace learnbn {

// Draws index k with probability proportional to exp(log_weight[k]); -1 if all are zero.
inline int draw_log_weights(const std::vector<double>& log_weight, std::size_t n, Random& rng) {
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < n; ++k) top = std::max(top, log_weight[k]);
  if (top == -std::numeric_limits<double>::infinity()) return -1;
  double total = 0;
  for (std::size_t k = 0; k < n; ++k) total += std::exp(log_weight[k] - top);
  double u = rng.uniform() * total;
  int last = -1;
  for (std::size_t k = 0; k < n; ++k) {
    const double p = std::exp(log_weight[k] - top);
    if (p <= 0) continue;
    last = static_cast<int>(k);
    if (u < p) return last;
    u -= p;
  }
  return last;  // rounding left u at the end
}

// Log of P(x_v = k | Markov blanket) up to a constant, for every state k of v: its own
// CPT entry and its children's. Leaves row[v] as it was.
inline void blanket_log_weights(const CptNetwork& net, std::vector<int>& row, int v,
                                std::vector<double>& out) {
  const int current = row[v];
  out.resize(static_cast<std::size_t>(net.states(v)));
  for (int k = 0; k < net.states(v); ++k) {
    row[v] = k;
    double lp = net.log_prob(v, row.data());
    for (int c : net.children(v)) lp += net.log_prob(c, row.data());
    out[static_cast<std::size_t>(k)] = lp;
  }
  row[v] = current;
}

// One Gibbs update of the cells `vars` of a row: each redrawn from its Markov blanket
// (kept when every state has probability zero).
inline void gibbs_sweep(const CptNetwork& net, std::vector<int>& row, const std::vector<int>& vars,
                        Random& rng, std::vector<double>& buffer) {
  for (int v : vars) {
    blanket_log_weights(net, row, v, buffer);
    const int k = draw_log_weights(buffer, buffer.size(), rng);
    if (k >= 0) row[v] = k;
  }
}

// Assigns `vars` (in topological order) by forward sampling from their CPTs.
inline void forward_sample(const CptNetwork& net, std::vector<int>& row,
                           const std::vector<int>& vars, Random& rng, std::vector<double>& buffer) {
  for (int v : vars) {
    buffer.resize(static_cast<std::size_t>(net.states(v)));
    for (int k = 0; k < net.states(v); ++k) {
      row[v] = k;
      buffer[static_cast<std::size_t>(k)] = net.log_prob(v, row.data());
    }
    const int k = draw_log_weights(buffer, buffer.size(), rng);
    row[v] = k >= 0 ? k : 0;
  }
}

}  // namespace learnbn
