// What a conditional independence test is asked for and what it returns: the statistic
// (with the registry of its names), the test's settings, its result, and the chi-square
// tail probability that turns a statistic into an asymptotic p-value.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <boost/math/special_functions/gamma.hpp>

namespace learnbn {

enum class CIStatistic { pearson_x2, likelihood_g2, fisher_z, gaussian_g2 };
// The registry of statistic names, in the order of CIStatistic.
inline const std::vector<std::string>& ci_statistic_names() {
  static const std::vector<std::string> names{"pearson_x2", "g2", "fisher_z", "gaussian_g2"};
  return names;
}

struct CITestSpec {
  CIStatistic statistic = CIStatistic::pearson_x2;
  bool adjusted_df = false;
  int permutations = 0;     // B; 0 means the asymptotic chi-square p-value
  std::uint64_t seed = 0;   // base seed of the permutation streams
};

struct CITestResult {
  double statistic = 0;
  double df = 0;
  double p_value = 1;
  double n = 0;  // cases used: all of them, or the available cases of this test
};

// P(chi2_df > stat); a test with no degrees of freedom never rejects.
inline double chisq_upper_tail(double stat, double df) {
  if (!(df > 0) || !(stat > 0)) return 1.0;
  return boost::math::gamma_q(df / 2.0, stat / 2.0);
}

}  // namespace learnbn
