// Hill climbing over DAGs with the add / remove / reverse neighbourhood (steepest
// ascent), with random restarts from perturbed copies of the best graph.
#pragma once
#include <functional>
#include <vector>

#include "../util/rng.hpp"
#include "arc_moves.hpp"
#include "common.hpp"

namespace learnbn {

// Steepest ascent from the current state until no move improves the score.
inline void climb(Dag& dag, ArcMoves& moves, SearchStats& stats, std::size_t max_iterations,
                  const InterruptCheck& check_interrupt) {
  while (stats.iterations < max_iterations) {
    check_interrupt();
    const Move m = moves.best(dag);
    if (!m.valid() || m.delta <= improvement_margin(moves.total())) break;
    moves.apply(dag, m);
    ++stats.iterations;
    stats.trace.push_back(moves.total());
  }
}

// Applies up to `n_moves` random legal moves.
inline void perturb(Dag& dag, ArcMoves& moves, const Constraints& k, int n_moves, Random& rng) {
  if (dag.size() < 2) return;
  for (int done = 0, attempts = 0; done < n_moves && attempts < 100 * n_moves; ++attempts) {
    const Move m = random_move(dag, rng);
    if (!legal_move(dag, k, m)) continue;
    moves.apply(dag, m);
    ++done;
  }
}

// Called on the calling thread as each restart ends (1-based), with the score it
// reached and the best score so far (its own included).
using RestartReport = std::function<void(int restart, double score, double best)>;

// Hill climbing from `start`, then `restarts` times: perturb the best graph found with
// `perturb_moves` random moves and climb again, keeping the best.
inline SearchResult hill_climb(const Dag& start, FamilyScorer& scorer, const Constraints& k,
                               std::size_t max_iterations, int restarts, int perturb_moves,
                               Random& rng, const InterruptCheck& check_interrupt,
                               const RestartReport& on_restart = {}) {
  Dag dag = start;
  ArcMoves moves(scorer, k);
  moves.refresh_all(dag);
  SearchStats stats;
  stats.trace.push_back(moves.total());
  climb(dag, moves, stats, max_iterations, check_interrupt);
  Dag best_dag = dag;
  ArcMoves best_moves = moves;
  double best = moves.total();
  for (int r = 0; r < restarts; ++r) {
    dag = best_dag;
    moves = best_moves;
    perturb(dag, moves, k, perturb_moves, rng);
    stats.trace.push_back(moves.total());
    climb(dag, moves, stats, max_iterations, check_interrupt);
    if (moves.total() > best + improvement_margin(best)) {
      best = moves.total();
      best_dag = dag;
      best_moves = moves;
    }
    if (on_restart) on_restart(r + 1, moves.total(), best);
  }
  return {best_dag, best, stats};
}

}  // namespace learnbn
