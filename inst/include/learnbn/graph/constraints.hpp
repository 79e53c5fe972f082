// Background knowledge shared by the score-based searches: forbidden and required arcs
// and a bound on the number of parents (built in R by build_constraints()).
#pragma once
#include <climits>
#include <vector>

namespace learnbn {

struct Constraints {
  int n = 0;
  std::vector<char> forbidden;  // n * n, forbidden[from * n + to]; the diagonal is set
  std::vector<char> required;   // n * n, required[from * n + to]
  int max_parents = INT_MAX;    // INT_MAX when unlimited
  // n * n or empty: plus_one[from * n + to] marks an allowed parent outside a skeleton,
  // of which a parent set may hold at most one (BiDAG's plus-one neighbourhood; only
  // the samplers over precomputed families honour it).
  std::vector<char> plus_one;

  // No constraint at all on n nodes (self-loops excepted).
  static Constraints none(int n) {
    Constraints c;
    c.n = n;
    c.forbidden.assign(static_cast<std::size_t>(n) * n, 0);
    c.required.assign(static_cast<std::size_t>(n) * n, 0);
    for (int v = 0; v < n; ++v) c.forbidden[static_cast<std::size_t>(v) * n + v] = 1;
    return c;
  }
  bool allowed(int from, int to) const {
    return !forbidden[static_cast<std::size_t>(from) * n + to];
  }
  bool is_required(int from, int to) const {
    return required[static_cast<std::size_t>(from) * n + to] != 0;
  }
  bool is_plus_one(int from, int to) const {
    return !plus_one.empty() && plus_one[static_cast<std::size_t>(from) * n + to] != 0;
  }
};

}  // namespace learnbn
