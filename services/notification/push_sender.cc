#include "services/notification/push_sender.h"

#include <httplib.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <set>
#include <stdexcept>

#include "services/common/backoff.h"
#include "services/common/event_log.h"
#include "services/common/json_log.h"
#include "services/common/metrics.h"
#include "services/notification/device_registry.h"
#include "services/notification/event_text.h"
#include "services/notification/preferences_store.h"
#include "services/notification/webhook.h"

namespace mailrun::notification {

PushEndpoint ParsePushEndpoint(const std::string& url) {
  const size_t scheme_end = url.find("://");
  const std::string scheme = scheme_end == std::string::npos ? "" : url.substr(0, scheme_end);
  if (scheme != "http" && scheme != "https") {
    throw std::invalid_argument("push endpoint '" + url + "' must start with http:// or https://");
  }
  const size_t host_start = scheme_end + 3;
  const size_t slash = url.find('/', host_start);
  PushEndpoint endpoint{url.substr(0, slash), slash == std::string::npos ? "/" : url.substr(slash)};
  if (endpoint.origin.size() == host_start) throw std::invalid_argument("push endpoint '" + url + "' has no host");
  return endpoint;
}

PushOutcome ClassifyPushResponse(int http_status) {
  if (http_status >= 200 && http_status < 300) return PushOutcome::kDelivered;
  if (http_status == 0 || http_status == 408 || http_status == 429 || http_status >= 500) return PushOutcome::kRetry;
  return PushOutcome::kPermanent;
}

std::string GorushFailure(const std::string& answer_body) {
  const nlohmann::json answer = nlohmann::json::parse(answer_body, nullptr, false);
  if (!answer.is_object() || !answer.contains("logs") || !answer["logs"].is_array()) return "";
  for (const auto& entry : answer["logs"]) {
    if (entry.is_object() && entry.value("type", "") == "failed-push") {
      const std::string error = entry.value("error", "");
      return "gateway: " + (error.empty() ? std::string("failed-push") : error);
    }
  }
  return "";
}

int GorushPlatform(const std::string& platform) {
  if (platform == "apns") return 1;
  if (platform == "fcm") return 2;
  return 0;
}

std::string CollapseKey(const PushMessage& message) {
  if (message.game_id.empty() || (message.kind != "your_turn" && message.kind != "reminder")) return "";
  return "turn-" + message.game_id;
}

std::string PushBody(const PushMessage& message) {
  nlohmann::json data = {{"event_id", message.event_id}, {"kind", message.kind}};
  if (!message.game_id.empty()) data["game_id"] = message.game_id;
  nlohmann::json notification = {{"notif_id", message.event_id + "/" + std::to_string(message.delivery_id)},
                                 {"tokens", {message.device_token}},
                                 {"platform", GorushPlatform(message.platform)},
                                 {"title", message.title},
                                 {"message", message.text},
                                 {"badge", message.badge},
                                 {"data", data}};
  if (message.platform == "apns") {
    notification["alert"] = {{"title", message.title}, {"body", message.text}};
    if (!message.apns_topic.empty()) notification["topic"] = message.apns_topic;
  }
  const std::string collapse = CollapseKey(message);
  if (!collapse.empty()) {
    notification["collapse_id"] = collapse;                        // APNs apns-collapse-id
    notification["collapse_key"] = collapse;                       // FCM (Gorush before FCM v1)
    notification["android"] = {{"collapse_key", collapse}};        // FCM v1 AndroidConfig
  }
  if (!message.game_id.empty()) notification["thread-id"] = message.game_id;  // iOS groups a game's
  return nlohmann::json{{"notifications", {notification}}}.dump();
}

PushSender::PushSender(service::ConnectionPool& pool, PushSenderOptions options, Clock clock)
    : pool_(pool), options_(std::move(options)), clock_(std::move(clock)) {
  if (options_.max_attempts < 1) throw std::invalid_argument("push max attempts must be at least 1");
  web_push_keys_ = WebPushKeys::Load(options_.web_push.private_key_files);
  if (!gorush()) return;
  endpoint_ = ParsePushEndpoint(options_.endpoint);
  client_ = std::make_unique<httplib::Client>(endpoint_.origin);
  const auto timeout = options_.request_timeout;
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(timeout);
  const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(timeout - seconds);
  client_->set_connection_timeout(seconds.count(), micros.count());
  client_->set_read_timeout(seconds.count(), micros.count());
  client_->set_write_timeout(seconds.count(), micros.count());
  client_->set_keep_alive(true);
}

PushSender::~PushSender() { Stop(); }

int PushSender::Enqueue(pqxx::transaction_base& txn, const mailrun::v1::Event& event, TimePoint now) {
  if (!enabled()) return 0;
  const auto kind = KindOf(event);
  int created = 0;
  for (const std::string& user : std::set<std::string>(event.user_ids().begin(), event.user_ids().end())) {
    const PushPolicy policy = PreferencesStore::PolicyFor(txn, user);
    const TimePoint due = QuietHoursEnd(policy.quiet, now).value_or(now);
    for (const Device& device : DeviceRegistry::DevicesOf(txn, user)) {
      // Webhooks are a channel of their own; APNs, FCM and Web Push are "push".
      if ((device.platform == "webhook" ? policy.webhook_muted : policy.muted).count(kind)) continue;
      // Only what this sender can reach: Web Push needs a VAPID key, APNs and FCM the Gorush gateway.
      if (device.platform == "webpush" ? !web_push_keys_.enabled() : device.platform != "webhook" && !gorush()) continue;
      created += static_cast<int>(
          txn.exec_params("INSERT INTO push_deliveries (event_id, device_id, user_id, next_attempt_at) "
                          "VALUES ($1, $2, $3, to_timestamp($4::bigint / 1000.0)) "
                          "ON CONFLICT (event_id, device_id) DO NOTHING",
                          event.event_id(), device.device_id, user, ToUnixMs(due))
              .affected_rows());
    }
  }
  return created;
}

PushSender::Sent PushSender::SendGorush(const PushMessage& message) {
  Sent sent;
  std::lock_guard lock(client_mutex_);
  // The gateway may carry the trace on (W3C trace context over HTTP).
  const httplib::Headers headers = {{"Idempotency-Key", message.event_id + "/" + std::to_string(message.delivery_id)},
                                    {"traceparent", service::OutgoingTraceparent()}};
  const auto result = client_->Post(endpoint_.path.c_str(), headers, PushBody(message), "application/json");
  if (result) {
    sent.status = result->status;
    if (ClassifyPushResponse(sent.status) != PushOutcome::kDelivered) sent.error = "HTTP " + std::to_string(sent.status);
    else sent.error = GorushFailure(result->body);  // the token was refused (sync mode)
    if (const auto after = result->get_header_value("Retry-After"); !after.empty() &&
        after.find_first_not_of("0123456789") == std::string::npos && after.size() < 10) {
      sent.retry_after_seconds = std::stoll(after);
    }
  } else {
    sent.error = httplib::to_string(result.error());
  }
  return sent;
}

PushSender::Sent PushSender::SendWebPush(const PushMessage& message, const WebPushTarget& target,
                                         const std::string& vapid_key) {
  Sent sent;
  const VapidKey* key = web_push_keys_.Find(vapid_key);
  if (key == nullptr) {
    // Rotated out: the push service would refuse another key's JWT. The client subscribes again
    // when GetWebPushKey gives it a key its subscription was not made with.
    sent.permanent = sent.gone = true;
    sent.error = "the subscription was made with a VAPID key no longer configured";
    return sent;
  }
  const WebPushContent content{message.event_id, message.kind,    message.title,
                               message.text,     message.game_id, CollapseKey(message)};
  EgressRequest request =
      // The JWT is dated by the real clock: the push service checks it against its own.
      WebPushRequest(content, target, *key, options_.web_push, std::chrono::system_clock::now(),
                     options_.request_timeout);
  return FromEgress(EgressPost(request, options_.web_push.egress), "the subscription is gone (removed)");
}

PushSender::Sent PushSender::SendWebhook(const PushMessage& message, const std::string& url, const std::string& secret) {
  WebhookContent content{message.event_id, message.kind, message.title, message.text, message.game_id, ""};
  if (!message.game_id.empty() && !options_.public_url.empty()) content.game_url = options_.public_url + "/#/game/" + message.game_id;
  const int64_t now_s =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  return FromEgress(EgressPost(WebhookRequest(url, secret, content, now_s, options_.request_timeout), options_.web_push.egress),
                    "the webhook is gone (removed)");
}

PushSender::Sent PushSender::FromEgress(const EgressAnswer& answer, const char* gone_reason) {
  Sent sent;
  sent.status = answer.status;
  sent.retry_after_seconds = answer.retry_after_seconds;
  if (answer.refused) {
    sent.permanent = true;
    sent.error = answer.error;
  } else if (answer.status == 0) {
    sent.error = answer.error;
  } else if (ClassifyPushResponse(answer.status) != PushOutcome::kDelivered) {
    sent.error = "HTTP " + std::to_string(answer.status);
    if (answer.status == 404 || answer.status == 410) {
      sent.gone = true;
      sent.error += std::string(": ") + gone_reason;
    }
  }
  return sent;
}

bool PushSender::AttemptOne(TimePoint now) {
  auto connection = pool_.Acquire();
  pqxx::work txn(*connection);
  const pqxx::result rows = txn.exec_params(
      "SELECT d.id, d.event_id, d.user_id, d.attempts, dev.platform, dev.push_token, e.payload, "
      "dev.web_push_p256dh, dev.web_push_auth, dev.web_push_vapid_key, d.device_id, dev.webhook_secret "
      "FROM push_deliveries d JOIN notification_events e ON e.event_id = d.event_id "
      "LEFT JOIN push_devices dev ON dev.device_id = d.device_id AND dev.user_id = d.user_id "
      "WHERE d.status = 'pending' AND d.next_attempt_at <= to_timestamp($1::bigint / 1000.0) "
      "ORDER BY d.next_attempt_at, d.id LIMIT 1 FOR UPDATE OF d SKIP LOCKED",
      ToUnixMs(now));
  if (rows.empty()) return false;
  const auto& row = rows[0];
  const int64_t id = row[0].as<int64_t>();
  mailrun::v1::Event event;
  event.ParseFromString(pqxx::binarystring(row[6]).str());
  const service::LogScope scope = service::EventLogScope(event);  // the push is in the event's trace
  nlohmann::json fields = {{"delivery_id", id}, {"event_id", row[1].as<std::string>()}};
  const bool unregistered = row[4].is_null();  // or moved to another user, since the event
  const std::string platform = unregistered ? "" : row[4].as<std::string>();
  const bool web_push = platform == "webpush";
  const bool webhook = platform == "webhook";
  if (unregistered || (!web_push && !webhook && (GorushPlatform(platform) == 0 || !gorush()))) {
    txn.exec_params("UPDATE push_deliveries SET status = 'cancelled', finished_at = clock_timestamp(), "
                    "last_error = $2 WHERE id = $1",
                    id, unregistered ? "device no longer registered to this user"
                                     : "no push gateway (Gorush) is configured for this platform");
    txn.commit();
    service::metrics::PushAttempted("cancelled");
    service::LogEvent(spdlog::level::info, "push_cancelled", fields);
    return true;
  }
  PushMessage message;
  message.delivery_id = id;
  message.event_id = row[1].as<std::string>();
  const std::string user = row[2].as<std::string>();
  message.kind = KindName(KindOf(event));
  message.platform = platform;
  message.device_token = row[5].as<std::string>();
  const EventText text = DescribeEvent(event, user);
  message.title = text.title;
  message.text = text.text;
  message.game_id = GameIdOf(event);
  message.apns_topic = options_.apns_topic;
  message.badge = txn.exec_params("SELECT count(*) FROM inbox WHERE user_id = $1 AND read_at IS NULL", user)[0][0]
                      .as<int64_t>();

  const Sent sent = web_push ? SendWebPush(message,
                                           {message.device_token, row[7].as<std::string>(), row[8].as<std::string>()},
                                           row[9].as<std::string>())
                    : webhook ? SendWebhook(message, message.device_token, row[11].as<std::string>())
                              : SendGorush(message);
  const int status = sent.status;
  const std::string& error = sent.error;
  const int attempt = row[3].as<int>() + 1;
  PushOutcome outcome = sent.permanent ? PushOutcome::kPermanent : ClassifyPushResponse(status);
  if (outcome == PushOutcome::kDelivered && !error.empty()) outcome = PushOutcome::kPermanent;
  std::string recorded;
  if (outcome == PushOutcome::kDelivered) {
    recorded = "delivered";
    txn.exec_params("UPDATE push_deliveries SET status = 'delivered', attempts = $2, finished_at = clock_timestamp(), "
                    "last_error = NULL WHERE id = $1",
                    id, attempt);
  } else if (outcome == PushOutcome::kPermanent || attempt >= options_.max_attempts) {
    recorded = outcome == PushOutcome::kPermanent ? "rejected" : "gave_up";
    txn.exec_params("UPDATE push_deliveries SET status = $2, attempts = $3, finished_at = clock_timestamp(), "
                    "last_error = $4 WHERE id = $1",
                    id, recorded, attempt, error);
  } else {
    recorded = "retry";
    auto delay = service::ExponentialBackoff::DelayFor(attempt, options_.initial_backoff, options_.max_backoff);
    if (sent.retry_after_seconds) {  // 429 or 503 with Retry-After: not before the service asks (a day at most)
      delay = std::max<std::chrono::milliseconds>(delay, std::chrono::seconds(std::min<int64_t>(*sent.retry_after_seconds, 86400)));
    }
    txn.exec_params("UPDATE push_deliveries SET attempts = $2, last_error = $3, "
                    "next_attempt_at = to_timestamp($4::bigint / 1000.0) WHERE id = $1",
                    id, attempt, error, ToUnixMs(now + delay));
  }
  if (sent.gone) {
    // The browser's subscription expired or was revoked: forget it, and its other pending pushes.
    const std::string device = row[10].as<std::string>();
    txn.exec_params("DELETE FROM push_devices WHERE device_id = $1", device);
    txn.exec_params("UPDATE push_deliveries SET status = 'cancelled', finished_at = clock_timestamp(), "
                    "last_error = 'the subscription is gone' WHERE device_id = $1 AND status = 'pending' AND id <> $2",
                    device, id);
  }
  txn.exec_params("INSERT INTO push_attempts (delivery_id, attempt, attempted_at, http_status, outcome, error) "
                  "VALUES ($1, $2, to_timestamp($3::bigint / 1000.0), NULLIF($4, 0), $5, NULLIF($6, ''))",
                  id, attempt, ToUnixMs(now), status, recorded, error);
  txn.commit();
  service::metrics::PushAttempted(recorded);
  service::metrics::DeliveryAttempted(web_push ? "web_push" : webhook ? "webhook" : "push", recorded);
  fields["attempt"] = attempt;
  fields["outcome"] = recorded;
  fields["platform"] = platform;
  if (status != 0) fields["http_status"] = status;
  if (recorded == "delivered") {
    service::LogEvent(spdlog::level::info, "push_delivered", fields);
  } else {
    fields["error"] = error;
    if (sent.gone) fields["subscription_removed"] = true;
    service::LogEvent(spdlog::level::warn, "push_failed", fields);
  }
  return true;
}

int PushSender::RunDue(TimePoint now) {
  if (!enabled()) return 0;
  int attempts = 0;
  while (!worker_.stopping() && AttemptOne(now)) ++attempts;
  return attempts;
}

void PushSender::Start() {
  if (enabled()) worker_.Start([this] { Run(); });
}

void PushSender::Stop() { worker_.Stop(); }

void PushSender::Wake() { worker_.Wake(); }

void PushSender::Run() {
  do {
    try {
      RunDue(clock_());
    } catch (const std::exception& e) {
      spdlog::warn("push sender: {}", e.what());
    }
  } while (worker_.WaitFor(options_.poll_interval));
}

}  // namespace mailrun::notification
