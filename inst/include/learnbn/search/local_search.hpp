// Opportunistic local search (Kochenderfer et al. 2022, algorithm 5.3, extended with
// reversals): random single-arc moves, each made when it raises the score.
#pragma once
#include "../util/rng.hpp"
#include "common.hpp"
#include "family_scores.hpp"

namespace learnbn {

// k_max random neighbours, each accepted if it raises the score, until `max_iter` have
// been accepted.
inline SearchResult local_search(const Dag& start, FamilyScorer& scorer, const Constraints& k,
                                 std::size_t k_max, std::size_t max_iter, Random& rng,
                                 const InterruptCheck& check_interrupt) {
  Dag dag = start;
  FamilyScores scores(scorer, dag);
  SearchStats stats;
  stats.trace.push_back(scores.total());
  if (dag.size() < 2) return {dag, scores.total(), stats};
  for (std::size_t iter = 0; iter < k_max && stats.iterations < max_iter; ++iter) {
    if (iter % 1024 == 0) check_interrupt();
    const Move m = random_move(dag, rng);
    if (!legal_move(dag, k, m)) continue;
    if (scores.delta(dag, m) > improvement_margin(scores.total())) {
      scores.apply(dag, m);
      ++stats.iterations;
      stats.trace.push_back(scores.total());
    }
  }
  return {dag, scores.total(), stats};
}

}  // namespace learnbn
