// Pearson's X2 of the tables of a window (window_statistic.hpp) with the tables in the
// lanes of vectors: four tables a vector (AVX), or eight (AVX-512), each lane one table.
//
// On pigs the scalar strata loop was the hottest function of PC (16% of the samples): per
// stratum and table, nine loads, the totals, and branches that differ from table to table.
// Here the window's counts of one cell lie side by side (SharedPrefixTables' layout: table
// k at counts + k), so one load gives four tables' counts, and the totals, the checks of
// the scalar loop and the terms run lane by lane. Each lane performs exactly the scalar
// operations in the scalar order (totals are sums of whole counts, exact in doubles in
// any order; IEEE-754 operations are correctly rounded lane by lane; no fused
// multiply-add is enabled, and the AVX-512 path's explicit ones give the correctly
// rounded quotient), and each table's terms are added to its own sum one by one in
// the scalar order (strata c outer, z' inner; y outer, x inner), so every statistic and
// adjusted df is the scalar one bit for bit. A term the scalar loop skips (an empty, or
// one-row or one-column, stratum; a column or row total of 0; a state c past the
// candidate's) adds +0 here, which leaves a sum of terms (never -0) unchanged.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

#include "pearson_lanes.hpp"

namespace learnbn {

// Whether window_pearson_lanes() is compiled (a compiler with vector extensions).
#if defined(__GNUC__)
constexpr bool kWindowLanes = true;
#else
constexpr bool kWindowLanes = false;
#endif

namespace window_lanes_detail {

constexpr std::size_t kMaxY = 4;  // y states handled in lanes

// The common layout of a window's tables: cell (x, y, z', c) of table k at
// counts[k + x * sx + y * sy + z' * sz + c * sc]; nc[k] states of c in table k.
struct Layout {
  const std::uint32_t* counts;
  std::size_t sx, sy, sz, sc, ny;
  const std::size_t* nc;
};

#if defined(__GNUC__)
typedef double Lanes __attribute__((vector_size(32)));
typedef std::uint32_t Words __attribute__((vector_size(16)));
typedef std::int64_t Masks __attribute__((vector_size(32)));

// Adds stratum (z', c) of the four tables from `first` to stat and df (lanes).
template <std::size_t NX>
__attribute__((always_inline)) inline void stratum(const Layout& w, std::size_t first,
                                                   std::size_t zp, std::size_t c, Lanes& stat,
                                                   Lanes& df) {
  const Lanes zero = {0, 0, 0, 0}, one = {1, 1, 1, 1};
  const Lanes in_table = {c < w.nc[first] ? 1.0 : 0.0, c < w.nc[first + 1] ? 1.0 : 0.0,
                          c < w.nc[first + 2] ? 1.0 : 0.0, c < w.nc[first + 3] ? 1.0 : 0.0};
  const std::uint32_t* t = w.counts + first + zp * w.sz + c * w.sc;
  const std::size_t ny = w.ny;
  Lanes o[kMaxY][NX], rows[NX], cols[kMaxY], total = zero;
  for (std::size_t x = 0; x < NX; ++x) rows[x] = zero;
  for (std::size_t y = 0; y < ny; ++y) {
    cols[y] = zero;
    for (std::size_t x = 0; x < NX; ++x) {
      Words words;
      std::memcpy(&words, t + x * w.sx + y * w.sy, sizeof words);
      o[y][x] = __builtin_convertvector(words, Lanes);
      rows[x] += o[y][x];
      cols[y] += o[y][x];
    }
    total += cols[y];
  }
  Lanes seen_rows = zero, seen_cols = zero;
  for (std::size_t x = 0; x < NX; ++x) seen_rows += rows[x] > zero ? one : zero;
  for (std::size_t y = 0; y < ny; ++y) seen_cols += cols[y] > zero ? one : zero;
  const Masks counted = (total > zero) & (in_table > zero);
  const Lanes r = seen_rows > one ? seen_rows - one : zero;
  const Lanes s = seen_cols > one ? seen_cols - one : zero;
  df += counted ? r * s : zero;
  const Lanes limit = {67108864.0, 67108864.0, 67108864.0, 67108864.0};  // 2^26
  const Masks live = counted & (((seen_rows > one) & (seen_cols > one)) | (total >= limit));
  bool any = false;
  for (std::size_t k = 0; k < 4; ++k) any |= live[k] != 0;
  if (!any) return;
  const Lanes all = live ? total : one;
  for (std::size_t y = 0; y < ny; ++y) {
    for (std::size_t x = 0; x < NX; ++x) {
      const Lanes expected = rows[x] * cols[y] / all;
      const Masks kept = live & (expected > zero);
      const Lanes safe = kept ? expected : one;  // no 0 / 0 in lanes left out
      const Lanes term = (o[y][x] - safe) * (o[y][x] - safe) / safe;
      stat += kept ? term : zero;
    }
  }
}

// X2 and adjusted df of `tables` tables (a multiple of four lanes are computed; the
// counts must be readable there) over the strata (z', c): c < most, z' in live[0 ..
// n_live) or every z' < nz when live is null.
template <std::size_t NX>
__attribute__((always_inline)) inline void strata(const Layout& w, std::size_t tables,
                                                  std::size_t most, std::size_t nz,
                                                  const std::uint32_t* live, std::size_t n_live,
                                                  double* stat, double* df) {
  constexpr std::size_t kMaxVectors = 4;  // 16 tables
  const std::size_t vectors = (tables + 3) / 4;
  Lanes sums[kMaxVectors] = {}, dfs[kMaxVectors] = {};
  const std::size_t visited = live ? n_live : nz;
  for (std::size_t c = 0; c < most; ++c) {
    for (std::size_t i = 0; i < visited; ++i) {
      const std::size_t zp = live ? live[i] : i;
      for (std::size_t v = 0; v < vectors; ++v) stratum<NX>(w, 4 * v, zp, c, sums[v], dfs[v]);
    }
  }
  for (std::size_t k = 0; k < tables; ++k) {
    stat[k] = sums[k / 4][k % 4];
    df[k] = dfs[k / 4][k % 4];
  }
}

#if defined(__x86_64__) && !defined(__clang__) && !defined(LEARNBN_NO_AVX)
#define LEARNBN_WINDOW_AVX 1
template <std::size_t NX>
__attribute__((target("avx"))) void strata_avx(const Layout& w, std::size_t tables,
                                               std::size_t most, std::size_t nz,
                                               const std::uint32_t* live, std::size_t n_live,
                                               double* stat, double* df) {
  strata<NX>(w, tables, most, nz, live, n_live, stat, df);
}
#endif
#endif  // __GNUC__

#if defined(__x86_64__) && !defined(__clang__) && !defined(LEARNBN_NO_AVX)
#define LEARNBN_WINDOW_AVX512 1
// stratum() for eight tables a vector in AVX-512, NY known: the cells stay in registers,
// the lanes' choices are masks, and the lanes past the tables or past a table's states of
// c load nothing (a masked load reads 0). Here the divider bounds the loop, so the nine
// expected counts p / total (p = row total * column total) share one division: with r =
// RN(1 / total), q = RN(p * r) is within an ulp of p / total, its remainder p - q * total
// is exact in a fused multiply-add, and q + remainder * r rounded is the correctly rounded
// quotient (Markstein, IBM J. Res. Dev. 34, 1990); a second step leaves it unchanged. So
// each expected count is the division's bit for bit (test_window_lanes; 4e9 quotients of
// totals to 2^33 checked), and so is every term.
template <std::size_t NX, std::size_t NY>
__attribute__((target("avx512f,avx512vl"), always_inline)) inline void stratum8(
    const std::uint32_t* t, std::size_t sx, std::size_t sy, __mmask8 in_table, __m512d& stat,
    __m512d& df) {
  const __m512d zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1);
  __m512d o[NY][NX], rows[NX], cols[NY], total = zero;
#pragma GCC unroll 4
  for (std::size_t x = 0; x < NX; ++x) rows[x] = zero;
#pragma GCC unroll 4
  for (std::size_t y = 0; y < NY; ++y) {
    cols[y] = zero;
#pragma GCC unroll 4
    for (std::size_t x = 0; x < NX; ++x) {
      o[y][x] = _mm512_cvtepu32_pd(_mm256_maskz_loadu_epi32(in_table, t + x * sx + y * sy));
      rows[x] = _mm512_add_pd(rows[x], o[y][x]);
      cols[y] = _mm512_add_pd(cols[y], o[y][x]);
    }
    total = _mm512_add_pd(total, cols[y]);
  }
  __m512d seen_rows = zero, seen_cols = zero;
#pragma GCC unroll 4
  for (std::size_t x = 0; x < NX; ++x) {
    seen_rows = _mm512_mask_add_pd(seen_rows, _mm512_cmp_pd_mask(rows[x], zero, _CMP_GT_OQ),
                                   seen_rows, one);
  }
#pragma GCC unroll 4
  for (std::size_t y = 0; y < NY; ++y) {
    seen_cols = _mm512_mask_add_pd(seen_cols, _mm512_cmp_pd_mask(cols[y], zero, _CMP_GT_OQ),
                                   seen_cols, one);
  }
  const __mmask8 counted = _mm512_cmp_pd_mask(total, zero, _CMP_GT_OQ);
  const __mmask8 many_rows = _mm512_cmp_pd_mask(seen_rows, one, _CMP_GT_OQ);
  const __mmask8 many_cols = _mm512_cmp_pd_mask(seen_cols, one, _CMP_GT_OQ);
  const __m512d r = _mm512_maskz_sub_pd(many_rows, seen_rows, one);
  const __m512d s = _mm512_maskz_sub_pd(many_cols, seen_cols, one);
  df = _mm512_mask_add_pd(df, counted, df, _mm512_mul_pd(r, s));
  const __m512d limit = _mm512_set1_pd(67108864.0);  // 2^26
  const __mmask8 live =
      counted & ((many_rows & many_cols) | _mm512_cmp_pd_mask(total, limit, _CMP_GE_OQ));
  if (!live) return;
  const __m512d all = _mm512_mask_blend_pd(live, one, total);
  const __m512d reciprocal = _mm512_div_pd(one, all);
#pragma GCC unroll 4
  for (std::size_t y = 0; y < NY; ++y) {
#pragma GCC unroll 4
    for (std::size_t x = 0; x < NX; ++x) {
      const __m512d p = _mm512_mul_pd(rows[x], cols[y]);
      __m512d expected = _mm512_mul_pd(p, reciprocal);
      for (int step = 0; step < 2; ++step) {
        const __m512d remainder = _mm512_fnmadd_pd(expected, all, p);
        expected = _mm512_fmadd_pd(remainder, reciprocal, expected);
      }
      const __mmask8 kept = live & _mm512_cmp_pd_mask(expected, zero, _CMP_GT_OQ);
      const __m512d safe = _mm512_mask_blend_pd(kept, one, expected);
      const __m512d d = _mm512_sub_pd(o[y][x], safe);
      stat = _mm512_mask_add_pd(stat, kept, stat, _mm512_div_pd(_mm512_mul_pd(d, d), safe));
    }
  }
}

// strata() in AVX-512: eight tables a vector, two vectors at most.
template <std::size_t NX, std::size_t NY>
__attribute__((target("avx512f,avx512vl"))) void strata_avx512(
    const Layout& w, std::size_t tables, std::size_t most, std::size_t nz,
    const std::uint32_t* live, std::size_t n_live, double* stat, double* df) {
  const std::size_t vectors = (tables + 7) / 8;
  __m512d sums[2] = {_mm512_setzero_pd(), _mm512_setzero_pd()}, dfs[2] = {sums[0], sums[1]};
  const std::size_t visited = live ? n_live : nz;
  for (std::size_t c = 0; c < most; ++c) {
    __mmask8 in_table[2] = {0, 0};
    for (std::size_t k = 0; k < tables; ++k) {
      if (c < w.nc[k]) in_table[k / 8] |= static_cast<__mmask8>(1u << (k % 8));
    }
    for (std::size_t i = 0; i < visited; ++i) {
      const std::uint32_t* t = w.counts + (live ? live[i] : i) * w.sz + c * w.sc;
      for (std::size_t v = 0; v < vectors; ++v) {
        stratum8<NX, NY>(t + 8 * v, w.sx, w.sy, in_table[v], sums[v], dfs[v]);
      }
    }
  }
  double s[16], d[16];
  _mm512_storeu_pd(s, sums[0]);
  _mm512_storeu_pd(s + 8, sums[1]);
  _mm512_storeu_pd(d, dfs[0]);
  _mm512_storeu_pd(d + 8, dfs[1]);
  for (std::size_t k = 0; k < tables; ++k) {
    stat[k] = s[k];
    df[k] = d[k];
  }
}

template <std::size_t NX>
void strata_avx512_ny(const Layout& w, std::size_t tables, std::size_t most, std::size_t nz,
                      const std::uint32_t* live, std::size_t n_live, double* stat, double* df) {
  switch (w.ny) {
    case 1: return strata_avx512<NX, 1>(w, tables, most, nz, live, n_live, stat, df);
    case 2: return strata_avx512<NX, 2>(w, tables, most, nz, live, n_live, stat, df);
    case 3: return strata_avx512<NX, 3>(w, tables, most, nz, live, n_live, stat, df);
    default: return strata_avx512<NX, 4>(w, tables, most, nz, live, n_live, stat, df);
  }
}
#endif

template <std::size_t NX>
void dispatch(const Layout& w, std::size_t tables, std::size_t most, std::size_t nz,
              const std::uint32_t* live, std::size_t n_live, double* stat, double* df) {
#if defined(LEARNBN_WINDOW_AVX512)
  if (cpu_has_avx512vl()) return strata_avx512_ny<NX>(w, tables, most, nz, live, n_live, stat, df);
#endif
#if defined(LEARNBN_WINDOW_AVX)
  if (cpu_has_avx()) {
    return strata_avx<NX>(w, tables, most, nz, live, n_live, stat, df);
  }
#endif
#if defined(__GNUC__)
  strata<NX>(w, tables, most, nz, live, n_live, stat, df);
#else
  (void)w; (void)tables; (void)most; (void)nz; (void)live; (void)n_live; (void)stat; (void)df;
#endif
}

}  // namespace window_lanes_detail

// X2 and adjusted df of up to 16 tables with nx of 2 to 4 x states and ny <= 4 y states,
// in `w`'s layout; `nc` must have a multiple of 4 entries (0 past the tables) and the
// counts of the padding lanes must be readable (SharedPrefixTables' windows are 4, 8 or 16
// wide). Only when kWindowLanes.
inline void window_pearson_lanes(const window_lanes_detail::Layout& w, std::size_t nx,
                                 std::size_t tables, std::size_t most, std::size_t nz,
                                 const std::uint32_t* live, std::size_t n_live, double* stat,
                                 double* df) {
  using namespace window_lanes_detail;
  switch (nx) {
    case 2: return dispatch<2>(w, tables, most, nz, live, n_live, stat, df);
    case 3: return dispatch<3>(w, tables, most, nz, live, n_live, stat, df);
    default: return dispatch<4>(w, tables, most, nz, live, n_live, stat, df);
  }
}

}  // namespace learnbn
