// A batch of tests x[t] _||_ y[t] | z[t] run in parallel, one CITester per thread; the
// results do not depend on the number of threads (permutation streams are seeded by the
// variables tested, see permutation.hpp).
#pragma once
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <vector>

#include "tester.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace learnbn {

using NodeSets = std::vector<std::vector<int>>;

// `on_permutation` is called after each permutation of the tests that the calling
// thread runs (for a progress bar over the permutations of a single test), and
// `check_interrupt` there at most every kCheckSeconds: when it throws, the running
// permutations stop, the remaining tests are skipped and its exception is rethrown.
inline std::vector<CITestResult> run_tests(const DataView& data, const CITestSpec& spec, const NodeSets& x,
                                           const NodeSets& y, const NodeSets& z, int threads,
                                           const PermutationTick& on_permutation = {},
                                           const std::function<void()>& check_interrupt = {}) {
  constexpr double kCheckSeconds = 0.2;
  const long n = static_cast<long>(x.size());
  std::vector<CITestResult> results(n);
  std::exception_ptr error = nullptr;
  std::atomic<bool> stopped{false};
  std::chrono::steady_clock::time_point last_check{};  // the first permutation checks at once
  // Runs on the calling thread only: R's interrupt check may not run elsewhere.
  const PermutationTick tick = [&](int done) {
    if (on_permutation) on_permutation(done);
    const auto now = std::chrono::steady_clock::now();
    if (!check_interrupt || std::chrono::duration<double>(now - last_check).count() < kCheckSeconds) return true;
    last_check = now;
    try {
      check_interrupt();
    } catch (...) {
#pragma omp critical
      error = std::current_exception();
      stopped.store(true);
    }
    return !stopped.load();
  };
#pragma omp parallel num_threads(threads < 1 ? 1 : threads)
  {
    try {
      CITester tester(data, spec);
#ifdef _OPENMP
      if (omp_get_thread_num() == 0) tester.on_permutation(tick);
#else
      tester.on_permutation(tick);
#endif
#pragma omp for schedule(dynamic, 1)
      for (long t = 0; t < n; ++t) {
        if (!stopped.load(std::memory_order_relaxed)) results[t] = tester.test(x[t], y[t], z[t]);
      }
    } catch (...) {
#pragma omp critical
      error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
  return results;
}

}  // namespace learnbn
