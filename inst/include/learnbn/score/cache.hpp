// Memos of family scores: single families keyed by (node, parent set), and rows of the
// families that add one parent to a (node, parent set).
//
// FamilyMap is an open-addressing table whose keys live in one array of ids: no
// allocation per entry, so a lookup or an insertion costs a hash and a short compare.
// Its ids are any range with begin(), end() and size() (a vector, a test's conditioning
// set in constraint/pc_result.hpp).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "../util/rng.hpp"

namespace learnbn {

template <class Value>
class FamilyMap {
 public:
  // Keys are sequences: `parents` must be sorted to stand for a parent set.
  template <class Ids = std::vector<int>>  // the default takes a braced list
  bool find(int node, const Ids& parents, Value& value) const {
    if (slots_.empty()) return false;
    const Slot& slot = slots_[locate(hash(node, parents), node, parents)];
    if (slot.length == 0) return false;
    value = slot.value;
    return true;
  }
  // Keeps the first value given for a family.
  template <class Ids = std::vector<int>>
  void insert(int node, const Ids& parents, Value value) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    const std::uint64_t h = hash(node, parents);
    Slot& slot = slots_[locate(h, node, parents)];
    if (slot.length != 0) return;
    slot.hash = h;
    slot.offset = keys_.size();
    slot.length = static_cast<std::uint32_t>(parents.size() + 1);
    slot.value = value;
    keys_.push_back(node);
    keys_.insert(keys_.end(), parents.begin(), parents.end());
    ++size_;
  }
  std::size_t size() const { return size_; }
  void clear() {
    slots_.clear();
    keys_.clear();
    size_ = 0;
  }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::uint64_t offset = 0;  // of the key (node, then parents) in keys_
    std::uint32_t length = 0;  // ids in the key; 0: an empty slot
    Value value{};
  };

  template <class Ids>
  static std::uint64_t hash(int node, const Ids& parents) {
    std::uint64_t h = mix64(static_cast<std::uint32_t>(node));
    for (int id : parents) h = mix64(h ^ static_cast<std::uint32_t>(id));
    return h;
  }

  // The index of the slot holding (node, parents), or of the empty slot where it would
  // go; the table must have slots.
  template <class Ids>
  std::size_t locate(std::uint64_t h, int node, const Ids& parents) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.length == 0 || (slot.hash == h && same_key(slot, node, parents))) return i;
    }
  }
  template <class Ids>
  bool same_key(const Slot& slot, int node, const Ids& parents) const {
    if (slot.length != parents.size() + 1 || keys_[slot.offset] != node) return false;
    return std::equal(parents.begin(), parents.end(),
                      keys_.begin() + static_cast<std::ptrdiff_t>(slot.offset) + 1);
  }

  void grow() {
    std::vector<Slot> old(std::max<std::size_t>(1024, 2 * slots_.size()));
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.length == 0) continue;
      std::size_t i = slot.hash & mask;
      while (slots_[i].length != 0) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;  // a power of two, at most half full
  std::vector<int> keys_;
  std::size_t size_ = 0;
};

// Scores of single families.
using ScoreCache = FamilyMap<double>;

// Rows of addition scores: the row of (node, base) holds at [e] the score of node with
// parents base + {e}, NaN until scored. Hill climbing rescores every addition to a node
// whose parents changed; when they return to a set seen before, one lookup finds them
// all, and storing a row's new scores is a write each, not a hash insertion each (which
// cost more than a small family's score, on the serial path).
class AdditionRows {
 public:
  explicit AdditionRows(int n_vars) : n_(n_vars) {}

  // The row of (node, sorted base), or nullptr.
  double* find(int node, const std::vector<int>& base) const {
    std::size_t r;
    return index_.find(node, base, r) ? rows_[r].get() : nullptr;
  }
  // The row of (node, sorted base), created empty if new; nullptr once `max_scores`
  // scores would be exceeded.
  double* find_or_add(int node, const std::vector<int>& base, std::size_t max_scores) {
    if (double* row = find(node, base)) return row;
    if ((rows_.size() + 1) * n_ > max_scores) return nullptr;
    rows_.emplace_back(new double[n_]);
    std::fill(rows_.back().get(), rows_.back().get() + n_,
              std::numeric_limits<double>::quiet_NaN());
    index_.insert(node, base, rows_.size() - 1);
    return rows_.back().get();
  }
  std::size_t rows() const { return rows_.size(); }

 private:
  int n_;
  FamilyMap<std::size_t> index_;
  std::vector<std::unique_ptr<double[]>> rows_;  // n_ scores each; the addresses stay put
};

}  // namespace learnbn
