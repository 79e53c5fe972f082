// Counting kWindow families base + {extras[k]} in one pass over the rows
// (Counter::count_plus_window) by the interleaved tally, one table each: the other
// families' increments fill the wait of a row on the previous row's cell. Their cells
// are listed in table order, as count_plus() lists them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "data.hpp"
#include "family_base.hpp"
#include "family_counts.hpp"

namespace learnbn {

class WindowTally {
 public:
  static constexpr std::size_t kWindow = 4;  // families counted together

  explicit WindowTally(const DataView& data) : data_(data) {}
  WindowTally(const WindowTally&) = delete;
  WindowTally& operator=(const WindowTally&) = delete;

  // The tally of families base + {extras[k]}, k < W <= kWindow, from byte codes,
  // into outs (W of them).
  template <std::size_t W>
  void tally(FamilyBase& base, const std::uint8_t* const* code, const int* extras,
             FamilyCounts* outs, std::size_t states) {
    const std::size_t base_cells = static_cast<std::size_t>(base.configs()) * states;
    std::uint32_t* table[W];
    std::size_t total = 0;
    for (std::size_t k = 0; k < W; ++k) total += base_cells * data_.columns[extras[k]].cardinality;
    table_.assign(total, 0);
    for (std::size_t k = 0, t = 0; k < W; ++k) {
      table[k] = table_.data() + t;
      t += base_cells * data_.columns[extras[k]].cardinality;
    }
    const std::uint32_t* rows = base.rows();
    const std::uint32_t scale = static_cast<std::uint32_t>(base_cells);
    for (std::size_t row = 0; row < data_.n_rows; ++row) {
      const std::uint32_t b = rows[row];
      for_each_index(std::make_index_sequence<W>{},
                     [&](std::size_t k) { ++table[k][b + code[k][row] * scale]; });
    }
    for (std::size_t k = 0; k < W; ++k) {
      const int r_extra = data_.columns[extras[k]].cardinality;
      FamilyCounts& out = outs[k];
      collect_cells(table[k], static_cast<std::size_t>(base.configs()) * r_extra, states, out);
      out.states = static_cast<int>(states);
      out.parent_configs = base.total() * r_extra;
      out.dense = base.dense();
      out.singleton_configs = 0;
    }
  }

 private:
  const DataView& data_;
  std::vector<std::uint32_t> table_;
};

}  // namespace learnbn
