// Glue for Greedy Equivalence Search: converts arguments, runs the core, converts back.
#include <chrono>
#include <climits>
#include <cmath>
#include <learnbn/search/ges.hpp>
#include "rcpp-constraints.h"
#include "rcpp-data.h"

namespace {

Rcpp::IntegerMatrix ges_amat(const learnbn::Pdag& g) {
  Rcpp::IntegerMatrix amat(g.size(), g.size());
  for (int from = 0; from < g.size(); ++from) {
    for (int to = 0; to < g.size(); ++to) amat(from, to) = g.mark(from, to);
  }
  return amat;
}

}  // namespace

// [[Rcpp::export]]
Rcpp::List cpp_ges(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge, Rcpp::IntegerMatrix start,
                   double max_subset, int threads) {
  const auto began = std::chrono::steady_clock::now();
  const learnbn::DataView view = data_view(data);
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), threads);
  learnbn::GesOptions options;
  options.max_subset = (!std::isfinite(max_subset) || max_subset >= INT_MAX) ? INT_MAX
                                                                             : static_cast<int>(max_subset);
  learnbn::ParentLists start_dag(start.nrow());
  for (int from = 0; from < start.nrow(); ++from) {
    for (int to = 0; to < start.ncol(); ++to) if (start(from, to)) start_dag[to].push_back(from);
  }
  learnbn::Ges ges(scorer, constraints, options, [] { Rcpp::checkUserInterrupt(); });
  const learnbn::GesResult result = ges.run(start_dag);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return Rcpp::List::create(
      Rcpp::Named("amat") = ges_amat(result.cpdag),
      Rcpp::Named("dag") = ges_amat(learnbn::Pdag::from_parents(result.dag)),
      Rcpp::Named("score") = result.score,
      Rcpp::Named("forward_steps") = static_cast<double>(result.forward_steps),
      Rcpp::Named("backward_steps") = static_cast<double>(result.backward_steps),
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()),
      Rcpp::Named("time") = seconds,
      Rcpp::Named("trace") = Rcpp::NumericVector(result.trace.begin(), result.trace.end()));
}
