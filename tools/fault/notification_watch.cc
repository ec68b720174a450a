#include "tools/fault/notification_watch.h"

#include <pqxx/pqxx>
#include <thread>

#include "mailrun/v1/notification.grpc.pb.h"
#include "tools/fault/calls.h"

namespace mailrun::fault {

using NotifyStub = mailrun::v1::NotificationService::Stub;

struct NotificationWatch::Stream {
  std::string user;
  std::string token;
  std::thread thread;
  std::atomic<bool> live{false};
  std::mutex mutex;
  grpc::ClientContext* context = nullptr;  // the open call, for Stop to cancel
  std::string last_event_id;
};

NotificationWatch::NotificationWatch(FaultStack& stack, std::vector<std::string> users) : stack_(stack) {
  for (auto& user : users) {
    auto stream = std::make_unique<Stream>();
    stream->user = std::move(user);
    stream->token = UserToken(stack_.signer(), stream->user);
    streams_.push_back(std::move(stream));
  }
}

NotificationWatch::~NotificationWatch() { Stop(); }

void NotificationWatch::Start() {
  for (auto& stream : streams_) stream->thread = std::thread([this, s = stream.get()] { Listen(*s); });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (auto& stream : streams_) {
    while (!stream->live && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
}

void NotificationWatch::Stop() {
  if (stopping_.exchange(true)) return;
  for (auto& stream : streams_) {
    std::lock_guard lock(stream->mutex);
    if (stream->context) stream->context->TryCancel();
  }
  for (auto& stream : streams_) {
    if (stream->thread.joinable()) stream->thread.join();
  }
}

void NotificationWatch::Listen(Stream& stream) {
  auto stub = mailrun::v1::NotificationService::NewStub(OwnChannel(stack_.Address(Service::kNotify)));
  bool first = true;
  while (!stopping_) {
    if (!first && stream.last_event_id.empty()) {
      // Broken before its first notification: read the inbox, then go on from its newest, as the
      // API says a client starts without a gap.
      mailrun::v1::ListInboxRequest list;
      list.mutable_page()->set_page_size(200);
      mailrun::v1::ListInboxResponse page;
      if (!Call(*stub, &NotifyStub::ListInbox, stream.token, list, &page).ok()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        continue;
      }
      std::lock_guard lock(mutex_);
      for (const auto& notification : page.notifications()) {
        arrived_.emplace(std::make_pair(stream.user, notification.event_id()),
                         NowUnixMs() - notification.event().created_at_unix_ms());
      }
      if (page.notifications_size() > 0) stream.last_event_id = page.notifications(0).event_id();
    }
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + stream.token);
    mailrun::v1::SubscribeRequest request;
    request.set_since_event_id(stream.last_event_id);
    {
      std::lock_guard lock(stream.mutex);
      stream.context = &context;
    }
    if (stopping_) context.TryCancel();
    auto reader = stub->Subscribe(&context, request);
    reader->WaitForInitialMetadata();
    stream.live = true;
    mailrun::v1::Notification notification;
    while (reader->Read(&notification)) {
      const int64_t delay = NowUnixMs() - notification.event().created_at_unix_ms();
      stream.last_event_id = notification.event_id();
      std::lock_guard lock(mutex_);
      const auto [at, inserted] = arrived_.emplace(std::make_pair(stream.user, notification.event_id()), delay);
      if (!inserted) ++repeated_;
    }
    const grpc::Status status = reader->Finish();
    {
      std::lock_guard lock(stream.mutex);
      stream.context = nullptr;
    }
    if (stopping_) break;
    {
      std::lock_guard lock(mutex_);
      ++reconnects_;
      ++stream_ends_[std::to_string(static_cast<int>(status.error_code())) + " " + status.error_message()];
    }
    first = false;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

std::set<std::pair<std::string, std::string>> OutboxAddressedTo(const std::string& database_url,
                                                                const std::set<std::string>& users,
                                                                bool your_turn_only) {
  std::set<std::pair<std::string, std::string>> owed;
  pqxx::connection connection(database_url);
  pqxx::read_transaction txn(connection);
  for (const auto& row : txn.exec("SELECT payload FROM outbox")) {
    mailrun::v1::Event event;
    if (!event.ParseFromString(pqxx::binarystring(row[0]).str())) continue;
    if (your_turn_only && !event.has_your_turn()) continue;
    for (const auto& user : event.user_ids()) {
      if (users.count(user)) owed.emplace(user, event.event_id());
    }
  }
  return owed;
}

std::set<std::pair<std::string, std::string>> NotificationWatch::Owed() {
  std::set<std::string> watched;
  for (const auto& stream : streams_) watched.insert(stream->user);
  return OutboxAddressedTo(stack_.database_url(), watched);
}

NotificationTally NotificationWatch::Tally() {
  const auto owed = Owed();
  std::lock_guard lock(mutex_);
  NotificationTally tally;
  tally.owed = static_cast<int64_t>(owed.size());
  tally.repeated = repeated_;
  tally.reconnects = reconnects_;
  tally.stream_ends = stream_ends_;
  for (const auto& [key, delay] : arrived_) {
    if (owed.count(key)) {
      ++tally.delivered;
      tally.longest_delay_ms = std::max(tally.longest_delay_ms, delay);
    } else {
      ++tally.unowed;
    }
  }
  for (const auto& key : owed) {
    if (tally.missing.size() < 5 && !arrived_.count(key)) tally.missing.push_back(key.first + " " + key.second);
  }
  return tally;
}

bool NotificationWatch::WaitForAll(std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto tally = Tally();
    if (tally.delivered >= tally.owed) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

}  // namespace mailrun::fault
