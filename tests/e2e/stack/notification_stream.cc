#include "tests/e2e/stack/notification_stream.h"

#include "tests/e2e/stack/stack.h"

namespace mailrun::e2e {

NotificationStream::NotificationStream(const std::string& address, const std::string& token)
    : stub_(mailrun::v1::NotificationService::NewStub(Stack::Channel(address))) {
  context_.AddMetadata("authorization", "Bearer " + token);
  reader_ = stub_->Subscribe(&context_, mailrun::v1::SubscribeRequest());
  reader_->WaitForInitialMetadata();  // the service sends it once the stream is registered
  thread_ = std::thread([this] { Read(); });
}

NotificationStream::~NotificationStream() {
  context_.TryCancel();
  thread_.join();
}

void NotificationStream::Read() {
  mailrun::v1::Notification notification;
  while (reader_->Read(&notification)) {
    std::lock_guard lock(mutex_);
    received_.push_back(notification);
    arrived_.notify_all();
  }
  const grpc::Status status = reader_->Finish();
  std::lock_guard lock(mutex_);
  ended_ = true;
  status_ = status;
  arrived_.notify_all();
}

std::vector<mailrun::v1::Notification> NotificationStream::Received() const {
  std::lock_guard lock(mutex_);
  return received_;
}

bool NotificationStream::WaitFor(const std::function<bool(const std::vector<mailrun::v1::Notification>&)>& done,
                                 std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  return arrived_.wait_for(lock, timeout, [&] { return done(received_) || ended_; }) && done(received_);
}

bool NotificationStream::Ended(grpc::Status* status) const {
  std::lock_guard lock(mutex_);
  if (ended_ && status) *status = status_;
  return ended_;
}

}  // namespace mailrun::e2e
