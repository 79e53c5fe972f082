// The tests of one thread of local discovery (local_target.hpp): a memo of p-values,
// the counts of tests run and repeated, and the tests of many candidates against one
// target and conditioning set asked at once.
#pragma once
#include <algorithm>
#include <cstddef>
#include <map>
#include <type_traits>
#include <utility>
#include <vector>

#include "../util/interrupt.hpp"

namespace learnbn {

// Thrown inside a target's run when the run must stop; caught before it leaves a thread.
struct LocalStopped {};

// The tests of one thread: a memo of p-values keyed by ({x, y} sorted, or in the order
// asked when `ordered`, z sorted), which is cleared for each target so the counts do not
// depend on the threads.
template <class Test>
class CountedTests {
 public:
  CountedTests(Test test, Interrupt* interrupt, bool ordered = false)
      : test_(std::move(test)), interrupt_(interrupt), ordered_(ordered) {}

  double operator()(int x, int y, const std::vector<int>& z) {
    set_key(x, y, z);
    auto hit = memo_.find(key_);
    if (hit != memo_.end()) {
      ++cache_hits;
      return hit->second;
    }
    if (interrupt_ && interrupt_->poll()) throw LocalStopped();
    const double p = test_(x, y, z);
    ++tests;
    memo_.emplace(key_, p);
    return p;
  }

  // p[k] = (*this)(xs[k], y, z) for every k; the tests not in the memo run together when
  // the test has a batch(xs, y, z, p) member (constraint/local_batch.hpp), which gives
  // the p-values of the tests alone.
  void against(const std::vector<int>& xs, int y, const std::vector<int>& z,
               std::vector<double>& p) {
    p.resize(xs.size());
    asked_.clear();
    position_.clear();
    for (std::size_t k = 0; k < xs.size(); ++k) {
      set_key(xs[k], y, z);
      auto hit = memo_.find(key_);
      if (hit != memo_.end()) {
        ++cache_hits;
        p[k] = hit->second;
      } else {
        asked_.push_back(xs[k]);
        position_.push_back(k);
      }
    }
    if (asked_.empty()) return;
    if (interrupt_ && interrupt_->poll()) throw LocalStopped();
    if constexpr (HasBatch<Test>::value) {
      test_.batch(asked_, y, z, answers_);
    } else {
      answers_.resize(asked_.size());
      for (std::size_t k = 0; k < asked_.size(); ++k) answers_[k] = test_(asked_[k], y, z);
    }
    for (std::size_t k = 0; k < asked_.size(); ++k) {
      p[position_[k]] = answers_[k];
      set_key(asked_[k], y, z);
      memo_.emplace(key_, answers_[k]);
    }
    tests += asked_.size();
  }

  void clear() { memo_.clear(); }

  // Tells the test that the next tests ask only `vars` (empty: any), when it can use that.
  void focus(const std::vector<int>& vars) {
    if constexpr (HasFocus<Test>::value) test_.focus(vars);
  }

  std::size_t tests = 0, cache_hits = 0;

 private:
  template <class T, class = void>
  struct HasBatch : std::false_type {};
  template <class T>
  struct HasBatch<T, std::void_t<decltype(std::declval<T&>().batch(
                         std::declval<const std::vector<int>&>(), 0,
                         std::declval<const std::vector<int>&>(),
                         std::declval<std::vector<double>&>()))>> : std::true_type {};

  template <class T, class = void>
  struct HasFocus : std::false_type {};
  template <class T>
  struct HasFocus<T, std::void_t<decltype(std::declval<T&>().focus(
                         std::declval<const std::vector<int>&>()))>> : std::true_type {};

  void set_key(int x, int y, const std::vector<int>& z) {
    if (ordered_) {
      key_.assign({x, y});
    } else {
      key_.assign({std::min(x, y), std::max(x, y)});
    }
    key_.insert(key_.end(), z.begin(), z.end());
    std::sort(key_.begin() + 2, key_.end());
  }

  Test test_;
  Interrupt* interrupt_;
  bool ordered_;
  std::vector<int> key_;
  std::map<std::vector<int>, double> memo_;
  std::vector<int> asked_;                // against(): the tests not in the memo,
  std::vector<std::size_t> position_;     // their positions
  std::vector<double> answers_;           // and p-values
};

}  // namespace learnbn
