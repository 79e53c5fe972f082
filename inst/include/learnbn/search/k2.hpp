// K2 (Cooper & Herskovits 1992; Kochenderfer et al. 2022, algorithm 5.2): given a node order, each
// node greedily gains the predecessor that most improves its family score, while the
// score improves and the parent bound allows.
#pragma once
#include <algorithm>
#include <functional>
#include <limits>
#include <vector>

#include "../graph/constraints.hpp"
#include "../score/family_scorer.hpp"

namespace learnbn {

struct K2Result {
  std::vector<std::vector<int>> parents;  // by node, in the order they were added
  double score = 0;                        // sum of the final family scores
};

// `order` is a permutation of 0..n-1. Required parents (which must precede their child
// in `order`) start each family; forbidden arcs are never tried. `tick` is called on
// the caller's thread after each node (for user interrupts).
inline K2Result k2_search(FamilyScorer& scorer, const std::vector<int>& order,
                          const Constraints& constraints,
                          const std::function<void()>& tick = [] {}) {
  const int n = constraints.n;
  K2Result result;
  result.parents.assign(n, {});
  for (std::size_t position = 0; position < order.size(); ++position) {
    const int node = order[position];
    std::vector<int>& parents = result.parents[node];
    for (std::size_t before = 0; before < position; ++before) {
      if (constraints.is_required(order[before], node)) parents.push_back(order[before]);
    }
    double current = scorer.score(node, parents);
    while (static_cast<int>(parents.size()) < constraints.max_parents) {
      double best = -std::numeric_limits<double>::infinity();
      int best_parent = -1;
      for (std::size_t before = 0; before < position; ++before) {
        const int candidate = order[before];
        if (!constraints.allowed(candidate, node) ||
            std::find(parents.begin(), parents.end(), candidate) != parents.end()) {
          continue;
        }
        std::vector<int> family = parents;
        family.push_back(candidate);
        const double score = scorer.score(node, family);
        if (score > best) {  // strict: the earliest candidate in `order` wins a tie
          best = score;
          best_parent = candidate;
        }
      }
      if (best_parent < 0 || !(best > current)) break;
      parents.push_back(best_parent);
      current = best;
    }
    result.score += current;
    tick();
  }
  return result;
}

}  // namespace learnbn
