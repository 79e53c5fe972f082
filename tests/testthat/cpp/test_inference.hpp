// inference/: variable elimination and forward sampling (likelihood weighting, logic
// sampling) on a small network whose probabilities are worked out by hand below.
// Targets and evidence are disjoint (query() refuses a node that is both).
#pragma once
#include <cmath>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

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

// P(evidence) far below the smallest double is kept on the log scale: 400 roots with
// P(state 0) = 0.01 observed in state 0, and a target with P = (0.25, 0.75).
inline void test_elimination_underflow() {
  const int roots = 400;
  std::vector<int> states(roots + 1, 2);
  std::vector<std::vector<int>> parents(roots + 1);
  std::vector<std::vector<double>> cpts(roots, std::vector<double>{0.01, 0.99});
  cpts.push_back({0.25, 0.75});
  Evidence evidence;
  for (int v = 0; v < roots; ++v) {
    evidence.nodes.push_back(v);
    evidence.states.push_back(0);
  }
  const ScaledJoint joint =
      joint_with_evidence(CptNetwork(states, parents, cpts), {roots}, evidence);
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

inline void run_inference_tests() {
  run_test("test_variable_elimination", test_variable_elimination);
  run_test("test_elimination_underflow", test_elimination_underflow);
  run_test("test_sampling", test_sampling);
}

}  // namespace learnbn_test
