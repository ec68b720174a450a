// Fanout: the open Subscribe streams of this process, per user. When a user's inbox grows, the
// consumer calls Notify(user) and every stream of that user wakes up and reads its new
// notifications from the inbox (the inbox, not the wake-up, carries the data, so a stream can
// never skip or reorder anything). Thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace mailrun::notification {

class Fanout {
 public:
  // One open stream's doorbell.
  class Listener {
   public:
    // Waits up to `timeout` for a Notify of this listener's user; true if one came (since the
    // last Wait) or the fanout is closing. Resets the doorbell.
    bool Wait(std::chrono::milliseconds timeout);
    bool closed();

   private:
    friend class Fanout;
    void Ring(bool close);
    std::mutex mutex_;
    std::condition_variable rung_;
    bool pending_ = false;
    bool closed_ = false;
  };

  // Registers a stream of `user_id` for as long as the returned handle lives.
  class Registration {
   public:
    Registration(Fanout* fanout, std::string user_id, std::shared_ptr<Listener> listener)
        : fanout_(fanout), user_id_(std::move(user_id)), listener_(std::move(listener)) {}
    ~Registration() { fanout_->Remove(user_id_, listener_); }
    Registration(const Registration&) = delete;
    Registration& operator=(const Registration&) = delete;
    Listener& listener() { return *listener_; }

   private:
    Fanout* fanout_;
    std::string user_id_;
    std::shared_ptr<Listener> listener_;
  };

  std::unique_ptr<Registration> Add(const std::string& user_id);
  void Notify(const std::string& user_id);
  // Server shutdown: wakes every stream for good so their handlers return; later Adds are closed.
  void CloseAll();
  size_t StreamCount(const std::string& user_id);

 private:
  void Remove(const std::string& user_id, const std::shared_ptr<Listener>& listener);

  std::mutex mutex_;
  std::map<std::string, std::set<std::shared_ptr<Listener>>> listeners_;
  bool closing_ = false;
};

}  // namespace mailrun::notification
