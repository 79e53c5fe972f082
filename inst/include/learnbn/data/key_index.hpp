// Renumbering 64-bit keys to the ones observed: the hashing behind every count that
// keeps only the observed configurations (the sparse counts, the base configurations
// of Counter::set_base, the three-way tables of the discrete CI tests).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../util/rng.hpp"
#include "data.hpp"

namespace learnbn {

// Maps 64-bit keys to consecutive ids 0, 1, 2, ... in order of first appearance. A slot
// holds the reset() it was filled after, so a reset clears nothing unless the table changes
// size (a base of boss()'s trees cleared 2 * rows slots each time).
class KeyIndex {
 public:
  void reset(std::size_t expected_keys) {
    std::size_t capacity = 16;
    while (capacity < 2 * expected_keys) capacity *= 2;
    if (capacity != slots_.size() || ++epoch_ == 0) {
      slots_.assign(capacity, Slot());
      epoch_ = 1;
    }
    mask_ = capacity - 1;
    size_ = 0;
  }
  std::uint32_t id(std::uint64_t key) {
    std::size_t slot = mix(key) & mask_;
    while (slots_[slot].epoch == epoch_) {
      if (slots_[slot].key == key) return slots_[slot].id;
      slot = (slot + 1) & mask_;
    }
    slots_[slot] = Slot{key, static_cast<std::uint32_t>(size_), epoch_};
    return static_cast<std::uint32_t>(size_++);
  }
  std::size_t size() const { return size_; }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t id = 0;
    std::uint32_t epoch = 0;  // the reset() it was filled after; 0: never
  };
  static std::size_t mix(std::uint64_t key) { return static_cast<std::size_t>(mix64(key)); }
  std::vector<Slot> slots_;
  std::uint32_t epoch_ = 0;
  std::size_t mask_ = 0, size_ = 0;
};

// Combines the codes of columns `vars` into one configuration id per row: a mixed-radix
// index (first column fastest) while it stays below `dense_limit`, then renumbered
// through `index` to the combinations observed so far, so ids never exceed the rows.
// Returns the number of ids in use.
inline double combine_columns(const DataView& data, const int* vars, std::size_t n_vars,
                              double dense_limit, KeyIndex& index,
                              std::vector<std::uint32_t>& ids) {
  const std::size_t n = data.n_rows;
  ids.assign(n, 0);
  std::uint32_t* id = ids.data();
  double n_ids = 1;
  for (std::size_t v = 0; v < n_vars; ++v) {
    const Column& column = data.columns[vars[v]];
    if (n_ids * column.cardinality <= dense_limit) {
      column.mix_into(n, 1, static_cast<std::uint32_t>(n_ids), id);
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

}  // namespace learnbn
