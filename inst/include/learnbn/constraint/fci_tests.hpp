// The tests of FCI's phases after the skeleton (possible-d-sep, triples, RFCI's checks)
// on several threads, with the results of one. Three ways: searches that do not depend
// on each other run whole on the threads (each(), possible-d-sep's edges of one node);
// tests known in advance are computed ahead and then asked in order (ahead()); a search
// that stops at its first independence gets chunks of its tests computed ahead and takes
// them in order, the tests past its end dropped unrecorded (in_order()). Each thread has
// its own test (its own CITester).
#pragma once
#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "../citest/spec.hpp"
#include "../util/interrupt.hpp"
#include "../util/parallel.hpp"

namespace learnbn {

using IndependenceTest = std::function<CITestResult(int, int, const std::vector<int>&)>;

class FCITests {
 public:
  explicit FCITests(IndependenceTest test) { tests_.push_back(std::move(test)); }

  // One test per thread (the first the calling thread's); results must not depend on
  // which runs a test.
  void use_threads(std::vector<IndependenceTest> tests) {
    if (!tests.empty()) tests_ = std::move(tests);
  }
  int threads() const { return static_cast<int>(tests_.size()); }

  // One test, from the results computed ahead() when it is one of them.
  CITestResult operator()(int x, int y, const std::vector<int>& z) {
    if (!ahead_.empty()) {
      const auto it = ahead_.find(std::make_tuple(x, y, z));
      if (it != ahead_.end()) return it->second;
    }
    return tests_[0](x, y, z);
  }

  // Computes the tests (x, y, z) in parallel, for operator() to answer until forget().
  void ahead(const std::vector<std::tuple<int, int, std::vector<int>>>& keys,
             Interrupt& interrupt) {
    if (threads() < 2) return;
    std::vector<CITestResult> results(keys.size());
    parallel(static_cast<long>(keys.size()), interrupt, [&](int slot, long k) {
      results[k] = tests_[slot](std::get<0>(keys[k]), std::get<1>(keys[k]), std::get<2>(keys[k]));
    });
    for (std::size_t k = 0; k < keys.size(); ++k) ahead_.emplace(keys[k], results[k]);
  }
  void forget() { ahead_.clear(); }

  // body(test, k) for each k in [0, count) on the threads, with the thread's test.
  template <class Body>
  void each(long count, Interrupt& interrupt, Body&& body) {
    parallel(count, interrupt, [&](int slot, long k) { body(tests_[slot], k); });
  }

  // For each set z that generate(yield) yields (in order, until yield returns true),
  // take(z, result of x _||_ y | z) until take returns true: on one thread test by test,
  // on several by chunks tested ahead (growing, so that a short search wastes little).
  template <class Generate, class Take>
  void in_order(int x, int y, Generate&& generate, Take&& take, Interrupt& interrupt) {
    if (threads() < 2) {
      generate([&](const std::vector<int>& z) {
        interrupt.check();
        const CITestResult r = (*this)(x, y, z);
        interrupt.check();  // a permutation test stopped by an interrupt has no result
        return take(z, r);
      });
      return;
    }
    std::vector<std::vector<int>> chunk;
    std::size_t size = static_cast<std::size_t>(threads());
    bool done = false;
    auto flush = [&] {
      std::vector<CITestResult> results(chunk.size());
      parallel(static_cast<long>(chunk.size()), interrupt,
               [&](int slot, long k) { results[k] = tests_[slot](x, y, chunk[k]); });
      for (std::size_t k = 0; k < chunk.size() && !done; ++k) done = take(chunk[k], results[k]);
      chunk.clear();
      size = std::min<std::size_t>(size * 2, 64 * tests_.size());
      return done;
    };
    generate([&](const std::vector<int>& z) {
      chunk.push_back(z);
      return chunk.size() >= size && flush();
    });
    if (!chunk.empty()) flush();
  }

 private:
  template <class Body>
  void parallel(long count, Interrupt& interrupt, Body&& body) {
    std::atomic<int> next_slot{0};
    parallel_items(count, threads(), interrupt, [&] { return next_slot++; },
                   [&](int& slot, long k) { body(slot, k); });
  }

  std::vector<IndependenceTest> tests_;
  std::map<std::tuple<int, int, std::vector<int>>, CITestResult> ahead_;
};

}  // namespace learnbn
