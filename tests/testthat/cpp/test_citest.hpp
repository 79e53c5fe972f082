// citest/: Pearson's X2 and G2 on a tiny table against hand values, available cases,
// permutation p-values, Fisher's z and the Gaussian G2.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

// The only include of the citest group (it is being split into several headers).
#include <learnbn/citest/batch.hpp>
#include <learnbn/constraint/pc.hpp>
#include <learnbn/data/distinct_rows.hpp>
#include <learnbn/data/gaussian_stats.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

// x, y and a stratum z: in z = 0 the 2 x 2 table (3 1 / 1 3), in z = 1 one case a cell.
struct TinyTable {
  std::vector<std::uint8_t> x = {0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1};
  std::vector<std::uint8_t> y = {0, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1};
  std::vector<std::uint8_t> z = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
  DataView view;
  TinyTable() {
    view.columns = {Column{x.data(), nullptr, nullptr, 2}, Column{y.data(), nullptr, nullptr, 2},
                    Column{z.data(), nullptr, nullptr, 2}};
    view.n_rows = 12;
    view.n_cases = 12;
  }
};

inline void test_discrete_tests() {
  TinyTable t;
  CITestSpec x2;
  CITester pearson(t.view, x2);
  // Given z: X2 = 4 (1 / 2) = 2 in stratum 0 and 0 in stratum 1, df 2, p = exp(-1).
  CITestResult r = pearson.test(0, 1, {2});
  CHECK(near(r.statistic, 2.0) && r.df == 2 && near(r.p_value, std::exp(-1.0)) && r.n == 12);
  // Unconditionally: N = (4 2 / 2 4), E = 3: X2 = 4 / 3, df 1, p = erfc(sqrt(X2 / 2)).
  r = pearson.test(0, 1, {});
  CHECK(near(r.statistic, 4.0 / 3) && r.df == 1 && near(r.p_value, std::erfc(std::sqrt(2.0 / 3))));
  CITestSpec g2;
  g2.statistic = CIStatistic::likelihood_g2;
  CITester likelihood(t.view, g2);
  r = likelihood.test(0, 1, {2});
  CHECK(near(r.statistic, 4 * (3 * std::log(1.5) + std::log(0.5))) && r.df == 2);
  CHECK(near(r.p_value, std::exp(-r.statistic / 2)));
  // The test is symmetric in x and y, and sets of one variable are that variable.
  CHECK(near(likelihood.test(1, 0, {2}).statistic, r.statistic));
  CHECK(near(likelihood.test(std::vector<int>{0}, std::vector<int>{1}, std::vector<int>{2}).statistic, r.statistic));
  // Adjusted df: a stratum in which x takes one value contributes nothing.
  std::vector<std::uint8_t> x1 = t.x;
  for (std::size_t i = 8; i < 12; ++i) x1[i] = 0;
  DataView one = t.view;
  one.columns[0].small = x1.data();
  CITestSpec adjusted = x2;
  adjusted.adjusted_df = true;
  CITester adjusted_tester(one, adjusted);
  CHECK(adjusted_tester.test(0, 1, {2}).df == 1);
  CHECK(chisq_upper_tail(0, 3) == 1 && chisq_upper_tail(5, 0) == 1 && near(chisq_upper_tail(2, 2), std::exp(-1.0)));
  // Available cases: a row missing on x is left out of that test only.
  TinyTable m;
  m.x.push_back(255);
  m.y.push_back(0);
  m.z.push_back(0);
  m.view = DataView();
  m.view.columns = {Column{m.x.data(), nullptr, nullptr, 2}, Column{m.y.data(), nullptr, nullptr, 2},
                    Column{m.z.data(), nullptr, nullptr, 2}};
  m.view.n_rows = 13;
  m.view.n_cases = 13;
  m.view.has_missing = true;
  CITester available(m.view, x2);
  r = available.test(0, 1, {2});
  CHECK(r.n == 12 && near(r.statistic, 2.0) && r.df == 2);
  CHECK(available.test(1, 2, {}).n == 13);
  CHECK(ci_statistic_names()[1] == "g2");
}

inline void test_permutation() {
  std::mt19937 rng(31);
  Table t(200, {3, 3, 2}, false, rng);
  CITestSpec spec;
  spec.permutations = 99;
  spec.seed = 5;
  CITester tester(t.view, spec);
  const CITestResult r = tester.test(0, 1, {2});
  CHECK(r.p_value > 0 && r.p_value <= 1);
  const double hits = r.p_value * 100;  // (1 + #{stat* >= stat}) / (B + 1)
  CHECK(std::fabs(hits - std::round(hits)) < 1e-9 && hits >= 1);
  CITester again(t.view, spec);
  CHECK(again.test(0, 1, {2}).p_value == r.p_value);  // reproducible from the seed
  // The permutation tick counts every permutation and leaves the p-value alone.
  std::vector<int> ticks;
  CITester ticking(t.view, spec);
  ticking.on_permutation([&](int done) {
    ticks.push_back(done);
    return true;
  });
  CHECK(ticking.test(0, 1, {2}).p_value == r.p_value);
  CHECK(ticks.size() == 99 && ticks.front() == 1 && ticks.back() == 99);
  // An interrupt stops the run at its next poll (before each test and after each
  // permutation) and is rethrown: here the first poll, before any permutation.
  std::vector<int> seen;
  bool interrupted = false;
  try {
    run_tests(t.view, spec, {{0}, {0}}, {{1}, {1}}, {{2}, {2}}, 1, [&](int done) {
      seen.push_back(done);
      return true;
    }, [] { throw std::runtime_error("interrupt"); });
  } catch (const std::runtime_error&) {
    interrupted = true;
  }
  CHECK(interrupted && seen.empty());
  // The statistic is the asymptotic test's.
  CITestSpec plain;
  CITester asymptotic(t.view, plain);
  CHECK(near(asymptotic.test(0, 1, {2}).statistic, r.statistic));
  // A strong dependence is never matched by a permutation: p = 1 / (B + 1).
  for (std::size_t row = 0; row < 200; ++row) t.small[1][row] = t.small[0][row];
  CITester dependent(t.view, spec);
  CHECK(near(dependent.test(0, 1, {}).p_value, 0.01));
}

inline void test_gaussian_tests() {
  std::mt19937 rng(17);
  std::normal_distribution<double> normal;
  const std::size_t n = 1000;
  std::vector<std::vector<double>> x(4, std::vector<double>(n));
  for (std::size_t r = 0; r < n; ++r) {
    x[0][r] = normal(rng);
    x[1][r] = normal(rng);            // independent of x0
    x[2][r] = x[0][r] + normal(rng);  // x0 -> x2 -> x3
    x[3][r] = x[2][r] + normal(rng);
  }
  const GaussianTable table(x);
  const GaussianStats& stats = table.stats;
  const DataView& view = table.view;
  CITestSpec spec;
  spec.statistic = CIStatistic::fisher_z;
  CITester tester(view, spec);
  // Independent columns: z = sqrt(N - 3) atanh(r), p in (0, 1].
  const double r01 = stats.correlation[0 + 1 * 4];
  CITestResult r = tester.test(0, 1, {});
  CHECK(near(r.statistic, std::sqrt(n - 3.0) * std::atanh(r01)) && r.df == n - 3);
  CHECK(r.p_value > 0.01 && r.p_value <= 1);
  CHECK(near(r.p_value, std::erfc(std::fabs(r.statistic) / std::sqrt(2.0))));
  // Dependent columns reject; given the middle of the chain, the partial correlation is
  // (r03 - r02 r23) / sqrt((1 - r02^2)(1 - r23^2)).
  CHECK(tester.test(0, 3, {}).p_value < 1e-10);
  const double r02 = stats.correlation[0 + 2 * 4], r23 = stats.correlation[2 + 3 * 4], r03 = stats.correlation[0 + 3 * 4];
  const double partial = (r03 - r02 * r23) / std::sqrt((1 - r02 * r02) * (1 - r23 * r23));
  CHECK(near(partial_correlation(view, 0, 3, {2}), partial, 1e-8));
  r = tester.test(0, 3, {2});
  CHECK(r.df == n - 4 && near(r.statistic, std::sqrt(n - 4.0) * std::atanh(partial), 1e-8));
  // The Gaussian G2 of two single variables is -N log(1 - r^2).
  CITestSpec g2;
  g2.statistic = CIStatistic::gaussian_g2;
  CITester gaussian(view, g2);
  r = gaussian.test(0, 1, {});
  CHECK(near(r.statistic, -double(n) * std::log(1 - r01 * r01), 1e-8) && r.df == 1);
  // Fisher's z with permutations: p in (0, 1] on a (B + 1) grid.
  CITestSpec permuted = spec;
  permuted.permutations = 49;
  CITester shuffled(view, permuted);
  const double p = shuffled.test(0, 1, {2}).p_value;
  CHECK(p > 0 && p <= 1 && std::fabs(p * 50 - std::round(p * 50)) < 1e-9);
  // x and y linearly related given z (column 2 = x0 + x1): the strongest dependence, a partial
  // correlation of 1 and an infinite G2 (p = 0), not an undefined inverse read as r = 0.
  std::vector<std::vector<double>> related{x[0], x[1], x[0]};
  for (std::size_t row = 0; row < n; ++row) related[2][row] += x[1][row];
  const GaussianTable sums(related);
  CHECK(near(partial_correlation(sums.view, 2, 1, {0}), 1.0, 1e-8));
  CHECK(CITester(sums.view, spec).test(2, 1, {0}).p_value == 0);
  const CITestResult linked = CITester(sums.view, g2).test(2, 1, {0});
  CHECK(std::isinf(linked.statistic) && linked.p_value == 0);
  // Too few cases: never rejects.
  CHECK(fisher_z_from_r(0.9, 4, 1).p_value == 1);
  // Discrete data refuse Fisher's z.
  TinyTable t;
  CITester wrong(t.view, spec);
  bool refused = false;
  try { wrong.test(0, 1, {}); } catch (const std::invalid_argument&) { refused = true; }
  CHECK(refused);
}

// The shared-prefix shortcut: every window of tests counted together gives bit for bit
// the result of each test run alone, with and without weights, and on the distinct
// rows of the data (dense tables sized by the original rows).
inline void test_shared_prefix() {
  std::mt19937 rng(7);
  const std::size_t n = 500, p = 7;
  std::vector<std::vector<std::uint8_t>> codes(p, std::vector<std::uint8_t>(n));
  const int states[p] = {2, 3, 4, 2, 3, 2, 3};
  for (std::size_t v = 0; v < p; ++v) {
    for (std::size_t row = 0; row < n; ++row) {
      // Dependent columns: each copies the previous one about half the time.
      codes[v][row] = v > 0 && rng() % 2 ? codes[v - 1][row] % states[v] : rng() % states[v];
    }
  }
  std::vector<double> weights(n);
  for (double& w : weights) w = static_cast<double>(rng() % 5);
  DataView data;
  for (std::size_t v = 0; v < p; ++v) data.columns.push_back(Column{codes[v].data(), nullptr, nullptr, states[v]});
  data.n_rows = n;
  data.n_cases = n;
  DataView weighted = data;
  weighted.weights = weights.data();
  weighted.n_cases = 0;
  for (double w : weights) weighted.n_cases += w;
  DistinctRows distinct;
  CHECK(distinct.build(data));
  CHECK(distinct.view().n_rows < n);
  const std::vector<int> candidates{2, 3, 4, 5, 6};
  for (const CIStatistic statistic : {CIStatistic::pearson_x2, CIStatistic::likelihood_g2}) {
    CITestSpec spec;
    spec.statistic = statistic;
    spec.adjusted_df = statistic == CIStatistic::likelihood_g2;
    const std::vector<const DataView*> views{&data, &weighted, &distinct.view()};
    for (const DataView* view : views) {
      CITester alone(*view, spec, n), together(*view, spec, n);
      std::vector<CITestResult> results;
      for (const std::vector<int>& prefix : {std::vector<int>{}, std::vector<int>{2}, std::vector<int>{2, 3}}) {
        const std::size_t first = prefix.size();  // the candidates after the prefix
        CHECK(together.test_shared_prefix(0, 1, prefix, candidates, first, 8, results));
        CHECK(results.size() == 8);
        for (std::size_t k = 0; first + k < candidates.size(); ++k) {
          std::vector<int> z(prefix);
          z.push_back(candidates[first + k]);
          const CITestResult r = alone.test(0, 1, z);
          CHECK(results[k].statistic == r.statistic && results[k].df == r.df &&
                results[k].p_value == r.p_value && results[k].n == r.n);
        }
      }
      CHECK(together.test_pairs(1, candidates, 1, 4, results));
      for (std::size_t k = 0; k < 4; ++k) {
        const CITestResult r = alone.test(1, candidates[1 + k], {});
        CHECK(results[k].statistic == r.statistic && results[k].p_value == r.p_value);
      }
    }
  }
  // The distinct rows give the tests of the data (tables sized by the original rows).
  CITester on_rows(data, CITestSpec()), on_distinct(distinct.view(), CITestSpec(), n);
  for (const std::vector<int>& z : {std::vector<int>{}, std::vector<int>{2}, std::vector<int>{2, 3, 4, 5, 6}}) {
    const CITestResult a = on_rows.test(0, 1, z), b = on_distinct.test(0, 1, z);
    CHECK(a.statistic == b.statistic && a.p_value == b.p_value && a.n == b.n);
  }
  // Where the shortcut does not apply it says so: permutation tests.
  CITestSpec permutation;
  permutation.permutations = 10;
  CITester tester(data, permutation);
  std::vector<CITestResult> results;
  CHECK(!tester.test_shared_prefix(0, 1, {}, candidates, 0, 4, results));
}

// The table of candidate c given the shared variables, counted row by row in the
// layout of SharedPrefixTables::table().
inline std::vector<double> plain_shared_table(const DataView& data, const std::vector<int>& shared, int c) {
  std::size_t cells = 1;
  for (int v : shared) cells *= data.columns[v].cardinality;
  std::vector<double> out(cells * data.columns[c].cardinality, 0.0);
  for (std::size_t row = 0; row < data.n_rows; ++row) {
    std::size_t base = 0, stride = 1;
    for (int v : shared) {
      base += data.columns[v].small[row] * stride;
      stride *= data.columns[v].cardinality;
    }
    out[base + data.columns[c].small[row] * cells] += data.weight(row);
  }
  return out;
}

// Windows counted by groups of rows and scattered give the plain tables: widths 4, 8
// and 16 over 13 candidates of 2 to 4 states (windows running past the end), prefixes
// changing in their first and in their last variable, groups of no rows (a state never
// seen) and of more than 255 rows (a byte lane's limit), with and without weights
// (whole and fractional), and an odd number of rows (the sort's two halves, the codes'
// rows past the last eight); prefixes ending in a candidate.
inline void test_shared_prefix_grouped() {
  std::mt19937 rng(11);
  std::vector<int> cards{2, 2, 3, 4, 3};
  for (int j = 0; j < 13; ++j) cards.push_back(2 + j % 3);
  for (const int weights : {0, 1, 2, 3}) {  // none, whole, fractional; none on 3,005 rows
    const bool weighted = weights == 1 || weights == 2;
    Table t(weights == 3 ? 3005 : 3000, cards, weighted, rng);
    if (weights == 2) for (double& w : t.weights) w += 0.25;
    for (std::uint8_t& code : t.small[3]) code %= 3;  // state 3 of variable 3 never seen
    std::vector<int> candidates;
    for (int j = 0; j < 13; ++j) candidates.push_back(5 + j);
    // The last five end in a candidate (of 2, 3 and 4 states), as PC's Z' do.
    const std::vector<std::vector<int>> prefixes{
        {0, 1},    {0, 1, 2},    {0, 1, 3},    {4, 1, 3},    {0, 1, 2, 3}, {0, 1, 2, 4},
        {0, 1, 5}, {0, 1, 2, 6}, {0, 1, 2, 7}, {4, 1, 3, 7}, {0, 1, 6, 7}};
    SharedPrefixTables tables;
    tables.set_candidates(t.view, candidates);
    bool grouped = false, scattered = false;
    std::vector<double> table;
    for (int round = 0; round < 3; ++round) {
      for (const std::vector<int>& shared : prefixes) {
        for (const std::size_t width : {4, 8, 16}) {
          for (std::size_t first = 0; first < candidates.size(); first += width) {
            tables.count(t.view, shared, first, width);
            (tables.grouped() ? grouped : scattered) = true;
            for (std::size_t k = 0; k < width && first + k < candidates.size(); ++k) {
              tables.table(t.view, k, table);
              CHECK(table == plain_shared_table(t.view, shared, candidates[first + k]));
            }
          }
        }
      }
    }
    CHECK(scattered && grouped == !weighted);
  }
}

// Windows counted from split bit planes (split_planes.hpp, where the CPU has a fast
// PEXT) give the plain tables: PC's runs (Z'' and v candidates in increasing position,
// windows after v) over x, y and candidates of 2 to 4 states (mixed, and all of 2, 3 or
// 4: the kernels of known sizes, AVX-512 lanes for 3), 5,001 rows (groups of more than
// one word, of a partial last word and of no rows), leading members changing first,
// last and in number, x, y and the candidates changing, widths 4, 8 and 16 running past
// the end. Runs the PC order cannot give (v not after Z'') go by rows.
inline void test_shared_prefix_planes() {
  std::mt19937 rng(52);
  for (const int states : {0, 2, 3, 4}) {  // 0: mixed
    std::vector<int> cards{3, 2, 4};
    for (int j = 0; j < 12; ++j) cards.push_back(states ? states : 2 + j % 3);
    Table t(5001, cards, false, rng);
    for (std::uint8_t& code : t.small[6]) code = code == 2 ? 1 : code;  // state 2 unseen
    std::vector<int> candidates;
    for (int j = 3; j < 15; ++j) candidates.push_back(j);
    const std::vector<std::vector<int>> shared{
        {0, 1, 3},          {0, 1, 3, 4},      {0, 1, 3, 5},    {0, 1, 3, 4, 6},
        {0, 1, 3, 4, 7},    {0, 1, 3, 5, 7},   {0, 1, 4, 5, 6}, {0, 1, 3, 4, 6, 9},
        {0, 1, 3, 4, 7, 9}, {2, 1, 3, 4, 7},   {2, 0, 4, 7},    {0, 1, 5, 4}};
    SharedPrefixTables tables;
    std::size_t planes = 0, rows = 0;
    std::vector<double> table;
    for (int round = 0; round < 3; ++round) {
      // The second round drops the first candidate: positions move.
      std::vector<int> list(candidates.begin() + (round == 1), candidates.end());
      tables.set_candidates(t.view, list);
      for (const std::vector<int>& s : shared) {
        const auto v = std::find(list.begin(), list.end(), s.back());
        if (v == list.end()) continue;
        for (const std::size_t width : {4, 8, 16}) {
          for (std::size_t first = static_cast<std::size_t>(v - list.begin()) + 1;
               first < list.size(); first += width) {
            tables.count(t.view, s, first, width);
            (tables.planes() ? planes : rows) += 1;
            for (std::size_t k = 0; k < width && first + k < list.size(); ++k) {
              tables.table(t.view, k, table);
              CHECK(table == plain_shared_table(t.view, s, list[first + k]));
            }
          }
        }
      }
    }
    CHECK(rows > 0 && (planes > 0) == SplitPlanes::available());
  }
}

// The table of `free` given `shared` counted row by row, in BitTables::count()'s layout:
// shared cell b, free state s at (b % inner) + inner * (s + states * (b / inner)).
inline std::vector<double> plain_free_table(const DataView& data, const std::vector<int>& shared,
                                            int free, std::size_t inner) {
  std::size_t cells = 1;
  for (int v : shared) cells *= data.columns[v].cardinality;
  const std::size_t states = data.columns[free].cardinality;
  std::vector<double> out(cells * states, 0.0);
  for (std::size_t row = 0; row < data.n_rows; ++row) {
    std::size_t b = 0, stride = 1;
    for (int v : shared) {
      b += data.columns[v].small[row] * stride;
      stride *= data.columns[v].cardinality;
    }
    const std::size_t s = data.columns[free].small[row];
    out[b % inner + inner * (s + states * (b / inner))] += data.weight(row);
  }
  return out;
}

// The columns' bit sets, and a window's tables counted together (BitTables::count_each)
// over more than one block of words (33,001 rows: 516 words, past a block of 512 and not
// a multiple of 64), equal the plain row pass, for shared lists of one to three variables.
inline void test_bit_tables_blocks() {
  std::mt19937 rng(8);
  const std::vector<int> cards{3, 2, 4, 3, 2, 5};
  Table t(33001, cards, false, rng);
  for (std::size_t row = 0; row < 33001; ++row) {  // dependent columns
    if (rng() % 3 == 0) t.small[2][row] = t.small[0][row];
  }
  // The columns' sets (from byte compares where the CPU has AVX-512BW) bit by bit.
  auto bits = std::make_shared<ColumnBits>(t.view);
  for (int v = 0; v < static_cast<int>(cards.size()); ++v) {
    std::vector<std::uint64_t> plain((cards[v] - 1) * 516, 0);
    for (std::size_t row = 0; row < 33001; ++row) {
      const std::size_t s = t.small[v][row];
      if (s + 1 < static_cast<std::size_t>(cards[v])) {
        plain[s * 516 + row / 64] |= std::uint64_t(1) << (row % 64);
      }
    }
    CHECK((*bits)[v] == plain);
  }
  BitTables tables;
  CHECK(tables.attach(t.view, bits));
  for (const std::vector<int>& shared : {std::vector<int>{0}, {0, 1}, {1, 0, 3}}) {
    std::vector<int> frees;
    std::size_t cells = 1;
    for (int v = 0; v < static_cast<int>(cards.size()); ++v) {
      if (std::find(shared.begin(), shared.end(), v) == shared.end()) frees.push_back(v);
    }
    for (int v : shared) cells *= cards[v];
    std::vector<std::vector<double>> each(frees.size());
    tables.count_each(shared, frees.data(), frees.size(), cells, each.data());
    for (std::size_t k = 0; k < frees.size(); ++k) {
      CHECK(each[k] == plain_free_table(t.view, shared, frees[k], cells));
    }
  }
}

// Tables from bit sets equal the plain row pass: 1,000 rows (not a multiple of 64),
// variables of 2 to 9 states, states never seen (empty cells), shared lists changing in
// their first, middle and last variable and growing and shrinking (the kept splits
// reused), every layout position of the free variable. A tester counting from bit sets
// gives every test bit for bit as one without, on the data and on their distinct rows
// (the bit sets then of the original rows); weighted rows are refused.
inline void test_bit_tables() {
  std::mt19937 rng(5);
  const std::vector<int> cards{2, 3, 9, 4, 2, 5, 3, 7};
  Table t(1000, cards, false, rng);
  for (std::uint8_t& code : t.small[2]) code %= 6;  // states 6 to 8 never seen
  for (std::size_t row = 0; row < 1000; ++row) {    // dependent columns: fewer observed cells
    if (rng() % 2) t.small[3][row] = t.small[1][row];
    if (rng() % 2) t.small[6][row] = t.small[0][row] + t.small[4][row];
  }
  auto bits = std::make_shared<ColumnBits>(t.view);
  BitTables tables;
  CHECK(tables.attach(t.view, bits));
  const std::vector<std::vector<int>> shared_lists{
      {0}, {0, 1}, {0, 1, 2}, {0, 1, 3}, {0, 1, 3, 4}, {5, 1, 3}, {5, 1, 3, 6, 4}, {5}, {2, 6}};
  std::vector<double> table;
  for (int round = 0; round < 2; ++round) {
    for (const std::vector<int>& shared : shared_lists) {
      for (int free = 0; free < static_cast<int>(cards.size()); ++free) {
        if (std::find(shared.begin(), shared.end(), free) != shared.end()) continue;
        std::size_t inner = 1;
        for (std::size_t d = 0; d <= shared.size(); ++d) {  // the free variable at position d
          tables.count(shared, free, inner, table);
          CHECK(table == plain_free_table(t.view, shared, free, inner));
          if (d < shared.size()) inner *= cards[shared[d]];
        }
      }
      // All the other variables free at once (a window's tables), as count() gives each.
      std::vector<int> frees;
      for (int free = 0; free < static_cast<int>(cards.size()); ++free) {
        if (std::find(shared.begin(), shared.end(), free) == shared.end()) frees.push_back(free);
      }
      std::size_t cells = 1;
      for (int v : shared) cells *= cards[v];
      std::vector<std::vector<double>> each(frees.size());
      tables.count_each(shared, frees.data(), frees.size(), cells, each.data());
      for (std::size_t k = 0; k < frees.size(); ++k) {
        CHECK(each[k] == plain_free_table(t.view, shared, frees[k], cells));
      }
    }
  }
  // The vector kernel (where the CPU has it) and the portable one agree, at every tail,
  // offset and number of sets.
  std::vector<std::uint64_t> a(40), b(7 * 40);
  for (std::uint64_t& w : a) w = (static_cast<std::uint64_t>(rng()) << 32) ^ rng();
  for (std::uint64_t& w : b) w = (static_cast<std::uint64_t>(rng()) << 32) ^ rng();
  const std::uint64_t* sets[7];
  for (std::size_t k = 0; k < 7; ++k) sets[k] = &b[k * 40];
  for (std::size_t offset = 0; offset <= 9; offset += 3) {
    for (std::size_t words = 1; words + offset <= 40; words += 3) {
      for (std::size_t m = 1; m <= 7; ++m) {
        std::uint64_t fast[7] = {1, 2, 3, 4, 5, 6, 7}, portable[7] = {1, 2, 3, 4, 5, 6, 7};
        and_counts_add(a.data(), sets, m, offset, words, fast);
        and_counts_add_portable(a.data(), sets, m, offset, words, portable);
        CHECK(std::equal(fast, fast + 7, portable));
      }
    }
  }
  Table weighted(1000, cards, true, rng);
  CHECK(!tables.attach(weighted.view, std::make_shared<ColumnBits>(weighted.view)));
  CHECK(!tables.attached());
  // The tester: every cost model choice (bit sets, windows, passes) gives the same tests.
  DistinctRows distinct;
  CHECK(distinct.build(t.view));
  for (const CIStatistic statistic : {CIStatistic::pearson_x2, CIStatistic::likelihood_g2}) {
    CITestSpec spec;
    spec.statistic = statistic;
    spec.adjusted_df = statistic == CIStatistic::likelihood_g2;
    CITester plain(t.view, spec), on_bits(t.view, spec), on_distinct(distinct.view(), spec, 1000);
    CHECK(on_bits.count_bits_from(t.view, bits) && on_distinct.count_bits_from(t.view, bits));
    const std::vector<std::vector<int>> zs{{}, {2}, {3}, {2, 3}, {3, 4, 5}, {4, 5, 6, 7}};
    for (const std::vector<int>& z : zs) {
      for (const auto& xy : {std::pair<int, int>{0, 1}, std::pair<int, int>{1, 0}}) {
        const CITestResult a = plain.test(xy.first, xy.second, z);
        for (CITester* tester : {&on_bits, &on_distinct}) {
          const CITestResult b = tester->test(xy.first, xy.second, z);
          CHECK(a.statistic == b.statistic && a.df == b.df && a.p_value == b.p_value && a.n == b.n);
        }
      }
    }
    const std::vector<int> candidates{2, 3, 4, 5, 6, 7};
    std::vector<CITestResult> results;
    for (CITester* tester : {&on_bits, &on_distinct}) {
      CHECK(tester->test_shared_prefix(0, 1, {2}, candidates, 1, 8, results));
      for (std::size_t k = 0; 1 + k < candidates.size(); ++k) {
        const CITestResult a = plain.test(0, 1, {2, candidates[1 + k]});
        CHECK(results[k].statistic == a.statistic && results[k].p_value == a.p_value);
      }
    }
  }
}

// PC with and without the counting shortcuts: the same tests, witnesses and graph.
inline void test_pc_shortcuts_same() {
  std::mt19937 rng(3);
  const std::size_t n = 2000, p = 6;
  std::vector<std::vector<std::uint8_t>> codes(p, std::vector<std::uint8_t>(n));
  for (std::size_t row = 0; row < n; ++row) {
    codes[0][row] = rng() % 3;
    codes[1][row] = rng() % 4 ? codes[0][row] : rng() % 3;
    codes[2][row] = rng() % 4 ? codes[0][row] % 2 : rng() % 2;
    codes[3][row] = rng() % 3 ? (codes[1][row] + codes[2][row]) % 3 : rng() % 3;
    codes[4][row] = rng() % 3 ? codes[3][row] % 2 : rng() % 2;
    codes[5][row] = rng() % 2;
  }
  DataView data;
  const int states[p] = {3, 3, 2, 3, 2, 2};
  for (std::size_t v = 0; v < p; ++v) data.columns.push_back(Column{codes[v].data(), nullptr, nullptr, states[v]});
  data.n_rows = n;
  data.n_cases = n;
  for (int threads : {1, 2}) {
    PCOptions plain_options;
    plain_options.shortcuts = false;
    plain_options.threads = threads;
    PCOptions fast_options = plain_options;
    fast_options.shortcuts = true;
    const PCResult plain = PC(data, CITestSpec(), plain_options).run();
    const PCResult fast = PC(data, CITestSpec(), fast_options).run();
    // Each test as (x, y, set, p-value).
    auto tests_of = [](const TestRecords& records) {
      std::vector<std::tuple<int, int, std::vector<int>, double>> out;
      records.for_each([&out](const TestRecord& r, NodeRange z) {
        out.emplace_back(r.x, r.y, std::vector<int>(z.begin(), z.end()), r.result.p_value);
      });
      return out;
    };
    CHECK(plain.tests.size() > 20 && tests_of(fast.tests) == tests_of(plain.tests));
    CHECK(fast.witnesses.size() == plain.witnesses.size() && fast.amat == plain.amat &&
          fast.cache_hits == plain.cache_hits);
  }
}

// The scalar X2 loop that ThreeWayTable::statistic() ran before pearson_lanes.hpp, kept
// as the reference: statistic and adjusted df must equal it bit for bit.
inline double scalar_pearson(const std::vector<double>& t, std::size_t nx, std::size_t ny,
                             std::size_t nz, double& df, bool pearson = true) {
  double stat = 0;
  df = 0;
  std::vector<double> rt(nx), ct(ny);
  for (std::size_t z = 0; z < nz; ++z) {
    const double* s = t.data() + z * nx * ny;
    bool empty = true;
    for (std::size_t c = 0; c < nx * ny; ++c) empty &= s[c] == 0;
    if (empty) continue;
    std::fill(rt.begin(), rt.end(), 0.0);
    double total = 0;
    for (std::size_t y = 0; y < ny; ++y) {
      double col = 0;
      for (std::size_t x = 0; x < nx; ++x) { rt[x] += s[y * nx + x]; col += s[y * nx + x]; }
      ct[y] = col;
      total += col;
    }
    if (total <= 0) continue;
    std::size_t rows = 0, cols = 0;
    for (double v : rt) rows += v > 0;
    for (double v : ct) cols += v > 0;
    df += static_cast<double>(std::max<std::size_t>(rows, 1) - 1) *
          static_cast<double>(std::max<std::size_t>(cols, 1) - 1);
    for (std::size_t y = 0; y < ny; ++y) {
      if (ct[y] <= 0) continue;
      for (std::size_t x = 0; x < nx; ++x) {
        const double e = rt[x] * ct[y] / total;
        if (e <= 0) continue;
        const double o = s[y * nx + x];
        if (pearson) {
          stat += (o - e) * (o - e) / e;
        } else if (o > 0) {
          stat += 2.0 * o * std::log(o / e);
        }
      }
    }
  }
  return stat;
}

// X2 with 2 to 4 x states (the terms of a column computed in vector lanes) equals the
// scalar loop bit for bit: whole and fractional counts, empty strata, rows and columns,
// -0 cells, and tables whose last column ends the table; strata of one observed row or
// column (whose terms are skipped) of whole, large and fractional counts; G2 and five x
// states (the scalar path) likewise.
inline void test_pearson_lanes() {
  std::mt19937 rng(38);
  std::uniform_int_distribution<int> count(0, 6), shape(1, 6), kind(0, 5);
  std::uniform_real_distribution<double> weight(0.0, 3.0);
  ThreeWayTable table;
  int checked = 0, identical = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::size_t nx = 2 + round % 4, ny = static_cast<std::size_t>(shape(rng));
    const std::size_t nz = static_cast<std::size_t>(shape(rng)) * (round % 7 == 0 ? 40 : 1);
    std::vector<double> t(nx * ny * nz);
    const int style = kind(rng);  // 0 whole, 1 fractional, 2 sparse, 3 empty rows or columns
    for (std::size_t c = 0; c < t.size(); ++c) {
      t[c] = style == 1 ? weight(rng) * (count(rng) > 1) : count(rng);
      if (style == 2 && count(rng) < 5) t[c] = 0;
      if (style == 3 && (c % nx == 0 || (c / nx) % ny == 1)) t[c] = (round % 2) ? -0.0 : 0.0;
      // 4 and 5: a stratum keeps one row or one column (z odd: row, else column), 4 of
      // whole counts up to 6e4 (products past 2^32), 5 of fractional ones.
      const std::size_t x = c % nx, y = (c / nx) % ny, z = c / (nx * ny);
      if (style >= 4) {
        t[c] = (z % 2 ? x == z % nx : y == z % ny) ? count(rng) * (style == 4 ? 1e4 : 0.3) : 0;
      }
    }
    table.cells() = t;
    for (const bool pearson : {true, false}) {
      double df = -1, expected_df = -2;
      const double stat = table.statistic(nx, ny, nz, pearson, &df);
      const double expected = scalar_pearson(t, nx, ny, nz, expected_df, pearson);
      ++checked;
      identical += std::memcmp(&stat, &expected, sizeof stat) == 0 && df == expected_df;
    }
  }
  CHECK(checked == 6000 && identical == checked);
  // A hand value: the tiny table of test_discrete_tests (X2 = 2 given z).
  table.cells() = {3, 1, 1, 3, 1, 1, 1, 1};
  double df = 0;
  CHECK(table.statistic(2, 2, 2, true, &df) == 2.0 && df == 2);
}

// Mixed data with missing cells (a discrete code past the last state, a NaN value): mi_cg
// through the tester, on data/available_cases.hpp's copy, equals the test on the complete
// rows picked by hand; the copy keeps each column's kind, the rows' order and weights.
inline void test_mixed_available_cases() {
  std::mt19937 rng(35);
  const std::size_t n = 300;
  std::vector<std::uint8_t> d0(n);
  std::vector<int> d1(n);
  std::vector<double> c0(n), c1(n), weights(n);
  std::normal_distribution<double> noise;
  for (std::size_t r = 0; r < n; ++r) {
    d0[r] = static_cast<std::uint8_t>(rng() % 2);
    d1[r] = static_cast<int>(rng() % 3);
    c0[r] = d0[r] + noise(rng);
    c1[r] = 0.5 * c0[r] - d1[r] + noise(rng);
    weights[r] = 1.0 + static_cast<double>(rng() % 3);
    if (r % 7 == 3) d0[r] = 255;
    if (r % 11 == 5) d1[r] = 65535;
    if (r % 13 == 2) c0[r] = std::nan("");
    if (r % 17 == 9) c1[r] = std::nan("");
  }
  DataView full;
  full.columns = {Column{d0.data(), nullptr, nullptr, 2}, Column{nullptr, d1.data(), nullptr, 3},
                  Column{nullptr, nullptr, c0.data(), 0}, Column{nullptr, nullptr, c1.data(), 0}};
  full.n_rows = n;
  full.has_missing = true;
  const std::vector<std::vector<int>> triples = {{2, 3, 0, 1}, {0, 2, 3}, {1, 3, 2}, {2, 3}};
  for (bool weighted : {false, true}) {
    full.weights = weighted ? weights.data() : nullptr;
    full.n_cases = 0;
    for (std::size_t r = 0; r < n; ++r) full.n_cases += full.weight(r);
    CITestSpec spec;
    spec.statistic = CIStatistic::mixed_cg;
    CITester tester(full, spec);
    AvailableCases available(full);
    for (const std::vector<int>& vars : triples) {
      // the complete rows by hand, columns in the order of vars
      std::vector<std::vector<double>> values(vars.size());
      std::vector<std::vector<int>> codes(vars.size());
      std::vector<double> kept_weights;
      for (std::size_t r = 0; r < n; ++r) {
        bool complete = true;
        for (int v : vars) {
          const Column& c = full.columns[v];
          complete = complete && (c.real ? !std::isnan(c.real[r]) : c.code(r) < c.cardinality);
        }
        if (!complete) continue;
        kept_weights.push_back(full.weight(r));
        for (std::size_t k = 0; k < vars.size(); ++k) {
          const Column& c = full.columns[vars[k]];
          if (c.real) values[k].push_back(c.real[r]); else codes[k].push_back(c.code(r));
        }
      }
      DataView hand;
      hand.n_rows = kept_weights.size();
      for (std::size_t k = 0; k < vars.size(); ++k) {
        const Column& c = full.columns[vars[k]];
        hand.columns.push_back(c.real ? Column{nullptr, nullptr, values[k].data(), 0}
                                      : Column{nullptr, codes[k].data(), nullptr, c.cardinality});
      }
      if (weighted) hand.weights = kept_weights.data();
      for (double w : kept_weights) hand.n_cases += w;
      std::vector<int> z(vars.begin() + 2, vars.end()), hz(z.size());
      for (std::size_t k = 0; k < z.size(); ++k) hz[k] = static_cast<int>(k) + 2;
      const CITestResult got = tester.test(vars[0], vars[1], z);
      const CITestResult want = MixedCITest(hand, false).test(0, 1, hz);
      CHECK(got.statistic == want.statistic && got.df == want.df && got.p_value == want.p_value);
      CHECK(got.n == hand.n_cases && hand.n_rows < n);
      const DataView& copy = available.select(vars);
      CHECK(copy.n_rows == hand.n_rows && copy.n_cases == hand.n_cases);
      for (std::size_t k = 0; k < vars.size(); ++k) {
        const Column& c = copy.columns[k];
        CHECK((c.real != nullptr) == (full.columns[vars[k]].real != nullptr));
        for (std::size_t i = 0; i < copy.n_rows; ++i) {
          CHECK(c.real ? c.real[i] == values[k][i] : c.code(i) == codes[k][i]);
          if (weighted) CHECK(copy.weights[i] == kept_weights[i]);
        }
      }
    }
  }
}

// Windows counted by groups of rows on near-deterministic data (each column copies the
// previous one but for 3% of the rows, as pigs), where most strata z' show one state of
// x or of y: SharedPrefixTables::live_strata() leaves them out (at least one z' left out,
// checked), and every window's results equal the tests run alone bit for bit, X2 and
// G2, prefixes changing in their first and last member and shrinking; with x constant
// no z' is live.
inline void test_shared_prefix_live() {
  std::mt19937 rng(38);
  const std::size_t n = 3000, p = 9;
  std::vector<std::vector<std::uint8_t>> codes(p, std::vector<std::uint8_t>(n));
  for (std::size_t v = 0; v < p; ++v) {
    for (std::size_t row = 0; row < n; ++row)
      codes[v][row] = v > 0 && rng() % 100 >= 3 ? codes[v - 1][row] : rng() % 3;
  }
  DataView data;
  for (std::size_t v = 0; v < p; ++v)
    data.columns.push_back(Column{codes[v].data(), nullptr, nullptr, 3});
  data.n_rows = n;
  data.n_cases = n;
  const std::vector<int> candidates{2, 3, 4, 5, 6, 7, 8};
  const std::vector<std::vector<int>> prefixes{{2},       {2, 3},    {2, 4}, {3, 4},
                                               {2, 3, 4}, {2, 3, 5}, {2}};
  SharedPrefixTables tables;
  tables.set_candidates(data, candidates);
  std::size_t left_out = 0, windows = 0, compared = 0;
  for (const CIStatistic statistic : {CIStatistic::pearson_x2, CIStatistic::likelihood_g2}) {
    CITestSpec spec;
    spec.statistic = statistic;
    CITester alone(data, spec), together(data, spec);
    std::vector<CITestResult> results;
    for (int round = 0; round < 2; ++round) {  // the first windows scattered, then grouped
      for (const std::vector<int>& prefix : prefixes) {
        const std::size_t first = static_cast<std::size_t>(prefix.back() - 1);  // after it
        CHECK(together.test_shared_prefix(0, 1, prefix, candidates, first, 4, results));
        std::vector<int> shared{0, 1};
        shared.insert(shared.end(), prefix.begin(), prefix.end());
        tables.count(data, shared, first, 4, true);
        if (tables.grouped()) {
          ++windows;
          left_out += tables.live_count() < std::pow(3.0, prefix.size());
        }
        for (std::size_t k = 0; first + k < candidates.size() && k < 4; ++k) {
          std::vector<int> z(prefix);
          z.push_back(candidates[first + k]);
          const CITestResult r = alone.test(0, 1, z);
          CHECK(std::memcmp(&results[k].statistic, &r.statistic, sizeof(double)) == 0);
          CHECK(results[k].df == r.df && results[k].p_value == r.p_value);
          ++compared;
        }
      }
    }
  }
  CHECK(windows > 0 && left_out > 0 && compared > 0);
  // x constant: no z' is live, every statistic 0 as the tests alone give.
  std::fill(codes[0].begin(), codes[0].end(), std::uint8_t(0));
  CITester alone(data, CITestSpec()), together(data, CITestSpec());
  std::vector<CITestResult> results;
  for (int round = 0; round < 3; ++round) {
    CHECK(together.test_shared_prefix(0, 1, {2, 3}, candidates, 2, 4, results));
    for (std::size_t k = 0; k < 4; ++k) {
      const CITestResult r = alone.test(0, 1, {2, 3, candidates[2 + k]});
      CHECK(results[k].statistic == r.statistic && r.statistic == 0 &&
            results[k].p_value == r.p_value);
    }
  }
  SharedPrefixTables fresh;  // the data changed: no codes kept from before
  fresh.set_candidates(data, candidates);
  for (int round = 0; round < 3; ++round) fresh.count(data, {0, 1, 2, 3}, 2, 4, true);
  CHECK(fresh.grouped() && fresh.live_count() == 0 && fresh.live_strata() != nullptr);
}

// Path 0 (AVX) or 1 (AVX-512) of window_pearson_lanes(); false where not compiled or run.
inline bool window_lanes_path(int path, const window_lanes_detail::Layout& w, std::size_t nx,
                              std::size_t tables, std::size_t most, std::size_t nz,
                              const std::uint32_t* live, std::size_t n_live, double* stat,
                              double* df) {
  using namespace window_lanes_detail;
#if defined(LEARNBN_WINDOW_AVX)
  if (path == 0 && cpu_has_avx()) {
    if (nx == 2) strata_avx<2>(w, tables, most, nz, live, n_live, stat, df);
    if (nx == 3) strata_avx<3>(w, tables, most, nz, live, n_live, stat, df);
    if (nx == 4) strata_avx<4>(w, tables, most, nz, live, n_live, stat, df);
    return true;
  }
#endif
#if defined(LEARNBN_WINDOW_AVX512)
  if (path == 1 && cpu_has_avx512vl()) {
    if (nx == 2) strata_avx512_ny<2>(w, tables, most, nz, live, n_live, stat, df);
    if (nx == 3) strata_avx512_ny<3>(w, tables, most, nz, live, n_live, stat, df);
    if (nx == 4) strata_avx512_ny<4>(w, tables, most, nz, live, n_live, stat, df);
    return true;
  }
#endif
  (void)path; (void)w; (void)nx; (void)tables; (void)most; (void)nz; (void)live;
  (void)n_live; (void)stat; (void)df;
  return false;
}

// window_statistics() in vector lanes (window_lanes.hpp), and each vector path, against
// the scalar strata loop, bit for bit: windows of 4, 8 and 16 tables in the layout of
// SharedPrefixTables, x of 2 to 4 states and y of 1 to 4, candidates of 1 to 4 states,
// sparse and near-deterministic counts (empty, one-row and one-column strata), every z'
// or a live list, totals past 2^26.
inline void test_window_lanes() {
  std::mt19937 rng(3805);
  std::size_t compared = 0, differ = 0, paths = 0;
  for (int round = 0; round < 600; ++round) {
    const std::size_t width = std::size_t(4) << (round % 3), nx = 2 + rng() % 3;
    const std::size_t ny = 1 + rng() % 4, nz = 1 + rng() % 9, tables = 1 + rng() % width;
    std::size_t nc[16], last = 1;
    for (std::size_t k = 0; k < width; ++k) {
      nc[k] = 1 + rng() % 4;
      last = std::max(last, nc[k]);
    }
    const std::size_t row = last * width, cells = nx * ny * nz * row;
    std::vector<std::uint32_t> counts(cells);
    const unsigned sparse = rng() % 4, big = round % 50 == 7 ? 1u << 25 : 0u;
    for (std::uint32_t& o : counts) o = rng() % 4 < sparse ? 0 : big + rng() % 6;
    if (round % 5 == 1) {  // one x state in some strata
      for (std::size_t i = 0; i < cells; ++i) if ((i / row) % nx && rng() % 2) counts[i] = 0;
    }
    std::vector<WindowCells> w(tables);
    for (std::size_t k = 0; k < tables; ++k) {
      w[k].counts = counts.data() + k;
      w[k].nx = nx; w[k].ny = ny; w[k].nz = nz; w[k].nc = nc[k];
      w[k].sx = row; w[k].sy = nx * row; w[k].sz = nx * ny * row; w[k].sc = width;
    }
    std::vector<std::uint32_t> live;
    for (std::uint32_t z = 0; z < nz; ++z) if (rng() % 3) live.push_back(z);
    const bool listed = round % 2;
    std::vector<double> stat(tables), df(tables), s0(tables), d0(tables);
    window_statistics(w.data(), tables, true, stat.data(), df.data(),
                      listed ? live.data() : nullptr, live.size());
    window_statistic_detail::strata<0>(w.data(), tables, true, s0.data(), d0.data(),
                                       listed ? live.data() : nullptr, live.size());
    for (std::size_t k = 0; k < tables; ++k) {
      CHECK(std::memcmp(&stat[k], &s0[k], sizeof(double)) == 0 && df[k] == d0[k]);
      ++compared;
      differ += s0[k] != 0;
    }
    // Each vector path the CPU runs (window_statistics() takes the widest).
    std::size_t nc_tables[16] = {};
    std::copy(nc, nc + tables, nc_tables);
    const std::size_t most = *std::max_element(nc, nc + tables);
    const window_lanes_detail::Layout layout{counts.data(), row, nx * row, nx * ny * row,
                                             width, ny, nc_tables};
    const std::uint32_t* listed_z = listed ? live.data() : nullptr;
    for (int path = 0; path < 2; ++path) {
      if (!window_lanes_path(path, layout, nx, tables, most, nz, listed_z, live.size(),
                             stat.data(), df.data())) continue;
      for (std::size_t k = 0; k < tables; ++k) {
        CHECK(std::memcmp(&stat[k], &s0[k], sizeof(double)) == 0 && df[k] == d0[k]);
        ++paths;
      }
    }
  }
  CHECK(compared > 3000 && differ > 1000);
#if defined(LEARNBN_WINDOW_AVX)
  CHECK(paths > 0 || !cpu_has_avx());  // LEARNBN_NO_AVX (valgrind) compiles no path
#endif
}

inline void run_citest_tests() {
  run_test("test_discrete_tests", test_discrete_tests);
  run_test("test_permutation", test_permutation);
  run_test("test_gaussian_tests", test_gaussian_tests);
  run_test("test_shared_prefix", test_shared_prefix);
  run_test("test_shared_prefix_grouped", test_shared_prefix_grouped);
  run_test("test_shared_prefix_live", test_shared_prefix_live);
  run_test("test_shared_prefix_planes", test_shared_prefix_planes);
  run_test("test_bit_tables", test_bit_tables);
  run_test("test_bit_tables_blocks", test_bit_tables_blocks);
  run_test("test_pc_shortcuts_same", test_pc_shortcuts_same);
  run_test("test_pearson_lanes", test_pearson_lanes);
  run_test("test_mixed_available_cases", test_mixed_available_cases);
  run_test("test_window_lanes", test_window_lanes);
}

}  // namespace learnbn_test
