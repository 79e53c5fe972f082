// What the searches will hold, known before they start, so that R checks it against its
// memory limit before anything of that size is built (R reads it through the glue).
#pragma once
#include <cmath>
#include <cstdint>

#include "../graph/constraints.hpp"
#include "../score/parent_sets.hpp"

namespace learnbn {

// Per ordered pair of nodes, a score-based search holds its constraints (forbidden,
// required, plus-one: a byte each), the DAG's adjacency (a byte) and ArcMoves' gains of
// adding and of removing the arc (a double each).
constexpr double kSearchBytesPerNodePair = 4 * sizeof(char) + 2 * sizeof(double);

// Per allowed family while the table of family scores (score/parent_sets.hpp) is built:
// its set and score, and its job (node and parent list) while scored.
constexpr double kBytesPerFamily = 32;

// The number of parent sets the constraints allow, over all nodes.
inline double count_allowed_families(const Constraints& c) {
  double total = 0;
  for (int v = 0; v < c.n; ++v) total += count_allowed_parent_sets(c, v);
  return total;
}

// Bytes of exact search's tables (search/exact.hpp): the family table, 2^|candidates(v)|
// doubles of best parent-set scores per node, and 2^n doubles of best scores and 2^n
// sink bytes over the node sets.
inline double exact_search_bytes(const Constraints& c) {
  double best_parents = 0;
  for (int v = 0; v < c.n; ++v) {
    int candidates = 0;
    for (int u = 0; u < c.n; ++u) candidates += u != v && c.allowed(u, v);
    best_parents += std::ldexp(1.0, candidates);
  }
  return kBytesPerFamily * count_allowed_families(c) + sizeof(double) * best_parents +
         (sizeof(double) + sizeof(std::uint8_t)) * std::ldexp(1.0, c.n);
}

}  // namespace learnbn
