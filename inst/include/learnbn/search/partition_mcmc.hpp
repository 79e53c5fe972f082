// Partition MCMC (Kuipers & Moffa 2017): an order-space sampler without the order
// prior's bias.
//
// Every DAG has one ordered partition of its nodes into elements (its layering): the
// first element holds the nodes without parents, and a node of element e > 1 has all its
// parents in elements before e and at least one in element e - 1. The score of a
// partition sums, over the nodes, the log-sum-exp of the family scores ls(v, P) of the
// parent sets P allowed by that rule, so
//   exp(score(partition)) = sum over the DAGs of the partition of exp(score(G)).
// Each DAG belongs to exactly one partition, so sampling partitions with probability
// proportional to exp(score) and then one DAG of the partition (each node drawing an
// allowed parent set with probability proportional to exp(ls)) samples DAGs from
// P(G | data) under the uniform DAG prior (times the score's structure prior), the
// posterior of structure MCMC and exhaustive_search().
//
// Four Metropolis-Hastings moves, each reversible on its own, drawn at fixed rates:
// - split or join (probability 0.3): the neighbourhood is every join of two adjacent
//   elements and every split of an element of k nodes into two (a non-empty proper
//   subset first: 2^k - 2 ways), drawn uniformly; the Hastings ratio is N(P) / N(P')
//   with N(P) = (m - 1) + sum_i (2^k_i - 2);
// - swap (0.25): two nodes of different elements trade places, drawn uniformly among such
//   pairs; the shape is kept, so the proposal is symmetric;
// - move a node (0.35): a node joins another element or forms a new one in any gap,
//   drawn uniformly among the N(P) (node, destination) pairs (2m for a node of an
//   element of two or more nodes, 2m - 2 for a node alone). Two pairs may give the same
//   partition (e.g. {a}{b} -> {a,b} by moving a or b), but the number of pairs leading
//   from P to P' is the number of nodes v with P \ v = P' \ v, the same in both
//   directions, so the Hastings ratio is still N(P) / N(P').
// - flip a covered arc (0.1): draw a DAG G of the partition given it (an exact Gibbs
//   step), reverse one of its covered arcs u -> v (pa(v) = pa(u) + u), drawn uniformly,
//   and move to the partition of the new DAG G'. Reversing a covered arc stays in the
//   Markov equivalence class (Chickering 1995), whose DAGs may lie in partitions far
//   apart: without this move a chain keeps the orientation it first found of an edge
//   such as HISTORY - LVFAILURE of alarm. On the pairs (P, G) the target of a copy is
//   exp(beta * S(P) + s(G) - S(P)), so the move is accepted with probability
//   min(1, exp(s(G') - s(G) + (beta - 1) (S(P') - S(P))) * c(G) / c(G')), c counting
//   covered arcs; G' outside the allowed families is rejected.
// A move that is impossible in the current state (a swap with one element) keeps it.
// Only the nodes whose allowed parent sets change (their earlier elements or their
// previous element) are rescored.
//
// A peaked posterior puts its DAGs in partitions several moves apart, so each chain
// runs coupled copies at temperatures 1, 1/2, 1/4, ... (Metropolis-coupled MCMC, Geyer
// 1991): copy k targets exp(beta_k * score); after every copy has moved once, the states
// of two neighbouring copies are exchanged with probability
// min(1, exp((beta_k - beta_k+1) * (S_k+1 - S_k))). Only copy 0 (beta = 1) is recorded.
// Arc probabilities given its partition are exact ratios of sums over the allowed parent
// sets and are accumulated at every kept sample (Rao-Blackwellisation).
//
// Partition space has local modes that the moves and the tempering do not leave when
// the data are many (alarm, 20,000 rows: a chain from the empty graph stayed 3,500 nats
// below one started from the hill-climbing optimum). Order space mixes faster, so a
// chain may spend the first part of its burn-in as an order chain (Friedman & Koller)
// and continue from the partition of the best DAG of the best order it visited, as
// BiDAG starts partition MCMC from the result of its order-space search. The burn-in is
// discarded, so the samples still follow the partition chain's posterior.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "../score/parent_sets.hpp"
#include "../util/rng.hpp"
#include "chains.hpp"
#include "order_mcmc.hpp"

namespace learnbn {

// An ordered partition of the nodes: elements[e] lists the nodes of element e.
using Partition = std::vector<std::vector<int>>;

// The partition of a DAG given by its parents as bit sets: element e holds the nodes
// whose longest directed path from a node without parents has e arcs.
inline Partition dag_partition(const std::vector<NodeSet>& parents) {
  const int n = static_cast<int>(parents.size());
  std::vector<int> level(n, -1);
  NodeSet placed = 0;
  Partition out;
  while (set_size(placed) < n) {
    std::vector<int> ready;
    for (int v = 0; v < n; ++v) {
      if (!(placed & node_bit(v)) && (parents[v] & ~placed) == 0) ready.push_back(v);
    }
    if (ready.empty()) throw std::runtime_error("the start graph has a cycle");
    for (int v : ready) {
      int l = 0;
      for (int p : set_nodes(parents[v])) l = std::max(l, level[p] + 1);
      level[v] = l;
    }
    for (int v : ready) placed |= node_bit(v);
  }
  int levels = 0;
  for (int v = 0; v < n; ++v) levels = std::max(levels, level[v] + 1);
  out.resize(levels);
  for (int v = 0; v < n; ++v) out[level[v]].push_back(v);
  return out;
}

// The temperatures of the coupled copies of a chain: 1 (the posterior) and lower ones
// at which the score counts less (exp(beta * score)), halving each time.
inline std::vector<double> temperature_ladder(int copies) {
  std::vector<double> beta;
  for (int k = 0; k < copies; ++k) beta.push_back(std::ldexp(1.0, -k));
  return beta;
}

class PartitionChain {
 public:
  // Starts every copy from the partition of the DAG given by `start_parents`; `copies`
  // coupled copies run at the temperatures of temperature_ladder(). The first `warm_up`
  // iterations (at most the burn-in) move in order space instead, and the copies then
  // restart from the better of the start partition and the partition of the best DAG of
  // the best order visited.
  PartitionChain(const OrderScorer& scorer, const std::vector<NodeSet>& start_parents,
                 const McmcSchedule& schedule, std::uint64_t seed, int copies = 1,
                 std::size_t warm_up = 0)
      : scorer_(&scorer), schedule_(schedule), rng_(seed), n_(scorer.size()),
        beta_(temperature_ladder(copies < 1 ? 1 : copies)), sampled_(n_),
        warm_up_(std::min(warm_up, schedule.burn_in)) {
    restart(start_parents);
    if (!std::isfinite(states_[0].total))
      throw std::runtime_error("the start partition has no allowed DAG");
    record_.trace.push_back(states_[0].total);
    arc_mass_.assign(static_cast<std::size_t>(n_) * n_, 0.0);
    if (warm_up_ > 0) {
      const McmcSchedule keep_nothing{warm_up_, warm_up_, warm_up_};
      warm_.reset(new OrderChain(scorer, start_parents, keep_nothing, rng_.next()));
    }
  }

  const ChainRecord& record() const { return record_; }
  // Per arc (from * n + to), the sum over the kept samples of the arc's probability
  // given the sampled partition.
  const std::vector<double>& arc_mass() const { return arc_mass_; }

  void advance(std::size_t steps) {
    auto parents_of = [this](int v) -> const std::vector<int>& { return sampled_[v]; };
    for (std::size_t k = 0; k < steps && done_ < schedule_.iterations; ++k) {
      if (warm_) {
        warm_step();
        continue;
      }
      if (n_ >= 2) {
        ++record_.proposed;
        for (std::size_t c = 0; c < states_.size(); ++c) {
          if (step(states_[c], beta_[c]) && c == 0) ++record_.accepted;
        }
        exchange();
      }
      ++done_;
      double dag_score = 0;
      if (schedule_.keeps(done_)) {
        dag_score = sample_dag();
        add_arc_mass();
      }
      record_.after(done_, schedule_, n_, states_[0].total, dag_score, parents_of);
    }
  }

 private:
  // One order-space iteration of the warm-up (recorded in the trace by its order score);
  // after the last one the copies restart from the better partition.
  void warm_step() {
    warm_->advance(1);
    ++done_;
    record_.after(done_, schedule_, n_, warm_->current_score(), 0.0,
                  [](int) { return std::vector<int>(); });
    if (done_ < warm_up_) return;
    const double before = states_[0].total;
    const std::vector<State> kept = states_;
    restart(warm_->best_dag());
    if (!(states_[0].total > before)) states_ = kept;
    warm_.reset();
  }

  // Puts every copy at the partition of the DAG given by `parents`.
  void restart(const std::vector<NodeSet>& parents) {
    State start;
    start.partition = dag_partition(parents);
    start.score.assign(n_, 0);
    start.before.assign(n_, 0);
    start.previous.assign(n_, 0);
    start.total = rescore(start, true);
    states_.assign(beta_.size(), start);
  }

  // A partition with its node scores and each node's earlier and previous elements.
  struct State {
    Partition partition;
    std::vector<double> score;      // by node
    std::vector<NodeSet> before;    // the nodes of the earlier elements
    std::vector<NodeSet> previous;  // the nodes of the element just before
    double total = 0;
  };

  // One Metropolis-Hastings step of a copy at temperature `beta`; true if accepted.
  bool step(State& state, double beta) {
    candidate_ = state;
    Partition& p = candidate_.partition;
    const double u = rng_.uniform();
    double log_hastings = 0;
    bool moved;
    if (u < 0.3) {
      log_hastings = std::log(split_join_count(state.partition));
      moved = split_or_join(p);
      log_hastings -= std::log(split_join_count(p));
    } else if (u < 0.55) {
      moved = swap_nodes(p);
    } else if (u >= 0.9) {
      return flip_covered_arc(state, beta);
    } else {
      moved = move_node(p);
      if (moved)
        log_hastings = std::log(node_move_count(state.partition)) - std::log(node_move_count(p));
    }
    if (!moved) return false;
    candidate_.total = rescore(candidate_, false);
    if (!std::isfinite(candidate_.total)) return false;
    if (!(std::log(rng_.uniform()) < beta * (candidate_.total - state.total) + log_hastings))
      return false;
    std::swap(state, candidate_);
    return true;
  }

  // The covered-arc move (see the top of the file); true if accepted.
  bool flip_covered_arc(State& state, double beta) {
    std::vector<NodeSet>& parents = flip_parents_;
    parents.resize(n_);
    for (int v = 0; v < n_; ++v) {
      parents[v] =
          scorer_->parent_set(v, scorer_->sample(v, state.before[v], rng_, state.previous[v]));
    }
    const int covered = covered_arcs(parents);
    if (covered == 0) return false;
    const std::pair<int, int> arc =
        covered_arc(parents, static_cast<int>(rng_.below(static_cast<std::size_t>(covered))));
    const int a = arc.first, b = arc.second;
    const double before = scorer_->score_of(a, parents[a]) + scorer_->score_of(b, parents[b]);
    const NodeSet common = parents[a];  // pa(b) = pa(a) + a
    parents[a] = common | node_bit(b);
    parents[b] = common;
    const double after = scorer_->score_of(a, parents[a]) + scorer_->score_of(b, parents[b]);
    if (!std::isfinite(after)) return false;
    candidate_.partition = dag_partition(parents);
    candidate_.total = rescore(candidate_, true);
    if (!std::isfinite(candidate_.total)) return false;
    const double log_ratio = after - before + (beta - 1) * (candidate_.total - state.total) +
                             std::log(covered) - std::log(covered_arcs(parents));
    if (!(std::log(rng_.uniform()) < log_ratio)) return false;
    std::swap(state, candidate_);
    return true;
  }

  // The number of covered arcs u -> v (pa(v) = pa(u) + u) of the DAG `parents`.
  static int covered_arcs(const std::vector<NodeSet>& parents) {
    int count = 0;
    for (std::size_t v = 0; v < parents.size(); ++v) {
      for (NodeSet s = parents[v]; s; s &= s - 1) {
        const int u = lowest_node(s);
        if (parents[v] == (parents[u] | node_bit(u))) ++count;
      }
    }
    return count;
  }

  // The `k`-th covered arc (from, to) in the order covered_arcs() counts them.
  static std::pair<int, int> covered_arc(const std::vector<NodeSet>& parents, int k) {
    for (std::size_t v = 0; v < parents.size(); ++v) {
      for (NodeSet s = parents[v]; s; s &= s - 1) {
        const int u = lowest_node(s);
        if (parents[v] == (parents[u] | node_bit(u)) && k-- == 0) return {u, static_cast<int>(v)};
      }
    }
    return {-1, -1};
  }

  // Proposes to exchange the states of two neighbouring temperatures (Geyer 1991),
  // accepted with probability min(1, exp((beta_k - beta_k+1) * (S_k+1 - S_k))).
  void exchange() {
    if (states_.size() < 2) return;
    const std::size_t k = rng_.below(states_.size() - 1);
    const double log_ratio = (beta_[k] - beta_[k + 1]) * (states_[k + 1].total - states_[k].total);
    if (std::log(rng_.uniform()) < log_ratio) std::swap(states_[k], states_[k + 1]);
  }

  // Brings the node scores of `state` in line with its partition (only the nodes whose
  // earlier or previous element changed, unless `all`); returns the partition score.
  double rescore(State& state, bool all) const {
    NodeSet earlier = 0, last = 0;
    for (const std::vector<int>& element : state.partition) {
      for (int v : element) {
        if (all || state.before[v] != earlier || state.previous[v] != last) {
          state.before[v] = earlier;
          state.previous[v] = last;
          state.score[v] = scorer_->node_score(v, earlier, last);
        }
      }
      last = 0;
      for (int v : element) last |= node_bit(v);
      earlier |= last;
    }
    double total = 0;
    for (double x : state.score) total += x;
    return total;
  }

  static double split_join_count(const Partition& p) {
    double count = static_cast<double>(p.size()) - 1;
    for (const auto& element : p) count += std::ldexp(1.0, static_cast<int>(element.size())) - 2;
    return count;
  }

  // The (node, destination) pairs of the node move, duplicates included: a node of an
  // element of k >= 2 nodes may join any of the m - 1 other elements or form a new
  // element in any of the m + 1 gaps; a node alone in its element may join any of the
  // m - 1 others or form a new element in the m - 1 gaps other than its own place.
  static double node_move_count(const Partition& p) {
    const double m = static_cast<double>(p.size());
    double count = 0;
    for (const auto& element : p) {
      count += static_cast<double>(element.size()) * (element.size() >= 2 ? 2 * m : 2 * m - 2);
    }
    return count;
  }

  // Joins two adjacent elements or splits one, uniformly over the neighbourhood.
  bool split_or_join(Partition& p) {
    double r = rng_.uniform() * split_join_count(p);
    const std::size_t m = p.size();
    const double joins = static_cast<double>(m) - 1;
    std::size_t e = m;  // the element to split
    if (r >= joins) {
      r -= joins;
      for (std::size_t i = 0; i < m; ++i) {
        if (p[i].size() < 2) continue;
        e = i;  // the last splittable one so far, in case of rounding at the end
        const double ways = std::ldexp(1.0, static_cast<int>(p[i].size())) - 2;
        if (r < ways) break;
        r -= ways;
      }
    }
    if (e == m) {  // a join (m >= 2: with one element of n >= 2 nodes, r >= joins = 0)
      const std::size_t g = std::min(static_cast<std::size_t>(r), m - 2);
      p[g].insert(p[g].end(), p[g + 1].begin(), p[g + 1].end());
      p.erase(p.begin() + static_cast<std::ptrdiff_t>(g) + 1);
      return true;
    }
    std::vector<int> first, second;
    while (first.empty() || second.empty()) {  // a uniform non-empty proper subset
      first.clear();
      second.clear();
      for (int v : p[e]) (rng_.coin() ? first : second).push_back(v);
    }
    p[e] = second;
    p.insert(p.begin() + static_cast<std::ptrdiff_t>(e), first);
    return true;
  }

  // Swaps two nodes of different elements, uniformly over such pairs.
  bool swap_nodes(Partition& p) {
    if (p.size() < 2) return false;
    std::vector<int> element_of(n_), position(n_);
    for (std::size_t e = 0; e < p.size(); ++e) {
      for (std::size_t i = 0; i < p[e].size(); ++i) {
        element_of[p[e][i]] = static_cast<int>(e);
        position[p[e][i]] = static_cast<int>(i);
      }
    }
    int a, b;
    do {
      a = static_cast<int>(rng_.below(n_));
      b = static_cast<int>(rng_.below(n_));
    } while (element_of[a] == element_of[b]);
    std::swap(p[element_of[a]][position[a]], p[element_of[b]][position[b]]);
    return true;
  }

  // Moves a node to another element or to a new element of its own, uniformly over
  // the pairs counted by node_move_count() (none when n = 1).
  bool move_node(Partition& p) {
    const std::size_t m = p.size();
    double r = rng_.uniform() * node_move_count(p);
    std::size_t e = 0, i = 0;
    std::size_t options = 0;
    for (e = 0; e < m; ++e) {
      options = p[e].size() >= 2 ? 2 * m : 2 * m - 2;
      const double here = static_cast<double>(p[e].size() * options);
      if (r < here || e + 1 == m) break;
      r -= here;
    }
    if (options == 0) return false;
    i = std::min(static_cast<std::size_t>(r / static_cast<double>(options)), p[e].size() - 1);
    std::size_t option =
        std::min(static_cast<std::size_t>(r - static_cast<double>(i * options)), options - 1);
    const int v = p[e][i];
    const bool alone = p[e].size() == 1;
    p[e].erase(p[e].begin() + static_cast<std::ptrdiff_t>(i));
    if (alone) p.erase(p.begin() + static_cast<std::ptrdiff_t>(e));
    // The remaining partition has m_r elements: options 0 .. m_r - 1 join them (except
    // v's own element when it remains), the others open a new element in a gap (except
    // v's old place when it was alone).
    const std::size_t m_r = p.size();
    const std::size_t joins = alone ? m_r : m_r - 1;
    if (option < joins) {
      const std::size_t j = (!alone && option >= e) ? option + 1 : option;
      p[j].push_back(v);
    } else {
      std::size_t gap = option - joins;
      if (alone && gap >= e) ++gap;
      p.insert(p.begin() + static_cast<std::ptrdiff_t>(gap), std::vector<int>{v});
    }
    return true;
  }

  // Draws one DAG of the posterior copy's partition into sampled_; returns its score.
  double sample_dag() {
    const State& cold = states_[0];
    double score = 0;
    for (int v = 0; v < n_; ++v) {
      const std::size_t pick = scorer_->sample(v, cold.before[v], rng_, cold.previous[v]);
      sampled_[v] = set_nodes(scorer_->parent_set(v, pick));
      score += scorer_->family_score(v, pick);
    }
    return score;
  }

  // Adds each arc's probability given the posterior copy's partition to arc_mass_.
  void add_arc_mass() {
    const State& cold = states_[0];
    for (int v = 0; v < n_; ++v) {
      scorer_->parent_probabilities(v, cold.before[v], cold.previous[v], parent_probability_);
      for (int u = 0; u < n_; ++u)
        arc_mass_[static_cast<std::size_t>(u) * n_ + v] += parent_probability_[u];
    }
  }

  const OrderScorer* scorer_;
  McmcSchedule schedule_;
  Random rng_;
  int n_;
  std::vector<double> beta_;  // by copy; beta_[0] = 1 is the posterior
  std::vector<State> states_;
  State candidate_;
  std::vector<std::vector<int>> sampled_;  // parents of the last sampled DAG
  std::vector<double> arc_mass_, parent_probability_;
  std::vector<NodeSet> flip_parents_;
  std::size_t done_ = 0;
  ChainRecord record_;
  std::size_t warm_up_;
  std::unique_ptr<OrderChain> warm_;  // the order-space chain during the warm-up
};

}  // namespace learnbn
