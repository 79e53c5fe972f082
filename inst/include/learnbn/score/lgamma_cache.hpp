// log Gamma(a + n) for the whole counts n that dominate the Dirichlet scores, remembered
// per thread. A Dirichlet score adds lgamma(a + N) over every cell and configuration, with
// few distinct offsets a (iss / (q r) repeats for every family of the same table size)
// and mostly small N: glibc's lgamma_r costs about 40 ns, a table entry one load.
//
// Every entry is computed on first use by log_gamma(a + n), the expression the scores
// used before, with the same a and n, so each value is bit-identical to an uncached one;
// n that are not whole (expected counts of EM) or not small are computed directly.
#pragma once
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "../util/math.hpp"

namespace learnbn {

// Off only in tests, which compare cached and direct scores (set from R through the glue).
inline std::atomic<bool>& lgamma_cache_enabled() {
  static std::atomic<bool> enabled{true};
  return enabled;
}

class LogGammaCache {
 public:
  static constexpr std::size_t kSlots = 64;   // offsets remembered, direct-mapped
  static constexpr std::size_t kCounts = 128; // n = 0 .. kCounts - 1

  // The table of offset `a`: entry n is log_gamma(a + n) once computed, NaN before.
  class Table {
   public:
    double offset() const { return a_; }
    double operator()(double n) {
      if (n >= 0 && n < static_cast<double>(kCounts)) {
        const std::size_t k = static_cast<std::size_t>(n);
        if (static_cast<double>(k) == n) {
          double& v = values_[k];
          if (std::isnan(v)) v = log_gamma(a_ + n);
          return v;
        }
      }
      return log_gamma(a_ + n);
    }

   private:
    friend class LogGammaCache;
    double a_ = std::numeric_limits<double>::quiet_NaN();
    double values_[kCounts];
  };

  // The table of `a`, emptied first when its slot held another offset.
  Table& table(double a) {
    std::uint64_t bits;
    std::memcpy(&bits, &a, sizeof bits);
    Table& t = slots_[(bits * 0x9E3779B97F4A7C15ULL) >> 58];  // 6 bits: kSlots = 64
    if (!(t.a_ == a)) {
      t.a_ = a;
      for (double& v : t.values_) v = std::numeric_limits<double>::quiet_NaN();
    }
    return t;
  }

  // This thread's cache (the scorers of a threaded search run on several threads).
  static LogGammaCache& local() {
    thread_local LogGammaCache cache;
    return cache;
  }

 private:
  Table slots_[kSlots];
};

}  // namespace learnbn
