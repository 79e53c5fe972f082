// Glue for best-first search: converts arguments, runs the core, returns the arcs.
#include <chrono>
#include <learnbn/search/best_first.hpp>
#include "rcpp-constraints.h"
#include "rcpp-data.h"

namespace {

// A limit given from R as a double (Inf or >= 2^52 means none).
std::size_t limit_option(const Rcpp::List& options, const char* name) {
  const double value = Rcpp::as<double>(options[name]);
  return value >= 4503599627370496.0 ? std::numeric_limits<std::size_t>::max()
                                     : static_cast<std::size_t>(value);
}

}  // namespace

// [[Rcpp::export]]
Rcpp::List cpp_best_first_search(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge,
                                 Rcpp::IntegerMatrix start, Rcpp::List options, int threads) {
  const auto began = std::chrono::steady_clock::now();
  const learnbn::DataView view = data_view(data);
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), threads);
  learnbn::Dag dag(start.nrow());
  for (int to = 0; to < start.ncol(); ++to) {
    for (int from = 0; from < start.nrow(); ++from) if (start(from, to)) dag.add_arc(from, to);
  }
  learnbn::BestFirstOptions limits;
  limits.max_expansions = limit_option(options, "max_expansions");
  limits.max_open = limit_option(options, "max_open");
  limits.max_evaluations = limit_option(options, "max_evaluations");
  learnbn::BestFirstSearch search(scorer, constraints, limits, [] { Rcpp::checkUserInterrupt(); });
  const learnbn::BestFirstResult result = search.run(dag);

  Rcpp::IntegerVector from, to;  // 0-based arcs of the best DAG
  for (int child = 0; child < result.dag.size(); ++child) {
    for (int parent : result.dag.parents(child)) {
      from.push_back(parent);
      to.push_back(child);
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
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
      Rcpp::Named("time") = seconds,
      Rcpp::Named("trace") = Rcpp::NumericVector(result.trace.begin(), result.trace.end()));
}
