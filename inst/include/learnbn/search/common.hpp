// What every search shares: the interrupt callback, the result record and the threshold
// below which a score change does not count as an improvement.
#pragma once
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

// A move counts as an improvement only above this, so rounding never makes a search cycle.
constexpr double kImprovement = 1e-9;

}  // namespace learnbn
