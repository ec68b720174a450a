#include "tests/integration/notification/notification_harness.h"

#include <pqxx/pqxx>

#include <algorithm>

#include "services/common/config.h"
#include "services/common/database.h"
#include "services/common/outbox.h"
#include "services/common/token.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {

std::string ChannelFor(const std::string& database_url) {
  return std::string(service::kEventsChannel) + "." + database_url.substr(database_url.rfind('/') + 1);
}

std::string MigratedDatabase(const std::string& prefix) {
  const std::string url = mailrun::testing::FreshDatabase(prefix);
  pqxx::connection connection(url);
  service::ApplyMigrations(connection, service::EmbeddedMigrations());
  return url;
}

std::string AccessToken(const std::string& user_id) {
  service::TokenClaims claims;
  claims.subject = user_id;
  claims.display_name = user_id;
  claims.kind = service::TokenKind::kAccess;
  claims.issued_at = NowMs() / 1000;
  claims.expires_at = claims.issued_at + 3600;
  claims.token_id = service::RandomId();
  return mailrun::testing::TestSigner().Issue(claims);
}

int64_t NowMs() { return ToUnixMs(std::chrono::system_clock::now()); }

mailrun::v1::Event YourTurn(const std::string& event_id, const std::string& user_id, const std::string& game_id,
                            int64_t version, int64_t remind_after_seconds) {
  mailrun::v1::Event event;
  event.set_event_id(event_id);
  event.set_created_at_unix_ms(NowMs());
  event.add_user_ids(user_id);
  auto* turn = event.mutable_your_turn();
  turn->set_game_id(game_id);
  turn->set_version(version);
  turn->set_round("Railway Round 2.1");
  turn->set_expected("operate the EIR: lay track");
  turn->set_remind_after_seconds(remind_after_seconds);
  return event;
}

void AppendToOutbox(const std::string& database_url, const mailrun::v1::Event& event) {
  pqxx::connection connection(database_url);
  pqxx::work txn(connection);
  service::AppendOutboxEvent(txn, event);
  txn.commit();
}

int64_t QueryInt(const std::string& database_url, const std::string& sql) {
  pqxx::connection connection(database_url);
  pqxx::read_transaction txn(connection);
  return txn.exec(sql)[0][0].as<int64_t>();
}

bool Eventually(const std::function<bool()>& condition, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return condition();
}

NotificationOptions TestOptions(const std::string& database_url, const std::string& redis_url) {
  NotificationOptions options;
  options.database_url = database_url;
  options.redis_url = redis_url;
  options.token_verifier = mailrun::testing::TestVerifier();
  options.events_channel = ChannelFor(database_url);
  options.database_pool_size = 16;
  options.run_outbox_relay = false;
  options.relay_poll_interval = std::chrono::milliseconds(200);
  options.reminder_check_interval = std::chrono::milliseconds(200);
  options.push.initial_backoff = std::chrono::milliseconds(20);
  options.push.max_backoff = std::chrono::milliseconds(200);
  options.push.poll_interval = std::chrono::milliseconds(20);
  options.push.request_timeout = std::chrono::milliseconds(2000);
  return options;
}

std::unique_ptr<service::OutboxRelay> StartRelay(const std::string& database_url, const std::string& redis_url) {
  service::OutboxRelayOptions options;
  options.database_url = database_url;
  options.redis_url = redis_url;
  options.channel = ChannelFor(database_url);
  options.poll_interval = std::chrono::milliseconds(200);
  options.min_backoff = std::chrono::milliseconds(50);
  options.max_backoff = std::chrono::milliseconds(500);
  options.redis_timeout = std::chrono::milliseconds(500);
  auto relay = std::make_unique<service::OutboxRelay>(options);
  relay->Start();
  return relay;
}

InProcessNotify::InProcessNotify(NotificationOptions options, bool start_workers)
    : app_(std::make_unique<NotificationApp>(std::move(options))) {
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
  builder.RegisterService(app_->service());
  server_ = builder.BuildAndStart();
  if (!server_ || port == 0) throw std::runtime_error("in-process notification server could not start");
  address_ = "127.0.0.1:" + std::to_string(port);
  if (start_workers) app_->Start();
}

InProcessNotify::~InProcessNotify() {
  app_->CloseStreams();
  server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  app_->Stop();
}

std::unique_ptr<mailrun::v1::NotificationService::Stub> InProcessNotify::Stub() const { return StubFor(address_); }

bool InProcessNotify::WaitSubscribed(std::chrono::milliseconds timeout) {
  return Eventually([this] { return app_->consumer().subscribed(); }, timeout);
}

std::unique_ptr<mailrun::v1::NotificationService::Stub> StubFor(const std::string& address) {
  return mailrun::v1::NotificationService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
}

std::unique_ptr<grpc::ClientContext> ContextWith(const std::string& token) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return context;
}

PushSink::PushSink(std::function<int(int)> respond)
    : respond_(std::move(respond)), server_(std::make_unique<httplib::Server>()) {
  server_->Post("/push", [this](const httplib::Request& request, httplib::Response& response) {
    std::lock_guard lock(mutex_);
    const std::string key = request.get_header_value("Idempotency-Key");
    const int status = respond_(++attempts_[key]);
    requests_.push_back({key, request.body, status, request.get_header_value("traceparent")});
    response.status = status;
    response.set_content("{}", "application/json");
  });
  // One request per connection: stop() would otherwise wait for the client's idle keep-alive.
  server_->set_keep_alive_max_count(1);
  port_ = server_->bind_to_any_port("127.0.0.1");
  if (port_ <= 0) throw std::runtime_error("the push sink cannot bind a port");
  thread_ = std::thread([this] { server_->listen_after_bind(); });
  Eventually([this] { return server_->is_running(); }, std::chrono::seconds(5));
}

PushSink::~PushSink() {
  server_->stop();
  thread_.join();
}

std::vector<PushSink::Request> PushSink::requests() {
  std::lock_guard lock(mutex_);
  return requests_;
}

size_t PushSink::delivered() {
  std::lock_guard lock(mutex_);
  return std::count_if(requests_.begin(), requests_.end(), [](const Request& r) { return r.status / 100 == 2; });
}

std::string RegisterDevice(mailrun::v1::NotificationService::Stub& stub, const std::string& user_id,
                           mailrun::v1::Platform platform, const std::string& push_token) {
  mailrun::v1::RegisterDeviceRequest request;
  request.set_request_id(service::RandomId());
  request.set_platform(platform);
  request.set_push_token(push_token);
  mailrun::v1::RegisterDeviceResponse response;
  const grpc::Status status = stub.RegisterDevice(ContextWith(AccessToken(user_id)).get(), request, &response);
  if (!status.ok()) throw std::runtime_error("RegisterDevice failed: " + status.error_message());
  return response.device_id();
}

StreamReader::StreamReader(mailrun::v1::NotificationService::Stub& stub, const std::string& token,
                           const std::string& since_event_id)
    : context_(std::make_unique<grpc::ClientContext>()) {
  if (!token.empty()) context_->AddMetadata("authorization", "Bearer " + token);
  mailrun::v1::SubscribeRequest request;
  request.set_since_event_id(since_event_id);
  reader_ = stub.Subscribe(context_.get(), request);
  thread_ = std::thread([this] {
    reader_->WaitForInitialMetadata();
    {
      std::lock_guard lock(mutex_);
      live_ = true;
    }
    arrived_.notify_all();
    mailrun::v1::Notification notification;
    while (reader_->Read(&notification)) {
      std::lock_guard lock(mutex_);
      queue_.push_back(notification);
      arrived_.notify_all();
    }
    const grpc::Status status = reader_->Finish();
    std::lock_guard lock(mutex_);
    status_ = status;
    ended_ = true;
    arrived_.notify_all();
  });
  std::unique_lock lock(mutex_);
  arrived_.wait_for(lock, std::chrono::seconds(10), [this] { return live_ || ended_; });
}

StreamReader::~StreamReader() {
  Cancel();
  if (thread_.joinable()) thread_.join();
}

std::optional<mailrun::v1::Notification> StreamReader::Next(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  arrived_.wait_for(lock, timeout, [this] { return !queue_.empty() || ended_; });
  if (queue_.empty()) return std::nullopt;
  auto notification = queue_.front();
  queue_.pop_front();
  return notification;
}

std::vector<mailrun::v1::Notification> StreamReader::Take(size_t count, std::chrono::milliseconds timeout) {
  std::vector<mailrun::v1::Notification> out;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (out.size() < count) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    auto next = Next(left);
    if (!next) break;
    out.push_back(*next);
  }
  return out;
}

void StreamReader::Cancel() { context_->TryCancel(); }

grpc::Status StreamReader::Finish() {
  std::unique_lock lock(mutex_);
  arrived_.wait_for(lock, std::chrono::seconds(15), [this] { return ended_; });
  return ended_ ? status_ : grpc::Status(grpc::StatusCode::DEADLINE_EXCEEDED, "stream did not end");
}

}  // namespace mailrun::notification::testing
