// The three-way tables of several tests X _||_ Y | (Z', c) that differ only in the last
// conditioning variable c, counted in one pass over the rows.
//
// PC tests an edge against the subsets of a neighbourhood (its candidates) in
// lexicographic order, so runs of consecutive tests share x, y and all but the last
// member of Z, and their last members are consecutive candidates. A test alone is one
// pass over the rows reading l + 2 columns. Here the shared part is combined once into
// one code per row, and one pass counts a window of 4, 8 or 16 consecutive candidates.
//
// Two ways to count a window. Grouped (unweighted rows, candidates of at most 4 states,
// at least two shared variables; by bit planes where PC's runs allow, split_planes.hpp,
// else as follows): the rows are kept sorted by shared code (a counting sort, redone
// when the code changes), and the candidates' codes are kept row by row
// (any window's 16 bytes at one address; built per candidate list once it has been
// counted the scattered way about as often as building costs). Each group of rows is
// counted in registers: per row, one 16-byte load and, for every state but the last,
// one lane-wise compare and subtract; the last state's count is the group's size minus
// the others; the groups of a z' that shows a single state of x or of y are not counted
// at all (the statistic skips those strata, window_statistic.hpp). Else scattered: per
// row, one byte of each candidate and as many independent increments into interleaved
// tables (so runs of rows hitting one cell do not stall on each other, and one row's
// increments fall in a few cache lines), in 32-bit integers unless the rows have weights
// that are not whole (distinct rows' case counts are: integer increments are cheaper). Either
// way each table is handed out in the layout of ThreeWayTable (x fastest, then y, then
// Z' in order, then c), so the statistics are those of the test run alone: cell counts
// are sums of whole-number weights, exact in any order.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../data/data.hpp"
#include "lane_counts.hpp"
#include "split_planes.hpp"

namespace learnbn {

class SharedPrefixTables {
 public:
  static constexpr std::size_t kMaxWidth = kLaneBytes;  // largest window

  // The candidates whose windows count() counts. Every column must be byte-coded and
  // complete.
  void set_candidates(const DataView& data, const std::vector<int>& candidates) {
    if (&data == block_data_ && candidates == candidates_) return;  // the row-wise codes still hold
    candidates_ = candidates;
    block_data_ = &data;
    block_.clear();  // rebuilt by the first grouped count
    scattered_lanes_ = 0;
    max_states_ = 1;
    for (int c : candidates_) {
      max_states_ = std::max(max_states_, static_cast<std::size_t>(data.columns[c].cardinality));
    }
    if (zeros_.size() != data.n_rows) zeros_.assign(data.n_rows, 0);
  }

  // The window width (4, 8 or 16) that covers `tests` candidates, or the most.
  static std::size_t width_for(std::size_t tests) { return tests <= 4 ? 4 : tests <= 8 ? 8 : 16; }

  // Counts N[shared, c] for the candidates c at positions first, ..., first + width - 1
  // (width 4, 8 or 16; those past the end give tables to ignore): `shared` is x, y and
  // the prefix Z', or x alone for the tests given nothing. The caller checks that every
  // table is dense-sized. With `live_only`, a grouped count may leave the cells of the z'
  // that live_strata() does not list unset (the statistic does not read them).
  void count(const DataView& data, const std::vector<int>& shared, std::size_t first,
             std::size_t width, bool live_only = false) {
    set_prefix(data, shared);
    live_only_ = live_only;
    first_ = first;
    window_ = width;
    last_states_ = 1;
    for (std::size_t k = 0; k < window_; ++k) {
      last_states_ = std::max(last_states_, states(data, k));
      // A window past the end reads state 0.
      column_[k] = first + k < candidates_.size() ? data.columns[candidates_[first + k]].small
                                                  : zeros_.data();
    }
    const std::size_t total = prefix_cells_ * last_states_ * window_;
    weighted_ = data.weights != nullptr && !whole_weights(data);
    grouped_ = !data.weights && groupable(data, shared);
    planes_ = false;
    if (grouped_) {
      counts_.resize(total);  // every cell read is written (with live_only, of live z')
      count_grouped(data);
      return;
    }
    make_codes(data);
    if (weighted_) {
      sums_.assign(total, 0.0);
      by_width(sums_.data(), data.weights, data.n_rows);
    } else if (data.weights) {  // whole weights below 2^32 in all: integer increments
      counts_.assign(total, 0);
      by_width(counts_.data(), whole_.data(), data.n_rows);
    } else {  // whole counts below 2^32 (the tester's row limit): integer increments are cheaper
      scattered_lanes_ += window_;
      counts_.assign(total, 0);
      by_width(counts_.data(), static_cast<const std::uint32_t*>(nullptr), data.n_rows);
    }
  }

  // Whether the last count() went by groups of rows, and by bit planes (for the tests).
  bool grouped() const { return grouped_; }
  bool planes() const { return planes_; }

  // The last count()'s whole counts (nullptr when they are sums of fractional weights):
  // cell (base, c) of the table at position first + k is
  // whole_counts()[(base * last_states() + c) * width() + k].
  const std::uint32_t* whole_counts() const { return weighted_ ? nullptr : counts_.data(); }
  std::size_t last_states() const { return last_states_; }
  std::size_t width() const { return window_; }

  // After a grouped count (else nullptr): the configurations z' of Z' in increasing
  // order where the rows show at least two states of x and two of y; at every other z'
  // each stratum (z', c) of every table has one observed row or column and adds +0
  // (window_statistic.hpp), so the statistic need not visit it.
  const std::uint32_t* live_strata() const { return grouped_ ? live_.data() : nullptr; }
  std::size_t live_count() const { return live_.size(); }

  // The table of the candidate at position first + k (of the last count()), in the
  // layout of ThreeWayTable::cells().
  void table(const DataView& data, std::size_t k, std::vector<double>& out) const {
    const std::size_t states_k = states(data, k);
    out.resize(prefix_cells_ * states_k);
    for (std::size_t c = 0; c < states_k; ++c) {
      for (std::size_t base = 0; base < prefix_cells_; ++base) {
        const std::size_t cell = (base * last_states_ + c) * window_ + k;
        out[c * prefix_cells_ + base] =
            weighted_ ? sums_[cell] : static_cast<double>(counts_[cell]);
      }
    }
  }

 private:
  static constexpr std::size_t kMaxGroupedStates = 4;       // compares per row: states - 1
  static constexpr std::size_t kMaxBlockBytes = 32u << 20;  // the row-wise candidate codes

  std::size_t states(const DataView& data, std::size_t k) const {
    const std::size_t j = first_ + k;
    return j < candidates_.size()
               ? static_cast<std::size_t>(data.columns[candidates_[j]].cardinality)
               : 1;
  }

  // Notes the shared variables: the codes of each leading part are kept, so that a new
  // prefix recomputes only from its first changed variable on (in lexicographic order
  // mostly the last one), when a count needs them.
  void set_prefix(const DataView& data, const std::vector<int>& shared) {
    if (&data != prefix_data_) vars_.clear();
    prefix_data_ = &data;
    std::size_t same = 0;
    while (same < vars_.size() && same < shared.size() && vars_[same] == shared[same]) ++same;
    codes_ready_ = std::min(codes_ready_, same);
    if (same < shared.size() || shared.size() < vars_.size()) grouped_rows_ = live_ready_ = false;
    vars_.assign(shared.begin(), shared.end());
    strides_.resize(shared.size());
    for (std::size_t d = 0; d < shared.size(); ++d) {
      strides_[d] = d == 0 ? 1
                           : strides_[d - 1] * static_cast<std::uint32_t>(
                                                   data.columns[shared[d - 1]].cardinality);
    }
    prefix_cells_ =
        strides_.back() * static_cast<std::size_t>(data.columns[shared.back()].cardinality);
  }

  // The code of the shared variables in every row.
  void make_codes(const DataView& data) {
    const std::size_t n = data.n_rows;
    codes_.resize(vars_.size());
    for (std::size_t d = codes_ready_; d < vars_.size(); ++d) {
      codes_[d].resize(n);
      add_codes(codes_[d].data(), d == 0 ? nullptr : codes_[d - 1].data(),
                data.columns[vars_[d]].small, strides_[d], n);
    }
    codes_ready_ = vars_.size();
  }

  // code = parent (or 0) + c * stride, eight rows at a time (-O2 leaves the loop scalar).
  static void add_codes(std::uint32_t* code, const std::uint32_t* parent, const std::uint8_t* c,
                        std::uint32_t stride, std::size_t n) {
    std::size_t row = 0;
#if defined(__GNUC__)
    typedef std::uint32_t Codes __attribute__((vector_size(32)));
    typedef std::uint8_t Bytes __attribute__((vector_size(8)));
    for (; row + 8 <= n; row += 8) {
      Bytes bytes;
      Codes sum = {};  // the parent's codes, or 0
      std::memcpy(&bytes, c + row, sizeof bytes);
      if (parent) std::memcpy(&sum, parent + row, sizeof sum);
      sum += __builtin_convertvector(bytes, Codes) * stride;
      std::memcpy(code + row, &sum, sizeof sum);
    }
#endif
    for (; row < n; ++row) code[row] = (parent ? parent[row] : 0) + c[row] * stride;
  }

  // Whether the window is counted by groups of rows: whole counts of a few states, a
  // prefix of two or more variables (a single variable is the tests given nothing,
  // whose candidate lists are long and used once), and the row-wise codes within bounds
  // and paid for: they are built once the candidates have been counted the scattered
  // way about as often as building them costs, so that an edge removed by its first
  // tests wastes little.
  bool groupable(const DataView& data, const std::vector<int>& shared) const {
    const std::size_t m = candidates_.size();
    return shared.size() >= 2 && first_ < m && max_states_ <= kMaxGroupedStates &&
           data.n_rows * (m + kMaxWidth) <= kMaxBlockBytes &&
           (!block_.empty() || scattered_lanes_ >= m);
  }

  // The candidates' codes row by row: row r holds the codes of every candidate from
  // r * block_stride_ on, then kMaxWidth zeros, so any window reads 16 bytes in bounds.
  void build_block(const DataView& data) {
    const std::size_t n = data.n_rows, m = candidates_.size();
    block_stride_ = m + kMaxWidth;
    block_.resize(n * block_stride_);
    candidate_columns_.resize(m);
    for (std::size_t j = 0; j < m; ++j) candidate_columns_[j] = data.columns[candidates_[j]].small;
    const std::uint8_t* const* column = candidate_columns_.data();
    for (std::size_t row = 0; row < n; ++row) {
      std::uint8_t* codes = block_.data() + row * block_stride_;
      for (std::size_t j = 0; j < m; ++j) codes[j] = column[j][row];
      std::fill(codes + m, codes + block_stride_, std::uint8_t(0));
    }
  }

  // The rows sorted by shared code (a stable counting sort): the rows of cell b are
  // rows_[group_start_[b] .. group_start_[b + 1]). Each half of the rows has its own
  // counters (two chains of increments where runs of rows share a cell, as in pigs).
  void group_rows(const DataView& data) {
    make_codes(data);
    const std::size_t n = data.n_rows, half = n / 2, cells = prefix_cells_;
    const std::uint32_t* code = codes_.back().data();
    next_.assign(2 * cells, 0);
    std::uint32_t *first = next_.data(), *second = first + cells;  // counts, then places
    for (std::size_t row = 0; row < half; ++row) ++first[code[row]], ++second[code[row + half]];
    if (n % 2) ++second[code[n - 1]];
    group_start_.resize(cells + 1);
    std::uint32_t start = 0;
    for (std::size_t b = 0; b < cells; ++b) {
      const std::uint32_t in_first = first[b], in_second = second[b];
      group_start_[b] = first[b] = start;
      second[b] = start + in_first;
      start += in_first + in_second;
    }
    group_start_[cells] = start;
    rows_.resize(n);
    std::uint32_t* rows = rows_.data();
    for (std::size_t row = 0; row < half; ++row) {
      rows[first[code[row]]++] = static_cast<std::uint32_t>(row);
      rows[second[code[row + half]]++] = static_cast<std::uint32_t>(row + half);
    }
    if (n % 2) rows[second[code[n - 1]]++] = static_cast<std::uint32_t>(n - 1);
    grouped_rows_ = true;
  }

  // live_ for the current grouping (the shared cell is x + nx * (y + ny * z'); any(b):
  // whether cell b has rows); every z' is live when a stratum could reach 2^26 cases
  // (their terms are then computed) or x or y has more than 64 states (the statistic then
  // visits every stratum: those of one row or column add +0 as they would anyway).
  template <class Any>
  void find_live(const DataView& data, Any any_rows) {
    const std::size_t nx = data.columns[vars_[0]].cardinality;
    const std::size_t ny = data.columns[vars_[1]].cardinality;
    const std::size_t nz = prefix_cells_ / (nx * ny);
    live_ready_ = true;
    const bool all = data.n_rows >= (std::size_t(1) << 26) || nx > 64 || ny > 64;
    live_.clear();
    live_.reserve(nz + 1);  // live_strata() is not nullptr even when no z' is live
    live_z_.resize(nz);
    xy_cells_ = static_cast<std::uint32_t>(nx * ny);
    for (std::size_t z = 0; z < nz; ++z) {
      const bool live = all || two_states_each(z, nx, ny, any_rows);
      if (live) live_.push_back(static_cast<std::uint32_t>(z));
      live_z_[z] = live;
    }
  }

  // Whether the cells of z' show two states of x and two of y (the states seen as bits).
  template <class Any>
  static bool two_states_each(std::size_t z, std::size_t nx, std::size_t ny, Any any_rows) {
    std::uint64_t xs = 0, ys = 0;
    for (std::size_t y = 0, cell = z * nx * ny; y < ny; ++y) {
      std::uint64_t row = 0;  // the x states seen with this y
      for (std::size_t x = 0; x < nx; ++x, ++cell) {
        row |= static_cast<std::uint64_t>(any_rows(cell) ? 1 : 0) << x;
      }
      xs |= row;
      ys |= static_cast<std::uint64_t>(row != 0) << y;
    }
    return (xs & (xs - 1)) != 0 && (ys & (ys - 1)) != 0;
  }

  // The grouped window from bit planes (split_planes.hpp) where the CPU extracts bits
  // fast and the shared variables are x, y, members of Z'' and v, later candidates in order
  // (as PC's runs are); false, counting nothing, else.
  bool count_split(const DataView& data) {
    if (!SplitPlanes::available() || vars_.size() < 3) return false;
    const auto v = std::find(candidates_.begin(), candidates_.end(), vars_.back());
    const std::size_t pv = static_cast<std::size_t>(v - candidates_.begin());
    if (pv >= first_ || !split_.group(data, candidates_, vars_, pv, strides_)) return false;
    const std::uint32_t stride_v = strides_.back();
    const std::vector<std::uint32_t>& sizes = split_.cell_sizes(pv, stride_v);
    if (!live_ready_) find_live(data, [&sizes](std::size_t b) { return sizes[b] != 0; });
    const char* live = live_only_ ? live_z_.data() : nullptr;
    std::uint32_t* out = counts_.data();
    if (window_ == 4) split_.count<4>(pv, stride_v, first_, last_states_, live, xy_cells_, out);
    if (window_ == 8) split_.count<8>(pv, stride_v, first_, last_states_, live, xy_cells_, out);
    if (window_ == 16) split_.count<16>(pv, stride_v, first_, last_states_, live, xy_cells_, out);
    return planes_ = true;
  }

  void count_grouped(const DataView& data) {
    if (count_split(data)) return;
    if (block_.empty()) build_block(data);
    if (!grouped_rows_) group_rows(data);
    if (!live_ready_) {
      find_live(data, [this](std::size_t b) { return group_start_[b + 1] != group_start_[b]; });
    }
    switch (window_) {
      case 4: by_states<4>(); break;
      case 8: by_states<8>(); break;
      default: by_states<16>(); break;
    }
  }

  template <std::size_t Width>
  void by_states() {
    switch (last_states_) {
      case 1: count_groups<Width, 0>(); break;
      case 2: count_groups<Width, 1>(); break;
      case 3: count_groups<Width, 2>(); break;
      default: count_groups<Width, 3>(); break;
    }
  }

  // Fills the table of every cell of the shared variables from its group of rows: the
  // counts of states below Compared from lane-wise compares (in byte lanes, added up
  // every 255 rows), then the last state's as the rest of the group.
  template <std::size_t Width, std::size_t Compared>
  void count_groups() {
    const std::uint8_t* codes = block_.data() + first_;
    for (std::size_t b = 0; b < prefix_cells_; ++b) {
      if (live_only_ && !live_z_[b / xy_cells_]) continue;
      const std::uint32_t* row = rows_.data() + group_start_[b];
      const std::uint32_t* const end = rows_.data() + group_start_[b + 1];
      const std::uint32_t size = group_start_[b + 1] - group_start_[b];
      std::uint32_t* out = counts_.data() + b * (Compared + 1) * Width;
      std::fill(out, out + Compared * Width, 0u);
      while (row != end) {
        const std::uint32_t* const stop = row + std::min<std::ptrdiff_t>(end - row, 255);
        LaneCounts<Compared> hits;
        for (; row != stop; ++row) hits.add(codes + *row * block_stride_);
        hits.template add_to<Width>(out);
      }
      std::uint32_t* last = out + Compared * Width;
      for (std::size_t k = 0; k < Width; ++k) last[k] = size;
      for (std::size_t s = 0; s < Compared; ++s) {
        for (std::size_t k = 0; k < Width; ++k) last[k] -= out[s * Width + k];
      }
    }
  }

  // Whether the weights of `data` are whole numbers summing to less than 2^32 (the
  // distinct rows' case counts), copied into whole_ the first time: then cell counts
  // are exact in 32-bit integers, whose increments are cheaper than a double's.
  bool whole_weights(const DataView& data) {
    if (&data != whole_data_ || data.weights != whole_from_) {
      whole_data_ = &data;
      whole_from_ = data.weights;
      whole_.resize(data.n_rows);
      double total = 0;
      whole_ok_ = true;
      for (std::size_t row = 0; row < data.n_rows && whole_ok_; ++row) {
        const double w = data.weights[row];
        total += w;
        whole_ok_ = w >= 0 && w == std::floor(w) && total < 4294967295.0;
        whole_[row] = whole_ok_ ? static_cast<std::uint32_t>(w) : 0;
      }
    }
    return whole_ok_;
  }

  template <class Cell, class Weight>
  void by_width(Cell* t, const Weight* weights, std::size_t n) const {
    switch (window_) {
      case 4: increment<4>(t, weights, n); break;
      case 8: increment<8>(t, weights, n); break;
      default: increment<16>(t, weights, n); break;
    }
  }

  // Adds each row's weight (1 when `weights` is null) to its cell of every table; cell
  // (base, c) of table k is at (base * last_states_ + c) * Width + k.
  template <std::size_t Width, class Cell, class Weight>
  void increment(Cell* t, const Weight* weights, std::size_t n) const {
    const std::uint32_t* code = codes_.back().data();
    const std::uint8_t* const* col = column_;
    const std::uint32_t row_stride = static_cast<std::uint32_t>(last_states_ * Width);
    for (std::size_t row = 0; row < n; ++row) {
      const Cell weight = weights ? static_cast<Cell>(weights[row]) : Cell(1);
      Cell* cells = t + code[row] * row_stride;
      for (std::size_t k = 0; k < Width; ++k) cells[col[k][row] * Width + k] += weight;
    }
  }

  std::vector<int> candidates_;
  std::size_t max_states_ = 1;       // most states of a candidate
  std::vector<std::uint8_t> zeros_;  // the column past the last candidate
  const std::uint8_t* column_[kMaxWidth] = {};  // codes of the window's candidates
  const DataView* prefix_data_ = nullptr;
  std::vector<int> vars_;
  std::vector<std::vector<std::uint32_t>> codes_;  // codes_[d]: code of vars_[0 .. d]
  std::size_t codes_ready_ = 0;  // codes_[d] holds for d below it
  std::vector<std::uint32_t> strides_;             // strides_[d]: radix of vars_[d]
  std::size_t prefix_cells_ = 1;
  // window of the last count(), most states in it
  std::size_t first_ = 0, window_ = 4, last_states_ = 1;
  bool weighted_ = false, grouped_ = false;
  std::vector<double> sums_;           // weighted data
  std::vector<std::uint32_t> counts_;  // one case a row, or whole weights
  // The weights as integers, when whole (whole_weights()).
  const DataView* whole_data_ = nullptr;
  const double* whole_from_ = nullptr;
  bool whole_ok_ = false;
  std::vector<std::uint32_t> whole_;
  // Grouped counting: the candidates' codes row by row, and the rows by shared code.
  const DataView* block_data_ = nullptr;
  std::vector<std::uint8_t> block_;
  std::vector<const std::uint8_t*> candidate_columns_;
  // lanes counted the scattered way since the candidates were set
  std::size_t scattered_lanes_ = 0;
  std::size_t block_stride_ = 0;
  bool grouped_rows_ = false;  // rows_ follows the current shared code
  std::vector<std::uint32_t> group_start_, next_, rows_;
  std::vector<std::uint32_t> live_;  // live_strata()
  std::vector<char> live_z_;  // live_z_[z']: z' in live_
  std::uint32_t xy_cells_ = 1;
  bool live_only_ = false;  // count()'s argument
  bool live_ready_ = false;  // live_ follows the current grouping
  // Or by bit planes: the grouping, x, y and Z'', the rows of each shared cell.
  SplitPlanes split_;
  bool planes_ = false;  // the last count() went by split_
};

}  // namespace learnbn
