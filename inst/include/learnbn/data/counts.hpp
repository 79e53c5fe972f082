// Contingency counts N_ijk of a node (state k) and its parents (configuration j): the
// Counter picks a counting path for each family, one header each:
//   count_dense.hpp     a table of q_i * r_i cells, when it is small next to the data
//   count_sparse.hpp    only the observed configurations, when it is not
//   count_expected.hpp  expected rows (structural EM), expanded to weighted rows first
// and, for one node against many candidate parents (set_base, count_plus):
//   count_bits.hpp      bit sets of the rows, 64 rows a word, when the base cells are few
//   count_groups.hpp    by base configuration, when the table is large
//   count_window.hpp    kWindow families in one pass over the rows
// The paths list a family's cells in different orders (by the parents' order, the extra
// last, by base configuration): a score summed by count (ScoreSpec::sum_by_count,
// score/count_sum.hpp) is the same to the last bit whichever path counted the family.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../util/format.hpp"
#include "available_cases.hpp"
#include "count_bits.hpp"
#include "count_dense.hpp"
#include "count_expected.hpp"
#include "count_groups.hpp"
#include "count_sparse.hpp"
#include "count_window.hpp"
#include "data.hpp"
#include "family_base.hpp"
#include "family_counts.hpp"
#include "key_index.hpp"

namespace learnbn {

class Counter {
 public:
  static constexpr double kMaxDenseCells = learnbn::kMaxDenseCells;
  static constexpr std::size_t kWindow = WindowTally::kWindow;  // families of count_plus_window()

  explicit Counter(const DataView& data) : Counter(data, dense_limit_for(data.n_rows)) {
    if (data.n_rows >= std::numeric_limits<std::uint32_t>::max()) {
      throw std::length_error("too many rows: at most 2^32 - 1 are supported");
    }
  }
  // Holds a reference to the data: copies and moves would dangle with their source.
  Counter(const Counter&) = delete;
  Counter& operator=(const Counter&) = delete;

  // Counts the family of `node`; the result stays valid until the next call.
  const FamilyCounts& count(int node, const int* parents, std::size_t n_parents,
                            bool force_dense = false) {
    if (data_.expected) return count_expected(node, parents, n_parents, force_dense);
    require_complete_discrete();
    out_.singleton_configs = 0;
    const int states = data_.columns[node].cardinality;
    const double q = parent_configs(data_, parents, n_parents);
    out_.states = states;
    out_.parent_configs = q;
    const double cells = q * states;
    if (cells <= dense_limit_ || (force_dense && cells <= kMaxDenseCells)) {
      dense_.count(node, parents, n_parents, static_cast<std::size_t>(q), config_, out_);
    } else if (force_dense) {
      throw std::length_error("a dense table of " + format_count(cells) + " cells is too large");
    } else {
      sparse_.count(node, parents, n_parents, dense_limit_, index_, config_, out_);
    }
    return out_;
  }

  // Scoring one node against many candidate parents: set_base() takes the node and its
  // base parents (FamilyBase); count_plus() then counts the family base + {extra} by
  // the path plus_path() picks.
  void set_base(int node, const int* parents, std::size_t n_parents) {
    if (data_.expected) return;  // count_plus() counts each whole family
    require_complete_discrete();
    bits_.reset();
    groups_.reset();
    base_.set(node, parents, n_parents);
  }

  // Requires set_base() for `node`; falls back to count() when even the table over the
  // observed base configurations is large next to the data. With `singletons_apart`, a
  // large table may be counted by base configuration instead (count_groups.hpp): the
  // base configurations seen in one row are then only counted in singleton_configs.
  const FamilyCounts& count_plus(int node, int extra, const int* parents, std::size_t n_parents,
                                 bool singletons_apart = false) {
    if (node != base_.node() && !data_.expected) {
      throw std::logic_error("count_plus() needs set_base() for its node");
    }
    out_.singleton_configs = 0;
    const Column& column = data_.columns[extra];
    const std::size_t states = static_cast<std::size_t>(data_.columns[node].cardinality);
    const double configs = base_.configs() * column.cardinality;
    const PlusPath path = plus_path(column, states, singletons_apart);
    if (path == PlusPath::groups) {
      groups_.count(base_, extra, states, out_);
      return out_;
    }
    if (path == PlusPath::whole) {
      family_scratch_.assign(parents, parents + n_parents);
      family_scratch_.push_back(extra);
      return count(node, family_scratch_.data(), family_scratch_.size());
    }
    out_.states = static_cast<int>(states);
    const std::size_t q = static_cast<std::size_t>(configs);
    const std::size_t base_cells = static_cast<std::size_t>(base_.configs()) * states;
    if (path == PlusPath::bits) {
      bits_.count(base_, extra, base_cells, q, states, dense_, out_);
    } else if (path == PlusPath::folds) {
      // Folds are counted by configuration (DenseTally::count_configs): recover each row's.
      config_.resize(data_.n_rows);
      std::uint32_t* config = config_.data();
      const std::uint32_t* base = base_.rows();
      const std::uint32_t stride = static_cast<std::uint32_t>(base_.configs());
      const std::uint32_t r = static_cast<std::uint32_t>(states);
      column.for_each(data_.n_rows, [&](std::size_t row, int code) {
        config[row] = base[row] / r + code * stride;
      });
      dense_.count_configs(node, config, q, out_);
    } else {
      const std::uint32_t* base = base_.rows();
      const std::uint32_t scale = static_cast<std::uint32_t>(base_cells);
      dense_.tally_family(column, q, states, out_, [base, scale](std::size_t row, int code) {
        return base[row] + static_cast<std::uint32_t>(code) * scale;
      });
    }
    out_.parent_configs = base_.total() * column.cardinality;
    out_.dense = base_.dense();
    return out_;
  }

  // How count_plus() counts base + {extra}: by base configuration, as a whole family
  // (count), from bit sets, by configuration for folds, or tallied from the base cells;
  // count_plus_window() may tally from the rows off the extra's mode (off_mode) instead.
  enum class PlusPath { groups, whole, bits, folds, tally, off_mode };
  PlusPath plus_path(const Column& extra, std::size_t states, bool singletons_apart) const {
    const double cells = base_.configs() * extra.cardinality * states;
    if (singletons_apart && groups_.pays(base_, cells)) return PlusPath::groups;
    const double limit = std::max(dense_limit_, std::min(kMaxDenseCells, 16.0 * data_.n_rows));
    if (data_.expected || cells > limit) return PlusPath::whole;
    if (base_.dense() &&
        bits_.pays(static_cast<std::size_t>(base_.configs()) * states, extra.cardinality)) {
      return PlusPath::bits;
    }
    return data_.fold ? PlusPath::folds : PlusPath::tally;
  }

  // count_plus() of the n <= kWindow families base + {extras[k]} in one pass over the
  // rows, when they all take one path that has a windowed form: by base configuration, or
  // the tally of a table of at most kSplitCells cells on unweighted rows, from byte codes.
  // Returns false, counting nothing, otherwise. Their counts are then window_counts(k),
  // equal to count_plus()'s (cells in the same order).
  bool count_plus_window(int node, const int* extras, bool singletons_apart,
                         std::size_t n = kWindow) {
    if (node != base_.node() || data_.expected || n == 0 || n > kWindow) return false;
    const std::uint8_t* codes[kWindow];
    PlusPath path = PlusPath::whole;
    for (std::size_t k = 0; k < n; ++k) {
      const PlusPath p = window_path(node, extras[k], singletons_apart);
      if (p == PlusPath::whole || (k > 0 && p != path)) return false;
      path = p;
      codes[k] = data_.columns[extras[k]].small;
    }
    switch (n) {  // the tallies take their width at compile time
      case 1: return tally_window<1>(path, codes, extras);
      case 2: return tally_window<2>(path, codes, extras);
      case 3: return tally_window<3>(path, codes, extras);
      default: return tally_window<kWindow>(path, codes, extras);
    }
  }
  const FamilyCounts& window_counts(std::size_t k) const { return window_out_[k]; }

  // The path by which count_plus_window() counts base + {extra} with others of the same
  // path (groups, tally or off_mode), or PlusPath::whole when it cannot; needs set_base().
  PlusPath window_path(int node, int extra, bool singletons_apart) {
    if (node != base_.node() || data_.expected) return PlusPath::whole;
    const std::size_t states = data_.columns[node].cardinality;
    const Column& column = data_.columns[extra];
    const PlusPath p = plus_path(column, states, singletons_apart);
    const bool small_tally =
        p == PlusPath::tally && !data_.weights &&
        base_.configs() * column.cardinality * states <= DenseTally::kSplitCells;
    if (!column.small || !(p == PlusPath::groups || small_tally)) return PlusPath::whole;
    return small_tally && window_.off_mode_pays(extra) ? PlusPath::off_mode : p;
  }

  // How count_plus() lists the configurations and the cells of base + {extra} when every
  // row falls in one base cell (the node and each base parent show one state): each list
  // by the extra's state, or in order of first appearance in the rows. Needs set_base()
  // and at least two unweighted rows, without folds or expected rows.
  struct OneCellOrder {
    bool configs_by_row, cells_by_row;
  };
  OneCellOrder one_cell_order(int extra, bool singletons_apart) const {
    const Column& column = data_.columns[extra];
    const std::size_t states = static_cast<std::size_t>(data_.columns[base_.node()].cardinality);
    // DenseTally::tally_family lists a larger table in order of first touch.
    const double touched_above = static_cast<double>(
        std::max<std::size_t>(DenseTally::kSplitCells, data_.n_rows));
    switch (plus_path(column, states, singletons_apart)) {
      case PlusPath::groups: return {true, true};  // one group, cells as first seen
      // count_sparse (the whole table is larger still than the one over the observed base
      // configurations): the extra's step of combine_columns() renumbers or not.
      case PlusPath::whole: return {base_.configs() * column.cardinality > dense_limit_, true};
      case PlusPath::tally:
        return {false, base_.configs() * column.cardinality * states > touched_above};
      default: return {false, false};  // bit sets: table order
    }
  }

  // Counters of one data set on several threads build each column's bit sets once.
  void share_column_bits(std::shared_ptr<ColumnBits> bits) { bits_.share(std::move(bits)); }
  // Builds column `var`'s bit sets now if count_plus() could ever count from them.
  void prepare_column_bits(int var) { bits_.prepare(var); }

  // Switches counting from bit sets off (or back on): the tests compare both paths.
  void use_bits(bool on) { bits_.enable(on); }
  // Switches counting by base configuration off (or back on), likewise.
  void use_groups(bool on) { groups_.enable(on); }
  // Families count_plus() counted by base configuration.
  std::size_t group_counted() const { return groups_.counted(); }
  // Families count_plus() counted from bit sets.
  std::size_t bit_counted() const { return bits_.counted(); }

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
  static double dense_limit_for(std::size_t n_rows) {
    return std::min(kMaxDenseCells, std::max(65536.0, 2.0 * n_rows));
  }
  Counter(const DataView& data, double dense_limit)
      : data_(data),
        dense_limit_(dense_limit),
        dense_(data),
        sparse_(data),
        base_(data, dense_limit, index_),
        bits_(data),
        groups_(data),
        window_(data),
        expected_(data) {}

  // Expected rows: a small family straight into a dense table, a large one by the inner
  // Counter over its expansion (with this Counter's dense limit).
  const FamilyCounts& count_expected(int node, const int* parents, std::size_t n_parents,
                                     bool force_dense) {
    const double q = parent_configs(data_, parents, n_parents);
    const std::size_t states = static_cast<std::size_t>(data_.columns[node].cardinality);
    if (data_.fold) throw std::invalid_argument("expected counts do not support folds");
    out_.states = static_cast<int>(states);
    out_.parent_configs = q;
    if (q * states <= dense_limit_ || (force_dense && q * states <= kMaxDenseCells)) {
      dense_.table().assign(static_cast<std::size_t>(q) * states, 0.0);
      expected_.add_dense(node, parents, n_parents, dense_.table());
      dense_.collect(static_cast<std::size_t>(q), states, out_);
      return out_;
    }
    if (force_dense) {
      throw std::length_error("a dense table of " + format_count(q * states) +
                              " cells is too large");
    }
    const DataView& rows = expected_.expand(node, parents, n_parents);
    if (!inner_) inner_.reset(new Counter(rows, dense_limit_));
    return inner_->count(0, expected_.parents().data(), n_parents, force_dense);
  }

  // count_plus_window()'s tally of W families by `path` (groups, tally or off_mode).
  template <std::size_t W>
  bool tally_window(PlusPath path, const std::uint8_t* const* codes, const int* extras) {
    static_assert(W <= kWindow, "window_out_ holds kWindow families");
    const std::size_t states = data_.columns[base_.node()].cardinality;
    if (path == PlusPath::groups) {
      groups_.tally<W>(base_, codes, extras, window_out_, states);
    } else if (path == PlusPath::off_mode) {
      for (std::size_t k = 0; k < W; ++k)
        window_.tally_off_mode(base_, extras[k], window_out_[k], states);
    } else {
      window_.tally<W>(base_, codes, extras, window_out_, states);
    }
    return true;
  }

  // Codes past the last state (missing cells) would index out of the tables.
  void require_complete_discrete() const {
    if (data_.gaussian()) throw std::invalid_argument("counting needs discrete data");
    if (data_.has_missing) {
      throw std::invalid_argument("counting needs complete data (no missing values)");
    }
  }

  const DataView& data_;
  const double dense_limit_;
  std::vector<std::uint32_t> config_;  // configuration id of each row (dense, sparse, folds)
  KeyIndex index_;                     // renumbering scratch (sparse, base)
  DenseTally dense_;
  SparseCount sparse_;
  FamilyBase base_;
  BitCount bits_;
  GroupCount groups_;
  WindowTally window_;
  FamilyCounts window_out_[kWindow];  // count_plus_window()'s
  std::vector<int> family_scratch_;   // count_plus()'s whole family
  FamilyCounts out_;
  ExpectedCount expected_;
  std::unique_ptr<Counter> inner_;  // expected rows only: counts the expansion
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
