// The registries of names the core understands, for R to list and check against (each
// name is defined once, next to the enum it stands for), the rules R shares with the
// core, and what the machine allows and a search will need.
#include "rcpp-glue.h"
#include <learnbn/constraint/pc.hpp>
#include <learnbn/search/common.hpp>
#include <learnbn/search/memory.hpp>
#include <learnbn/util/threads.hpp>

namespace {

// One row per score (in the order of the score names): its properties.
Rcpp::DataFrame score_property_table() {
  const auto& names = learnbn::score_type_names();
  const auto& properties = learnbn::score_properties();
  Rcpp::LogicalVector bayesian, continuous, iss;
  for (const auto& p : properties) {
    bayesian.push_back(p.bayesian);
    continuous.push_back(p.continuous);
    iss.push_back(p.iss);
  }
  return Rcpp::DataFrame::create(Rcpp::Named("name") = names, Rcpp::Named("bayesian") = bayesian,
                                 Rcpp::Named("continuous") = continuous, Rcpp::Named("iss") = iss,
                                 Rcpp::Named("stringsAsFactors") = false);
}

}  // namespace

// [[Rcpp::export]]
Rcpp::List cpp_registry() {
  return Rcpp::List::create(
      Rcpp::Named("scores") = learnbn::score_type_names(),
      Rcpp::Named("score_properties") = score_property_table(),
      Rcpp::Named("statistics") = learnbn::ci_statistic_names(),
      Rcpp::Named("conflict_policies") = learnbn::conflict_policy_names(),
      // A score beats another only by more than max(absolute, relative * |other|).
      Rcpp::Named("improvement") = Rcpp::NumericVector::create(
          Rcpp::Named("absolute") = learnbn::kImprovement,
          Rcpp::Named("relative") = learnbn::kRelativeImprovement),
      Rcpp::Named("bytes_per_node_pair") = learnbn::kSearchBytesPerNodePair);
}

// What a search under `knowledge` (a build_constraints() list) will need: the number of
// allowed parent sets of each node and the bytes of exact search's tables.
// [[Rcpp::export]]
Rcpp::List cpp_search_plan(Rcpp::List knowledge) {
  const learnbn::Constraints c = constraints_from_list(knowledge);
  Rcpp::NumericVector parent_sets(c.n);
  for (int v = 0; v < c.n; ++v) parent_sets[v] = learnbn::count_allowed_parent_sets(c, v);
  return Rcpp::List::create(Rcpp::Named("parent_sets") = parent_sets,
                            Rcpp::Named("exact_bytes") = learnbn::exact_search_bytes(c));
}

// How many of `wanted` threads can run together now (R: check_threads()).
// [[Rcpp::export]]
int cpp_startable_threads(int wanted) { return learnbn::startable_threads(wanted); }
