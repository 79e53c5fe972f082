// Greedy searches over DAGs with the add / remove / reverse neighbourhood: hill
// climbing with random restarts, and tabu search.
#pragma once
#include <algorithm>
#include <chrono>
#include <deque>
#include <functional>
#include <vector>

#include "moves.hpp"
#include "random.hpp"

namespace learnbn {

using InterruptCheck = std::function<void()>;

struct SearchStats {
  std::size_t iterations = 0;
  std::vector<double> trace;  // score after each accepted move (the start first)
};

struct SearchResult {
  Dag dag;
  double score;
  SearchStats stats;
};

// A move counts as an improvement only above this, so rounding never makes a search cycle.
constexpr double kImprovement = 1e-9;

// Steepest ascent from the current state until no move improves the score.
inline void climb(Dag& dag, ArcMoves& moves, SearchStats& stats, std::size_t max_iterations,
                  const InterruptCheck& check_interrupt) {
  while (stats.iterations < max_iterations) {
    check_interrupt();
    const Move m = moves.best(dag);
    if (!m.valid() || m.delta <= kImprovement) break;
    moves.apply(dag, m);
    ++stats.iterations;
    stats.trace.push_back(moves.total());
  }
}

// Applies up to `n_moves` random legal moves.
inline void perturb(Dag& dag, ArcMoves& moves, const Constraints& k, int n_moves, Random& rng) {
  const int n = dag.size();
  if (n < 2) return;
  for (int done = 0, attempts = 0; done < n_moves && attempts < 100 * n_moves; ++attempts) {
    Move m;
    m.from = static_cast<int>(rng.below(n));
    m.to = static_cast<int>(rng.below(n - 1));
    if (m.to >= m.from) ++m.to;
    if (dag.has_arc(m.from, m.to)) m.type = rng.coin() ? MoveType::remove : MoveType::reverse;
    else m.type = MoveType::add;
    if (!legal_move(dag, k, m)) continue;
    moves.apply(dag, m);
    ++done;
  }
}

// Hill climbing from `start`, then `restarts` times: perturb the best graph found with
// `perturb_moves` random moves and climb again, keeping the best.
inline SearchResult hill_climb(const Dag& start, FamilyScorer& scorer, const Constraints& k,
                               std::size_t max_iterations, int restarts, int perturb_moves,
                               Random& rng, const InterruptCheck& check_interrupt) {
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
    if (moves.total() > best + kImprovement) {
      best = moves.total();
      best_dag = dag;
      best_moves = moves;
    }
  }
  return {best_dag, best, stats};
}

// Tabu search: always take the best move whose inverse of a recent move is not tabu,
// even when it lowers the score; stop after `patience` moves without a new best.
inline SearchResult tabu_search(const Dag& start, FamilyScorer& scorer, const Constraints& k,
                                std::size_t max_iterations, std::size_t tabu_length, std::size_t patience,
                                const InterruptCheck& check_interrupt) {
  Dag dag = start;
  ArcMoves moves(scorer, k);
  moves.refresh_all(dag);
  SearchStats stats;
  stats.trace.push_back(moves.total());
  Dag best_dag = dag;
  double best = moves.total();
  std::deque<Move> tabu;
  auto is_tabu = [&](const Move& m) { return std::find(tabu.begin(), tabu.end(), m) != tabu.end(); };
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
    if (moves.total() > best + kImprovement) {
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
