// The three-way tables of many candidates c against one target t and conditioning set z
// (constraint/local_batch.hpp), over the observed cells of (t, z) only.
//
// Given two or three of the many-state nodes of hailfinder, most of the declared cells
// of (t, z) never occur: at 20,000 rows, an 11-state target given four variables has
// 7,392 of them. Tables over the declared cells are then mostly zeros that are cleared,
// laid out and read by the statistic all the same, and their increments scatter over
// more memory than the caches hold. Here each row's code is the rank of its cell of
// (t, z) among the observed ones (in the order of their declared index: z, then t), so
// the tables hold the observed cells alone, and one pass over the rows counts a window
// of up to 16 candidates with one 32-bit increment each. The statistic reads them
// directly: the cells it would skip in the dense table (an empty stratum or an
// unobserved target state: expected count 0) are absent, and the others add the same
// terms in the same order, so the statistic and the adjusted degrees of freedom are
// those of ThreeWayTable::statistic() on the dense table, bit for bit.
//
// The data must be complete and byte-coded, and their weights (if any) whole numbers
// summing to less than 2^32: then every cell is an exact whole count.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../citest/pearson_lanes.hpp"
#include "../data/data.hpp"

namespace learnbn {

class StrataTables {
 public:
  static constexpr std::size_t kMaxWidth = 16;

  // Codes the rows of `data` (a view that outlives the next count()) by their cell of
  // `shared` (the target, then z) among the observed cells, in declared order.
  void set_shared(const DataView& data, const std::vector<int>& shared) {
    if (&data == data_ && shared == shared_) return;  // the codes still hold
    if (&data != data_) whole_weights(data);
    data_ = &data;
    shared_ = shared;
    const std::size_t n = data.n_rows;
    const std::uint8_t* t = data.columns[shared[0]].small;
    const std::uint32_t nt = static_cast<std::uint32_t>(data.columns[shared[0]].cardinality);
    std::uint32_t declared = nt;
    code_.assign(t, t + n);
    for (std::size_t d = 1; d < shared.size(); ++d) {
      const std::uint8_t* c = data.columns[shared[d]].small;
      std::uint32_t* code = code_.data();
      for (std::size_t row = 0; row < n; ++row) code[row] += c[row] * declared;
      declared *= static_cast<std::uint32_t>(data.columns[shared[d]].cardinality);
    }
    rank_.assign(declared, 0);
    for (std::size_t row = 0; row < n; ++row) rank_[code_[row]] = 1;
    std::uint32_t cells = 0, stratum = declared;  // the stratum of the last observed cell
    stratum_end_.clear();
    for (std::uint32_t index = 0; index < declared; ++index) {
      if (!rank_[index]) continue;
      if (index / nt != stratum && cells > 0) stratum_end_.push_back(cells);
      stratum = index / nt;
      rank_[index] = cells++;
    }
    stratum_end_.push_back(cells);
    cells_ = cells;
    for (std::size_t row = 0; row < n; ++row) code_[row] = rank_[code_[row]];
  }

  // Counts N[cell, c] for the candidates candidates[0 .. width) (width at most 16).
  void count(const DataView& data, const int* candidates, std::size_t width) {
    window_ = width <= 4 ? 4 : width <= 8 ? 8 : 16;
    states_ = 1;
    if (zeros_.size() != data.n_rows) zeros_.assign(data.n_rows, 0);
    for (std::size_t k = 0; k < window_; ++k) {
      const bool real = k < width;
      column_[k] = real ? data.columns[candidates[k]].small : zeros_.data();
      cardinality_[k] =
          real ? static_cast<std::size_t>(data.columns[candidates[k]].cardinality) : 1;
      states_ = std::max(states_, cardinality_[k]);
    }
    counts_.assign(cells_ * states_ * window_, 0);
    const std::uint32_t* w = weights_.empty() ? nullptr : weights_.data();
    switch (window_) {
      case 4: increment<4>(w, data.n_rows); break;
      case 8: increment<8>(w, data.n_rows); break;
      default: increment<16>(w, data.n_rows); break;
    }
  }

  // X2 (pearson) or G2 of the candidate at position k of the last count() as x, the
  // target as y, over the observed strata, and its adjusted degrees of freedom: that of
  // ThreeWayTable::statistic() on the dense table, bit for bit. The cells it skips there
  // (an empty stratum, row or column: expected count 0) are not stored here, and the
  // others add the same terms in the same order (stratum, then y, then x).
  double statistic(std::size_t k, bool pearson, double* adjusted_df) {
    const std::size_t nx = cardinality_[k], stride = states_ * window_;
    double stat = 0, df = 0;
    std::size_t begin = 0;
    for (const std::uint32_t end : stratum_end_) {
      const std::uint32_t* stratum = counts_.data() + begin * stride + k;
      const std::size_t cells = end - begin;
      begin = end;
      const double total = totals(stratum, cells, nx);
      if (total <= 0) continue;  // rows of weight 0 alone
      std::size_t rows = 0, cols = 0;
      for (std::size_t x = 0; x < nx; ++x) rows += row_total_[x] > 0;
      for (std::size_t c = 0; c < cells; ++c) cols += col_total_[c] > 0;
      df += static_cast<double>(std::max<std::size_t>(rows, 1) - 1) *
            static_cast<double>(std::max<std::size_t>(cols, 1) - 1);
      if (rows <= 1 && adds_zero(col_total_.data(), cells, total)) continue;
      if (cols <= 1 && adds_zero(row_total_.data(), nx, total)) continue;
      for (std::size_t c = 0; c < cells; ++c) {
        const std::uint32_t* n = stratum + c * stride;
        const double col = col_total_[c];
        if (col <= 0) continue;
        for (std::size_t x = 0; x < nx; ++x) {
          const double expected = row_total_[x] * col / total;
          if (expected <= 0) continue;
          add_cell_term(stat, n[x * window_], expected, pearson);
        }
      }
    }
    if (adjusted_df) *adjusted_df = df;
    return stat;
  }

 private:
  // The weights as integers (empty: one case a row).
  void whole_weights(const DataView& data) {
    weights_.clear();
    if (!data.weights) return;
    weights_.resize(data.n_rows);
    for (std::size_t row = 0; row < data.n_rows; ++row) {
      weights_[row] = static_cast<std::uint32_t>(data.weights[row]);
    }
  }

  // The row (x) and column (target) totals of a stratum's `cells` cells, from its first
  // cell's count of x = 0 on; returns the stratum's total. Whole counts: exact sums.
  double totals(const std::uint32_t* stratum, std::size_t cells, std::size_t nx) {
    const std::size_t stride = states_ * window_;
    row_total_.assign(nx, 0.0);
    col_total_.resize(cells);
    double total = 0;
    for (std::size_t c = 0; c < cells; ++c) {
      const std::uint32_t* n = stratum + c * stride;
      double col = 0;
      for (std::size_t x = 0; x < nx; ++x) {
        row_total_[x] += n[x * window_];
        col += n[x * window_];
      }
      col_total_[c] = col;
      total += col;
    }
    return total;
  }

  // Adds each row's weight to its cell of every table: cell (code, c) of table k at
  // (code * states_ + c) * Width + k.
  template <std::size_t Width>
  void increment(const std::uint32_t* weights, std::size_t n) {
    const std::uint32_t* code = code_.data();
    std::uint32_t* t = counts_.data();
    const std::uint32_t stride = static_cast<std::uint32_t>(states_ * Width);
    for (std::size_t row = 0; row < n; ++row) {
      const std::uint32_t weight = weights ? weights[row] : 1u;
      std::uint32_t* cells = t + code[row] * stride;
      for (std::size_t k = 0; k < Width; ++k) cells[column_[k][row] * Width + k] += weight;
    }
  }

  const DataView* data_ = nullptr;
  std::vector<int> shared_;
  std::vector<std::uint32_t> code_, rank_, weights_, counts_;
  std::vector<std::uint32_t> stratum_end_;  // one past each observed stratum's last cell
  std::size_t cells_ = 0, window_ = 4, states_ = 1;
  std::vector<double> row_total_, col_total_;
  std::vector<std::uint8_t> zeros_;             // the column past the last candidate
  const std::uint8_t* column_[kMaxWidth] = {};  // the window's candidates' codes
  std::size_t cardinality_[kMaxWidth] = {};
};

}  // namespace learnbn
