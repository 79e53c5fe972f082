// Counting the rows two sets have in common, each set a bit set over the rows: the
// number of 1 bits of a[w] & b[w]. Counting a family from such sets reads 64 rows per
// word instead of one row per step (see Counter::count_plus).
#pragma once
#include <cstddef>
#include <cstdint>

namespace learnbn {

inline std::uint64_t and_count_portable(const std::uint64_t* a, const std::uint64_t* b,
                                        std::size_t words) {
  std::uint64_t count = 0;
  for (std::size_t w = 0; w < words; ++w)
    count += static_cast<std::uint64_t>(__builtin_popcountll(a[w] & b[w]));
  return count;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// R builds for baseline x86-64, where __builtin_popcountll is a library call several
// times slower than the POPCNT instruction that every x86-64 CPU since 2008 has: use the
// instruction when the CPU reports it. Four sums let four words be in flight at once;
// the function starts on a cache line so that where its loop falls, across a fetch
// boundary or not (which alone changes the speed of hill climbing measurably), does not
// depend on the code around it.
__attribute__((target("popcnt"), aligned(64))) inline std::uint64_t and_count_popcnt(
    const std::uint64_t* a, const std::uint64_t* b, std::size_t words) {
  std::uint64_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  std::size_t w = 0;
  for (; w + 4 <= words; w += 4) {
    c0 += static_cast<std::uint64_t>(__builtin_popcountll(a[w] & b[w]));
    c1 += static_cast<std::uint64_t>(__builtin_popcountll(a[w + 1] & b[w + 1]));
    c2 += static_cast<std::uint64_t>(__builtin_popcountll(a[w + 2] & b[w + 2]));
    c3 += static_cast<std::uint64_t>(__builtin_popcountll(a[w + 3] & b[w + 3]));
  }
  for (; w < words; ++w) c0 += static_cast<std::uint64_t>(__builtin_popcountll(a[w] & b[w]));
  return c0 + c1 + c2 + c3;
}

inline bool cpu_has_popcnt() {
  static const bool has = __builtin_cpu_supports("popcnt");
  return has;
}

inline std::uint64_t and_count(const std::uint64_t* a, const std::uint64_t* b, std::size_t words) {
  return cpu_has_popcnt() ? and_count_popcnt(a, b, words) : and_count_portable(a, b, words);
}
#else
inline std::uint64_t and_count(const std::uint64_t* a, const std::uint64_t* b, std::size_t words) {
  return and_count_portable(a, b, words);
}
#endif

}  // namespace learnbn
