// SubscribeStream: one open NotificationService.Subscribe call on gRPC's callback API. While
// idle it holds no thread and is never woken: the Fanout rings it when its user's inbox grows (or
// the server begins to drain), and the StreamPump then reads the inbox after the last sequence
// sent and the stream writes what it read, one message at a time, in sequence order. Rings that
// come while it reads or writes are not lost: it reads again once the writes are done. The inbox
// carries the data, so nothing is skipped, reordered or sent twice.
//
// Ends with NOT_FOUND (since_event_id not in the inbox), UNAVAILABLE "reconnect" (the server is
// draining: after sending everything stored so far), CANCELLED (the client cancelled), OK (the
// client went away mid-write), or the database failure's status. Deletes itself when gRPC is done
// with it. Thread-safe: reactions, rings and pump jobs may run concurrently.
#pragma once

#include <grpcpp/grpcpp.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "mailrun/v1/notification.pb.h"
#include "services/common/log_context.h"
#include "services/notification/fanout.h"
#include "services/notification/inbox_store.h"
#include "services/notification/stream_pump.h"

namespace mailrun::notification {

class SubscribeStream final : public grpc::ServerWriteReactor<mailrun::v1::Notification> {
 public:
  // What every stream borrows; all must outlive the streams.
  struct Parts {
    InboxStore& inbox;
    Fanout& fanout;
    StreamPump& pump;
  };

  // Starts the stream of the authenticated `user` (registered with the fanout at once, so nothing
  // stored from now on goes unnoticed) from after `since_event_id` ("" = from now). `log` is the
  // call's log context (HandOffCurrentScope), reopened wherever the stream works.
  static SubscribeStream* Start(Parts parts, std::string user, std::string since_event_id, service::LogContext log);

  // A stream refused before it began (bad token, bad request): ends with `status` at once.
  static grpc::ServerWriteReactor<mailrun::v1::Notification>* Refuse(const grpc::Status& status);

  void OnWriteDone(bool ok) override;
  void OnCancel() override;
  void OnDone() override;

 private:
  SubscribeStream(Parts parts, std::string user, std::string since_event_id, service::LogContext log);

  // One notification read and not yet acknowledged by the transport.
  struct Outgoing {
    mailrun::v1::Notification stored;  // as read (with the services' trace context)
    mailrun::v1::Notification wire;    // as the client gets it
  };
  // What to do once the lock is released (gRPC calls and pump posts never run under it).
  struct Next {
    const mailrun::v1::Notification* write = nullptr;
    bool read = false;
    std::optional<grpc::Status> finish;
  };

  void Rung(bool closing);
  // Pump jobs: the first look at the inbox (where the stream starts), then each read.
  void Open();
  void Read();
  // Decides, under the lock, the stream's next step after a read or a write.
  Next ContinueLocked();
  Next FinishLocked(grpc::Status status);
  void Carry(Next next);

  const Parts parts_;
  const std::string user_;
  const std::string since_event_id_;
  const service::LogContext log_;
  std::unique_ptr<Fanout::Registration> registration_;

  std::mutex mutex_;
  int64_t after_ = 0;          // the last sequence read (pump jobs only)
  bool opened_ = false;        // the start is known (Open ran)
  bool reading_ = true;        // a pump job is queued or running (Open is the first)
  bool rung_ = false;          // rung since the last read began
  bool more_ = false;          // the last read filled its batch: more is waiting
  bool writing_ = false;       // a write is in flight
  bool closing_ = false;       // the server drains: end after sending what is stored
  bool cancelled_ = false;
  bool finished_ = false;
  std::list<Outgoing> outgoing_;  // empty while idle, and then it allocates nothing (a deque would)
};

}  // namespace mailrun::notification
