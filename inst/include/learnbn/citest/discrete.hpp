// Discrete conditional independence statistics from the three-way table N[x, y, z].
//
// X, Y and Z may each be a set of variables (a set acts as one combined variable whose
// states are the combinations of its members' states). Rows are first mapped to ids of
// x, y and z configurations; the table is then counted densely when it is small,
// otherwise only its observed cells are kept (hash-renumbered), so memory stays linear
// in the rows.
//
// Statistics (seed 002 notation, E = N[x,z] N[y,z] / N[z]):
//   Pearson   X2 = sum (N[x,y,z] - E)^2 / E
//   G2 (= 2 N MI(X; Y | Z)) = 2 sum N[x,y,z] log(N[x,y,z] / E)
// Degrees of freedom: (|X| - 1)(|Y| - 1) prod |Z| over the declared states, or adjusted
// for empty strata and structural zeros: per observed stratum z,
// (max(1, #x with N[x,z] > 0) - 1) (max(1, #y with N[y,z] > 0) - 1), summed.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "../data/data.hpp"
#include "../data/family_counts.hpp"
#include "../data/key_index.hpp"
#include "pearson_lanes.hpp"

namespace learnbn {

// Largest dense three-way table counted for data of `n_rows` rows.
inline double ci_dense_limit(std::size_t n_rows) {
  return std::min(kMaxDenseCells, std::max(65536.0, 4.0 * n_rows));
}

// Number of configurations of `vars` over their declared states.
inline double configurations(const DataView& data, const std::vector<int>& vars) {
  double q = 1;
  for (int v : vars) q *= data.columns[v].cardinality;
  return q;
}

// The configuration ids of x, y and z in every row and an upper bound on each (1 for the
// empty set): a mixed-radix index (first variable fastest) while it stays below the
// dense limit, renumbered to the observed configurations beyond that.
struct ConfigurationIds {
  std::vector<std::uint32_t> x, y, z;
  std::size_t nx = 1, ny = 1, nz = 1;

  void compute(const DataView& data, const std::vector<int>& x_vars, const std::vector<int>& y_vars,
               const std::vector<int>& z_vars, double dense_limit) {
    nx = ids(data, x_vars, dense_limit, x);
    ny = ids(data, y_vars, dense_limit, y);
    nz = ids(data, z_vars, dense_limit, z);
  }

 private:
  std::size_t ids(const DataView& data, const std::vector<int>& vars, double dense_limit,
                  std::vector<std::uint32_t>& out) {
    return static_cast<std::size_t>(
        combine_columns(data, vars.data(), vars.size(), dense_limit, index_, out));
  }
  KeyIndex index_;
};

// The dense table cells()[(z * ny + y) * nx + x] = N[x, y, z] and its X2 or G2.
class ThreeWayTable {
 public:
  std::vector<double>& cells() { return table_; }

  // Fast path of the dense count of single variables x and y when every column is
  // stored as bytes: one pass over the rows computes each cell index from the codes
  // directly. Small tables are counted in four interleaved copies so that runs of rows
  // hitting one cell do not stall on the previous increment. Returns false (nothing
  // counted) when the path does not apply.
  bool count_small(const DataView& data, int x, int y, const std::vector<int>& z) {
    constexpr std::size_t kMaxVars = 8;
    const std::size_t k = z.size() + 2;
    if (k > kMaxVars) return false;
    const std::uint8_t* col[kMaxVars];
    std::uint32_t stride[kMaxVars];
    std::uint32_t cells = 1;
    for (std::size_t j = 0; j < k; ++j) {
      const Column& column = data.columns[j == 0 ? x : j == 1 ? y : z[j - 2]];
      if (!column.small) return false;
      col[j] = column.small;
      stride[j] = cells;
      cells *= static_cast<std::uint32_t>(column.cardinality);
    }
    const std::size_t lanes = cells <= 1024 ? 4 : 1;
    scratch_.assign(static_cast<std::size_t>(cells) * lanes, 0.0);
    double* t = scratch_.data();
    const std::size_t n = data.n_rows;
    const double* w = data.weights;
    if (w) {
      by_vars<true>(k, col, stride, n, w, t, cells, lanes);
    } else {
      by_vars<false>(k, col, stride, n, w, t, cells, lanes);
    }
    table_.assign(t, t + cells);
    for (std::size_t lane = 1; lane < lanes; ++lane) {
      const double* part = t + lane * cells;
      for (std::uint32_t c = 0; c < cells; ++c) table_[c] += part[c];
    }
    return true;
  }

  // Counts the table over the configuration ids.
  void count(const DataView& data, const ConfigurationIds& ids) {
    const std::size_t nx = ids.nx, ny = ids.ny, nz = ids.nz;
    table_.assign(nx * ny * nz, 0.0);
    const std::uint32_t *xi = ids.x.data(), *yi = ids.y.data(), *zi = ids.z.data();
    double* t = table_.data();
    const std::size_t n = data.n_rows;
    if (data.weights) {
      for (std::size_t row = 0; row < n; ++row) {
        t[(zi[row] * ny + yi[row]) * nx + xi[row]] += data.weights[row];
      }
    } else {
      for (std::size_t row = 0; row < n; ++row) t[(zi[row] * ny + yi[row]) * nx + xi[row]] += 1.0;
    }
  }

  // X2 (pearson) or G2 of the table; `adjusted_df` (if not null) receives the adjusted
  // degrees of freedom.
  double statistic(std::size_t nx, std::size_t ny, std::size_t nz, bool pearson,
                   double* adjusted_df) {
    row_total_.resize(nx);
    col_total_.resize(ny);
    switch (nx) {  // few x states (most tests): the row totals in registers
      case 2: return strata<2>(nx, ny, nz, pearson, adjusted_df);
      case 3: return strata<3>(nx, ny, nz, pearson, adjusted_df);
      case 4: return strata<4>(nx, ny, nz, pearson, adjusted_df);
      default: return strata<0>(nx, ny, nz, pearson, adjusted_df);
    }
  }

 private:
  // statistic() for NX x states (0: nx of them), every sum in the same order.
  template <std::size_t NX>
  double strata(std::size_t nx_any, std::size_t ny, std::size_t nz, bool pearson,
                double* adjusted_df) {
    if constexpr (NX != 0) {  // X2: the terms of a column's cells computed together
      if (pearson && kPearsonLanes) {
        return pearson_strata<NX>(table_.data(), ny, nz, col_total_.data(), adjusted_df);
      }
    }
    const std::size_t nx = NX ? NX : nx_any;
    double local[NX ? NX : 1];
    double* row_total = NX ? local : row_total_.data();
    double stat = 0, df = 0;
    const std::size_t stratum = nx * ny;
    for (std::size_t z = 0; z < nz; ++z) {
      const double* t = table_.data() + z * stratum;
      // Empty strata (most of them given many variables) add nothing: skipped at the cost
      // of one read of their cells. Counts are not negative, so the total is 0 exactly
      // when every cell is.
      bool empty = true;
      for (std::size_t c = 0; c < stratum; ++c) empty &= t[c] == 0;
      if (empty) continue;
      // The totals in the order of a plain double loop (y outer, x inner), each column's
      // in a register: the same sums, bit for bit.
      for (std::size_t x = 0; x < nx; ++x) row_total[x] = 0;
      double total = 0;
      for (std::size_t y = 0; y < ny; ++y) {
        double col = 0;
        for (std::size_t x = 0; x < nx; ++x) {
          row_total[x] += t[y * nx + x];
          col += t[y * nx + x];
        }
        col_total_[y] = col;
        total += col;
      }
      if (total <= 0) continue;
      std::size_t rows = 0, cols = 0;
      for (std::size_t x = 0; x < nx; ++x) rows += row_total[x] > 0;
      for (double v : col_total_) cols += v > 0;
      df += static_cast<double>(std::max<std::size_t>(rows, 1) - 1) *
            static_cast<double>(std::max<std::size_t>(cols, 1) - 1);
      // One observed row or column: every term is +0 (pearson_lanes.hpp).
      if (rows <= 1 && adds_zero(col_total_.data(), ny, total)) continue;
      if (cols <= 1 && adds_zero(row_total, nx, total)) continue;
      for (std::size_t y = 0; y < ny; ++y) {
        if (col_total_[y] <= 0) continue;
        for (std::size_t x = 0; x < nx; ++x) {
          const double expected = row_total[x] * col_total_[y] / total;
          if (expected <= 0) continue;
          add_cell_term(stat, t[y * nx + x], expected, pearson);
        }
      }
    }
    if (adjusted_df) *adjusted_df = df;
    return stat;
  }

  template <bool Weighted>
  static void by_vars(std::size_t k, const std::uint8_t* const* col, const std::uint32_t* stride,
                      std::size_t n, const double* w, double* t, std::uint32_t cells,
                      std::size_t lanes) {
    switch (k) {
      case 2: count_rows<2, Weighted>(col, stride, n, w, t, cells, lanes); break;
      case 3: count_rows<3, Weighted>(col, stride, n, w, t, cells, lanes); break;
      case 4: count_rows<4, Weighted>(col, stride, n, w, t, cells, lanes); break;
      case 5: count_rows<5, Weighted>(col, stride, n, w, t, cells, lanes); break;
      case 6: count_rows<6, Weighted>(col, stride, n, w, t, cells, lanes); break;
      default: count_rows<0, Weighted>(col, stride, n, w, t, cells, lanes, k); break;
    }
  }

  // K > 0: K variables known at compile time (the index unrolled); K == 0: `k`
  // variables. Weighted: the rows' weights, else one case a row.
  template <std::size_t K, bool Weighted>
  static void count_rows(const std::uint8_t* const* col, const std::uint32_t* stride,
                         std::size_t n, const double* w, double* t, std::uint32_t cells,
                         std::size_t lanes, std::size_t k = K) {
    const std::size_t vars = K ? K : k;
    const std::size_t lane_mask = lanes - 1;
    for (std::size_t row = 0; row < n; ++row) {
      std::uint32_t index = 0;
      if (K) {
        index = row_index(col, stride, row, std::make_index_sequence<K>{});
      } else {
        for (std::size_t j = 0; j < vars; ++j) index += col[j][row] * stride[j];
      }
      t[(row & lane_mask) * cells + index] += Weighted ? w[row] : 1.0;
    }
  }

  template <std::size_t... J>
  static std::uint32_t row_index(const std::uint8_t* const* col, const std::uint32_t* stride,
                                 std::size_t row, std::index_sequence<J...>) {
    return (0u + ... + (col[J][row] * stride[J]));
  }

  std::vector<double> table_, scratch_, row_total_, col_total_;
};

// X2 (pearson) or G2 from the observed cells only: x and y configurations are paired
// with the stratum through hash renumbering, so nothing grows with the product of the
// cardinalities. `adjusted_df` (if not null) receives the adjusted degrees of freedom.
inline double sparse_statistic(const DataView& data, const ConfigurationIds& ids, bool pearson,
                               double* adjusted_df) {
  const std::size_t n = data.n_rows, nx = ids.nx, ny = ids.ny;
  KeyIndex xz_index, yz_index, cell_index, z_index;
  xz_index.reset(n); yz_index.reset(n); cell_index.reset(n); z_index.reset(n);
  std::vector<double> n_xz, n_yz, n_z, n_cell;
  std::vector<std::uint32_t> xz_stratum, yz_stratum, cell_xz, cell_yz;
  for (std::size_t row = 0; row < n; ++row) {
    const double w = data.weight(row);
    const std::uint32_t z = z_index.id(ids.z[row]);
    if (z == n_z.size()) n_z.push_back(0.0);
    n_z[z] += w;
    const std::uint32_t xz = xz_index.id(static_cast<std::uint64_t>(z) * nx + ids.x[row]);
    if (xz == n_xz.size()) { n_xz.push_back(0.0); xz_stratum.push_back(z); }
    n_xz[xz] += w;
    const std::uint32_t yz = yz_index.id(static_cast<std::uint64_t>(z) * ny + ids.y[row]);
    if (yz == n_yz.size()) { n_yz.push_back(0.0); yz_stratum.push_back(z); }
    n_yz[yz] += w;
    const std::uint32_t cell = cell_index.id(static_cast<std::uint64_t>(xz) * ny + ids.y[row]);
    if (cell == n_cell.size()) {
      n_cell.push_back(0.0);
      cell_xz.push_back(xz);
      cell_yz.push_back(yz);
    }
    n_cell[cell] += w;
  }
  if (adjusted_df) {
    std::vector<double> rows(n_z.size(), 0.0), cols(n_z.size(), 0.0);
    for (std::uint32_t s : xz_stratum) rows[s] += 1;
    for (std::uint32_t s : yz_stratum) cols[s] += 1;
    double df = 0;
    for (std::size_t z = 0; z < n_z.size(); ++z) df += (rows[z] - 1) * (cols[z] - 1);
    *adjusted_df = df;
  }
  // Pearson: sum over all cells of (O - E)^2 / E = sum over observed cells of O^2 / E - N.
  double stat = 0;
  for (std::size_t cell = 0; cell < n_cell.size(); ++cell) {
    const double observed = n_cell[cell];
    const double expected =
        n_xz[cell_xz[cell]] * n_yz[cell_yz[cell]] / n_z[xz_stratum[cell_xz[cell]]];
    stat += pearson ? observed * observed / expected
                    : 2.0 * observed * std::log(observed / expected);
  }
  if (pearson) stat -= data.n_cases;
  return std::max(stat, 0.0);
}

}  // namespace learnbn
