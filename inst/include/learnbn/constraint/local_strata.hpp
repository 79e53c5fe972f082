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
// of up to 16 candidates with one 32-bit increment per row and real candidate. The
// statistic reads them stratum by stratum: the cells it would skip in the dense table
// (an empty stratum or an unobserved target state: expected count 0) are absent, and the
// others add the same terms in the same order (stratum, then y, then x), so the
// statistic and the adjusted degrees of freedom are those of ThreeWayTable::statistic()
// on the dense table, bit for bit. X2's terms are computed for the whole window at once
// in the lanes of vectors (local_lanes.hpp): a cell's counts of the window's candidates
// are adjacent.
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
#include "local_lanes.hpp"

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
    // The rest of z two variables a pass: fewer passes over the codes.
    std::size_t d = 1;
    for (; d + 1 < shared.size(); d += 2) {
      const std::uint8_t* a = data.columns[shared[d]].small;
      const std::uint8_t* b = data.columns[shared[d + 1]].small;
      const std::uint32_t na = static_cast<std::uint32_t>(data.columns[shared[d]].cardinality);
      const std::uint32_t nb = static_cast<std::uint32_t>(data.columns[shared[d + 1]].cardinality);
      std::uint32_t* code = code_.data();
      for (std::size_t row = 0; row < n; ++row) code[row] += (a[row] + b[row] * na) * declared;
      declared *= na * nb;
    }
    if (d < shared.size()) {
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

  // Counts N[cell, c] for the candidates candidates[0 .. width) (width at most 16) and
  // their statistics, X2 (`pearson`) or G2, as x against the target as y, read by
  // statistic().
  void count(const DataView& data, const int* candidates, std::size_t width, bool pearson) {
    window_ = width <= 4 ? 4 : width <= 8 ? 8 : 16;
    width_ = width;
    states_ = 1;
    for (std::size_t k = 0; k < window_; ++k) {
      const bool real = k < width;
      column_[k] = real ? data.columns[candidates[k]].small : nullptr;
      cardinality_[k] =
          real ? static_cast<std::size_t>(data.columns[candidates[k]].cardinality) : 1;
      states_ = std::max(states_, cardinality_[k]);
    }
    std::fill(stat_, stat_ + window_, 0.0);
    std::fill(df_, df_ + window_, 0.0);
    if (narrow_) {
      tables(narrow_counts_, data.n_rows, pearson);
    } else {
      tables(counts_, data.n_rows, pearson);
    }
  }

  // The statistic of the candidate at position k of the last count() and its adjusted
  // degrees of freedom: those of ThreeWayTable::statistic() on the dense table.
  double statistic(std::size_t k, double* adjusted_df) const {
    if (adjusted_df) *adjusted_df = df_[k];
    return stat_[k];
  }

 private:
  // The weights as integers (empty: one case a row), and whether the cases are few
  // enough for 16-bit counts: half the memory to clear and to scatter the rows over.
  void whole_weights(const DataView& data) {
    weights_.clear();
    narrow_ = data.n_rows < 65536;
    if (!data.weights) return;
    weights_.resize(data.n_rows);
    double cases = 0;
    for (std::size_t row = 0; row < data.n_rows; ++row) {
      weights_[row] = static_cast<std::uint32_t>(data.weights[row]);
      cases += weights_[row];
    }
    narrow_ = cases < 65536;
  }

  // count()'s tables in `counts` and the statistics from them.
  template <class Count>
  void tables(std::vector<Count>& counts, std::size_t n, bool pearson) {
    counts.assign(cells_ * states_ * window_, 0);
    const std::uint32_t* w = weights_.empty() ? nullptr : weights_.data();
    switch (window_) {
      case 4: increment<4>(counts.data(), w, n); break;
      case 8: increment<8>(counts.data(), w, n); break;
      default: increment<16>(counts.data(), w, n); break;
    }
    std::uint32_t begin = 0;
    for (const std::uint32_t end : stratum_end_) {
      const Count* t = counts.data() + begin * states_ * window_;
      switch (window_) {
        case 4: stratum<4>(t, end - begin, pearson); break;
        case 8: stratum<8>(t, end - begin, pearson); break;
        default: stratum<16>(t, end - begin, pearson); break;
      }
      begin = end;
    }
  }

  // The row (x) and column (target) totals of a stratum's `cells` cells, from its first
  // cell's count of x = 0 on; returns the stratum's total. Whole counts: exact sums.
  template <class Count>
  double totals(const Count* stratum, std::size_t cells, std::size_t nx) {
    const std::size_t stride = states_ * window_;
    row_total_.assign(nx, 0.0);
    col_total_.resize(cells);
    double total = 0;
    for (std::size_t c = 0; c < cells; ++c) {
      const Count* n = stratum + c * stride;
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

  // Adds the terms of the stratum at t (of `cells` cells) to every candidate's
  // statistic: X2's in the lanes of vectors (local_lanes.hpp), G2's one by one.
  template <std::size_t Width, class Count>
  void stratum(const Count* t, std::size_t cells, bool pearson) {
    if (pearson && kLocalLanes) {
      pearson_stratum<Width>(t, cells);
    } else {
      for (std::size_t k = 0; k < width_; ++k) add_stratum(t, k, cells, pearson);
    }
  }

  // add_stratum()'s X2 for every candidate at once: the same totals and adjusted df, the
  // same strata skipped, and the terms of the others added in the same order. A
  // candidate's stratum that add_stratum() skips (one observed row or column, adding +0)
  // gets its terms computed with the others: each is +0, as adds_zero() found.
  template <std::size_t Width, class Count>
  void pearson_stratum(const Count* t, std::size_t cells) {
    const std::size_t stride = states_ * Width;
    col_total_.resize(cells);
    row_sum_.assign(stride, 0);
    double total = 0;
    std::size_t cols = 0;
    for (std::size_t c = 0; c < cells; ++c) {
      const Count* n = t + c * stride;
      std::uint32_t col = 0;  // every candidate's x states split the same rows
      for (std::size_t x = 0; x < cardinality_[0]; ++x) col += n[x * Width];
      for (std::size_t i = 0; i < stride; ++i) row_sum_[i] += n[i];
      col_total_[c] = col;
      total += col;
      cols += col > 0;
    }
    if (total <= 0) return;  // rows of weight 0 alone
    row_lanes_.assign(row_sum_.begin(), row_sum_.end());
    row_total_.resize(states_);
    bool skip = true;
    for (std::size_t k = 0; k < width_; ++k) {
      const std::size_t nx = cardinality_[k];
      std::size_t rows = 0;
      for (std::size_t x = 0; x < nx; ++x) {
        row_total_[x] = row_lanes_[x * Width + k];
        rows += row_total_[x] > 0;
      }
      df_[k] += static_cast<double>(std::max<std::size_t>(rows, 1) - 1) *
                static_cast<double>(std::max<std::size_t>(cols, 1) - 1);
      skip = skip && ((rows <= 1 && adds_zero(col_total_.data(), cells, total)) ||
                      (cols <= 1 && adds_zero(row_total_.data(), nx, total)));
    }
    if (skip) return;
    live_.resize(stride / 4);
    for (std::size_t i = 0; i < stride / 4; ++i) {
      live_[i] = (row_sum_[4 * i] | row_sum_[4 * i + 1] | row_sum_[4 * i + 2] |
                  row_sum_[4 * i + 3]) != 0;
    }
    pearson_lanes<Width>(t, cells, states_, col_total_.data(), row_lanes_.data(),
                         live_.data(), total, stat_);
  }

  // Adds the terms of the stratum at t (of `cells` cells) to the statistic and adjusted
  // df of the candidate at position k, as ThreeWayTable::statistic() adds them.
  template <class Count>
  void add_stratum(const Count* t, std::size_t k, std::size_t cells, bool pearson) {
    const std::size_t nx = cardinality_[k], stride = states_ * window_;
    const Count* stratum = t + k;
    const double total = totals(stratum, cells, nx);
    if (total <= 0) return;  // rows of weight 0 alone
    std::size_t rows = 0, cols = 0;
    for (std::size_t x = 0; x < nx; ++x) rows += row_total_[x] > 0;
    for (std::size_t c = 0; c < cells; ++c) cols += col_total_[c] > 0;
    df_[k] += static_cast<double>(std::max<std::size_t>(rows, 1) - 1) *
              static_cast<double>(std::max<std::size_t>(cols, 1) - 1);
    if (rows <= 1 && adds_zero(col_total_.data(), cells, total)) return;
    if (cols <= 1 && adds_zero(row_total_.data(), nx, total)) return;
    double& stat = stat_[k];
    for (std::size_t c = 0; c < cells; ++c) {
      const Count* n = stratum + c * stride;
      const double col = col_total_[c];
      if (col <= 0) continue;
      for (std::size_t x = 0; x < nx; ++x) {
        const double expected = row_total_[x] * col / total;
        if (expected <= 0) continue;
        add_cell_term(stat, n[x * window_], expected, pearson);
      }
    }
  }

  // Adds each row's weight to its cell of every real candidate's table: cell (code, c)
  // of table k at (code * states_ + c) * Width + k (the tables past them stay 0).
  template <std::size_t Width, class Count>
  void increment(Count* t, const std::uint32_t* weights, std::size_t n) {
    const std::size_t width = width_;
    const std::uint32_t* code = code_.data();
    const std::uint32_t stride = static_cast<std::uint32_t>(states_ * Width);
    for (std::size_t row = 0; row < n; ++row) {
      const std::uint32_t weight = weights ? weights[row] : 1u;
      Count* cells = t + code[row] * stride;
      for (std::size_t k = 0; k < width; ++k) {
        cells[column_[k][row] * Width + k] += static_cast<Count>(weight);
      }
    }
  }

  const DataView* data_ = nullptr;
  std::vector<int> shared_;
  std::vector<std::uint32_t> code_, rank_, weights_, counts_;
  std::vector<std::uint16_t> narrow_counts_;  // counts_ when narrow_
  bool narrow_ = false;
  std::vector<std::uint32_t> stratum_end_;  // one past each observed stratum's last cell
  std::size_t cells_ = 0, window_ = 4, width_ = 0, states_ = 1;
  std::vector<double> row_total_, col_total_, row_lanes_;  // row_lanes_: x outer, k inner
  std::vector<std::uint32_t> row_sum_;
  std::vector<std::uint8_t> live_;  // pearson_lanes()'s
  const std::uint8_t* column_[kMaxWidth] = {};  // the window's candidates' codes
  std::size_t cardinality_[kMaxWidth] = {};
  double stat_[kMaxWidth] = {}, df_[kMaxWidth] = {};  // of the last count()
};

}  // namespace learnbn
