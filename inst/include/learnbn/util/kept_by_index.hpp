// Numbers computed at first use and kept by a small whole index (a number of states)
// until forget(): the scores and logs that the candidates of one step share.
#pragma once
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace learnbn {

class KeptByIndex {
 public:
  // The value at i: compute()'s, called the first time since forget().
  template <class Compute>
  double get(std::size_t i, Compute compute) {
    if (i >= values_.size()) values_.resize(i + 1, kUnknown);
    if (std::isnan(values_[i])) values_[i] = compute();
    return values_[i];
  }
  void forget() { values_.assign(values_.size(), kUnknown); }

 private:
  static constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> values_;
};

}  // namespace learnbn
