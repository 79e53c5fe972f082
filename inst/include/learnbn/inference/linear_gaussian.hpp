// The conditional Gaussian core of query(), predict() and impute() on linear-Gaussian and
// conditional linear Gaussian fits (R/fit-mixed-normal.R). Given the states of the
// discrete nodes (a configuration), the continuous nodes are jointly normal:
// normal_moments() builds that normal in each of m configurations, node by node in
// topological order from x_i = b_0 + sum_t b_t x_t + e_i, and condition_normal()
// conditions it on observed values one observed node at a time (the chain rule gives the
// density of the observed values as the product of each one's density given those before).
// Arrays are column-major, configurations (or cases) fastest, as R holds them: the mean
// is m x p, the covariance m x p x p. The arithmetic is R's own, in R's order, so that the
// answers are those of the plain-R recursion to the last bit.
#pragma once
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <vector>

namespace learnbn {

// One continuous node's regression in each configuration of its discrete parents.
struct LinearFamily {
  std::vector<int> parents;          // positions of its continuous parents, all earlier
  std::vector<double> coefficients;  // (1 + parents) x configurations: intercept first
  std::vector<double> sd;            // residual sd per configuration
  std::vector<int> config;           // 0-based configuration in each of the m, or one for all
};

// The 0-based column of `family` in configuration c, checked.
inline std::size_t family_column(const LinearFamily& family, std::size_t c) {
  const int column = family.config.size() == 1 ? family.config[0] : family.config[c];
  if (column < 0 || static_cast<std::size_t>(column) >= family.sd.size()) {
    throw std::out_of_range("normal_moments: a configuration outside the node's parameters");
  }
  return static_cast<std::size_t>(column);
}

inline void check_family(const LinearFamily& family, std::size_t position, std::size_t m) {
  const std::size_t terms = 1 + family.parents.size();
  if (family.coefficients.size() != terms * family.sd.size() ||
      (family.config.size() != 1 && family.config.size() != m)) {
    throw std::invalid_argument("normal_moments: parameters and configurations disagree");
  }
  for (int parent : family.parents) {
    if (parent < 0 || static_cast<std::size_t>(parent) >= position) {
      throw std::invalid_argument("normal_moments: a parent that is not an earlier node");
    }
  }
}

// Mean (m x p), covariance (m x p x p) and `unfitted` (m x p: the node's own parameters
// are NaN there) of the families in topological order, written to the caller's arrays.
// NaN parameters give NaN moments for the node and its descendants.
inline void normal_moments(const std::vector<LinearFamily>& families, std::size_t m,
                           double* mean, double* cov, int* unfitted) {
  const std::size_t p = families.size();
  std::fill(mean, mean + m * p, 0.0);
  std::fill(cov, cov + m * p * p, 0.0);
  auto at = [m, p](std::size_t c, std::size_t i, std::size_t j) { return c + m * (i + p * j); };
  std::vector<std::size_t> column(m);
  for (std::size_t i = 0; i < p; ++i) {
    const LinearFamily& family = families[i];
    check_family(family, i, m);
    const std::size_t terms = 1 + family.parents.size();
    for (std::size_t c = 0; c < m; ++c) {
      column[c] = family_column(family, c);
      const double* beta = &family.coefficients[column[c] * terms];
      bool missing = std::isnan(family.sd[column[c]]);
      for (std::size_t t = 0; t < terms; ++t) missing = missing || std::isnan(beta[t]);
      unfitted[c + m * i] = missing;
      mean[c + m * i] = beta[0];
    }
    // cov(x_i, x_j) = sum_t b_t cov(x_t, x_j) for the earlier nodes j
    for (std::size_t k = 0; k < family.parents.size(); ++k) {
      const std::size_t parent = static_cast<std::size_t>(family.parents[k]);
      for (std::size_t c = 0; c < m; ++c) {
        const double slope = family.coefficients[column[c] * terms + 1 + k];
        mean[c + m * i] = mean[c + m * i] + slope * mean[c + m * parent];
        for (std::size_t j = 0; j < i; ++j) {
          cov[at(c, i, j)] = cov[at(c, i, j)] + slope * cov[at(c, parent, j)];
        }
      }
    }
    // var(x_i) = sum_t b_t cov(x_t, x_i) + sd^2, with cov(x_t, x_i) just computed
    for (std::size_t c = 0; c < m; ++c) {
      const double sd = family.sd[column[c]];
      cov[at(c, i, i)] = sd * sd;
      for (std::size_t j = 0; j < i; ++j) cov[at(c, j, i)] = cov[at(c, i, j)];
    }
    for (std::size_t k = 0; k < family.parents.size(); ++k) {
      const std::size_t parent = static_cast<std::size_t>(family.parents[k]);
      for (std::size_t c = 0; c < m; ++c) {
        const double slope = family.coefficients[column[c] * terms + 1 + k];
        cov[at(c, i, i)] = cov[at(c, i, i)] + slope * cov[at(c, i, parent)];
      }
    }
  }
}

// log dnorm(x, 0, sigma), as R's dnorm(log = TRUE) computes it (nmath/dnorm.c).
inline double log_normal_density(double x, double sigma) {
  const double inf = std::numeric_limits<double>::infinity();
  if (std::isnan(x) || std::isnan(sigma)) return x + sigma;
  if (sigma < 0) return std::numeric_limits<double>::quiet_NaN();
  if (!std::isfinite(sigma)) return -inf;
  if (sigma == 0) return x == 0 ? inf : -inf;
  double z = x / sigma;
  if (!std::isfinite(z)) return -inf;
  z = std::fabs(z);
  if (z >= 2 * std::sqrt(DBL_MAX)) return -inf;
  const double log_sqrt_2pi = 0.918938533204672741780329736406;
  return -(log_sqrt_2pi + 0.5 * z * z + std::log(sigma));
}

// The normal of normal_moments() (cov: m x p x p, changed in place to the conditional
// covariance of each configuration) conditioned in each of `cases` cases (mean: cases x p,
// changed in place; config: each case's 0-based configuration) on the values x (cases x
// observed) of the nodes at positions `observed`, in that order; log_density (cases)
// receives the log density of each case's values (-inf where it is NaN: they need NaN
// parameters). Returns false, leaving the arrays part-way, when an observed node's
// variance given the ones before it is not above 1e-10 times its variance (a residual sd
// of 0 or nearly: conditioning on all of them is not defined).
inline bool condition_normal(std::size_t m, std::size_t p, double* cov, std::size_t cases,
                             double* mean, const int* config, const std::vector<int>& observed,
                             const double* x, double* log_density) {
  auto at = [m, p](std::size_t c, std::size_t i, std::size_t j) { return c + m * (i + p * j); };
  for (std::size_t r = 0; r < cases; ++r) {
    if (config[r] < 0 || static_cast<std::size_t>(config[r]) >= m) {
      throw std::out_of_range("condition_normal: a case's configuration is out of range");
    }
    log_density[r] = 0.0;
  }
  std::vector<double> prior(m * p), variance(m), column(m * p);
  for (std::size_t c = 0; c < m; ++c) {
    for (std::size_t j = 0; j < p; ++j) prior[c + m * j] = cov[at(c, j, j)];
  }
  for (std::size_t q = 0; q < observed.size(); ++q) {
    if (observed[q] < 0 || static_cast<std::size_t>(observed[q]) >= p) {
      throw std::out_of_range("condition_normal: an observed node is out of range");
    }
    const std::size_t node = static_cast<std::size_t>(observed[q]);
    for (std::size_t c = 0; c < m; ++c) {
      variance[c] = cov[at(c, node, node)];
      const double least = 1e-10 * prior[c + m * node];
      if (!std::isnan(variance[c]) && !std::isnan(least) && !(variance[c] > least)) return false;
      for (std::size_t j = 0; j < p; ++j) column[c + m * j] = cov[at(c, j, node)];
    }
    for (std::size_t r = 0; r < cases; ++r) {
      const std::size_t c = static_cast<std::size_t>(config[r]);
      const double deviation = x[r + cases * q] - mean[r + cases * node];
      log_density[r] = log_density[r] + log_normal_density(deviation, std::sqrt(variance[c]));
      const double gain = deviation / variance[c];
      for (std::size_t j = 0; j < p; ++j) {
        mean[r + cases * j] = mean[r + cases * j] + column[c + m * j] * gain;
      }
    }
    for (std::size_t b = 0; b < p; ++b) {
      for (std::size_t a = 0; a < p; ++a) {
        for (std::size_t c = 0; c < m; ++c) {
          cov[at(c, a, b)] = cov[at(c, a, b)] - column[c + m * a] * column[c + m * b] / variance[c];
        }
      }
    }
  }
  for (std::size_t r = 0; r < cases; ++r) {
    if (std::isnan(log_density[r])) log_density[r] = -std::numeric_limits<double>::infinity();
  }
  return true;
}

}  // namespace learnbn
