// Available cases of mixed data with missing cells: a compact copy of the rows observed on
// a given set of columns (discrete codes, continuous values and weights), as a complete
// mixed DataView on which the mi_cg test runs unchanged. A discrete cell is missing when
// its code is past the last state (see data.hpp), a continuous one when it is NaN (R's
// NA). The mixed counterpart of data/available_cases.hpp, which copies codes only.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../data/data.hpp"

namespace learnbn {

class MixedAvailableCases {
 public:
  explicit MixedAvailableCases(const DataView& full)
      : full_(full), column_missing_(full.n_vars(), -1) {}
  // Holds a reference to the data, and the view points into this object's buffers.
  MixedAvailableCases(const MixedAvailableCases&) = delete;
  MixedAvailableCases& operator=(const MixedAvailableCases&) = delete;

  bool any_missing(const std::vector<int>& vars) {
    for (int v : vars) if (column_has_missing(v)) return true;
    return false;
  }

  // The rows observed on all of `vars`: a view whose columns are copies of `vars`, in
  // that order, restricted to those rows. Valid until the next call.
  const DataView& select(const std::vector<int>& vars) {
    const std::size_t n = full_.n_rows;
    keep_.assign(n, 1);
    for (int v : vars) {
      if (!column_has_missing(v)) continue;
      for (std::size_t row = 0; row < n; ++row) if (missing(v, row)) keep_[row] = 0;
    }
    rows_.clear();
    for (std::size_t row = 0; row < n; ++row) if (keep_[row]) rows_.push_back(row);
    const std::size_t m = rows_.size();
    subset_ = DataView();
    subset_.n_rows = m;
    subset_.n_cases = static_cast<double>(m);
    if (full_.weights) {
      weights_.resize(m);
      double total = 0;
      for (std::size_t i = 0; i < m; ++i) total += weights_[i] = full_.weights[rows_[i]];
      subset_.weights = weights_.data();
      subset_.n_cases = total;
    }
    copy_columns(vars);
    return subset_;
  }

 private:
  bool missing(int v, std::size_t row) const {
    const Column& column = full_.columns[v];
    return column.real ? std::isnan(column.real[row]) : column.missing(column.code(row));
  }

  // Whether column v has a missing cell; found by one scan on first use.
  bool column_has_missing(int v) {
    signed char& flag = column_missing_[v];
    if (flag < 0) {
      bool any = false;
      for (std::size_t row = 0; row < full_.n_rows && !any; ++row) any = missing(v, row);
      flag = any;
    }
    return flag > 0;
  }

  // Codes are copied as ints (wide), whatever their storage in the full data.
  void copy_columns(const std::vector<int>& vars) {
    const std::size_t m = rows_.size();
    codes_.resize(vars.size());
    values_.resize(vars.size());
    for (std::size_t k = 0; k < vars.size(); ++k) {
      const Column& column = full_.columns[vars[k]];
      Column copy;
      copy.cardinality = column.cardinality;
      if (column.real) {
        values_[k].resize(m);
        for (std::size_t i = 0; i < m; ++i) values_[k][i] = column.real[rows_[i]];
        copy.real = values_[k].data();
      } else {
        codes_[k].resize(m);
        for (std::size_t i = 0; i < m; ++i) codes_[k][i] = column.code(rows_[i]);
        copy.wide = codes_[k].data();
      }
      subset_.columns.push_back(copy);
    }
  }

  const DataView& full_;
  std::vector<signed char> column_missing_;  // per column: -1 not yet known, else 0 or 1
  std::vector<char> keep_;
  std::vector<std::size_t> rows_;
  DataView subset_;
  std::vector<double> weights_;
  std::vector<std::vector<int>> codes_;
  std::vector<std::vector<double>> values_;
};

}  // namespace learnbn
