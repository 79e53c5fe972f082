// A few persistent worker threads that share out the items of one batch with the
// calling thread, for batches of small items run many times (the candidate families of
// each hill-climbing move).
//
// Why not an OpenMP loop: its closing barrier waits for every thread of the team, and
// OpenMP threads spin while they wait. On a machine where another process holds a core,
// each batch then waits for a descheduled thread, and a threaded run can be slower than
// a serial one. Here items are claimed one at a time from a shared
// counter, the caller claims too, and it waits (asleep) only for items that a running
// worker has claimed: a worker that wakes late finds nothing left and costs nothing.
// Which thread scores which item never changes a result, only who computes it.
//
// Between batches a worker first polls for the next one for a short while (yielding its
// core to anyone who wants it) and only then sleeps: hill climbing runs a batch per move
// with a little serial work in between, and waking a sleeping thread costs the caller a
// system call and the worker tens of microseconds, a good part of a small batch. The
// caller likewise polls before it sleeps waiting for a worker's last item.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace learnbn {

class WorkPool {
 public:
  // body(slot, item): slot 0 is the calling thread, 1..workers the workers, so each
  // slot can own its scratch objects.
  using Body = std::function<void(int slot, std::size_t item)>;

  // A worker that cannot start (std::system_error or std::bad_alloc under a process
  // memory or thread limit) leaves the pool with fewer: the calling thread still takes
  // every item no worker takes. Nothing may leave the constructor once a worker runs:
  // the members' destructors would wait for the workers forever.
  explicit WorkPool(int workers) {
    try {
      threads_.reserve(workers > 0 ? workers : 0);
      for (int w = 0; w < workers; ++w) threads_.emplace_back([this, w] { work(w + 1); });
    } catch (...) {
    }
  }
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;
  ~WorkPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  // Runs body(slot, i) for every i in [0, count); rethrows the first error.
  void run(std::size_t count, const Body& body) {
    if (count == 0) return;
    bool wake = true;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      body_ = &body;
      count_ = count;
      next_.store(0);
      error_ = nullptr;
      generation_.fetch_add(1);
      if (sleeping_ == 0) wake = false;
    }
    if (wake) wake_.notify_all();
    claim(0);
    poll([this] { return active_.load() == 0; });
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return active_.load() == 0; });
    body_ = nullptr;  // a worker waking later finds no batch
    if (error_) std::rethrow_exception(error_);
  }

 private:
  void work(int slot) {
    std::uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
      lock.unlock();
      poll([&] { return stop_ || generation_.load() != seen; });
      lock.lock();
      ++sleeping_;
      wake_.wait(lock, [&] { return stop_ || generation_.load() != seen; });
      --sleeping_;
      if (stop_) return;
      seen = generation_.load();
      if (!body_) continue;
      ++active_;
      lock.unlock();
      claim(slot);
      lock.lock();
      if (--active_ == 0) idle_.notify_one();
    }
  }

  // Waits up to kPoll for done() to hold, yielding the core meanwhile; the caller then
  // sleeps on a condition variable if it must wait longer.
  template <class Done>
  static void poll(Done done) {
    const auto until = std::chrono::steady_clock::now() + kPoll;
    while (!done() && std::chrono::steady_clock::now() < until) std::this_thread::yield();
  }

  // Takes items until none is left. Called by the caller and by workers registered in
  // active_, so body_ stays valid while it runs.
  void claim(int slot) {
    for (std::size_t i = next_.fetch_add(1); i < count_; i = next_.fetch_add(1)) {
      try {
        (*body_)(slot, i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!error_) error_ = std::current_exception();
        next_.store(count_);  // the others stop at their next claim
      }
    }
  }

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  const Body* body_ = nullptr;
  std::size_t count_ = 0;
  std::atomic<std::size_t> next_{0};
  static constexpr std::chrono::microseconds kPoll{200};
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<int> active_{0};  // workers in claim(); changed under mutex_
  int sleeping_ = 0;  // workers waiting on wake_
  std::atomic<bool> stop_{false};
  std::exception_ptr error_;
};

}  // namespace learnbn
