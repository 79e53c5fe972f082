// Contingency counts N_ijk of a node (state k) and its parents (configuration j).
//
// Dense path: the parents' codes are combined into a mixed-radix index (first parent
// fastest) and counted in a table of q_i * r_i cells. Used when that table is small
// next to the data. Sparse path: parent configurations are renumbered, one parent at a
// time, to the configurations actually observed (at most one per row), so a family
// whose full table would not fit in memory (say ten 4-state parents, 4^11 cells) costs
// memory linear in the rows, and no configuration index can overflow.
//
// Expected counts: when the data come with ExpectedRows (DataView::expected), each
// family is first expanded to complete weighted rows (expected_rows.hpp), then counted
// by an inner Counter over that expansion.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../util/rng.hpp"
#include "available_cases.hpp"
#include "data.hpp"
#include "expected_rows.hpp"

namespace learnbn {

struct FamilyCounts {
  int states = 0;             // r_i
  double parent_configs = 1;  // q_i, every configuration of the parents (may exceed 2^64)
  bool dense = true;          // config ids are the mixed-radix index of the parents' codes
  // The non-zero cells: N_ijk, the id of configuration j, and the state k.
  std::vector<double> cell_count;
  std::vector<std::uint32_t> cell_config;
  std::vector<std::uint32_t> cell_state;
  // N_ij by configuration id (dense: all q_i ids; sparse: the observed ones).
  std::vector<double> config_total;
  // Only when the data have folds (DataView::fold): the counts of each test fold f,
  // fold fastest: cell_fold_count[cell * n_folds + f], config_fold_total[j * n_folds + f].
  int n_folds = 0;
  std::vector<double> cell_fold_count;
  std::vector<double> config_fold_total;
};

// Maps 64-bit keys to consecutive ids 0, 1, 2, ... in order of first appearance.
class KeyIndex {
 public:
  void reset(std::size_t expected_keys) {
    std::size_t capacity = 16;
    while (capacity < 2 * expected_keys) capacity *= 2;
    keys_.assign(capacity, kEmpty);
    ids_.resize(capacity);
    mask_ = capacity - 1;
    size_ = 0;
  }
  std::uint32_t id(std::uint64_t key) {
    std::size_t slot = mix(key) & mask_;
    while (keys_[slot] != kEmpty) {
      if (keys_[slot] == key) return ids_[slot];
      slot = (slot + 1) & mask_;
    }
    keys_[slot] = key;
    ids_[slot] = static_cast<std::uint32_t>(size_);
    return static_cast<std::uint32_t>(size_++);
  }
  std::size_t size() const { return size_; }

 private:
  static constexpr std::uint64_t kEmpty = std::numeric_limits<std::uint64_t>::max();
  static std::size_t mix(std::uint64_t key) { return static_cast<std::size_t>(mix64(key)); }
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> ids_;
  std::size_t mask_ = 0, size_ = 0;
};

// Combines the codes of columns `vars` into one configuration id per row: a mixed-radix
// index (first column fastest) while it stays below `dense_limit`, then renumbered
// through `index` to the combinations observed so far, so ids never exceed the rows.
// Returns the number of ids in use.
inline double combine_columns(const DataView& data, const int* vars, std::size_t n_vars,
                              double dense_limit, KeyIndex& index, std::vector<std::uint32_t>& ids) {
  const std::size_t n = data.n_rows;
  ids.assign(n, 0);
  std::uint32_t* id = ids.data();
  double n_ids = 1;
  for (std::size_t v = 0; v < n_vars; ++v) {
    const Column& column = data.columns[vars[v]];
    if (n_ids * column.cardinality <= dense_limit) {
      const std::uint32_t stride = static_cast<std::uint32_t>(n_ids);
      column.for_each(n, [&](std::size_t row, int code) { id[row] += code * stride; });
      n_ids *= column.cardinality;
    } else {
      index.reset(n);
      const std::uint64_t r = column.cardinality;
      column.for_each(n, [&](std::size_t row, int code) {
        id[row] = index.id(id[row] * r + static_cast<std::uint64_t>(code));
      });
      n_ids = static_cast<double>(index.size());
    }
  }
  return n_ids;
}

class Counter {
 public:
  // Largest dense table a caller may force (BDe needs the full configuration index).
  static constexpr double kMaxDenseCells = 1 << 27;

  explicit Counter(const DataView& data) : data_(data) {
    if (data.n_rows >= std::numeric_limits<std::uint32_t>::max()) {
      throw std::length_error("too many rows: at most 2^32 - 1 are supported");
    }
    dense_limit_ = std::min(kMaxDenseCells, std::max(65536.0, 2.0 * data.n_rows));
  }
  // Holds a reference to the data: copies and moves would dangle with their source.
  Counter(const Counter&) = delete;
  Counter& operator=(const Counter&) = delete;

  static double parent_configs(const DataView& data, const int* parents, std::size_t n_parents) {
    double q = 1;
    for (std::size_t p = 0; p < n_parents; ++p) q *= data.columns[parents[p]].cardinality;
    return q;
  }

  // Counts the family of `node`; the result stays valid until the next call.
  const FamilyCounts& count(int node, const int* parents, std::size_t n_parents,
                            bool force_dense = false) {
    if (data_.expected) return count_expected(node, parents, n_parents, force_dense);
    require_complete_discrete();
    const int states = data_.columns[node].cardinality;
    const double q = parent_configs(data_, parents, n_parents);
    out_.states = states;
    out_.parent_configs = q;
    const double cells = q * states;
    if (cells <= dense_limit_ || (force_dense && cells <= kMaxDenseCells)) {
      count_dense(node, parents, n_parents, static_cast<std::size_t>(q));
    } else if (force_dense) {
      throw std::length_error("a dense table of " + std::to_string(cells) +
                              " cells is too large");
    } else {
      count_sparse(node, parents, n_parents);
    }
    return out_;
  }

  // Scoring one node against many candidate parents: set_base() combines the base
  // parents once (renumbered to the observed configurations when their table is large);
  // count_plus() then counts the family base + {extra} in two passes over the data.
  void set_base(const int* parents, std::size_t n_parents) {
    if (data_.expected) return;  // count_plus() counts each whole family
    require_complete_discrete();
    base_total_ = parent_configs(data_, parents, n_parents);
    base_configs_ = combine_columns(data_, parents, n_parents, dense_limit_, index_, base_);
  }

  // Requires set_base(); falls back to count() when even the table over the observed
  // base configurations is large next to the data.
  const FamilyCounts& count_plus(int node, int extra, const int* parents, std::size_t n_parents) {
    const Column& column = data_.columns[extra];
    const double q = base_configs_ * column.cardinality;
    const double limit = std::max(dense_limit_, std::min(kMaxDenseCells, 16.0 * data_.n_rows));
    if (data_.expected || q * data_.columns[node].cardinality > limit) {
      std::vector<int>& family = family_scratch_;
      family.assign(parents, parents + n_parents);
      family.push_back(extra);
      return count(node, family.data(), family.size());
    }
    out_.states = data_.columns[node].cardinality;
    const std::size_t n = data_.n_rows;
    config_.resize(n);
    std::uint32_t* config = config_.data();
    const std::uint32_t* base = base_.data();
    const std::uint32_t stride = static_cast<std::uint32_t>(base_configs_);
    column.for_each(n, [&](std::size_t row, int code) { config[row] = base[row] + code * stride; });
    collect_dense(node, static_cast<std::size_t>(q));
    out_.parent_configs = base_total_ * column.cardinality;
    out_.dense = base_configs_ == base_total_;  // else ids are not mixed-radix indices
    return out_;
  }

  // Dense N_ijk in R's array order (state fastest, then the parents in order).
  std::vector<double> dense_table(int node, const int* parents, std::size_t n_parents) {
    const FamilyCounts& c = count(node, parents, n_parents, true);
    std::vector<double> table(static_cast<std::size_t>(c.parent_configs) * c.states, 0.0);
    for (std::size_t cell = 0; cell < c.cell_count.size(); ++cell) {
      table[c.cell_state[cell] + static_cast<std::size_t>(c.states) * c.cell_config[cell]] =
          c.cell_count[cell];
    }
    return table;
  }

 private:
  // Counts the family's expansion (node first, then the parents) with the inner Counter.
  const FamilyCounts& count_expected(int node, const int* parents, std::size_t n_parents,
                                     bool force_dense) {
    if (data_.fold) throw std::invalid_argument("expected counts do not support folds");
    std::vector<int>& family = expanded_family_;  // not family_scratch_: count_plus's
    family.assign(1, node);
    family.insert(family.end(), parents, parents + n_parents);
    const double q = parent_configs(data_, parents, n_parents);
    const std::size_t states = static_cast<std::size_t>(data_.columns[node].cardinality);
    out_.states = static_cast<int>(states);
    out_.parent_configs = q;
    if (q * states <= dense_limit_ || (force_dense && q * states <= kMaxDenseCells)) {
      table_.assign(static_cast<std::size_t>(q) * states, 0.0);
      expander_.add_dense(data_, *data_.expected, family.data(), family.size(), table_);
      collect_cells(static_cast<std::size_t>(q), states);
      return out_;
    }
    if (force_dense) throw std::length_error("a dense table of " + std::to_string(q * states) + " cells is too large");
    expander_.expand(data_, *data_.expected, family.data(), family.size(), expanded_codes_,
                     expanded_weights_);
    if (!inner_) {
      expanded_.n_rows = data_.n_rows;  // the same dense limit as this Counter's
      inner_.reset(new Counter(expanded_));
    }
    expanded_.columns.resize(family.size());
    for (std::size_t i = 0; i < family.size(); ++i) {
      expanded_.columns[i] = Column();
      expanded_.columns[i].wide = expanded_codes_[i].data();
      expanded_.columns[i].cardinality = data_.columns[family[i]].cardinality;
    }
    expanded_.weights = expanded_weights_.data();
    expanded_.n_rows = expanded_weights_.size();
    expanded_.n_cases = data_.n_cases;
    inner_parents_.resize(n_parents);
    for (std::size_t p = 0; p < n_parents; ++p) inner_parents_[p] = static_cast<int>(p + 1);
    return inner_->count(0, inner_parents_.data(), n_parents, force_dense);
  }

  // Codes past the last state (missing cells) would index out of the tables.
  void require_complete_discrete() const {
    if (data_.gaussian()) throw std::invalid_argument("counting needs discrete data");
    if (data_.has_missing) throw std::invalid_argument("counting needs complete data (no missing values)");
  }

  // Unweighted tables up to this size are counted in four interleaved integer tables,
  // so consecutive rows never wait on the same memory cell (which serialises the loop).
  static constexpr std::size_t kSplitCells = 4096;

  // table_[config * states + code] += weight over all rows (config 0 when `with_config`
  // is false, i.e. a node without parents).
  void tally(const Column& column, std::size_t cells, std::size_t states, bool with_config) {
    const std::size_t n = data_.n_rows;
    const std::uint32_t* config = with_config ? config_.data() : nullptr;
    table_.assign(cells, 0.0);
    if (data_.weights || cells > kSplitCells) {
      const double* w = data_.weights;
      column.for_each(n, [&](std::size_t row, int code) {
        table_[(config ? config[row] * states : 0) + code] += w ? w[row] : 1.0;
      });
      return;
    }
    split_.assign(4 * cells, 0);
    std::uint32_t* t = split_.data();
    column.with_codes([&](const auto* code) {
      auto cell = [&](std::size_t row) { return (config ? config[row] * states : 0) + code[row]; };
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
  void tally_touched(const Column& column, std::size_t q, std::size_t states, bool with_config) {
    if (touched_table_.size() < q * states) touched_table_.resize(q * states, 0.0);
    double* t = touched_table_.data();
    const std::uint32_t* config = with_config ? config_.data() : nullptr;
    const double* w = data_.weights;
    touched_.clear();
    column.for_each(data_.n_rows, [&](std::size_t row, int code) {
      const std::size_t cell = (config ? config[row] * states : 0) + code;
      if (t[cell] == 0) touched_.push_back(static_cast<std::uint32_t>(cell));
      t[cell] += w ? w[row] : 1.0;
    });
    out_.dense = true;
    clear_cells();
    out_.config_total.assign(q, 0.0);
    for (std::uint32_t cell : touched_) {
      if (t[cell] > 0) push_cell(t[cell], cell / states, cell % states);  // a zero weight may repeat a cell
      t[cell] = 0;
    }
  }

  void count_dense(int node, const int* parents, std::size_t n_parents, std::size_t q) {
    const std::size_t n = data_.n_rows;
    config_.resize(n);
    std::uint32_t* config = config_.data();
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
    collect_dense(node, q, n_parents > 0);
  }

  // Collects the non-zero cells of the dense table counted over config_.
  void collect_dense(int node, std::size_t q, bool with_config = true) {
    const std::size_t states = data_.columns[node].cardinality;
    if (q * states > std::max<std::size_t>(kSplitCells, data_.n_rows) && !data_.fold) {
      return tally_touched(data_.columns[node], q, states, with_config);
    }
    tally(data_.columns[node], q * states, states, with_config);
    collect_cells(q, states);
    if (data_.fold) count_folds_dense(node, q, with_config);
  }

  // The non-zero cells of the dense table table_ (q configurations of `states` cells).
  void collect_cells(std::size_t q, std::size_t states) {
    out_.dense = true;
    clear_cells();
    out_.config_total.assign(q, 0.0);
    for (std::size_t j = 0; j < q; ++j) {
      for (std::size_t k = 0; k < states; ++k) {
        const double count = table_[j * states + k];
        if (count > 0) push_cell(count, j, k);
      }
    }
  }

  // Per-fold counts over the cells just collected densely (see FamilyCounts).
  void count_folds_dense(int node, std::size_t q, bool with_config) {
    const std::size_t states = data_.columns[node].cardinality;
    row_cell_.assign(q * states, 0);  // here: the cell of each dense index
    for (std::size_t cell = 0; cell < out_.cell_count.size(); ++cell) {
      row_cell_[out_.cell_config[cell] * states + out_.cell_state[cell]] = static_cast<std::uint32_t>(cell);
    }
    const std::uint32_t* config = with_config ? config_.data() : nullptr;
    start_folds();
    data_.columns[node].for_each(data_.n_rows, [&](std::size_t row, int code) {
      const std::uint32_t j = config ? config[row] : 0;
      add_fold_case(row, row_cell_[j * states + code], j);
    });
  }

  void start_folds() {
    const std::size_t folds = static_cast<std::size_t>(data_.n_folds);
    out_.n_folds = data_.n_folds;
    out_.cell_fold_count.assign(out_.cell_count.size() * folds, 0.0);
    out_.config_fold_total.assign(out_.config_total.size() * folds, 0.0);
  }
  void add_fold_case(std::size_t row, std::uint32_t cell, std::uint32_t config) {
    const double w = data_.weight(row);
    if (w <= 0) return;
    const std::size_t folds = static_cast<std::size_t>(data_.n_folds), f = data_.fold[row];
    out_.cell_fold_count[cell * folds + f] += w;
    out_.config_fold_total[config * folds + f] += w;
  }

  void count_sparse(int node, const int* parents, std::size_t n_parents) {
    const std::size_t n = data_.n_rows;
    const double n_ids = combine_columns(data_, parents, n_parents, dense_limit_, index_, config_);
    std::uint32_t* config = config_.data();
    // Cells: renumber (configuration, state) pairs so memory stays linear in the rows.
    const Column& target = data_.columns[node];
    const std::uint64_t states = target.cardinality;
    index_.reset(n);
    clear_cells();
    out_.dense = false;
    out_.config_total.assign(static_cast<std::size_t>(n_ids), 0.0);
    if (data_.fold) row_cell_.resize(n);
    target.for_each(n, [&](std::size_t row, int code) {
      const std::uint32_t cell = index_.id(config[row] * states + static_cast<std::uint64_t>(code));
      if (data_.fold) row_cell_[row] = cell;
      if (cell == out_.cell_count.size()) {
        out_.cell_count.push_back(0.0);
        out_.cell_config.push_back(config[row]);
        out_.cell_state.push_back(static_cast<std::uint32_t>(code));
      }
      const double w = data_.weight(row);
      out_.cell_count[cell] += w;
      out_.config_total[config[row]] += w;
    });
    if (data_.fold) {
      start_folds();
      for (std::size_t row = 0; row < n; ++row) add_fold_case(row, row_cell_[row], config[row]);
    }
  }

  void clear_cells() {
    out_.cell_count.clear();
    out_.cell_config.clear();
    out_.cell_state.clear();
  }
  void push_cell(double count, std::size_t config, std::size_t state) {
    out_.cell_count.push_back(count);
    out_.cell_config.push_back(static_cast<std::uint32_t>(config));
    out_.cell_state.push_back(static_cast<std::uint32_t>(state));
    out_.config_total[config] += count;
  }

  const DataView& data_;
  double dense_limit_;
  std::vector<std::uint32_t> config_;  // configuration id of each row
  std::vector<std::uint32_t> base_;    // configuration of the base parents (set_base)
  double base_configs_ = 1;            // ids in use in base_
  double base_total_ = 1;              // all configurations of the base parents
  std::vector<int> family_scratch_;
  std::vector<double> table_;          // dense scratch table
  std::vector<std::uint32_t> split_;   // four interleaved integer tables (tally)
  std::vector<double> touched_table_;  // all zero between calls (tally_touched)
  std::vector<std::uint32_t> touched_;  // cells touched by the rows (tally_touched)
  std::vector<std::uint32_t> row_cell_;  // folds only: cell of each row (or dense index)
  KeyIndex index_;
  FamilyCounts out_;
  // Expected counts only: the family's expansion and the Counter over it.
  FamilyExpander expander_;
  std::vector<std::vector<int>> expanded_codes_;
  std::vector<double> expanded_weights_;
  std::vector<int> expanded_family_, inner_parents_;
  DataView expanded_;
  std::unique_ptr<Counter> inner_;
};

// Available-case counts N_ijk of a family on data with missing cells: the dense table
// (R's array order, as Counter::dense_table) over the rows where the node and its
// parents are all observed, counted by the Counter on the compact view of those rows.
inline std::vector<double> available_case_table(const DataView& data, int node,
                                                const std::vector<int>& parents) {
  std::vector<int> family{node};
  family.insert(family.end(), parents.begin(), parents.end());
  AvailableCases cases(data);
  const DataView& observed = cases.select(family);  // columns: the node, then its parents
  Counter counter(observed);
  std::vector<int> subset_parents(parents.size());
  for (std::size_t p = 0; p < parents.size(); ++p) subset_parents[p] = static_cast<int>(p + 1);
  return counter.dense_table(0, subset_parents.data(), subset_parents.size());
}

}  // namespace learnbn
