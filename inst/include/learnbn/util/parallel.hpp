// Independent items on OpenMP threads, safely: the one threaded loop of the core (the
// searches' batches of small items use util/work_pool.hpp instead). parallel_items():
// body(state, item) runs for every item in [0, count), each thread with its own state =
// make_state() (made on that thread, e.g. a CITester with its scratch tables). Items
// are claimed one at a time from a shared counter rather than by an `omp for`, so a
// thread that fails leaves no worksharing barrier unmet. No exception leaves the
// parallel region: the first one is kept, the remaining items are skipped and it is
// rethrown on the calling thread; items are skipped too once `interrupt` has stopped
// the run (its exception is rethrown).
#pragma once
#include <atomic>
#include <exception>

#include "interrupt.hpp"

namespace learnbn {

template <class MakeState, class Body>
void parallel_items(long count, int threads, Interrupt& interrupt, MakeState&& make_state,
                    Body&& body) {
  std::exception_ptr error = nullptr;
  std::atomic<bool> failed{false};
  std::atomic<long> next{0};
#pragma omp parallel num_threads(threads < 1 ? 1 : threads)
  {
    try {
      auto state = make_state();
      for (long item = next++; item < count; item = next++) {
        if (failed.load(std::memory_order_relaxed) || interrupt.poll()) break;
        body(state, item);
      }
    } catch (...) {
#pragma omp critical(learnbn_parallel_items)
      if (!error) error = std::current_exception();
      failed.store(true);
    }
  }
  if (error) std::rethrow_exception(error);
  interrupt.rethrow();
}

// parallel_items() without per-thread state or interrupt: body(item) for every item in
// [0, count) on up to `threads` threads; rethrows the first error. Items must not
// depend on which thread runs them, so a result does not depend on `threads`.
template <class Body>
void parallel_for(long count, int threads, Body&& body) {
  Interrupt none;
  parallel_items(count, threads, none, [] { return 0; }, [&body](int&, long item) { body(item); });
}

}  // namespace learnbn
