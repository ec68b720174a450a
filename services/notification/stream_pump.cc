#include "services/notification/stream_pump.h"

namespace mailrun::notification {

StreamPump::StreamPump(int threads) {
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { Run(); });
}

StreamPump::~StreamPump() { Stop(); }

void StreamPump::Post(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      jobs_.push_back(std::move(job));
      posted_.notify_one();
      return;
    }
  }
  job();
}

void StreamPump::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  posted_.notify_all();
  for (auto& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

void StreamPump::Run() {
  while (true) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      posted_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, and everything posted has run
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

}  // namespace mailrun::notification
