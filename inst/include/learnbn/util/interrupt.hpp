// How every long loop stops on a user interrupt, on any thread. The caller's check (in
// the R glue, R's interrupt check; it may throw) runs only on the thread that made the
// Interrupt, at most once per kInterval seconds of polls. What it throws is kept and the
// run is marked stopped: every thread's next poll() then returns true, so the work
// unwinds by plain returns (no exception crosses an OpenMP region or a worker thread),
// and the calling thread calls rethrow() once the other threads are done.
#pragma once
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <thread>
#include <utility>

namespace learnbn {

class Interrupt {
 public:
  using Check = std::function<void()>;
  static constexpr double kInterval = 0.1;  // seconds between the caller's checks

  explicit Interrupt(Check check = {})
      : check_(std::move(check)), owner_(std::this_thread::get_id()) {}
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;

  // Any thread, as often as it likes: true once the run must stop.
  bool poll() {
    if (stopped_.load(std::memory_order_relaxed)) return true;
    if (!check_ || !owner()) return false;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_).count() < kInterval) return false;
    last_ = now;
    try {
      check_();
    } catch (...) {
      error_ = std::current_exception();
      stopped_.store(true);
    }
    return stopped_.load();
  }

  bool stopped() const { return stopped_.load(); }
  // True on the thread that made the Interrupt (the only one that may call into R).
  bool owner() const { return std::this_thread::get_id() == owner_; }

  // The calling thread, after the other threads are done: rethrows what stopped the run.
  void rethrow() const {
    if (stopped_.load() && error_) std::rethrow_exception(error_);
  }

  // Serial loops: poll, and rethrow at once.
  void check() {
    if (poll()) rethrow();
  }

 private:
  Check check_;
  std::thread::id owner_;
  std::chrono::steady_clock::time_point last_{};  // the first poll checks at once
  std::atomic<bool> stopped_{false};
  std::exception_ptr error_ = nullptr;
};

}  // namespace learnbn
