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

// Turns the lgamma cache of the Dirichlet scores on or off (for tests comparing both);
// returns the previous setting.
// [[Rcpp::export]]
bool cpp_lgamma_cache(bool enable) {
  return learnbn::lgamma_cache_enabled().exchange(enable);
}
