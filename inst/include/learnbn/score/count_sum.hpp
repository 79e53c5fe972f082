// Sums over the counts of a family that do not depend on the order the counts are listed
// in. The counting paths (data/count_*.hpp) list one family's cells and configurations in
// different orders: count() by the parents' order, count_plus() with the extra parent
// last, by base configuration in the order first seen, single-row configurations apart.
// A floating-point sum depends on its order, so a family's score would differ in the last
// bits by the path that counted it, and a tie between two families (or two orders of
// BOSS) would be broken by which path happened to count them.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace learnbn {

// Adds f(n) over a multiset of counts n > 0: whole counts below kSmall (nearly all of
// them) by value, f(n) times their multiplicity, in increasing n; the others (large or
// weighted counts) sorted first. The result depends on the multiset only.
class CountSum {
 public:
  static constexpr std::size_t kSmall = 256;

  CountSum() { std::fill(times_, times_ + kSmall, 0.0); }

  // n counted `times` times (a whole number).
  void add(double n, double times = 1) {
    if (!(n > 0)) return;
    if (n < static_cast<double>(kSmall)) {
      const std::size_t k = static_cast<std::size_t>(n);
      if (static_cast<double>(k) == n) {
        present_[k >> 6] |= std::uint64_t(1) << (k & 63);
        times_[k] += times;
        return;
      }
    }
    for (double t = 0; t < times; ++t) other_.push_back(n);
  }

  // The sum of f(n) over the counts added since the last sum(), which it forgets.
  template <class F>
  double sum(F&& f) {
    double s = 0;
    for (std::size_t w = 0; w < kWords; ++w) {
      for (std::uint64_t bits = present_[w]; bits; bits &= bits - 1) {
        const std::size_t k = 64 * w + static_cast<std::size_t>(__builtin_ctzll(bits));
        s += times_[k] * f(static_cast<double>(k));
        times_[k] = 0;
      }
      present_[w] = 0;
    }
    if (!other_.empty()) {
      std::sort(other_.begin(), other_.end());
      for (double n : other_) s += f(n);
      other_.clear();
    }
    return s;
  }

  // This thread's instance (scores are computed on several threads).
  static CountSum& local() {
    thread_local CountSum sum;
    return sum;
  }

 private:
  static constexpr std::size_t kWords = kSmall / 64;
  double times_[kSmall];
  std::uint64_t present_[kWords] = {};
  std::vector<double> other_;
};

// The sum of a list of terms whatever their order: sorted first (for the scores whose
// terms depend on more than one count, such as the cross-validated score's).
inline double sorted_sum(std::vector<double>& terms) {
  std::sort(terms.begin(), terms.end());
  double s = 0;
  for (double t : terms) s += t;
  return s;
}

}  // namespace learnbn
