// util/: the random engine, splitmix64, the lazy engine, log Gamma and Gamma draws; the
// work pool, interrupts, parallel items and the thread probe; numbers in messages.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>
#include <vector>

#include <learnbn/util/bits.hpp>
#include <learnbn/util/format.hpp>
#include <learnbn/util/interrupt.hpp>
#include <learnbn/util/math.hpp>
#include <learnbn/util/parallel.hpp>
#include <learnbn/util/progress.hpp>
#include <learnbn/util/rng.hpp>
#include <learnbn/util/threads.hpp>
#include <learnbn/util/work_pool.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

inline void test_random() {
  // splitmix64's first output from seed 0 (the reference implementation's value).
  CHECK(splitmix64(0) == 0xe220a8397b1dcdafULL);
  CHECK(mix64(0) == 0);
  Random a(123), b(123), c(124);
  std::vector<std::uint64_t> first, second;
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    first.push_back(a.next());
    second.push_back(b.next());
    differs = differs || first.back() != c.next();
  }
  CHECK(first == second);  // reproducible from the seed
  CHECK(differs);
  // below(n) < n, every value reached; uniform in [0, 1); both coin sides.
  Random r(5);
  bool below = true, in_unit = true;
  std::vector<int> hits(7, 0);
  int heads = 0;
  double sum = 0;
  for (int i = 0; i < 7000; ++i) {
    const std::size_t k = r.below(7);
    below = below && k < 7;
    if (k < 7) ++hits[k];
    const double u = r.uniform();
    in_unit = in_unit && u >= 0 && u < 1;
    sum += u;
    heads += r.coin();
  }
  CHECK(below && in_unit);
  CHECK(*std::min_element(hits.begin(), hits.end()) > 800);
  CHECK(std::fabs(sum / 7000 - 0.5) < 0.02 && heads > 3200 && heads < 3800);
  CHECK(r.below(1) == 0);
  const std::size_t big = (std::size_t(1) << 40) + 3;  // the 64-bit path
  bool big_below = true;
  for (int i = 0; i < 100; ++i) big_below = big_below && r.below(big) < big;
  CHECK(big_below);
  // LazyRandom seeds its engine on first use only.
  int seeded = 0;
  LazyRandom lazy([&] { ++seeded; return std::uint64_t(123); });
  CHECK(seeded == 0);
  CHECK(lazy.get().next() == first[0]);
  lazy.get();
  CHECK(seeded == 1);
}

inline void test_math() {
  CHECK(near(log_gamma(5.0), std::log(24.0)) && near(log_gamma(0.5), 0.5 * std::log(M_PI)));
  CHECK(x_log_x(0) == 0 && near(x_log_x(2), 2 * std::log(2.0)));
  // Gamma(shape) draws on the log scale have mean shape (sd of the mean below 1%).
  Random r(8);
  for (double shape : {0.5, 3.0}) {
    double sum = 0;
    for (int i = 0; i < 20000; ++i) sum += std::exp(log_gamma_draw(shape, r));
    CHECK(std::fabs(sum / 20000 - shape) < 0.05 * shape + 0.01);
  }
}

inline void test_progress() {
  // No callback: nothing to report, and updates cost nothing.
  Progress none;
  CHECK(!none.active());
  none.update("stage", 1, 2);
  none.finish("stage", 2, 2);
  // A zero interval reports every update; finish() always reports.
  std::vector<double> seen;
  Progress every([&](const std::string& stage, double done, double total) {
    CHECK(stage == "families");
    CHECK(total == 10);
    seen.push_back(done);
  }, 0.0);
  CHECK(every.active());
  for (int i = 1; i <= 3; ++i) every.update("families", i, 10);
  every.finish("families", 10, 10);
  CHECK((seen == std::vector<double>{1, 2, 3, 10}));
  // An interval of an hour reports only at the end, however often it is updated.
  int reports = 0;
  Progress slow([&](const std::string&, double, double) { ++reports; }, 3600.0);
  for (int i = 0; i < 100000; ++i) slow.update("dags", i, 1e5);
  CHECK(reports == 0);
  slow.finish("dags", 1e5, 1e5);
  CHECK(reports == 1);
}

// Every item of every batch runs once, in a valid slot, whether the workers were still
// polling for it or had gone to sleep (a pause longer than the poll); an error in one
// item reaches the caller and the pool keeps working afterwards.
inline void test_work_pool() {
  learnbn::WorkPool pool(2);
  bool once = true, slots_ok = true;
  for (std::size_t batch = 0; batch < 300; ++batch) {
    if (batch % 50 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const std::size_t count = batch % 37;
    std::vector<int> runs(count, 0);
    pool.run(count, [&](int slot, std::size_t i) {
      ++runs[i];
      if (slot < 0 || slot > 2) slots_ok = false;  // racy only if the test fails
    });
    once = once && std::all_of(runs.begin(), runs.end(), [](int r) { return r == 1; });
  }
  CHECK(once && slots_ok);
  bool thrown = false;
  try {
    pool.run(100, [](int, std::size_t i) { if (i == 50) throw std::runtime_error("item 50"); });
  } catch (const std::runtime_error&) { thrown = true; }
  CHECK(thrown);
  std::vector<int> after(64, 0);
  pool.run(after.size(), [&](int, std::size_t i) { after[i] = 1; });
  CHECK(std::count(after.begin(), after.end(), 1) == 64);
}

// An interrupt (the caller's check throwing) stops every thread's items and is rethrown
// on the calling thread; an item's error likewise, and nothing escapes the region.
inline void test_parallel_items() {
  std::vector<int> runs(1000, 0);
  Interrupt quiet;
  parallel_items(1000, 2, quiet, [] { return 0; }, [&](int&, long i) { ++runs[i]; });
  CHECK(std::all_of(runs.begin(), runs.end(), [](int r) { return r == 1; }));

  int checks = 0;
  Interrupt interrupt([&] {
    if (++checks == 3) throw std::runtime_error("interrupted");
  });
  std::atomic<long> done{0};
  bool rethrown = false;
  try {
    parallel_items(1000000, 2, interrupt, [] { return 0; }, [&](int&, long) {
      ++done;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    });
  } catch (const std::runtime_error&) { rethrown = true; }
  CHECK(rethrown && interrupt.stopped() && checks == 3);
  CHECK(done.load() < 1000000);  // about 0.2 s of items, on both threads
  CHECK(interrupt.poll());       // stays stopped, without checking again
  CHECK(checks == 3);

  Interrupt none;
  bool failed = false;
  try {
    parallel_items(100, 2, none, [] { return 0; }, [](int&, long i) {
      if (i == 10) throw std::invalid_argument("item 10");
    });
  } catch (const std::invalid_argument&) { failed = true; }
  CHECK(failed);
  bool state_failed = false;  // a thread whose state cannot be made
  try {
    parallel_items(100, 2, none, []() -> int { throw std::length_error("no state"); }, [](int&, long) {});
  } catch (const std::length_error&) { state_failed = true; }
  CHECK(state_failed);
}

// The probe starts what it is asked for on an unconstrained machine.
inline void test_startable_threads() {
  CHECK(startable_threads(1) == 1);
  CHECK(startable_threads(4) == 4);
  CHECK(startable_threads(0) == 1);
}

// The rows two bit sets share, counted with or without the CPU's instruction.
inline void test_and_count() {
  const std::vector<std::uint64_t> a = {~0ULL, 0xF0F0ULL, 1ULL << 63}, b = {0xFFULL, 0xFF00ULL, ~0ULL};
  CHECK(learnbn::and_count(a.data(), b.data(), 3) == 8 + 4 + 1);
  CHECK(learnbn::and_count_portable(a.data(), b.data(), 3) == 13);
  CHECK(learnbn::and_count(a.data(), b.data(), 0) == 0);
  // Every length, through the four-word loop and its remainder, against the plain loop
  // and against counting bit by bit.
  std::mt19937_64 rng(3);
  std::vector<std::uint64_t> x(13), y(13);
  for (std::size_t w = 0; w < 13; ++w) x[w] = rng(), y[w] = rng();
  bool same = true;
  for (std::size_t words = 0; words <= 13; ++words) {
    std::uint64_t bits = 0;
    for (std::size_t w = 0; w < words; ++w) for (int k = 0; k < 64; ++k) bits += (x[w] >> k) & (y[w] >> k) & 1;
    same = same && learnbn::and_count(x.data(), y.data(), words) == bits &&
           learnbn::and_count_portable(x.data(), y.data(), words) == bits;
  }
  CHECK(same);
}

inline void test_format_count() {
  CHECK(format_count(0) == "0");
  CHECK(format_count(999) == "999");
  CHECK(format_count(1000) == "1,000");
  CHECK(format_count(241864704.0) == "241,864,704");
  CHECK(format_count(-1234567) == "-1,234,567");
  CHECK(format_count(999999999999999.0) == "999,999,999,999,999");
  CHECK(format_count(2.4186e20) == "2.42e+20");
}

inline void run_util_tests() {
  run_test("test_work_pool", test_work_pool);
  run_test("test_parallel_items", test_parallel_items);
  run_test("test_startable_threads", test_startable_threads);
  run_test("test_and_count", test_and_count);
  run_test("test_random", test_random);
  run_test("test_math", test_math);
  run_test("test_progress", test_progress);
  run_test("test_format_count", test_format_count);
}

}  // namespace learnbn_test
