// Genetic and memetic search (Kochenderfer, Wheeler and Wray 2022, Algorithms for
// Decision Making, section 5.2): a population of DAGs coded as arc bit strings,
// rank-proportional selection, one-point crossover, bit-flip mutation, repair of cycles
// and constraint violations, and for the memetic variant hill climbing of each child.
#pragma once
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "hill_climb.hpp"

namespace learnbn {

struct GeneticOptions {
  std::size_t population = 20;
  std::size_t generations = 100;
  double mutations = 2;  // expected bit flips per child
  bool memetic = false;
  std::size_t max_iterations = 1000000;  // of each memetic climb
};

struct Individual {
  std::vector<char> arcs;  // arcs[from * n + to]
  double score = 0;
};

class GeneticSearch {
 public:
  GeneticSearch(FamilyScorer& scorer, const Constraints& k, const GeneticOptions& options,
                Random& rng, const InterruptCheck& check_interrupt)
      : scorer_(scorer), k_(k), options_(options), rng_(rng), check_(check_interrupt), n_(k.n) {}

  SearchResult run(const Dag& start) {
    std::vector<Individual> population;
    population.push_back(evaluate(start));
    while (population.size() < std::max<std::size_t>(options_.population, 2)) {
      population.push_back(evaluate(repair(random_arcs())));
    }
    SearchStats stats;
    sort_by_score(population);
    stats.trace.push_back(population.front().score);
    for (std::size_t generation = 0; generation < options_.generations; ++generation) {
      check_();
      std::vector<Individual> next{population.front()};  // the best survives
      while (next.size() < population.size()) {
        const Individual& mother = population[select(population.size())];
        const Individual& father = population[select(population.size())];
        next.push_back(evaluate(repair(mutate(crossover(mother.arcs, father.arcs)))));
      }
      population.swap(next);
      sort_by_score(population);
      ++stats.iterations;
      stats.trace.push_back(population.front().score);
    }
    return {to_dag(population.front().arcs), population.front().score, stats};
  }

 private:
  static void sort_by_score(std::vector<Individual>& population) {
    std::stable_sort(population.begin(), population.end(),
                     [](const Individual& a, const Individual& b) { return a.score > b.score; });
  }

  // Linear ranking on a population sorted best first: rank r of m is drawn with
  // probability proportional to m - r.
  std::size_t select(std::size_t m) {
    const double total = m * (m + 1) / 2.0;
    double u = rng_.uniform() * total;
    for (std::size_t r = 0; r < m; ++r) {
      u -= static_cast<double>(m - r);
      if (u < 0) return r;
    }
    return m - 1;
  }

  std::vector<char> crossover(const std::vector<char>& a, const std::vector<char>& b) {
    const std::size_t cut = rng_.below(a.size() + 1);
    std::vector<char> child(a.begin(), a.begin() + cut);
    child.insert(child.end(), b.begin() + cut, b.end());
    return child;
  }

  // Flips each off-diagonal bit with probability mutations / (n (n - 1)), jumping
  // between flips with geometric gaps so the cost follows the flips, not n^2.
  std::vector<char> mutate(std::vector<char> arcs) {
    const double bits = static_cast<double>(n_) * (n_ - 1);
    if (bits <= 0) return arcs;
    const double p = std::min(1.0, options_.mutations / bits);
    if (p <= 0) return arcs;
    double position = -1;
    while (true) {
      const double u = std::max(rng_.uniform(), 1e-300);
      position += (p >= 1 ? 1 : std::floor(std::log(u) / std::log1p(-p)) + 1);
      if (position >= bits) break;
      const std::size_t b = static_cast<std::size_t>(position);
      const std::size_t from = b / (n_ - 1), offset = b % (n_ - 1);
      const std::size_t to = offset >= from ? offset + 1 : offset;
      arcs[from * n_ + to] ^= 1;
    }
    return arcs;
  }

  std::vector<char> random_arcs() {
    std::vector<char> arcs(static_cast<std::size_t>(n_) * n_, 0);
    return mutate(std::move(arcs));
  }

  // A DAG within the constraints from any bit string: required arcs first, then the
  // others in random order, each kept only if allowed and acyclic.
  Dag repair(const std::vector<char>& arcs) {
    Dag dag(n_);
    std::vector<std::size_t> wanted;
    for (std::size_t a = 0; a < arcs.size(); ++a) {
      const int from = static_cast<int>(a / n_), to = static_cast<int>(a % n_);
      if (k_.is_required(from, to)) dag.add_arc(from, to);
      else if (arcs[a] && from != to) wanted.push_back(a);
    }
    for (std::size_t i = wanted.size(); i > 1; --i) std::swap(wanted[i - 1], wanted[rng_.below(i)]);
    for (std::size_t a : wanted) {
      const Move m{MoveType::add, static_cast<int>(a / n_), static_cast<int>(a % n_), 0.0};
      if (legal_move(dag, k_, m)) dag.add_arc(m.from, m.to);
    }
    return dag;
  }

  Individual evaluate(const Dag& start) {
    Dag dag = start;
    if (options_.memetic) {
      ArcMoves moves(scorer_, k_);
      moves.refresh_all(dag);
      SearchStats ignored;
      climb(dag, moves, ignored, options_.max_iterations, check_);
    }
    Individual ind;
    ind.arcs.assign(static_cast<std::size_t>(n_) * n_, 0);
    for (int to = 0; to < n_; ++to) {
      for (int from : dag.parents(to)) ind.arcs[static_cast<std::size_t>(from) * n_ + to] = 1;
      ind.score += scorer_.score(to, dag.parents(to));
    }
    return ind;
  }

  Dag to_dag(const std::vector<char>& arcs) const {
    Dag dag(n_);
    for (std::size_t a = 0; a < arcs.size(); ++a) {
      if (arcs[a]) dag.add_arc(static_cast<int>(a / n_), static_cast<int>(a % n_));
    }
    return dag;
  }

  FamilyScorer& scorer_;
  const Constraints& k_;
  GeneticOptions options_;
  Random& rng_;
  InterruptCheck check_;
  int n_;
};

}  // namespace learnbn
