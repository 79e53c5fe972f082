// The sparse counting path: parent configurations renumbered, one parent at a time, to
// the configurations actually observed (at most one per row), and the (configuration,
// state) cells likewise, so a family whose full table would not fit in memory (say ten
// 4-state parents, 4^11 cells) costs memory linear in the rows, and no configuration
// index can overflow. Counter::count() takes it when the dense table is large.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "data.hpp"
#include "family_counts.hpp"
#include "key_index.hpp"

namespace learnbn {

// Counts the family of `node` into `out` (cells in order of first appearance), with the
// row configurations in `configs` and the renumbering in `index` (both scratch).
class SparseCount {
 public:
  explicit SparseCount(const DataView& data) : data_(data) {}
  SparseCount(const SparseCount&) = delete;
  SparseCount& operator=(const SparseCount&) = delete;

  void count(int node, const int* parents, std::size_t n_parents, double dense_limit,
             KeyIndex& index, std::vector<std::uint32_t>& configs, FamilyCounts& out) {
    const std::size_t n = data_.n_rows;
    const double n_ids = combine_columns(data_, parents, n_parents, dense_limit, index, configs);
    std::uint32_t* config = configs.data();
    // Cells: renumber (configuration, state) pairs so memory stays linear in the rows.
    const Column& target = data_.columns[node];
    const std::uint64_t states = target.cardinality;
    index.reset(n);
    clear_cells(out);
    out.dense = false;
    out.config_total.assign(static_cast<std::size_t>(n_ids), 0.0);
    if (data_.fold) row_cell_.resize(n);
    target.for_each(n, [&](std::size_t row, int code) {
      const std::uint32_t cell = index.id(config[row] * states + static_cast<std::uint64_t>(code));
      if (data_.fold) row_cell_[row] = cell;
      if (cell == out.cell_count.size()) {
        out.cell_count.push_back(0.0);
        out.cell_config.push_back(config[row]);
        out.cell_state.push_back(static_cast<std::uint32_t>(code));
      }
      const double w = data_.weight(row);
      out.cell_count[cell] += w;
      out.config_total[config[row]] += w;
    });
    if (data_.fold) {
      start_folds(data_, out);
      for (std::size_t row = 0; row < n; ++row) {
        add_fold_case(data_, out, row, row_cell_[row], config[row]);
      }
    }
  }

 private:
  const DataView& data_;
  std::vector<std::uint32_t> row_cell_;  // folds only: the cell of each row
};

}  // namespace learnbn
