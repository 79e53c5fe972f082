// The prefixes of node orders that the permutation searches (boss.hpp, grasp.hpp) ask the
// grow-shrink trees (grow_shrink.hpp) about, as bitsets, and what a tree node remembers of
// the prefixes it has seen.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace learnbn {

// A set of nodes as a bitset of 64-bit words.
using NodeBits = std::vector<std::uint64_t>;
inline std::size_t node_words(int n) { return (static_cast<std::size_t>(n) + 63) / 64; }
inline bool has_bit(const std::uint64_t* bits, int u) { return (bits[u >> 6] >> (u & 63)) & 1u; }
inline void set_bit(std::uint64_t* bits, int u) { bits[u >> 6] |= std::uint64_t(1) << (u & 63); }

// The predecessors a family may draw its parents from: the members of `bits` (a set of
// node_words() words, owned by a PrefixSets), and node `extra` unless it is -1.
struct Prefix {
  const std::uint64_t* bits = nullptr;
  int extra = -1;
  std::uint64_t sets = 0;  // the PrefixSets it comes from
  bool contains(int u) const { return u == extra || has_bit(bits, u); }
};

// The prefixes of a sequence of nodes, as bitsets: set(j) holds seq[0], ..., seq[j - 1],
// for j in [first, last].
class PrefixSets {
 public:
  PrefixSets(const std::vector<int>& seq, int n, int first, int last)
      : words_(node_words(n)), first_(first), id_(next_id()),
        bits_(words_ * static_cast<std::size_t>(std::max(0, last - first + 1)), 0) {
    if (last < first) return;
    std::uint64_t* at = bits_.data();
    for (int i = 0; i < first; ++i) set_bit(at, seq[i]);
    for (int j = first + 1; j <= last; ++j, at += words_) {
      std::copy(at, at + words_, at + words_);
      set_bit(at + words_, seq[j - 1]);
    }
  }
  Prefix prefix(int j, int extra = -1) const {
    return Prefix{bits_.data() + static_cast<std::size_t>(j - first_) * words_, extra, id_};
  }

 private:
  // Ids tell the sets apart even when one is allocated where an earlier one was.
  static std::uint64_t next_id() {
    static thread_local std::uint64_t last = 0;
    return ++last;
  }
  std::size_t words_;
  int first_;
  std::uint64_t id_;
  NodeBits bits_;
};

// The prefixes of one PrefixSets known to lie within a set that only grows: set(j) lies
// within set(j') for j <= j', so the largest j seen (with and without one extra node)
// stands for all.
struct PrefixMemo {
  std::uint64_t sets = 0;
  const std::uint64_t* plain = nullptr;  // the largest set seen without an extra
  const std::uint64_t* with = nullptr;   // ... and with `extra`
  int extra = -1;

  bool covers(const Prefix& p) const {
    if (p.sets != sets) return false;
    if (with && p.bits <= with && (p.extra < 0 || p.extra == extra)) return true;
    return p.extra < 0 && plain && p.bits <= plain;
  }
  void add(const Prefix& p) {
    if (p.sets != sets) *this = PrefixMemo{p.sets};
    if (p.extra < 0) {
      if (!plain || p.bits > plain) plain = p.bits;
      return;
    }
    if (p.extra != extra) {
      with = nullptr;
      extra = p.extra;
    }
    if (!with || p.bits > with) with = p.bits;
  }
};

}  // namespace learnbn
