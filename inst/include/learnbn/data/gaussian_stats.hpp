// Sufficient statistics of continuous data, computed once: the weighted means, the
// maximum-likelihood standard deviations sd_i = sqrt(S_ii / N) and the correlation
// matrix C of the scatter matrix S = sum_rows w (x - mean)(x - mean)'.
// Eigen-free: the definition is in gaussian_stats_eigen.hpp, compiled in one translation
// unit (src/gaussian-eigen.cpp), so that only it pays for Eigen's headers.
#pragma once
#include <cstddef>
#include <vector>

namespace learnbn {

struct GaussianStats {
  std::vector<double> means, sds;
  std::vector<double> correlation;  // p x p, column-major
};

// Weighted means, sds and correlations of p columns of n_rows values (weights may be null).
GaussianStats gaussian_stats(const std::vector<const double*>& columns, std::size_t n_rows,
                             const double* weights);

}  // namespace learnbn
