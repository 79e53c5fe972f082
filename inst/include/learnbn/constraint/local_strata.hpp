// The three-way tables of many candidates c against one target t and conditioning set z
// (constraint/local_batch.hpp), over the observed strata of z only.
//
// Given two or three of the many-state nodes of hailfinder, most of z's declared
// configurations never occur. Tables over the declared strata are then mostly zeros
// that are cleared, laid out and read by the statistic all the same, and their
// increments scatter over more memory than the caches hold. Here each row's code is
// the target's state plus its number of states times the rank of z's configuration
// among the observed ones, so the tables hold the observed strata alone (in the order
// of their declared index), and one pass over the rows counts a window of up to 16
// candidates with one 32-bit increment each. Each table is handed out in the layout of
// ThreeWayTable::cells() with the observed strata as its z: the statistic skips empty
// strata and adds the others in order, so it is that of the table over the declared
// strata, bit for bit (the degrees of freedom stay those of the declared strata).
//
// The data must be complete and byte-coded, and their weights (if any) whole numbers
// summing to less than 2^32: then every cell is an exact whole count.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../data/data.hpp"

namespace learnbn {

class StrataTables {
 public:
  static constexpr std::size_t kMaxWidth = 16;

  // Codes the rows of `data` (a view that outlives the next count()) by their cell of
  // `shared`: the target, then z.
  void set_shared(const DataView& data, const std::vector<int>& shared) {
    if (&data == data_ && shared == shared_) return;  // the codes still hold
    if (&data != data_) whole_weights(data);
    data_ = &data;
    shared_ = shared;
    const std::size_t n = data.n_rows;
    std::uint32_t declared = 1;
    code_.assign(n, 0);
    for (std::size_t d = 1; d < shared.size(); ++d) {
      const std::uint8_t* c = data.columns[shared[d]].small;
      std::uint32_t* code = code_.data();
      for (std::size_t row = 0; row < n; ++row) code[row] += c[row] * declared;
      declared *= static_cast<std::uint32_t>(data.columns[shared[d]].cardinality);
    }
    rank_.assign(declared, 0);
    for (std::size_t row = 0; row < n; ++row) rank_[code_[row]] = 1;
    strata_ = 0;
    for (std::uint32_t& r : rank_) r = r ? static_cast<std::uint32_t>(strata_++) : 0;
    targets_ = static_cast<std::size_t>(data.columns[shared[0]].cardinality);
    const std::uint8_t* t = data.columns[shared[0]].small;
    const std::uint32_t nt = static_cast<std::uint32_t>(targets_);
    for (std::size_t row = 0; row < n; ++row) code_[row] = rank_[code_[row]] * nt + t[row];
  }

  // The observed strata of z (of the last set_shared()).
  std::size_t strata() const { return strata_; }

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
    counts_.assign(strata_ * targets_ * states_ * window_, 0);
    const std::uint32_t* w = weights_.empty() ? nullptr : weights_.data();
    switch (window_) {
      case 4: increment<4>(w, data.n_rows); break;
      case 8: increment<8>(w, data.n_rows); break;
      default: increment<16>(w, data.n_rows); break;
    }
  }

  // The table of the candidate at position k of the last count() in the layout of
  // ThreeWayTable::cells() over the observed strata, the candidate as x, the target as y.
  void table(std::size_t k, std::vector<double>& out) const {
    const std::size_t nc = cardinality_[k], cells = strata_ * targets_;
    out.resize(cells * nc);
    for (std::size_t g = 0; g < cells; ++g) {
      const std::uint32_t* cell = counts_.data() + g * states_ * window_ + k;
      for (std::size_t c = 0; c < nc; ++c) out[g * nc + c] = cell[c * window_];
    }
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
  std::size_t strata_ = 0, targets_ = 1, window_ = 4, states_ = 1;
  std::vector<std::uint8_t> zeros_;             // the column past the last candidate
  const std::uint8_t* column_[kMaxWidth] = {};  // the window's candidates' codes
  std::size_t cardinality_[kMaxWidth] = {};
};

}  // namespace learnbn
