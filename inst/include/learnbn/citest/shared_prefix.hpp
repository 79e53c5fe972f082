// The three-way tables of several tests X _||_ Y | (Z', c) that differ only in the last
// conditioning variable c, counted in one pass over the rows.
//
// PC tests an edge against the subsets of a neighbourhood in lexicographic order, so
// runs of consecutive tests share x, y and all but the last member of Z. A test is one
// pass over the rows reading l + 2 columns; here the shared part is combined once into
// one code per row, and each pass then reads that code and one column per test, for a
// batch of tests at once (independent increments into separate tables, so runs of rows
// hitting one cell do not stall on each other). The tables have the layout of
// ThreeWayTable (x fastest, then y, then Z' in order, then c), so the statistics are
// those of the test run alone: cell counts are sums of whole-number weights, exact in
// any order.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../data/data.hpp"

namespace learnbn {

class SharedPrefixTables {
 public:
  static constexpr std::size_t kMaxBatch = 16;

  // Counts N[x, y, prefix, c] for each c in `lasts` (at most kMaxBatch). Every column
  // must be byte-coded and complete; the caller checks that each table is dense-sized.
  void count(const DataView& data, int x, int y, const std::vector<int>& prefix,
             const std::vector<int>& lasts) {
    set_prefix(data, x, y, prefix);
    const std::size_t batch = lasts.size();
    const std::uint8_t* col[kMaxBatch];
    std::uint32_t offset[kMaxBatch];
    std::size_t total = 0;
    for (std::size_t k = 0; k < batch; ++k) {
      const Column& column = data.columns[lasts[k]];
      col[k] = column.small;
      offset[k] = static_cast<std::uint32_t>(total);
      sizes_[k] = prefix_cells_ * static_cast<std::size_t>(column.cardinality);
      total += sizes_[k];
    }
    const std::uint32_t* code = code_.data();
    const std::uint32_t stride = static_cast<std::uint32_t>(prefix_cells_);
    const std::size_t n = data.n_rows;
    weighted_ = data.weights != nullptr;
    if (weighted_) {
      sums_.assign(total, 0.0);
      increment(sums_.data(), data.weights, code, col, offset, stride, batch, n);
    } else {  // whole counts below 2^32 (the tester's row limit): integer increments are cheaper
      counts_.assign(total, 0);
      increment(counts_.data(), static_cast<const double*>(nullptr), code, col, offset, stride, batch, n);
    }
    for (std::size_t k = 0; k < batch; ++k) starts_[k] = offset[k];
  }

  // Table k (of the last call), as the doubles of ThreeWayTable::cells().
  void table(std::size_t k, std::vector<double>& out) const {
    if (weighted_) {
      out.assign(sums_.begin() + starts_[k], sums_.begin() + starts_[k] + sizes_[k]);
    } else {
      out.assign(counts_.begin() + starts_[k], counts_.begin() + starts_[k] + sizes_[k]);
    }
  }

 private:
  // The code of (x, y, prefix) in every row, kept while the same prefix is asked again.
  void set_prefix(const DataView& data, int x, int y, const std::vector<int>& prefix) {
    std::vector<int> vars{x, y};
    vars.insert(vars.end(), prefix.begin(), prefix.end());
    if (vars == vars_ && &data == data_) return;
    vars_ = vars;
    data_ = &data;
    const std::size_t n = data.n_rows;
    code_.assign(n, 0);
    std::uint32_t* code = code_.data();
    std::uint32_t stride = 1;
    for (int v : vars) {
      const std::uint8_t* c = data.columns[v].small;
      for (std::size_t row = 0; row < n; ++row) code[row] += c[row] * stride;
      stride *= static_cast<std::uint32_t>(data.columns[v].cardinality);
    }
    prefix_cells_ = stride;
  }

  // Adds each row's weight (1 when `weights` is null) to its cell of every table.
  template <class Cell>
  static void increment(Cell* t, const double* weights, const std::uint32_t* code,
                        const std::uint8_t* const* col, const std::uint32_t* offset,
                        std::uint32_t stride, std::size_t batch, std::size_t n) {
    for (std::size_t row = 0; row < n; ++row) {
      const Cell weight = weights ? static_cast<Cell>(weights[row]) : Cell(1);
      const std::uint32_t base = code[row];
      for (std::size_t k = 0; k < batch; ++k) t[offset[k] + base + col[k][row] * stride] += weight;
    }
  }

  const DataView* data_ = nullptr;
  std::vector<int> vars_;
  std::vector<std::uint32_t> code_;
  std::size_t prefix_cells_ = 1;
  bool weighted_ = false;
  std::vector<double> sums_;           // weighted data
  std::vector<std::uint32_t> counts_;  // one case a row
  std::size_t starts_[kMaxBatch] = {}, sizes_[kMaxBatch] = {};
};

}  // namespace learnbn
