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
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "../util/bits.hpp"
#include "../util/format.hpp"
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
  // Configurations seen in exactly one row (unweighted) that are not listed above: only
  // Counter::count_plus(..., singletons_apart = true) leaves them out (see there).
  double singleton_configs = 0;
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

// f(0), ..., f(K - 1), unrolled.
template <std::size_t... K, class F>
inline void for_each_index(std::index_sequence<K...>, F&& f) {
  (f(K), ...);
}

// The row sets of each column's states but the last (Counter::count_plus_bits), 64 rows
// a word. Each column is built on first use, once, by whichever thread needs it first:
// the counters of several threads share one (Counter::share_column_bits).
class ColumnBits {
 public:
  explicit ColumnBits(const DataView& data)
      : data_(data), bits_(data.n_vars()), once_(new std::once_flag[data.n_vars()]) {}
  ColumnBits(const ColumnBits&) = delete;
  ColumnBits& operator=(const ColumnBits&) = delete;

  const std::vector<std::uint64_t>& operator[](int var) {
    std::call_once(once_[var], [&] { build(var); });
    return bits_[var];
  }

 private:
  // One pass per state, each word assembled in a register without a branch: a branch
  // on the code per row mispredicts on every change of state.
  void build(int var) {
    const std::size_t n = data_.n_rows, words = (n + 63) / 64;
    const Column& column = data_.columns[var];
    std::vector<std::uint64_t>& bits = bits_[var];
    bits.resize(static_cast<std::size_t>(column.cardinality - 1) * words);
    column.with_codes([&](const auto* code) {
      for (int state = 0; state + 1 < column.cardinality; ++state) {
        std::uint64_t* set = bits.data() + static_cast<std::size_t>(state) * words;
        for (std::size_t w = 0; w < words; ++w) {
          const std::size_t begin = 64 * w, end = std::min(n, begin + 64);
          std::uint64_t word = 0;
          for (std::size_t row = begin; row < end; ++row) {
            word |= static_cast<std::uint64_t>(code[row] == state) << (row - begin);
          }
          set[w] = word;
        }
      }
    });
  }

  const DataView& data_;
  std::vector<std::vector<std::uint64_t>> bits_;
  std::unique_ptr<std::once_flag[]> once_;
};

class Counter {
 public:
  // Largest dense table a caller may force (BDe needs the full configuration index).
  static constexpr double kMaxDenseCells = 1 << 27;
  static constexpr std::size_t kWindow = 4;  // families of count_plus_window()

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
    out_.singleton_configs = 0;
    const int states = data_.columns[node].cardinality;
    const double q = parent_configs(data_, parents, n_parents);
    out_.states = states;
    out_.parent_configs = q;
    const double cells = q * states;
    if (cells <= dense_limit_ || (force_dense && cells <= kMaxDenseCells)) {
      count_dense(node, parents, n_parents, static_cast<std::size_t>(q));
    } else if (force_dense) {
      throw std::length_error("a dense table of " + format_count(cells) +
                              " cells is too large");
    } else {
      count_sparse(node, parents, n_parents);
    }
    return out_;
  }

  // Scoring one node against many candidate parents: set_base() takes the node and its
  // base parents, combined once into a base cell per row (base_rows(); the base
  // configurations renumbered to the observed ones when their table is large);
  // count_plus() then counts the family base + {extra} in one pass over the rows, or,
  // when the base cells are few and the rows unweighted, from bit sets of the rows
  // (count_plus_bits), 64 rows a word.
  // Either way the cells come out in the order count() gives them, so a score computed
  // from them is the same to the last bit.
  void set_base(int node, const int* parents, std::size_t n_parents) {
    if (data_.expected) return;  // count_plus() counts each whole family
    require_complete_discrete();
    base_node_ = node;
    base_parents_.assign(parents, parents + n_parents);
    base_total_ = parent_configs(data_, parents, n_parents);
    base_bits_ready_ = false;
    base_groups_ready_ = false;
    base_rows_ready_ = false;
    // Every configuration of a base within the dense limit is its own id, so the cells of
    // the rows can wait until a path needs them (bit sets do not: see build_base_bits).
    if (base_total_ <= dense_limit_) base_configs_ = base_total_;
    else base_rows();
  }

  // Requires set_base() for `node`; falls back to count() when even the table over the
  // observed base configurations is large next to the data. With `singletons_apart`, a
  // large table may be counted by base configuration instead (count_plus_groups): the
  // base configurations seen in one row are then only counted in singleton_configs.
  const FamilyCounts& count_plus(int node, int extra, const int* parents, std::size_t n_parents,
                                 bool singletons_apart = false) {
    if (node != base_node_ && !data_.expected) throw std::logic_error("count_plus() needs set_base() for its node");
    out_.singleton_configs = 0;
    const Column& column = data_.columns[extra];
    const std::size_t states = static_cast<std::size_t>(data_.columns[node].cardinality);
    const double q = base_configs_ * column.cardinality;
    const PlusPath path = plus_path(column, states, singletons_apart);
    if (path == PlusPath::groups) return count_plus_groups(extra, states);
    if (path == PlusPath::whole) {
      std::vector<int>& family = family_scratch_;
      family.assign(parents, parents + n_parents);
      family.push_back(extra);
      return count(node, family.data(), family.size());
    }
    out_.states = static_cast<int>(states);
    const std::size_t base_cells = static_cast<std::size_t>(base_configs_) * states;
    if (path == PlusPath::bits) {
      count_plus_bits(extra, base_cells, static_cast<std::size_t>(q), states);
    } else if (path == PlusPath::folds) {
      // Folds are counted by configuration (count_folds_dense): recover each row's.
      config_.resize(data_.n_rows);
      std::uint32_t* config = config_.data();
      const std::uint32_t* base = base_rows();
      const std::uint32_t stride = static_cast<std::uint32_t>(base_configs_), r = static_cast<std::uint32_t>(states);
      column.for_each(data_.n_rows, [&](std::size_t row, int code) { config[row] = base[row] / r + code * stride; });
      collect_dense(node, static_cast<std::size_t>(q));
    } else {
      const std::uint32_t* base = base_rows();
      const std::uint32_t scale = static_cast<std::uint32_t>(base_cells);
      tally_family(column, static_cast<std::size_t>(q), states, [base, scale](std::size_t row, int code) {
        return base[row] + static_cast<std::uint32_t>(code) * scale;
      });
    }
    out_.parent_configs = base_total_ * column.cardinality;
    out_.dense = base_configs_ == base_total_;  // else ids are not mixed-radix indices
    return out_;
  }

  // How count_plus() counts base + {extra}: by base configuration (count_plus_groups),
  // as a whole family (count), from bit sets, by configuration for folds, or tallied
  // from the base cells.
  enum class PlusPath { groups, whole, bits, folds, tally };
  PlusPath plus_path(const Column& extra, std::size_t states, bool singletons_apart) const {
    const double cells = base_configs_ * extra.cardinality * states;
    if (singletons_apart && groups_pay(cells)) return PlusPath::groups;
    const double limit = std::max(dense_limit_, std::min(kMaxDenseCells, 16.0 * data_.n_rows));
    if (data_.expected || cells > limit) return PlusPath::whole;
    if (base_configs_ == base_total_ && bits_pay(static_cast<std::size_t>(base_configs_) * states, extra.cardinality)) {
      return PlusPath::bits;
    }
    return data_.fold ? PlusPath::folds : PlusPath::tally;
  }

  // count_plus() of the kWindow families base + {extras[k]} in one pass over the rows,
  // when they all take one path that has a windowed form: by base configuration, or the
  // tally of a table of at most kSplitCells cells on unweighted rows, from byte codes.
  // Returns false, counting nothing, otherwise. Their counts are then window_counts(k),
  // equal to count_plus()'s (cells in the same order).
  bool count_plus_window(int node, const int* extras, bool singletons_apart) {
    if (node != base_node_ || data_.expected) return false;
    const std::size_t states = data_.columns[node].cardinality;
    const std::uint8_t* codes[kWindow];
    PlusPath path = PlusPath::whole;
    for (std::size_t k = 0; k < kWindow; ++k) {
      const Column& column = data_.columns[extras[k]];
      const PlusPath p = plus_path(column, states, singletons_apart);
      const bool small_tally = p == PlusPath::tally && !data_.weights &&
                               base_configs_ * column.cardinality * states <= kSplitCells;
      if (!column.small || (p != PlusPath::groups && !small_tally) || (k > 0 && p != path)) return false;
      path = p;
      codes[k] = column.small;
    }
    if (path == PlusPath::groups) tally_groups<kWindow>(codes, extras, window_out_, states);
    else tally_window<kWindow>(codes, extras, window_out_, states);
    return true;
  }
  const FamilyCounts& window_counts(std::size_t k) const { return window_out_[k]; }

  // Counters of one data set on several threads build each column's bit sets once.
  void share_column_bits(std::shared_ptr<ColumnBits> bits) { column_bits_ = std::move(bits); }
  // Builds column `var`'s bit sets now if count_plus() could ever count from them.
  void prepare_column_bits(int var) {
    if (!data_.expected && !data_.gaussian() && bits_pay(1, data_.columns[var].cardinality)) column_bits(var);
  }

  // Switches counting from bit sets off (or back on): the tests compare both paths.
  void use_bits(bool on) { bits_enabled_ = on; }
  // Switches counting by base configuration off (or back on), likewise.
  void use_groups(bool on) { groups_enabled_ = on; }
  // Families count_plus() counted by base configuration.
  std::size_t group_counted() const { return group_counted_; }
  // Families count_plus() counted from bit sets.
  std::size_t bit_counted() const { return bit_counted_; }

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
    if (force_dense) throw std::length_error("a dense table of " + format_count(q * states) + " cells is too large");
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

  // table_[cell_of(row, code)] += weight over all rows, `code` being the row's code in
  // `column`.
  template <class CellOf>
  void tally(const Column& column, std::size_t cells, CellOf cell_of) {
    const std::size_t n = data_.n_rows;
    table_.assign(cells, 0.0);
    if (data_.weights || cells > kSplitCells) {
      const double* w = data_.weights;
      column.for_each(n, [&](std::size_t row, int code) { table_[cell_of(row, code)] += w ? w[row] : 1.0; });
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
  void tally_touched(const Column& column, std::size_t q, std::size_t states, CellOf cell_of) {
    if (touched_table_.size() < q * states) touched_table_.resize(q * states, 0.0);
    double* t = touched_table_.data();
    const double* w = data_.weights;
    touched_.clear();
    column.for_each(data_.n_rows, [&](std::size_t row, int code) {
      const std::size_t cell = cell_of(row, code);
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

  // Counts a family of q configurations whose cell (config * states + state) of each row
  // is cell_of(row, code of `column`), and collects its non-zero cells: in table order,
  // or in order of first touch when the table is larger than the data.
  template <class CellOf>
  void tally_family(const Column& column, std::size_t q, std::size_t states, CellOf cell_of) {
    if (q * states > std::max<std::size_t>(kSplitCells, data_.n_rows)) {
      return tally_touched(column, q, states, cell_of);
    }
    tally(column, q * states, cell_of);
    collect_cells(q, states);
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

  // Counts the family of `node` over the configurations in config_ (or none: a node
  // without parents) and collects its non-zero cells.
  void collect_dense(int node, std::size_t q, bool with_config = true) {
    const std::size_t states = data_.columns[node].cardinality;
    const std::uint32_t* config = with_config ? config_.data() : nullptr;
    const Column& column = data_.columns[node];
    if (config) {
      tally_family(column, q, states, [config, states](std::size_t row, int code) {
        return config[row] * states + static_cast<std::size_t>(code);
      });
    } else {
      tally_family(column, q, states, [](std::size_t, int code) { return static_cast<std::size_t>(code); });
    }
    if (data_.fold) count_folds_dense(node, q, with_config);
  }

  // Whether counting base + {extra} from bit sets beats a pass over the rows: it costs
  // base_cells * (r - 1) word pairs per 64 rows where the pass costs 64 row steps, and
  // its table must be one count() collects in table order.
  bool bits_pay(std::size_t base_cells, int extra_states) const {
    if (!bits_enabled_ || data_.weights || data_.fold || data_.n_rows < 256) return false;
    const std::size_t pairs = base_cells * static_cast<std::size_t>(extra_states - 1);
    return pairs <= kBitPairs && base_cells * extra_states <= kSplitCells;
  }

  // count_plus() from bit sets: N(base cell b, extra state s) is the number of rows in
  // both b's and s's row sets; the extra's last state gets what the other states leave
  // of each base cell.
  void count_plus_bits(int extra, std::size_t base_cells, std::size_t q, std::size_t states) {
    const std::size_t words = row_words();
    ++bit_counted_;
    if (!base_bits_ready_) build_base_bits(base_cells);
    const std::vector<std::uint64_t>& x = column_bits(extra);
    const std::size_t last = static_cast<std::size_t>(data_.columns[extra].cardinality) - 1;
    table_.assign(q * states, 0.0);
    for (std::size_t b = 0; b < base_cells; ++b) {
      const std::uint64_t* rows_b = &base_bits_[b * words];
      double rest = base_cell_rows_[b];
      for (std::size_t s = 0; s < last; ++s) {
        const double both = static_cast<double>(and_count(rows_b, &x[s * words], words));
        table_[s * base_cells + b] = both;
        rest -= both;
      }
      table_[last * base_cells + b] = rest;
    }
    collect_cells(q, states);
  }

  std::size_t row_words() const { return (data_.n_rows + 63) / 64; }

  // Whether a family base + {extra} of `cells` cells is counted by base configuration:
  // a table too large for the interleaved tally is counted with cache misses, while
  // one base configuration's rows fill a table of r_extra * r_node cells. Needs the
  // base cells of set_base() and unweighted rows without folds.
  bool groups_pay(double cells) const {
    return groups_enabled_ && cells > kSplitCells && !data_.weights && !data_.fold && !data_.expected &&
           base_configs_ * data_.columns[base_node_].cardinality <= kMaxDenseCells;
  }

  // The rows of the base configurations seen at least twice, grouped by configuration
  // (groups in configuration order, rows in order), with the node's code of each row.
  void build_base_groups(std::size_t states) {
    constexpr std::uint32_t kAlone = std::numeric_limits<std::uint32_t>::max();
    const std::size_t configs = static_cast<std::size_t>(base_configs_);
    const std::uint32_t* cell = base_rows();
    config_group_.assign(configs, 0);  // first the rows of each configuration
    for (std::size_t row = 0; row < data_.n_rows; ++row) ++config_group_[cell[row] / states];
    group_begin_.assign(1, 0);
    singletons_ = 0;
    for (std::size_t j = 0; j < configs; ++j) {
      const std::uint32_t rows = config_group_[j];
      if (rows == 1) ++singletons_;
      if (rows < 2) { config_group_[j] = kAlone; continue; }
      config_group_[j] = static_cast<std::uint32_t>(group_begin_.size() - 1);
      group_begin_.push_back(group_begin_.back() + rows);
    }
    group_rows_.resize(group_begin_.back());
    group_node_code_.resize(group_begin_.back());
    group_next_.assign(group_begin_.begin(), group_begin_.end() - 1);
    for (std::size_t row = 0; row < data_.n_rows; ++row) {
      const std::uint32_t g = config_group_[cell[row] / states];
      if (g == kAlone) continue;
      const std::uint32_t slot = group_next_[g]++;
      group_rows_[slot] = static_cast<std::uint32_t>(row);
      group_node_code_[slot] = static_cast<std::uint32_t>(cell[row] % states);
    }
    base_groups_ready_ = true;
  }

  // The interleaved tally of count_plus() for W families at once, one table each (the
  // other families' increments fill the wait of a row on the previous row's cell), their
  // cells collected in table order by collect_cells().
  template <std::size_t W>
  void tally_window(const std::uint8_t* const* code, const int* extras, FamilyCounts* outs, std::size_t states) {
    const std::size_t base_cells = static_cast<std::size_t>(base_configs_) * states;
    std::uint32_t* table[W];
    std::size_t total = 0;
    for (std::size_t k = 0; k < W; ++k) total += base_cells * data_.columns[extras[k]].cardinality;
    window_table_.assign(total, 0);
    for (std::size_t k = 0, t = 0; k < W; ++k) {
      table[k] = window_table_.data() + t;
      t += base_cells * data_.columns[extras[k]].cardinality;
    }
    const std::uint32_t* base = base_rows();
    const std::uint32_t scale = static_cast<std::uint32_t>(base_cells);
    for (std::size_t row = 0; row < data_.n_rows; ++row) {
      const std::uint32_t b = base[row];
      for_each_index(std::make_index_sequence<W>{}, [&](std::size_t k) { ++table[k][b + code[k][row] * scale]; });
    }
    for (std::size_t k = 0; k < W; ++k) {
      const int r_extra = data_.columns[extras[k]].cardinality;
      FamilyCounts& out = outs[k];
      collect_cells(table[k], static_cast<std::size_t>(base_configs_) * r_extra, states, out);
      out.states = static_cast<int>(states);
      out.parent_configs = base_total_ * r_extra;
      out.dense = base_configs_ == base_total_;
      out.singleton_configs = 0;
    }
  }

  // count_plus() by base configuration: each group's rows are tallied by (extra state,
  // node state) in a small table, whose non-zero cells are listed (configurations
  // numbered as listed, so the counts are sparse). A configuration seen once makes a
  // single cell whatever the extra, and the Dirichlet scores give that cell a
  // contribution that does not depend on the table (see dirichlet_uniform): they are
  // left out and counted in singleton_configs.
  const FamilyCounts& count_plus_groups(int extra, std::size_t states) {
    data_.columns[extra].with_codes([&](const auto* code) { tally_groups<1>(&code, &extra, &out_, states); });
    return out_;
  }

  // count_plus_groups() for kWindow extras at once (each with its own table): a row's
  // group position and node state are read once for all of them, and their increments
  // are independent, so they overlap instead of waiting on each other.
  template <std::size_t W, class Code>
  void tally_groups(const Code* const* code, const int* extras, FamilyCounts* outs, std::size_t states) {
    group_counted_ += W;
    if (!base_groups_ready_) build_base_groups(states);
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
      out.parent_configs = base_total_ * r_extra;
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

  // The base cell of each row: base configuration * states + the node's state
  // (set_base()), combined on first use.
  const std::uint32_t* base_rows() {
    if (base_rows_ready_) return base_.data();
    base_configs_ = combine_columns(data_, base_parents_.data(), base_parents_.size(), dense_limit_, index_, base_);
    base_rows_ready_ = true;
    const std::uint32_t states = static_cast<std::uint32_t>(data_.columns[base_node_].cardinality);
    // Larger base tables never reach the one-pass count (see count_plus), and their cell
    // index could overflow.
    if (base_configs_ * states > kMaxDenseCells) return base_.data();
    std::uint32_t* cell = base_.data();
    data_.columns[base_node_].for_each(data_.n_rows, [&](std::size_t row, int code) {
      cell[row] = cell[row] * states + static_cast<std::uint32_t>(code);
    });
    return base_.data();
  }

  // The row sets of the base cells of set_base() (a dense base), and their sizes: all
  // rows split by the node's states, then by each parent's in turn, which lists them in
  // the order of base_rows()'s cells. A word of 64 rows costs one AND a cell, where
  // building from the rows would cost a pass over them.
  void build_base_bits(std::size_t base_cells) {
    const std::size_t words = row_words();
    // No bit past the last row is set in the first set (all rows), so none is in its splits.
    base_bits_.assign(words, ~std::uint64_t(0));
    if (data_.n_rows % 64) base_bits_.back() = (std::uint64_t(1) << (data_.n_rows % 64)) - 1;
    std::size_t sets = 1;
    auto split_by = [&](int var) {
      const std::size_t r = static_cast<std::size_t>(data_.columns[var].cardinality);
      const std::vector<std::uint64_t>& state = column_bits(var);
      last_state_bits_.assign(words, 0);  // the rows in none of the other states
      for (std::size_t k = 0; k + 1 < r; ++k) {
        for (std::size_t w = 0; w < words; ++w) last_state_bits_[w] |= state[k * words + w];
      }
      for (std::size_t w = 0; w < words; ++w) last_state_bits_[w] = ~last_state_bits_[w];
      split_bits_.resize(sets * r * words);
      for (std::size_t k = 0; k < r; ++k) {
        const std::uint64_t* rows_k = k + 1 < r ? &state[k * words] : last_state_bits_.data();
        for (std::size_t i = 0; i < sets; ++i) {
          const std::uint64_t* from = &base_bits_[i * words];
          std::uint64_t* to = &split_bits_[(k * sets + i) * words];
          for (std::size_t w = 0; w < words; ++w) to[w] = from[w] & rows_k[w];
        }
      }
      base_bits_.swap(split_bits_);
      sets *= r;
    };
    split_by(base_node_);
    for (int parent : base_parents_) split_by(parent);
    if (sets != base_cells) throw std::logic_error("build_base_bits() needs a dense base");
    base_cell_rows_.resize(base_cells);
    for (std::size_t b = 0; b < base_cells; ++b) {
      const std::uint64_t* rows_b = &base_bits_[b * words];
      base_cell_rows_[b] = static_cast<double>(and_count(rows_b, rows_b, words));
    }
    base_bits_ready_ = true;
  }

  // The row sets of the states of column `var` but its last, built on first use.
  const std::vector<std::uint64_t>& column_bits(int var) {
    if (!column_bits_) column_bits_ = std::make_shared<ColumnBits>(data_);
    return (*column_bits_)[var];
  }

  // The non-zero cells of the dense table table_ (q configurations of `states` cells).
  void collect_cells(std::size_t q, std::size_t states) { collect_cells(table_.data(), q, states, out_); }
  template <class Count>
  static void collect_cells(const Count* table, std::size_t q, std::size_t states, FamilyCounts& out) {
    out.dense = true;
    out.config_total.assign(q, 0.0);
    // Every cell is written and the next one listed after it only if non-zero: without
    // push_back() or a branch in the loop.
    out.cell_count.resize(q * states);
    out.cell_config.resize(q * states);
    out.cell_state.resize(q * states);
    std::size_t listed = 0;
    for (std::size_t j = 0; j < q; ++j) {
      for (std::size_t k = 0; k < states; ++k) {
        const double count = table[j * states + k];
        out.cell_count[listed] = count;
        out.cell_config[listed] = static_cast<std::uint32_t>(j);
        out.cell_state[listed] = static_cast<std::uint32_t>(k);
        out.config_total[j] += count;
        listed += count > 0;
      }
    }
    out.cell_count.resize(listed);
    out.cell_config.resize(listed);
    out.cell_state.resize(listed);
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

  void clear_cells() { clear_cells(out_); }
  static void clear_cells(FamilyCounts& out) {
    out.cell_count.clear();
    out.cell_config.clear();
    out.cell_state.clear();
  }
  void push_cell(double count, std::size_t config, std::size_t state) { push_cell(out_, count, config, state); }
  static void push_cell(FamilyCounts& out, double count, std::size_t config, std::size_t state) {
    out.cell_count.push_back(count);
    out.cell_config.push_back(static_cast<std::uint32_t>(config));
    out.cell_state.push_back(static_cast<std::uint32_t>(state));
    out.config_total[config] += count;
  }

  const DataView& data_;
  double dense_limit_;
  std::vector<std::uint32_t> config_;  // configuration id of each row
  std::vector<std::uint32_t> base_;    // base cell of each row: base configuration * states + state (base_rows)
  int base_node_ = -1;                 // the node and parents of set_base()
  std::vector<int> base_parents_;
  bool base_rows_ready_ = false;
  // Bit sets (count_plus_bits): row sets of the base cells, built on first use after
  // set_base(), their sizes, and the row sets of each column's states but the last.
  static constexpr std::size_t kBitPairs = 96;
  bool bits_enabled_ = true;
  bool base_bits_ready_ = false;
  std::size_t bit_counted_ = 0;
  std::vector<std::uint64_t> base_bits_;
  std::vector<double> base_cell_rows_;
  std::vector<std::uint64_t> split_bits_, last_state_bits_;  // build_base_bits()'s scratch
  std::shared_ptr<ColumnBits> column_bits_;
  // Base configurations (count_plus_groups), built on first use after set_base(): the
  // group of each configuration (or none: seen at most once), where each group's rows
  // begin in group_rows_ (the node's codes alongside), and the configurations seen once.
  bool groups_enabled_ = true;
  bool base_groups_ready_ = false;
  std::size_t group_counted_ = 0;
  std::vector<std::uint32_t> config_group_;
  std::vector<std::uint32_t> group_begin_;
  std::vector<std::uint32_t> group_next_;  // the next free slot of each group while filling
  std::vector<std::uint32_t> group_rows_;
  std::vector<std::uint32_t> group_node_code_;
  std::size_t singletons_ = 0;
  // Of each extra of tally_groups(): a group's (extra state, node state) table, zero
  // between groups; configuration ids by extra state; the group's cells in the order
  // first seen.
  std::vector<std::uint32_t> group_table_;
  std::vector<std::uint32_t> group_config_;
  std::vector<std::uint32_t> group_touched_;
  FamilyCounts window_out_[kWindow];  // count_plus_window()'s
  std::vector<std::uint32_t> window_table_;  // tally_window()'s
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
