// Glue for the conditional Gaussian core (inference/linear_gaussian.hpp) of query(),
// predict() and impute() on linear-Gaussian and conditional linear Gaussian fits
// (R/fit-mixed-normal.R). Positions and configurations are 0-based. Only Rcpp.h is
// included (not rcpp-glue.h, which no conversion here needs), so that this file compiles
// alone.
#include <Rcpp.h>

#include <vector>

#include <learnbn/inference/linear_gaussian.hpp>

namespace {

// One node's list(parents, coefficients (terms x configurations), sd, config).
learnbn::LinearFamily linear_family_from(const Rcpp::List& family) {
  const Rcpp::IntegerVector parents = family["parents"];
  const Rcpp::NumericVector coefficients = family["coefficients"];
  const Rcpp::NumericVector sd = family["sd"];
  const Rcpp::IntegerVector config = family["config"];
  return learnbn::LinearFamily{std::vector<int>(parents.begin(), parents.end()),
                               std::vector<double>(coefficients.begin(), coefficients.end()),
                               std::vector<double>(sd.begin(), sd.end()),
                               std::vector<int>(config.begin(), config.end())};
}

}  // namespace

// The joint normal of the families (in topological order) in each of m configurations:
// list(mean (m x p), cov (m x p x p), unfitted (m x p, logical)).
// [[Rcpp::export]]
Rcpp::List cpp_normal_moments(Rcpp::List families, int m) {
  std::vector<learnbn::LinearFamily> core;
  core.reserve(families.size());
  for (R_xlen_t i = 0; i < families.size(); ++i) {
    core.push_back(linear_family_from(families[i]));
  }
  const int p = static_cast<int>(core.size());
  Rcpp::NumericMatrix mean(m, p);
  Rcpp::NumericVector cov(Rcpp::Dimension(m, p, p));
  Rcpp::LogicalMatrix unfitted(m, p);
  learnbn::normal_moments(core, static_cast<std::size_t>(m), mean.begin(), cov.begin(),
                          unfitted.begin());
  return Rcpp::List::create(Rcpp::Named("mean") = mean, Rcpp::Named("cov") = cov,
                            Rcpp::Named("unfitted") = unfitted);
}

// cpp_normal_moments()'s normal conditioned on `x` (cases x observed: the values of the
// nodes at `observed`), case r in configuration config[r], given `mean` (cases x p) and
// `cov` (m x p x p), which are copied with their attributes: list(mean, cov, log_density),
// or list(dependent = TRUE) when an observed node is fixed by the ones before it.
// [[Rcpp::export]]
Rcpp::List cpp_condition_normal(Rcpp::NumericMatrix mean, Rcpp::NumericVector cov,
                                Rcpp::IntegerVector config, Rcpp::IntegerVector observed,
                                Rcpp::NumericMatrix x) {
  const Rcpp::IntegerVector dims = cov.attr("dim");
  const R_xlen_t cases = mean.nrow();
  if (dims.size() != 3 || dims[1] != mean.ncol() || dims[2] != mean.ncol() ||
      config.size() != cases || x.nrow() != cases || x.ncol() != observed.size()) {
    Rcpp::stop("cpp_condition_normal: the moments, configurations and values disagree");
  }
  Rcpp::NumericMatrix conditional_mean = Rcpp::clone(mean);
  Rcpp::NumericVector conditional_cov = Rcpp::clone(cov);
  Rcpp::NumericVector log_density(cases);
  const bool defined = learnbn::condition_normal(
      static_cast<std::size_t>(dims[0]), static_cast<std::size_t>(dims[1]),
      conditional_cov.begin(), static_cast<std::size_t>(cases), conditional_mean.begin(),
      config.begin(), std::vector<int>(observed.begin(), observed.end()), x.begin(),
      log_density.begin());
  if (!defined) return Rcpp::List::create(Rcpp::Named("dependent") = true);
  return Rcpp::List::create(Rcpp::Named("mean") = conditional_mean,
                            Rcpp::Named("cov") = conditional_cov,
                            Rcpp::Named("log_density") = log_density);
}
