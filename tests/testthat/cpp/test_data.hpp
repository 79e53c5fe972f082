// data/: counting N_ijk (dense, sparse, renumbered bases, weights) against brute force;
// distinct rows.
#pragma once
#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include <learnbn/data/counts.hpp>
#include <learnbn/data/distinct_rows.hpp>
#include <learnbn/score/family_score.hpp>
#include <learnbn/score/local_scorer.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

// N_ijk by brute force: a map from (parent codes..., state) to the weighted count.
inline std::map<std::vector<int>, double> brute_counts(const DataView& d, int node, const std::vector<int>& parents) {
  std::map<std::vector<int>, double> out;
  for (std::size_t r = 0; r < d.n_rows; ++r) {
    std::vector<int> key;
    for (int p : parents) key.push_back(d.columns[p].code(r));
    key.push_back(d.columns[node].code(r));
    out[key] += d.weight(r);
  }
  return out;
}

inline double brute_loglik(const DataView& d, int node, const std::vector<int>& parents) {
  auto cells = brute_counts(d, node, parents);
  std::map<std::vector<int>, double> configs;
  for (auto& [key, n] : cells) configs[std::vector<int>(key.begin(), key.end() - 1)] += n;
  double ll = 0;
  for (auto& [key, n] : cells) {
    if (n > 0) ll += n * std::log(n / configs[std::vector<int>(key.begin(), key.end() - 1)]);
  }
  return ll;
}

inline void test_counting() {
  std::mt19937 rng(1);
  for (bool weighted : {false, true}) {
    Table t(500, {2, 3, 4, 2, 300, 5, 4, 4, 4, 4, 4, 4}, weighted, rng);
    Counter counter(t.view);
    const std::vector<std::vector<int>> families = {{}, {0}, {1, 2}, {4}, {4, 1, 2}, {6, 7, 8, 9, 10, 11, 1, 2, 3}};
    for (const auto& parents : families) {
      for (int node : {0, 5}) {
        const FamilyCounts& c = counter.count(node, parents.data(), parents.size());
        double total = 0;
        for (double n : c.cell_count) total += n;
        CHECK(near(total, t.view.n_cases));
        CHECK(near(log_likelihood(c), brute_loglik(t.view, node, parents)));
        std::size_t nonzero = 0, brute_nonzero = 0;
        for (double n : c.cell_count) nonzero += n > 0;
        for (auto& cell : brute_counts(t.view, node, parents)) brute_nonzero += cell.second > 0;
        CHECK(nonzero == brute_nonzero);
      }
    }
    // The ten-parent family does not fit a dense table: it is counted sparsely.
    const std::vector<int> wide_family = {6, 7, 8, 9, 10, 11, 1, 2, 3};
    CHECK(!counter.count(0, wide_family.data(), wide_family.size()).dense);
    // set_base + count_plus equals a plain count of the larger family, for a small base
    // and for one whose table is renumbered to the observed configurations.
    ScoreSpec bdeu;
    for (const std::vector<int>& base : {std::vector<int>{1, 2}, wide_family}) {
      counter.set_base(0, base.data(), base.size());
      const FamilyCounts& c = counter.count_plus(0, 5, base.data(), base.size());
      const double plus_ll = log_likelihood(c), plus_bdeu = family_score(c, bdeu, t.view.n_cases, base.size() + 1);
      std::vector<int> family = base;
      family.push_back(5);
      const FamilyCounts& d = counter.count(0, family.data(), family.size());
      CHECK(near(plus_ll, log_likelihood(d)));
      CHECK(near(plus_bdeu, family_score(d, bdeu, t.view.n_cases, family.size())));
    }
  }
}

// count_plus() gives the cells of count() on the family base + {extra}, in the same
// order (so scores agree to the last bit), whether it counts from bit sets or by a
// pass over the rows, and then also on weighted rows (which never use bit sets).
inline void test_count_plus_paths() {
  std::mt19937 rng(7);
  for (bool weighted : {false, true}) {
    Table t(700, {2, 3, 4, 2, 300, 5, 4, 21}, weighted, rng);
    Counter plain(t.view), bits(t.view);
    plain.use_bits(false);
    const std::vector<std::vector<int>> bases = {{}, {1}, {1, 2}, {3, 1, 2}, {7}, {4}};
    for (const auto& base : bases) {
      for (int node : {0, 5, 7}) {
        if (std::find(base.begin(), base.end(), node) != base.end()) continue;
        plain.set_base(node, base.data(), base.size());
        bits.set_base(node, base.data(), base.size());
        for (int extra = 0; extra < 8; ++extra) {
          if (extra == node || std::find(base.begin(), base.end(), extra) != base.end()) continue;
          std::vector<int> family = base;
          family.push_back(extra);
          Counter whole(t.view);
          const FamilyCounts& a = plain.count_plus(node, extra, base.data(), base.size());
          const FamilyCounts& b = bits.count_plus(node, extra, base.data(), base.size());
          const FamilyCounts& c = whole.count(node, family.data(), family.size());
          CHECK(a.cell_count == b.cell_count && a.cell_config == b.cell_config && a.cell_state == b.cell_state);
          CHECK(a.config_total == b.config_total && a.parent_configs == b.parent_configs);
          CHECK(a.cell_count == c.cell_count && a.cell_config == c.cell_config && a.config_total == c.config_total);
        }
      }
    }
    CHECK(plain.bit_counted() == 0);
    CHECK((bits.bit_counted() > 0) == !weighted);
  }
}

// count_plus() by base configuration (singletons apart) lists the cells of the base
// configurations seen at least twice, and the Dirichlet scores of its counts agree with
// those of count() on the whole family; it is not taken on weighted rows, and other
// scores refuse its counts.
inline void test_count_plus_groups() {
  std::mt19937 rng(11);
  for (bool weighted : {false, true}) {
    Table t(700, {2, 3, 4, 2, 300, 5, 4, 21}, weighted, rng);
    Counter grouped(t.view), whole(t.view);
    ScoreSpec bdeu, k2, bd, arcs;
    k2.type = ScoreType::k2;
    bd.type = ScoreType::bd;
    bd.alpha = 0.3;
    arcs.iss = 7;
    arcs.prior = StructurePrior::arcs;
    arcs.arc_prob = 0.2;
    arcs.n_nodes = 8;
    ScoreSpec loglik;
    loglik.type = ScoreType::loglik;
    const std::vector<std::vector<int>> bases = {{}, {4}, {7, 1}, {4, 1}, {1, 2, 6}};
    std::size_t with_singletons = 0;
    for (const auto& base : bases) {
      for (int node : {5, 7}) {
        if (std::find(base.begin(), base.end(), node) != base.end()) continue;
        grouped.set_base(node, base.data(), base.size());
        for (int extra = 0; extra < 8; ++extra) {
          if (extra == node || std::find(base.begin(), base.end(), extra) != base.end()) continue;
          std::vector<int> family = base;
          family.push_back(extra);
          const std::size_t before = grouped.group_counted();
          const FamilyCounts& a = grouped.count_plus(node, extra, base.data(), base.size(), true);
          const FamilyCounts& c = whole.count(node, family.data(), family.size());
          if (grouped.group_counted() == before) {  // counted as count() does
            CHECK(a.singleton_configs == 0 && a.cell_count == c.cell_count && a.config_total == c.config_total);
            continue;
          }
          double listed = 0;
          for (double n : a.config_total) listed += n;
          CHECK(listed + a.singleton_configs == 700 && a.parent_configs == c.parent_configs);
          for (const ScoreSpec& spec : {bdeu, k2, bd, arcs}) {
            CHECK(near(family_score(a, spec, 700, family.size()), family_score(c, spec, 700, family.size()), 1e-12));
          }
          if (a.singleton_configs > 0) {
            ++with_singletons;
            bool refused = false;
            try { family_score(a, loglik, 700, family.size()); } catch (const std::logic_error&) { refused = true; }
            CHECK(refused);
          }
        }
      }
    }
    CHECK((grouped.group_counted() > 0) == !weighted);
    CHECK((with_singletons > 0) == !weighted);
  }
}

// count_plus_window() gives count_plus()'s counts of one to four families at once (cells
// in the same order), by base configuration, by the interleaved tally or from the rows
// off the extra's mode (columns 5 and 10 show state 2 and 0 in all but about 1 row in
// 12, in 1 in 2 for column 6: still tallied); it declines, counting nothing, unless all
// take one of those paths from byte codes (column 4 has wide codes). score_plus_many()
// gives score_plus()'s scores bit for bit whichever way each family went (its last
// families of a path come in windows of fewer than four).
inline void test_count_plus_window() {
  std::mt19937 rng(5);
  Table t(700, {2, 3, 4, 2, 300, 5, 4, 21, 3, 6, 8, 7, 9, 10}, false, rng);
  for (auto skew : {std::make_pair(5, 12), std::make_pair(10, 12), std::make_pair(6, 2)}) {
    const std::uint8_t mode = skew.first == 5 ? 2 : 0;
    for (auto& code : t.small[skew.first]) code = rng() % skew.second == 0 ? code : mode;
  }
  const int n_vars = 14;
  Counter windowed(t.view), single(t.view);
  ScoreSpec bdeu;
  LocalScorer many(t.view, bdeu, nullptr), one(t.view, bdeu, nullptr);
  std::size_t by_groups = 0, by_tally = 0, by_off_mode = 0, declined = 0, short_windows = 0;
  const std::vector<std::vector<int>> bases = {{}, {2}, {4}, {7, 1}, {4, 9}, {1, 2, 6}};
  for (const auto& base : bases) {
    for (int node : {7, 9}) {
      if (std::find(base.begin(), base.end(), node) != base.end()) continue;
      const std::size_t states = t.view.columns[node].cardinality;
      std::vector<int> extras;
      for (int v = 0; v < n_vars; ++v) {
        if (v != node && std::find(base.begin(), base.end(), v) == base.end()) extras.push_back(v);
      }
      windowed.set_base(node, base.data(), base.size());
      single.set_base(node, base.data(), base.size());
      for (std::size_t n = 1; n <= Counter::kWindow; ++n) {
        for (std::size_t first = 0; first + n <= extras.size(); ++first) {
          bool all_grouped = true;
          std::vector<Counter::PlusPath> paths;
          for (std::size_t k = 0; k < n; ++k) {
            const Column& column = t.view.columns[extras[first + k]];
            paths.push_back(single.plus_path(column, states, true));
            all_grouped = all_grouped && paths.back() == Counter::PlusPath::groups && column.small;
          }
          const std::size_t before = windowed.group_counted();
          const bool counted = windowed.count_plus_window(node, &extras[first], true, n);
          CHECK(counted || !all_grouped);
          // window_path() says which families count_plus_window() takes, and by which path.
          bool one_path = true;
          for (std::size_t k = 0; k < n; ++k) {
            const Counter::PlusPath w = windowed.window_path(node, extras[first + k], true);
            const bool off_mode = w == Counter::PlusPath::off_mode;
            CHECK(w == Counter::PlusPath::whole || w == paths[k] ||
                  (off_mode && paths[k] == Counter::PlusPath::tally));
            CHECK(off_mode == (paths[k] == Counter::PlusPath::tally && (extras[first + k] == 5 ||
                                                                        extras[first + k] == 10)));
            one_path = one_path && w != Counter::PlusPath::whole &&
                       w == windowed.window_path(node, extras[first], true);
            by_off_mode += off_mode;
          }
          CHECK(counted == one_path);
          if (!counted) { ++declined; continue; }
          CHECK(std::count(paths.begin(), paths.end(), paths[0]) == static_cast<long>(n));
          if (n < Counter::kWindow) ++short_windows;
          if (windowed.group_counted() > before) ++by_groups;
          else ++by_tally;
          CHECK((windowed.group_counted() > before) == (paths[0] == Counter::PlusPath::groups));
          for (std::size_t k = 0; k < n; ++k) {
            const FamilyCounts& a = windowed.window_counts(k);
            const FamilyCounts& b = single.count_plus(node, extras[first + k], base.data(), base.size(), true);
            CHECK(a.cell_count == b.cell_count && a.cell_config == b.cell_config && a.cell_state == b.cell_state &&
                  a.config_total == b.config_total && a.singleton_configs == b.singleton_configs &&
                  a.parent_configs == b.parent_configs && a.states == b.states && a.dense == b.dense);
          }
        }
      }
      many.set_base(node, base.data(), base.size());
      one.set_base(node, base.data(), base.size());
      std::vector<double> got(extras.size());
      many.score_plus_many(node, extras.data(), extras.size(), base.data(), base.size(), got.data());
      for (std::size_t e = 0; e < extras.size(); ++e) {
        CHECK(got[e] == one.score_plus(node, extras[e], base.data(), base.size()));
      }
    }
  }
  CHECK(by_groups > 0 && by_tally > 0 && by_off_mode > 0 && declined > 0 && short_windows > 0);
}

// A hand-counted table: A = 0 0 1 1 1 2, B = 0 1 0 1 1 1 (A 3 states, B 2).
inline void test_dense_table() {
  std::vector<std::uint8_t> a = {0, 0, 1, 1, 1, 2}, b = {0, 1, 0, 1, 1, 1};
  DataView d;
  d.columns = {Column{a.data(), nullptr, nullptr, 3}, Column{b.data(), nullptr, nullptr, 2}};
  d.n_rows = 6;
  d.n_cases = 6;
  Counter counter(d);
  const int parent_a = 0;
  // N[b | a] in R's array order, state of B fastest: a=0: (1, 1), a=1: (1, 2), a=2: (0, 1).
  CHECK(counter.dense_table(1, &parent_a, 1) == (std::vector<double>{1, 1, 1, 2, 0, 1}));
  CHECK(counter.dense_table(0, nullptr, 0) == (std::vector<double>{2, 3, 1}));
  const FamilyCounts& c = counter.count(1, &parent_a, 1);
  CHECK(c.states == 2 && c.parent_configs == 3 && c.dense);
  CHECK(c.config_total == (std::vector<double>{2, 3, 1}));
  CHECK(c.cell_count.size() == 5);  // the cell (a=2, b=0) is empty
  CHECK(near(log_likelihood(c), 2 * std::log(0.5) + std::log(1.0 / 3) + 2 * std::log(2.0 / 3)));
  // Weights count cases: doubling every row doubles every count.
  std::vector<double> w(6, 2.0);
  d.weights = w.data();
  d.n_cases = 12;
  Counter weighted(d);
  CHECK(weighted.dense_table(1, &parent_a, 1) == (std::vector<double>{2, 2, 2, 4, 0, 2}));
  // Missing cells are refused.
  d.has_missing = true;
  Counter incomplete(d);
  bool refused = false;
  try { incomplete.count(1, nullptr, 0); } catch (const std::invalid_argument&) { refused = true; }
  CHECK(refused);
}

inline void test_key_index() {
  KeyIndex index;
  index.reset(4);
  CHECK(index.id(42) == 0);
  CHECK(index.id(7) == 1);
  CHECK(index.id(42) == 0);
  CHECK(index.id(1ULL << 40) == 2);
  CHECK(index.size() == 3);
}

// The distinct rows of a table: the same counts as the table for every family (brute
// force over the original rows), each row once, in order of first appearance.
inline void test_distinct_rows() {
  std::mt19937 rng(7);
  // Columns 0-2 take few states so rows repeat; 3 is wide (300 states); 4-39 make the
  // key longer than one 64-bit word.
  std::vector<int> cards = {2, 3, 2, 300};
  for (int v = 0; v < 36; ++v) cards.push_back(v % 2 ? 4 : 3);
  for (bool weighted : {false, true}) {
    Table t(2000, cards, weighted, rng);
    DistinctRows distinct;
    for (const std::vector<int>& vars : {std::vector<int>{0, 1, 2}, std::vector<int>{2, 0}, std::vector<int>{3, 1},
                                         std::vector<int>{}}) {
      CHECK(distinct.build(t.view, vars));
      const DataView& d = distinct.view();
      CHECK(d.n_cases == t.view.n_cases);
      CHECK(d.columns.size() == (vars.empty() ? cards.size() : vars.size()));
      // Compressed column k holds original column vars[k] (or k).
      std::vector<int> original(d.columns.size());
      for (std::size_t k = 0; k < original.size(); ++k) original[k] = vars.empty() ? static_cast<int>(k) : vars[k];
      std::vector<int> all(original.size());
      for (std::size_t k = 0; k < all.size(); ++k) all[k] = static_cast<int>(k);
      const auto brute = brute_counts(t.view, original[0], std::vector<int>(original.begin() + 1, original.end()));
      const auto compressed = brute_counts(d, all[0], std::vector<int>(all.begin() + 1, all.end()));
      CHECK(brute == compressed);
      CHECK(compressed.size() == d.n_rows);  // no row twice
      // First appearance order: the first compressed row is the first data row.
      for (std::size_t k = 0; k < original.size(); ++k) {
        CHECK(d.columns[k].code(0) == t.view.columns[original[k]].code(0));
      }
    }
    // Three columns of 2, 3, 2 states: at most 12 distinct rows out of 2000.
    CHECK(distinct.build(t.view, {0, 1, 2}) && distinct.view().n_rows <= 12);
    Counter on_data(t.view);
    const int parents[] = {0, 1};
    const double ll = log_likelihood(on_data.count(2, parents, 2));
    Counter on_distinct(distinct.view());
    CHECK(near(log_likelihood(on_distinct.count(2, parents, 2)), ll));
    // Stops when too many rows are distinct; refuses incomplete data.
    CHECK(!distinct.build(t.view, {3, 4, 5}, 0.1));
    t.view.has_missing = true;
    CHECK(!distinct.build(t.view, {0, 1}));
    t.view.has_missing = false;
  }
}

inline void run_data_tests() {
  run_test("test_counting", test_counting);
  run_test("test_count_plus_paths", test_count_plus_paths);
  run_test("test_count_plus_groups", test_count_plus_groups);
  run_test("test_count_plus_window", test_count_plus_window);
  run_test("test_dense_table", test_dense_table);
  run_test("test_key_index", test_key_index);
  run_test("test_distinct_rows", test_distinct_rows);
}

}  // namespace learnbn_test
