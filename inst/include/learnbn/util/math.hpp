// Numerical helpers safe to call from worker threads.
#pragma once
#include <cmath>
#if !defined(__GLIBC__)
#include <boost/math/special_functions/gamma.hpp>
#endif

namespace learnbn {

// log Gamma(x) for x > 0. glibc's lgamma writes the global `signgam`, so it is not
// thread-safe; lgamma_r is. Elsewhere Boost's header-only version is used.
inline double log_gamma(double x) {
#if defined(__GLIBC__)
  int sign;
  return lgamma_r(x, &sign);
#else
  return boost::math::lgamma(x);
#endif
}

// x log x with the convention 0 log 0 = 0.
inline double x_log_x(double x) { return x > 0 ? x * std::log(x) : 0.0; }

}  // namespace learnbn
