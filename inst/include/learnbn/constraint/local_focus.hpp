// The distinct rows of a few byte-coded columns (constraint/local_batch.hpp's focus):
// MMPC's backward phase tests a target against its few members given the others, and
// over those columns the 20,000 rows of alarm, insurance or hailfinder are tens to a few
// hundred distinct rows. Each row's mixed-radix configuration indexes a table of slots
// directly (the configurations of a few columns are few), which is a fraction of the
// cost of data/distinct_rows.hpp's hashing, and the rows are numbered by first
// appearance as there, weighted by the cases they stand for.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../data/data.hpp"

namespace learnbn {

class FocusRows {
 public:
  // Largest number of configurations indexed directly (a table of 4 MB).
  static constexpr double kMaxConfigurations = 1 << 20;

  FocusRows() = default;
  FocusRows(const FocusRows&) = delete;  // the view points into this object's buffers
  FocusRows& operator=(const FocusRows&) = delete;

  // The distinct rows of the columns `vars` of complete byte-coded `data` (column k of
  // the view is vars[k]), with the data's n_cases. False, leaving nothing usable, when
  // a column is not byte-coded, the configurations are too many, or more than
  // max_fraction * n_rows rows are distinct.
  bool build(const DataView& data, const std::vector<int>& vars, double max_fraction) {
    view_ = DataView();
    if (!code_rows(data, vars)) return false;
    const std::size_t n = data.n_rows;
    const double limit = max_fraction * static_cast<double>(n);
    first_row_.clear();
    weights_.clear();
    bool fits = true;
    for (std::size_t row = 0; row < n; ++row) {
      std::uint32_t& slot = slot_[code_[row]];
      if (slot == 0) {
        if (static_cast<double>(first_row_.size()) + 1 > limit) {
          fits = false;
          break;
        }
        first_row_.push_back(static_cast<std::uint32_t>(row));
        weights_.push_back(0.0);
        slot = static_cast<std::uint32_t>(first_row_.size());
      }
      weights_[slot - 1] += data.weight(row);  // whole numbers: exact in any order
    }
    for (std::uint32_t row : first_row_) slot_[code_[row]] = 0;  // ready for the next
    if (!fits) return false;
    copy_columns(data, vars);
    return true;
  }

  const DataView& view() const { return view_; }

 private:
  // code_[row]: the configuration of `vars` in `row` (first variable fastest).
  bool code_rows(const DataView& data, const std::vector<int>& vars) {
    double configurations = 1;
    for (int v : vars) {
      if (!data.columns[v].small) return false;
      configurations *= data.columns[v].cardinality;
    }
    if (configurations > kMaxConfigurations) return false;
    if (slot_.size() < configurations) slot_.resize(static_cast<std::size_t>(configurations), 0);
    const std::size_t n = data.n_rows;
    if (vars.empty()) {
      code_.assign(n, 0);
      return true;
    }
    const std::uint8_t* first = data.columns[vars[0]].small;
    code_.assign(first, first + n);
    std::uint32_t stride = static_cast<std::uint32_t>(data.columns[vars[0]].cardinality);
    std::size_t k = 1;
    for (; k + 1 < vars.size(); k += 2) {  // two variables a pass: fewer passes
      const std::uint8_t* a = data.columns[vars[k]].small;
      const std::uint8_t* b = data.columns[vars[k + 1]].small;
      const std::uint32_t na = static_cast<std::uint32_t>(data.columns[vars[k]].cardinality);
      std::uint32_t* code = code_.data();
      for (std::size_t row = 0; row < n; ++row) code[row] += (a[row] + b[row] * na) * stride;
      stride *= na * static_cast<std::uint32_t>(data.columns[vars[k + 1]].cardinality);
    }
    if (k < vars.size()) {
      const std::uint8_t* c = data.columns[vars[k]].small;
      std::uint32_t* code = code_.data();
      for (std::size_t row = 0; row < n; ++row) code[row] += c[row] * stride;
    }
    return true;
  }

  void copy_columns(const DataView& data, const std::vector<int>& vars) {
    const std::size_t m = first_row_.size();
    columns_.resize(vars.size());
    for (std::size_t k = 0; k < vars.size(); ++k) {
      const Column& from = data.columns[vars[k]];
      columns_[k].resize(m);
      for (std::size_t i = 0; i < m; ++i) columns_[k][i] = from.small[first_row_[i]];
      Column copy;
      copy.small = columns_[k].data();
      copy.cardinality = from.cardinality;
      view_.columns.push_back(copy);
    }
    view_.n_rows = m;
    view_.n_cases = data.n_cases;
    view_.weights = weights_.data();
  }

  std::vector<std::uint32_t> code_, slot_, first_row_;  // slot_: 1 + row id, 0 unseen
  std::vector<double> weights_;
  std::vector<std::vector<std::uint8_t>> columns_;
  DataView view_;
};

}  // namespace learnbn
