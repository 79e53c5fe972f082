// Random numbers for the searches: a 64-bit engine seeded from R's RNG by the glue, so
// set.seed() reproduces a run; draws are defined here, identically on every platform.
#pragma once
#include <cstdint>
#include <random>

namespace learnbn {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(engine_() % n); }  // 0 .. n-1
  double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }         // [0, 1)
  bool coin() { return (engine_() >> 63) != 0; }

 private:
  std::mt19937_64 engine_;
};

}  // namespace learnbn
