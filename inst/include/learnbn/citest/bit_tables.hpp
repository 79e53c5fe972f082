// Three-way tables of CI tests counted from bit sets of the rows, 64 rows a word, as
// the family counter counts families (data/count_bits.hpp): the rows of every cell of
// the "shared" variables are split into bit sets once, and the table of one more "free"
// variable is then one AND and popcount per shared cell, free state (but the last) and
// 64 rows; the free variable's last state gets what the others leave of each cell.
//
// The cells of each leading part of the shared variables are kept, so that the next
// shared list recomputes only from its first changed variable on: PC tests an edge
// X - Y against the subsets of a neighbourhood in lexicographic order (shared X, Y and
// all of Z but the last member, which is free), and the local learners test many
// candidates against one target and conditioning set (shared target and Z, the
// candidate free), going through the subsets of a set for one candidate after another:
// the cells of whole shared lists are also kept (within a memory bound), so each is
// split once. Empty cells are dropped as soon as a split finds them, so deep splits
// cost what their observed cells cost. The AND-and-popcount kernels use AVX-512's
// popcount where the CPU has it (integer counts: the same in any version).
//
// The rows are those of complete, unweighted, byte-coded data: when the tests run on
// the distinct rows (data/distinct_rows.hpp), these are the original rows, which give
// the same whole-number counts. Each table is handed out in the layout of
// ThreeWayTable::cells(), so the statistics are those of the test counted by a pass.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#define LEARNBN_AVX512_POPCOUNT 1
#endif

#include "../data/count_bits.hpp"
#include "../data/data.hpp"
#include "../util/bits.hpp"

namespace learnbn {

#ifdef LEARNBN_AVX512_POPCOUNT
inline bool cpu_has_avx512_popcount() {
  static const bool has =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq");
  return has;
}
#endif

// sums[k] += the rows in both a + offset and b[k] + offset (k < m), each `words` words.
inline void and_counts_add_portable(const std::uint64_t* a, const std::uint64_t* const* b,
                                    std::size_t m, std::size_t offset, std::size_t words,
                                    std::uint64_t* sums) {
  for (std::size_t k = 0; k < m; ++k) sums[k] += and_count(a + offset, b[k] + offset, words);
}

#ifdef LEARNBN_AVX512_POPCOUNT
// The same for K sets b and A sets a (1 or 2) at once with AVX-512's popcount: each
// word is loaded once for all the pairs it is in, and the A * K sums stay in registers
// (the unrolled loops: GCC at -O2 does not unroll them itself and then keeps the sums in
// memory, several times slower). sums[i * stride + k] gets the pairs of a[i].
template <std::size_t A, std::size_t K>
__attribute__((target("avx512f,avx512vpopcntdq"))) inline void and_counts_add_avx512_k(
    const std::uint64_t* const* a, const std::uint64_t* const* b, std::size_t offset,
    std::size_t words, std::uint64_t* sums, std::size_t stride) {
  __m512i acc[A][K];
  const std::uint64_t* ai[A];
  const std::uint64_t* bk[K];
#pragma GCC unroll 2
  for (std::size_t i = 0; i < A; ++i) {
    ai[i] = a[i] + offset;
#pragma GCC unroll 4
    for (std::size_t k = 0; k < K; ++k) acc[i][k] = _mm512_setzero_si512();
  }
#pragma GCC unroll 4
  for (std::size_t k = 0; k < K; ++k) bk[k] = b[k] + offset;
  const std::size_t whole = words / 8 * 8;
  const __mmask8 tail = static_cast<__mmask8>((1u << (words - whole)) - 1);
  for (std::size_t w = 0; w < words; w += 8) {
    const __mmask8 mask = w < whole ? static_cast<__mmask8>(0xff) : tail;
    __m512i va[A];
#pragma GCC unroll 2
    for (std::size_t i = 0; i < A; ++i) va[i] = _mm512_maskz_loadu_epi64(mask, ai[i] + w);
#pragma GCC unroll 4
    for (std::size_t k = 0; k < K; ++k) {
      const __m512i vb = _mm512_maskz_loadu_epi64(mask, bk[k] + w);
#pragma GCC unroll 2
      for (std::size_t i = 0; i < A; ++i) {
        acc[i][k] =
            _mm512_add_epi64(acc[i][k], _mm512_popcnt_epi64(_mm512_and_si512(va[i], vb)));
      }
    }
  }
#pragma GCC unroll 2
  for (std::size_t i = 0; i < A; ++i) {
#pragma GCC unroll 4
    for (std::size_t k = 0; k < K; ++k) {
      sums[i * stride + k] += static_cast<std::uint64_t>(_mm512_reduce_add_epi64(acc[i][k]));
    }
  }
}

template <std::size_t A>
__attribute__((target("avx512f,avx512vpopcntdq"))) inline void and_counts_add_avx512(
    const std::uint64_t* const* a, const std::uint64_t* const* b, std::size_t m,
    std::size_t offset, std::size_t words, std::uint64_t* sums, std::size_t stride) {
  for (std::size_t s = 0; s < m; s += 4, b += 4, sums += 4) {
    switch (std::min<std::size_t>(m - s, 4)) {
      case 1: and_counts_add_avx512_k<A, 1>(a, b, offset, words, sums, stride); break;
      case 2: and_counts_add_avx512_k<A, 2>(a, b, offset, words, sums, stride); break;
      case 3: and_counts_add_avx512_k<A, 3>(a, b, offset, words, sums, stride); break;
      default: and_counts_add_avx512_k<A, 4>(a, b, offset, words, sums, stride); break;
    }
  }
}
#endif

inline void and_counts_add(const std::uint64_t* a, const std::uint64_t* const* b, std::size_t m,
                           std::size_t offset, std::size_t words, std::uint64_t* sums) {
#ifdef LEARNBN_AVX512_POPCOUNT
  if (cpu_has_avx512_popcount()) return and_counts_add_avx512<1>(&a, b, m, offset, words, sums, 0);
#endif
  and_counts_add_portable(a, b, m, offset, words, sums);
}

// and_counts_add() of a0 into sums0 and of a1 into sums1, each word of b read once.
inline void and_counts_add_two(const std::uint64_t* a0, const std::uint64_t* a1,
                               const std::uint64_t* const* b, std::size_t m, std::size_t offset,
                               std::size_t words, std::uint64_t* sums0, std::uint64_t* sums1) {
#ifdef LEARNBN_AVX512_POPCOUNT
  if (cpu_has_avx512_popcount()) {
    const std::uint64_t* a[2] = {a0, a1};
    return and_counts_add_avx512<2>(a, b, m, offset, words, sums0,
                                    static_cast<std::size_t>(sums1 - sums0));
  }
#endif
  and_counts_add_portable(a0, b, m, offset, words, sums0);
  and_counts_add_portable(a1, b, m, offset, words, sums1);
}

// to = a & b; returns the rows in it.
inline std::uint64_t and_store_portable(const std::uint64_t* a, const std::uint64_t* b,
                                        std::uint64_t* to, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w) to[w] = a[w] & b[w];
  return and_count(to, to, words);
}

#ifdef LEARNBN_AVX512_POPCOUNT
__attribute__((target("avx512f,avx512vpopcntdq"))) inline std::uint64_t and_store_avx512(
    const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* to, std::size_t words) {
  __m512i acc = _mm512_setzero_si512();
  std::size_t w = 0;
  for (; w + 8 <= words; w += 8) {
    const __m512i v = _mm512_and_si512(_mm512_loadu_si512(a + w), _mm512_loadu_si512(b + w));
    _mm512_storeu_si512(to + w, v);
    acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(v));
  }
  if (w < words) {
    const __mmask8 mask = static_cast<__mmask8>((1u << (words - w)) - 1);
    const __m512i v = _mm512_and_si512(_mm512_maskz_loadu_epi64(mask, a + w),
                                       _mm512_maskz_loadu_epi64(mask, b + w));
    _mm512_mask_storeu_epi64(to + w, mask, v);
    acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(v));
  }
  return static_cast<std::uint64_t>(_mm512_reduce_add_epi64(acc));
}
#endif

inline std::uint64_t and_store(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* to,
                               std::size_t words) {
#ifdef LEARNBN_AVX512_POPCOUNT
  if (cpu_has_avx512_popcount()) return and_store_avx512(a, b, to, words);
#endif
  return and_store_portable(a, b, to, words);
}

class BitTables {
 public:
  // Counts from the rows of `rows` (a view that outlives this object) with the column bit
  // sets `bits` (shared between threads). Returns false, attaching nothing, when the rows
  // are not complete, unweighted, byte-coded discrete data.
  bool attach(const DataView& rows, std::shared_ptr<ColumnBits> bits) {
    rows_ = nullptr;
    if (rows.weights || rows.fold || rows.expected || rows.gaussian() || rows.has_missing ||
        rows.n_rows < kMinRows || !bits) {
      return false;
    }
    for (const Column& column : rows.columns) if (!column.small) return false;
    rows_ = &rows;
    bits_ = std::move(bits);
    words_ = (rows.n_rows + 63) / 64;
    vars_.clear();
    levels_.clear();
    kept_.clear();
    kept_bytes_ = 0;
    last_.clear();
    everything_ = Level();
    return true;
  }
  bool attached() const { return rows_ != nullptr; }
  std::size_t words() const { return words_; }

  // The estimated cost, in word operations, of the table of `free` given `shared`: the
  // splits not kept from the last shared list (build_cost()), then one AND per observed
  // cell and free state but the last.
  double cost(const std::vector<int>& shared, int free) const {
    double cells = 0;
    const double build = build_cost(shared, cells);
    return build + free_cost(cells, free);
  }
  // The cost of the splits of `shared` not kept from the last shared list, and in
  // `cells` the observed cells they leave (those not yet split are guessed at their
  // declared number, capped by the rows).
  double build_cost(const std::vector<int>& shared, double& cells) const {
    const std::size_t same = common(shared);
    if (same < shared.size()) {
      const auto kept = kept_.find(shared);
      if (kept != kept_.end()) {
        cells = static_cast<double>(kept->second->size());
        return 0;
      }
    }
    cells = same == 0 ? 1.0 : static_cast<double>(levels_[same - 1]->size());
    double build = 0;
    for (std::size_t d = same; d < shared.size(); ++d) {
      const double r = rows_->columns[shared[d]].cardinality;
      build += cells * (r + 1);  // the splits and their popcounts
      cells = std::min(cells * r, static_cast<double>(rows_->n_rows));
    }
    return build * static_cast<double>(words_);
  }
  // The cost of the table of `free` against `cells` observed shared cells.
  double free_cost(double cells, int free) const {
    return cells * (rows_->columns[free].cardinality - 1.0) * static_cast<double>(words_);
  }

  // Counts N[shared cell, free state] into `out` (resized and zeroed): the cell of
  // shared configuration b (first variable fastest) and free state s is at
  // (b % inner) + inner * (s + free_states * (b / inner)), so that with `inner` the
  // number of configurations of the shared variables before the free one in the
  // test's layout, `out` is the table in ThreeWayTable's layout.
  void count(const std::vector<int>& shared, int free, std::size_t inner,
             std::vector<double>& out) {
    count_each(shared, &free, 1, inner, &out);
  }

  // The tables of the free variables frees[0 .. m) given `shared`, each into outs[k] as
  // count() would. The words are visited in blocks, each block of a shared cell
  // against every free state in turn, so that the free variables' sets are read from
  // the cache and each shared cell's once for them all (a free variable at a time
  // would read every shared cell again for each). Whole counts: the same in any order.
  void count_each(const std::vector<int>& shared, const int* frees, std::size_t m,
                  std::size_t inner, std::vector<double>* outs) {
    const Level& level = shared.empty() ? all_rows() : cells_of(shared);
    free_sets_.clear();
    for (std::size_t k = 0; k < m; ++k) {
      const std::vector<std::uint64_t>& bits = (*bits_)[frees[k]];
      const std::size_t states = static_cast<std::size_t>(rows_->columns[frees[k]].cardinality);
      for (std::size_t s = 0; s + 1 < states; ++s) free_sets_.push_back(&bits[s * words_]);
    }
    const std::size_t sets = free_sets_.size();
    both_.assign(level.size() * sets, 0);
    for (std::size_t from = 0; sets > 0 && from < words_; from += kBlockWords) {
      const std::size_t words = std::min(kBlockWords, words_ - from);
      std::size_t j = 0;
      for (; j + 2 <= level.size(); j += 2) {  // two cells a pass: fewer loads a pair
        and_counts_add_two(&level.bits[j * words_], &level.bits[(j + 1) * words_],
                           free_sets_.data(), sets, from, words, &both_[j * sets],
                           &both_[(j + 1) * sets]);
      }
      if (j < level.size()) {
        and_counts_add(&level.bits[j * words_], free_sets_.data(), sets, from, words,
                       &both_[j * sets]);
      }
    }
    std::size_t cells = 1;
    for (int v : shared) cells *= static_cast<std::size_t>(rows_->columns[v].cardinality);
    for (std::size_t k = 0, set = 0; k < m; ++k) {
      const std::size_t states = static_cast<std::size_t>(rows_->columns[frees[k]].cardinality);
      std::vector<double>& out = outs[k];
      out.assign(cells * states, 0.0);
      for (std::size_t j = 0; j < level.size(); ++j) {
        const std::size_t b = level.cell[j];
        const std::size_t base = (b % inner) + inner * states * (b / inner);
        double rest = level.rows[j];
        for (std::size_t s = 0; s + 1 < states; ++s) {
          const double both = static_cast<double>(both_[j * sets + set + s]);
          out[base + inner * s] = both;
          rest -= both;
        }
        out[base + inner * (states - 1)] = rest;
      }
      set += states - 1;
    }
  }

 private:
  static constexpr std::size_t kMinRows = 256;
  static constexpr std::size_t kMaxKeptBytes = 32u << 20;  // per tester (thread)
  // count_each()'s block: a shared cell's block stays in the first-level cache, and the
  // free sets' blocks (alarm: up to 48) in the second.
  static constexpr std::size_t kBlockWords = 512;

  // The observed cells of a leading part of the shared variables: their mixed-radix
  // index, rows and bit sets (words_ words each).
  // Words left uninitialised when allocated (a split writes every word it keeps: zeroing
  // them first showed as a tenth of mmpc's time).
  struct Words {
    std::unique_ptr<std::uint64_t[]> data;
    std::size_t size = 0, capacity = 0;
    void fresh(std::size_t n) {  // n words, contents undefined
      if (n > capacity) {
        data.reset(new std::uint64_t[n]);
        capacity = n;
      }
      size = n;
    }
    std::uint64_t& operator[](std::size_t w) { return data[w]; }
    const std::uint64_t& operator[](std::size_t w) const { return data[w]; }
  };

  struct Level {
    std::vector<std::size_t> cell;
    std::vector<double> rows;
    Words bits;
    std::size_t size() const { return cell.size(); }
  };

  std::size_t common(const std::vector<int>& shared) const {
    std::size_t same = 0;
    while (same < vars_.size() && same < shared.size() && vars_[same] == shared[same]) ++same;
    return same;
  }

  const Level& all_rows() {
    if (everything_.size() == 0) {
      everything_.cell.assign(1, 0);
      everything_.rows.assign(1, static_cast<double>(rows_->n_rows));
      everything_.bits.fresh(words_);
      for (std::size_t w = 0; w < words_; ++w) everything_.bits[w] = ~std::uint64_t(0);
      // No bit past the last row: the last state's rows are found by complement.
      if (rows_->n_rows % 64) {
        everything_.bits[words_ - 1] = (std::uint64_t(1) << (rows_->n_rows % 64)) - 1;
      }
    }
    return everything_;
  }

  // The cells of `shared` (not empty): from the splits of its leading parts, else from
  // the lists kept, else split (then kept, within kMaxKeptBytes, so that the local
  // learners, which go through the subsets of a set for one candidate after another,
  // split each subset once). The kept lists are dropped together when full.
  const Level& cells_of(const std::vector<int>& shared) {
    if (common(shared) == shared.size()) return *levels_[shared.size() - 1];
    const auto kept = kept_.find(shared);
    if (kept != kept_.end()) return *kept->second;
    set_shared(shared);
    const std::shared_ptr<Level>& level = levels_[shared.size() - 1];
    if (shared.size() >= 2) {  // kept by sharing, not copied: set_shared() then splits anew
      const std::size_t bytes = level->bits.capacity * sizeof(std::uint64_t);
      if (kept_bytes_ + bytes > kMaxKeptBytes) {
        kept_.clear();
        kept_bytes_ = 0;
      }
      if (bytes <= kMaxKeptBytes / 4 && kept_.emplace(shared, level).second) kept_bytes_ += bytes;
    }
    return *level;
  }

  void set_shared(const std::vector<int>& shared) {
    const std::size_t same = common(shared);
    vars_.assign(shared.begin(), shared.end());
    levels_.resize(shared.size());
    std::size_t stride = 1;
    for (std::size_t d = 0; d < same; ++d) stride *= rows_->columns[shared[d]].cardinality;
    for (std::size_t d = same; d < shared.size(); ++d) {
      if (!levels_[d] || levels_[d].use_count() > 1) levels_[d] = std::make_shared<Level>();
      split(d == 0 ? all_rows() : *levels_[d - 1], shared[d], stride, *levels_[d]);
      stride *= rows_->columns[shared[d]].cardinality;
    }
  }

  // Splits every cell of `from` by the states of `var` (cell b, state k becomes cell
  // b + k * stride), keeping the non-empty ones.
  void split(const Level& from, int var, std::size_t stride, Level& to) {
    const std::size_t r = static_cast<std::size_t>(rows_->columns[var].cardinality);
    const std::vector<std::uint64_t>& state = (*bits_)[var];
    const std::vector<std::uint64_t>& last = last_state(var);
    to.cell.clear();
    to.rows.clear();
    to.bits.fresh(from.size() * r * words_);
    std::size_t kept = 0;
    for (std::size_t j = 0; j < from.size(); ++j) {
      const std::uint64_t* parent = &from.bits[j * words_];
      for (std::size_t k = 0; k < r; ++k) {
        const std::uint64_t* rows_k = k + 1 < r ? &state[k * words_] : last.data();
        const std::uint64_t n = and_store(parent, rows_k, &to.bits[kept * words_], words_);
        if (n > 0) {
          to.cell.push_back(from.cell[j] + k * stride);
          to.rows.push_back(static_cast<double>(n));
          ++kept;
        }
      }
    }
    to.bits.size = kept * words_;
  }

  // The rows in the last state of `var` (in none of the others), built on first use.
  const std::vector<std::uint64_t>& last_state(int var) {
    if (last_.size() != rows_->n_vars()) last_.assign(rows_->n_vars(), {});
    std::vector<std::uint64_t>& last = last_[var];
    if (last.empty()) {
      const Words& all = all_rows().bits;
      last.assign(all.data.get(), all.data.get() + words_);
      const std::vector<std::uint64_t>& state = (*bits_)[var];
      const std::size_t r = static_cast<std::size_t>(rows_->columns[var].cardinality);
      for (std::size_t k = 0; k + 1 < r; ++k) {
        for (std::size_t w = 0; w < words_; ++w) last[w] &= ~state[k * words_ + w];
      }
    }
    return last;
  }

  const DataView* rows_ = nullptr;
  std::shared_ptr<ColumnBits> bits_;
  std::size_t words_ = 0;
  std::vector<int> vars_;      // the last shared list
  std::vector<std::shared_ptr<Level>> levels_;  // levels_[d]: the cells of vars_[0 .. d]
  Level everything_;           // one cell: all rows
  std::map<std::vector<int>, std::shared_ptr<Level>> kept_;  // cells_of()'s kept lists
  std::vector<std::vector<std::uint64_t>> last_;              // last_state()'s sets
  std::size_t kept_bytes_ = 0;
  std::vector<const std::uint64_t*> free_sets_;  // count_each()'s scratch
  std::vector<std::uint64_t> both_;
};

}  // namespace learnbn
