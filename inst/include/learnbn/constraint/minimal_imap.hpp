// The minimal I-map of a known variable ordering (Koller & Friedman 2009, ch. 3): the
// parents of X_i are the smallest subset U of its predecessors such that X_i is
// independent of the other predecessors (tested as one combined variable) given U.
// Subsets are tried by increasing size, all subsets of one size in one parallel batch;
// among the subsets of the first size that passes (p-value above alpha) the one with
// the largest p-value is kept (the first in lexicographic order among equal ones). The
// full set of predecessors always passes and is not tested. When no subset up to
// max_parents passes, the subset of that size with the largest p-value is kept.
#pragma once
#include <algorithm>
#include <climits>
#include <functional>
#include <numeric>
#include <vector>

#include "../citest/batch.hpp"
#include "../util/combinations.hpp"

namespace learnbn {

struct MinimalImapTest {
  int x = 0;
  std::vector<int> rest, subset;  // y (the other predecessors) and z (the candidate parents)
  CITestResult result;
};

struct MinimalImapResult {
  std::vector<std::vector<int>> parents;  // by node
  std::vector<MinimalImapTest> tests;     // in the order run
  std::vector<int> capped;                // nodes whose parents were capped by max_parents
};

inline MinimalImapResult minimal_imap(const DataView& data, const CITestSpec& spec,
                                      const std::vector<int>& order, double alpha, int max_parents,
                                      int threads, const std::function<void()>& tick) {
  MinimalImapResult out;
  out.parents.assign(data.n_vars(), {});
  for (std::size_t i = 0; i < order.size(); ++i) {
    const int node = order[i];
    const std::vector<int> before(order.begin(), order.begin() + static_cast<long>(i));
    const int m = static_cast<int>(before.size()), top = std::min(m, max_parents);
    for (int size = 0; size <= top; ++size) {
      if (size == m) {  // every predecessor: independent of nothing left
        out.parents[node] = before;
        break;
      }
      NodeSets xs, rests, subsets;
      std::vector<int> pick(size);
      std::iota(pick.begin(), pick.end(), 0);
      do {
        std::vector<int> subset, rest;
        for (int k = 0, next = 0; k < m; ++k) {
          if (next < size && pick[next] == k) { subset.push_back(before[k]); ++next; }
          else rest.push_back(before[k]);
        }
        xs.push_back({node});
        rests.push_back(std::move(rest));
        subsets.push_back(std::move(subset));
      } while (next_combination(pick, m));
      const std::vector<CITestResult> results =
          run_tests(data, spec, xs, rests, subsets, threads, {}, tick);
      std::size_t best = 0;
      for (std::size_t t = 0; t < results.size(); ++t) {
        if (results[t].p_value > results[best].p_value) best = t;
        out.tests.push_back({node, rests[t], subsets[t], results[t]});
      }
      tick();
      if (results[best].p_value > alpha || size == top) {
        out.parents[node] = subsets[best];
        if (!(results[best].p_value > alpha)) out.capped.push_back(node);
        break;
      }
    }
  }
  return out;
}

}  // namespace learnbn
