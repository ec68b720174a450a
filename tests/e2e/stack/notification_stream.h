// A player's open NotificationService.Subscribe stream in an end-to-end test: live before the
// constructor returns (the service has sent its initial metadata), read on a thread of its own,
// every notification kept in the order it arrived. Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mailrun/v1/notification.grpc.pb.h"

namespace mailrun::e2e {

class NotificationStream {
 public:
  // Subscribes as the owner of `token` at the notification service at `address` (live only).
  NotificationStream(const std::string& address, const std::string& token);
  ~NotificationStream();  // cancels the stream and waits for the reader
  NotificationStream(const NotificationStream&) = delete;
  NotificationStream& operator=(const NotificationStream&) = delete;

  std::vector<mailrun::v1::Notification> Received() const;

  // Waits until `done` holds for what was received (checked on each arrival), or `timeout`.
  bool WaitFor(const std::function<bool(const std::vector<mailrun::v1::Notification>&)>& done,
               std::chrono::milliseconds timeout) const;

  // Whether the stream ended by itself (it should stay open until cancelled), with its status.
  bool Ended(grpc::Status* status) const;

 private:
  void Read();

  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
  grpc::ClientContext context_;
  std::unique_ptr<grpc::ClientReader<mailrun::v1::Notification>> reader_;
  mutable std::mutex mutex_;
  mutable std::condition_variable arrived_;
  std::vector<mailrun::v1::Notification> received_;
  bool ended_ = false;
  grpc::Status status_;
  std::thread thread_;
};

}  // namespace mailrun::e2e
