// The base of Counter::set_base(): a node and its base parents, scored against many
// candidate extra parents. Each row's base cell (base configuration * r_i + the node's
// state) is combined once, on first use, the base configurations renumbered to the
// observed ones when their table is large; the count_plus paths (count_bits.hpp,
// count_groups.hpp, count_window.hpp and DenseTally) count base + {extra} from them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "data.hpp"
#include "family_counts.hpp"
#include "key_index.hpp"

namespace learnbn {

class FamilyBase {
 public:
  // `index` is the Counter's renumbering scratch, shared with the sparse path.
  FamilyBase(const DataView& data, double dense_limit, KeyIndex& index)
      : data_(data), dense_limit_(dense_limit), index_(index) {}
  FamilyBase(const FamilyBase&) = delete;
  FamilyBase& operator=(const FamilyBase&) = delete;

  void set(int node, const int* parents, std::size_t n_parents) {
    node_ = node;
    parents_.assign(parents, parents + n_parents);
    total_ = parent_configs(data_, parents, n_parents);
    rows_ready_ = false;
    cell_rows_ready_ = false;
    // Every configuration of a base within the dense limit is its own id, so the cells of
    // the rows can wait until a path needs them (bit sets do not: see BitCount).
    if (total_ <= dense_limit_) {
      configs_ = total_;
    } else {
      rows();
    }
  }

  int node() const { return node_; }
  const std::vector<int>& parents() const { return parents_; }
  double total() const { return total_; }            // all configurations of the base parents
  double configs() const { return configs_; }        // ids in use in rows()
  bool dense() const { return configs_ == total_; }  // else ids are not mixed-radix indices

  // The base cell of each row, combined on first use.
  const std::uint32_t* rows() {
    if (rows_ready_) return rows_.data();
    configs_ =
        combine_columns(data_, parents_.data(), parents_.size(), dense_limit_, index_, rows_);
    rows_ready_ = true;
    const std::uint32_t states = static_cast<std::uint32_t>(data_.columns[node_].cardinality);
    // Larger base tables never reach the one-pass count (see Counter::count_plus), and
    // their cell index could overflow.
    if (configs_ * states > kMaxDenseCells) return rows_.data();
    data_.columns[node_].mix_into(data_.n_rows, states, 1, rows_.data());
    return rows_.data();
  }

  // The rows in each base cell (a table of configs() * r_i cells), counted on first use
  // in kCopies tables, row i in table i % kCopies: rows in one cell, common in skewed
  // data, would each wait on the previous row's increment.
  const std::uint32_t* cell_rows() {
    constexpr std::size_t kCopies = 4;
    if (cell_rows_ready_) return cell_rows_.data();
    const std::uint32_t* cell = rows();
    const std::size_t cells =
        static_cast<std::size_t>(configs_) * data_.columns[node_].cardinality;
    cell_rows_.assign(kCopies * cells, 0);
    std::uint32_t* copy[kCopies];
    for (std::size_t c = 0; c < kCopies; ++c) copy[c] = cell_rows_.data() + c * cells;
    const std::size_t n = data_.n_rows, whole = n - n % kCopies;
    for (std::size_t row = 0; row < whole; row += kCopies) {
      for_each_index(std::make_index_sequence<kCopies>{},
                     [&](std::size_t c) { ++copy[c][cell[row + c]]; });
    }
    for (std::size_t row = whole; row < n; ++row) ++copy[0][cell[row]];
    for (std::size_t c = 1; c < kCopies; ++c) {
      for (std::size_t i = 0; i < cells; ++i) copy[0][i] += copy[c][i];
    }
    cell_rows_ready_ = true;
    return cell_rows_.data();
  }

 private:
  const DataView& data_;
  const double dense_limit_;
  KeyIndex& index_;
  int node_ = -1;
  std::vector<int> parents_;
  double total_ = 1;
  double configs_ = 1;
  bool rows_ready_ = false;
  std::vector<std::uint32_t> rows_;  // base cell of each row
  bool cell_rows_ready_ = false;
  std::vector<std::uint32_t> cell_rows_;  // rows of each base cell
};

}  // namespace learnbn
