// Glue for counting and scoring: converts arguments, calls the core, returns results.
#include <vector>
#include <learnbn/score/family_scorer.hpp>
#include "rcpp-glue.h"

// Dense weighted counts of a family, state fastest, then the parents in order.
// [[Rcpp::export]]
Rcpp::NumericVector cpp_family_table(Rcpp::List data, int node, Rcpp::IntegerVector parents) {
  const learnbn::DataView view = data_view(data);
  learnbn::Counter counter(view);
  std::vector<int> pa(parents.begin(), parents.end());
  std::vector<double> table = counter.dense_table(node, pa.data(), pa.size());
  return Rcpp::NumericVector(table.begin(), table.end());
}

// Scores of many families at once: families[[f]] are the 0-based parents of nodes[f];
// prior_joints[[f]] is NULL or BDe's P(x_i, pa_i) for that family.
// [[Rcpp::export]]
Rcpp::NumericVector cpp_local_scores(Rcpp::List data, Rcpp::List spec, Rcpp::IntegerVector nodes,
                                     Rcpp::List families, Rcpp::List prior_joints, int threads) {
  const learnbn::DataView view = data_view(data);
  const learnbn::ScoreSpec score = score_spec(spec, static_cast<int>(view.n_vars()));
  const std::size_t n = nodes.size();
  std::vector<std::vector<int>> parents(n);
  std::vector<const double*> joints(n, nullptr);
  for (std::size_t f = 0; f < n; ++f) {
    parents[f] = Rcpp::as<std::vector<int>>(families[f]);
    SEXP joint = prior_joints[f];
    if (!Rf_isNull(joint)) joints[f] = REAL(joint);
  }
  learnbn::FamilyScorer scorer(view, score, threads);
  const std::vector<int> node_ids(nodes.begin(), nodes.end());
  const std::vector<double> out = scorer.score_all(node_ids, parents, &joints);
  return Rcpp::NumericVector(out.begin(), out.end());
}

// A scorer with its cache, kept alive by R; its data list is protected by the pointer.
// [[Rcpp::export]]
SEXP cpp_scorer_new(Rcpp::List data, Rcpp::List spec) {
  const learnbn::DataView view = data_view(data);
  auto* scorer = new learnbn::FamilyScorer(view, score_spec(spec, static_cast<int>(view.n_vars())), 1);
  return Rcpp::XPtr<learnbn::FamilyScorer>(scorer, true, R_NilValue, data);
}

// [[Rcpp::export]]
Rcpp::NumericVector cpp_scorer_local(SEXP scorer, Rcpp::IntegerVector nodes, Rcpp::List families) {
  Rcpp::XPtr<learnbn::FamilyScorer> ptr(scorer);
  Rcpp::NumericVector out(nodes.size());
  for (R_xlen_t f = 0; f < nodes.size(); ++f) {
    out[f] = ptr->score(nodes[f], Rcpp::as<std::vector<int>>(families[f]));
  }
  return out;
}

// [[Rcpp::export]]
Rcpp::NumericVector cpp_scorer_stats(SEXP scorer) {
  Rcpp::XPtr<learnbn::FamilyScorer> ptr(scorer);
  const learnbn::ScoreCache& cache = ptr->cache();
  return Rcpp::NumericVector::create(
      Rcpp::Named("entries") = static_cast<double>(cache.size()),
      Rcpp::Named("hits") = static_cast<double>(cache.hits()),
      Rcpp::Named("misses") = static_cast<double>(cache.misses()));
}
