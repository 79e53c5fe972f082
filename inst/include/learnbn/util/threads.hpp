// How many threads can start now. Under a process memory limit (ulimit -v, as on HPC
// nodes) each thread's stack and malloc arena reserve address space, and a thread that
// cannot start is fatal inside OpenMP (libgomp ends the process); so a run asks first, by
// starting threads that each allocate (creating their arena, which later threads reuse)
// and wait until all have started, and uses no more than started.
#pragma once
#include <condition_variable>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

namespace learnbn {

// The number of threads, the calling one included, that could run together (1 to
// `wanted`).
inline int startable_threads(int wanted) {
  std::mutex mutex;
  std::condition_variable release;
  bool done = false;
  std::vector<std::thread> started;
  started.reserve(wanted > 1 ? wanted - 1 : 0);
  try {
    for (int t = 1; t < wanted; ++t) {
      started.emplace_back([&] {
        volatile char* block = new (std::nothrow) char[4096];
        if (block) block[0] = 1;
        delete[] block;
        std::unique_lock<std::mutex> lock(mutex);
        release.wait(lock, [&] { return done; });
      });
    }
  } catch (...) {
    // std::system_error or std::bad_alloc: fewer threads than wanted, as counted
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
  }
  release.notify_all();
  for (std::thread& t : started) t.join();
  return 1 + static_cast<int>(started.size());
}

}  // namespace learnbn
