// Pearson's X2 of a dense three-way table with 2 to 4 x states, the x states of one
// column of a stratum in the lanes of a vector.
//
// A cell's term is (O - E)^2 / E with E = (row total * column total) / stratum total:
// two divisions a cell, which dominated PC on networks of three-state variables (pigs: a
// third of the run). Here the divisions of a column's cells run in one vector
// instruction (AVX where the CPU has it, else two SSE2 lanes at a time). Each lane
// performs exactly the scalar operations in the scalar order (IEEE-754 operations are
// correctly rounded lane by lane, and no fused multiply-add is enabled), so every term
// is the scalar term bit for bit; the terms are then added one by one in the scalar
// order (y outer, x inner). A cell the scalar loop skips (E = 0) gets the term +0, and
// adding +0 to a sum of terms (never -0) leaves it unchanged.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../util/cpu_features.hpp"

namespace learnbn {

// Whether a stratum with one observed row (then `totals` are its column totals) or one
// observed column (its row totals) adds exactly +0 to X2 and G2, so that its terms can be
// skipped: each expected count is then T * C / T for the stratum total T and the total C
// of the cell's column (or row), which is the observed count itself when T * C is exact
// (whole counts, T below 2^26), so every term is +0 (Pearson) or 2 O log(1) = +0 (G2).
// In networks of near-deterministic nodes (pigs) most strata given several variables
// have one observed row or column: skipping them saves two divisions a cell.
inline bool adds_zero(const double* totals, std::size_t k, double total) {
  if (!(total < 67108864.0)) return false;
  for (std::size_t i = 0; i < k; ++i) {
    if (totals[i] != std::floor(totals[i])) return false;
  }
  return true;
}

// Adds one cell's term of X2 (`pearson`) or G2 to `stat`, `expected` > 0: the one
// expression of every scalar stratum loop (discrete.hpp, window_statistic.hpp,
// constraint/local_strata.hpp), so that their statistics agree bit for bit.
inline void add_cell_term(double& stat, double observed, double expected, bool pearson) {
  if (pearson) {
    stat += (observed - expected) * (observed - expected) / expected;
  } else if (observed > 0) {
    stat += 2.0 * observed * std::log(observed / expected);
  }
}

namespace pearson_lanes_detail {

#if defined(__GNUC__)
typedef double Lanes4 __attribute__((vector_size(32)));

// The loop of ThreeWayTable::statistic() (discrete.hpp) for NX x states: empty strata
// skipped, totals in the order of a plain double loop, the adjusted df. `col_total`
// holds ny doubles of scratch. Inlined into each caller, so compiled for its target.
template <std::size_t NX>
__attribute__((always_inline)) inline double strata(const double* table, std::size_t ny,
                                                    std::size_t nz, double* col_total,
                                                    double* adjusted_df) {
  double stat = 0, df = 0;
  const std::size_t stratum = NX * ny;
  const double* const end = table + stratum * nz;
  const Lanes4 zero = {0, 0, 0, 0}, one = {1, 1, 1, 1};
  for (std::size_t z = 0; z < nz; ++z) {
    const double* t = table + z * stratum;
    // Empty: every cell +0 or -0, whose bits are 0 but for the sign (a branch-free OR).
    std::uint64_t any = 0;
    for (std::size_t c = 0; c < stratum; ++c) {
      std::uint64_t bits;
      std::memcpy(&bits, t + c, sizeof bits);
      any |= bits;
    }
    if ((any << 1) == 0) continue;
    double row_total[NX] = {};
    double total = 0;
    for (std::size_t y = 0; y < ny; ++y) {
      double col = 0;
      for (std::size_t x = 0; x < NX; ++x) {
        row_total[x] += t[y * NX + x];
        col += t[y * NX + x];
      }
      col_total[y] = col;
      total += col;
    }
    if (total <= 0) continue;
    std::size_t seen_rows = 0, seen_cols = 0;
    for (std::size_t x = 0; x < NX; ++x) seen_rows += row_total[x] > 0;
    for (std::size_t y = 0; y < ny; ++y) seen_cols += col_total[y] > 0;
    df += static_cast<double>(std::max<std::size_t>(seen_rows, 1) - 1) *
          static_cast<double>(std::max<std::size_t>(seen_cols, 1) - 1);
    if (seen_rows <= 1 && adds_zero(col_total, ny, total)) continue;
    if (seen_cols <= 1 && adds_zero(row_total, NX, total)) continue;
    // Built in registers: a vector loaded from scalar stores just made stalls.
    const Lanes4 rows = {row_total[0], row_total[1], NX > 2 ? row_total[NX > 2 ? 2 : 0] : 0,
                         NX > 3 ? row_total[NX > 3 ? 3 : 0] : 0};
    for (std::size_t y = 0; y < ny; ++y) {
      if (col_total[y] <= 0) continue;
      // Lanes past NX read the next cells (any value: their E is 0), except at the end.
      Lanes4 observed = zero;
      const double* cells = t + y * NX;
      if (cells + 4 <= end) {
        std::memcpy(&observed, cells, sizeof observed);
      } else {
        for (std::size_t x = 0; x < NX; ++x) observed[x] = cells[x];
      }
      const Lanes4 expected = rows * col_total[y] / total;
      const auto positive = expected > zero;
      const Lanes4 safe = positive ? expected : one;  // no 0 / 0 in lanes left out
      const Lanes4 term = (observed - safe) * (observed - safe) / safe;
      const Lanes4 kept = positive ? term : zero;
      for (std::size_t x = 0; x < NX; ++x) stat += kept[x];
    }
  }
  if (adjusted_df) *adjusted_df = df;
  return stat;
}

// LEARNBN_NO_AVX (make valgrind) keeps the baseline path: valgrind cannot decode every
// AVX instruction gcc emits here, and the two paths are bit-identical (test_pearson_lanes).
#if defined(__x86_64__) && !defined(__clang__) && !defined(LEARNBN_NO_AVX)
#define LEARNBN_PEARSON_AVX 1
template <std::size_t NX>
__attribute__((target("avx"))) double strata_avx(const double* table, std::size_t ny,
                                                 std::size_t nz, double* col_total,
                                                 double* adjusted_df) {
  return strata<NX>(table, ny, nz, col_total, adjusted_df);
}
#endif
#endif  // __GNUC__

}  // namespace pearson_lanes_detail

// Whether pearson_strata() applies (a compiler with vector extensions).
#if defined(__GNUC__)
constexpr bool kPearsonLanes = true;
#else
constexpr bool kPearsonLanes = false;
#endif

// X2 of `table` (cells (z * ny + y) * NX + x) for NX of 2 to 4, and in `adjusted_df`
// (if not null) the adjusted degrees of freedom; `col_total` is ny doubles of scratch.
template <std::size_t NX>
double pearson_strata(const double* table, std::size_t ny, std::size_t nz, double* col_total,
                      double* adjusted_df) {
  static_assert(NX >= 2 && NX <= 4, "two to four x states");
#if defined(LEARNBN_PEARSON_AVX)
  if (cpu_has_avx()) {
    return pearson_lanes_detail::strata_avx<NX>(table, ny, nz, col_total, adjusted_df);
  }
#endif
#if defined(__GNUC__)
  return pearson_lanes_detail::strata<NX>(table, ny, nz, col_total, adjusted_df);
#else
  (void)table; (void)ny; (void)nz; (void)col_total; (void)adjusted_df;
  return 0;
#endif
}

}  // namespace learnbn
