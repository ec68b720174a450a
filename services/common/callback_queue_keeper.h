// CallbackQueueKeeper: keeps gRPC 1.51's callback completion queue busy, so that its threads
// never take their idle nap. Without an event for 1 s, each of the "nexting" threads that run
// callback-API work sleeps 100 ms; a request that reaches a process while those threads nap and
// its other threads do not poll waits for them (measured: every ~1.1 s one request of
// mailrun-game waited ~100 ms, docs/benchmarks.md "The 100 ms stalls"). The keeper makes one
// fail-fast call through the callback API every `interval` on a channel that can never connect
// (so it reaches no server, and no log line or metric counts it); its completion is an event
// for those threads.
#pragma once

#include <grpcpp/alarm.h>
#include <grpcpp/channel.h>
#include <grpcpp/generic/generic_stub.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace mailrun::service {

class CallbackQueueKeeper {
 public:
  explicit CallbackQueueKeeper(std::chrono::milliseconds interval = std::chrono::milliseconds(250));
  ~CallbackQueueKeeper();  // stops, and waits for the call in flight
  CallbackQueueKeeper(const CallbackQueueKeeper&) = delete;
  CallbackQueueKeeper& operator=(const CallbackQueueKeeper&) = delete;

  // Calls made and completed so far (for tests).
  long completed() const;

 private:
  void Call();      // one fail-fast call; its completion schedules the next
  void Schedule();  // the next call after `interval_`

  const std::chrono::milliseconds interval_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<grpc::GenericStub> stub_;
  mutable std::mutex mutex_;
  std::condition_variable idle_;
  bool stopping_ = false;
  bool busy_ = false;  // a call or an alarm is outstanding
  long completed_ = 0;
  std::unique_ptr<grpc::ClientContext> context_;
  grpc::ByteBuffer request_, response_;
  grpc::Alarm alarm_;
};

}  // namespace mailrun::service
