// Memo of family scores keyed by (node, parent set).
//
// An open-addressing table whose keys live in one array of ids: no allocation per
// entry, so a lookup or an insertion costs a hash and a short compare. Hill climbing
// looks up every candidate family of a rescored node, so this sits on its serial path.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "../util/rng.hpp"

namespace learnbn {

class ScoreCache {
 public:
  // `parents` must be sorted: a parent set, not a sequence.
  bool find(int node, const std::vector<int>& parents, double& score) {
    const std::uint64_t h = hash(node, parents);
    const Slot* slot = locate(h, node, parents);
    if (!slot || slot->length == 0) { ++misses_; return false; }
    ++hits_;
    score = slot->score;
    return true;
  }
  // Keeps the first score given for a family.
  void insert(int node, const std::vector<int>& parents, double score) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    const std::uint64_t h = hash(node, parents);
    Slot* slot = locate(h, node, parents);
    if (slot->length != 0) return;
    slot->hash = h;
    slot->offset = keys_.size();
    slot->length = static_cast<std::uint32_t>(parents.size() + 1);
    slot->score = score;
    keys_.push_back(node);
    keys_.insert(keys_.end(), parents.begin(), parents.end());
    ++size_;
  }
  std::size_t size() const { return size_; }
  std::size_t hits() const { return hits_; }
  std::size_t misses() const { return misses_; }
  void clear() {
    slots_.clear();
    keys_.clear();
    size_ = hits_ = misses_ = 0;
  }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::uint64_t offset = 0;  // of the key (node, then parents) in keys_
    std::uint32_t length = 0;  // ids in the key; 0: an empty slot
    double score = 0;
  };

  static std::uint64_t hash(int node, const std::vector<int>& parents) {
    std::uint64_t h = mix64(static_cast<std::uint32_t>(node));
    for (int id : parents) h = mix64(h ^ static_cast<std::uint32_t>(id));
    return h;
  }

  // The slot holding (node, parents), or the empty slot where it would go; nullptr
  // when the table has no slots yet.
  Slot* locate(std::uint64_t h, int node, const std::vector<int>& parents) {
    if (slots_.empty()) return nullptr;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.length == 0) return &slot;
      if (slot.hash == h && same_key(slot, node, parents)) return &slot;
    }
  }
  bool same_key(const Slot& slot, int node, const std::vector<int>& parents) const {
    if (slot.length != parents.size() + 1 || keys_[slot.offset] != node) return false;
    return std::equal(parents.begin(), parents.end(), keys_.begin() + static_cast<std::ptrdiff_t>(slot.offset) + 1);
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
  std::size_t size_ = 0, hits_ = 0, misses_ = 0;
};

}  // namespace learnbn
