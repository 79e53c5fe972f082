// The Bayesian conditional Gaussian score of mixed data ("bcg"): the marginal likelihood
// under the master prior of Bottcher and Dethlefsen, as R's deal 1.2 computes it from
// its default prior network (every variable independent: discrete ones uniform,
// continuous ones with the data's mean and maximum-likelihood variance) and an imaginary
// sample size N that must exceed TD, the number of joint configurations of all the
// discrete variables.
//
// On variables standardised by their mean and ML standard deviation the master prior is
// the same in every joint configuration, so deal's local prior of a continuous node with
// p continuous parents, in a configuration of its q discrete-parent configurations, is
//   coefficients (intercept, slopes) ~ N(0, sigma^2 tau^-1), tau = diag(N/q, c, ..., c),
//   sigma^2 ~ inverse gamma (rho/2, phi/2), rho = N/q + p, phi = c = (N - TD)/q,
// and the configuration's rows y (given Z = [1 X]) are multivariate t, so
//   log p(y) = lgamma((rho+n)/2) - lgamma(rho/2) - n/2 log(pi) + rho/2 log(phi)
//              - 1/2 (log det(tau + Z'Z) - log det tau) - (rho+n)/2 log(phi + Q),
//   Q = y'y - y'Z (tau + Z'Z)^-1 Z'y,
// minus n log(sd) to return to the units of the data (the prior is equivariant under
// each variable's location and scale). deal's sequential updates give the same number.
// A discrete family is BDeu with iss N (deal's Dirichlet prior alpha = N / (q r)).
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

#include "../util/math.hpp"

namespace learnbn {

// The log marginal likelihood (standardised units) of one configuration of a continuous
// family: n cases, `mean` the means and `centred` the lower centred cross-products
// (row-major, d x d) of the d - 1 standardised continuous parents then the node; `q` the
// number of configurations of the discrete parents, `iss` = N, `td` = TD. `work` is
// scratch space. Eliminating the intercept from G = tau + Z'Z, b = Z'y leaves
//   log det G = log(nu + n) + log det A_xx,  Q = A_yy - A_yx A_xx^-1 A_xy,
//   A = centred + k mean mean' + diag(c, ..., c, 0),  k = n nu / (nu + n),
// which a Cholesky factor of A gives (Q its last squared pivot), without the raw
// cross-products' cancellation when a configuration's mean is far from the data's.
inline double master_prior_config(double n, const double* mean, const double* centred,
                                  std::size_t d, double q, double iss, double td,
                                  std::vector<double>& work) {
  const std::size_t p = d - 1;
  const double nu = iss / q, c = (iss - td) / q, rho = nu + static_cast<double>(p);
  const double k = n * nu / (nu + n);
  work.assign(d * d, 0.0);
  double* g = work.data();
  for (std::size_t a = 0; a < d; ++a) {
    for (std::size_t b = 0; b <= a; ++b) g[a * d + b] = centred[a * d + b] + k * mean[a] * mean[b];
    if (a < p) g[a * d + a] += c;
  }
  // Cholesky A = L L' in place (lower triangle); the node's pivot is left squared: Q.
  double log_det = std::log(nu + n), Q = 0;
  for (std::size_t i = 0; i < d; ++i) {
    for (std::size_t j = 0; j <= i; ++j) {
      double x = g[i * d + j];
      for (std::size_t t = 0; t < j; ++t) x -= g[i * d + t] * g[j * d + t];
      if (i == j && i == p) {
        Q = x;
      } else if (i == j) {
        g[i * d + i] = std::sqrt(x);
        log_det += std::log(x);
      } else {
        g[i * d + j] = x / g[j * d + j];
      }
    }
  }
  const double log_det_tau = std::log(nu) + static_cast<double>(p) * std::log(c);
  const double phi = c;
  return log_gamma((rho + n) / 2) - log_gamma(rho / 2) - n / 2 * std::log(M_PI) +
         rho / 2 * std::log(phi) - 0.5 * (log_det - log_det_tau) -
         (rho + n) / 2 * std::log(phi + Q);
}

}  // namespace learnbn
