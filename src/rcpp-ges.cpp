// Glue for Greedy Equivalence Search: converts arguments, runs the core, converts back.
#include <climits>
#include <cmath>
#include <learnbn/search/ges.hpp>
#include "rcpp-glue.h"


// [[Rcpp::export]]
Rcpp::List cpp_ges(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge, Rcpp::IntegerMatrix start,
                   double max_subset, int threads) {
  const learnbn::DataView view = data_view(data);
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), threads);
  learnbn::GesOptions options;
  options.max_subset = limit_from_r<int>(max_subset, INT_MAX);
  const learnbn::ParentLists start_dag = parents_from(start);
  learnbn::Ges ges(scorer, constraints, options, check_interrupt);
  const learnbn::GesResult result = ges.run(start_dag);
  return Rcpp::List::create(
      Rcpp::Named("amat") = amat_from(result.cpdag),
      Rcpp::Named("dag") = amat_from(learnbn::Pdag::from_parents(result.dag)),
      Rcpp::Named("score") = result.score,
      Rcpp::Named("forward_steps") = static_cast<double>(result.forward_steps),
      Rcpp::Named("backward_steps") = static_cast<double>(result.backward_steps),
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()),
      Rcpp::Named("trace") = Rcpp::NumericVector(result.trace.begin(), result.trace.end()));
}
