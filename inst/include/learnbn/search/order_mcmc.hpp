// Markov chain Monte Carlo over node orders (Friedman & Koller 2003).
//
// Every allowed family score ls(v, P) (|P| <= max_parents) is computed beforehand. The
// score of an order < is
//   score(<) = sum_v log sum_{P consistent with <} exp(ls(v, P)),
// where P is consistent when all its members precede v. A proposal swaps the nodes at
// two positions drawn uniformly (a symmetric proposal), accepted with probability
// min(1, exp(score(<') - score(<))); only the nodes between the two positions change
// their sets of predecessors, so only they are rescored. Each kept order yields one DAG:
// every node draws its parent set from the consistent ones with probability proportional
// to exp(ls(v, P)). The DAG samples then follow P(G) proportional to
// exp(score(G)) * (number of orders consistent with G), not the uniform DAG prior.
//
// The families of a node are sorted by score, best first, so the log-sum-exp of a node
// stops once the remaining terms cannot change it (each is below the first consistent
// term by more than 40 + log(count) nats: a relative error under 1e-17).
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "../score/parent_sets.hpp"
#include "../util/rng.hpp"
#include "chains.hpp"

namespace learnbn {

class OrderScorer {
 public:
  explicit OrderScorer(const FamilyTable& table)
      : sets_(table.sets.size()), scores_(table.sets.size()) {
    for (std::size_t v = 0; v < table.sets.size(); ++v) {
      std::vector<std::size_t> rank(table.sets[v].size());
      std::iota(rank.begin(), rank.end(), std::size_t(0));
      std::stable_sort(rank.begin(), rank.end(), [&](std::size_t a, std::size_t b) {
        return table.scores[v][a] > table.scores[v][b];
      });
      for (std::size_t i : rank) {
        sets_[v].push_back(table.sets[v][i]);
        scores_[v].push_back(table.scores[v][i]);
      }
      cutoff_.push_back(40.0 + std::log(std::max<double>(1.0, static_cast<double>(rank.size()))));
    }
  }

  int size() const { return static_cast<int>(sets_.size()); }

  // log sum of exp(ls(v, P)) over the parent sets P inside `predecessors` (-inf if none)
  // that, unless `hit` is empty, hold at least one node of `hit` (partition MCMC's
  // condition and the new-edge-reversal move's).
  double node_score(int v, NodeSet predecessors, NodeSet hit = 0) const {
    double top = 0, total = 0;
    const std::size_t first = scan(v, predecessors, hit, top, total);
    return first == npos ? -std::numeric_limits<double>::infinity() : top + std::log(total);
  }

  // Draws a parent set counted by node_score(v, predecessors, hit) with probability
  // proportional to exp(ls(v, P)); returns its position in parent_set() / family_score().
  std::size_t sample(int v, NodeSet predecessors, Random& rng, NodeSet hit = 0) const {
    double top = 0, total = 0;
    const std::size_t first = scan(v, predecessors, hit, top, total);
    if (first == npos) throw std::runtime_error("no parent set is consistent with the order");
    double target = rng.uniform() * total;
    std::size_t last = first;
    for (std::size_t i = first; i < sets_[v].size() && scores_[v][i] >= top - cutoff_[v]; ++i) {
      if (!counts(sets_[v][i], predecessors, hit)) continue;
      last = i;
      target -= std::exp(scores_[v][i] - top);
      if (target < 0) return i;
    }
    return last;  // rounding: the last term counted
  }

  // Sets probability[u] to the probability that u is a parent of v when v draws a parent
  // set as sample() does (0 for the nodes outside every counted set).
  void parent_probabilities(int v, NodeSet predecessors, NodeSet hit,
                                std::vector<double>& probability) const {
    probability.assign(sets_.size(), 0.0);
    double top = 0, total = 0;
    const std::size_t first = scan(v, predecessors, hit, top, total);
    if (first == npos) return;
    for (std::size_t i = first; i < sets_[v].size() && scores_[v][i] >= top - cutoff_[v]; ++i) {
      if (!counts(sets_[v][i], predecessors, hit)) continue;
      const double weight = std::exp(scores_[v][i] - top) / total;
      for (NodeSet s = sets_[v][i]; s; s &= s - 1) probability[lowest_node(s)] += weight;
    }
  }

  // The best-scoring parent set inside `predecessors` (sets are sorted best first).
  NodeSet best_parent_set(int v, NodeSet predecessors) const {
    double top = 0, total = 0;
    const std::size_t first = scan(v, predecessors, 0, top, total);
    if (first == npos) throw std::runtime_error("no parent set is consistent with the order");
    return sets_[v][first];
  }

  // ls(v, set), or -inf when `set` is not an allowed family of v (a linear scan: for
  // occasional moves only).
  double score_of(int v, NodeSet set) const {
    for (std::size_t i = 0; i < sets_[v].size(); ++i) {
      if (sets_[v][i] == set) return scores_[v][i];
    }
    return -std::numeric_limits<double>::infinity();
  }

  NodeSet parent_set(int v, std::size_t i) const { return sets_[v][i]; }
  double family_score(int v, std::size_t i) const { return scores_[v][i]; }

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  static bool counts(NodeSet set, NodeSet predecessors, NodeSet hit) {
    return (set & ~predecessors) == 0 && (hit == 0 || (set & hit) != 0);
  }

  // The best counted set's position (npos if none), its score `top` and the sum of
  // exp(score - top) over the counted sets that matter.
  std::size_t scan(int v, NodeSet predecessors, NodeSet hit, double& top, double& total) const {
    const std::vector<NodeSet>& sets = sets_[v];
    const std::vector<double>& scores = scores_[v];
    std::size_t i = 0;
    while (i < sets.size() && !counts(sets[i], predecessors, hit)) ++i;
    if (i == sets.size()) return npos;
    const std::size_t first = i;
    top = scores[i];
    total = 0;
    const double floor = top - cutoff_[v];
    for (; i < sets.size() && scores[i] >= floor; ++i) {
      if (counts(sets[i], predecessors, hit)) total += std::exp(scores[i] - top);
    }
    return first;
  }

  std::vector<std::vector<NodeSet>> sets_;
  std::vector<std::vector<double>> scores_;
  std::vector<double> cutoff_;
};

class OrderChain {
 public:
  // Starts from a random linear extension of the DAG given by `start_parents`.
  OrderChain(const OrderScorer& scorer, const std::vector<NodeSet>& start_parents,
             const McmcSchedule& schedule, std::uint64_t seed)
      : scorer_(&scorer), schedule_(schedule), rng_(seed), n_(scorer.size()),
        node_score_(n_), sampled_(n_) {
    order_ = random_extension(start_parents);
    for (int p = 0; p < n_; ++p)
      node_score_[order_[p]] = scorer_->node_score(order_[p], predecessors(p));
    current_ = total();
    if (!std::isfinite(current_)) throw std::runtime_error("the start order has no consistent DAG");
    best_score_ = current_;
    best_order_ = order_;
    record_.trace.push_back(current_);
  }

  const ChainRecord& record() const { return record_; }
  double current_score() const { return current_; }

  // The highest-scoring DAG consistent with the best order visited so far, as parent
  // bit sets by node.
  std::vector<NodeSet> best_dag() const {
    std::vector<NodeSet> parents(n_);
    NodeSet before = 0;
    for (int v : best_order_) {
      parents[v] = scorer_->best_parent_set(v, before);
      before |= node_bit(v);
    }
    return parents;
  }

  void advance(std::size_t steps) {
    auto parents_of = [this](int v) -> const std::vector<int>& { return sampled_[v]; };
    for (std::size_t k = 0; k < steps && done_ < schedule_.iterations; ++k) {
      step();
      if (current_ > best_score_) {
        best_score_ = current_;
        best_order_ = order_;
      }
      ++done_;
      const double dag_score = schedule_.keeps(done_) ? sample_dag() : 0.0;
      record_.after(done_, schedule_, n_, current_, dag_score, parents_of);
    }
  }

 private:
  void step() {
    if (n_ < 2) return;
    ++record_.proposed;
    int i = static_cast<int>(rng_.below(n_));
    int j = static_cast<int>(rng_.below(n_ - 1));
    if (j >= i) ++j;
    if (i > j) std::swap(i, j);
    std::swap(order_[i], order_[j]);
    double delta = 0;
    changed_.clear();
    for (int p = i; p <= j; ++p) {
      const int v = order_[p];
      const double s = scorer_->node_score(v, predecessors(p));
      changed_.push_back(s);
      delta += s - node_score_[v];
    }
    if (std::isfinite(delta) && std::log(rng_.uniform()) < delta) {
      for (int p = i; p <= j; ++p) node_score_[order_[p]] = changed_[p - i];
      current_ = total();
      ++record_.accepted;
    } else {
      std::swap(order_[i], order_[j]);
    }
  }

  // Draws one DAG consistent with the current order into sampled_; returns its score.
  double sample_dag() {
    double score = 0;
    for (int p = 0; p < n_; ++p) {
      const int v = order_[p];
      const std::size_t pick = scorer_->sample(v, predecessors(p), rng_);
      sampled_[v] = set_nodes(scorer_->parent_set(v, pick));
      score += scorer_->family_score(v, pick);
    }
    return score;
  }

  NodeSet predecessors(int position) const {
    NodeSet s = 0;
    for (int p = 0; p < position; ++p) s |= node_bit(order_[p]);
    return s;
  }

  double total() const {
    double t = 0;
    for (double s : node_score_) t += s;
    return t;
  }

  std::vector<int> random_extension(const std::vector<NodeSet>& parents) {
    std::vector<int> order;
    NodeSet placed = 0;
    while (static_cast<int>(order.size()) < n_) {
      std::vector<int> ready;
      for (int v = 0; v < n_; ++v) {
        if (!(placed & node_bit(v)) && (parents[v] & ~placed) == 0) ready.push_back(v);
      }
      if (ready.empty()) throw std::runtime_error("the start graph has a cycle");
      const int v = ready[rng_.below(ready.size())];
      order.push_back(v);
      placed |= node_bit(v);
    }
    return order;
  }

  const OrderScorer* scorer_;
  McmcSchedule schedule_;
  Random rng_;
  int n_;
  std::vector<int> order_;          // order_[position] = node
  std::vector<double> node_score_;  // by node, given its predecessors in order_
  std::vector<double> changed_;
  double current_ = 0;
  std::vector<int> best_order_;
  double best_score_ = 0;
  std::vector<std::vector<int>> sampled_;  // parents of the last sampled DAG
  std::size_t done_ = 0;
  ChainRecord record_;
};

}  // namespace learnbn
