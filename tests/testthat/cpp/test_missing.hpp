// missing/: the completion of incomplete data (counts, joint, Gibbs, MAP), which never
// changes an observed cell, under the CPT networks of test_network.hpp.
#pragma once
#include <cmath>
#include <map>
#include <vector>

// The only include of the missing group (it is being split into several headers).
#include <learnbn/missing/completion.hpp>
#include <learnbn/data/counts.hpp>
#include <learnbn/missing/expected_rows_builder.hpp>
#include <learnbn/missing/gibbs_parameters.hpp>
#include <learnbn/missing/sampling.hpp>

#include "check.hpp"
#include "test_network.hpp"

namespace learnbn_test {

using namespace learnbn;

// Four rows of (A, B) with 255 for a missing cell: (0, 0), (?, 1), (1, ?), (?, ?).
struct IncompleteData {
  std::vector<std::uint8_t> a = {0, 255, 1, 255}, b = {0, 1, 255, 255};
  DataView view;
  IncompleteData() {
    view.columns = {Column{a.data(), nullptr, nullptr, 2}, Column{b.data(), nullptr, nullptr, 3}};
    view.n_rows = 4;
    view.n_cases = 4;
    view.has_missing = true;
  }
};

inline CompletedData complete(const DataView& data, CompletionOptions::Mode mode) {
  const CptNetwork net = two_node_network();
  CompletionOptions options;
  options.mode = mode;
  options.samples = 8;
  options.burn_in = 5;
  LazyRandom rng([] { return std::uint64_t(42); });
  DataCompleter completer(data, net, options, rng);
  return completer.run([] {});
}

// Observed cells survive, every row's weights sum to its weight, the sources are rows.
inline bool keeps_observed(const IncompleteData& d, const CompletedData& c) {
  bool ok = c.codes.size() == 2 && c.weights.size() == c.source.size();
  std::map<int, double> weight;
  for (std::size_t i = 0; ok && i < c.weights.size(); ++i) {
    const int r = c.source[i];
    ok = r >= 0 && r < 4;
    if (!ok) break;
    if (d.a[r] != 255) ok = ok && c.codes[0][i] == d.a[r];
    if (d.b[r] != 255) ok = ok && c.codes[1][i] == d.b[r];
    ok = ok && c.codes[0][i] < 2 && c.codes[1][i] < 3;
    weight[r] += c.weights[i];
  }
  for (int r = 0; ok && r < 4; ++r) ok = near(weight[r], 1.0);
  return ok;
}

inline void test_completion() {
  IncompleteData d;
  // Counts: the expected counts; P(A = 0 | B = 1) = .15 / .22.
  const CompletedData counts = complete(d.view, CompletionOptions::Mode::counts);
  CHECK(counts.family_counts.size() == 2 && counts.family_counts[0].size() == 2 && counts.family_counts[1].size() == 6);
  CHECK(near(counts.family_counts[0][0], 1 + 0.15 / 0.22 + 0.3));
  CHECK(near(counts.family_counts[0][1], 0.07 / 0.22 + 1 + 0.7));
  double total = 0;
  for (double n : counts.family_counts[1]) total += n;
  CHECK(near(total, 4.0));
  // Row log-likelihoods of the observed cells.
  CHECK(counts.row_loglik.size() == 4);
  CHECK(near(counts.row_loglik[0], std::log(0.3 * 0.2)) && near(counts.row_loglik[1], std::log(0.22)));
  CHECK(near(counts.row_loglik[2], std::log(0.7)) && near(counts.row_loglik[3], 0.0, 1e-12));
  CHECK(counts.inexact_rows == 0);
  // Joint: every completion with its posterior weight; B = 1 row: two completions.
  const CompletedData joint = complete(d.view, CompletionOptions::Mode::joint);
  CHECK(keeps_observed(d, joint));
  CHECK(joint.weights.size() == 1 + 2 + 3 + 6);
  bool exact = true;
  for (std::size_t i = 0; i < joint.weights.size(); ++i) {
    if (joint.source[i] == 1 && joint.codes[0][i] == 0) exact = exact && near(joint.weights[i], 0.15 / 0.22);
    if (joint.source[i] == 3 && joint.codes[0][i] == 1 && joint.codes[1][i] == 0) exact = exact && near(joint.weights[i], 0.42);
  }
  CHECK(exact);
  // Gibbs: sampled completions, observed cells kept.
  const CompletedData gibbs = complete(d.view, CompletionOptions::Mode::gibbs);
  CHECK(keeps_observed(d, gibbs));
  // MAP: one row each, the most probable completion: A = 0 given B = 1, B = 0 given
  // A = 1, (1, 0) for the empty row.
  const CompletedData map = complete(d.view, CompletionOptions::Mode::map);
  CHECK(keeps_observed(d, map) && map.weights.size() == 4);
  CHECK(map.codes[0] == (std::vector<std::uint16_t>{0, 0, 1, 1}));
  CHECK(map.codes[1] == (std::vector<std::uint16_t>{0, 1, 0, 0}));
  // A network of the wrong width is refused.
  IncompleteData wide;
  wide.view.columns.push_back(wide.view.columns[0]);
  const CptNetwork net = two_node_network();
  LazyRandom rng([] { return std::uint64_t(1); });
  bool refused = false;
  try { DataCompleter bad(wide.view, net, CompletionOptions(), rng); } catch (const std::invalid_argument&) { refused = true; }
  CHECK(refused);
  // So is data whose column has other states than its node (code 2 of A would be read
  // past A's CPT), by the completion and by Gibbs sampling of parameters.
  IncompleteData other;
  other.view.columns[0].cardinality = 3;
  int mismatched = 0;
  try { DataCompleter bad(other.view, net, CompletionOptions(), rng); } catch (const std::invalid_argument&) { ++mismatched; }
  Random gibbs_rng(1);
  try { GibbsParameterSampler bad(other.view, net, 1.0, gibbs_rng); } catch (const std::invalid_argument&) { ++mismatched; }
  CHECK(mismatched == 2);
}

// Merging identical completed rows sums their weights in first-occurrence order.
inline void test_merge_duplicate_rows() {
  CompletedData d;
  d.codes = {{0, 1, 0, 0, 1}, {2, 0, 2, 1, 0}};
  d.weights = {0.5, 1, 0.25, 2, 0.125};
  d.source = {0, 0, 1, 2, 3};
  merge_duplicate_rows(d);
  CHECK((d.codes[0] == std::vector<std::uint16_t>{0, 1, 0}));
  CHECK((d.codes[1] == std::vector<std::uint16_t>{2, 0, 1}));
  CHECK((d.weights == std::vector<double>{0.75, 1.125, 2}));
  CHECK(d.source.empty());
}

// Expected counts from each row's component completions (structural EM's search)
// equal the counts of the joint completed data, on the dense path (marginals, pairs in
// different components, cells sharing a component) and on the sparse path (the family
// expanded to weighted rows), for families inside and outside the network.
inline void test_expected_rows() {
  // A (2) -> B (3) -> C (2), and D (2) alone: B and C share components, A and D not.
  const CptNetwork net({2, 3, 2, 2}, {{}, {0}, {1}, {}},
                       {{0.3, 0.7}, {0.2, 0.5, 0.3, 0.6, 0.1, 0.3}, {0.9, 0.1, 0.4, 0.6, 0.25, 0.75}, {0.45, 0.55}});
  std::vector<std::uint8_t> a = {0, 255, 1, 255, 0, 255, 1},
                            b = {0, 1, 255, 255, 255, 2, 255},
                            c = {1, 255, 255, 0, 255, 255, 1},
                            d = {0, 1, 255, 255, 1, 255, 0};
  std::vector<double> weights = {1, 2, 1, 0.5, 1, 3, 1};
  DataView view;
  view.columns = {Column{a.data(), nullptr, nullptr, 2}, Column{b.data(), nullptr, nullptr, 3},
                  Column{c.data(), nullptr, nullptr, 2}, Column{d.data(), nullptr, nullptr, 2}};
  view.n_rows = 7;
  view.n_cases = 9.5;
  view.weights = weights.data();
  view.has_missing = true;
  CompletionOptions options;
  LazyRandom rng([] { return std::uint64_t(3); });
  const ExpectedRows rows = build_expected_rows(view, net, options, rng, [] {});
  options.mode = CompletionOptions::Mode::joint;
  const CompletedData joint = DataCompleter(view, net, options, rng).run([] {});
  DataView completed;
  std::vector<std::vector<int>> completed_codes;
  completed_codes.reserve(4);  // the columns point into it
  for (std::size_t v = 0; v < 4; ++v) {
    Column column;
    completed_codes.push_back(std::vector<int>(joint.codes[v].begin(), joint.codes[v].end()));
    column.wide = completed_codes.back().data();
    column.cardinality = view.columns[v].cardinality;
    completed.columns.push_back(column);
  }
  completed.weights = joint.weights.data();
  completed.n_rows = joint.weights.size();
  completed.n_cases = view.n_cases;
  for (const std::vector<int>& family : std::vector<std::vector<int>>{{0}, {2, 0}, {1, 2}, {2, 1, 0}, {3, 0, 2}, {0, 1, 2, 3}}) {
    Counter reference(completed);
    const std::vector<double> want = reference.dense_table(family[0], family.data() + 1, family.size() - 1);
    std::vector<double> dense(want.size(), 0.0), sparse(want.size(), 0.0);
    FamilyExpander expander;
    expander.add_dense(view, rows, family.data(), family.size(), dense);
    std::vector<std::vector<int>> codes;
    std::vector<double> row_weights;
    expander.expand(view, rows, family.data(), family.size(), codes, row_weights);
    for (std::size_t r = 0; r < row_weights.size(); ++r) {
      std::size_t cell = 0, stride = 1;
      for (std::size_t i = 0; i < family.size(); ++i) {
        cell += codes[i][r] * stride;
        stride *= static_cast<std::size_t>(view.columns[family[i]].cardinality);
      }
      sparse[cell] += row_weights[r];
    }
    bool same = true;
    for (std::size_t cell = 0; cell < want.size(); ++cell) {
      same = same && near(dense[cell], want[cell], 1e-12) && near(sparse[cell], want[cell], 1e-12);
    }
    CHECK(same);
  }
}

inline void run_missing_tests() {
  run_test("test_expected_rows", test_expected_rows);
  run_test("test_merge_duplicate_rows", test_merge_duplicate_rows);
  run_test("test_completion", test_completion);
}

}  // namespace learnbn_test
