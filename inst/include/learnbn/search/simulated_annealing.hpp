// Simulated annealing over DAGs with random single-arc moves (Heckerman 1995).
#pragma once
#include <cmath>

#include "../util/rng.hpp"
#include "common.hpp"
#include "family_scores.hpp"

namespace learnbn {

struct AnnealingSchedule {
  double start_temperature;  // T0
  std::size_t tries;         // alpha: changes tried at one temperature
  std::size_t changes;       // beta: changes made before the temperature is lowered
  double decay;              // gamma: T <- gamma T
  std::size_t lowerings;     // delta: stop after lowering the temperature this many times
};

// Annealing as in Heckerman (1995): at temperature T try random eligible changes e, making each
// with probability min(1, exp(Delta(e) / T)), until `tries` tries or `changes` changes; stop when
// no change was made or after `lowerings` lowerings. Returns the best graph seen.
inline SearchResult simulated_annealing(const Dag& start, FamilyScorer& scorer,
                                        const Constraints& k, const AnnealingSchedule& schedule,
                                        Random& rng, const InterruptCheck& check_interrupt) {
  Dag dag = start;
  FamilyScores scores(scorer, dag);
  SearchStats stats;
  double current = scores.total(), best = current;
  stats.trace.push_back(current);
  Dag best_dag = dag;
  if (dag.size() < 2) return {dag, current, stats};
  double temperature = schedule.start_temperature;
  for (std::size_t lowered = 0; lowered <= schedule.lowerings; ++lowered) {
    check_interrupt();
    std::size_t made = 0;
    for (std::size_t tried = 0; tried < schedule.tries && made < schedule.changes; ++tried) {
      Move m = random_move(dag, rng);
      for (int attempt = 0; attempt < 1000 && !legal_move(dag, k, m); ++attempt)
        m = random_move(dag, rng);
      if (!legal_move(dag, k, m)) continue;
      const double delta = scores.delta(dag, m);
      if (delta >= 0 || rng.uniform() < std::exp(delta / temperature)) {
        scores.apply(dag, m);
        current = scores.total();
        ++made;
        ++stats.iterations;
        stats.trace.push_back(current);
        if (current > best + improvement_margin(best)) { best = current; best_dag = dag; }
      }
    }
    if (made == 0) break;
    temperature *= schedule.decay;
  }
  return {best_dag, best, stats};
}

}  // namespace learnbn
