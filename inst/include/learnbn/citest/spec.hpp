// What a conditional independence test is asked for and what it returns: the statistic
// (with the registry of its names), the test's settings, its result, and the chi-square
// tail probability that turns a statistic into an asymptotic p-value.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace learnbn {

enum class CIStatistic { pearson_x2, likelihood_g2, fisher_z, gaussian_g2, mixed_cg, cg_lrt };
// The registry of statistic names, in the order of CIStatistic.
inline const std::vector<std::string>& ci_statistic_names() {
  static const std::vector<std::string> names{"pearson_x2", "g2", "fisher_z", "gaussian_g2",
                                                "mixed_cg", "cg_lrt"};
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

// P(chi2_df > stat); a test with no degrees of freedom never rejects. Defined with
// Boost.Math in spec_boost.hpp, compiled in one translation unit (src/chisq-boost.cpp):
// Boost's gamma functions force their own instantiation in every file that includes them.
double chisq_upper_tail(double stat, double df);

}  // namespace learnbn
