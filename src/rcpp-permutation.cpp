// Runners of the permutation searches, BOSS and GRaSP (see rcpp-search.h).
#include <learnbn/search/boss.hpp>
#include <learnbn/search/boss_ges.hpp>
#include <learnbn/search/grasp.hpp>
#include "rcpp-search.h"

namespace {

// options$starts: runs from random orders; options$depth: GRaSP's tuck depth;
// options$bes: BOSS ends each run with GES's phases, limited by options$max_bytes.
learnbn::PermutationOptions permutation_options(const Rcpp::List& options) {
  learnbn::PermutationOptions out;
  out.starts = Rcpp::as<int>(options["starts"]);
  if (options.containsElementNamed("depth")) out.depth = Rcpp::as<int>(options["depth"]);
  if (options.containsElementNamed("bes")) out.bes = Rcpp::as<bool>(options["bes"]);
  out.max_operators = ges_operator_limit(options);
  return out;
}

}  // namespace

// options$ges_start: one more run from GES's result (boss_ges.hpp). The result has the
// GES phases' limit on a node's operators (`max_operators`), for R's warning when one was
// skipped.
learnbn::SearchResult run_boss(SearchCall& call) {
  const bool ges_start = call.options.containsElementNamed("ges_start") &&
                         Rcpp::as<bool>(call.options["ges_start"]);
  const auto search = ges_start ? learnbn::boss_with_ges_start : learnbn::boss;
  const learnbn::PermutationOptions options = permutation_options(call.options);
  learnbn::SearchResult result = search(call.scorer, call.constraints, call.start, options,
                                        call.rng.get(), call.r_calls.interrupt_check(),
                                        call.data);
  call.extra.push_back(learnbn::boss_ges_options(options.max_operators).max_operators,
                       "max_operators");
  if (!ges_start) {  // info has them always
    result.counts.push_back({"ges_start_skipped", 0});
    result.counts.push_back({"ges_run_kept", 0, true});
  }
  return result;
}

learnbn::SearchResult run_grasp(SearchCall& call) {
  return learnbn::grasp(call.scorer, call.constraints, call.start,
                        permutation_options(call.options), call.rng.get(),
                        call.r_calls.interrupt_check(), call.data);
}
