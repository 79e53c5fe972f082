// Tests of X _||_ Y | Z on continuous data from the correlation matrix: Fisher's z of the
// partial correlation, and the Gaussian likelihood-ratio G2.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Dense>

#include "../data/gaussian_stats.hpp"

namespace learnbn {

// Fisher's z test of X _||_ Y | Z from the partial correlation
// r = -P_xy / sqrt(P_xx P_yy), P the inverse of the correlation block of {x, y, Z}:
// z = sqrt(N - |Z| - 3) atanh(r), two-sided normal p-value. Returns the statistic z,
// df = N - |Z| - 3 and the p-value; `r` receives the partial correlation.
struct FisherZ {
  double statistic = 0, df = 0, p_value = 1, r = 0;
};

inline double partial_correlation(const DataView& data, int x, int y, const std::vector<int>& z) {
  std::vector<int> vars{x, y};
  vars.insert(vars.end(), z.begin(), z.end());
  const Eigen::MatrixXd block = correlation_block(data, vars);
  const Eigen::Index k = block.rows();
  if (z.empty()) return block(0, 1);
  Eigen::LDLT<Eigen::MatrixXd> ldlt(block);
  const Eigen::MatrixXd precision = ldlt.solve(Eigen::MatrixXd::Identity(k, k));
  const double r = -precision(0, 1) / std::sqrt(precision(0, 0) * precision(1, 1));
  return std::isfinite(r) ? std::max(-1.0, std::min(1.0, r)) : 0.0;
}

// log det of the correlation block of `vars` (-inf when singular).
inline double log_det_correlation(const DataView& data, const std::vector<int>& vars) {
  const Eigen::LLT<Eigen::MatrixXd> llt(correlation_block(data, vars));
  const Eigen::Index k = static_cast<Eigen::Index>(vars.size());
  if (llt.info() != Eigen::Success) return -std::numeric_limits<double>::infinity();
  double s = 0;
  for (Eigen::Index a = 0; a < k; ++a) s += 2 * std::log(llt.matrixL()(a, a));
  return s;
}

// The Gaussian likelihood-ratio statistic of X _||_ Y | Z for sets:
// G2 = 2 N MI = N (log det C_xz + log det C_yz - log det C_z - log det C_xyz).
inline double gaussian_g2(const DataView& data, const std::vector<int>& x, const std::vector<int>& y,
                          const std::vector<int>& z) {
  auto join = [](std::vector<int> a, const std::vector<int>& b) { a.insert(a.end(), b.begin(), b.end()); return a; };
  const double stat = data.n_cases * (log_det_correlation(data, join(x, z)) + log_det_correlation(data, join(y, z)) -
                                      log_det_correlation(data, z) - log_det_correlation(data, join(join(x, y), z)));
  return std::isfinite(stat) ? std::max(stat, 0.0) : 0.0;
}

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
