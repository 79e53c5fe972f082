// X2 or G2 of the tables of a window counted by SharedPrefixTables, read from their whole
// counts where they lie (no copy into a table of doubles).
//
// The statistic is ThreeWayTable::statistic()'s bit for bit: strata in its order, the
// terms of a stratum in its order (y outer, x inner) with the same operations. Its totals
// are sums of whole counts below 2^32, which doubles hold exactly whatever the order, so
// here they are summed as integers; empty strata are skipped, and so are strata of one
// observed row or column below 2^26 cases (their terms are +0: adds_zero() in
// pearson_lanes.hpp), most of the strata of near-deterministic networks (pigs). When the
// counts say which z' show at least two states of x and of y (live_strata() of
// SharedPrefixTables), the strata of the other z' are not visited at all: each of them
// has one observed row or column in every stratum (z', c).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "pearson_lanes.hpp"
#include "window_lanes.hpp"

namespace learnbn {

// Where the cells of one table lie in the window's counts: cell (x, y, z', c) at
// x * sx + y * sy + z' * sz + c * sc, for x < nx, y < ny, z' < nz, c < nc; the strata are
// z = z' + nz * c.
struct WindowCells {
  const std::uint32_t* counts = nullptr;
  std::size_t sx = 0, sy = 0, sz = 0, sc = 0;
  std::size_t nx = 1, ny = 1, nz = 1, nc = 1;
};

namespace window_statistic_detail {

// Adds the terms and the adjusted df of stratum (z', c) of one table to `stat` and `df`.
template <std::size_t NX>
__attribute__((always_inline)) inline void stratum(const WindowCells& w, std::size_t nx_any,
                                                   std::size_t zp, std::size_t c, bool pearson,
                                                   double& stat, double& df) {
  constexpr std::size_t kMaxStates = 256;  // byte codes
  const std::size_t nx = NX ? NX : nx_any, ny = w.ny;
  std::uint64_t rows[NX ? NX : kMaxStates], cols[kMaxStates];
  const std::uint32_t* t = w.counts + zp * w.sz + c * w.sc;
  std::uint64_t total = 0;
  for (std::size_t x = 0; x < nx; ++x) rows[x] = 0;
  for (std::size_t y = 0; y < ny; ++y) {
    std::uint64_t col = 0;
    for (std::size_t x = 0; x < nx; ++x) {
      const std::uint32_t o = t[x * w.sx + y * w.sy];
      rows[x] += o;
      col += o;
    }
    cols[y] = col;
    total += col;
  }
  if (total == 0) return;
  std::size_t seen_rows = 0, seen_cols = 0;
  for (std::size_t x = 0; x < nx; ++x) seen_rows += rows[x] > 0;
  for (std::size_t y = 0; y < ny; ++y) seen_cols += cols[y] > 0;
  df += static_cast<double>(std::max<std::size_t>(seen_rows, 1) - 1) *
        static_cast<double>(std::max<std::size_t>(seen_cols, 1) - 1);
  if ((seen_rows <= 1 || seen_cols <= 1) && total < (std::uint64_t(1) << 26)) return;
  const double all = static_cast<double>(total);
  for (std::size_t y = 0; y < ny; ++y) {
    if (cols[y] == 0) continue;
    const double col = static_cast<double>(cols[y]);
    for (std::size_t x = 0; x < nx; ++x) {
      const double expected = static_cast<double>(rows[x]) * col / all;
      if (expected <= 0) continue;
      add_cell_term(stat, t[x * w.sx + y * w.sy], expected, pearson);
    }
  }
}

// The strata (z', c) of every table in their order (c outer, z' inner), the tables
// inner: a cell of the window's tables lies in one cache line (the tables' own strata,
// read one after another, are a line apart), and the tables' sums are independent chains
// of additions. The tables share nz (one prefix); with `live`, only the z' in
// live[0 .. n_live) (increasing) are visited.
template <std::size_t NX>
void strata(const WindowCells* cells, std::size_t tables, bool pearson, double* stat,
            double* df, const std::uint32_t* live, std::size_t n_live) {
  std::size_t most = 0;
  for (std::size_t k = 0; k < tables; ++k) {
    stat[k] = df[k] = 0;
    most = std::max(most, cells[k].nc);
  }
  const std::size_t visited = live ? n_live : cells[0].nz;
  for (std::size_t c = 0; c < most; ++c) {
    for (std::size_t i = 0; i < visited; ++i) {
      const std::size_t zp = live ? live[i] : i;
      for (std::size_t k = 0; k < tables; ++k) {
        const WindowCells& w = cells[k];
        if (c < w.nc) stratum<NX>(w, w.nx, zp, c, pearson, stat[k], df[k]);
      }
    }
  }
}

// X2 of the tables in vector lanes (window_lanes.hpp) when they lie side by side with
// one layout, 2 to 4 x states and at most 4 y states; false, computing nothing, else.
// The lanes read the counts of up to three tables past the last (whole vectors): the
// windows of SharedPrefixTables are 4, 8 or 16 tables wide.
inline bool window_in_lanes(const WindowCells* cells, std::size_t tables,
                            const std::uint32_t* live, std::size_t n_live, double* stat,
                            double* df) {
  const WindowCells& w = cells[0];
  if (tables > 16 || w.nx < 2 || w.nx > 4 || w.ny > window_lanes_detail::kMaxY) return false;
  std::size_t nc[16] = {}, most = 0;
  for (std::size_t k = 0; k < tables; ++k) {
    const WindowCells& t = cells[k];
    if (t.counts != w.counts + k || t.sx != w.sx || t.sy != w.sy || t.sz != w.sz ||
        t.sc != w.sc || t.nx != w.nx || t.ny != w.ny || t.nz != w.nz)
      return false;
    nc[k] = t.nc;
    most = std::max(most, t.nc);
  }
  const window_lanes_detail::Layout layout{w.counts, w.sx, w.sy, w.sz, w.sc, w.ny, nc};
  window_pearson_lanes(layout, w.nx, tables, most, w.nz, live, n_live, stat, df);
  return true;
}

}  // namespace window_statistic_detail

// The statistics of `tables` tables of one window with the same x (cells[k] says where
// the k-th lies) into stat[k], and their adjusted degrees of freedom into df[k]. With
// `live`, only the strata (z', c) of the z' it lists (increasing) are visited: the
// caller knows that every other stratum adds +0 (SharedPrefixTables::live_strata()).
inline void window_statistics(const WindowCells* cells, std::size_t tables, bool pearson,
                              double* stat, double* df, const std::uint32_t* live = nullptr,
                              std::size_t n_live = 0) {
  if (tables == 0) return;
  using namespace window_statistic_detail;
  if (pearson && kWindowLanes && window_in_lanes(cells, tables, live, n_live, stat, df)) return;
  switch (cells[0].nx) {  // few x states (most tests): the row totals in registers
    case 2: return strata<2>(cells, tables, pearson, stat, df, live, n_live);
    case 3: return strata<3>(cells, tables, pearson, stat, df, live, n_live);
    case 4: return strata<4>(cells, tables, pearson, stat, df, live, n_live);
    default: return strata<0>(cells, tables, pearson, stat, df, live, n_live);
  }
}

}  // namespace learnbn
