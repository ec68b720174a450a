// StreamPump: the few threads that read inboxes for the Subscribe streams that have something to
// send. Reading is blocking PostgreSQL work, which must not run on gRPC's callback threads; an
// idle stream has no job here and costs no thread. Jobs run in the order they were posted.
// Thread-safe; Stop() runs the jobs already posted, then ends the threads.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mailrun::notification {

class StreamPump {
 public:
  explicit StreamPump(int threads);
  ~StreamPump();
  StreamPump(const StreamPump&) = delete;
  StreamPump& operator=(const StreamPump&) = delete;

  // Queues `job`; after Stop() it runs on the calling thread instead.
  void Post(std::function<void()> job);
  void Stop();

 private:
  void Run();

  std::mutex mutex_;
  std::condition_variable posted_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace mailrun::notification
