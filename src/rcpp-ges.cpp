// Runner of Greedy Equivalence Search (see rcpp-search.h).
#include <climits>
#include <string>
#include <vector>
#include <learnbn/search/ges.hpp>
#include <learnbn/search/ges_operators.hpp>
#include "rcpp-search.h"

double ges_operator_limit(const Rcpp::List& options) {
  return Rcpp::as<double>(options["max_bytes"]) / learnbn::kGesBytesPerOperator;
}

// options$max_subset: the largest set T of an insert and kept set of a delete.
learnbn::SearchResult run_ges(SearchCall& call) {
  learnbn::GesOptions options;
  options.max_subset = limit_from_r<int>(Rcpp::as<double>(call.options["max_subset"]), INT_MAX);
  options.max_operators = ges_operator_limit(call.options);
  // gies(): a logical matrix, one row per intervention target, one column per node.
  if (call.options.containsElementNamed("targets")) {
    const Rcpp::LogicalMatrix targets = call.options["targets"];
    for (int t = 0; t < targets.nrow(); ++t) {
      std::vector<char> mask(targets.ncol());
      for (int v = 0; v < targets.ncol(); ++v) mask[v] = targets(t, v) == TRUE;
      options.targets.push_back(mask);
    }
  }
  // options$phases: "forward", "backward", "turning", in the order to run them.
  if (call.options.containsElementNamed("phases")) {
    options.phases.clear();
    for (const std::string& phase : Rcpp::as<std::vector<std::string>>(call.options["phases"])) {
      options.phases.push_back(phase == "forward"    ? learnbn::GesPhase::forward
                               : phase == "backward" ? learnbn::GesPhase::backward
                                                     : learnbn::GesPhase::turning);
    }
    options.iterate = Rcpp::as<bool>(call.options["iterate"]);
  }
  learnbn::Ges ges(call.scorer, call.constraints, options, call.r_calls.interrupt_check());
  return ges.run(learnbn::parent_lists(call.start));
}
