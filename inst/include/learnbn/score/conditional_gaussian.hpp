// Conditional linear Gaussian (CLG) family scores of mixed data: a continuous node is one
// linear regression on its continuous parents per configuration of its discrete parents;
// a discrete node has discrete parents only (its family is counted by the Counter).
// The definitions are bnlearn 4.9's "loglik-cg", "aic-cg" and "bic-cg", to the digit:
//   configuration j with n_j cases and p = |continuous parents| + 1 coefficients:
//   s_j^2 = RSS_j / (n_j - p) (unbiased, as bnlearn's c_cls), and
//   loglik_j = sum_rows log dnorm(x, fitted, s_j) = -n_j/2 log(2 pi s_j^2) - (n_j - p)/2;
//   parameters: q (p + 1) for q = prod of the discrete parents' levels (all declared
//   configurations, observed or not); AIC subtracts them, BIC log(N)/2 times them.
// The Bayesian "bcg" score (deal's) is master_prior.hpp's, from the same statistics.
// The sufficient statistics (per observed configuration: cases, sums and cross-products
// of the continuous variables) come from one pass over the rows.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "../data/data.hpp"
#include "cg_rows.hpp"
#include "family_score.hpp"
#include "master_prior.hpp"

namespace learnbn {

// Whether `data` mixes discrete and continuous columns (a view of bn_data's "mixed" type).
inline bool is_mixed(const DataView& data) {
  if (data.gaussian()) return false;
  for (const Column& column : data.columns) {
    if (column.real) return true;
  }
  return false;
}

// Why a CLG family has no finite score (`none`: it has one), or, for `collinear`, why
// one of its continuous parents was left out of a configuration's regression.
//   few_rows: a configuration with cases but no more than p of them (s_j is 0);
//   exact_fit: a configuration where the node is a linear function of its parents;
//   collinear: a continuous parent constant, or a linear function of the others, within
//     a configuration: as bnlearn's pivoting QR, it is left out of that regression but
//     still counted in p and the parameters (the score stays finite);
//   continuous_parent: a discrete node with a continuous parent (no CLG density).
enum class CGStatus { none = 0, few_rows, exact_fit, collinear, continuous_parent };

struct CGFamily {
  double loglik = 0;
  double params = 0;
  CGStatus status = CGStatus::none;
  // The first configuration concerned (0-based, mixed radix over the discrete parents in
  // their given order, the first fastest), or -1.
  double config = -1;
};

class ConditionalGaussian {
 public:
  // Within a configuration, a residual variance below this share of the node's variance
  // is an exact fit, and a parent's below this share of its own variance is collinear
  // (the limit of score/gaussian.hpp, on the same correlation scale).
  static constexpr double kTolerance = 1e-12;
  static constexpr double kCollinear = 1e-10;
  // Up to this many continuous variables, the cross-products of pairs are kept once
  // computed, and a family without discrete parents is scored from them, without rows.
  static constexpr std::size_t kMaxPairs = 1024;

  ConditionalGaussian(const DataView& data, const ScoreSpec& spec)
      : data_(data),
        spec_(spec),
        mean_(data.n_vars(), 0.0),
        scale_(data.n_vars(), 1.0),
        slot_(data.n_vars(), -1),
        rows_(data_, mean_, scale_) {
    if (spec.type != ScoreType::loglik && spec.type != ScoreType::aic &&
        spec.type != ScoreType::bic && spec.type != ScoreType::bcg &&
        spec.type != ScoreType::cg_bic) {
      throw std::invalid_argument("mixed data are scored by loglik, aic, bic, bcg or cg_bic");
    }
    // Standardising once keeps the cross-products well conditioned whatever the units.
    for (std::size_t v = 0; v < data.n_vars(); ++v) {
      const double* x = data.columns[v].real;
      if (!x) continue;
      double sum = 0, sq = 0;
      for (std::size_t row = 0; row < data.n_rows; ++row) sum += data.weight(row) * x[row];
      const double mean = sum / data.n_cases;
      for (std::size_t row = 0; row < data.n_rows; ++row) {
        sq += data.weight(row) * (x[row] - mean) * (x[row] - mean);
      }
      mean_[v] = mean;
      scale_[v] = sq > 0 ? std::sqrt(sq / data.n_cases) : 1.0;
      slot_[v] = static_cast<int>(n_continuous_++);
    }
    for (const Column& column : data.columns) {
      if (!column.real) joint_configs_ *= column.cardinality;
    }
    if (spec.type == ScoreType::bcg && !(spec.iss > joint_configs_)) {
      throw std::invalid_argument("bcg needs iss above the joint discrete configurations");
    }
    if (n_continuous_ <= kMaxPairs) {
      pairs_.assign(n_continuous_ * n_continuous_, std::numeric_limits<double>::quiet_NaN());
    }
  }

  bool continuous(int var) const { return data_.columns[var].real != nullptr; }

  // The score of a family whose node is continuous or has a continuous parent.
  double score(int node, const int* parents, std::size_t k) {
    if (spec_.type == ScoreType::cg_bic) return tetrad(node, parents, k);
    split(parents, k);
    if (continuous(node)) collect(node);
    return scored(node, k);
  }

  // out[e] = score(node, parents + {extras[e]}) where done[e], from one pass over the rows
  // (CGRows::gather_additions) with the same numbers; the others are left to score():
  // discrete nodes, cg_bic, continuous extras scored without rows (from_pairs).
  void score_additions(int node, const int* parents, std::size_t k, const int* extras,
                       std::size_t m, double* out, std::vector<char>& done) {
    done.assign(m, 0);
    if (!continuous(node) || spec_.type == ScoreType::cg_bic) return;
    split(parents, k);
    const double q = configurations();
    if (!(q < 9.2e18)) return;
    std::vector<std::size_t> which;
    plus_cont_.clear();
    plus_disc_.clear();
    for (int pass = 0; pass < 2; ++pass) {  // the continuous extras first
      for (std::size_t e = 0; e < m; ++e) {
        const int v = extras[e];
        if (continuous(v) != (pass == 0)) continue;
        if (pass == 0 && disc_.empty() && !pairs_.empty()) continue;
        if (pass == 1 && !(q * data_.columns[v].cardinality < 9.2e18)) continue;
        which.push_back(e);
        (pass == 0 ? plus_cont_ : plus_disc_).push_back(v);
      }
    }
    if (which.size() < 2) return;  // one family: a pass of its own
    vars_.assign(cont_.begin(), cont_.end());
    vars_.push_back(node);
    rows_.gather_additions(disc_, vars_, plus_cont_, plus_disc_, taken_);
    const std::vector<int> disc = disc_, cont = cont_;
    for (std::size_t t = 0, c = 0, g = 0; t < which.size(); ++t) {
      if (!taken_[t]) continue;
      disc_ = disc;
      cont_ = cont;
      if (t < plus_cont_.size()) {
        cont_.push_back(plus_cont_[t]);
        rows_.continuous_addition(c++, keys_, n_, s_, c_, p_);
      } else {
        disc_.push_back(plus_disc_[t - plus_cont_.size()]);
        rows_.discrete_addition(g++, keys_, n_, s_, c_, p_);
      }
      out[which[t]] = scored(node, k + 1);
      done[which[t]] = 1;
    }
  }

  CGFamily fit(int node, const int* parents, std::size_t k) {
    split(parents, k);
    if (continuous(node)) collect(node);
    return fit_gathered(node);
  }

  // The "cg_bic" score (Andrews, Ramsey and Cooper 2018, as Tetrad's
  // ConditionalGaussianScore): L(family) - L(parents) - discount (dof(family) -
  // dof(parents)) log(N) / 2, half Tetrad's number (learnbn's log scale). L(X, A) is the
  // log-likelihood of the continuous X jointly Gaussian within each cell of the discrete
  // A, plus the cells' multinomial log-likelihood, over the cells with at least kMinCell
  // (and |X|) cases; each cell's covariance has divisor n - 1 (Tetrad's); a cell whose
  // covariance determinant is below 1e-12 (in the data's units) makes the score -Inf.
  // dof(X, A) = f (|X| + |X| (|X| + 1) / 2) + f - 1, f = the product of A's levels.
  static constexpr double kMinCell = 4;
  double tetrad(int node, const int* parents, std::size_t k) {
    double dof = 0;
    const double lik = tetrad_likelihood(node, parents, k, dof);
    const double s = lik - spec_.penalty_discount * 0.5 * dof * std::log(data_.n_cases);
    return std::isnan(s) ? -std::numeric_limits<double>::infinity() : s;
  }
  // L(family) - L(parents) (NaN where Tetrad's is undefined), and `dof` their difference.
  double tetrad_likelihood(int node, const int* parents, std::size_t k, double& dof) {
    split(parents, k);
    std::vector<int> disc0 = disc_, cont0 = cont_;
    double dof0 = 0, dof1 = 0;
    const double l0 = joint_loglik(disc0, cont0, dof0);
    (continuous(node) ? cont0 : disc0).push_back(node);
    const double l1 = joint_loglik(disc0, cont0, dof1);
    dof = dof1 - dof0;
    return l1 - l0;
  }

 private:
  // The score of the family split into disc_ and cont_, its statistics collected.
  double scored(int node, std::size_t k) {
    if (spec_.type == ScoreType::bcg) return bayesian(node, k);
    const CGFamily f = fit_gathered(node);
    if (f.status != CGStatus::none && f.status != CGStatus::collinear) {
      return -std::numeric_limits<double>::infinity();
    }
    double s = f.loglik;
    const double discount = spec_.penalty_discount;
    if (spec_.type == ScoreType::aic) s -= discount * f.params;
    if (spec_.type == ScoreType::bic) s -= discount * 0.5 * std::log(data_.n_cases) * f.params;
    return s;
  }

  void collect(int node) {
    if (disc_.empty() && !pairs_.empty()) from_pairs(node); else gather(node);
  }

  CGFamily fit_gathered(int node) {
    CGFamily out;
    if (!continuous(node)) {
      if (!cont_.empty()) out.status = CGStatus::continuous_parent;
      return out;  // a discrete family is the Counter's
    }
    const double q = configurations();
    out.params = q * (static_cast<double>(cont_.size()) + 2);
    const std::size_t d = cont_.size() + 1, p = d;  // p coefficients: intercept + slopes
    for (std::size_t j = 0; j < n_.size(); ++j) {
      const double nj = n_[j];
      if (nj <= static_cast<double>(p)) {
        return flag(out, CGStatus::few_rows, j);
      }
      bool dropped = false;
      const double rss = residual(j, d, nj, dropped) * scale_[node] * scale_[node];
      if (dropped && out.status == CGStatus::none) flag(out, CGStatus::collinear, j);
      if (!(rss > kTolerance * nj * scale_[node] * scale_[node])) {
        return flag(out, CGStatus::exact_fit, j);
      }
      const double df = nj - static_cast<double>(p);
      out.loglik += -0.5 * nj * std::log(2 * M_PI * rss / df) - 0.5 * df;
    }
    return out;
  }

  // The "bcg" score of a family with a continuous node (master_prior.hpp), or -Inf for
  // a discrete node with a continuous parent.
  double bayesian(int node, std::size_t k) {
    if (!continuous(node)) return -std::numeric_limits<double>::infinity();
    const double q = configurations();
    const std::size_t d = cont_.size() + 1;
    double s = 0;
    std::vector<double> mean(d), centred(d * d);
    for (std::size_t j = 0; j < n_.size(); ++j) {
      const double nj = n_[j], *sum = s_.data() + j * d, *cross = c_.data() + j * d * d;
      for (std::size_t a = 0; a < d; ++a) {
        mean[a] = p_[j * d + a] + sum[a] / nj;
        for (std::size_t b = 0; b <= a; ++b) {
          centred[a * d + b] = cross[a * d + b] - sum[a] * sum[b] / nj;
        }
      }
      s += master_prior_config(nj, mean.data(), centred.data(), d, q, spec_.iss, joint_configs_,
                               work_) -
           nj * std::log(scale_[node]);
    }
    return s + log_structure_prior(spec_, k);
  }

  double joint_loglik(const std::vector<int>& disc, const std::vector<int>& cont,
                      double& dof) {
    disc_ = disc;
    vars_ = cont;
    const double f = configurations(), p = static_cast<double>(cont.size());
    dof = f * (p + p * (p + 1) / 2) + f - 1;
    gather_vars();
    const std::size_t d = cont.size();
    double total = 0, lnl = 0;
    for (double n : n_) {
      if (n >= kMinCell && n >= p) total += n;
    }
    if (total == 0) return std::numeric_limits<double>::quiet_NaN();
    double log_scale = 0;  // log prod sd^2: back to the data's units
    for (int v : cont) log_scale += 2 * std::log(scale_[v]);
    for (std::size_t j = 0; j < n_.size(); ++j) {
      const double n = n_[j];
      if (!(n >= kMinCell && n >= p)) continue;
      if (!disc.empty()) lnl += n * std::log(n / total);
      if (d == 0) continue;
      const double log_det = covariance_log_det(j, d, n) + log_scale;
      if (!(log_det >= std::log(1e-12))) return std::numeric_limits<double>::quiet_NaN();
      lnl += n * (-0.5 * log_det - 0.5 * p * (1 + std::log(2 * M_PI)));
    }
    return lnl;
  }

  // log det of cell j's covariance (divisor n - 1) of the standardised variables, or -Inf
  // when it is not positive definite.
  double covariance_log_det(std::size_t j, std::size_t d, double n) {
    const double* sum = s_.data() + j * d;
    const double* cross = c_.data() + j * d * d;
    work_.assign(d * d, 0.0);
    for (std::size_t a = 0; a < d; ++a) {
      for (std::size_t b = 0; b <= a; ++b) {
        work_[a * d + b] = (cross[a * d + b] - sum[a] * sum[b] / n) / (n - 1);
      }
    }
    double log_det = 0;
    for (std::size_t i = 0; i < d; ++i) {
      for (std::size_t j2 = 0; j2 <= i; ++j2) {
        double x = work_[i * d + j2];
        for (std::size_t t = 0; t < j2; ++t) x -= work_[i * d + t] * work_[j2 * d + t];
        if (i == j2) {
          if (!(x > 0)) return -std::numeric_limits<double>::infinity();
          work_[i * d + i] = std::sqrt(x);
          log_det += std::log(x);
        } else {
          work_[i * d + j2] = x / work_[j2 * d + j2];
        }
      }
    }
    return log_det;
  }

  CGFamily& flag(CGFamily& out, CGStatus status, std::size_t compact) {
    out.status = status;
    out.config = static_cast<double>(keys_[compact]);
    return out;
  }

  void split(const int* parents, std::size_t k) {
    disc_.clear();
    cont_.clear();
    for (std::size_t i = 0; i < k; ++i) {
      (continuous(parents[i]) ? cont_ : disc_).push_back(parents[i]);
    }
  }

  double configurations() const {
    double q = 1;
    for (int v : disc_) q *= data_.columns[v].cardinality;
    return q;
  }

  // One pass over the rows: each row's configuration of the discrete parents, renumbered
  // to the observed ones (keys_), with cases n_, sums s_ and lower cross-products c_ of
  // the standardised continuous parents then the node, less their pilots p_ (CGRows).
  void gather(int node) {
    vars_.assign(cont_.begin(), cont_.end());
    vars_.push_back(node);
    gather_vars();
  }

  // gather() of the variables vars_ (any number, none included) by the cells of disc_.
  void gather_vars() {
    if (configurations() >= 9.2e18) throw std::length_error("too many parent configurations");
    rows_.gather(disc_, vars_, keys_, n_, s_, c_, p_);
  }

  // The statistics of one configuration (all rows) from the pairs' cross-products of
  // the standardised (so centred) variables: the sums and pilots are 0.
  void from_pairs(int node) {
    const std::size_t d = cont_.size() + 1;
    vars_.assign(cont_.begin(), cont_.end());
    vars_.push_back(node);
    keys_.assign(1, 0);
    n_.assign(1, data_.n_cases);
    s_.assign(d, 0.0);
    p_.assign(d, 0.0);
    c_.assign(d * d, 0.0);
    for (std::size_t a = 0; a < d; ++a) {
      for (std::size_t b = 0; b <= a; ++b) c_[a * d + b] = pair(vars_[a], vars_[b]);
    }
  }

  // sum_rows w z_u z_v of two standardised continuous variables, computed once.
  double pair(int u, int v) {
    double& slot = pairs_[static_cast<std::size_t>(slot_[u]) * n_continuous_ + slot_[v]];
    if (!std::isnan(slot)) return slot;
    const double *x = rows_.standardised(u), *y = rows_.standardised(v);
    double sum = 0;
    for (std::size_t row = 0; row < data_.n_rows; ++row) sum += data_.weight(row) * x[row] * y[row];
    slot = sum;
    pairs_[static_cast<std::size_t>(slot_[v]) * n_continuous_ + slot_[u]] = sum;
    return sum;
  }

  // The residual sum of squares (standardised) of the node on the continuous parents in
  // configuration j: a Cholesky factor of the centred cross-products of the parents,
  // grown one parent at a time; a parent whose pivot is below kCollinear of its own
  // centred sum of squares (or with none) is left out, and `dropped` set.
  double residual(std::size_t j, std::size_t d, double nj, bool& dropped) {
    const double* sum = s_.data() + j * d;
    const double* cross = c_.data() + j * d * d;
    auto centred = [&](std::size_t a, std::size_t b) {
      const std::size_t hi = a > b ? a : b, lo = a > b ? b : a;
      return cross[hi * d + lo] - sum[a] * sum[b] / nj;
    };
    const std::size_t m = d - 1;
    factor_.assign(m * m, 0.0);  // lower triangular, rows of kept parents
    kept_.clear();
    std::vector<double> w;
    auto solve = [&](std::size_t col) {  // w = L^-1 C[kept, col]
      w.assign(kept_.size(), 0.0);
      for (std::size_t r = 0; r < kept_.size(); ++r) {
        double x = centred(kept_[r], col);
        for (std::size_t t = 0; t < r; ++t) x -= factor_[r * m + t] * w[t];
        w[r] = x / factor_[r * m + r];
      }
      double norm = 0;
      for (double x : w) norm += x * x;
      return norm;
    };
    for (std::size_t a = 0; a < m; ++a) {
      const double own = centred(a, a);
      const double pivot = own - solve(a);
      if (!(own > kTolerance * nj) || !(pivot > kCollinear * own)) {
        dropped = true;
        continue;
      }
      const std::size_t r = kept_.size();
      for (std::size_t t = 0; t < r; ++t) factor_[r * m + t] = w[t];
      factor_[r * m + r] = std::sqrt(pivot);
      kept_.push_back(a);
    }
    return centred(m, m) - solve(m);
  }

  DataView data_;
  ScoreSpec spec_;
  std::vector<double> mean_, scale_;
  std::vector<int> slot_;         // a continuous variable's index among them, or -1
  std::size_t n_continuous_ = 0;
  double joint_configs_ = 1;      // TD: the joint configurations of the discrete variables
  std::vector<double> work_;
  std::vector<double> pairs_;     // n_continuous_^2 cross-products, NaN until computed
  std::vector<int> disc_, cont_, vars_;
  std::vector<int> plus_cont_, plus_disc_;  // score_additions()'s extras in one pass
  std::vector<char> taken_;
  CGRows rows_;                   // refers to data_, mean_ and scale_
  std::vector<std::uint64_t> keys_;
  std::vector<double> n_, s_, c_, p_, factor_;
  std::vector<std::size_t> kept_;
};

}  // namespace learnbn
