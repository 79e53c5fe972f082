// The Eigen half of gaussian.hpp: the Conditioner's members. They are not inline: include
// this header in one translation unit of a program only (src/gaussian-eigen.cpp, or the
// core tests).
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

#include <Eigen/Dense>

#include "gaussian.hpp"

namespace learnbn {

struct Conditioner::State {
  State(const double* matrix, Eigen::Index p) : m(matrix, p, p) {}

  static constexpr double kPivotTolerance = 1e-10;
  double min_pivot(const Eigen::MatrixXd& block) const {
    double smallest = 1;
    for (Eigen::Index a = 0; a < block.rows(); ++a) {
      smallest = std::min(smallest, llt.matrixL()(a, a) * llt.matrixL()(a, a) / block(a, a));
    }
    return smallest;
  }

  Eigen::Map<const Eigen::MatrixXd> m;
  Eigen::LLT<Eigen::MatrixXd> llt;
  Eigen::VectorXd w;
  Eigen::VectorXd v;  // plus()'s L^-1 M[P, e], sized by set_base() (no allocation per call)
  std::vector<int> parents;
  int node = 0;
  Result base;
};

Conditioner::Conditioner(const double* matrix, std::ptrdiff_t p) : state_(new State(matrix, p)) {}
Conditioner::~Conditioner() = default;

Conditioner::Result Conditioner::set_base(int node, const int* parents, std::size_t k) {
  State& s = *state_;
  s.node = node;
  s.parents.assign(parents, parents + k);
  const Eigen::Index kk = static_cast<Eigen::Index>(k);
  Eigen::MatrixXd block(kk, kk);
  s.w.resize(kk);
  s.v.resize(kk);
  for (Eigen::Index a = 0; a < kk; ++a) {
    s.w[a] = s.m(parents[a], node);
    for (Eigen::Index b = 0; b < kk; ++b) block(a, b) = s.m(parents[a], parents[b]);
  }
  s.llt.compute(block);
  s.base.singular =
      kk > 0 && (s.llt.info() != Eigen::Success || s.min_pivot(block) <= State::kPivotTolerance);
  if (s.base.singular) return s.base;
  if (kk > 0) s.llt.matrixL().solveInPlace(s.w);  // w = L^-1 M[P, i]
  s.base.log_det = 0;
  for (Eigen::Index a = 0; a < kk; ++a) s.base.log_det += 2 * std::log(s.llt.matrixL()(a, a));
  s.base.residual = s.m(node, node) - s.w.squaredNorm();
  return s.base;
}

Conditioner::Result Conditioner::plus(int extra) const {
  State& s = *state_;  // one Conditioner per thread: its scratch vector is its own
  Result out;
  if (s.base.singular) { out.singular = true; return out; }
  const Eigen::Index kk = static_cast<Eigen::Index>(s.parents.size());
  Eigen::VectorXd& v = s.v;
  for (Eigen::Index a = 0; a < kk; ++a) v[a] = s.m(s.parents[a], extra);
  if (kk > 0) s.llt.matrixL().solveInPlace(v);  // v = L^-1 M[P, e]
  const double pivot = s.m(extra, extra) - v.squaredNorm();
  if (!(pivot > State::kPivotTolerance * s.m(extra, extra))) { out.singular = true; return out; }
  const double cross = s.m(s.node, extra) - v.dot(s.w);
  out.log_det = s.base.log_det + std::log(pivot);
  out.residual = s.base.residual - cross * cross / pivot;
  return out;
}

}  // namespace learnbn
