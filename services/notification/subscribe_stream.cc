#include "services/notification/subscribe_stream.h"

#include "services/common/event_log.h"
#include "services/common/json_log.h"
#include "services/common/metrics.h"
#include "services/common/refusal_details.h"
#include "services/notification/handler_failure.h"

namespace mailrun::notification {
namespace {

using grpc::Status;
using grpc::StatusCode;

constexpr int kReadBatch = 100;

// A stream refused before it began: ends at once with its status.
class RefusedStream final : public grpc::ServerWriteReactor<mailrun::v1::Notification> {
 public:
  explicit RefusedStream(const Status& status) { Finish(status); }
  void OnDone() override { delete this; }
};

}  // namespace

SubscribeStream* SubscribeStream::Start(Parts parts, std::string user, std::string since_event_id,
                                        service::LogContext log) {
  auto* stream = new SubscribeStream(parts, std::move(user), std::move(since_event_id), std::move(log));
  // Registered before the first look at the inbox, so nothing stored in between goes unnoticed.
  stream->registration_ = parts.fanout.Add(stream->user_, [stream](bool closing) { stream->Rung(closing); });
  parts.pump.Post([stream] { stream->Open(); });
  return stream;
}

grpc::ServerWriteReactor<mailrun::v1::Notification>* SubscribeStream::Refuse(const Status& status) {
  return new RefusedStream(status);
}

SubscribeStream::SubscribeStream(Parts parts, std::string user, std::string since_event_id, service::LogContext log)
    : parts_(parts), user_(std::move(user)), since_event_id_(std::move(since_event_id)), log_(std::move(log)) {}

void SubscribeStream::Rung(bool closing) {
  Next next;
  {
    std::lock_guard lock(mutex_);
    if (finished_) return;
    rung_ = true;
    closing_ = closing_ || closing;
    // A step under way (the start, a read, a write) sees rung_ when it is done.
    if (!opened_ || reading_ || writing_ || !outgoing_.empty()) return;
    reading_ = true;
    next.read = true;
  }
  Carry(next);
}

void SubscribeStream::Open() {
  const service::LogScope scope(log_);
  std::optional<Status> refused;
  int64_t after = 0;
  try {
    if (since_event_id_.empty()) {
      after = parts_.inbox.LastSequence(user_);
    } else if (const auto sequence = parts_.inbox.SequenceOf(user_, since_event_id_)) {
      after = *sequence;
    } else {
      refused = service::RefusalStatus(StatusCode::NOT_FOUND, "since_event_id '" + since_event_id_ + "' is not in your inbox",
                                        {"notify.since_event_unknown", "", "not_found", "", "", {service::TextValue("event_id", since_event_id_)}});
    }
  } catch (const std::exception& e) {
    refused = FailureStatus("Subscribe", e);
  }
  if (refused) {
    Next next;
    {
      std::lock_guard lock(mutex_);
      reading_ = false;
      next = FinishLocked(*refused);
    }
    Carry(next);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    after_ = after;
    opened_ = true;
  }
  StartSendInitialMetadata();  // tells the client the stream is live
  Read();
}

void SubscribeStream::Read() {
  const service::LogScope scope(log_);
  int64_t after = 0;
  {
    std::lock_guard lock(mutex_);
    rung_ = false;
    after = after_;
  }
  std::vector<mailrun::v1::Notification> batch;
  std::optional<Status> failed;
  try {
    batch = parts_.inbox.ReadAfter(user_, after, kReadBatch);
  } catch (const std::exception& e) {
    failed = FailureStatus("Subscribe", e);
  }
  Next next;
  {
    std::lock_guard lock(mutex_);
    reading_ = false;
    if (failed) {
      next = FinishLocked(*failed);
    } else {
      more_ = static_cast<int>(batch.size()) == kReadBatch;
      for (auto& notification : batch) {
        after_ = notification.sequence();
        Outgoing& out = outgoing_.emplace_back();
        out.wire = notification;
        out.wire.mutable_event()->clear_traceparent();  // the services' trace context is not the client's
        out.stored = std::move(notification);
      }
      next = ContinueLocked();
    }
  }
  Carry(next);
}

void SubscribeStream::OnWriteDone(bool ok) {
  const service::LogScope scope(log_);
  Next next;
  std::optional<Outgoing> sent;
  {
    std::lock_guard lock(mutex_);
    writing_ = false;
    if (!ok) {
      next = FinishLocked(Status::OK);  // the client went away
    } else {
      sent = std::move(outgoing_.front());
      outgoing_.pop_front();
      next = ContinueLocked();
    }
  }
  if (sent) {
    service::metrics::NotificationStreamed();
    // Logged in the trace of the change that caused the event, as the stream's request.
    const service::LogScope event_scope = service::EventLogScope(sent->stored.event());
    nlohmann::json fields = service::EventLogFields(sent->stored.event());
    fields["sequence"] = sent->stored.sequence();
    service::LogEvent(spdlog::level::info, "notification_streamed", fields);
  }
  Carry(next);
}

void SubscribeStream::OnCancel() {
  const service::LogScope scope(log_);
  Next next;
  {
    std::lock_guard lock(mutex_);
    cancelled_ = true;
    next = ContinueLocked();
  }
  Carry(next);
}

void SubscribeStream::OnDone() {
  registration_.reset();  // waits out a ring under way; none comes after
  delete this;
}

SubscribeStream::Next SubscribeStream::ContinueLocked() {
  if (finished_ || reading_ || writing_) return {};
  if (cancelled_) return FinishLocked(Status(StatusCode::CANCELLED, "the client cancelled the stream"));
  Next next;
  if (!outgoing_.empty()) {
    writing_ = true;
    next.write = &outgoing_.front().wire;
  } else if (more_ || rung_) {
    reading_ = true;
    next.read = true;
  } else if (closing_) {
    next = FinishLocked(Status(StatusCode::UNAVAILABLE, "the server is shutting down; reconnect with since_event_id"));
  }
  return next;
}

SubscribeStream::Next SubscribeStream::FinishLocked(Status status) {
  finished_ = true;
  Next next;
  next.finish = std::move(status);
  return next;
}

void SubscribeStream::Carry(Next next) {
  if (next.write) {
    StartWrite(next.write);
  } else if (next.read) {
    parts_.pump.Post([this] { Read(); });
  } else if (next.finish) {
    const service::LogScope scope(log_);  // the call's "rpc" line is written in Finish
    Finish(*next.finish);                 // the last touch: OnDone may delete this stream from here on
  }
}

}  // namespace mailrun::notification
