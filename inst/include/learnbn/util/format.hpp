// Numbers in messages that reach the user: sizes are doubles (a product of cardinalities
// can pass any integer type), and std::to_string(double) prints "241864704.000000".
#pragma once
#include <cmath>
#include <cstdio>
#include <string>

namespace learnbn {

// A whole number with thousands separators ("241,864,704"); past 1e15, where a double
// no longer holds every whole number, three significant digits ("2.42e+20").
inline std::string format_count(double x) {
  if (!std::isfinite(x) || std::fabs(x) >= 1e15) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g", x);
    return buffer;
  }
  const std::string digits = std::to_string(static_cast<long long>(std::llround(std::fabs(x))));
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return x <= -0.5 ? "-" + out : out;
}

}  // namespace learnbn
