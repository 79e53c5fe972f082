// Random numbers for the whole core: one engine (xoshiro256**), seeded from R's RNG by
// the glue so that set.seed() reproduces a run, with draws defined here identically on
// every platform; the splitmix64 mixer that seeds it, hashes keys and derives streams;
// and the Gamma variate of the Gibbs samplers.
#pragma once
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>

namespace learnbn {

// The splitmix64 finaliser: a bijective 64-bit mix (hashing).
inline std::uint64_t mix64(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// One step of splitmix64: the next seed of a stream, or a seed derived from a key.
inline std::uint64_t splitmix64(std::uint64_t x) { return mix64(x + 0x9e3779b97f4a7c15ULL); }

class Random {
 public:
  explicit Random(std::uint64_t seed) {
    for (auto& s : state_) { seed = splitmix64(seed); s = seed; }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9, t = state_[1] << 17;
    state_[2] ^= state_[0]; state_[3] ^= state_[1];
    state_[1] ^= state_[2]; state_[0] ^= state_[3];
    state_[2] ^= t; state_[3] = rotl(state_[3], 45);
    return result;
  }
  // Uniform on 0 .. n - 1: Lemire's multiply-shift on 32 bits (bias below 2^-32) when
  // n fits, the remainder of a 64-bit draw otherwise.
  std::size_t below(std::size_t n) {
    if (n <= 0xFFFFFFFFULL)
      return static_cast<std::size_t>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
    return static_cast<std::size_t>(next() % n);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  bool coin() { return (next() >> 63) != 0; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t state_[4];
};

// An engine created on first use, seeded by `seed()`: work that draws nothing (an exact
// completion) leaves the caller's random stream alone.
class LazyRandom {
 public:
  explicit LazyRandom(std::function<std::uint64_t()> seed) : seed_(std::move(seed)) {}
  Random& get() {
    if (!engine_) engine_ = std::make_unique<Random>(seed_());
    return *engine_;
  }

 private:
  std::function<std::uint64_t()> seed_;
  std::unique_ptr<Random> engine_;
};

// A draw from Gamma(shape, 1) on the log scale (Marsaglia & Tsang 2000; for shape < 1,
// Gamma(shape + 1) * U^(1 / shape)), so tiny shapes do not underflow to zero.
inline double log_gamma_draw(double shape, Random& rng) {
  if (shape < 1) {
    double u = rng.uniform();
    while (u <= 0) u = rng.uniform();
    return log_gamma_draw(shape + 1, rng) + std::log(u) / shape;
  }
  const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  while (true) {
    double x, v;
    do {
      // Standard normal by the polar method.
      double a, b, s;
      do {
        a = 2 * rng.uniform() - 1;
        b = 2 * rng.uniform() - 1;
        s = a * a + b * b;
      } while (s >= 1 || s == 0);
      x = a * std::sqrt(-2 * std::log(s) / s);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = rng.uniform();
    if (u < 1 - 0.0331 * x * x * x * x) return std::log(d * v);
    if (u > 0 && std::log(u) < 0.5 * x * x + d * (1 - v + std::log(v))) return std::log(d * v);
  }
}

}  // namespace learnbn
