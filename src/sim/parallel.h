// run_ordered: independent jobs on worker threads, results handed on in job order.
//
// Used by sim and rate: each game is independent, so workers take the next game number from
// a shared counter; the results are passed to `emit` strictly in game order (under a lock, one
// at a time), so anything aggregated or written there is the same whatever the thread count.
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace allegra::sim {

// Calls play(g) for every g in [0, jobs) on `threads` threads (1: on the calling thread) and
// emit(g, result) for g = 0, 1, ... in order. The first exception thrown by play or emit stops
// the run (games in progress finish, no new ones start) and is rethrown here.
template <typename Result>
void run_ordered(int jobs, int threads, const std::function<Result(int)>& play,
                 const std::function<void(int, Result&)>& emit) {
  if (jobs <= 0) return;
  if (threads <= 1) {
    for (int g = 0; g < jobs; ++g) {
      Result r = play(g);
      emit(g, r);
    }
    return;
  }
  std::atomic<int> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::map<int, Result> pending;
  int next_emit = 0;
  std::exception_ptr error;
  auto worker = [&] {
    for (;;) {
      if (failed.load()) return;
      const int g = next.fetch_add(1);
      if (g >= jobs) return;
      try {
        Result r = play(g);
        std::lock_guard<std::mutex> lock(mutex);
        if (failed.load()) return;
        pending.emplace(g, std::move(r));
        for (auto it = pending.find(next_emit); it != pending.end(); it = pending.find(next_emit)) {
          emit(it->first, it->second);
          pending.erase(it);
          ++next_emit;
        }
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::current_exception();
        failed.store(true);
        return;
      }
    }
  };
  const int n = std::min(threads, jobs);
  std::vector<std::thread> pool;
  pool.reserve(static_cast<size_t>(n));
  for (int t = 0; t < n; ++t) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace allegra::sim
