// Pearson's X2 terms of one stratum for a window of candidates at once
// (constraint/local_strata.hpp): the stratum's counts hold cell (c, x) of candidate k at
// (c * states + x) * W + k, so the W candidates' counts of a cell are adjacent and their
// terms (O - E)^2 / E, E = (row total * column total) / stratum total, are computed in
// the lanes of vectors: two divisions a cell and candidate were most of the statistic's
// time given hailfinder's many observed cells. Each lane performs exactly the scalar
// operations in the scalar order (IEEE-754 operations are correctly rounded lane by
// lane, and no fused multiply-add is enabled), and each candidate's terms are added to
// its own sum one by one in the scalar order (cell, then x), so every sum is the scalar
// one bit for bit. A lane the scalar loop skips (E = 0: an unobserved x state, or x past
// the candidate's states) adds +0, which leaves a sum of terms (never -0) unchanged.
#pragma once
#include <cstddef>
#include <cstdint>

#include "../util/cpu_features.hpp"

namespace learnbn {
namespace local_lanes_detail {

#if defined(__GNUC__)
typedef double Lanes4 __attribute__((vector_size(32)));

// stat[k] += the terms of lanes k < W of the stratum `counts` (`cells` cells of `states`
// x states each), skipping the cells whose column total (col_total[c]) is not positive;
// row_total holds states x W totals (x outer), `total` the stratum's, and live[x * W / 4
// + v] whether any of the lanes 4v to 4v + 3 has a positive row total at x (else all
// their terms there are +0, and skipped).
template <std::size_t W, class Count>
__attribute__((always_inline)) inline void pearson_terms(const Count* counts,
                                                         std::size_t cells, std::size_t states,
                                                         const double* col_total,
                                                         const double* row_total,
                                                         const std::uint8_t* live, double total,
                                                         double* stat) {
  static_assert(W % 4 == 0, "whole vectors");
  const Lanes4 zero = {0, 0, 0, 0}, one = {1, 1, 1, 1};
  Lanes4 sum[W / 4];
  for (std::size_t v = 0; v < W / 4; ++v) {
    sum[v] = Lanes4{stat[4 * v], stat[4 * v + 1], stat[4 * v + 2], stat[4 * v + 3]};
  }
  for (std::size_t c = 0; c < cells; ++c) {
    const double col = col_total[c];
    if (col <= 0) continue;
    const Count* n = counts + c * states * W;
    for (std::size_t x = 0; x < states; ++x, n += W) {
      for (std::size_t v = 0; v < W / 4; ++v) {
        if (!live[x * (W / 4) + v]) continue;
        const double* r = row_total + x * W + 4 * v;
        const Lanes4 rows = {r[0], r[1], r[2], r[3]};
        const Count* o = n + 4 * v;
        const Lanes4 observed = {static_cast<double>(o[0]), static_cast<double>(o[1]),
                                 static_cast<double>(o[2]), static_cast<double>(o[3])};
        const Lanes4 expected = rows * col / total;
        const auto positive = expected > zero;
        const Lanes4 safe = positive ? expected : one;  // no 0 / 0 in lanes left out
        const Lanes4 term = (observed - safe) * (observed - safe) / safe;
        sum[v] += positive ? term : zero;
      }
    }
  }
  for (std::size_t v = 0; v < W / 4; ++v) {
    for (std::size_t j = 0; j < 4; ++j) stat[4 * v + j] = sum[v][j];
  }
}

// LEARNBN_NO_AVX (make valgrind) keeps the baseline path, bit-identical.
#if defined(__x86_64__) && !defined(__clang__) && !defined(LEARNBN_NO_AVX)
#define LEARNBN_LOCAL_LANES_AVX 1
template <std::size_t W, class Count>
__attribute__((target("avx"))) void pearson_terms_avx(const Count* counts,
                                                      std::size_t cells, std::size_t states,
                                                      const double* col_total,
                                                      const double* row_total,
                                                      const std::uint8_t* live, double total,
                                                      double* stat) {
  pearson_terms<W, Count>(counts, cells, states, col_total, row_total, live, total, stat);
}
#endif
#endif  // __GNUC__

}  // namespace local_lanes_detail

// Whether pearson_lanes() applies (a compiler with vector extensions).
#if defined(__GNUC__)
constexpr bool kLocalLanes = true;
#else
constexpr bool kLocalLanes = false;
#endif

// The terms of pearson_terms() above for a window of W (4, 8 or 16) candidates, with
// counts of type Count (16 or 32 bits).
template <std::size_t W, class Count>
void pearson_lanes(const Count* counts, std::size_t cells, std::size_t states,
                   const double* col_total, const double* row_total,
                   const std::uint8_t* live, double total, double* stat) {
#if defined(LEARNBN_LOCAL_LANES_AVX)
  if (cpu_has_avx()) {
    local_lanes_detail::pearson_terms_avx<W, Count>(counts, cells, states, col_total, row_total,
                                             live, total, stat);
    return;
  }
#endif
#if defined(__GNUC__)
  local_lanes_detail::pearson_terms<W, Count>(counts, cells, states, col_total, row_total,
                                              live, total, stat);
#else
  (void)counts; (void)cells; (void)states; (void)col_total; (void)row_total; (void)live;
  (void)total; (void)stat;
#endif
}

}  // namespace learnbn
