// Available cases of data with missing cells: a compact copy of the rows observed on a
// given set of columns (their codes or values, and weights), as a complete DataView that
// any complete-data counter or test runs on unchanged. A discrete cell is missing when its
// code is past the last state (see data.hpp), a continuous one when it is NaN (R's NA).
// Used by the CI tests (each test on its own available cases, mi_cg on mixed data
// included) and for available-case family counts.
#pragma once
#include <cmath>
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
      bool any = false;
      for_each_missing(v, [&](std::size_t) { any = true; });
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
      if (column_has_missing(v)) for_each_missing(v, [&](std::size_t row) { keep_[row] = 0; });
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
    copy_columns(vars);
    return subset_;
  }

 private:
  // Calls f(row) for each row whose cell of column v is missing.
  template <class F>
  void for_each_missing(int v, F&& f) const {
    const Column& column = full_.columns[v];
    if (column.real) {
      for (std::size_t row = 0; row < full_.n_rows; ++row) if (std::isnan(column.real[row])) f(row);
      return;
    }
    column.for_each(full_.n_rows, [&](std::size_t row, int code) {
      if (column.missing(code)) f(row);
    });
  }

  // Codes through ColumnCopies (in their own storage); continuous values, which it does
  // not hold, copied here. subset_.columns keeps the order of `vars`.
  void copy_columns(const std::vector<int>& vars) {
    discrete_.clear();
    for (int v : vars) if (!full_.columns[v].real) discrete_.push_back(v);
    columns_.copy(full_, discrete_, rows_, codes_);
    values_.resize(vars.size());
    std::size_t next_code = 0;
    for (std::size_t k = 0; k < vars.size(); ++k) {
      const Column& column = full_.columns[vars[k]];
      if (!column.real) {
        subset_.columns.push_back(codes_.columns[next_code++]);
        continue;
      }
      values_[k].resize(rows_.size());
      for (std::size_t i = 0; i < rows_.size(); ++i) values_[k][i] = column.real[rows_[i]];
      Column copy;
      copy.real = values_[k].data();
      subset_.columns.push_back(copy);
    }
  }

  const DataView& full_;
  std::vector<signed char> column_missing_;  // per column: -1 not yet known, else 0 or 1
  std::vector<char> keep_;
  std::vector<std::size_t> rows_;
  DataView subset_;
  std::vector<double> subset_weights_;
  ColumnCopies columns_;
  DataView codes_;                          // the discrete columns' copies
  std::vector<int> discrete_;
  std::vector<std::vector<double>> values_;  // the continuous columns' copies
};

}  // namespace learnbn
