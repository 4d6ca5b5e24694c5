// PasswordHasher: the Argon2id hashes and checks of the accounts (credentials.h), off the io
// thread.
//
// What: a hash costs about 0.1 s of one core and 64 MiB (docs/bench.md); on the server's one io
// thread it would stall every table meanwhile. submit() queues a job; one of `threads` worker
// threads runs it, and its result comes back through `post`, which the server gives as "run
// this on the io thread" (asio::post), so the state of the accounts is only ever touched there.
// Bounds: at most `threads` hashes run at once (so at most threads x 64 MiB), and at most
// `max_waiting` jobs wait; beyond that submit() refuses (the API answers "busy, try again"), so
// a flood of sign-in attempts costs memory and time only up to these bounds.
// Shutdown: the destructor drops the waiting jobs (their results are never posted) and joins.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace allegra::server {

class PasswordHasher {
 public:
  using Post = std::function<void(std::function<void()>)>;
  // threads 0: run each job at once in submit() (and post its result at once).
  PasswordHasher(size_t threads, size_t max_waiting, Post post);
  ~PasswordHasher();
  PasswordHasher(const PasswordHasher&) = delete;
  PasswordHasher& operator=(const PasswordHasher&) = delete;

  // Runs `work` (on a worker thread) and then `done` with its result through `post`. False (and
  // nothing runs) if too many jobs wait.
  template <typename Result>
  bool submit(std::function<Result()> work, std::function<void(Result)> done) {
    return enqueue([work = std::move(work), done = std::move(done), this]() mutable {
      Result result = work();
      post_([done = std::move(done), result = std::move(result)]() mutable {
        done(std::move(result));
      });
    });
  }

  size_t waiting() const;

 private:
  bool enqueue(std::function<void()> job);
  void loop();

  Post post_;
  size_t max_waiting_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace allegra::server
