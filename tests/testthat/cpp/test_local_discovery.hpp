// constraint/local_discovery.hpp: every algorithm on a d-separation oracle (faithful by
// construction) returns exactly the true parents and children / Markov blanket, for one
// target and for the whole network; on data, the real tests through the same code.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include <learnbn/citest/tester.hpp>
#include <learnbn/constraint/local_batch.hpp>
#include <learnbn/constraint/local_discovery.hpp>
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
          std::vector<int> xs;
          for (int x = 0; x < 5; ++x) {
            if (x != y && std::find(z.begin(), z.end(), x) == z.end()) xs.push_back(x);
          }
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

inline void run_local_discovery_tests() {
  run_test("test_local_batch_tests", test_local_batch_tests);
  run_test("test_local_discovery_oracle", test_local_discovery_oracle);
  run_test("test_local_discovery_data", test_local_discovery_data);
}

}  // namespace learnbn_test
