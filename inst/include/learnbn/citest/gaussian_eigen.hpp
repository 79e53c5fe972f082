// The Eigen half of gaussian.hpp and of permutation.hpp's continuous test. Its functions
// are not inline: include this header in one translation unit of a program only
// (src/gaussian-eigen.cpp, or the core tests).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <Eigen/Dense>

#include "../data/gaussian_stats_eigen.hpp"
#include "../util/rng.hpp"
#include "gaussian.hpp"
#include "permutation.hpp"

namespace learnbn {

double partial_correlation(const DataView& data, int x, int y, const std::vector<int>& z) {
  const Eigen::Index k = static_cast<Eigen::Index>(z.size());
  Eigen::Matrix2d given_z = correlation_block(data, {x, y});
  if (k > 0) {
    std::vector<int> vars(z);
    vars.push_back(x);
    vars.push_back(y);
    const Eigen::MatrixXd block = correlation_block(data, vars);
    const Eigen::LLT<Eigen::MatrixXd> llt(block.topLeftCorner(k, k));
    if (llt.info() != Eigen::Success) return 0.0;
    const Eigen::MatrixXd w = llt.matrixL().solve(block.topRightCorner(k, 2));  // L^-1 C[z, xy]
    given_z -= w.transpose() * w;
  }
  if (!(given_z(0, 0) > 0 && given_z(1, 1) > 0)) return 0.0;
  const double r = given_z(0, 1) / std::sqrt(given_z(0, 0) * given_z(1, 1));
  return std::isfinite(r) ? std::max(-1.0, std::min(1.0, r)) : 0.0;
}

double log_det_correlation(const DataView& data, const std::vector<int>& vars) {
  const Eigen::LLT<Eigen::MatrixXd> llt(correlation_block(data, vars));
  const Eigen::Index k = static_cast<Eigen::Index>(vars.size());
  if (llt.info() != Eigen::Success) return -std::numeric_limits<double>::infinity();
  double s = 0;
  for (Eigen::Index a = 0; a < k; ++a) {
    const double pivot = llt.matrixL()(a, a) * llt.matrixL()(a, a);
    if (!(pivot > 1e-14)) return -std::numeric_limits<double>::infinity();
    s += std::log(pivot);
  }
  return s;
}

double gaussian_g2(const DataView& data, const std::vector<int>& x, const std::vector<int>& y,
                   const std::vector<int>& z) {
  auto join = [](std::vector<int> a, const std::vector<int>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  const double margins = log_det_correlation(data, join(x, z)) +
                         log_det_correlation(data, join(y, z)) - log_det_correlation(data, z);
  // A singular margin has no statistic (R refuses those tests beforehand); a singular
  // joint block with regular margins is x and y linearly related given z: G2 = +inf.
  if (!std::isfinite(margins)) return 0.0;
  const double joint = log_det_correlation(data, join(join(x, y), z));
  if (!std::isfinite(joint)) return std::numeric_limits<double>::infinity();
  return std::max(data.n_cases * (margins - joint), 0.0);
}

double residual_permutation_p_value(const DataView& data, int x, int y, const std::vector<int>& z,
                                    int permutations, std::uint64_t seed,
                                    const PermutationTick& tick) {
  const Eigen::Index n = static_cast<Eigen::Index>(data.n_rows);
  const Eigen::Index k = static_cast<Eigen::Index>(z.size());
  auto column_values = [&](int v) -> Eigen::VectorXd {
    return Eigen::Map<const Eigen::VectorXd>(data.columns[v].real, n);
  };
  Eigen::MatrixXd design(n, k + 1);
  design.col(0).setOnes();
  for (Eigen::Index j = 0; j < k; ++j) design.col(j + 1) = column_values(z[j]);
  Eigen::VectorXd w = Eigen::VectorXd::Ones(n);
  if (data.weights) w = Eigen::Map<const Eigen::VectorXd>(data.weights, n);
  const Eigen::VectorXd sw = w.cwiseSqrt();
  const auto qr = (sw.asDiagonal() * design).colPivHouseholderQr();
  auto residual = [&](int v) -> Eigen::VectorXd {
    const Eigen::VectorXd values = column_values(v);
    return values - design * qr.solve(sw.asDiagonal() * values);
  };
  const Eigen::VectorXd rx = residual(x), ry = residual(y);
  std::vector<double> case_x, case_y;
  for (Eigen::Index row = 0; row < n; ++row) {
    for (std::size_t c = 0; c < static_cast<std::size_t>(w[row]); ++c) {
      case_x.push_back(rx[row]);
      case_y.push_back(ry[row]);
    }
  }
  auto cross = [&] {
    double s = 0;
    for (std::size_t i = 0; i < case_x.size(); ++i) s += case_x[i] * case_y[i];
    return std::fabs(s);
  };
  const double observed = cross();
  Random rng(seed);
  const double tolerance = 1e-10 * std::max(1.0, observed);
  std::size_t at_least = 0;
  for (int b = 0; b < permutations; ++b) {
    for (std::size_t i = case_y.size(); i > 1; --i) {
      std::swap(case_y[i - 1], case_y[rng.below(static_cast<std::uint32_t>(i))]);
    }
    if (cross() >= observed - tolerance) ++at_least;
    if (tick && !tick(b + 1)) break;
  }
  return (1.0 + at_least) / (permutations + 1.0);
}

}  // namespace learnbn
