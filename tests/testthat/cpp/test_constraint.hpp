// constraint/: the PC algorithm and the minimal I-map on data simulated from a known
// network.
#pragma once
#include <map>
#include <random>
#include <vector>

#include <learnbn/constraint/dsep_oracle.hpp>
#include <learnbn/constraint/fci.hpp>
#include <learnbn/constraint/gfci.hpp>
#include <learnbn/constraint/minimal_imap.hpp>
#include <learnbn/constraint/pc.hpp>
#include <learnbn/graph/pdag.hpp>

#include "check.hpp"
#include "test_local_discovery.hpp"
#include "test_search.hpp"  // the network A -> C <- B, C -> D, E alone

namespace learnbn_test {

using namespace learnbn;

// PC's adjacency matrix as a Pdag (amat[i * n + j] == 1: a mark i -> j).
inline Pdag pdag_of_amat(const std::vector<int>& amat, int n) {
  Pdag g(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (!amat[i * n + j]) continue;
      if (amat[j * n + i]) g.add_undirected(i, j); else g.add_arc(i, j);
    }
  }
  return g;
}

inline void test_pc() {
  Simulated data = collider_data(5000, 41);
  CITestSpec spec;
  spec.statistic = CIStatistic::likelihood_g2;
  PCOptions options;
  options.alpha = 0.01;
  PC pc(data.view, spec, options);
  const PCResult result = pc.run();
  const Pdag learned = pdag_of_amat(result.amat, 5);
  // The skeleton, the v-structure A -> C <- B and (Meek's R1) C -> D: the truth's CPDAG.
  const Pdag truth = cpdag_of_dag(collider_parents());
  for (int a = 0; a < 5; ++a) for (int b = 0; b < 5; ++b) CHECK(learned.adjacent(a, b) == truth.adjacent(a, b));
  CHECK(learned == truth);
  CHECK(result.immoralities.size() == 1 && result.immoralities[0].middle == 2);
  CHECK(result.conflicts.empty());
  CHECK(!result.tests.empty() && result.levels >= 1);
  // Every removed edge has a witness set whose test accepted independence.
  bool witnessed = !result.witnesses.empty();
  for (const Witness& w : result.witnesses) witnessed = witnessed && !truth.adjacent(w.x, w.y) && w.p_value > options.alpha;
  CHECK(witnessed);
  // In threads the stable variant gives the same graph.
  PCOptions threaded = options;
  threaded.threads = 2;
  PC parallel(data.view, spec, threaded);
  CHECK(parallel.run().amat == result.amat);
  // Background knowledge: a blacklisted pair is never adjacent.
  PCOptions bk = options;
  bk.forbidden.assign(25, 0);
  bk.forbidden[0 * 5 + 2] = bk.forbidden[2 * 5 + 0] = 1;
  PC known(data.view, spec, bk);
  const PCResult without = known.run();
  CHECK(!without.amat[0 * 5 + 2] && !without.amat[2 * 5 + 0] && without.amat[1 * 5 + 2]);
  // With too few rows nothing is detected: the empty graph.
  Simulated tiny = collider_data(5, 42);
  PC small(tiny.view, spec, options);
  const PCResult empty = small.run();
  int edges = 0;
  for (int v : empty.amat) edges += v;
  CHECK(edges == 0);
}

// With a topological order of the truth the minimal I-map is the truth itself; every
// test logged is x against the other predecessors given a subset of them.
inline void test_minimal_imap() {
  Simulated data = collider_data(5000, 43);
  CITestSpec spec;
  spec.statistic = CIStatistic::likelihood_g2;
  const std::vector<int> order{0, 1, 4, 2, 3};
  const MinimalImapResult result = minimal_imap(data.view, spec, order, 0.01, INT_MAX, 2, [] {});
  const ParentLists truth = collider_parents();
  for (int v = 0; v < 5; ++v) {
    std::vector<int> parents = result.parents[v], expected = truth[v];
    std::sort(parents.begin(), parents.end());
    std::sort(expected.begin(), expected.end());
    CHECK(parents == expected);
  }
  CHECK(result.capped.empty() && !result.tests.empty());
  for (const MinimalImapTest& t : result.tests) CHECK(t.rest.size() + t.subset.size() > 0 && t.result.p_value >= 0);
  // The same tests in one thread; a cap of no parents keeps the best empty set.
  const MinimalImapResult serial = minimal_imap(data.view, spec, order, 0.01, INT_MAX, 1, [] {});
  CHECK(serial.parents == result.parents && serial.tests.size() == result.tests.size());
  const MinimalImapResult capped = minimal_imap(data.view, spec, order, 0.01, 0, 1, [] {});
  for (const auto& p : capped.parents) CHECK(p.empty());
  CHECK(!capped.capped.empty());
}

// PC's orientation alone, on a skeleton and witness sets given by hand: the triangle
// a - b - c (0, 1, 2) with one more neighbour each, x1 - b, x2 - c, x3 - a (3, 4, 5).
// The witness sets make three immoralities, x1 -> b <- a (p 0.1), x2 -> c <- b (p 0.2)
// and x3 -> a <- c (p 0.3), which clash nowhere but together close the cycle
// a -> b -> c -> a. "first" applies all three; "bnlearn" (ascending p-value) skips the
// last, as bnlearn's vstruct.apply() does, and Meek's R2 then orients a -> c.
inline PCResult orient_cycle_case(ConflictPolicy policy) {
  const int n = 6;
  std::vector<char> adjacent(n * n, 0);
  auto edge = [&](int i, int j) { adjacent[i * n + j] = adjacent[j * n + i] = 1; };
  edge(0, 1); edge(1, 2); edge(0, 2); edge(3, 1); edge(4, 2); edge(5, 0);
  PCResult out;
  // (x1, a) {} and (x1, c) {b}; (x2, b) {} and (x2, a) {c}; (x3, c) {} and (x3, b) {a}
  out.witnesses = {Witness{0, 3, {}, 0.1}, Witness{2, 3, {1}, 0.9}, Witness{1, 4, {}, 0.2},
                   Witness{0, 4, {2}, 0.9}, Witness{2, 5, {}, 0.3}, Witness{1, 5, {0}, 0.9}};
  PCOptions options;
  options.conflicts = policy;
  options.required.assign(n * n, 0);  // no background knowledge
  options.forbidden.assign(n * n, 0);
  PCOrienter orienter(n, options);
  orienter.orient(adjacent, out);
  return out;
}

inline void test_pc_bnlearn_policy() {
  const PCResult first = orient_cycle_case(ConflictPolicy::first);
  CHECK(first.immoralities.size() == 3 && first.conflicts.empty());
  for (const Immorality& v : first.immoralities) CHECK(v.status == 0);
  CHECK(first.amat[0 * 6 + 1] && first.amat[1 * 6 + 2] && first.amat[2 * 6 + 0]);  // the cycle
  const PCResult bn = orient_cycle_case(ConflictPolicy::bnlearn);
  for (const Immorality& v : bn.immoralities) CHECK(v.status == (v.middle == 0 ? 2 : 0));
  const Pdag g = pdag_of_amat(bn.amat, 6);
  CHECK(g.has_arc(3, 1) && g.has_arc(0, 1) && g.has_arc(4, 2) && g.has_arc(1, 2));
  CHECK(g.has_arc(0, 2));          // R2: a -> b -> c
  CHECK(g.has_undirected(5, 0));   // x3 - a stays undirected
}

// X -> A <- L -> B <- Y, L latent (DAG nodes X 0, Y 1, L 2, A 3, B 4; observed X, Y, A, B
// as 0..3): the PAG X o-> A <-> B <-o Y, worked out by hand.
inline learnbn::DsepOracle latent_oracle() {
  return learnbn::DsepOracle({{}, {}, {}, {0, 2}, {2, 1}}, {0, 1, 3, 4});
}

inline void check_latent_pag(const std::vector<int>& amat) {
  auto mark = [&](int i, int j) { return amat[static_cast<std::size_t>(i) * 4 + j]; };
  CHECK(mark(0, 2) == kArrow && mark(2, 0) == kCircle);  // X o-> A
  CHECK(mark(1, 3) == kArrow && mark(3, 1) == kCircle);  // Y o-> B
  CHECK(mark(2, 3) == kArrow && mark(3, 2) == kArrow);   // A <-> B
  CHECK(mark(0, 1) == kNone && mark(0, 3) == kNone && mark(1, 2) == kNone);
}

inline void test_dsep_oracle() {
  const learnbn::DsepOracle oracle = latent_oracle();
  CHECK(oracle.separated(0, 1, {}));    // X and Y: the colliders A, B block
  CHECK(!oracle.separated(0, 4, {3}));  // X -> A <- L -> B given the collider A
  CHECK(oracle.separated(0, 4, {}));
  CHECK(!oracle.separated(3, 4, {}));   // A <- L -> B
  CHECK(oracle.separated(3, 4, {2}));
}

inline void test_fci_oracle() {
  const learnbn::DsepOracle oracle = latent_oracle();
  check_latent_pag(dag_to_pag(oracle).amat);
  const IndependenceTest test = [&oracle](int x, int y, const std::vector<int>& z) {
    return oracle.test(x, y, z);
  };
  FCIOptions options;
  options.required.assign(16, 0);
  Interrupt interrupt;
  FCIResult out;
  std::vector<char> adjacent =
      stable_skeleton(4, test, options, std::vector<char>(16, 0), interrupt, out);
  FCI(4, test, options).run(std::move(adjacent), out, interrupt);
  check_latent_pag(out.amat);
}

// GFCI from the minimal I-map of the latent oracle in the order X, Y, A, B (by hand:
// X -> A, X -> B, A -> B, Y -> B; its CPDAG leaves X - A undirected): the test removes
// X - B (separated by the empty set), which makes X *-> A <-* B a collider by the test's
// rule, while A -> B <- Y is G's own collider.
inline void test_gfci_oracle() {
  const learnbn::DsepOracle oracle = latent_oracle();
  const IndependenceTest test = [&oracle](int x, int y, const std::vector<int>& z) {
    return oracle.test(x, y, z);
  };
  std::vector<int> dag(16, 0);
  dag[0 * 4 + 2] = dag[0 * 4 + 3] = dag[2 * 4 + 3] = dag[1 * 4 + 3] = 1;
  std::vector<int> cpdag = dag;
  cpdag[2 * 4 + 0] = 1;  // X - A
  FCIOptions options;
  Interrupt interrupt;
  FCIResult out;
  learnbn::GFCI(4, test, options).run(cpdag, dag, out, interrupt);
  check_latent_pag(out.amat);
  CHECK(out.witnesses.size() == 1 && out.witnesses[0].x == 0 && out.witnesses[0].y == 3 &&
        out.witnesses[0].z.empty());
}

// TestRecords: the records and their conditioning sets read back in order after appends
// (blocks moved, the source left empty; an empty one; an add after an append), empty sets
// among them.
inline void test_test_records() {
  TestRecords all, edge;
  CITestResult r;
  r.p_value = 0.5;
  all.add(0, 1, 2, std::vector<int>{4, 5}, r, false);
  edge.add(2, 3, 0, {nullptr, 0}, r, true);
  edge.add(2, 3, 3, std::vector<int>{7, 8, 9}, r, false);
  all.append(std::move(edge));
  CHECK(edge.empty() && edge.size() == 0);
  all.append(TestRecords());
  all.add(1, 2, 1, std::vector<int>{6}, r, false);
  std::vector<std::vector<int>> sets;
  std::vector<TestRecord> records;
  all.for_each([&](const TestRecord& rec, NodeRange z) {
    records.push_back(rec);
    sets.emplace_back(z.begin(), z.end());
  });
  CHECK(sets == (std::vector<std::vector<int>>{{4, 5}, {}, {7, 8, 9}, {6}}));
  CHECK(all.size() == 4 && records.size() == 4 && records[1].independent &&
        !records[2].independent && records[2].x == 2 && records[2].y == 3 &&
        records[2].level == 3 && records[3].x == 1 && records[3].result.p_value == 0.5);
}

// distinct_sets(): the sets numbered in order of first use, as a std::map numbers them,
// over 3,000 tests in three blocks with about 700 distinct sets (the table doubles), the
// empty set and sets that differ in order or only in size among them.
inline void test_distinct_sets() {
  std::mt19937 rng(7);
  TestRecords all;
  CITestResult r;
  std::vector<std::vector<int>> given;
  for (int block = 0; block < 3; ++block) {
    TestRecords edge;
    for (int t = 0; t < 1000; ++t) {
      std::vector<int> z;
      const int id = static_cast<int>(rng() % 900);
      for (int k = 0; k < id % 5; ++k) z.push_back(id + 1000 * k);
      if (id == 1) z = {5, 3};
      if (id == 2) z = {3, 5};
      if (id == 3) z = {3};
      edge.add(0, 1, static_cast<int>(z.size()), z, r, false);
      given.push_back(z);
    }
    all.append(std::move(edge));
  }
  const DistinctSets sets = distinct_sets(all);
  std::map<std::vector<int>, std::uint32_t> number;
  std::vector<std::uint32_t> expected;
  for (const auto& z : given) {
    expected.push_back(number.emplace(z, static_cast<std::uint32_t>(number.size())).first->second);
  }
  CHECK(sets.set == expected);
  CHECK(sets.members.size() == number.size() && number.size() > 512);
  bool members_right = true;
  for (const auto& entry : number) {
    const NodeRange m = sets.members[entry.second];
    members_right &= std::vector<int>(m.begin(), m.end()) == entry.first;
  }
  CHECK(members_right);
}

inline void run_constraint_tests() {
  run_test("test_test_records", test_test_records);
  run_test("test_distinct_sets", test_distinct_sets);
  run_test("test_pc", test_pc);
  run_test("test_pc_bnlearn_policy", test_pc_bnlearn_policy);
  run_test("test_dsep_oracle", test_dsep_oracle);
  run_test("test_fci_oracle", test_fci_oracle);
  run_test("test_gfci_oracle", test_gfci_oracle);
  run_test("test_minimal_imap", test_minimal_imap);
  run_local_discovery_tests();
}

}  // namespace learnbn_test
