// Counting base + {extra} by base configuration (Counter::count_plus): each group's rows
// are tallied by (extra state, node state) in a small table, whose non-zero cells are
// listed (configurations numbered as listed, so the counts are sparse). A configuration
// seen once makes a single cell whatever the extra, and the Dirichlet scores give that
// cell a contribution that does not depend on the table (see dirichlet_uniform): they
// are left out and counted in singleton_configs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "count_dense.hpp"
#include "data.hpp"
#include "family_base.hpp"
#include "family_counts.hpp"

namespace learnbn {

class GroupCount {
 public:
  explicit GroupCount(const DataView& data) : data_(data) {}
  GroupCount(const GroupCount&) = delete;
  GroupCount& operator=(const GroupCount&) = delete;

  void enable(bool on) { enabled_ = on; }
  void reset() { ready_ = false; }                  // a new base
  std::size_t counted() const { return counted_; }  // families counted by base configuration

  // Whether a family base + {extra} of `cells` cells is counted by base configuration:
  // a table too large for the interleaved tally is counted with cache misses, while
  // one base configuration's rows fill a table of r_extra * r_node cells. Needs
  // unweighted rows without folds.
  bool pays(const FamilyBase& base, double cells) const {
    return enabled_ && cells > DenseTally::kSplitCells && !data_.weights && !data_.fold &&
           !data_.expected &&
           base.configs() * data_.columns[base.node()].cardinality <= kMaxDenseCells;
  }

  void count(FamilyBase& base, int extra, std::size_t states, FamilyCounts& out) {
    data_.columns[extra].with_codes(
        [&](const auto* code) { tally<1>(base, &code, &extra, &out, states); });
  }

  // count() for W extras at once (each with its own table): a row's group position and
  // node state are read once for all of them, and their increments are independent, so
  // they overlap instead of waiting on each other.
  template <std::size_t W, class Code>
  void tally(FamilyBase& base, const Code* const* code, const int* extras, FamilyCounts* outs,
             std::size_t states) {
    counted_ += W;
    if (!ready_) build_groups(base, states);
    const std::size_t span = group_rows_.size() + 1;  // enough for any group's cells
    if (group_touched_.size() < W * span) group_touched_.resize(W * span);
    std::size_t table_size = 0, configs_size = 0;
    for (std::size_t k = 0; k < W; ++k) {
      const int r_extra = data_.columns[extras[k]].cardinality;
      table_size += static_cast<std::size_t>(r_extra) * states;
      configs_size += r_extra;
      FamilyCounts& out = outs[k];
      clear_cells(out);
      out.config_total.clear();
      out.dense = false;
      out.states = static_cast<int>(states);
      out.parent_configs = base.total() * r_extra;
      out.singleton_configs = static_cast<double>(singletons_);
    }
    group_table_.assign(table_size, 0);
    group_config_.assign(configs_size, 0);
    std::uint32_t* table[W];
    std::uint32_t* touched[W];
    std::uint32_t* config_of[W];  // id + 1 of each extra state's configuration; 0: none yet
    for (std::size_t k = 0, t = 0, c = 0; k < W; ++k) {
      const std::size_t r_extra = data_.columns[extras[k]].cardinality;
      table[k] = group_table_.data() + t;
      config_of[k] = group_config_.data() + c;
      touched[k] = group_touched_.data() + k * span;
      t += r_extra * states;
      c += r_extra;
    }
    const std::uint32_t* begin = group_begin_.data();
    const std::uint32_t* rows = group_rows_.data();
    const std::uint32_t* node_code = group_node_code_.data();
    const std::uint32_t r = static_cast<std::uint32_t>(states);
    const std::size_t groups = group_begin_.size() - 1;
    for (std::size_t g = 0; g < groups; ++g) {
      // A cell is listed when its count leaves zero, so in the order first seen,
      // without a branch (which mispredicts on small groups).
      std::size_t listed[W] = {};
      for (std::uint32_t i = begin[g]; i < begin[g + 1]; ++i) {
        const std::uint32_t row = rows[i], state = node_code[i];
        // Unrolled, so that listed[] stays in registers (in memory, each row would wait
        // on the previous row's store).
        for_each_index(std::make_index_sequence<W>{}, [&](std::size_t k) {
          const std::uint32_t c = static_cast<std::uint32_t>(code[k][row]) * r + state;
          const std::uint32_t before = table[k][c];
          table[k][c] = before + 1;
          touched[k][listed[k]] = c;
          listed[k] += before == 0;
        });
      }
      for (std::size_t k = 0; k < W; ++k) {
        for (std::size_t t = 0; t < listed[k]; ++t) {
          const std::uint32_t c = touched[k][t], x = c / r;
          if (config_of[k][x] == 0) {
            outs[k].config_total.push_back(0.0);
            config_of[k][x] = static_cast<std::uint32_t>(outs[k].config_total.size());
          }
          push_cell(outs[k], table[k][c], config_of[k][x] - 1, c % r);
          table[k][c] = 0;
        }
        for (std::size_t t = 0; t < listed[k]; ++t) config_of[k][touched[k][t] / r] = 0;
      }
    }
  }

 private:
  // The rows of the base configurations seen at least twice, grouped by configuration
  // (groups in configuration order, rows in order), with the node's code of each row.
  void build_groups(FamilyBase& base, std::size_t states) {
    constexpr std::uint32_t kAlone = std::numeric_limits<std::uint32_t>::max();
    const std::uint32_t* cell = base.rows();
    const std::size_t configs = static_cast<std::size_t>(base.configs());
    const std::uint32_t r = static_cast<std::uint32_t>(states);
    config_group_.assign(configs, 0);  // first the rows of each configuration
    row_config_.resize(data_.n_rows);  // each row's, divided out once (a 32-bit division)
    for (std::size_t row = 0; row < data_.n_rows; ++row) {
      row_config_[row] = cell[row] / r;
      ++config_group_[row_config_[row]];
    }
    group_begin_.assign(1, 0);
    singletons_ = 0;
    for (std::size_t j = 0; j < configs; ++j) {
      const std::uint32_t rows = config_group_[j];
      if (rows == 1) ++singletons_;
      if (rows < 2) {
        config_group_[j] = kAlone;
        continue;
      }
      config_group_[j] = static_cast<std::uint32_t>(group_begin_.size() - 1);
      group_begin_.push_back(group_begin_.back() + rows);
    }
    group_rows_.resize(group_begin_.back());
    group_node_code_.resize(group_begin_.back());
    group_next_.assign(group_begin_.begin(), group_begin_.end() - 1);
    for (std::size_t row = 0; row < data_.n_rows; ++row) {
      const std::uint32_t config = row_config_[row], g = config_group_[config];
      if (g == kAlone) continue;
      const std::uint32_t slot = group_next_[g]++;
      group_rows_[slot] = static_cast<std::uint32_t>(row);
      group_node_code_[slot] = cell[row] - config * r;
    }
    ready_ = true;
  }

  const DataView& data_;
  bool enabled_ = true;
  bool ready_ = false;
  std::size_t counted_ = 0;
  // The group of each base configuration (or none: seen at most once), where each
  // group's rows begin in group_rows_ (the node's codes alongside), and the
  // configurations seen once.
  std::vector<std::uint32_t> config_group_;
  std::vector<std::uint32_t> row_config_;  // build_groups()'s base configuration of each row
  std::vector<std::uint32_t> group_begin_;
  std::vector<std::uint32_t> group_next_;  // the next free slot of each group while filling
  std::vector<std::uint32_t> group_rows_;
  std::vector<std::uint32_t> group_node_code_;
  std::size_t singletons_ = 0;
  // Of each extra of tally(): a group's (extra state, node state) table, zero between
  // groups; configuration ids by extra state; the group's cells in the order first seen.
  std::vector<std::uint32_t> group_table_;
  std::vector<std::uint32_t> group_config_;
  std::vector<std::uint32_t> group_touched_;
};

}  // namespace learnbn
