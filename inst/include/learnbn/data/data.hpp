// A read-only view of the data: discrete (one column of 0-based codes per variable) or
// continuous (one column of values per variable, plus their sufficient statistics).
// The core never sees R objects; the glue layer fills this view from a bn_data.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "../util/cpu_features.hpp"

namespace learnbn {

struct Column {
  const std::uint8_t* small = nullptr;  // codes of a variable with at most 256 states
  const int* wide = nullptr;            // codes otherwise
  const double* real = nullptr;         // values of a continuous variable
  int cardinality = 0;  // r_i, declared states (some may never occur); 0 if continuous

  int code(std::size_t row) const { return small ? small[row] : wide[row]; }
  // A missing cell holds a code past the last state (255 or 65535, see bn_data()).
  bool missing(int code) const { return code >= cardinality; }

  // Calls f(codes) with the typed pointer to the codes (uint8_t or int).
  template <class F>
  void with_codes(F&& f) const {
    if (small) f(small); else f(wide);
  }

  // Calls f(row, code) for every row; the branch on storage is taken once.
  template <class F>
  void for_each(std::size_t n_rows, F&& f) const {
    if (small) {
      for (std::size_t row = 0; row < n_rows; ++row) f(row, static_cast<int>(small[row]));
    } else {
      for (std::size_t row = 0; row < n_rows; ++row) f(row, wide[row]);
    }
  }

  // id[row] = id[row] * scale + code * stride for every row (mixed-radix ids), in AVX2
  // where the CPU has it: baseline x86-64 has no 32-bit vector multiply (combining the
  // base parents of grow-shrink trees took 8.6% of boss() on munin at 10,000 rows).
  void mix_into(std::size_t n_rows, std::uint32_t scale, std::uint32_t stride,
                std::uint32_t* id) const {
    with_codes([&](const auto* codes) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
      if (cpu_has_avx2()) return mix_rows_avx2(n_rows, scale, stride, codes, id);
#endif
      mix_rows(n_rows, scale, stride, codes, id);
    });
  }

 private:
  // mix_into()'s loop, without aliasing, which the compiler vectorises (at -O2 only when
  // told, with OpenMP); always inlined, so that it is compiled for its caller's target.
  template <class Code>
  __attribute__((always_inline)) static inline void mix_rows(std::size_t n_rows,
                                                             std::uint32_t scale,
                                                             std::uint32_t stride,
                                                             const Code* __restrict code,
                                                             std::uint32_t* __restrict out) {
#ifdef _OPENMP
#pragma omp simd
#endif
    for (std::size_t row = 0; row < n_rows; ++row) {
      out[row] = out[row] * scale + static_cast<std::uint32_t>(code[row]) * stride;
    }
  }
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  template <class Code>
  __attribute__((target("avx2"))) static void mix_rows_avx2(std::size_t n_rows,
                                                            std::uint32_t scale,
                                                            std::uint32_t stride,
                                                            const Code* __restrict code,
                                                            std::uint32_t* __restrict out) {
    mix_rows(n_rows, scale, stride, code, out);
  }
#endif
};

struct ExpectedRows;   // expected_rows.hpp
struct Interventions;  // interventions.hpp

struct DataView {
  std::vector<Column> columns;
  const double* weights = nullptr;  // case count of each row; nullptr means one case a row
  std::size_t n_rows = 0;
  double n_cases = 0;               // sum of the weights
  // Cross-validated scores only: the 0-based test fold of each row (nullptr: no folds).
  const int* fold = nullptr;
  int n_folds = 0;
  bool has_missing = false;         // some discrete cell is missing
  // Discrete data with missing cells: their completions under a fitted network, with
  // which the Counter counts expected statistics (nullptr: count observed cells only).
  const ExpectedRows* expected = nullptr;
  // Continuous data only: the sufficient statistics (see gaussian.hpp), else nullptr.
  const double* correlation = nullptr;  // p x p, column-major
  const double* sd = nullptr;           // maximum-likelihood standard deviations
  // Interventional data: the rows where each variable was set (nullptr: observational).
  std::shared_ptr<const Interventions> interventions;

  std::size_t n_vars() const { return columns.size(); }
  bool gaussian() const { return correlation != nullptr; }
  double weight(std::size_t row) const { return weights ? weights[row] : 1.0; }
  // Whether every row counts a whole number of cases (unweighted rows do): the counts are
  // then those of replicated rows, which some bounds on scores need.
  bool whole_cases() const {
    for (std::size_t row = 0; weights && row < n_rows; ++row) {
      if (weights[row] != std::floor(weights[row])) return false;
    }
    return true;
  }
};

// Owned copies of some columns of a view restricted to some rows (in their order): the
// storage behind the compact views of available cases and of distinct rows.
class ColumnCopies {
 public:
  // Sets view.columns to copies of the columns `vars` of `data` at `rows`, which stay
  // valid until the next call.
  void copy(const DataView& data, const std::vector<int>& vars,
            const std::vector<std::size_t>& rows, DataView& view) {
    const std::size_t m = rows.size();
    small_.resize(vars.size());
    wide_.resize(vars.size());
    view.columns.clear();
    for (std::size_t k = 0; k < vars.size(); ++k) {
      const Column& column = data.columns[vars[k]];
      Column copy;
      copy.cardinality = column.cardinality;
      if (column.small) {
        small_[k].resize(m);
        for (std::size_t i = 0; i < m; ++i) small_[k][i] = column.small[rows[i]];
        copy.small = small_[k].data();
      } else {
        wide_[k].resize(m);
        for (std::size_t i = 0; i < m; ++i) wide_[k][i] = column.wide[rows[i]];
        copy.wide = wide_[k].data();
      }
      view.columns.push_back(copy);
    }
  }

 private:
  std::vector<std::vector<std::uint8_t>> small_;
  std::vector<std::vector<int>> wide_;
};

}  // namespace learnbn
