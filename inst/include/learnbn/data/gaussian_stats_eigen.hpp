// The Eigen half of gaussian_stats.hpp. Its functions are not inline: include this header
// in one translation unit of a program only (src/gaussian-eigen.cpp, or the core tests).
#pragma once
#include <vector>

#include <Eigen/Dense>

#include "data.hpp"
#include "gaussian_stats.hpp"

namespace learnbn {

GaussianStats gaussian_stats(const std::vector<const double*>& columns, std::size_t n_rows,
                             const double* weights) {
  const Eigen::Index p = static_cast<Eigen::Index>(columns.size());
  const Eigen::Index n = static_cast<Eigen::Index>(n_rows);
  Eigen::VectorXd w = Eigen::VectorXd::Ones(n);
  if (weights) w = Eigen::Map<const Eigen::VectorXd>(weights, n);
  const double total = w.sum();
  Eigen::MatrixXd x(n, p);
  for (Eigen::Index j = 0; j < p; ++j) {
    x.col(j) = Eigen::Map<const Eigen::VectorXd>(columns[j], n);
  }
  const Eigen::RowVectorXd mean = (w.transpose() * x) / total;
  x.rowwise() -= mean;
  // Unit weights scale by 1 exactly: skip that pass over the rows.
  if (weights) x.array().colwise() *= w.array().sqrt();
  Eigen::MatrixXd scatter = Eigen::MatrixXd::Zero(p, p);
  scatter.selfadjointView<Eigen::Lower>().rankUpdate(x.transpose());  // half of x'x
  scatter = scatter.selfadjointView<Eigen::Lower>();
  const Eigen::VectorXd sd = (scatter.diagonal() / total).cwiseSqrt();
  Eigen::VectorXd inv = sd.cwiseInverse();
  for (Eigen::Index j = 0; j < p; ++j) if (!(sd[j] > 0)) inv[j] = 0;
  Eigen::MatrixXd correlation = inv.asDiagonal() * (scatter / total) * inv.asDiagonal();
  correlation.diagonal().setOnes();
  GaussianStats out;
  out.means.assign(mean.data(), mean.data() + p);
  out.sds.assign(sd.data(), sd.data() + p);
  out.correlation.assign(correlation.data(), correlation.data() + p * p);
  return out;
}

// The rows and columns `vars` of the correlation matrix.
Eigen::MatrixXd correlation_block(const DataView& data, const std::vector<int>& vars) {
  const Eigen::Index p = static_cast<Eigen::Index>(data.n_vars());
  const Eigen::Index k = static_cast<Eigen::Index>(vars.size());
  Eigen::Map<const Eigen::MatrixXd> c(data.correlation, p, p);
  Eigen::MatrixXd block(k, k);
  for (Eigen::Index a = 0; a < k; ++a)
    for (Eigen::Index b = 0; b < k; ++b) block(a, b) = c(vars[a], vars[b]);
  return block;
}

}  // namespace learnbn
