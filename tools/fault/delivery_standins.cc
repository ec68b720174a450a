#include "tools/fault/delivery_standins.h"

#include <fmt/format.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <nlohmann/json.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "services/common/unix_time.h"
#include "tools/fault/stack.h"
#include "tools/process/smtp_server.h"

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

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The header block of a mail, unfolded: name (lower case) -> value (the first of each name).
std::map<std::string, std::string> Headers(const std::string& mail) {
  std::map<std::string, std::string> headers;
  std::istringstream in(mail);
  std::string line, name;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) break;
    if ((line[0] == ' ' || line[0] == '\t') && !name.empty()) {
      headers[name] += " " + line.substr(line.find_first_not_of(" \t"));
      continue;
    }
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    name = line.substr(0, colon);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (headers.count(name)) {
      name.clear();  // a later header of the same name: ignored
      continue;
    }
    const size_t value = line.find_first_not_of(" \t", colon + 1);
    headers[name] = value == std::string::npos ? "" : line.substr(value);
  }
  return headers;
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

MailServer::MailServer(const std::string& source_dir, const std::string& maildir) : maildir_(maildir) {
  port_ = FreePort();
  child_ = mailrun::process::StartSmtpServer(port_, maildir_, "smtp_hold.HoldingMailbox", source_dir + "/tools/standins");
}

void MailServer::Hold() { std::ofstream(maildir_ + ".hold") << "hold\n"; }

bool MailServer::Holding() const { return std::filesystem::exists(maildir_ + ".held"); }

void MailServer::Release() {
  std::error_code ignored;
  std::filesystem::remove(maildir_ + ".hold", ignored);
  std::filesystem::remove(maildir_ + ".held", ignored);
}

std::vector<ReceivedMail> MailServer::All() const {
  std::map<std::string, nlohmann::json> logged;  // key -> the handler's record of it
  std::istringstream log(ReadFile(maildir_ + ".log"));
  for (std::string line; std::getline(log, line);) {
    const auto record = nlohmann::json::parse(line, nullptr, false);
    if (record.is_object()) logged[record.value("key", "")] = record;
  }
  std::vector<ReceivedMail> all;
  const auto dir = std::filesystem::path(maildir_) / "new";
  if (!std::filesystem::exists(dir)) return all;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    ReceivedMail mail;
    mail.key = entry.path().filename().string();
    mail.text = ReadFile(entry.path());
    auto headers = Headers(mail.text);
    mail.to = headers["x-rcptto"];
    mail.message_id = headers["message-id"];
    if (const auto record = logged.find(mail.key); record != logged.end()) {
      mail.held = record->second.value("held", false);
      mail.at_ms = record->second.value("at", int64_t{0});
    }
    std::istringstream events(headers["x-mailrun-events"]);
    for (std::string id; events >> id;) mail.event_ids.push_back(id);
    if (mail.message_id.empty()) {
      mail.problem = "no Message-ID";
    } else if (!mail.event_ids.empty() && headers["list-unsubscribe"].empty()) {
      mail.problem = "no List-Unsubscribe";
    }
    all.push_back(std::move(mail));
  }
  return all;
}

}  // namespace mailrun::fault
