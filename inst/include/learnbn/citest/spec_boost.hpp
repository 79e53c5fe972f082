// The Boost.Math half of spec.hpp. Not inline: include this header in one translation
// unit of a program only (src/chisq-boost.cpp, or the core tests).
#pragma once
#include <boost/math/special_functions/gamma.hpp>

#include "spec.hpp"

namespace learnbn {

double chisq_upper_tail(double stat, double df) {
  if (!(df > 0) || !(stat > 0)) return 1.0;
  return boost::math::gamma_q(df / 2.0, stat / 2.0);
}

}  // namespace learnbn
