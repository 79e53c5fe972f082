// Counting base + {extra} from bit sets of the rows (Counter::count_plus), 64 rows a
// word: N(base cell b, extra state s) is the number of rows in both b's and s's row
// sets; the extra's last state gets what the other states leave of each base cell.
// Taken when the base cells are few and the rows unweighted.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "../util/bits.hpp"
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(LEARNBN_NO_AVX)
#include <immintrin.h>
#define LEARNBN_AVX512_BYTES 1
#endif
#include "count_dense.hpp"
#include "data.hpp"
#include "family_base.hpp"
#include "family_counts.hpp"

namespace learnbn {

// The row sets of each column's states but the last, 64 rows a word. Each column is
// built on first use, once, by whichever thread needs it first: the counters of several
// threads share one (Counter::share_column_bits).
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
  // on the code per row mispredicts on every change of state. Byte codes where the CPU
  // has AVX-512BW: one compare of 64 codes gives a whole word of each state.
  void build(int var) {
    const std::size_t n = data_.n_rows, words = (n + 63) / 64;
    const Column& column = data_.columns[var];
    std::vector<std::uint64_t>& bits = bits_[var];
    bits.resize(static_cast<std::size_t>(column.cardinality - 1) * words);
#ifdef LEARNBN_AVX512_BYTES
    if (column.small && cpu_has_avx512bw()) {
      build_bytes_avx512(column.small, n, column.cardinality - 1, words, bits.data());
      return;
    }
#endif
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

#ifdef LEARNBN_AVX512_BYTES
  static bool cpu_has_avx512bw() {
    static const bool has =
        __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    return has;
  }

  // The sets of states 0 .. states - 1 (word w of state s at out[s * words + w]) from
  // byte codes, 64 rows a compare; no bit past the last row is set.
  __attribute__((target("avx512f,avx512bw"))) static void build_bytes_avx512(
      const std::uint8_t* code, std::size_t n, int states, std::size_t words,
      std::uint64_t* out) {
    for (std::size_t w = 0; w < words; ++w) {
      const std::size_t left = n - 64 * w;
      const __mmask64 rows = left >= 64 ? ~__mmask64(0) : (__mmask64(1) << left) - 1;
      const __m512i codes = _mm512_maskz_loadu_epi8(rows, code + 64 * w);
      for (int s = 0; s < states; ++s) {
        const __mmask64 hit = _mm512_cmpeq_epi8_mask(codes, _mm512_set1_epi8(static_cast<char>(s)));
        out[static_cast<std::size_t>(s) * words + w] = hit & rows;
      }
    }
  }
#endif

  const DataView& data_;
  std::vector<std::vector<std::uint64_t>> bits_;
  std::unique_ptr<std::once_flag[]> once_;
};

// The bit-set path: the row sets of the base cells, built on first use after each
// reset() (a new base), their sizes, and the shared row sets of the columns' states.
class BitCount {
 public:
  explicit BitCount(const DataView& data) : data_(data) {}
  BitCount(const BitCount&) = delete;
  BitCount& operator=(const BitCount&) = delete;

  void share(std::shared_ptr<ColumnBits> bits) { column_bits_ = std::move(bits); }
  // Builds column `var`'s bit sets now if this path could ever count from them.
  void prepare(int var) {
    if (!data_.expected && !data_.gaussian() && pays(1, data_.columns[var].cardinality)) {
      column_bits(var);
    }
  }
  void enable(bool on) { enabled_ = on; }
  void reset() { base_ready_ = false; }
  std::size_t counted() const { return counted_; }  // families counted from bit sets

  // Whether counting base + {extra} from bit sets beats a pass over the rows: it costs
  // base_cells * (r - 1) word pairs per 64 rows where the pass costs 64 row steps, and
  // its table must be one count() collects in table order.
  bool pays(std::size_t base_cells, int extra_states) const {
    if (!enabled_ || data_.weights || data_.fold || data_.n_rows < 256) return false;
    const std::size_t pairs = base_cells * static_cast<std::size_t>(extra_states - 1);
    return pairs <= kBitPairs && base_cells * extra_states <= DenseTally::kSplitCells;
  }

  // Counts base + {extra} (a dense base of base_cells cells; q configurations with the
  // extra) in `dense`'s table and lists its cells.
  void count(const FamilyBase& base, int extra, std::size_t base_cells, std::size_t q,
             std::size_t states, DenseTally& dense, FamilyCounts& out) {
    const std::size_t words = row_words();
    ++counted_;
    if (!base_ready_) build_base_bits(base, base_cells);
    const std::vector<std::uint64_t>& x = column_bits(extra);
    const std::size_t last = static_cast<std::size_t>(data_.columns[extra].cardinality) - 1;
    std::vector<double>& table = dense.table();
    table.assign(q * states, 0.0);
    for (std::size_t b = 0; b < base_cells; ++b) {
      const std::uint64_t* rows_b = &base_bits_[b * words];
      double rest = base_cell_rows_[b];
      for (std::size_t s = 0; s < last; ++s) {
        const double both = static_cast<double>(and_count(rows_b, &x[s * words], words));
        table[s * base_cells + b] = both;
        rest -= both;
      }
      table[last * base_cells + b] = rest;
    }
    dense.collect(q, states, out);
  }

 private:
  static constexpr std::size_t kBitPairs = 96;

  std::size_t row_words() const { return (data_.n_rows + 63) / 64; }

  // The row sets of the base cells (a dense base), and their sizes: all rows split by
  // the node's states, then by each parent's in turn, which lists them in the order of
  // FamilyBase::rows()'s cells. A word of 64 rows costs one AND a cell, where building
  // from the rows would cost a pass over them.
  void build_base_bits(const FamilyBase& base, std::size_t base_cells) {
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
    split_by(base.node());
    for (int parent : base.parents()) split_by(parent);
    if (sets != base_cells) throw std::logic_error("build_base_bits() needs a dense base");
    base_cell_rows_.resize(base_cells);
    for (std::size_t b = 0; b < base_cells; ++b) {
      const std::uint64_t* rows_b = &base_bits_[b * words];
      base_cell_rows_[b] = static_cast<double>(and_count(rows_b, rows_b, words));
    }
    base_ready_ = true;
  }

  // The row sets of the states of column `var` but its last, built on first use.
  const std::vector<std::uint64_t>& column_bits(int var) {
    if (!column_bits_) column_bits_ = std::make_shared<ColumnBits>(data_);
    return (*column_bits_)[var];
  }

  const DataView& data_;
  bool enabled_ = true;
  bool base_ready_ = false;
  std::size_t counted_ = 0;
  std::vector<std::uint64_t> base_bits_;
  std::vector<double> base_cell_rows_;
  std::vector<std::uint64_t> split_bits_, last_state_bits_;  // build_base_bits()'s scratch
  std::shared_ptr<ColumnBits> column_bits_;
};

}  // namespace learnbn
