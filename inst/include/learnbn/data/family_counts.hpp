// The counts N_ijk of a family (node state k, parent configuration j) as every counting
// path (count_*.hpp) returns them, and the helpers that list their cells and fold counts.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "data.hpp"

namespace learnbn {

// Largest dense table a caller may force (BDe needs the full configuration index).
constexpr double kMaxDenseCells = 1 << 27;

struct FamilyCounts {
  int states = 0;             // r_i
  double parent_configs = 1;  // q_i, every configuration of the parents (may exceed 2^64)
  bool dense = true;          // config ids are the mixed-radix index of the parents' codes
  // The non-zero cells: N_ijk, the id of configuration j, and the state k.
  std::vector<double> cell_count;
  std::vector<std::uint32_t> cell_config;
  std::vector<std::uint32_t> cell_state;
  // N_ij by configuration id (dense: all q_i ids; sparse: the observed ones).
  std::vector<double> config_total;
  // Only when the data have folds (DataView::fold): the counts of each test fold f,
  // fold fastest: cell_fold_count[cell * n_folds + f], config_fold_total[j * n_folds + f].
  int n_folds = 0;
  std::vector<double> cell_fold_count;
  std::vector<double> config_fold_total;
  // Configurations seen in exactly one row (unweighted) that are not listed above: only
  // Counter::count_plus(..., singletons_apart = true) leaves them out (see there).
  double singleton_configs = 0;
};

// q_i: every configuration of the parents (as a double: it may exceed 2^64).
inline double parent_configs(const DataView& data, const int* parents, std::size_t n_parents) {
  double q = 1;
  for (std::size_t p = 0; p < n_parents; ++p) q *= data.columns[parents[p]].cardinality;
  return q;
}

// f(0), ..., f(K - 1), unrolled.
template <std::size_t... K, class F>
inline void for_each_index(std::index_sequence<K...>, F&& f) {
  (f(K), ...);
}

inline void clear_cells(FamilyCounts& out) {
  out.cell_count.clear();
  out.cell_config.clear();
  out.cell_state.clear();
}

inline void push_cell(FamilyCounts& out, double count, std::size_t config, std::size_t state) {
  out.cell_count.push_back(count);
  out.cell_config.push_back(static_cast<std::uint32_t>(config));
  out.cell_state.push_back(static_cast<std::uint32_t>(state));
  out.config_total[config] += count;
}

// The non-zero cells of a dense table of q configurations of `states` cells each
// (configuration-major), in table order.
template <class Count>
inline void collect_cells(const Count* table, std::size_t q, std::size_t states,
                          FamilyCounts& out) {
  out.dense = true;
  out.config_total.assign(q, 0.0);
  // Every cell is written and the next one listed after it only if non-zero: without
  // push_back() or a branch in the loop.
  out.cell_count.resize(q * states);
  out.cell_config.resize(q * states);
  out.cell_state.resize(q * states);
  std::size_t listed = 0;
  for (std::size_t j = 0; j < q; ++j) {
    for (std::size_t k = 0; k < states; ++k) {
      const double count = table[j * states + k];
      out.cell_count[listed] = count;
      out.cell_config[listed] = static_cast<std::uint32_t>(j);
      out.cell_state[listed] = static_cast<std::uint32_t>(k);
      out.config_total[j] += count;
      listed += count > 0;
    }
  }
  out.cell_count.resize(listed);
  out.cell_config.resize(listed);
  out.cell_state.resize(listed);
}

// Per-fold counts (see FamilyCounts): start_folds() once the cells are listed, then
// add_fold_case() for every row with the row's cell and configuration.
inline void start_folds(const DataView& data, FamilyCounts& out) {
  const std::size_t folds = static_cast<std::size_t>(data.n_folds);
  out.n_folds = data.n_folds;
  out.cell_fold_count.assign(out.cell_count.size() * folds, 0.0);
  out.config_fold_total.assign(out.config_total.size() * folds, 0.0);
}

inline void add_fold_case(const DataView& data, FamilyCounts& out, std::size_t row,
                          std::uint32_t cell, std::uint32_t config) {
  const double w = data.weight(row);
  if (w <= 0) return;
  const std::size_t folds = static_cast<std::size_t>(data.n_folds), f = data.fold[row];
  out.cell_fold_count[cell * folds + f] += w;
  out.config_fold_total[config * folds + f] += w;
}

}  // namespace learnbn
