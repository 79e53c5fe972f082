// Exhaustive search: every DAG the constraints allow, each enumerated exactly once,
// scored from a precomputed table of family scores.
//
// A DAG has a unique layering: layer 0 holds its sources, layer L the nodes whose
// longest path from a source has L arcs. So each node of layer L >= 1 has at least one
// parent in layer L - 1 and all its parents in earlier layers. Choosing the layers one
// after the other (any non-empty subset of the nodes left) and, for each node of a new
// layer, a parent set meeting those two conditions, builds every DAG once.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <stdexcept>
#include <vector>

#include "exact.hpp"

namespace learnbn {

struct RankedDag {
  double score;
  std::uint64_t sequence;        // enumeration order, to break ties reproducibly
  std::vector<NodeSet> parents;  // by node
};

// What the enumeration learns about the posterior over the DAGs (as the samplers'
// ChainRecord, beside the search's result: best_result() below).
struct DagPosterior {
  std::uint64_t n_dags = 0;
  double log_total = -std::numeric_limits<double>::infinity();  // log sum_G exp(score(G))
  std::vector<RankedDag> top;                                    // best first
  std::vector<double> arc_probability;  // [from * n + to]: posterior P(from -> to)
};

class DagEnumerator {
 public:
  // `progress` counts the DAGs enumerated (stage "dags", total unknown).
  DagEnumerator(const FamilyTable& families, int n, std::size_t top,
                std::function<void()> tick, Progress progress = Progress())
      : families_(families), n_(n), all_(node_bit(n) - 1), keep_(top), tick_(std::move(tick)),
        progress_(std::move(progress)),
        parents_(n, 0), arc_weight_(static_cast<std::size_t>(n) * n, 0.0) {
    if (n < 1 || n > 8) throw std::length_error("exhaustive search handles 1 to 8 nodes");
  }

  DagPosterior run() {
    next_layer(0, 0, 0.0);
    progress_.finish("dags", static_cast<double>(n_dags_), static_cast<double>(n_dags_));
    DagPosterior result;
    result.n_dags = n_dags_;
    if (n_dags_ > 0) {
      result.log_total = max_score_ + std::log(scaled_total_);
      for (double w : arc_weight_) result.arc_probability.push_back(w / scaled_total_);
    }
    while (!heap_.empty()) {
      result.top.push_back(heap_.top());
      heap_.pop();
    }
    std::reverse(result.top.begin(), result.top.end());
    return result;
  }

 private:
  struct Option {
    int node;
    NodeSet parents;
    double score;
  };
  // Orders the heap so that its top is the worst kept DAG.
  struct Better {
    bool operator()(const RankedDag& a, const RankedDag& b) const {
      return a.score > b.score || (a.score == b.score && a.sequence < b.sequence);
    }
  };

  void next_layer(NodeSet placed, NodeSet previous, double score) {
    if (placed == all_) {
      leaf(score);
      return;
    }
    const NodeSet remaining = all_ & ~placed;
    for (NodeSet layer = remaining; layer; layer = (layer - 1) & remaining) {
      // The parent sets each node of `layer` may take; none for some node: no DAG.
      std::vector<std::vector<Option>> options;
      bool possible = true;
      for (int v : set_nodes(layer)) {
        std::vector<Option> choices;
        for (std::size_t i = 0; i < families_.sets[v].size(); ++i) {
          const NodeSet p = families_.sets[v][i];
          const bool fits = placed == 0 ? p == 0 : (p & ~placed) == 0 && (p & previous) != 0;
          if (fits) choices.push_back({v, p, families_.scores[v][i]});
        }
        if (choices.empty()) { possible = false; break; }
        options.push_back(std::move(choices));
      }
      if (possible) choose(options, 0, placed | layer, layer, score);
    }
  }

  void choose(const std::vector<std::vector<Option>>& options, std::size_t depth,
              NodeSet placed, NodeSet layer, double score) {
    if (depth == options.size()) {
      next_layer(placed, layer, score);
      return;
    }
    for (const Option& option : options[depth]) {
      parents_[option.node] = option.parents;
      choose(options, depth + 1, placed, layer, score + option.score);
    }
  }

  void leaf(double score) {
    ++n_dags_;
    // Running log-sum-exp of the scores and of each arc's share, rescaled when the
    // maximum grows.
    double weight = 1.0;
    if (score > max_score_) {
      const double shrink = std::exp(max_score_ - score);
      scaled_total_ = scaled_total_ * shrink + 1.0;
      for (double& w : arc_weight_) w *= shrink;
      max_score_ = score;
    } else {
      weight = std::exp(score - max_score_);
      scaled_total_ += weight;
    }
    for (int v = 0; v < n_; ++v) {
      for (int p = 0; p < n_; ++p) {
        if ((parents_[v] >> p) & 1U) arc_weight_[static_cast<std::size_t>(p) * n_ + v] += weight;
      }
    }
    if (keep_ > 0) {
      RankedDag candidate{score, n_dags_, {}};
      if (heap_.size() < keep_) {
        candidate.parents = parents_;
        heap_.push(std::move(candidate));
      } else if (Better()(candidate, heap_.top())) {
        candidate.parents = parents_;
        heap_.pop();
        heap_.push(std::move(candidate));
      }
    }
    if ((n_dags_ & 0xFFF) == 0)
      progress_.update("dags", static_cast<double>(n_dags_), kUnknownTotal);
    if ((n_dags_ & 0xFFFF) == 0) tick_();
  }

  const FamilyTable& families_;
  int n_;
  NodeSet all_;
  std::size_t keep_;
  static constexpr double kUnknownTotal = std::numeric_limits<double>::quiet_NaN();
  std::function<void()> tick_;
  Progress progress_;
  std::vector<NodeSet> parents_;
  std::uint64_t n_dags_ = 0;
  double max_score_ = -std::numeric_limits<double>::infinity();
  double scaled_total_ = 0;
  std::vector<double> arc_weight_;
  std::priority_queue<RankedDag, std::vector<RankedDag>, Better> heap_;
};

// The search's result: the best DAG enumerated (the first found in a tie) and its score.
inline SearchResult best_result(const DagPosterior& posterior) {
  SearchResult result;
  if (posterior.top.empty()) return result;
  result.dag = dag_of_sets(posterior.top[0].parents);
  result.score = posterior.top[0].score;
  result.stats.trace.push_back(result.score);
  return result;
}

}  // namespace learnbn
