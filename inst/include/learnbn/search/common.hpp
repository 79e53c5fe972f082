// What every search shares: the interrupt callback, the result record and the threshold
// below which a score change does not count as an improvement.
#pragma once
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "../graph/dag.hpp"
#include "../graph/pdag.hpp"

namespace learnbn {

// Called by long-running loops between units of work; the glue makes it check for a
// user interrupt (it may throw).
using InterruptCheck = std::function<void()>;

struct SearchStats {
  std::size_t iterations = 0;
  std::vector<double> trace;  // score after each accepted move (the start first)
};

// A count that one search reports besides the common ones, under the name R gives it
// in the result's `info` (GES's "forward_steps", best-first's "expansions", ...); a
// yes / no count (`logical`) is 0 or 1.
struct SearchCount {
  std::string name;
  double value;
  bool logical = false;
};

// The one result of every search (the glue converts it once, for every learner): the
// DAG found and its score, the steps taken with the score after each, the search's own
// counts and, for the searches over equivalence classes, the class found (`dag` is then
// a member of it that satisfies the constraints).
struct SearchResult {
  Dag dag{0};
  double score = 0;
  SearchStats stats;
  std::vector<SearchCount> counts;
  std::optional<Pdag> cpdag;
};

// The value of the count named `name` (0 when there is none).
inline double count_value(const std::vector<SearchCount>& counts, const std::string& name) {
  for (const SearchCount& c : counts) {
    if (c.name == name) return c.value;
  }
  return 0;
}

// The parents of every node of `dag`, and back: the DAG with the given parents of every
// node (which must be acyclic).
inline ParentLists parent_lists(const Dag& dag) {
  ParentLists parents(dag.size());
  for (int v = 0; v < dag.size(); ++v) parents[v] = dag.parents(v);
  return parents;
}
inline Dag dag_of(const ParentLists& parents) {
  Dag dag(static_cast<int>(parents.size()));
  for (std::size_t v = 0; v < parents.size(); ++v) {
    for (int p : parents[v]) dag.add_arc(p, static_cast<int>(v));
  }
  return dag;
}

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
