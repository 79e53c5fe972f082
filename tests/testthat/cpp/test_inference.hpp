// inference/: variable elimination, the junction tree (against variable elimination on
// random networks) and forward sampling (likelihood weighting, logic
// sampling) on a small network whose probabilities are worked out by hand below.
// Targets and evidence are disjoint (query() refuses a node that is both).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include <learnbn/inference/junction_tree.hpp>
#include <learnbn/inference/linear_gaussian.hpp>
#include <learnbn/inference/sampling.hpp>
#include <learnbn/inference/variable_elimination.hpp>
#include <learnbn/network/cpt_network.hpp>
#include <learnbn/util/rng.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

// A (2 states) -> B (3) -> C (2), and with `barren`, D (2, a child of C) and E (2, a
// root), which no query below involves. CPTs: the node's state fastest, then parents.
//   P(A) = (0.3, 0.7)
//   P(B | A = 0) = (0.2, 0.5, 0.3), P(B | A = 1) = (0.6, 0.1, 0.3)
//   P(C | B = 0) = (0.9, 0.1), P(C | B = 1) = (0.4, 0.6), P(C | B = 2) = (0.5, 0.5)
// By hand: P(B) = 0.3 (0.2, 0.5, 0.3) + 0.7 (0.6, 0.1, 0.3) = (0.48, 0.22, 0.30);
// P(C = 1 | A = 0) = 0.02 + 0.30 + 0.15 = 0.47, P(C = 1 | A = 1) = 0.06 + 0.06 + 0.15
// = 0.27, so P(A, C = 1) = (0.141, 0.189), P(C = 1) = 0.33 and
// P(A, C = 0) = (0.3 * 0.53, 0.7 * 0.73) = (0.159, 0.511); P(A, B = 2) = (0.09, 0.21).
inline CptNetwork chain_network(bool barren) {
  std::vector<int> states = {2, 3, 2};
  std::vector<std::vector<int>> parents = {{}, {0}, {1}};
  std::vector<std::vector<double>> cpts = {
      {0.3, 0.7}, {0.2, 0.5, 0.3, 0.6, 0.1, 0.3}, {0.9, 0.1, 0.4, 0.6, 0.5, 0.5}};
  if (barren) {
    states.insert(states.end(), {2, 2});
    parents.insert(parents.end(), {{2}, {}});
    cpts.insert(cpts.end(), {{0.25, 0.75, 0.8, 0.2}, {0.5, 0.5}});
  }
  return CptNetwork(states, parents, cpts);
}

// The joint's true values: values * exp(log_scale).
inline std::vector<double> unscaled(const ScaledJoint& joint) {
  std::vector<double> out;
  for (double v : joint.values) out.push_back(v * std::exp(joint.log_scale));
  return out;
}

inline bool all_near(const std::vector<double>& a, const std::vector<double>& b,
                     double tolerance = 1e-12) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!near(a[i], b[i], tolerance)) return false;
  }
  return true;
}

inline void test_variable_elimination() {
  for (bool barren : {false, true}) {
    const CptNetwork net = chain_network(barren);
    CHECK(all_near(unscaled(joint_with_evidence(net, {1}, Evidence{})), {0.48, 0.22, 0.30}));
    CHECK(all_near(unscaled(joint_with_evidence(net, {0}, Evidence{{2}, {1}})), {0.141, 0.189}));
    CHECK(all_near(unscaled(joint_with_evidence(net, {0}, Evidence{{1}, {2}})), {0.09, 0.21}));
    // Two targets, the first fastest: P(C, A).
    CHECK(all_near(unscaled(joint_with_evidence(net, {2, 0}, Evidence{})),
                   {0.159, 0.141, 0.511, 0.189}));
    // Evidence below the target: P(B, C = 1) = P(B) P(C = 1 | B).
    CHECK(all_near(unscaled(joint_with_evidence(net, {1}, Evidence{{2}, {1}})),
                   {0.48 * 0.1, 0.22 * 0.6, 0.30 * 0.5}));
  }
  // The ancestors of the targets and the evidence, and nothing else.
  const std::vector<char> ancestors = ancestral_set(chain_network(true), {1});
  CHECK(ancestors == (std::vector<char>{1, 1, 0, 0, 0}));
}

// 400 roots with P(state 0) = 0.01, all observed in state 0, and a target (node 400,
// P = (0.25, 0.75)): P(evidence) = 1e-800, far below the smallest double.
struct UnderflowCase {
  static constexpr int roots = 400;
  CptNetwork net;
  Evidence evidence;
};

inline UnderflowCase underflow_case() {
  const int roots = UnderflowCase::roots;
  std::vector<std::vector<double>> cpts(roots, std::vector<double>{0.01, 0.99});
  cpts.push_back({0.25, 0.75});
  Evidence evidence;
  for (int v = 0; v < roots; ++v) {
    evidence.nodes.push_back(v);
    evidence.states.push_back(0);
  }
  CptNetwork net(std::vector<int>(roots + 1, 2), std::vector<std::vector<int>>(roots + 1), cpts);
  return {std::move(net), evidence};
}

// P(evidence) far below the smallest double is kept on the log scale.
inline void test_elimination_underflow() {
  const UnderflowCase u = underflow_case();
  const int roots = UnderflowCase::roots;
  const ScaledJoint joint = joint_with_evidence(u.net, {roots}, u.evidence);
  const double total = joint.values[0] + joint.values[1];
  CHECK(near(joint.values[0] / total, 0.25) && near(joint.values[1] / total, 0.75));
  CHECK(near(std::log(total) + joint.log_scale, roots * std::log(0.01)));
}

// Sampling estimates (fixed seeds, 200,000 samples: standard errors below 0.003) and
// what holds exactly: a constant weight, and that barren nodes are never sampled.
inline void test_sampling() {
  const CptNetwork net = chain_network(true);
  const std::size_t n = 200000;
  int checks = 0;
  const auto count_checks = [&checks] { ++checks; };
  // Likelihood weighting, evidence B = 2: every sample weighs P(B = 2 | A) = 0.3.
  Random rng(1);
  const ScaledJoint weighted =
      sampled_joint(net, {0}, Evidence{{1}, {2}}, n, true, rng, count_checks);
  CHECK(near(weighted.log_scale, std::log(0.3)));
  CHECK(weighted.values[0] + weighted.values[1] == static_cast<double>(n));
  CHECK(std::fabs(weighted.values[0] / n - 0.3) < 0.01);
  CHECK(checks == static_cast<int>((n + 4095) / 4096));  // the interrupt check every 4,096
  // Likelihood weighting and logic sampling, evidence C = 1: P(A | C = 1) and P(C = 1).
  for (bool weighting : {true, false}) {
    Random draws(2);
    const ScaledJoint joint =
        sampled_joint(net, {0}, Evidence{{2}, {1}}, n, weighting, draws, [] {});
    const std::vector<double> p = unscaled(joint);
    CHECK(std::fabs(p[0] / (p[0] + p[1]) - 0.141 / 0.33) < 0.01);
    CHECK(std::fabs((p[0] + p[1]) / n - 0.33) < 0.01);
  }
  // The same draws with or without the barren nodes D and E.
  Random with(4), without(4);
  const ScaledJoint a = sampled_joint(net, {0, 1}, Evidence{{2}, {0}}, 5000, true, with, [] {});
  const ScaledJoint b =
      sampled_joint(chain_network(false), {0, 1}, Evidence{{2}, {0}}, 5000, true, without, [] {});
  CHECK(a.values == b.values && a.log_scale == b.log_scale);
}

// A random network of n nodes with 2-4 states, each with up to 3 parents among the
// earlier nodes, and CPTs of uniform draws normalised (a few exact zeros, so that some
// evidence is impossible).
inline CptNetwork random_network(int n, std::mt19937& gen) {
  std::uniform_int_distribution<int> states_of(2, 4), parents_of(0, 3);
  std::uniform_real_distribution<double> draw(0, 1);
  std::vector<int> states;
  std::vector<std::vector<int>> parents(static_cast<std::size_t>(n));
  std::vector<std::vector<double>> cpts;
  for (int v = 0; v < n; ++v) {
    states.push_back(states_of(gen));
    const int k = std::min(v, parents_of(gen));
    std::vector<int> earlier(static_cast<std::size_t>(v));
    std::iota(earlier.begin(), earlier.end(), 0);
    std::shuffle(earlier.begin(), earlier.end(), gen);
    parents[static_cast<std::size_t>(v)].assign(earlier.begin(), earlier.begin() + k);
    std::size_t configs = 1;
    for (int p : parents[static_cast<std::size_t>(v)]) {
      configs *= static_cast<std::size_t>(states[p]);
    }
    std::vector<double> cpt;
    for (std::size_t j = 0; j < configs; ++j) {
      std::vector<double> column;
      for (int s = 0; s < states.back(); ++s) column.push_back(draw(gen) < 0.05 ? 0 : draw(gen));
      double total = std::accumulate(column.begin(), column.end(), 0.0);
      if (!(total > 0)) column[0] = total = 1;
      for (double p : column) cpt.push_back(p / total);
    }
    cpts.push_back(cpt);
  }
  return CptNetwork(states, parents, cpts);
}

// Every marginal from one propagation against variable elimination of each target alone,
// on random networks with random evidence (including parts apart and impossible evidence).
inline void test_junction_tree() {
  std::mt19937 gen(42);
  int impossible = 0, compared = 0;
  for (int round = 0; round < 60; ++round) {
    const int n = 3 + round % 10;
    const CptNetwork net = random_network(n, gen);
    std::vector<int> nodes(static_cast<std::size_t>(n));
    std::iota(nodes.begin(), nodes.end(), 0);
    std::shuffle(nodes.begin(), nodes.end(), gen);
    const int observed = static_cast<int>(gen() % static_cast<unsigned>(n));
    Evidence evidence;
    for (int i = 0; i < observed; ++i) {
      const int v = nodes[static_cast<std::size_t>(i)];
      evidence.nodes.push_back(v);
      evidence.states.push_back(static_cast<int>(gen() % static_cast<unsigned>(net.states(v))));
    }
    const std::vector<int> targets(nodes.begin() + observed, nodes.end());
    const std::vector<ScaledJoint> got = marginals_with_evidence(net, targets, evidence);
    CHECK(got.size() == targets.size());
    for (std::size_t t = 0; t < targets.size(); ++t) {
      const ScaledJoint want = joint_with_evidence(net, {targets[t]}, evidence);
      const double total = std::accumulate(want.values.begin(), want.values.end(), 0.0);
      if (!(total > 0)) {
        ++impossible;
        CHECK(std::all_of(got[t].values.begin(), got[t].values.end(),
                          [](double v) { return v == 0; }));
        continue;
      }
      ++compared;
      std::vector<double> p;
      for (double v : want.values) p.push_back(v / total);
      CHECK(all_near(got[t].values, p));
      CHECK(near(got[t].log_scale, std::log(total) + want.log_scale, 1e-12));
    }
  }
  CHECK(impossible > 0 && compared > 200);
  // By hand on the chain A -> B -> C (and barren D, E): P(A | C = 1) = (0.141, 0.189) / 0.33.
  const std::vector<ScaledJoint> chain =
      marginals_with_evidence(chain_network(true), {0, 1}, Evidence{{2}, {1}});
  CHECK(all_near(chain[0].values, {0.141 / 0.33, 0.189 / 0.33}));
  CHECK(all_near(chain[1].values, {0.048 / 0.33, 0.132 / 0.33, 0.15 / 0.33}));
  CHECK(near(chain[0].log_scale, std::log(0.33), 1e-12));
}

// 400 observed roots (P = 0.01 each) and a target: P(evidence) = 1e-800 on the log scale;
// and a grid whose cliques are past kMaxFactorCells: a length_error.
inline void test_junction_tree_limits() {
  const UnderflowCase u = underflow_case();
  const int roots = UnderflowCase::roots;
  const std::vector<ScaledJoint> got = marginals_with_evidence(u.net, {roots}, u.evidence);
  CHECK(all_near(got[0].values, {0.25, 0.75}));
  CHECK(near(got[0].log_scale, roots * std::log(0.01)));
  // A 20 x 20 grid of 3-state nodes (parents: left and above) has treewidth 20: a clique
  // of at least 21 nodes, 3^21 cells. Node 0 alone (its only ancestor) is no trouble.
  const int side = 20;
  std::vector<int> grid_states(side * side, 3);
  std::vector<std::vector<int>> grid_parents(side * side);
  std::vector<std::vector<double>> grid_cpts;
  for (int v = 0; v < side * side; ++v) {
    if (v % side > 0) grid_parents[static_cast<std::size_t>(v)].push_back(v - 1);
    if (v >= side) grid_parents[static_cast<std::size_t>(v)].push_back(v - side);
    std::size_t cells = 3;
    for (std::size_t k = 0; k < grid_parents[static_cast<std::size_t>(v)].size(); ++k) cells *= 3;
    grid_cpts.emplace_back(cells, 1.0 / 3);
  }
  const CptNetwork grid(grid_states, grid_parents, grid_cpts);
  CHECK(all_near(marginals_with_evidence(grid, {0}, Evidence{})[0].values, {1.0 / 3, 1.0 / 3,
                                                                           1.0 / 3}));
  bool thrown = false;
  try {
    marginals_with_evidence(grid, {side * side - 1}, Evidence{});
  } catch (const std::length_error&) {
    thrown = true;
  }
  CHECK(thrown);
  // Two cliques of 2^27 cells are allowed, not three.
  const double big = std::log(kMaxFactorCells);
  bool too_many = false;
  junction::check_total_cells({{0}, {1}}, {big, big});  // must not throw
  try {
    junction::check_total_cells({{0}, {1}, {2}}, {big, big, big});
  } catch (const std::length_error&) {
    too_many = true;
  }
  CHECK(too_many);
}

// One sampling run for all targets: each target's counts are the joint's of that target
// when the relevant nodes are the same, and the margins of the joint of all targets.
inline void test_sampled_marginals() {
  const CptNetwork net = chain_network(true);
  Random a(7), b(7);
  const std::vector<ScaledJoint> marginals =
      sampled_marginals(net, {0, 1}, Evidence{{2}, {1}}, 3000, true, a, [] {});
  const ScaledJoint joint = sampled_joint(net, {0, 1}, Evidence{{2}, {1}}, 3000, true, b, [] {});
  CHECK(marginals[0].log_scale == joint.log_scale && marginals[1].log_scale == joint.log_scale);
  for (int s = 0; s < 2; ++s) {
    double margin = 0;
    for (int k = 0; k < 3; ++k) margin += joint.values[static_cast<std::size_t>(s + 2 * k)];
    CHECK(near(marginals[0].values[static_cast<std::size_t>(s)], margin, 1e-9));
  }
  for (int k = 0; k < 3; ++k) {
    const double margin = joint.values[static_cast<std::size_t>(2 * k)] +
                          joint.values[static_cast<std::size_t>(2 * k + 1)];
    CHECK(near(marginals[1].values[static_cast<std::size_t>(k)], margin, 1e-9));
  }
}

// The conditional Gaussian core by hand: X | A ~ N(1, 2^2) in configuration 0 and
// N(NaN, NaN) (no cases) in configuration 1, Y = 3 + 0.5 X + e, e ~ N(0, 1). In
// configuration 0: E[Y] = 3.5, var(Y) = 0.25 * 4 + 1 = 2, cov(X, Y) = 0.5 * 4 = 2; given
// Y = 5.5, E[X | Y] = 1 + 2 / 2 * 2 = 3, var(X | Y) = 4 - 2 * 2 / 2 = 2, and the density
// of Y is N(5.5; 3.5, 2). A second node equal to Y (sd 0) cannot be observed with Y.
inline void test_linear_gaussian() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<LinearFamily> families = {{{}, {1, nan}, {2, nan}, {0, 1}},
                                        {{0}, {3, 0.5}, {1}, {0}}};
  double mean[4], cov[8];
  int unfitted[4];
  normal_moments(families, 2, mean, cov, unfitted);
  // m x p x p, configurations fastest: cov[c + 2 (i + 2 j)]
  CHECK(mean[0] == 1 && mean[2] == 3.5 && cov[0] == 4 && cov[6] == 2);
  CHECK(cov[2] == 2 && cov[4] == 2);
  CHECK(unfitted[0] == 0 && unfitted[1] == 1 && unfitted[2] == 0 && unfitted[3] == 0);
  CHECK(std::isnan(mean[1]) && std::isnan(mean[3]) && std::isnan(cov[7]));
  const int config[2] = {0, 1};
  double case_mean[4] = {mean[0], mean[1], mean[2], mean[3]};
  const double y[2] = {5.5, 5.5};
  double log_density[2];
  CHECK(condition_normal(2, 2, cov, 2, case_mean, config, {1}, y, log_density));
  CHECK(std::fabs(case_mean[0] - 3.0) < 1e-12);
  CHECK(std::fabs(case_mean[2] - 5.5) < 1e-12);
  CHECK(std::fabs(cov[0] - 2.0) < 1e-12);
  CHECK(std::fabs(cov[6] - 0.0) < 1e-12);
  const double expected = -0.5 * std::log(2 * M_PI * 2) - 2.0 * 2.0 / (2 * 2);
  CHECK(std::fabs(log_density[0] - expected) < 1e-12);
  CHECK(log_density[1] == -std::numeric_limits<double>::infinity());  // NaN parameters
  // Y and a copy of it: the copy's variance given Y is 0
  families.push_back({{1}, {0, 1}, {0}, {0}});
  double mean3[6], cov3[18], case3[6];
  int unfitted3[6];
  normal_moments(families, 2, mean3, cov3, unfitted3);
  std::copy(mean3, mean3 + 6, case3);
  const double both[4] = {5.5, 5.5, 5.5, 5.5};
  CHECK(!condition_normal(2, 3, cov3, 2, case3, config, {1, 2}, both, log_density));
  // a parent that comes later is refused
  std::vector<LinearFamily> backwards = {{{1}, {0, 1}, {1}, {0}}, {{}, {0}, {1}, {0}}};
  bool threw = false;
  try {
    normal_moments(backwards, 1, mean, cov, unfitted);
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  CHECK(threw);
}

inline void run_inference_tests() {
  run_test("test_linear_gaussian", test_linear_gaussian);
  run_test("test_variable_elimination", test_variable_elimination);
  run_test("test_elimination_underflow", test_elimination_underflow);
  run_test("test_sampling", test_sampling);
  run_test("test_junction_tree", test_junction_tree);
  run_test("test_junction_tree_limits", test_junction_tree_limits);
  run_test("test_sampled_marginals", test_sampled_marginals);
}

}  // namespace learnbn_test
