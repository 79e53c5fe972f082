// The single-arc neighbourhood of a DAG: moves (add, remove, reverse), their legality
// under the background knowledge, and the one enumeration of candidate moves that the
// greedy searches, MCMC and R's neighbours() share.
#pragma once
#include <limits>
#include <vector>

#include "../util/rng.hpp"
#include "constraints.hpp"
#include "dag.hpp"

namespace learnbn {

enum class MoveType { add, remove, reverse };

struct Move {
  MoveType type = MoveType::add;
  int from = -1, to = -1;  // the arc added, removed or reversed (from -> to before the move)
  double delta = -std::numeric_limits<double>::infinity();
  bool valid() const { return from >= 0; }
  bool operator==(const Move& o) const { return type == o.type && from == o.from && to == o.to; }
};

// The move that undoes `m`.
inline Move inverse(const Move& m) {
  Move back = m;
  if (m.type == MoveType::add) back.type = MoveType::remove;
  else if (m.type == MoveType::remove) back.type = MoveType::add;
  else { back.from = m.to; back.to = m.from; }
  return back;
}

// Is the move possible in `dag` without a cycle or breaking the constraints?
inline bool legal_move(const Dag& dag, const Constraints& k, const Move& m) {
  switch (m.type) {
    case MoveType::add:
      return k.allowed(m.from, m.to) &&
             static_cast<int>(dag.parents(m.to).size()) < k.max_parents &&
             dag.can_add(m.from, m.to);
    case MoveType::remove:
      return dag.has_arc(m.from, m.to) && !k.is_required(m.from, m.to);
    case MoveType::reverse:
      return dag.has_arc(m.from, m.to) && !k.is_required(m.from, m.to) && k.allowed(m.to, m.from) &&
             static_cast<int>(dag.parents(m.from).size()) < k.max_parents &&
             dag.can_reverse(m.from, m.to);
  }
  return false;
}

// Applies a legal move to the graph only.
inline void apply_move(Dag& dag, const Move& m) {
  switch (m.type) {
    case MoveType::add: dag.add_arc(m.from, m.to); break;
    case MoveType::remove: dag.remove_arc(m.from, m.to); break;
    case MoveType::reverse: dag.reverse_arc(m.from, m.to); break;
  }
}

// The candidate moves of one child `to`, in the order of for_each_candidate_move.
template <class F>
void for_each_candidate_move_to(const Dag& dag, int to, F&& f) {
  for (int from = 0; from < dag.size(); ++from) {
    if (from == to) continue;
    if (dag.has_arc(from, to)) {
      f(Move{MoveType::remove, from, to});
      f(Move{MoveType::reverse, from, to});
    } else if (!dag.has_arc(to, from)) {
      f(Move{MoveType::add, from, to});
    }
  }
}

// Calls f(move) for every candidate move of `dag` (not yet checked for cycles or
// constraints), children outermost, then parents: for each ordered pair (from, to) the
// removal and reversal of an arc from -> to, or the addition of one between non-adjacent
// nodes. Searches that break ties by the first best move depend on this order.
template <class F>
void for_each_candidate_move(const Dag& dag, F&& f) {
  for (int to = 0; to < dag.size(); ++to) for_each_candidate_move_to(dag, to, f);
}

// Every legal move of `dag`, in the order of for_each_candidate_move.
inline void legal_moves(const Dag& dag, const Constraints& k, std::vector<Move>& out) {
  out.clear();
  for_each_candidate_move(dag, [&](const Move& m) { if (legal_move(dag, k, m)) out.push_back(m); });
}

// A uniformly drawn ordered pair (from, to) with its move: remove or reverse from -> to
// (a coin decides) when present, otherwise add it. The move may be illegal.
inline Move random_move(const Dag& dag, Random& rng) {
  const int n = dag.size();
  Move m;
  m.from = static_cast<int>(rng.below(n));
  m.to = static_cast<int>(rng.below(n - 1));
  if (m.to >= m.from) ++m.to;
  m.type = dag.has_arc(m.from, m.to) ? (rng.coin() ? MoveType::remove : MoveType::reverse)
                                     : MoveType::add;
  return m;
}

}  // namespace learnbn
