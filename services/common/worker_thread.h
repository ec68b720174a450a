// WorkerThread: the one background thread of a worker (outbox relay, Redis subscriber, push
// sender, reminder scheduler), with a stop flag and an interruptible sleep, so every worker
// starts, sleeps, wakes and stops the same way.
// Thread-safety: all methods may be called from any thread; Start/Stop from the owner.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace mailrun::service {

class WorkerThread {
 public:
  WorkerThread() = default;
  ~WorkerThread() { Stop(); }
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;

  // Runs `body` on a new thread unless one runs already. `body` should return soon after
  // stopping() turns true.
  void Start(std::function<void()> body);
  // Asks the body to stop, wakes it and waits for the thread to end.
  void Stop();
  bool stopping() const { return stopping_.load(); }

  // Sleeps up to `delay`, less if Stop() or Wake() comes first. Returns false when stopping.
  bool WaitFor(std::chrono::milliseconds delay);
  // Ends the current (or the next) WaitFor early.
  void Wake();

 private:
  std::thread thread_;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool woken_ = false;
};

}  // namespace mailrun::service
