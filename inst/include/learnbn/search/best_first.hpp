// Best-first search over DAGs (Heckerman, Geiger and Chickering 1995): an
// open list of candidate DAGs ordered by score; the best unexpanded one is expanded,
// i.e. its add / remove / reverse neighbours are scored (the parent's score plus the
// move's delta, from cached family scores) and those never seen before join the open
// list. States are sets of arcs, hashed to 64 bits and compared exactly. The open list
// keeps at most `max_open` states (the worst are dropped and may be generated again);
// expanded states are remembered so they are never expanded twice.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <set>
#include <unordered_map>
#include <vector>

#include "../util/rng.hpp"
#include "arc_moves.hpp"
#include "common.hpp"

namespace learnbn {

struct BestFirstOptions {
  std::size_t max_expansions = std::numeric_limits<std::size_t>::max();
  std::size_t max_open = std::numeric_limits<std::size_t>::max();
  // Stop expanding once the scorer has computed this many family scores.
  std::size_t max_evaluations = std::numeric_limits<std::size_t>::max();
};

// A DAG on n nodes as its sorted arc codes from * n + to.
using ArcSet = std::vector<std::uint32_t>;

struct ArcSetHash {
  std::size_t operator()(const ArcSet& arcs) const {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ arcs.size();
    for (std::uint32_t arc : arcs) h = mix64(h ^ arc);
    return static_cast<std::size_t>(h);
  }
};

class BestFirstSearch {
 public:
  BestFirstSearch(FamilyScorer& scorer, const Constraints& constraints,
                  const BestFirstOptions& options, InterruptCheck check_interrupt)
      : scorer_(scorer),
        constraints_(constraints),
        options_(options),
        check_interrupt_(std::move(check_interrupt)),
        n_(constraints.n) {}

  // The best DAG seen; its trace has the best score after each expansion (the start
  // first), its counts the expansions, the states generated (the start included) and
  // dropped from a full open list, the open list's final and largest sizes, and whether
  // the open list ran empty.
  SearchResult run(const Dag& start) {
    SearchResult result;
    ArcSet start_arcs = arcs_of(start);
    best_score_ = total_score(start);
    best_arcs_ = start_arcs;
    push(std::move(start_arcs), best_score_);
    result.stats.trace.push_back(best_score_);
    std::size_t& expansions = result.stats.iterations;
    while (!open_.empty() && expansions < options_.max_expansions &&
           scorer_.evaluations() < options_.max_evaluations) {
      if (expansions % 16 == 0) check_interrupt_();
      const Entry entry = *open_.begin();
      open_.erase(open_.begin());
      entry.state->second = Status::closed;
      expand(entry.state->first);
      ++expansions;
      result.stats.trace.push_back(best_score_);
    }
    result.counts = {{"expansions", static_cast<double>(expansions)},
                     {"generated", static_cast<double>(generated_)},
                     {"dropped", static_cast<double>(dropped_)},
                     {"open", static_cast<double>(open_.size())},
                     {"peak_open", static_cast<double>(peak_open_)},
                     {"exhausted", open_.empty() ? 1.0 : 0.0, true}};
    result.dag = dag_of(best_arcs_);
    result.score = total_score(result.dag);  // exact sum of the family scores
    return result;
  }

 private:
  enum class Status : char { open, closed };
  using Seen = std::unordered_map<ArcSet, Status, ArcSetHash>;
  struct Entry {
    double score;
    std::uint64_t order;    // generation order: ties go to the older state
    Seen::value_type* state;  // elements stay put when the map rehashes (iterators do not)
  };
  struct Better {
    bool operator()(const Entry& a, const Entry& b) const {
      return a.score > b.score || (a.score == b.score && a.order < b.order);
    }
  };

  ArcSet arcs_of(const Dag& dag) const {
    ArcSet arcs;
    for (int to = 0; to < n_; ++to) {
      for (int from : dag.parents(to)) arcs.push_back(code(from, to));
    }
    std::sort(arcs.begin(), arcs.end());
    return arcs;
  }
  Dag dag_of(const ArcSet& arcs) const {
    Dag dag(n_);
    for (std::uint32_t arc : arcs)
      dag.add_arc(static_cast<int>(arc / n_), static_cast<int>(arc % n_));
    return dag;
  }
  std::uint32_t code(int from, int to) const { return static_cast<std::uint32_t>(from) * n_ + to; }

  double total_score(const Dag& dag) {
    double total = 0;
    for (int v = 0; v < n_; ++v) total += scorer_.score(v, dag.parents(v));
    return total;
  }

  // The arc set after a move.
  ArcSet moved(const ArcSet& arcs, const Move& m) const {
    ArcSet out = arcs;
    auto erase = [&](std::uint32_t arc) {
      out.erase(std::lower_bound(out.begin(), out.end(), arc));
    };
    auto insert = [&](std::uint32_t arc) {
      out.insert(std::upper_bound(out.begin(), out.end(), arc), arc);
    };
    if (m.type != MoveType::add) erase(code(m.from, m.to));
    if (m.type == MoveType::add) insert(code(m.from, m.to));
    if (m.type == MoveType::reverse) insert(code(m.to, m.from));
    return out;
  }

  void push(ArcSet&& arcs, double score) {
    const auto inserted = seen_.emplace(std::move(arcs), Status::open);
    if (!inserted.second) return;
    open_.insert(Entry{score, next_order_++, &*inserted.first});
    ++generated_;
    if (score > best_score_ + improvement_margin(best_score_)) {
      best_score_ = score;
      best_arcs_ = inserted.first->first;
    }
    if (open_.size() > options_.max_open) {  // drop the worst state
      auto worst = std::prev(open_.end());
      seen_.erase(seen_.find(worst->state->first));
      open_.erase(worst);
      ++dropped_;
    }
    peak_open_ = std::max(peak_open_, open_.size());
  }

  // Scores every legal neighbour of `arcs` and queues those never seen.
  void expand(const ArcSet& arcs) {
    const Dag dag = dag_of(arcs);
    ArcMoves moves(scorer_, constraints_);
    moves.refresh_all(dag);
    const double parent_score = moves.total();
    for_each_candidate_move(dag, [&](const Move& m) {
      if (!moves.legal(dag, m)) return;
      ArcSet child = moved(arcs, m);  // `arcs` is a closed key of seen_: never erased
      if (seen_.count(child)) return;
      push(std::move(child), parent_score + moves.delta(m));
    });
  }

  FamilyScorer& scorer_;
  const Constraints& constraints_;
  BestFirstOptions options_;
  InterruptCheck check_interrupt_;
  int n_;
  Seen seen_;
  std::set<Entry, Better> open_;
  std::uint64_t next_order_ = 0;
  double best_score_ = 0;
  ArcSet best_arcs_;
  std::size_t generated_ = 0, dropped_ = 0, peak_open_ = 0;
};

}  // namespace learnbn
