// A batch of tests x[t] _||_ y[t] | z[t] run in parallel, one CITester per thread; the
// results do not depend on the number of threads (permutation streams are seeded by the
// variables tested, see permutation.hpp).
#pragma once
#include <exception>
#include <vector>

#include "tester.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace learnbn {

using NodeSets = std::vector<std::vector<int>>;

// `on_permutation` is called after each permutation of the tests that the calling
// thread runs (for a progress bar over the permutations of a single test).
inline std::vector<CITestResult> run_tests(const DataView& data, const CITestSpec& spec, const NodeSets& x,
                                           const NodeSets& y, const NodeSets& z, int threads,
                                           const PermutationTick& on_permutation = {}) {
  const long n = static_cast<long>(x.size());
  std::vector<CITestResult> results(n);
  std::exception_ptr error = nullptr;
#pragma omp parallel num_threads(threads < 1 ? 1 : threads)
  {
    try {
      CITester tester(data, spec);
#ifdef _OPENMP
      if (omp_get_thread_num() == 0) tester.on_permutation(on_permutation);
#else
      tester.on_permutation(on_permutation);
#endif
#pragma omp for schedule(dynamic, 1)
      for (long t = 0; t < n; ++t) results[t] = tester.test(x[t], y[t], z[t]);
    } catch (...) {
#pragma omp critical
      error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
  return results;
}

}  // namespace learnbn
