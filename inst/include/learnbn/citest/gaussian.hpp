// Tests of X _||_ Y | Z on continuous data from the correlation matrix: Fisher's z of the
// partial correlation, and the Gaussian likelihood-ratio G2. Eigen-free: the Eigen
// definitions are in gaussian_eigen.hpp, compiled in one translation unit.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

#include "../data/data.hpp"

namespace learnbn {

// Fisher's z test of X _||_ Y | Z from the partial correlation
// r = -P_xy / sqrt(P_xx P_yy), P the inverse of the correlation block of {x, y, Z}:
// z = sqrt(N - |Z| - 3) atanh(r), two-sided normal p-value. Returns the statistic z,
// df = N - |Z| - 3 and the p-value; `r` receives the partial correlation.
struct FisherZ {
  double statistic = 0, df = 0, p_value = 1, r = 0;
};

// Computed from the 2 x 2 covariance of x and y given z, C[xy, xy] - C[xy, z] C[z, z]^-1
// C[z, xy] (a Cholesky factor of z's block), rather than from the inverse of the whole
// block: that stays defined when x and y are linearly related given z (r = +-1, the
// strongest dependence), where the inverse does not exist. A singular z block, or x or y
// a linear function of z, has no partial correlation; R refuses those tests beforehand
// (check_collinear_sets()), and 0 is returned here.
double partial_correlation(const DataView& data, int x, int y, const std::vector<int>& z);

// log det of the correlation block of `vars`: -inf when singular, also when rounding
// leaves a pivot 1 - R^2 of a few ulps rather than 0 (below 1e-14, far below the 1e-10
// from which R calls columns collinear, see collinear_tolerance).
double log_det_correlation(const DataView& data, const std::vector<int>& vars);

// The Gaussian likelihood-ratio statistic of X _||_ Y | Z for sets:
// G2 = 2 N MI = N (log det C_xz + log det C_yz - log det C_z - log det C_xyz).
double gaussian_g2(const DataView& data, const std::vector<int>& x, const std::vector<int>& y,
                   const std::vector<int>& z);

inline FisherZ fisher_z_from_r(double r, double n_cases, std::size_t n_conditioning) {
  FisherZ out;
  out.r = r;
  out.df = n_cases - static_cast<double>(n_conditioning) - 3;
  if (!(out.df > 0)) return out;  // too few cases: never reject
  const double bounded = std::max(-1 + 1e-15, std::min(1 - 1e-15, r));
  out.statistic = std::sqrt(out.df) * std::atanh(bounded);
  out.p_value = std::erfc(std::fabs(out.statistic) / std::sqrt(2.0));
  return out;
}

}  // namespace learnbn
