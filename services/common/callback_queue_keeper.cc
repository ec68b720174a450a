#include "services/common/callback_queue_keeper.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

namespace mailrun::service {

namespace {
// A Unix socket that is never created: every call fails fast (UNAVAILABLE) without a server.
constexpr char kNowhere[] = "unix:/nonexistent/mailrun-callback-queue-keeper";
}  // namespace

CallbackQueueKeeper::CallbackQueueKeeper(std::chrono::milliseconds interval)
    : interval_(interval),
      channel_(grpc::CreateChannel(kNowhere, grpc::InsecureChannelCredentials())),
      stub_(std::make_unique<grpc::GenericStub>(channel_)) {
  grpc::Slice empty;  // the call's one message: empty bytes (a null buffer is no message)
  request_ = grpc::ByteBuffer(&empty, 1);
  std::lock_guard<std::mutex> lock(mutex_);
  busy_ = true;
  Schedule();
}

CallbackQueueKeeper::~CallbackQueueKeeper() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  alarm_.Cancel();  // a pending alarm runs its function at once, which sees stopping_
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return !busy_; });
}

long CallbackQueueKeeper::completed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return completed_;
}

void CallbackQueueKeeper::Schedule() {
  alarm_.Set(std::chrono::system_clock::now() + interval_, [this](bool) { Call(); });
}

void CallbackQueueKeeper::Call() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) {
      busy_ = false;
      idle_.notify_all();
      return;
    }
    context_ = std::make_unique<grpc::ClientContext>();
    context_->set_wait_for_ready(false);
    context_->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(1));
  }
  // The completion may run on this thread, before UnaryCall returns: no lock is held here.
  stub_->UnaryCall(context_.get(), "/mailrun.keeper/Nothing", grpc::StubOptions(), &request_, &response_,
                   [this](grpc::Status) {
                     std::lock_guard<std::mutex> lock(mutex_);
                     ++completed_;
                     if (stopping_) {
                       busy_ = false;
                       idle_.notify_all();
                       return;
                     }
                     Schedule();
                   });
}

}  // namespace mailrun::service
