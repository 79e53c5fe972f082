// Tabu search over DAGs with the add / remove / reverse neighbourhood.
#pragma once
#include <algorithm>
#include <deque>

#include "arc_moves.hpp"
#include "common.hpp"

namespace learnbn {

// Tabu search: always take the best move whose inverse of a recent move is not tabu,
// even when it lowers the score; stop after `patience` moves without a new best.
inline SearchResult tabu_search(const Dag& start, FamilyScorer& scorer, const Constraints& k,
                                std::size_t max_iterations, std::size_t tabu_length,
                                std::size_t patience, const InterruptCheck& check_interrupt) {
  Dag dag = start;
  ArcMoves moves(scorer, k);
  moves.refresh_all(dag);
  SearchStats stats;
  stats.trace.push_back(moves.total());
  Dag best_dag = dag;
  double best = moves.total();
  std::deque<Move> tabu;
  auto is_tabu = [&](const Move& m) {
    return std::find(tabu.begin(), tabu.end(), m) != tabu.end();
  };
  std::size_t since_best = 0;
  while (stats.iterations < max_iterations) {
    check_interrupt();
    const Move m = moves.best(dag, is_tabu);
    if (!m.valid()) break;
    moves.apply(dag, m);
    ++stats.iterations;
    stats.trace.push_back(moves.total());
    tabu.push_back(inverse(m));
    if (tabu.size() > tabu_length) tabu.pop_front();
    if (moves.total() > best + improvement_margin(best)) {
      best = moves.total();
      best_dag = dag;
      since_best = 0;
    } else if (++since_best > patience) {
      break;
    }
  }
  return {best_dag, best, stats};
}

}  // namespace learnbn
