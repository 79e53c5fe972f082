// A batch of tests x[t] _||_ y[t] | z[t] run in parallel, one CITester per thread; the
// results do not depend on the number of threads (permutation streams are seeded by the
// variables tested, see permutation.hpp).
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "../util/interrupt.hpp"
#include "../util/parallel.hpp"
#include "tester.hpp"

namespace learnbn {

using NodeSets = std::vector<std::vector<int>>;

// `on_permutation` is called after each permutation of the tests that the calling
// thread runs (for a progress bar over the permutations of a single test). Every thread
// polls `check_interrupt` (through an Interrupt, on the calling thread only) between
// tests and after each permutation: when it throws, the running permutations stop, the
// remaining tests are skipped and its exception is rethrown.
inline std::vector<CITestResult> run_tests(const DataView& data, const CITestSpec& spec,
                                           const NodeSets& x, const NodeSets& y, const NodeSets& z,
                                           int threads, const PermutationTick& on_permutation = {},
                                           const std::function<void()>& check_interrupt = {}) {
  std::vector<CITestResult> results(x.size());
  Interrupt interrupt(check_interrupt);
  const PermutationTick tick = [&](int done) {
    if (on_permutation && interrupt.owner()) on_permutation(done);
    return !interrupt.poll();
  };
  parallel_items(
      static_cast<long>(x.size()), threads, interrupt,
      [&] {
        auto tester = std::make_unique<CITester>(data, spec);
        tester->on_permutation(tick);
        return tester;
      },
      [&](std::unique_ptr<CITester>& tester, long t) {
        results[t] = tester->test(x[t], y[t], z[t]);
      });
  return results;
}

}  // namespace learnbn
