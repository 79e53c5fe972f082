// Interventional data: the rows where each variable was set by intervention. Such rows
// say nothing about the variable's own conditional distribution (they do about the
// others'), so its family is scored on the other rows only: the mutilated scores of
// Cooper and Yoo (1999) and Hauser and Buhlmann (2012). ObservedRows is the complete
// view of those other rows, on which every counter and Gaussian model runs unchanged.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "data.hpp"
#include "gaussian_stats.hpp"

namespace learnbn {

struct Interventions {
  // By variable: the sorted 0-based rows where it was set by intervention (empty: none).
  std::vector<std::vector<std::size_t>> rows;

  bool intervened(int v) const {
    return static_cast<std::size_t>(v) < rows.size() && !rows[v].empty();
  }
};

// The rows of `data` where `node` was not set by intervention: every column copied (a
// family may take any parents), with the rows' weights, and for continuous data their
// sufficient statistics (so a Gaussian family is regressed on those rows alone).
class ObservedRows {
 public:
  ObservedRows(const DataView& data, int node) {
    if (data.expected || data.fold || data.has_missing) {
      throw std::invalid_argument(
          "interventions need complete data without folds or expected rows");
    }
    const std::vector<std::size_t>& set = data.interventions->rows[node];
    std::vector<std::size_t> rows;
    rows.reserve(data.n_rows - set.size());
    std::size_t next = 0;
    for (std::size_t row = 0; row < data.n_rows; ++row) {
      if (next < set.size() && set[next] == row) { ++next; continue; }
      rows.push_back(row);
    }
    view_.n_rows = rows.size();
    weights_.resize(rows.size());
    double total = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) total += weights_[i] = data.weight(rows[i]);
    view_.n_cases = total;
    if (data.weights) view_.weights = weights_.data();
    if (data.gaussian()) copy_values(data, rows); else copy_codes(data, rows);
  }
  // view_ points into this object's buffers.
  ObservedRows(const ObservedRows&) = delete;
  ObservedRows& operator=(const ObservedRows&) = delete;

  const DataView& view() const { return view_; }

 private:
  void copy_codes(const DataView& data, const std::vector<std::size_t>& rows) {
    std::vector<int> vars(data.n_vars());
    for (std::size_t v = 0; v < vars.size(); ++v) vars[v] = static_cast<int>(v);
    codes_.copy(data, vars, rows, view_);
  }

  void copy_values(const DataView& data, const std::vector<std::size_t>& rows) {
    values_.resize(data.n_vars());
    std::vector<const double*> columns;
    for (std::size_t v = 0; v < data.n_vars(); ++v) {
      values_[v].resize(rows.size());
      for (std::size_t i = 0; i < rows.size(); ++i) values_[v][i] = data.columns[v].real[rows[i]];
      Column column;
      column.real = values_[v].data();
      view_.columns.push_back(column);
      columns.push_back(values_[v].data());
    }
    stats_ = gaussian_stats(columns, rows.size(), view_.weights);
    view_.correlation = stats_.correlation.data();
    view_.sd = stats_.sds.data();
  }

  DataView view_;
  std::vector<double> weights_;
  ColumnCopies codes_;
  std::vector<std::vector<double>> values_;
  GaussianStats stats_;
};

}  // namespace learnbn
