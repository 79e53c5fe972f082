// The three-way tables of several tests X _||_ Y | (Z', c) that differ only in the last
// conditioning variable c, counted in one pass over the rows.
//
// PC tests an edge against the subsets of a neighbourhood (its candidates) in
// lexicographic order, so runs of consecutive tests share x, y and all but the last
// member of Z, and their last members are consecutive candidates. A test alone is one
// pass over the rows reading l + 2 columns. Here the shared part is combined once into
// one code per row, and one pass counts a window of 4, 8 or 16 consecutive candidates:
// per row, one code, one byte of each candidate and as many independent increments
// into interleaved tables (so runs of rows hitting one cell do not stall on each other,
// and one row's increments fall in a few cache lines). Each table is handed out in the
// layout of ThreeWayTable (x fastest, then y, then Z' in order, then c), so the
// statistics are those of the test run alone: cell counts are sums of whole-number
// weights, exact in any order.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../data/data.hpp"

namespace learnbn {

class SharedPrefixTables {
 public:
  static constexpr std::size_t kMaxWidth = 16;  // largest window

  // The candidates whose windows count() counts. Every column must be byte-coded and
  // complete.
  void set_candidates(const DataView& data, const std::vector<int>& candidates) {
    candidates_ = candidates;
    if (zeros_.size() != data.n_rows) zeros_.assign(data.n_rows, 0);
  }

  // The window width (4, 8 or 16) that covers `tests` candidates, or the most.
  static std::size_t width_for(std::size_t tests) { return tests <= 4 ? 4 : tests <= 8 ? 8 : 16; }

  // Counts N[shared, c] for the candidates c at positions first, ..., first + width - 1
  // (width 4, 8 or 16; those past the end give tables to ignore): `shared` is x, y and
  // the prefix Z', or x alone for the tests given nothing. The caller checks that every
  // table is dense-sized.
  void count(const DataView& data, const std::vector<int>& shared, std::size_t first, std::size_t width) {
    set_prefix(data, shared);
    first_ = first;
    window_ = width;
    last_states_ = 1;
    for (std::size_t k = 0; k < window_; ++k) {
      last_states_ = std::max(last_states_, states(data, k));
      // A window past the end reads state 0.
      column_[k] = first + k < candidates_.size() ? data.columns[candidates_[first + k]].small : zeros_.data();
    }
    const std::size_t total = prefix_cells_ * last_states_ * window_;
    weighted_ = data.weights != nullptr;
    if (weighted_) {
      sums_.assign(total, 0.0);
      by_width(sums_.data(), data.weights, data.n_rows);
    } else {  // whole counts below 2^32 (the tester's row limit): integer increments are cheaper
      counts_.assign(total, 0);
      by_width(counts_.data(), static_cast<const double*>(nullptr), data.n_rows);
    }
  }

  // The table of the candidate at position first + k (of the last count()), in the
  // layout of ThreeWayTable::cells().
  void table(const DataView& data, std::size_t k, std::vector<double>& out) const {
    const std::size_t states_k = states(data, k);
    out.resize(prefix_cells_ * states_k);
    for (std::size_t c = 0; c < states_k; ++c) {
      for (std::size_t base = 0; base < prefix_cells_; ++base) {
        const std::size_t cell = (base * last_states_ + c) * window_ + k;
        out[c * prefix_cells_ + base] = weighted_ ? sums_[cell] : static_cast<double>(counts_[cell]);
      }
    }
  }

 private:
  std::size_t states(const DataView& data, std::size_t k) const {
    const std::size_t j = first_ + k;
    return j < candidates_.size() ? static_cast<std::size_t>(data.columns[candidates_[j]].cardinality) : 1;
  }

  // The code of the shared variables in every row. The codes of each leading part are
  // kept, so that a new prefix recomputes only from its first changed variable on (in
  // lexicographic order mostly the last one).
  void set_prefix(const DataView& data, const std::vector<int>& shared) {
    if (&data != prefix_data_) vars_.clear();
    prefix_data_ = &data;
    std::size_t same = 0;
    while (same < vars_.size() && same < shared.size() && vars_[same] == shared[same]) ++same;
    vars_.assign(shared.begin(), shared.end());
    codes_.resize(shared.size());
    strides_.resize(shared.size());
    const std::size_t n = data.n_rows;
    for (std::size_t d = same; d < shared.size(); ++d) {
      strides_[d] = d == 0 ? 1 : strides_[d - 1] * static_cast<std::uint32_t>(data.columns[shared[d - 1]].cardinality);
      codes_[d].resize(n);
      std::uint32_t* code = codes_[d].data();
      const std::uint32_t* parent = d == 0 ? nullptr : codes_[d - 1].data();
      const std::uint8_t* c = data.columns[shared[d]].small;
      const std::uint32_t stride = strides_[d];
      for (std::size_t row = 0; row < n; ++row) code[row] = (parent ? parent[row] : 0) + c[row] * stride;
    }
    prefix_cells_ = strides_.back() * static_cast<std::size_t>(data.columns[shared.back()].cardinality);
  }

  template <class Cell>
  void by_width(Cell* t, const double* weights, std::size_t n) const {
    switch (window_) {
      case 4: increment<4>(t, weights, n); break;
      case 8: increment<8>(t, weights, n); break;
      default: increment<16>(t, weights, n); break;
    }
  }

  // Adds each row's weight (1 when `weights` is null) to its cell of every table; cell
  // (base, c) of table k is at (base * last_states_ + c) * Width + k.
  template <std::size_t Width, class Cell>
  void increment(Cell* t, const double* weights, std::size_t n) const {
    const std::uint32_t* code = codes_.back().data();
    const std::uint8_t* const* col = column_;
    const std::uint32_t row_stride = static_cast<std::uint32_t>(last_states_ * Width);
    for (std::size_t row = 0; row < n; ++row) {
      const Cell weight = weights ? static_cast<Cell>(weights[row]) : Cell(1);
      Cell* cells = t + code[row] * row_stride;
      for (std::size_t k = 0; k < Width; ++k) cells[col[k][row] * Width + k] += weight;
    }
  }

  std::vector<int> candidates_;
  std::vector<std::uint8_t> zeros_;  // the column past the last candidate
  const std::uint8_t* column_[kMaxWidth] = {};  // codes of the window's candidates
  const DataView* prefix_data_ = nullptr;
  std::vector<int> vars_;
  std::vector<std::vector<std::uint32_t>> codes_;  // codes_[d]: code of vars_[0 .. d]
  std::vector<std::uint32_t> strides_;             // strides_[d]: radix of vars_[d]
  std::size_t prefix_cells_ = 1;
  std::size_t first_ = 0, window_ = 4, last_states_ = 1;  // window of the last count(), most states in it
  bool weighted_ = false;
  std::vector<double> sums_;           // weighted data
  std::vector<std::uint32_t> counts_;  // one case a row
};

}  // namespace learnbn
