// What the CPU running the package can execute, asked once a process: R builds for
// baseline x86-64, so kernels compiled for a wider target (AVX lanes of Pearson's X2 in
// citest/pearson_lanes.hpp and constraint/local_lanes.hpp) run only where the CPU has it.
#pragma once

namespace learnbn {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
inline bool cpu_has_avx() {
  static const bool has = __builtin_cpu_supports("avx");
  return has;
}
inline bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}
inline bool cpu_has_avx512vl() {  // AVX-512 with its 256-bit forms
  static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
  return has;
}
inline bool cpu_has_avx512_vpopcnt() {  // popcounts of 8 words at once
  static const bool has =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq");
  return has;
}
#endif

}  // namespace learnbn
