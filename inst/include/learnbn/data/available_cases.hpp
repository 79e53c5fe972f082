// Available cases of discrete data with missing cells: a compact copy of the rows
// observed on a given set of columns (their codes and weights), as a complete DataView
// that any complete-data counter or test runs on unchanged. Used by the CI tests (each
// test on its own available cases) and for available-case family counts.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "data.hpp"

namespace learnbn {

class AvailableCases {
 public:
  explicit AvailableCases(const DataView& full) : full_(full), column_missing_(full.n_vars(), -1) {}
  // Holds a reference to the data, and the view points into this object's buffers.
  AvailableCases(const AvailableCases&) = delete;
  AvailableCases& operator=(const AvailableCases&) = delete;

  // Whether column v has a missing cell; found by one scan on first use.
  bool column_has_missing(int v) {
    signed char& flag = column_missing_[v];
    if (flag < 0) {
      const Column& column = full_.columns[v];
      bool any = false;
      column.for_each(full_.n_rows, [&](std::size_t, int code) { any |= column.missing(code); });
      flag = any;
    }
    return flag > 0;
  }

  bool any_missing(const std::vector<int>& vars) {
    for (int v : vars) if (column_has_missing(v)) return true;
    return false;
  }

  // The rows observed on all of `vars`: a view whose columns are copies of `vars`, in
  // that order, restricted to those rows (with their weights; n_cases is their sum).
  // Valid until the next call.
  const DataView& select(const std::vector<int>& vars) {
    const std::size_t n = full_.n_rows;
    keep_.assign(n, 1);
    for (int v : vars) {
      if (!column_has_missing(v)) continue;
      const Column& column = full_.columns[v];
      column.for_each(n, [&](std::size_t row, int code) {
        if (column.missing(code)) keep_[row] = 0;
      });
    }
    rows_.clear();
    for (std::size_t row = 0; row < n; ++row) if (keep_[row]) rows_.push_back(row);
    const std::size_t m = rows_.size();
    subset_ = DataView();
    subset_.n_rows = m;
    subset_.n_cases = static_cast<double>(m);
    if (full_.weights) {
      subset_weights_.resize(m);
      double total = 0;
      for (std::size_t i = 0; i < m; ++i) total += subset_weights_[i] = full_.weights[rows_[i]];
      subset_.weights = subset_weights_.data();
      subset_.n_cases = total;
    }
    columns_.copy(full_, vars, rows_, subset_);
    return subset_;
  }

 private:
  const DataView& full_;
  std::vector<signed char> column_missing_;  // per column: -1 not yet known, else 0 or 1
  std::vector<char> keep_;
  std::vector<std::size_t> rows_;
  DataView subset_;
  std::vector<double> subset_weights_;
  ColumnCopies columns_;
};

}  // namespace learnbn
