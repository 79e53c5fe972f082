// What every search shares: the interrupt callback, the result record and the threshold
// below which a score change does not count as an improvement.
#pragma once
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "../graph/dag.hpp"

namespace learnbn {

// Called by long-running loops between units of work; the glue makes it check for a
// user interrupt (it may throw).
using InterruptCheck = std::function<void()>;

struct SearchStats {
  std::size_t iterations = 0;
  std::vector<double> trace;  // score after each accepted move (the start first)
};

struct SearchResult {
  Dag dag;
  double score;
  SearchStats stats;
};

// A move counts as an improvement only above a margin, so rounding never makes a search
// cycle: at least kImprovement, and kRelativeImprovement of the magnitude of the scores
// compared (R's restarts compare by the same rule, read through cpp_registry()). A
// family's score may be reached by counting paths that sum its terms in different
// orders, so two scores of it can differ by a few units in their last place, which at
// 10^6 rows (scores near 10^7) exceeds 1e-9: hill climbing on alarm then reversed one
// arc back and forth forever, each way "gaining" 4e-9.
constexpr double kImprovement = 1e-9, kRelativeImprovement = 1e-12;
inline double improvement_margin(double score) {
  return std::max(kImprovement, kRelativeImprovement * std::abs(score));
}

}  // namespace learnbn
