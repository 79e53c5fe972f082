// Glue for continuous data: the sufficient statistics of bn_data().
#include <vector>
#include <learnbn/data/gaussian_stats.hpp>
#include "rcpp-glue.h"

// [[Rcpp::export]]
Rcpp::List cpp_gaussian_stats(Rcpp::List values, SEXP weights) {
  std::vector<const double*> columns;
  for (R_xlen_t j = 0; j < values.size(); ++j) columns.push_back(REAL(values[j]));
  const std::size_t n = values.size() ? static_cast<std::size_t>(Rf_xlength(values[0])) : 0;
  // Whether each column is finite, found here in one vectorised pass (x - x is 0 only for
  // finite x) rather than by R's is.finite(), which allocates a vector per column.
  Rcpp::LogicalVector finite(columns.size());
  for (std::size_t j = 0; j < columns.size(); ++j) {
    bool ok = true;
    for (std::size_t i = 0; i < n; ++i) ok &= (columns[j][i] - columns[j][i] == 0.0);
    finite[j] = ok;
  }
  const learnbn::GaussianStats s =
      learnbn::gaussian_stats(columns, n, Rf_isNull(weights) ? nullptr : REAL(weights));
  return Rcpp::List::create(Rcpp::Named("means") = Rcpp::wrap(s.means),
                            Rcpp::Named("sds") = Rcpp::wrap(s.sds),
                            Rcpp::Named("cor") = Rcpp::wrap(s.correlation),
                            Rcpp::Named("finite") = finite);
}
