// Glue for best-first search: converts arguments, runs the core, returns the arcs.
#include <learnbn/search/best_first.hpp>
#include "rcpp-glue.h"


// [[Rcpp::export]]
Rcpp::List cpp_best_first_search(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge,
                                 Rcpp::IntegerMatrix start, Rcpp::List options, int threads) {
  const learnbn::DataView view = data_view(data);
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), threads);
  const learnbn::Dag dag = dag_from(start);
  learnbn::BestFirstOptions limits;
  limits.max_expansions = count_option(options, "max_expansions");
  limits.max_open = count_option(options, "max_open");
  limits.max_evaluations = count_option(options, "max_evaluations");
  learnbn::BestFirstSearch search(scorer, constraints, limits, check_interrupt);
  const learnbn::BestFirstResult result = search.run(dag);

  Rcpp::IntegerVector from, to;  // 0-based arcs of the best DAG
  for (int child = 0; child < result.dag.size(); ++child) {
    for (int parent : result.dag.parents(child)) {
      from.push_back(parent);
      to.push_back(child);
    }
  }
  return Rcpp::List::create(
      Rcpp::Named("from") = from, Rcpp::Named("to") = to, Rcpp::Named("score") = result.score,
      Rcpp::Named("expansions") = static_cast<double>(result.expansions),
      Rcpp::Named("generated") = static_cast<double>(result.generated),
      Rcpp::Named("dropped") = static_cast<double>(result.dropped),
      Rcpp::Named("open") = static_cast<double>(result.open),
      Rcpp::Named("peak_open") = static_cast<double>(result.peak_open),
      Rcpp::Named("exhausted") = result.exhausted,
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()),
      Rcpp::Named("trace") = Rcpp::NumericVector(result.trace.begin(), result.trace.end()));
}
