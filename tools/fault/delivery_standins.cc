#include "tools/fault/delivery_standins.h"

#include <fmt/format.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "services/common/unix_time.h"
#include "tools/fault/stack.h"

namespace mailrun::fault {
namespace {

// "v1=<hex HMAC-SHA-256 of "<timestamp>.<body>">", as a receiver computes it (docs/operations.md, "Webhooks").
std::string Signature(const std::string& secret, const std::string& timestamp, const std::string& body) {
  const std::string text = timestamp + "." + body;
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()), reinterpret_cast<const unsigned char*>(text.data()),
       text.size(), mac, &size);
  std::string hex = "v1=";
  for (unsigned int i = 0; i < size; ++i) hex += fmt::format("{:02x}", mac[i]);
  return hex;
}

}  // namespace

WebhookReceiver::WebhookReceiver() {
  server_.Post(R"(/hook/([A-Za-z0-9_-]+))", [this](const httplib::Request& request, httplib::Response& response) {
    Received got;
    got.device = request.matches[1];
    got.event_id = request.get_header_value("X-Mailrun-Event");
    got.at_ms = mailrun::service::NowUnixMs();
    const std::string timestamp = request.get_header_value("X-Mailrun-Timestamp");
    const std::string signature = request.get_header_value("X-Mailrun-Signature");
    std::unique_lock lock(mutex_);
    const auto secret = secrets_.find(got.device);
    if (secret == secrets_.end()) {
      got.problem = "a webhook nobody registered";
    } else if (got.event_id.empty()) {
      got.problem = "no X-Mailrun-Event";
    } else if (signature.size() != 67 ||
               CRYPTO_memcmp(signature.data(), Signature(secret->second, timestamp, request.body).data(), 67) != 0) {
      got.problem = "the signature does not match the webhook's secret";
    } else {
      got.good = true;
    }
    got.held = hold_ && got.good;
    received_.push_back(got);
    response.status = got.good ? 200 : 400;
    if (got.held) {
      hold_ = false;
      holding_ = true;
      released_.wait(lock, [this] { return !holding_; });
    }
  });
  server_.set_keep_alive_max_count(1);  // stop() would otherwise wait for an idle keep-alive
  port_ = server_.bind_to_any_port("127.0.0.1");
  thread_ = std::thread([this] { server_.listen_after_bind(); });
}

WebhookReceiver::~WebhookReceiver() {
  Release();
  server_.stop();
  thread_.join();
}

std::string WebhookReceiver::Url(const std::string& name) const {
  return fmt::format("http://127.0.0.1:{}/hook/{}", port_, name);
}

void WebhookReceiver::SetSecret(const std::string& name, const std::string& secret) {
  std::lock_guard lock(mutex_);
  secrets_[name] = secret;
}

void WebhookReceiver::Hold() {
  std::lock_guard lock(mutex_);
  hold_ = true;
}

bool WebhookReceiver::Holding() const {
  std::lock_guard lock(mutex_);
  return holding_;
}

void WebhookReceiver::Release() {
  {
    std::lock_guard lock(mutex_);
    hold_ = false;
    holding_ = false;
  }
  released_.notify_all();
}

std::vector<Received> WebhookReceiver::All() const {
  std::lock_guard lock(mutex_);
  return received_;
}

PushService::PushService(const std::string& source_dir, const std::string& dir, const std::string& log) {
  if (mailrun::process::RunShell(fmt::format("'{}/tools/standins/setup.sh' '{}'", source_dir, dir), log) != 0) {
    throw std::runtime_error("installing the push service stand-in failed; see " + log);
  }
  port_ = FreePort();
  child_ = std::make_unique<mailrun::process::Child>(
      "/usr/bin/env", std::vector<std::string>{"node", dir + "/push_service.mjs", std::to_string(port_)},
      std::map<std::string, std::string>{}, log);
  httplib::Client client(origin());
  for (int i = 0; i < 200; ++i) {
    if (auto answer = client.Get("/control/received"); answer && answer->status == 200) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error("the push service stand-in did not start; see " + log);
}

PushService::~PushService() {
  if (child_) Release();
}

std::vector<std::string> PushService::Subscribe(const std::string& vapid_key) {
  httplib::Client client(origin());
  const auto answer = client.Post("/control/subscriptions", nlohmann::json{{"vapid_key", vapid_key}}.dump(), "application/json");
  if (!answer || answer->status != 200) throw std::runtime_error("the push service stand-in gave no subscription");
  const auto body = nlohmann::json::parse(answer->body);
  return {body.at("endpoint"), body.at("keys").at("p256dh"), body.at("keys").at("auth")};
}

void PushService::Hold() {
  httplib::Client client(origin());
  if (auto answer = client.Post("/control/hold", "{}", "application/json"); !answer || answer->status != 200) {
    throw std::runtime_error("the push service stand-in did not take the hold");
  }
}

bool PushService::Holding() {
  httplib::Client client(origin());
  const auto answer = client.Get("/control/held");
  return answer && answer->status == 200 && nlohmann::json::parse(answer->body).value("held", false);
}

void PushService::Release() {
  httplib::Client client(origin());
  client.Post("/control/release", "{}", "application/json");
}

std::vector<Received> PushService::All() {
  httplib::Client client(origin());
  const auto answer = client.Get("/control/received");
  if (!answer || answer->status != 200) throw std::runtime_error("the push service stand-in did not answer");
  std::vector<Received> all;
  for (const auto& record : nlohmann::json::parse(answer->body)) {
    Received got;
    got.device = origin() + "/push/" + record.value("subscription", "");
    got.at_ms = record.value("at", int64_t{0});
    got.topic = record.value("topic", "");
    got.held = record.value("held", false);
    got.problem = record.value("error", "");
    got.good = got.problem.empty() && record.contains("payload");
    if (got.good) got.event_id = record.at("payload").value("event_id", "");
    all.push_back(got);
  }
  return all;
}

}  // namespace mailrun::fault
