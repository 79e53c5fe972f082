// network/: the CPT network (parents, children, order, cells, log CPTs) and the networks
// it refuses.
#pragma once
#include <cmath>
#include <stdexcept>
#include <vector>

#include <learnbn/network/cpt_network.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

// A (2 states) -> B (3 states).
inline CptNetwork two_node_network() {
  return CptNetwork({2, 3}, {{}, {0}}, {{0.3, 0.7}, {0.2, 0.5, 0.3, 0.6, 0.1, 0.3}});
}

inline void test_cpt_network() {
  const CptNetwork net = two_node_network();
  CHECK(net.n_nodes() == 2 && net.states(1) == 3 && net.cells(1) == 6);
  CHECK(net.order() == (std::vector<int>{0, 1}) && net.children(0) == (std::vector<int>{1}));
  const int row[] = {1, 2};
  CHECK(net.cell(1, row) == 5 && net.cell(0, row) == 1);
  CHECK(near(net.log_prob(1, row), std::log(0.3)) && near(net.log_prob(0, row), std::log(0.7)));
  const int other[] = {0, 1};
  CHECK(near(std::exp(net.log_prob(0, other) + net.log_prob(1, other)), 0.3 * 0.5));
  CptNetwork changed = net;
  changed.set_cpt(0, {0.9, 0.1});
  CHECK(near(changed.log_prob(0, row), std::log(0.1)) && changed.cpt(0)[0] == 0.9);
  // Invalid networks: a CPT of the wrong size, a cycle, a parent out of range.
  int refused = 0;
  try {
    CptNetwork({2, 2}, {{}, {0}}, {{0.5, 0.5}, {0.5, 0.5}});
  } catch (const std::invalid_argument&) { ++refused; }
  try {
    CptNetwork({2, 2}, {{1}, {0}}, {{.5, .5, .5, .5}, {.5, .5, .5, .5}});
  } catch (const std::invalid_argument&) { ++refused; }
  try {
    CptNetwork({2}, {{3}}, {{.5, .5, .5, .5}});
  } catch (const std::invalid_argument&) { ++refused; }
  // A node without states (a variable never observed, issue 33): its CPT would be empty.
  try {
    CptNetwork({2, 0}, {{}, {0}}, {{.5, .5}, {}});
  } catch (const std::invalid_argument&) { ++refused; }
  CHECK(refused == 4);
}

inline void run_network_tests() { run_test("test_cpt_network", test_cpt_network); }

}  // namespace learnbn_test
