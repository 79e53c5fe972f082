// Linear-Gaussian networks: sufficient statistics computed once, and family scores and
// partial correlations from them without touching the rows again.
//
// The statistics are the weighted means, the maximum-likelihood standard deviations
// sd_i = sqrt(S_ii / N) and the correlation matrix C of the scatter matrix
// S = sum_rows w (x - mean)(x - mean)'. Working on C keeps the regressions well
// conditioned whatever the units; results are mapped back to the original units.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include <Eigen/Dense>

#include "data.hpp"
#include "math.hpp"
#include "scores.hpp"

namespace learnbn {

struct GaussianStats {
  std::vector<double> means, sds;
  std::vector<double> correlation;  // p x p, column-major
};

// Weighted means, sds and correlations of p columns of n_rows values (weights may be null).
inline GaussianStats gaussian_stats(const std::vector<const double*>& columns, std::size_t n_rows,
                                    const double* weights) {
  const Eigen::Index p = static_cast<Eigen::Index>(columns.size());
  const Eigen::Index n = static_cast<Eigen::Index>(n_rows);
  Eigen::VectorXd w = Eigen::VectorXd::Ones(n);
  if (weights) w = Eigen::Map<const Eigen::VectorXd>(weights, n);
  const double total = w.sum();
  Eigen::MatrixXd x(n, p);
  for (Eigen::Index j = 0; j < p; ++j) x.col(j) = Eigen::Map<const Eigen::VectorXd>(columns[j], n);
  const Eigen::RowVectorXd mean = (w.transpose() * x) / total;
  x.rowwise() -= mean;
  x.array().colwise() *= w.array().sqrt();
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

// Conditions one variable on a set through a symmetric positive definite matrix M:
// set_base(node, parents) factors M[P, P] = L L' once; plus(extra) then gives, for the
// set P + {extra}, log det M[P+e, P+e] and the Schur complement
// M[i, i] - M[i, P+e] M[P+e, P+e]^-1 M[P+e, i] in O(|P|^2) (a rank-one extension).
class Conditioner {
 public:
  struct Result {
    double log_det = 0;      // log det of the conditioning block
    double residual = 0;     // Schur complement of the node given the set
    bool singular = false;   // the conditioning block is (numerically) singular
  };

  explicit Conditioner(const double* matrix, Eigen::Index p) : m_(matrix, p, p) {}

  Result set_base(int node, const int* parents, std::size_t k) {
    node_ = node;
    parents_.assign(parents, parents + k);
    const Eigen::Index kk = static_cast<Eigen::Index>(k);
    Eigen::MatrixXd block(kk, kk);
    w_.resize(kk);
    for (Eigen::Index a = 0; a < kk; ++a) {
      w_[a] = m_(parents[a], node);
      for (Eigen::Index b = 0; b < kk; ++b) block(a, b) = m_(parents[a], parents[b]);
    }
    llt_.compute(block);
    base_.singular = kk > 0 && (llt_.info() != Eigen::Success || min_pivot(block) <= kPivotTolerance);
    if (base_.singular) return base_;
    if (kk > 0) llt_.matrixL().solveInPlace(w_);  // w = L^-1 M[P, i]
    base_.log_det = 0;
    for (Eigen::Index a = 0; a < kk; ++a) base_.log_det += 2 * std::log(llt_.matrixL()(a, a));
    base_.residual = m_(node, node) - w_.squaredNorm();
    return base_;
  }

  // Requires set_base(); `extra` must not be in the base set nor be the node.
  Result plus(int extra) const {
    Result out;
    if (base_.singular) { out.singular = true; return out; }
    const Eigen::Index kk = static_cast<Eigen::Index>(parents_.size());
    Eigen::VectorXd v(kk);
    for (Eigen::Index a = 0; a < kk; ++a) v[a] = m_(parents_[a], extra);
    if (kk > 0) llt_.matrixL().solveInPlace(v);  // v = L^-1 M[P, e]
    const double pivot = m_(extra, extra) - v.squaredNorm();
    if (!(pivot > kPivotTolerance * m_(extra, extra))) { out.singular = true; return out; }
    const double cross = m_(node_, extra) - v.dot(w_);
    out.log_det = base_.log_det + std::log(pivot);
    out.residual = base_.residual - cross * cross / pivot;
    return out;
  }

 private:
  static constexpr double kPivotTolerance = 1e-10;
  double min_pivot(const Eigen::MatrixXd& block) const {
    double smallest = 1;
    for (Eigen::Index a = 0; a < block.rows(); ++a) {
      smallest = std::min(smallest, llt_.matrixL()(a, a) * llt_.matrixL()(a, a) / block(a, a));
    }
    return smallest;
  }

  Eigen::Map<const Eigen::MatrixXd> m_;
  Eigen::LLT<Eigen::MatrixXd> llt_;
  Eigen::VectorXd w_;
  std::vector<int> parents_;
  int node_ = 0;
  Result base_;
};

// Family scores of Gaussian data (loglik, aic, bic, bge) for one data set and one spec.
// The BGe matrix is built once; score() and the Conditioners it hands out only read,
// so one GaussianModel serves every thread.
class GaussianModel {
 public:
  GaussianModel(const DataView& data, const ScoreSpec& spec) : data_(data), spec_(spec) {
    if (!data.gaussian()) throw std::invalid_argument("Gaussian scores need continuous data");
    p_ = static_cast<Eigen::Index>(data.n_vars());
    if (spec.type == ScoreType::bge) build_bge();
    else if (spec.type != ScoreType::loglik && spec.type != ScoreType::aic && spec.type != ScoreType::bic) {
      throw std::invalid_argument("this score does not apply to continuous data");
    }
  }

  // The matrix the families are conditioned on: correlations, or BGe's posterior matrix.
  const double* matrix() const { return spec_.type == ScoreType::bge ? bge_.data() : data_.correlation; }
  Eigen::Index size() const { return p_; }

  // Score of `node` with `k` parents from the conditioning results of its parents.
  double score(int node, const Conditioner::Result& r, std::size_t k) const {
    // A singular parent block or an exact fit (a deterministic relation) has no density.
    if (r.singular || !(r.residual > 1e-12 * matrix()[node + node * p_])) {
      return -std::numeric_limits<double>::infinity();
    }
    const double n = data_.n_cases;
    double s = 0;
    if (spec_.type == ScoreType::bge) {
      s = bge_term(k + 1, r.log_det + std::log(r.residual)) - bge_term(k, r.log_det);
    } else {
      const double sd = data_.sd[node];
      const double variance = std::max(r.residual, 0.0) * sd * sd;  // residual variance, MLE
      const double loglik = -0.5 * n * (std::log(2 * M_PI * variance) + 1);
      const double params = static_cast<double>(k) + 2;  // intercept, coefficients, variance
      s = loglik;
      if (spec_.type == ScoreType::aic) s -= spec_.penalty * params;
      if (spec_.type == ScoreType::bic) s -= 0.5 * std::log(n) * params;
    }
    return s + log_structure_prior(spec_, k);
  }

  double score(int node, const int* parents, std::size_t k) const {
    Conditioner c(matrix(), p_);
    return score(node, c.set_base(node, parents, k), k);
  }

 private:
  // BGe (Geiger and Heckerman 2002, with Kuipers, Moffa and Heckerman's 2014 correction):
  // for a set Y of l of the n variables, with T = t I, t = am (aw - n - 1) / (am + 1), the
  // prior mean equal to the sample mean and R = T + S,
  //   log p(D_Y) = l/2 log(am / (N + am)) + log G_l((N + aw - n + l) / 2)
  //     - log G_l((aw - n + l) / 2) - l N / 2 log(pi) + (aw - n + l) / 2 * l log(t)
  //     - (aw + N - n + l) / 2 * log det R_YY,
  // G_l the multivariate gamma function; up to a factor that cancels in the ratio,
  // G_l((c + l) / 2) = prod_{j=1..l} Gamma((c + j) / 2). A family scores
  // log p(D_{i + pa}) - log p(D_pa).
  double bge_term(std::size_t size, double log_det) const {
    const double l = static_cast<double>(size), n = data_.n_cases, vars = static_cast<double>(p_);
    const double am = spec_.am, aw = spec_.aw;
    const double t = am * (aw - vars - 1) / (am + 1);
    double gammas = 0;
    for (std::size_t j = 1; j <= size; ++j) {
      gammas += log_gamma((n + aw - vars + j) / 2) - log_gamma((aw - vars + j) / 2);
    }
    return 0.5 * l * std::log(am / (n + am)) + gammas - 0.5 * l * n * std::log(M_PI) +
           0.5 * (aw - vars + l) * l * std::log(t) - 0.5 * (aw + n - vars + l) * log_det;
  }

  void build_bge() {
    if (!(spec_.am > 0) || !(spec_.aw > static_cast<double>(p_) + 1)) {
      throw std::invalid_argument("BGe needs am > 0 and aw > n + 1");
    }
    const double t = spec_.am * (spec_.aw - static_cast<double>(p_) - 1) / (spec_.am + 1);
    bge_.resize(static_cast<std::size_t>(p_ * p_));
    for (Eigen::Index a = 0; a < p_; ++a) {
      for (Eigen::Index b = 0; b < p_; ++b) {
        const double scatter = data_.n_cases * data_.sd[a] * data_.sd[b] * data_.correlation[a + b * p_];
        bge_[static_cast<std::size_t>(a + b * p_)] = scatter + (a == b ? t : 0.0);
      }
    }
  }

  DataView data_;
  ScoreSpec spec_;
  Eigen::Index p_ = 0;
  std::vector<double> bge_;
};

// Fisher's z test of X _||_ Y | Z from the partial correlation
// r = -P_xy / sqrt(P_xx P_yy), P the inverse of the correlation block of {x, y, Z}:
// z = sqrt(N - |Z| - 3) atanh(r), two-sided normal p-value. Returns the statistic z,
// df = N - |Z| - 3 and the p-value; `r` receives the partial correlation.
struct FisherZ {
  double statistic = 0, df = 0, p_value = 1, r = 0;
};

// The rows and columns `vars` of the correlation matrix.
inline Eigen::MatrixXd correlation_block(const DataView& data, const std::vector<int>& vars) {
  const Eigen::Index p = static_cast<Eigen::Index>(data.n_vars()), k = static_cast<Eigen::Index>(vars.size());
  Eigen::Map<const Eigen::MatrixXd> c(data.correlation, p, p);
  Eigen::MatrixXd block(k, k);
  for (Eigen::Index a = 0; a < k; ++a)
    for (Eigen::Index b = 0; b < k; ++b) block(a, b) = c(vars[a], vars[b]);
  return block;
}

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
