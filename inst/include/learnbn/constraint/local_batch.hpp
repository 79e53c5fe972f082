// The CI tests of local discovery on data: one at a time through CITester, or many at
// once. MMPC's forward phase, HITON-PC's marginal pass and the IAMBs' growth ask the
// tests c _||_ target | z of many candidates c against one target and conditioning set z.
// Run alone, each test is a pass over the rows (or splits the rows' bit sets anew);
// together, the target and z are combined once and reused for every candidate: counted
// from bit sets of the rows (citest/bit_tables.hpp: the cells of (target, z) split once,
// then one AND and popcount per cell, candidate state and word) or by windows of up to 16
// candidates in one pass over the rows each, over the observed cells of (target, z)
// alone (local_strata.hpp), whichever is estimated cheaper. Each table (the candidate as
// x, the target as y) holds whole counts, and its statistic adds the terms of the test
// run alone in their order, so every statistic and p-value is bit for bit
// CITester::test(c, target, z)'s.
// The batch applies to asymptotic X2 and G2 tests on complete byte-coded data with
// whole weights and dense-sized tables; any other test runs alone. Tests asked one at a
// time among a few variables (the backward phase, focus()) run on the distinct rows of
// those columns (local_focus.hpp), on the same conditions.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

#include "../citest/bit_tables.hpp"
#include "../citest/discrete.hpp"
#include "../citest/spec.hpp"
#include "../citest/tester.hpp"
#include "../data/data.hpp"
#include "local_focus.hpp"
#include "local_strata.hpp"

namespace learnbn {

class LocalBatchTests {
 public:
  // `tested` and `spec` as CITester's (`dense_rows`: the rows `tested` stand for);
  // `rows` and `bits`, when given, as CITester::count_bits_from()'s. The views must
  // outlive the tests.
  LocalBatchTests(const DataView& tested, const CITestSpec& spec, std::size_t dense_rows,
                  const DataView* rows = nullptr, std::shared_ptr<ColumnBits> bits = nullptr)
      : state_(std::make_shared<State>(tested, spec, dense_rows)) {
    State& s = *state_;
    s.batchable = batchable(tested, spec);
    if (rows && bits) {
      s.tester.count_bits_from(*rows, bits);
      s.bits_attached = s.batchable && rows->n_vars() == tested.n_vars() &&
                        s.bits.attach(*rows, bits);
    }
  }

  double operator()(int x, int y, const std::vector<int>& z) const {
    State& s = *state_;
    if (s.focused && s.focus.map(x, y, z)) {
      const Focus& f = s.focus;
      return f.tester->test(f.x, f.y, f.z).p_value;
    }
    return s.tester.test(x, y, z).p_value;
  }

  // The next single tests ask only the variables `vars` (empty: any again): they run on
  // the distinct rows of those columns when these are few (MMPC's backward phase tests
  // a target against its few members given the others). The counts are whole numbers,
  // the same in any order, and the tables keep the layout and dense limit of the data,
  // so every statistic and p-value is the test's on the data, bit for bit.
  void focus(const std::vector<int>& vars) const {
    State& s = *state_;
    s.focused = false;
    if (vars.empty() || !s.batchable) return;
    if (!s.focus.rows.build(s.tested, vars, kFocusFraction)) return;
    s.focus.index.assign(s.tested.n_vars(), -1);
    for (std::size_t k = 0; k < vars.size(); ++k) s.focus.index[vars[k]] = static_cast<int>(k);
    s.focus.tester = std::make_unique<CITester>(s.focus.rows.view(), s.spec, s.dense_rows);
    s.focused = true;
  }

  // p[k] = (*this)(xs[k], y, z) for every k.
  void batch(const std::vector<int>& xs, int y, const std::vector<int>& z,
             std::vector<double>& p) const {
    State& s = *state_;
    p.assign(xs.size(), 0.0);
    s.position.clear();
    s.shared.assign({y});
    s.shared.insert(s.shared.end(), z.begin(), z.end());
    const double shared_cells = s.batchable ? small_cells(s.tested, s.shared) : 0;
    const double dense_limit = ci_dense_limit(s.dense_rows);
    for (std::size_t k = 0; k < xs.size(); ++k) {
      const Column& c = s.tested.columns[xs[k]];
      if (shared_cells > 0 && c.small && shared_cells * c.cardinality <= dense_limit) {
        s.position.push_back(k);
      }
    }
    if (s.position.size() < 2) s.position.clear();  // one test: as fast alone
    // Windows of like candidates: a window's tables are as wide as its most states.
    const auto states = [&](std::size_t k) { return s.tested.columns[xs[k]].cardinality; };
    std::stable_sort(s.position.begin(), s.position.end(),
                     [&](std::size_t a, std::size_t b) { return states(a) < states(b); });
    s.together.clear();
    for (const std::size_t k : s.position) s.together.push_back(xs[k]);
    for (std::size_t first = 0; first < s.together.size(); first += kWidth) {
      count_window(s, first, std::min(kWidth, s.together.size() - first));
    }
    s.batched.assign(xs.size(), 0);
    for (std::size_t i = 0; i < s.position.size(); ++i) {
      p[s.position[i]] = s.p_values[i];
      s.batched[s.position[i]] = 1;
    }
    for (std::size_t k = 0; k < xs.size(); ++k) {
      if (!s.batched[k]) p[k] = (*this)(xs[k], y, z);
    }
  }

 private:
  static constexpr std::size_t kWidth = StrataTables::kMaxWidth;
  // A pass over one row with one lane per candidate, in words of bit sets. CITester's
  // cost of a window (2) is PC's; mmpc() at 20,000 rows was fastest at 6 to 10 on a CPU
  // with AVX-512's popcount (insurance 15% and hailfinder 10% less CPU time than at 2,
  // alarm 5%), with the same tests and p-values.
  static constexpr double kLaneCost = 8.0;

  // At most this fraction of the rows distinct over a focus, or its tests run on the data.
  static constexpr double kFocusFraction = 0.25;

  // The distinct rows of a focus, their tester and a test's variables among them.
  struct Focus {
    FocusRows rows;
    std::unique_ptr<CITester> tester;
    std::vector<int> index;  // of each variable in rows' columns, -1 outside the focus
    int x = 0, y = 0;
    std::vector<int> z;
    bool map(int from_x, int from_y, const std::vector<int>& from_z) {
      x = index[from_x];
      y = index[from_y];
      z.resize(from_z.size());
      bool inside = x >= 0 && y >= 0;
      for (std::size_t k = 0; k < from_z.size(); ++k) inside &= (z[k] = index[from_z[k]]) >= 0;
      return inside;
    }
  };

  struct State {
    State(const DataView& data, const CITestSpec& test, std::size_t dense)
        : tested(data), spec(test), dense_rows(dense > 0 ? dense : data.n_rows),
          tester(data, test, dense) {}
    const DataView& tested;
    CITestSpec spec;
    std::size_t dense_rows;
    CITester tester;
    bool batchable = false, bits_attached = false, focused = false;
    Focus focus;
    BitTables bits;
    StrataTables strata;
    ThreeWayTable table;
    std::vector<int> shared, together;  // (target, z); the candidates counted together
    std::vector<std::size_t> position;  // of together's candidates in the batch
    std::vector<char> batched;          // by position: whether counted together
    std::vector<double> p_values;
  };

  static bool batchable(const DataView& data, const CITestSpec& spec) {
    if (spec.permutations > 0 || data.gaussian() || data.has_missing || data.expected ||
        data.fold || is_mixed(data) ||
        (spec.statistic != CIStatistic::pearson_x2 &&
         spec.statistic != CIStatistic::likelihood_g2)) {
      return false;
    }
    if (!data.weights) return true;
    // Whole weights below 2^32 in all (distinct rows' case counts): whole cell counts,
    // exact in any order of summation, as the tests alone count them.
    double total = 0;
    for (std::size_t row = 0; row < data.n_rows; ++row) {
      const double w = data.weights[row];
      total += w;
      if (!(w >= 0 && w == std::floor(w))) return false;
    }
    return total < 4294967295.0;
  }

  // The cells of `vars` when they are all byte-coded, else 0.
  static double small_cells(const DataView& data, const std::vector<int>& vars) {
    double cells = 1;
    for (int v : vars) {
      if (!data.columns[v].small) return 0;
      cells *= data.columns[v].cardinality;
    }
    return cells;
  }

  // The p-values of the `real` candidates from `first` on.
  void count_window(State& s, std::size_t first, std::size_t real) const {
    s.p_values.resize(first + real);
    double cells = 0;
    bool bits = s.bits_attached;
    if (bits) {
      double cost = s.bits.build_cost(s.shared, cells);
      for (std::size_t k = 0; k < real; ++k) cost += s.bits.free_cost(cells, s.together[first + k]);
      bits = cost < kLaneCost * static_cast<double>(s.tested.n_rows) * (1.0 + real);
    }
    const std::size_t ny = s.tested.columns[s.shared[0]].cardinality;
    const std::size_t prefix = static_cast<std::size_t>(small_cells(s.tested, s.shared));
    const bool pearson = s.spec.statistic == CIStatistic::pearson_x2;
    if (!bits) {
      s.strata.set_shared(s.tested, s.shared);
      s.strata.count(s.tested, s.together.data() + first, real, pearson);
    }
    for (std::size_t k = 0; k < real; ++k) {
      const int c = s.together[first + k];
      const std::size_t nx = s.tested.columns[c].cardinality;
      double statistic = 0, adjusted_df = 0;
      if (bits) {  // the candidate free and first: the layout of the test alone
        s.bits.count(s.shared, c, 1, s.table.cells());
        statistic = s.table.statistic(nx, ny, prefix / ny, pearson, &adjusted_df);
      } else {  // the observed cells alone
        statistic = s.strata.statistic(k, &adjusted_df);
      }
      const double df = s.spec.adjusted_df
                            ? adjusted_df
                            : (nx - 1.0) * (ny - 1.0) * static_cast<double>(prefix / ny);
      s.p_values[first + k] = chisq_upper_tail(statistic, df);
    }
  }

  std::shared_ptr<State> state_;  // shared by copies: CountedTests keeps its test by value
};

}  // namespace learnbn
