// Scores of linear-Gaussian families (log-likelihood, AIC, BIC, BGe) from the sufficient
// statistics of data/gaussian_stats.hpp, without touching the rows again. Working on the
// correlation matrix keeps the regressions well conditioned whatever the units.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include "../data/data.hpp"
#include "../util/math.hpp"
#include "family_score.hpp"

namespace learnbn {

// Conditions one variable on a set through a symmetric positive definite matrix M:
// set_base(node, parents) factors M[P, P] = L L' once; plus(extra) then gives, for the
// set P + {extra}, log det M[P+e, P+e] and the Schur complement
// M[i, i] - M[i, P+e] M[P+e, P+e]^-1 M[P+e, i] in O(|P|^2) (a rank-one extension).
// The factor is Eigen's, behind a pointer, so that this header stays free of Eigen: the
// members are defined in gaussian_eigen.hpp, compiled in one translation unit.
class Conditioner {
 public:
  struct Result {
    double log_det = 0;      // log det of the conditioning block
    double residual = 0;     // Schur complement of the node given the set
    bool singular = false;   // the conditioning block is (numerically) singular
  };

  Conditioner(const double* matrix, std::ptrdiff_t p);
  ~Conditioner();
  Conditioner(const Conditioner&) = delete;
  Conditioner& operator=(const Conditioner&) = delete;

  Result set_base(int node, const int* parents, std::size_t k);
  // Requires set_base(); `extra` must not be in the base set nor be the node.
  Result plus(int extra) const;

 private:
  struct State;  // the matrix, the factor of the base block and L^-1 M[P, i]
  std::unique_ptr<State> state_;
};

// Family scores of Gaussian data (loglik, aic, bic, bge) for one data set and one spec.
// The BGe matrix is built once; score() and the Conditioners it hands out only read,
// so one GaussianModel serves every thread.
class GaussianModel {
 public:
  // `penalty_cases`: the N of BIC's log(N) penalty when not the data's (interventional
  // data: a family fitted on some rows is penalised as one of the whole data).
  GaussianModel(const DataView& data, const ScoreSpec& spec, double penalty_cases = 0)
      : data_(data),
        spec_(spec),
        penalty_cases_(penalty_cases > 0 ? penalty_cases : data.n_cases) {
    if (!data.gaussian()) throw std::invalid_argument("Gaussian scores need continuous data");
    p_ = static_cast<std::ptrdiff_t>(data.n_vars());
    if (spec.type == ScoreType::bge) build_bge();
    else if (spec.type != ScoreType::loglik && spec.type != ScoreType::aic &&
             spec.type != ScoreType::bic) {
      throw std::invalid_argument("this score does not apply to continuous data");
    }
  }

  // The matrix the families are conditioned on: correlations, or BGe's posterior matrix.
  const double* matrix() const {
    return spec_.type == ScoreType::bge ? bge_.data() : data_.correlation;
  }
  std::ptrdiff_t size() const { return p_; }

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
      if (spec_.type == ScoreType::aic) s -= spec_.penalty_discount * params;
      if (spec_.type == ScoreType::bic) {
        s -= spec_.penalty_discount * 0.5 * std::log(penalty_cases_) * params;
      }
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
    for (std::ptrdiff_t a = 0; a < p_; ++a) {
      for (std::ptrdiff_t b = 0; b < p_; ++b) {
        const double scatter =
            data_.n_cases * data_.sd[a] * data_.sd[b] * data_.correlation[a + b * p_];
        bge_[static_cast<std::size_t>(a + b * p_)] = scatter + (a == b ? t : 0.0);
      }
    }
  }

  DataView data_;
  ScoreSpec spec_;
  double penalty_cases_;
  std::ptrdiff_t p_ = 0;
  std::vector<double> bge_;
};

}  // namespace learnbn
