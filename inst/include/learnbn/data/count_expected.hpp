// Counting on expected rows (DataView::expected, structural EM): each family is first
// expanded to complete weighted rows (expected_rows.hpp), then counted like complete
// data: straight into a dense table when it is small, otherwise by an inner Counter
// over the expansion (Counter::count).
#pragma once
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "data.hpp"
#include "expected_rows.hpp"

namespace learnbn {

class ExpectedCount {
 public:
  explicit ExpectedCount(const DataView& data) : data_(data) {}
  ExpectedCount(const ExpectedCount&) = delete;
  ExpectedCount& operator=(const ExpectedCount&) = delete;

  // Adds the family's expected counts to `table` (the node's state fastest, then its
  // parents in order: q_i * r_i cells, zero on entry).
  void add_dense(int node, const int* parents, std::size_t n_parents, std::vector<double>& table) {
    set_family(node, parents, n_parents);
    expander_.add_dense(data_, *data_.expected, family_.data(), family_.size(), table);
  }

  // The family's expansion as complete weighted rows: the node in column 0, its
  // parents in columns parents() (1, 2, ...). Valid until the next call.
  const DataView& expand(int node, const int* parents, std::size_t n_parents) {
    set_family(node, parents, n_parents);
    expander_.expand(data_, *data_.expected, family_.data(), family_.size(), codes_, weights_);
    expanded_.columns.resize(family_.size());
    for (std::size_t i = 0; i < family_.size(); ++i) {
      expanded_.columns[i] = Column();
      expanded_.columns[i].wide = codes_[i].data();
      expanded_.columns[i].cardinality = data_.columns[family_[i]].cardinality;
    }
    expanded_.weights = weights_.data();
    expanded_.n_rows = weights_.size();
    expanded_.n_cases = data_.n_cases;
    parents_.resize(n_parents);
    for (std::size_t p = 0; p < n_parents; ++p) parents_[p] = static_cast<int>(p + 1);
    return expanded_;
  }
  const std::vector<int>& parents() const { return parents_; }

 private:
  void set_family(int node, const int* parents, std::size_t n_parents) {
    if (data_.fold) throw std::invalid_argument("expected counts do not support folds");
    family_.assign(1, node);
    family_.insert(family_.end(), parents, parents + n_parents);
  }

  const DataView& data_;
  FamilyExpander expander_;
  std::vector<int> family_, parents_;
  std::vector<std::vector<int>> codes_;
  std::vector<double> weights_;
  DataView expanded_;
};

}  // namespace learnbn
