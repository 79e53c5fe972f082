// Counts of small codes across 16 byte lanes, for SharedPrefixTables' grouped counts:
// per row one 16-byte load and, per counted state, one compare and one subtract.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace learnbn {

// Per state s < Compared and lane k: how many of the rows added (at most 255) have
// code s in lane k.
template <std::size_t Compared>
struct LaneCounts {
  static constexpr std::size_t kLanes = 16;
#if defined(__GNUC__)  // GCC and clang: one compare and one subtract per state
  typedef std::uint8_t Lanes __attribute__((vector_size(kLanes)));
  Lanes hits[Compared + 1] = {};  // one spare: no zero-length array
  void add(const std::uint8_t* codes) {
    Lanes row;
    std::memcpy(&row, codes, kLanes);
    for (std::size_t s = 0; s < Compared; ++s) hits[s] -= (Lanes)(row == splat(s));
  }
  static Lanes splat(std::size_t s) {  // explicit: no reliance on scalar operands
    Lanes lanes;
    for (std::size_t k = 0; k < kLanes; ++k) lanes[k] = static_cast<std::uint8_t>(s);
    return lanes;
  }
#else
  std::uint8_t hits[Compared + 1][kLanes] = {};
  void add(const std::uint8_t* codes) {
    for (std::size_t s = 0; s < Compared; ++s) {
      for (std::size_t k = 0; k < kLanes; ++k) hits[s][k] += codes[k] == s;
    }
  }
#endif
  // Adds the counts of the first Width lanes to out[s * Width + k].
  template <std::size_t Width>
  void add_to(std::uint32_t* out) const {
    std::uint8_t lanes[Compared + 1][kLanes];
    std::memcpy(lanes, hits, sizeof lanes);
    for (std::size_t s = 0; s < Compared; ++s) {
      for (std::size_t k = 0; k < Width; ++k) out[s * Width + k] += lanes[s][k];
    }
  }
};

}  // namespace learnbn
