// Glue for the partially directed graph search (Kochenderfer et al. 2022, section 5.4):
// converts arguments, runs the core, converts back.
#include <cmath>
#include <learnbn/search/pdag_search.hpp>
#include "rcpp-glue.h"


// [[Rcpp::export]]
Rcpp::List cpp_pdag_search(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge,
                           Rcpp::IntegerMatrix start, double max_iter, int threads) {
  const learnbn::DataView view = data_view(data);
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), threads);
  learnbn::PdagSearchOptions options;
  options.max_iter = limit_from_r<std::size_t>(max_iter);
  options.threads = threads;
  learnbn::PdagSearch search(scorer, constraints, options, check_interrupt);
  const learnbn::PdagSearchResult result = search.run(parents_from(start));
  return Rcpp::List::create(
      Rcpp::Named("amat") = amat_from(result.cpdag),
      Rcpp::Named("dag") = amat_from(learnbn::Pdag::from_parents(result.dag)),
      Rcpp::Named("score") = result.score,
      Rcpp::Named("iterations") = static_cast<double>(result.iterations),
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()),
      Rcpp::Named("trace") = Rcpp::NumericVector(result.trace.begin(), result.trace.end()));
}
