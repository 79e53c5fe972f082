// Glue for mixed data: what keeps a conditional Gaussian family from a finite score.
#include <vector>
#include <learnbn/score/conditional_gaussian.hpp>
#include "rcpp-glue.h"

// For each family (nodes[f] with the 0-based parents families[[f]]): the CGStatus code
// (0 none, 1 few_rows, 2 exact_fit, 3 collinear, 4 continuous_parent), the 0-based
// configuration concerned (-1 if none; see CGFamily) and the cases in it.
// [[Rcpp::export(rng = false)]]
Rcpp::List cpp_cg_families(Rcpp::List data, Rcpp::IntegerVector nodes, Rcpp::List families) {
  const learnbn::DataView view = data_view(data);
  learnbn::ScoreSpec spec;
  spec.type = learnbn::ScoreType::loglik;
  learnbn::ConditionalGaussian model(view, spec);
  const R_xlen_t n = nodes.size();
  Rcpp::IntegerVector status(n);
  Rcpp::NumericVector config(n);
  for (R_xlen_t f = 0; f < n; ++f) {
    const std::vector<int> parents = Rcpp::as<std::vector<int>>(families[f]);
    const learnbn::CGFamily fit = model.fit(nodes[f], parents.data(), parents.size());
    status[f] = static_cast<int>(fit.status);
    config[f] = fit.config;
  }
  return Rcpp::List::create(Rcpp::Named("status") = status, Rcpp::Named("config") = config);
}
