// Counting kWindow families base + {extras[k]} in one pass over the rows
// (Counter::count_plus_window) by the interleaved tally, one table each: the other
// families' increments fill the wait of a row on the previous row's cell. Their cells
// are listed in table order, as count_plus() lists them.
// An extra that shows one state (its mode) in nearly every row is tallied from the rows
// off its mode instead (tally_off_mode): the mode's block of the table is the base's cell
// counts less those rows, a pass over a few rows instead of all (on munin at 10,000 rows
// a column's rows off its mode are 10% on average).
#pragma once
#include <algorithm>
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
  // tally_off_mode() pays when the rows off the extra's mode are at most 1/kOffModeShare:
  // such a row costs two increments, where a pass costs 1/kWindow of one per row.
  static constexpr std::size_t kOffModeShare = 4;

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
    for (std::size_t k = 0; k < W; ++k) finish(base, table[k], extras[k], states, outs[k]);
  }

  // Whether tally_off_mode() pays for `extra` (see kOffModeShare).
  bool off_mode_pays(int extra) { return mode_rows(extra).pays; }
  // tally<1>()'s counts of base + {extra} (byte codes), from the base's cell counts and
  // the rows where the extra is off its mode: the same table.
  void tally_off_mode(FamilyBase& base, int extra, FamilyCounts& out, std::size_t states) {
    const std::size_t base_cells = static_cast<std::size_t>(base.configs()) * states;
    table_.assign(base_cells * data_.columns[extra].cardinality, 0);
    const ModeRows& off = mode_rows(extra);
    const std::uint32_t* cell_rows = base.cell_rows();
    std::uint32_t* table = table_.data();
    std::uint32_t* mode = table + off.mode * base_cells;
    std::copy(cell_rows, cell_rows + base_cells, mode);
    const std::uint32_t* rows = base.rows();
    const std::uint32_t scale = static_cast<std::uint32_t>(base_cells);
    for (std::size_t i = 0; i < off.rows.size(); ++i) {
      const std::uint32_t b = rows[off.rows[i]];
      ++table[b + off.codes[i] * scale];
      --mode[b];
    }
    finish(base, table, extra, states, out);
  }

 private:
  // The rows where a column's code is not its most frequent one (the first on ties),
  // kept only when they pay (at most n_rows / kOffModeShare of them): 5 bytes a row, so
  // at most 1.25 bytes a cell of the data in all.
  struct ModeRows {
    bool ready = false, pays = false;
    std::uint32_t mode = 0;
    std::vector<std::uint32_t> rows;
    std::vector<std::uint8_t> codes;
  };
  const ModeRows& mode_rows(int var) {
    if (modes_.size() < data_.n_vars()) modes_.resize(data_.n_vars());
    ModeRows& m = modes_[var];
    if (m.ready) return m;
    m.ready = true;
    const Column& column = data_.columns[var];
    std::vector<std::size_t> seen(column.cardinality, 0);
    for (std::size_t row = 0; row < data_.n_rows; ++row) ++seen[column.small[row]];
    const auto mode = std::max_element(seen.begin(), seen.end());
    m.mode = static_cast<std::uint32_t>(mode - seen.begin());
    m.pays = (data_.n_rows - *mode) * kOffModeShare <= data_.n_rows;
    if (!m.pays) return m;
    for (std::size_t row = 0; row < data_.n_rows; ++row) {
      if (column.small[row] == m.mode) continue;
      m.rows.push_back(static_cast<std::uint32_t>(row));
      m.codes.push_back(column.small[row]);
    }
    return m;
  }
  // Lists the cells of base + {extra} from its table.
  void finish(const FamilyBase& base, const std::uint32_t* table, int extra,
              std::size_t states, FamilyCounts& out) const {
    const int r_extra = data_.columns[extra].cardinality;
    collect_cells(table, static_cast<std::size_t>(base.configs()) * r_extra, states, out);
    out.states = static_cast<int>(states);
    out.parent_configs = base.total() * r_extra;
    out.dense = base.dense();
    out.singleton_configs = 0;
  }

  const DataView& data_;
  std::vector<std::uint32_t> table_;
  std::vector<ModeRows> modes_;  // by column, made on first use
};

}  // namespace learnbn
