// BOSS with a further run from GES's result (boss()'s `ges_start`). On andes at 5,000
// rows (BDeu, iss 1) BOSS's runs from random orders stop 63 to 192 below GES's score, with
// restarts too, while the topological order of GES's DAG is nearly a fixed point of
// BOSS's sweeps (its grow-shrink DAG scores as GES's): single-node moves do not reach that
// order from random ones. One more run from it, kept only when it scores higher, costs
// one GES and a short run. It comes after the random runs, so they draw the same random
// numbers as without it.
#pragma once
#include <vector>

#include "boss.hpp"
#include "ges.hpp"

namespace learnbn {

// BOSS's runs (boss()), then GES (its phases, boss_ges_options()) from the class of
// `start` (which holds the required arcs, as for Ges::run), and one BOSS run from a random
// topological order of GES's DAG; the better result is kept (the random runs' on a tie).
// The trace and the counts cover both. When a node has more GES operators than
// options.max_operators, the GES run and the run from it are left out (the count
// "ges_start_skipped" gets the node, 1-based). They are left out too when BES was (its
// node): on munin at 10,000 rows GES from the empty graph then took 38 s to reach the
// limit, and a class too dense for BES's operators is what GES's forward phase builds.
inline SearchResult boss_with_ges_start(FamilyScorer& scorer, const Constraints& k,
                                        const Dag& start, const PermutationOptions& options,
                                        Random& rng, const InterruptCheck& check,
                                        const DataView* data = nullptr) {
  SearchResult best = boss(scorer, k, start, options, rng, check, data);
  auto leave_out = [&best](double node) {
    best.counts.push_back({"ges_start_skipped", node});
    best.counts.push_back({"ges_run_kept", 0.0, true});
    return best;
  };
  const double bes_skipped = count_value(best.counts, "bes_skipped");
  if (bes_skipped > 0) return leave_out(bes_skipped);
  Ges ges(scorer, k, boss_ges_options(options.max_operators), check);
  SearchResult from;
  try {
    from = ges.run(parent_lists(start));
  } catch (const OperatorLimitError& e) {
    return leave_out(e.node + 1.0);
  }
  PermutationOptions one = options;
  one.starts = 1;
  SearchResult run = boss(scorer, k, from.dag, one, rng, check, data);
  std::vector<double> trace = best.stats.trace;
  trace.insert(trace.end(), run.stats.trace.begin(), run.stats.trace.end());
  const std::size_t moves = best.stats.iterations + run.stats.iterations;
  std::vector<SearchCount> counts = best.counts;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i].name != "bes_skipped") counts[i].value += run.counts[i].value;
    else if (counts[i].value == 0) counts[i].value = run.counts[i].value;
  }
  const bool kept = run.score > best.score + improvement_margin(best.score);
  if (kept) best = run;
  best.stats.trace = trace;
  best.stats.iterations = moves;
  best.counts = counts;
  best.counts.push_back({"ges_start_skipped", 0.0});
  best.counts.push_back({"ges_run_kept", kept ? 1.0 : 0.0, true});
  return best;
}

}  // namespace learnbn
