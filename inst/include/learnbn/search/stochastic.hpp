// Randomised local searches: seed 000's opportunistic local search (algorithm 5.3,
// extended with reversals) and seed 004's simulated annealing.
#pragma once
#include <cmath>
#include <vector>

#include "hill_climb.hpp"

namespace learnbn {

// Family scores of the current DAG and the change a single move would make.
class FamilyScores {
 public:
  FamilyScores(FamilyScorer& scorer, const Dag& dag) : scorer_(&scorer), score_(dag.size()) {
    for (int v = 0; v < dag.size(); ++v) score_[v] = scorer.score(v, dag.parents(v));
  }
  double total() const { double t = 0; for (double s : score_) t += s; return t; }

  double delta(const Dag& dag, const Move& m) {
    switch (m.type) {
      case MoveType::add: return with(dag, m.to, m.from) - score_[m.to];
      case MoveType::remove: return without(dag, m.to, m.from) - score_[m.to];
      case MoveType::reverse:
        return without(dag, m.to, m.from) - score_[m.to] + with(dag, m.from, m.to) - score_[m.from];
    }
    return 0;
  }
  void apply(Dag& dag, const Move& m) {
    apply_move(dag, m);
    score_[m.to] = scorer_->score(m.to, dag.parents(m.to));
    if (m.type == MoveType::reverse) score_[m.from] = scorer_->score(m.from, dag.parents(m.from));
  }

 private:
  double with(const Dag& dag, int node, int extra) {
    std::vector<int> parents = dag.parents(node);
    parents.push_back(extra);
    return scorer_->score(node, parents);
  }
  double without(const Dag& dag, int node, int removed) {
    std::vector<int> parents;
    for (int p : dag.parents(node)) if (p != removed) parents.push_back(p);
    return scorer_->score(node, parents);
  }
  FamilyScorer* scorer_;
  std::vector<double> score_;
};

// A random neighbour as in algorithm 5.3: an ordered pair (i, j); remove or reverse i -> j
// when present, otherwise add it. The move may be illegal (a cycle, a constraint).
inline Move random_neighbour(const Dag& dag, Random& rng) {
  const int n = dag.size();
  Move m;
  m.from = static_cast<int>(rng.below(n));
  m.to = static_cast<int>(rng.below(n - 1));
  if (m.to >= m.from) ++m.to;
  m.type = dag.has_arc(m.from, m.to) ? (rng.coin() ? MoveType::remove : MoveType::reverse) : MoveType::add;
  return m;
}

// k_max random neighbours, each accepted if it raises the score.
inline SearchResult local_search(const Dag& start, FamilyScorer& scorer, const Constraints& k,
                                 std::size_t k_max, Random& rng, const InterruptCheck& check_interrupt) {
  Dag dag = start;
  FamilyScores scores(scorer, dag);
  SearchStats stats;
  stats.trace.push_back(scores.total());
  if (dag.size() < 2) return {dag, scores.total(), stats};
  for (std::size_t iter = 0; iter < k_max; ++iter) {
    if (iter % 1024 == 0) check_interrupt();
    const Move m = random_neighbour(dag, rng);
    if (!legal_move(dag, k, m)) continue;
    if (scores.delta(dag, m) > kImprovement) {
      scores.apply(dag, m);
      ++stats.iterations;
      stats.trace.push_back(scores.total());
    }
  }
  return {dag, scores.total(), stats};
}

struct AnnealingSchedule {
  double start_temperature;  // T0
  std::size_t tries;         // alpha: changes tried at one temperature
  std::size_t changes;       // beta: changes made before the temperature is lowered
  double decay;              // gamma: T <- gamma T
  std::size_t lowerings;     // delta: stop after lowering the temperature this many times
};

// Seed 004's annealing: at temperature T try random eligible changes e, making each with
// probability min(1, exp(Delta(e) / T)), until `tries` tries or `changes` changes; stop
// when no change was made or after `lowerings` lowerings. Returns the best graph seen.
inline SearchResult simulated_annealing(const Dag& start, FamilyScorer& scorer, const Constraints& k,
                                        const AnnealingSchedule& schedule, Random& rng,
                                        const InterruptCheck& check_interrupt) {
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
      Move m = random_neighbour(dag, rng);
      for (int attempt = 0; attempt < 1000 && !legal_move(dag, k, m); ++attempt) m = random_neighbour(dag, rng);
      if (!legal_move(dag, k, m)) continue;
      const double delta = scores.delta(dag, m);
      if (delta >= 0 || rng.uniform() < std::exp(delta / temperature)) {
        scores.apply(dag, m);
        current = scores.total();
        ++made;
        ++stats.iterations;
        stats.trace.push_back(current);
        if (current > best + kImprovement) { best = current; best_dag = dag; }
      }
    }
    if (made == 0) break;
    temperature *= schedule.decay;
  }
  return {best_dag, best, stats};
}

}  // namespace learnbn
