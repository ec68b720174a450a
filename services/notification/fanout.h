// Fanout: the open Subscribe streams of this process, per user. When a user's inbox grows, the
// consumer calls Notify(user) and every stream of that user is rung: its callback runs, and the
// stream reads its new notifications from the inbox (the inbox, not the ring, carries the data, so
// a stream can never skip or reorder anything). A stream waits for nothing between rings: it
// holds no thread and is never woken without cause. Thread-safe.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace mailrun::notification {

class Fanout {
 public:
  // What a stream does when rung; `closing` is true when the server is shutting down (the stream
  // should drain and end). Runs on the notifying thread with the fanout's lock held: it must be
  // quick (queue work, never read the database) and must not call back into the fanout.
  using Ring = std::function<void(bool closing)>;

  // Registers a stream of `user_id` for as long as the returned handle lives; its Ring is never
  // called after the handle is destroyed.
  class Registration {
   public:
    Registration(Fanout* fanout, std::string user_id, std::shared_ptr<Ring> ring)
        : fanout_(fanout), user_id_(std::move(user_id)), ring_(std::move(ring)) {}
    ~Registration() { fanout_->Remove(user_id_, ring_); }
    Registration(const Registration&) = delete;
    Registration& operator=(const Registration&) = delete;

   private:
    Fanout* fanout_;
    std::string user_id_;
    std::shared_ptr<Ring> ring_;
  };

  // A registration made after CloseAll is rung with closing = true at once (inside Add).
  std::unique_ptr<Registration> Add(const std::string& user_id, Ring ring);
  void Notify(const std::string& user_id);
  // Server shutdown: rings every stream with closing = true; later Adds start closed.
  void CloseAll();
  size_t StreamCount(const std::string& user_id);
  size_t StreamCount();
  // Told when a user's first stream here opens (true) and their last one closes (false); runs with
  // the fanout's lock held, so it must be quick. Set before any stream opens.
  using Observer = std::function<void(const std::string& user_id, bool streaming)>;
  void SetObserver(Observer observer) { observer_ = std::move(observer); }

 private:
  void Remove(const std::string& user_id, const std::shared_ptr<Ring>& ring);

  std::mutex mutex_;
  std::map<std::string, std::set<std::shared_ptr<Ring>>> rings_;
  size_t streams_ = 0;
  bool closing_ = false;
  Observer observer_;
};

}  // namespace mailrun::notification
