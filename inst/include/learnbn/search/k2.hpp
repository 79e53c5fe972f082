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
#include "common.hpp"

namespace learnbn {

// `order` is a permutation of 0..n-1. Required parents (which must precede their child
// in `order`) start each family; forbidden arcs are never tried. A node's candidate
// families are scored in one batch, on the scorer's threads. `tick` is called on the
// caller's thread after each node (for user interrupts). The result's DAG keeps each
// node's parents in the order they were added; its iterations count the arcs added.
inline SearchResult k2_search(FamilyScorer& scorer, const std::vector<int>& order,
                              const Constraints& constraints,
                              const std::function<void()>& tick = [] {}) {
  const int n = constraints.n;
  ParentLists chosen(n);
  double total = 0;
  std::size_t added = 0;
  std::vector<double> scores;
  for (std::size_t position = 0; position < order.size(); ++position) {
    const int node = order[position];
    std::vector<int>& parents = chosen[node];
    for (std::size_t before = 0; before < position; ++before) {
      if (constraints.is_required(order[before], node)) parents.push_back(order[before]);
    }
    double current = scorer.score(node, parents);
    while (static_cast<int>(parents.size()) < constraints.max_parents) {
      std::vector<int> candidates;
      for (std::size_t before = 0; before < position; ++before) {
        const int candidate = order[before];
        if (constraints.allowed(candidate, node) &&
            std::find(parents.begin(), parents.end(), candidate) == parents.end()) {
          candidates.push_back(candidate);
        }
      }
      if (candidates.empty()) break;
      std::vector<int> sorted = parents;
      std::sort(sorted.begin(), sorted.end());
      scorer.score_additions(node, sorted, candidates, scores);
      double best = -std::numeric_limits<double>::infinity();
      int best_parent = -1;
      for (std::size_t c = 0; c < candidates.size(); ++c) {
        if (scores[c] > best) {  // strict: the earliest candidate in `order` wins a tie
          best = scores[c];
          best_parent = candidates[c];
        }
      }
      if (best_parent < 0 || !(best > current)) break;
      parents.push_back(best_parent);
      current = best;
      ++added;
    }
    total += current;
    tick();
  }
  SearchResult result;
  result.dag = dag_of(chosen);
  result.score = total;
  result.stats.iterations = added;
  result.stats.trace.push_back(total);
  return result;
}

}  // namespace learnbn
