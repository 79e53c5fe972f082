// Glue for conditional independence tests: converts arguments, calls the core.
#include <exception>
#include <vector>
#include <learnbn/citest/tester.hpp>
#include "rcpp-glue.h"

// Runs tests x[[t]] _||_ y[[t]] | z[[t]] (0-based node sets) in parallel; returns a
// matrix with columns statistic, df, p_value and n (the cases used: the available
// cases when the data have missing values).
// [[Rcpp::export]]
Rcpp::NumericMatrix cpp_ci_tests(Rcpp::List data, Rcpp::List x, Rcpp::List y, Rcpp::List z,
                                 Rcpp::List test, int threads) {
  const learnbn::DataView view = data_view(data);
  const learnbn::CITestSpec spec = ci_spec_from(test);
  const long n = x.size();
  std::vector<std::vector<int>> xs(n), ys(n), zs(n);
  for (long t = 0; t < n; ++t) {
    xs[t] = Rcpp::as<std::vector<int>>(x[t]);
    ys[t] = Rcpp::as<std::vector<int>>(y[t]);
    zs[t] = Rcpp::as<std::vector<int>>(z[t]);
  }
  std::vector<learnbn::CITestResult> results(n);
  std::exception_ptr error = nullptr;
#pragma omp parallel num_threads(threads)
  {
    try {
      learnbn::CITester tester(view, spec);
#pragma omp for schedule(dynamic, 1)
      for (long t = 0; t < n; ++t) results[t] = tester.test(xs[t], ys[t], zs[t]);
    } catch (...) {
#pragma omp critical
      error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
  Rcpp::NumericMatrix out(n, 4);
  for (long t = 0; t < n; ++t) {
    out(t, 0) = results[t].statistic;
    out(t, 1) = results[t].df;
    out(t, 2) = results[t].p_value;
    out(t, 3) = results[t].n;
  }
  Rcpp::colnames(out) = Rcpp::CharacterVector::create("statistic", "df", "p_value", "n");
  return out;
}
