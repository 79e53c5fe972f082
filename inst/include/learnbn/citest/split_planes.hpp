// The grouped windows of SharedPrefixTables (shared_prefix.hpp) counted from bit planes
// of the rows split by the leading shared variables, where the CPU extracts bits fast.
//
// An edge of a large neighbourhood is tested against long runs of sets Z = (Z'', v, c)
// that share x, y and Z'', with v and c later candidates. Sorting the rows by (x, y, Z'',
// v) for each v touches every row; here the rows are split once by x, y and each member
// of Z'' in turn. Each split keeps, for every variable still to come, its bit planes (a
// bit per row, a plane per state but the last) in the order of the groups, each group
// starting on a word: one PEXT per word and state moves a group's bits of a state into
// its child. The splits of the leading members are kept for the next Z'' (lexicographic
// order: mostly the last member changes). The window's cell (x, y, z'', v = a, c = b) is
// then the popcount of the AND of v's plane a and c's plane b over the group's words, the
// last states' cells by difference: one grouping serves every v after Z''.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "../data/count_bits.hpp"
#include "../data/data.hpp"
#include "../util/cpu_features.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define LEARNBN_SPLIT_PLANES 1
#define LEARNBN_BMI2 __attribute__((target("bmi2,popcnt")))
#else
#define LEARNBN_BMI2
#endif

namespace learnbn {

class SplitPlanes {
 public:
  static constexpr std::size_t kPlanes = 3;  // states at most 4: the last by difference
  static constexpr std::size_t kMaxBytes = std::size_t(64) << 20;  // every level's planes

  // Whether the CPU has BMI2 with a fast PEXT (AMD before Zen 3 runs it in microcode).
  static bool available() {
#ifdef LEARNBN_SPLIT_PLANES
    static const bool fast = __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") &&
                             !__builtin_cpu_is("amdfam10h") && !__builtin_cpu_is("amdfam15h") &&
                             !__builtin_cpu_is("amdfam17h");
    return fast;
#else
    return false;
#endif
  }

  // Groups the rows by the leading shared variables (x, y and Z'': `shared` but its last,
  // v, the candidate at position `v`; members of Z'' and v are candidates in increasing
  // position; strides of the shared code), keeping the splits that still hold. False,
  // doing nothing, when they are not or the planes would pass kMaxBytes.
  bool group(const DataView& data, const std::vector<int>& candidates,
             const std::vector<int>& shared, std::size_t v,
             const std::vector<std::uint32_t>& strides) {
    const std::vector<int> leading(shared.begin(), shared.end() - 1);
    if (&data != data_) {
      data_ = &data;
      column_bits_ = std::make_unique<ColumnBits>(data);
      cols_.clear();
    }
    std::vector<int> cols{leading[0], leading[1]};
    cols.insert(cols.end(), candidates.begin(), candidates.end());
    std::vector<std::size_t> split{0, 1};  // the column of each split, in cols
    for (std::size_t d = 2; d < leading.size(); ++d) {
      const auto at = std::find(cols.begin() + split.back() + 1, cols.end(), leading[d]);
      if (at == cols.end()) return false;
      split.push_back(static_cast<std::size_t>(at - cols.begin()));
    }
    if (v + 2 <= split.back() || v >= candidates.size()) return false;  // v must be carried
    for (int col : cols) {
      if (data.columns[col].cardinality > static_cast<int>(kPlanes) + 1) return false;
    }
    const std::size_t words = (data.n_rows + 63) / 64, cells = strides[leading.size()];
    const std::size_t bytes = cols.size() * kPlanes * (words + cells) * 8 * (leading.size() + 1);
    if (bytes > kMaxBytes) return false;
    if (cols != cols_) {
      cols_ = cols;
      ready_ = 0;
    }
    if (split != split_ || ready_ == 0) sized_ = by_word_ready_ = false;  // another grouping
    std::size_t same = 0;
    while (same < split_.size() && same < split.size() && split_[same] == split[same]) ++same;
    ready_ = std::min(ready_, same + 1);
    split_ = split;
    strides_ = strides;
    levels_.resize(split.size() + 1);
    if (ready_ == 0) root();
    for (; ready_ <= split_.size(); ++ready_) split_level(ready_ - 1);
    return true;
  }

  // Sizes of the cells (x, y, z'', v) of the last grouping and candidate `v` (a position
  // among the candidates, after Z''), indexed by shared code (stride of v: `stride_v`).
  LEARNBN_BMI2 const std::vector<std::uint32_t>& cell_sizes(std::size_t v,
                                                            std::uint32_t stride_v) {
    if (sized_ && v == sized_v_) return sizes_;  // the sizes of the last call hold
    sized_ = true;
    sized_v_ = v;
    const Level& f = levels_.back();
    const std::size_t cv = cardinality(v + 2);
    sizes_.resize(stride_v * cv);  // the groups are every shared code: each size is set
    for (std::size_t g = 0; g < f.groups(); ++g) {
      std::uint32_t rest = f.size[g];
      for (std::size_t a = 0; a + 1 < cv; ++a) {
        const std::uint64_t* plane = f.plane(v + 2, a);
        std::uint32_t n = 0;
        for (std::uint32_t w = f.start[g]; w < f.start[g + 1]; ++w) n += popcount(plane[w]);
        sizes_[f.code[g] + stride_v * a] = n;
        rest -= n;
      }
      sizes_[f.code[g] + stride_v * (cv - 1)] = rest;
    }
    return sizes_;
  }

  // After cell_sizes(v): the tables of the candidates at positions first + k, k < Width,
  // into out[(base * last_states + c) * Width + k], base the shared code of (x, y, z'',
  // v); with `live`, only the bases whose z' = base / xy_cells is live. The lanes past
  // the last candidate are left as they are (their statistics are not read).
  template <std::size_t Width>
  void count(std::size_t v, std::uint32_t stride_v, std::size_t first, std::size_t last_states,
             const char* live, std::uint32_t xy_cells, std::uint32_t* out) {
    Window w{v, stride_v, first, last_states, live, xy_cells, out};
    // Every table of v's states (most windows): the kernel with its sizes known.
    bool uniform = cardinality(v + 2) == last_states;
    for (std::size_t k = first; k < std::min(first + Width, cols_.size() - 2); ++k) {
      uniform &= cardinality(k + 2) == last_states;
    }
    if (uniform && last_states == 2) return by_group<Width, 1>(w);
#ifdef LEARNBN_SPLIT_PLANES
    if (uniform && last_states == 3 && cpu_has_avx512_vpopcnt()) {
      return by_lanes<Width>(w);
    }
#endif
    if (uniform && last_states == 3) return by_group<Width, 2>(w);
    if (uniform && last_states == 4) return by_group<Width, 3>(w);
    by_group<Width, 0>(w);
  }

 private:
  struct Level {
    std::vector<std::uint32_t> start, size, code;  // per group: first word, rows, shared code
    std::vector<std::uint64_t> planes;  // of cols lo.. : ((col - lo) * kPlanes + s) * words
    std::size_t lo = 0, words = 0;
    std::size_t groups() const { return size.size(); }
    const std::uint64_t* plane(std::size_t col, std::size_t s) const {
      return planes.data() + ((col - lo) * kPlanes + s) * words;
    }
    std::uint64_t* plane(std::size_t col, std::size_t s) {
      return planes.data() + ((col - lo) * kPlanes + s) * words;
    }
  };

  static LEARNBN_BMI2 std::uint32_t popcount(std::uint64_t w) {
    return static_cast<std::uint32_t>(__builtin_popcountll(w));
  }

  std::size_t cardinality(std::size_t col) const {
    return static_cast<std::size_t>(data_->columns[cols_[col]].cardinality);
  }

  // Level 0: every row in one group.
  void root() {
    Level& r = levels_[0];
    const std::size_t n = data_->n_rows;
    r.words = (n + 63) / 64;
    r.start = {0, static_cast<std::uint32_t>(r.words)};
    r.size = {static_cast<std::uint32_t>(n)};
    r.code = {0};
    r.lo = 0;
    r.planes.resize(cols_.size() * kPlanes * r.words);  // planes past a column's are not read
    for (std::size_t col = 0; col < cols_.size(); ++col) {
      const std::vector<std::uint64_t>& planes = (*column_bits_)[cols_[col]];
      std::copy(planes.begin(), planes.end(), r.plane(col, 0));
    }
    ready_ = 1;
  }

  // Level i + 1 from level i, split by column split_[i].
  LEARNBN_BMI2 void split_level(std::size_t i) {
    const Level& p = levels_[i];
    Level& c = levels_[i + 1];
    const std::size_t col = split_[i], cs = cardinality(col), pw = p.words;
    const std::uint32_t stride = strides_[i];
    // The masks of each state of the split column, and their bits per word.
    masks_.resize(cs * pw);
    counts_.resize(cs * pw);
    for (std::size_t g = 0; g < p.groups(); ++g) {
      for (std::uint32_t w = p.start[g]; w < p.start[g + 1]; ++w) {
        const std::uint32_t left = p.size[g] - 64 * (w - p.start[g]);
        std::uint64_t rest = left >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << left) - 1;
        for (std::size_t s = 0; s + 1 < cs; ++s) {
          masks_[s * pw + w] = p.plane(col, s)[w];
          rest &= ~masks_[s * pw + w];
        }
        masks_[(cs - 1) * pw + w] = rest;
        for (std::size_t s = 0; s < cs; ++s) counts_[s * pw + w] = popcount(masks_[s * pw + w]);
      }
    }
    c.start.assign(1, 0);
    c.size.clear();
    c.code.clear();
    for (std::size_t g = 0; g < p.groups(); ++g) {
      for (std::size_t s = 0; s < cs; ++s) {
        std::uint32_t rows = 0;
        for (std::uint32_t w = p.start[g]; w < p.start[g + 1]; ++w) rows += counts_[s * pw + w];
        c.size.push_back(rows);
        c.code.push_back(p.code[g] + stride * static_cast<std::uint32_t>(s));
        c.start.push_back(c.start.back() + (rows + 63) / 64);
      }
    }
    c.lo = col + 1;
    c.words = c.start.back();
    // Not cleared: split_plane() writes every word of the planes read.
    c.planes.resize(std::max(c.planes.size(), (cols_.size() - c.lo) * kPlanes * c.words));
    for (std::size_t to = c.lo; to < cols_.size(); ++to) {
      for (std::size_t s = 0; s + 1 < cardinality(to); ++s) {
        split_plane(p, p.plane(to, s), cs, c, c.plane(to, s));
      }
    }
  }

  // Moves the bits of each group's rows of each state of the split into the child, a
  // word at a time: the bits gather in a register and every word of a child group,
  // the last one padded with zeros, is written once.
  LEARNBN_BMI2 void split_plane(const Level& p, const std::uint64_t* from, std::size_t cs,
                                const Level& c, std::uint64_t* to) const {
#ifdef LEARNBN_SPLIT_PLANES
    const std::size_t pw = p.words;
    for (std::size_t g = 0; g < p.groups(); ++g) {
      for (std::size_t s = 0; s < cs; ++s) {
        const std::uint64_t* mask = masks_.data() + s * pw;
        const std::uint32_t* count = counts_.data() + s * pw;
        std::uint64_t* out = to + c.start[g * cs + s];
        std::uint64_t held = 0;  // the bits not yet written, `fill` of them
        std::uint32_t fill = 0;
        for (std::uint32_t w = p.start[g]; w < p.start[g + 1]; ++w) {
          const std::uint64_t bits = _pext_u64(from[w], mask[w]);
          const std::uint32_t k = count[w];
          held |= bits << fill;  // fill < 64
          fill += k;
          if (fill >= 64) {
            *out++ = held;
            fill -= 64;
            held = fill ? bits >> (k - fill) : 0;
          }
        }
        if (fill) *out = held;
      }
    }
#endif
  }

  struct Window {  // count()'s arguments
    std::size_t v;
    std::uint32_t stride_v;
    std::size_t first, last_states;
    const char* live;
    std::uint32_t xy_cells;
    std::uint32_t* out;
  };

  // The cells of group g's bases (x, y, z'', v = a) in the window's counts, nullptr where
  // z' is not live; false when none is.
  bool live_cells(const Level& f, std::size_t g, const Window& w, std::size_t cv,
                  std::size_t states, std::size_t width, std::uint32_t** cell) const {
    bool any = false;
    for (std::size_t a = 0; a < cv; ++a) {
      const std::uint32_t base = f.code[g] + w.stride_v * static_cast<std::uint32_t>(a);
      const bool live = !w.live || w.live[base / w.xy_cells];
      cell[a] = live ? w.out + base * states * width : nullptr;
      any |= live;
    }
    return any;
  }

  // count()'s work group by group, lane by lane: a lane's counts of a group stay in
  // registers, and the lanes' cells of one base lie side by side. P > 0: v and every
  // candidate of the window have P + 1 states (else read at run time). Lanes past the
  // last candidate are not written: their statistics are not read.
  template <std::size_t Width, std::size_t P>
  LEARNBN_BMI2 void by_group(const Window& w) {
    const Level& f = levels_.back();
    const std::size_t m = cols_.size() - 2, real = std::min(Width, m - w.first);
    const std::size_t cv = P ? P + 1 : cardinality(w.v + 2), states = P ? P + 1 : w.last_states;
    const std::uint64_t* vp[kPlanes];
    const std::uint64_t* cp[Width][kPlanes];
    std::size_t cc[Width];
    for (std::size_t a = 0; a + 1 < cv; ++a) vp[a] = f.plane(w.v + 2, a);
    for (std::size_t k = 0; k < real; ++k) {
      cc[k] = P ? P + 1 : cardinality(w.first + k + 2);
      for (std::size_t b = 0; b + 1 < states; ++b) cp[k][b] = f.plane(w.first + k + 2, b);
    }
    const std::size_t groups = f.groups();
    for (std::size_t g = 0; g < groups; ++g) {
      std::uint32_t* cell[kPlanes + 1];  // of each state a of v
      if (!live_cells(f, g, w, cv, states, Width, cell)) continue;
      for (std::size_t k = 0; k < real; ++k) {
        std::uint32_t n[kPlanes + 1][kPlanes + 1] = {};
        lane<P>(f.start[g], f.start[g + 1], vp, cv, cp[k], states, n);
        for (std::size_t a = 0; a < cv; ++a) {
          if (!cell[a]) continue;
          std::uint32_t rest = sizes_[f.code[g] + w.stride_v * a];
          for (std::size_t b = 0; b < states; ++b) {
            const std::uint32_t value = b + 1 < cc[k] ? n[a][b] : b + 1 == cc[k] ? rest : 0;
            rest -= b + 1 < cc[k] ? value : 0;
            cell[a][b * Width + k] = value;
          }
        }
      }
    }
  }

#ifdef LEARNBN_SPLIT_PLANES
  // The two planes of the last level's columns word by word: row (word, s) holds the
  // columns from lo side by side, then 8 zero words, so that 8 lanes load at once.
  void transpose_last() {
    if (by_word_ready_) return;
    by_word_ready_ = true;
    const Level& f = levels_.back();
    const std::size_t cols = cols_.size() - f.lo;
    by_word_stride_ = cols + 8;
    by_word_.assign(f.words * 2 * by_word_stride_, 0);
    for (std::size_t col = 0; col < cols; ++col) {
      for (std::size_t s = 0; s < 2; ++s) {
        const std::uint64_t* plane = f.plane(f.lo + col, s);
        std::uint64_t* to = by_word_.data() + s * by_word_stride_ + col;
        const std::size_t step = 2 * by_word_stride_;
        for (std::size_t word = 0; word < f.words; ++word) to[word * step] = plane[word];
      }
    }
  }

  // by_group<Width, 2>() 8 lanes at a time in AVX-512 (popcounts of 8 words at once).
  template <std::size_t Width>
  __attribute__((target("avx512f,avx512vpopcntdq"))) void by_lanes(const Window& w) {
    transpose_last();
    const Level& f = levels_.back();
    const std::size_t m = cols_.size() - 2, real = std::min(Width, m - w.first);
    const std::uint64_t *v0 = f.plane(w.v + 2, 0), *v1 = f.plane(w.v + 2, 1);
    const std::size_t groups = f.groups(), stride = by_word_stride_;
    const std::uint64_t* lanes = by_word_.data() + (w.first + 2 - f.lo);
    for (std::size_t g = 0; g < groups; ++g) {
      std::uint32_t* cell[3];  // of each state a of v
      if (!live_cells(f, g, w, 3, 3, Width, cell)) continue;
      for (std::size_t k = 0; k < real; k += 8) {
        const __mmask8 store = real - k >= 8 ? 0xFF : static_cast<__mmask8>((1u << (real - k)) - 1);
        __m512i n00 = _mm512_setzero_si512(), n01 = n00, n10 = n00, n11 = n00, c0 = n00, c1 = n00;
        for (std::uint32_t word = f.start[g]; word < f.start[g + 1]; ++word) {
          const __m512i a0 = _mm512_set1_epi64(static_cast<long long>(v0[word]));
          const __m512i a1 = _mm512_set1_epi64(static_cast<long long>(v1[word]));
          const std::uint64_t* row = lanes + word * 2 * stride + k;
          const __m512i b0 = _mm512_loadu_si512(row), b1 = _mm512_loadu_si512(row + stride);
          n00 = _mm512_add_epi64(n00, _mm512_popcnt_epi64(_mm512_and_si512(a0, b0)));
          n01 = _mm512_add_epi64(n01, _mm512_popcnt_epi64(_mm512_and_si512(a0, b1)));
          n10 = _mm512_add_epi64(n10, _mm512_popcnt_epi64(_mm512_and_si512(a1, b0)));
          n11 = _mm512_add_epi64(n11, _mm512_popcnt_epi64(_mm512_and_si512(a1, b1)));
          c0 = _mm512_add_epi64(c0, _mm512_popcnt_epi64(b0));
          c1 = _mm512_add_epi64(c1, _mm512_popcnt_epi64(b1));
        }
        // v's last state: c's rows less the other states'.
        const __m512i n20 = _mm512_sub_epi64(_mm512_sub_epi64(c0, n00), n10);
        const __m512i n21 = _mm512_sub_epi64(_mm512_sub_epi64(c1, n01), n11);
        const __m512i n[3][2] = {{n00, n01}, {n10, n11}, {n20, n21}};
        for (std::size_t a = 0; a < 3; ++a) {
          if (!cell[a]) continue;
          const __m512i size = _mm512_set1_epi64(sizes_[f.code[g] + w.stride_v * a]);
          const __m512i last = _mm512_sub_epi64(_mm512_sub_epi64(size, n[a][0]), n[a][1]);
          _mm512_mask_cvtepi64_storeu_epi32(cell[a] + k, store, n[a][0]);
          _mm512_mask_cvtepi64_storeu_epi32(cell[a] + Width + k, store, n[a][1]);
          _mm512_mask_cvtepi64_storeu_epi32(cell[a] + 2 * Width + k, store, last);
        }
      }
    }
  }
#endif

  // n[a][b]: the group's rows (words from .. to) of v state a and c state b, for the
  // states b of c but its last (planes cp, `states` at most). Runs of a whole size
  // (P > 0) keep them in registers.
  template <std::size_t P>
  LEARNBN_BMI2 __attribute__((always_inline)) static inline void lane(
      std::uint32_t from, std::uint32_t to, const std::uint64_t* const* vp, std::size_t cv,
      const std::uint64_t* const* cp, std::size_t states, std::uint32_t (*n)[kPlanes + 1]) {
    const std::size_t pv = P ? P : cv - 1, pc = P ? P : states - 1;
    for (std::uint32_t word = from; word < to; ++word) {
      for (std::size_t b = 0; b < pc; ++b) {
        const std::uint64_t c = cp[b][word];
        for (std::size_t a = 0; a < pv; ++a) n[a][b] += popcount(vp[a][word] & c);
        n[pv][b] += popcount(c);
      }
    }
    for (std::size_t b = 0; b < pc; ++b) {  // v's last state: c's rows less the others'
      for (std::size_t a = 0; a < pv; ++a) n[pv][b] -= n[a][b];
    }
  }

  const DataView* data_ = nullptr;
  std::unique_ptr<ColumnBits> column_bits_;  // the planes of data_'s columns, row order
  std::vector<int> cols_;               // x, y, then the candidates
  std::vector<std::size_t> split_;      // the column (in cols_) each level splits by
  std::vector<std::uint32_t> strides_;  // of the shared code, per split
  std::vector<Level> levels_;
  std::size_t ready_ = 0;  // levels_[0 .. ready_) hold
  bool sized_ = false;     // sizes_ are cell_sizes() of sized_v_ for the current grouping
  std::size_t sized_v_ = 0;
  std::vector<std::uint32_t> sizes_;
  std::vector<std::uint64_t> by_word_;  // transpose_last()
  std::size_t by_word_stride_ = 0;
  bool by_word_ready_ = false;
  std::vector<std::uint64_t> masks_;    // split_level(): per state and word
  std::vector<std::uint32_t> counts_;   // their bits
};

}  // namespace learnbn
