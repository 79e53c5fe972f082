// The dense counting path: a family's cells counted in a table of q_i * r_i cells,
// indexed by the mixed-radix index of the parents' codes (first parent fastest), and
// listed in table order; a table larger than the data is visited only where rows fall.
// Counter::count() takes it when that table is small next to the data.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "data.hpp"
#include "family_counts.hpp"

namespace learnbn {

class DenseTally {
 public:
  // Unweighted tables up to this size are counted in four interleaved integer tables,
  // so consecutive rows never wait on the same memory cell (which serialises the loop).
  static constexpr std::size_t kSplitCells = 4096;

  explicit DenseTally(const DataView& data) : data_(data) {}
  DenseTally(const DenseTally&) = delete;
  DenseTally& operator=(const DenseTally&) = delete;

  // The family of `node` and its parents: each row's configuration (the mixed-radix
  // index of the parents' codes, q of them) into `config`, then its cells into `out`.
  void count(int node, const int* parents, std::size_t n_parents, std::size_t q,
             std::vector<std::uint32_t>& configs, FamilyCounts& out) {
    const std::size_t n = data_.n_rows;
    configs.resize(n);
    std::uint32_t* config = configs.data();
    std::uint32_t stride = 1;
    for (std::size_t p = 0; p < n_parents; ++p) {
      const Column& column = data_.columns[parents[p]];
      if (p == 0) {
        column.for_each(n, [&](std::size_t row, int code) { config[row] = code; });
      } else {
        column.for_each(n, [&](std::size_t row, int code) { config[row] += code * stride; });
      }
      stride *= column.cardinality;
    }
    count_configs(node, n_parents > 0 ? config : nullptr, q, out);
  }

  // Counts the family of `node` over the row configurations `config` (q of them; none:
  // a node without parents) and lists its non-zero cells, with their folds.
  void count_configs(int node, const std::uint32_t* config, std::size_t q, FamilyCounts& out) {
    const std::size_t states = data_.columns[node].cardinality;
    const Column& column = data_.columns[node];
    if (config) {
      tally_family(column, q, states, out, [config, states](std::size_t row, int code) {
        return config[row] * states + static_cast<std::size_t>(code);
      });
    } else {
      tally_family(column, q, states, out,
                   [](std::size_t, int code) { return static_cast<std::size_t>(code); });
    }
    if (data_.fold) count_folds(node, config, q, out);
  }

  // Counts a family of q configurations whose cell (config * states + state) of each row
  // is cell_of(row, code of `column`), and lists its non-zero cells: in table order,
  // or in order of first touch when the table is larger than the data.
  template <class CellOf>
  void tally_family(const Column& column, std::size_t q, std::size_t states, FamilyCounts& out,
                    CellOf cell_of) {
    if (q * states > std::max<std::size_t>(kSplitCells, data_.n_rows)) {
      return tally_touched(column, q, states, out, cell_of);
    }
    tally(column, q * states, cell_of);
    collect(q, states, out);
  }

  // The scratch table, for the paths that fill a dense table another way (bit sets,
  // expected counts) and then collect() it.
  std::vector<double>& table() { return table_; }
  void collect(std::size_t q, std::size_t states, FamilyCounts& out) {
    collect_cells(table_.data(), q, states, out);
  }

 private:
  // table_[cell_of(row, code)] += weight over all rows, `code` being the row's code in
  // `column`.
  template <class CellOf>
  void tally(const Column& column, std::size_t cells, CellOf cell_of) {
    const std::size_t n = data_.n_rows;
    table_.assign(cells, 0.0);
    if (data_.weights || cells > kSplitCells) {
      const double* w = data_.weights;
      column.for_each(
          n, [&](std::size_t row, int code) { table_[cell_of(row, code)] += w ? w[row] : 1.0; });
      return;
    }
    split_.assign(4 * cells, 0);
    std::uint32_t* t = split_.data();
    column.with_codes([&](const auto* code) {
      auto cell = [&](std::size_t row) { return cell_of(row, static_cast<int>(code[row])); };
      std::size_t row = 0;
      for (; row + 4 <= n; row += 4) {
        ++t[cell(row)];
        ++t[cells + cell(row + 1)];
        ++t[2 * cells + cell(row + 2)];
        ++t[3 * cells + cell(row + 3)];
      }
      for (; row < n; ++row) ++t[cell(row)];
    });
    for (std::size_t c = 0; c < cells; ++c) {
      table_[c] = static_cast<double>(t[c]) + t[cells + c] + t[2 * cells + c] + t[3 * cells + c];
    }
  }

  // A table larger than the data: counted in touched_table_, which stays all zero
  // between calls, visiting only the cells the rows touch (in order of first touch), so
  // the work is linear in the rows rather than in the cells.
  template <class CellOf>
  void tally_touched(const Column& column, std::size_t q, std::size_t states, FamilyCounts& out,
                     CellOf cell_of) {
    if (touched_table_.size() < q * states) touched_table_.resize(q * states, 0.0);
    double* t = touched_table_.data();
    const double* w = data_.weights;
    touched_.clear();
    column.for_each(data_.n_rows, [&](std::size_t row, int code) {
      const std::size_t cell = cell_of(row, code);
      if (t[cell] == 0) touched_.push_back(static_cast<std::uint32_t>(cell));
      t[cell] += w ? w[row] : 1.0;
    });
    out.dense = true;
    clear_cells(out);
    out.config_total.assign(q, 0.0);
    for (std::uint32_t cell : touched_) {
      // A zero weight may repeat a cell.
      if (t[cell] > 0) push_cell(out, t[cell], cell / states, cell % states);
      t[cell] = 0;
    }
  }

  // Per-fold counts over the cells just listed (see FamilyCounts).
  void count_folds(int node, const std::uint32_t* config, std::size_t q, FamilyCounts& out) {
    const std::size_t states = data_.columns[node].cardinality;
    cell_of_index_.assign(q * states, 0);
    for (std::size_t cell = 0; cell < out.cell_count.size(); ++cell) {
      cell_of_index_[out.cell_config[cell] * states + out.cell_state[cell]] =
          static_cast<std::uint32_t>(cell);
    }
    start_folds(data_, out);
    data_.columns[node].for_each(data_.n_rows, [&](std::size_t row, int code) {
      const std::uint32_t j = config ? config[row] : 0;
      add_fold_case(data_, out, row, cell_of_index_[j * states + code], j);
    });
  }

  const DataView& data_;
  std::vector<double> table_;                 // dense scratch table
  std::vector<std::uint32_t> split_;          // four interleaved integer tables (tally)
  std::vector<double> touched_table_;         // all zero between calls (tally_touched)
  std::vector<std::uint32_t> touched_;        // cells touched by the rows (tally_touched)
  std::vector<std::uint32_t> cell_of_index_;  // folds only: the listed cell of each dense index
};

}  // namespace learnbn
