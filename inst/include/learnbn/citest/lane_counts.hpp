// Counts of the states of a window's candidates in byte lanes, row by row: the counting
// kernel of SharedPrefixTables' grouped windows (shared_prefix.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace learnbn {

constexpr std::size_t kLaneBytes = 16;  // lanes of a row: a window's widest

// Per state s < Compared and lane k: how many of the rows added (at most 255) have
// code s in lane k.
template <std::size_t Compared>
struct LaneCounts {
#if defined(__GNUC__)  // GCC and clang: one compare and one subtract per state
  typedef std::uint8_t Lanes __attribute__((vector_size(kLaneBytes)));
  Lanes hits[Compared + 1] = {};  // one spare: no zero-length array
  void add(const std::uint8_t* codes) {
    Lanes row;
    std::memcpy(&row, codes, kLaneBytes);
    for (std::size_t s = 0; s < Compared; ++s) hits[s] -= (Lanes)(row == splat(s));
  }
  static Lanes splat(std::size_t s) {  // explicit: no reliance on scalar operands
    Lanes lanes;
    for (std::size_t k = 0; k < kLaneBytes; ++k) lanes[k] = static_cast<std::uint8_t>(s);
    return lanes;
  }
#else
  std::uint8_t hits[Compared + 1][kLaneBytes] = {};
  void add(const std::uint8_t* codes) {
    for (std::size_t s = 0; s < Compared; ++s) {
      for (std::size_t k = 0; k < kLaneBytes; ++k) hits[s][k] += codes[k] == s;
    }
  }
#endif
  // Adds the counts of the first Width lanes to out[s * Width + k].
  template <std::size_t Width>
  void add_to(std::uint32_t* out) const {
    std::uint8_t lanes[Compared + 1][kLaneBytes];
    std::memcpy(lanes, hits, sizeof lanes);
    for (std::size_t s = 0; s < Compared; ++s) {
      for (std::size_t k = 0; k < Width; ++k) out[s * Width + k] += lanes[s][k];
    }
  }
};

}  // namespace learnbn
