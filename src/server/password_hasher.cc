#include "server/password_hasher.h"

namespace allegra::server {

PasswordHasher::PasswordHasher(size_t threads, size_t max_waiting, Post post)
    : post_(std::move(post)), max_waiting_(max_waiting) {
  for (size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { loop(); });
}

PasswordHasher::~PasswordHasher() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    jobs_.clear();
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

size_t PasswordHasher::waiting() const {
  std::lock_guard lock(mutex_);
  return jobs_.size();
}

bool PasswordHasher::enqueue(std::function<void()> job) {
  if (threads_.empty()) {
    job();
    return true;
  }
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= max_waiting_) return false;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void PasswordHasher::loop() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

}  // namespace allegra::server
