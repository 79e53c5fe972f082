// constraint/local_discovery.hpp: every algorithm on a d-separation oracle (faithful by
// construction) returns exactly the true parents and children / Markov blanket, for one
// target and for the whole network; on data, the real tests through the same code.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include <learnbn/citest/tester.hpp>
#include <learnbn/constraint/local_batch.hpp>
#include <learnbn/constraint/local_discovery.hpp>
#include <learnbn/constraint/local_focus.hpp>
#include <learnbn/data/distinct_rows.hpp>

#include "check.hpp"
#include "test_search.hpp"  // the network A -> C <- B, C -> D, E alone

namespace learnbn_test {

using namespace learnbn;

// d-separation of x and y given z in the DAG of `parents`: x and y are disconnected in
// the moral graph of the ancestors of {x, y} + z once z is removed (Lauritzen).
inline bool d_separated(const ParentLists& parents, int x, int y, const std::vector<int>& z) {
  const int n = static_cast<int>(parents.size());
  std::vector<char> keep(n, 0), blocked(n, 0);
  std::vector<int> stack{x, y};
  for (int v : z) { stack.push_back(v); blocked[v] = 1; }
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    if (keep[v]) continue;
    keep[v] = 1;
    for (int p : parents[v]) stack.push_back(p);
  }
  std::vector<std::vector<int>> moral(n);
  for (int v = 0; v < n; ++v) {
    if (!keep[v]) continue;
    const auto& pa = parents[v];
    for (std::size_t i = 0; i < pa.size(); ++i) {
      moral[v].push_back(pa[i]); moral[pa[i]].push_back(v);
      for (std::size_t j = i + 1; j < pa.size(); ++j) {
        moral[pa[i]].push_back(pa[j]); moral[pa[j]].push_back(pa[i]);
      }
    }
  }
  std::vector<char> seen(n, 0);
  stack.assign(1, x);
  seen[x] = 1;
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    if (v == y) return false;
    for (int u : moral[v]) if (!seen[u] && !blocked[u]) { seen[u] = 1; stack.push_back(u); }
  }
  return true;
}

struct DsepOracle {
  const ParentLists* parents;
  double operator()(int x, int y, const std::vector<int>& z) const {
    return d_separated(*parents, x, y, z) ? 1.0 : 0.0;
  }
};

inline std::vector<std::vector<int>> true_pc_sets(const ParentLists& parents) {
  const int n = static_cast<int>(parents.size());
  std::vector<std::vector<int>> out(n);
  for (int v = 0; v < n; ++v) for (int p : parents[v]) { out[v].push_back(p); out[p].push_back(v); }
  for (auto& s : out) std::sort(s.begin(), s.end());
  return out;
}

inline std::vector<std::vector<int>> true_blankets(const ParentLists& parents) {
  std::vector<std::vector<int>> out = true_pc_sets(parents);
  const int n = static_cast<int>(parents.size());
  for (int v = 0; v < n; ++v) {
    for (int p : parents[v]) for (int q : parents[v]) if (p != q) out[p].push_back(q);
  }
  for (auto& s : out) {
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
  }
  return out;
}

// asia: 0 asia, 1 smoke, 2 tub, 3 lung, 4 bronc, 5 either, 6 xray, 7 dysp.
inline ParentLists asia_parents() {
  return {{}, {}, {0}, {1}, {1}, {2, 3}, {5}, {4, 5}};
}

// A random DAG on n nodes in a shuffled order, each pair an arc with probability `p`.
inline ParentLists random_parents(int n, double p, std::uint64_t seed) {
  std::uint64_t state = seed;
  auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  for (int i = n - 1; i > 0; --i) std::swap(order[i], order[static_cast<int>(next() * (i + 1))]);
  ParentLists parents(n);
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) if (next() < p) parents[order[j]].push_back(order[i]);
  }
  return parents;
}

inline void check_oracle(const ParentLists& dag, int threads) {
  const int n = static_cast<int>(dag.size());
  const auto pc = true_pc_sets(dag), mb = true_blankets(dag);
  LocalOptions opt;
  opt.threads = threads;
  for (std::size_t a = 0; a < local_algorithm_names().size(); ++a) {
    const auto algorithm = static_cast<LocalAlgorithm>(a);
    const auto make = [&dag] { return DsepOracle{&dag}; };
    Interrupt interrupt;
    const LocalResult whole = learn_local_network(n, algorithm, opt, make, interrupt);
    CHECK(whole.pc == pc);
    if (learns_blanket(algorithm)) CHECK(whole.mb == mb);
    CHECK(whole.tests > 0);
    for (int t = 0; t < n; ++t) {
      const LocalResult one = learn_local_target(n, t, algorithm, opt, make, interrupt);
      if (learns_blanket(algorithm)) CHECK(one.mb.size() == 1 && one.mb[0] == mb[t]);
      else CHECK(one.pc.size() == 1 && one.pc[0] == pc[t]);
    }
  }
}

inline void test_local_discovery_oracle() {
  check_oracle(asia_parents(), 1);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) check_oracle(random_parents(15, 0.2, seed), 2);
}

// On data: the real tests find the collider's skeleton, the same on two threads, and
// knowledge is obeyed.
inline void test_local_discovery_data() {
  Simulated data = collider_data(5000, 47);
  CITestSpec spec;
  spec.statistic = CIStatistic::likelihood_g2;
  const auto make = [&] {
    return [tester = std::make_shared<CITester>(data.view, spec)](
               int x, int y, const std::vector<int>& z) { return tester->test(x, y, z).p_value; };
  };
  LocalOptions opt;
  opt.alpha = 0.01;
  const auto truth = true_pc_sets(collider_parents());
  for (std::size_t a = 0; a < local_algorithm_names().size(); ++a) {
    Interrupt interrupt;
    const auto algorithm = static_cast<LocalAlgorithm>(a);
    const LocalResult one = learn_local_network(5, algorithm, opt, make, interrupt);
    CHECK(one.pc == truth);
    LocalOptions two = opt;
    two.threads = 2;
    const LocalResult threaded = learn_local_network(5, algorithm, two, make, interrupt);
    CHECK(threaded.pc == one.pc && threaded.tests == one.tests);
  }
  // A - C blacklisted both ways, E - D whitelisted.
  LocalOptions known = opt;
  known.forbidden.assign(25, 0);
  known.required.assign(25, 0);
  known.forbidden[0 * 5 + 2] = known.forbidden[2 * 5 + 0] = 1;
  known.required[4 * 5 + 3] = 1;
  Interrupt interrupt;
  const LocalResult r = learn_local_network(5, LocalAlgorithm::mmpc, known, make, interrupt);
  CHECK(r.pc[0].empty() && r.pc[4] == std::vector<int>{3});
}

// X2 and G2, each with the declared and the adjusted degrees of freedom.
inline std::vector<CITestSpec> x2_g2_specs() {
  std::vector<CITestSpec> specs;
  for (const CIStatistic statistic : {CIStatistic::pearson_x2, CIStatistic::likelihood_g2}) {
    for (const bool adjusted : {false, true}) {
      CITestSpec spec;
      spec.statistic = statistic;
      spec.adjusted_df = adjusted;
      specs.push_back(spec);
    }
  }
  return specs;
}

// The variables 0 .. n - 1 but y and those of z, in order: a batch's candidates.
inline std::vector<int> batch_candidates(int n, int y, const std::vector<int>& z) {
  std::vector<int> xs;
  for (int x = 0; x < n; ++x) {
    if (x != y && std::find(z.begin(), z.end(), x) == z.end()) xs.push_back(x);
  }
  return xs;
}

// constraint/local_batch.hpp: the tests of many candidates against one target and set,
// counted together (by windows over the rows and the observed strata, or from bit sets;
// on the rows or on their distinct rows with weights), give the p-values of the tests
// run alone, bit for bit.
inline void test_local_batch_tests() {
  Simulated data = collider_data(5000, 11);
  DistinctRows distinct;
  CHECK(distinct.build(data.view));
  CHECK(distinct.view().n_rows < data.view.n_rows && distinct.view().weights);
  const auto bits = std::make_shared<ColumnBits>(data.view);
  const std::vector<std::vector<int>> sets = {{}, {2}, {3, 1}, {0, 2, 4}};
  for (const CIStatistic statistic : {CIStatistic::pearson_x2, CIStatistic::likelihood_g2}) {
    CITestSpec spec;
    spec.statistic = statistic;
    for (int path = 0; path < 3; ++path) {  // by windows, from bit sets, on distinct rows
      const DataView& tested = path == 2 ? distinct.view() : data.view;
      CITester alone(tested, spec, data.view.n_rows);
      const LocalBatchTests together =
          path == 1 ? LocalBatchTests(tested, spec, 0, &data.view, bits)
                    : LocalBatchTests(tested, spec, data.view.n_rows);
      for (int y = 0; y < 5; ++y) {
        for (const auto& z : sets) {
          if (std::find(z.begin(), z.end(), y) != z.end()) continue;
          const std::vector<int> xs = batch_candidates(5, y, z);
          std::vector<double> p;
          together.batch(xs, y, z, p);
          CHECK(p.size() == xs.size());
          for (std::size_t k = 0; k < xs.size(); ++k) {
            CHECK(p[k] == alone.test(xs[k], y, z).p_value);
          }
        }
      }
    }
  }
}

// constraint/local_strata.hpp: many-state variables on few rows, so that most cells of
// (target, z) are unobserved, many strata hold one row, and (weighted) some rows weigh 0:
// the batch over the observed cells gives the p-values of the tests run alone, bit for
// bit, with the declared and the adjusted degrees of freedom.
inline void test_local_batch_sparse_cells() {
  std::mt19937 rng(36);
  const std::vector<int> cards = {11, 7, 6, 5, 3, 2, 4};
  const std::vector<std::vector<int>> sets = {{}, {1}, {2, 3}, {1, 2, 6}};
  for (const bool weighted : {false, true}) {
    const Table data(300, cards, weighted, rng);
    for (const CITestSpec& spec : x2_g2_specs()) {
      CITester alone(data.view, spec);
      const LocalBatchTests together(data.view, spec, data.view.n_rows);
      for (int y = 0; y < 7; ++y) {
        for (const auto& z : sets) {
          if (std::find(z.begin(), z.end(), y) != z.end()) continue;
          const std::vector<int> xs = batch_candidates(7, y, z);
          std::vector<double> p;
          together.batch(xs, y, z, p);
          for (std::size_t k = 0; k < xs.size(); ++k) {
            CHECK(same_bits(p[k], alone.test(xs[k], y, z).p_value));
          }
        }
      }
    }
  }
}

// constraint/local_focus.hpp and LocalBatchTests::focus(): the tests asking only the
// focused variables run on their distinct rows and give the p-values of the tests on the
// data, bit for bit, on the rows and on distinct rows with weights, by the dense table
// and by the sparse statistic (x, y and z of 20 states: 160,000 cells, past the dense
// limit of 5,000 rows); the distinct rows are DistinctRows', in the same order.
inline void test_local_focus() {
  // Five columns of 20 states taking 300 row patterns, repeated: few distinct rows.
  const std::size_t rows = 5000, patterns = 300;
  std::vector<std::vector<std::uint8_t>> codes(5, std::vector<std::uint8_t>(rows));
  std::uint64_t state = 7;
  const auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  for (std::size_t r = 0; r < rows; ++r) {
    const std::size_t pattern = r < patterns ? r : next() % patterns;
    for (std::size_t v = 0; v < 5; ++v) {
      codes[v][r] = r < patterns ? static_cast<std::uint8_t>(next() % 20) : codes[v][pattern];
    }
  }
  DataView view;
  view.n_rows = rows;
  view.n_cases = static_cast<double>(rows);
  for (auto& c : codes) {
    Column column;
    column.small = c.data();
    column.cardinality = 20;
    view.columns.push_back(column);
  }
  DistinctRows all;
  CHECK(all.build(view));
  const std::vector<int> focus = {0, 1, 3, 4};
  FocusRows rows_of;
  DistinctRows expected;
  CHECK(rows_of.build(view, focus, 1.0) && expected.build(view, focus));
  CHECK(rows_of.view().n_rows == expected.view().n_rows && rows_of.view().n_rows <= patterns);
  for (std::size_t r = 0; r < expected.view().n_rows; ++r) {
    CHECK(rows_of.view().weights[r] == expected.view().weights[r]);
    for (std::size_t k = 0; k < focus.size(); ++k) {
      CHECK(rows_of.view().columns[k].small[r] == expected.view().columns[k].small[r]);
    }
  }
  CHECK(!rows_of.build(view, focus, 0.01));  // more distinct rows than asked: not built
  const std::vector<std::vector<int>> sets = {{}, {4}, {4, 3}, {1, 3, 4}, {2}};
  for (const CIStatistic statistic : {CIStatistic::pearson_x2, CIStatistic::likelihood_g2}) {
    CITestSpec spec;
    spec.statistic = statistic;
    for (int path = 0; path < 2; ++path) {  // on the rows, on their distinct rows
      const DataView& tested = path == 1 ? all.view() : view;
      CITester alone(tested, spec, rows);
      const LocalBatchTests focused(tested, spec, rows);
      focused.focus(focus);
      for (int x : {1, 2, 3}) {
        for (const auto& z : sets) {
          if (std::find(z.begin(), z.end(), x) != z.end()) continue;
          CHECK(same_bits(focused(x, 0, z), alone.test(x, 0, z).p_value));
        }
      }
      focused.focus({});
      CHECK(same_bits(focused(1, 0, {3, 4}), alone.test(1, 0, {3, 4}).p_value));
    }
  }
}

// constraint/local_lanes.hpp and LocalBatchTests' windows of like candidates: 19
// candidates of 2 to 11 states (a window of 16 and one of 3, ordered by states), X2's
// terms in the lanes of vectors and G2's one by one, on 1,500 rows (most cells of
// (target, z) unobserved or holding a row or two), with and without weights and with
// the bit sets attached (bit_tables.hpp), counted in 16 bits (fewer than 65,536 cases)
// and in 32 (weights summing to more):
// every p-value is the test's run alone, bit for bit.
inline void test_local_batch_windows() {
  std::mt19937 rng(3605);
  std::vector<int> cards;
  for (int v = 0; v < 20; ++v) cards.push_back(std::vector<int>{11, 7, 6, 5, 3, 2, 4}[v % 7]);
  const std::vector<std::vector<int>> sets = {{}, {1}, {2, 3}, {1, 2, 6}, {8, 9, 10, 11}};
  for (const int weighted : {0, 1, 1000}) {  // the weights' scale (0: none)
    Table data(1500, cards, weighted > 0, rng);
    for (double& w : data.weights) w *= weighted;
    for (std::size_t row = 0; row < 1500; row += 3) data.small[5][row] = data.small[0][row] % 2;
    const auto bits = std::make_shared<ColumnBits>(data.view);
    for (const CITestSpec& spec : x2_g2_specs()) {
      CITester alone(data.view, spec);
      const LocalBatchTests plain(data.view, spec, data.view.n_rows);
      const LocalBatchTests on_bits(data.view, spec, 0, &data.view, bits);
      for (const int y : {0, 5, 7, 12}) {
        for (const auto& z : sets) {
          if (std::find(z.begin(), z.end(), y) != z.end()) continue;
          std::vector<int> xs = batch_candidates(20, y, z);
          std::reverse(xs.begin(), xs.end());
          std::vector<double> p, q;
          plain.batch(xs, y, z, p);
          on_bits.batch(xs, y, z, q);
          for (std::size_t k = 0; k < xs.size(); ++k) {
            const double expected = alone.test(xs[k], y, z).p_value;
            CHECK(same_bits(p[k], expected) && same_bits(q[k], expected));
          }
        }
      }
    }
  }
}

inline void run_local_discovery_tests() {
  run_test("test_local_batch_tests", test_local_batch_tests);
  run_test("test_local_batch_sparse_cells", test_local_batch_sparse_cells);
  run_test("test_local_batch_windows", test_local_batch_windows);
  run_test("test_local_focus", test_local_focus);
  run_test("test_local_discovery_oracle", test_local_discovery_oracle);
  run_test("test_local_discovery_data", test_local_discovery_data);
}

}  // namespace learnbn_test
