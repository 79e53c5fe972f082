// Glue for the partially directed graph search (seed 000, section 5.4): converts
// arguments, runs the core, converts back.
#include <chrono>
#include <cmath>
#include <learnbn/search/pdag_search.hpp>
#include "rcpp-constraints.h"
#include "rcpp-data.h"

namespace {

Rcpp::IntegerMatrix pdag_search_amat(const learnbn::Pdag& g) {
  Rcpp::IntegerMatrix amat(g.size(), g.size());
  for (int from = 0; from < g.size(); ++from) {
    for (int to = 0; to < g.size(); ++to) amat(from, to) = g.mark(from, to);
  }
  return amat;
}

}  // namespace

// [[Rcpp::export]]
Rcpp::List cpp_pdag_search(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge,
                           Rcpp::IntegerMatrix start, double max_iter, int threads) {
  const auto began = std::chrono::steady_clock::now();
  const learnbn::DataView view = data_view(data);
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), threads);
  learnbn::PdagSearchOptions options;
  if (std::isfinite(max_iter) && max_iter < 4.5e15) options.max_iter = static_cast<std::size_t>(max_iter);
  options.threads = threads;
  learnbn::ParentLists start_dag(start.nrow());
  for (int from = 0; from < start.nrow(); ++from) {
    for (int to = 0; to < start.ncol(); ++to) if (start(from, to)) start_dag[to].push_back(from);
  }
  learnbn::PdagSearch search(scorer, constraints, options, [] { Rcpp::checkUserInterrupt(); });
  const learnbn::PdagSearchResult result = search.run(start_dag);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return Rcpp::List::create(
      Rcpp::Named("amat") = pdag_search_amat(result.cpdag),
      Rcpp::Named("dag") = pdag_search_amat(learnbn::Pdag::from_parents(result.dag)),
      Rcpp::Named("score") = result.score,
      Rcpp::Named("iterations") = static_cast<double>(result.iterations),
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()),
      Rcpp::Named("time") = seconds,
      Rcpp::Named("trace") = Rcpp::NumericVector(result.trace.begin(), result.trace.end()));
}
