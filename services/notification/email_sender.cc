#include "services/notification/email_sender.h"

#include <nlohmann/json.hpp>
#include <openssl/rand.h>
#include <spdlog/spdlog.h>

#include <set>
#include <stdexcept>

#include "services/common/backoff.h"
#include "services/common/json_log.h"
#include "services/common/metrics.h"
#include "services/common/sha256_hex.h"
#include "services/notification/email_message.h"
#include "services/notification/event_text.h"
#include "services/notification/preferences_store.h"
#include "services/notification/web_push_crypto.h"

namespace mailrun::notification {
namespace {

std::string NewToken() {
  unsigned char bytes[24];
  if (RAND_bytes(bytes, sizeof bytes) != 1) throw std::runtime_error("no random bytes for an email token");
  return Base64UrlEncode(std::string(reinterpret_cast<const char*>(bytes), sizeof bytes));
}

std::string TokenHash(const std::string& token) { return mailrun::service::Sha256Hex(token); }

int64_t UnixSeconds(TimePoint t) { return ToUnixMs(t) / 1000; }

}  // namespace

EmailSender::EmailSender(service::ConnectionPool& pool, EmailOptions options, Clock clock, Fanout& fanout,
                         Presence* presence)
    : pool_(pool), options_(std::move(options)), clock_(std::move(clock)), fanout_(fanout), presence_(presence) {
  if (options_.max_attempts < 1) throw std::invalid_argument("email max attempts must be at least 1");
  if (enabled() && options_.smtp.url.rfind("smtp://", 0) != 0 && options_.smtp.url.rfind("smtps://", 0) != 0) {
    throw std::invalid_argument("the SMTP relay URL must start with smtp:// or smtps://");
  }
  if (enabled() && EmailAddressProblem(BareAddress(options_.smtp.from)) != "") {
    throw std::invalid_argument("the mail sender address (--smtp-from) is not an address: " +
                                EmailAddressProblem(BareAddress(options_.smtp.from)));
  }
}

EmailSender::~EmailSender() { Stop(); }

mailrun::v1::EmailAddress EmailSender::AddressOf(pqxx::transaction_base& txn, const std::string& user_id) {
  mailrun::v1::EmailAddress email;
  const auto rows = txn.exec_params(
      "SELECT address, verified_at IS NOT NULL AND unsubscribed_at IS NULL FROM email_addresses WHERE user_id = $1",
      user_id);
  if (!rows.empty()) {
    email.set_address(rows[0][0].as<std::string>());
    email.set_verified(rows[0][1].as<bool>());
  }
  return email;
}

mailrun::v1::EmailAddress EmailSender::SetAddress(pqxx::work& txn, const std::string& user_id,
                                                  const std::string& address, TimePoint now) {
  // Whatever was waiting for the old address is not sent to the new one.
  txn.exec_params("UPDATE email_mails SET status = 'cancelled', last_error = 'the address changed', "
                  "message = CASE WHEN kind = 'login_code' THEN '' ELSE message END WHERE user_id = $1 AND status = 'pending'",
                  user_id);
  txn.exec_params("UPDATE email_items SET status = 'dropped' WHERE user_id = $1 AND status = 'pending'", user_id);
  if (address.empty()) {
    txn.exec_params("DELETE FROM email_addresses WHERE user_id = $1", user_id);
    return {};
  }
  const std::string verify = NewToken();
  txn.exec_params(
      "INSERT INTO email_addresses (user_id, address, verify_token_hash, unsubscribe_token) VALUES ($1, $2, $3, $4) "
      "ON CONFLICT (user_id) DO UPDATE SET address = EXCLUDED.address, verify_token_hash = EXCLUDED.verify_token_hash, "
      "unsubscribe_token = EXCLUDED.unsubscribe_token, verified_at = NULL, unsubscribed_at = NULL, "
      "created_at = clock_timestamp()",
      user_id, address, TokenHash(verify), NewToken());
  const int64_t id = txn.exec("SELECT nextval('email_mails_id_seq')")[0][0].as<int64_t>();
  const MailFrame frame{options_.smtp.from, address, VerifyMessageId(user_id, TokenHash(verify), options_.smtp.from),
                        UnixSeconds(now)};
  txn.exec_params("INSERT INTO email_mails (id, user_id, kind, to_address, message, next_attempt_at, created_at) "
                  "VALUES ($1, $2, 'verify', $3, $4, to_timestamp($5::bigint / 1000.0), to_timestamp($5::bigint / 1000.0))",
                  id, user_id, address,
                  VerificationMail(frame, options_.public_url, verify, MailWords(PreferencesStore::LanguageOf(txn, user_id))),
                  ToUnixMs(now));
  return AddressOf(txn, user_id);
}

std::optional<mailrun::v1::EmailAddress> EmailSender::Verify(pqxx::work& txn, const std::string& token, TimePoint now) {
  const auto rows = txn.exec_params(
      "UPDATE email_addresses SET verified_at = to_timestamp($2::bigint / 1000.0), verify_token_hash = NULL "
      "WHERE verify_token_hash = $1 RETURNING user_id",
      TokenHash(token), ToUnixMs(now));
  if (rows.empty()) return std::nullopt;
  return AddressOf(txn, rows[0][0].as<std::string>());
}

bool EmailSender::Unsubscribe(pqxx::work& txn, const std::string& token, TimePoint now) {
  const auto rows = txn.exec_params(
      "UPDATE email_addresses SET unsubscribed_at = COALESCE(unsubscribed_at, to_timestamp($2::bigint / 1000.0)) "
      "WHERE unsubscribe_token = $1 RETURNING user_id",
      token, ToUnixMs(now));
  if (rows.empty()) return false;
  const std::string user = rows[0][0].as<std::string>();
  txn.exec_params("UPDATE email_items SET status = 'dropped' WHERE user_id = $1 AND status = 'pending'", user);
  txn.exec_params("UPDATE email_mails SET status = 'cancelled', last_error = 'unsubscribed' "
                  "WHERE user_id = $1 AND status = 'pending' AND kind = 'notifications'",
                  user);
  return true;
}

int EmailSender::Enqueue(pqxx::transaction_base& txn, const mailrun::v1::Event& event, TimePoint now) {
  if (!enabled()) return 0;
  const auto kind = KindOf(event);
  int created = 0;
  for (const std::string& user : std::set<std::string>(event.user_ids().begin(), event.user_ids().end())) {
    if (!AddressOf(txn, user).verified()) continue;
    const PushPolicy policy = PreferencesStore::PolicyFor(txn, user);
    if (policy.email_muted.count(kind)) continue;
    const TimePoint due = QuietHoursEnd(policy.quiet, now).value_or(now);
    created += static_cast<int>(txn.exec_params("INSERT INTO email_items (user_id, event_id, due_at) "
                                                "VALUES ($1, $2, to_timestamp($3::bigint / 1000.0)) "
                                                "ON CONFLICT DO NOTHING",
                                                user, event.event_id(), ToUnixMs(due))
                                    .affected_rows());
  }
  return created;
}

bool EmailSender::MailLoginCode(pqxx::transaction_base& txn, const mailrun::v1::Event& event, TimePoint now) {
  if (!enabled() || event.user_ids_size() != 1) return false;
  const auto& requested = event.login_code_requested();
  if (requested.expires_at_unix_ms() <= ToUnixMs(now)) return false;  // caught up too late: no use
  const std::string& user = event.user_ids(0);
  const auto rows = txn.exec_params("SELECT address FROM email_addresses WHERE user_id = $1 AND verified_at IS NOT NULL",
                                    user);
  if (rows.empty()) return false;
  const std::string address = rows[0][0].as<std::string>();
  const MailFrame frame{options_.smtp.from, address, LoginCodeMessageId(event.event_id(), options_.smtp.from),
                        UnixSeconds(now)};
  return txn.exec_params("INSERT INTO email_mails (user_id, kind, to_address, message, next_attempt_at, created_at, "
                         "event_id, expires_at) VALUES ($1, 'login_code', $2, $3, to_timestamp($4::bigint / 1000.0), "
                         "to_timestamp($4::bigint / 1000.0), $5, to_timestamp($6::bigint / 1000.0)) "
                         "ON CONFLICT (event_id) WHERE event_id IS NOT NULL DO NOTHING",
                         user, address,
                         LoginCodeMail(frame, requested.code(), requested.display_name(), requested.expires_at_unix_ms(),
                                       MailWords(PreferencesStore::LanguageOf(txn, user))),
                         ToUnixMs(now), event.event_id(), requested.expires_at_unix_ms())
             .affected_rows() > 0;
}

bool EmailSender::GatherOne(TimePoint now) {
  auto connection = pool_.Acquire();
  pqxx::work txn(*connection);
  const int64_t now_ms = ToUnixMs(now);
  const auto users = txn.exec_params(
      "SELECT i.user_id FROM email_items i WHERE i.status = 'pending' AND i.due_at <= to_timestamp($1::bigint / 1000.0) "
      "AND NOT EXISTS (SELECT 1 FROM email_mails m WHERE m.user_id = i.user_id AND m.kind = 'notifications' "
      "  AND m.created_at > to_timestamp(($1::bigint - $2::bigint) / 1000.0)) "
      "AND pg_try_advisory_xact_lock(hashtext('mailrun.email:' || i.user_id)) "
      "ORDER BY i.due_at LIMIT 1",
      now_ms, static_cast<int64_t>(options_.min_interval.count()));
  if (users.empty()) return false;
  const std::string user = users[0][0].as<std::string>();
  const auto items = txn.exec_params(
      "SELECT i.event_id, e.payload FROM email_items i JOIN notification_events e ON e.event_id = i.event_id "
      "WHERE i.user_id = $1 AND i.status = 'pending' AND i.due_at <= to_timestamp($2::bigint / 1000.0) "
      "ORDER BY i.due_at, i.event_id FOR UPDATE OF i",
      user, now_ms);
  const mailrun::v1::EmailAddress address = AddressOf(txn, user);
  nlohmann::json fields = {{"items", items.size()}};
  const bool active = fanout_.StreamCount(user) > 0 || (presence_ != nullptr && presence_->Active(user));
  if (!address.verified() || active) {
    // No address any more, or the player has the app open (here or on another replica) and saw
    // these there.
    txn.exec_params("UPDATE email_items SET status = $3 WHERE user_id = $1 AND status = 'pending' "
                    "AND due_at <= to_timestamp($2::bigint / 1000.0)",
                    user, now_ms, address.verified() ? "seen" : "dropped");
    txn.commit();
    service::LogEvent(spdlog::level::info, address.verified() ? "email_skipped_active" : "email_dropped", fields);
    return true;
  }
  // In the player's language, line by line from the notifications' message keys (mail_text.h).
  const MailWords words(PreferencesStore::LanguageOf(txn, user));
  std::vector<MailItem> mail_items;
  std::vector<std::string> event_ids;
  for (const auto& row : items) {
    mailrun::v1::Event event;
    event.ParseFromString(pqxx::binarystring(row[1]).str());
    const EventText text = DescribeEvent(event, user);
    mail_items.push_back({words.Render(text.structured_title, text.title, InPounds(event)),
                          words.Render(text.structured_text, text.text, InPounds(event)), GameIdOf(event),
                          row[0].as<std::string>()});
    event_ids.push_back(row[0].as<std::string>());
  }
  const std::string unsubscribe =
      txn.exec_params("SELECT unsubscribe_token FROM email_addresses WHERE user_id = $1", user)[0][0].as<std::string>();
  const int64_t id = txn.exec("SELECT nextval('email_mails_id_seq')")[0][0].as<int64_t>();
  // The batch's own Message-ID (its player and events), kept with the rendered mail in the row: a
  // mail sent again after a crash is the same message, which mail systems show once.
  const MailFrame frame{options_.smtp.from, address.address(), BatchMessageId(user, event_ids, options_.smtp.from),
                        now_ms / 1000};
  txn.exec_params("INSERT INTO email_mails (id, user_id, kind, to_address, message, next_attempt_at, created_at) "
                  "VALUES ($1, $2, 'notifications', $3, $4, to_timestamp($5::bigint / 1000.0), "
                  "to_timestamp($5::bigint / 1000.0))",
                  id, user, address.address(), NotificationsMail(frame, options_.public_url, mail_items, unsubscribe, words),
                  now_ms);
  txn.exec_params("UPDATE email_items SET status = 'mailed', mail_id = $3 WHERE user_id = $1 AND status = 'pending' "
                  "AND due_at <= to_timestamp($2::bigint / 1000.0)",
                  user, now_ms, id);
  txn.commit();
  fields["mail_id"] = id;
  service::LogEvent(spdlog::level::info, "email_gathered", fields);
  return true;
}

bool EmailSender::SendOne(TimePoint now) {
  // Declared first, so it goes last: the relay's connection is closed (QUIT, and the wait for its
  // answer) only after the outcome is committed. A crash in that wait cannot send the mail again.
  SmtpHandoff handoff;
  auto connection = pool_.Acquire();
  pqxx::work txn(*connection);
  // A login code's mail is no use once the code expired; its text (the code) is not kept.
  txn.exec_params("UPDATE email_mails SET status = 'cancelled', last_error = 'the login code expired', message = '' "
                  "WHERE status = 'pending' AND expires_at <= to_timestamp($1::bigint / 1000.0)",
                  ToUnixMs(now));
  const auto rows = txn.exec_params(
      "SELECT id, to_address, message, attempts FROM email_mails WHERE status = 'pending' "
      "AND next_attempt_at <= to_timestamp($1::bigint / 1000.0) ORDER BY next_attempt_at, id LIMIT 1 "
      "FOR UPDATE SKIP LOCKED",
      ToUnixMs(now));
  if (rows.empty()) return false;
  const int64_t id = rows[0][0].as<int64_t>();
  const std::string error = handoff.Send(options_.smtp, rows[0][1].as<std::string>(), rows[0][2].as<std::string>());
  const int attempt = rows[0][3].as<int>() + 1;
  std::string outcome;
  if (error.empty()) {
    outcome = "delivered";
    txn.exec_params("UPDATE email_mails SET status = 'sent', attempts = $2, sent_at = clock_timestamp(), "
                    "last_error = NULL, message = CASE WHEN kind = 'login_code' THEN '' ELSE message END WHERE id = $1",
                    id, attempt);
  } else if (attempt >= options_.max_attempts) {
    outcome = "gave_up";
    txn.exec_params("UPDATE email_mails SET status = 'gave_up', attempts = $2, last_error = $3, "
                    "message = CASE WHEN kind = 'login_code' THEN '' ELSE message END WHERE id = $1",
                    id, attempt, error);
  } else {
    outcome = "retry";
    const auto delay = service::ExponentialBackoff::DelayFor(attempt, options_.initial_backoff, options_.max_backoff);
    txn.exec_params("UPDATE email_mails SET attempts = $2, last_error = $3, "
                    "next_attempt_at = to_timestamp($4::bigint / 1000.0) WHERE id = $1",
                    id, attempt, error, ToUnixMs(now + delay));
  }
  txn.commit();
  service::metrics::DeliveryAttempted("email", outcome);
  nlohmann::json fields = {{"mail_id", id}, {"attempt", attempt}, {"outcome", outcome}};
  if (!error.empty()) fields["error"] = error;
  service::LogEvent(error.empty() ? spdlog::level::info : spdlog::level::warn,
                    error.empty() ? "email_sent" : "email_failed", fields);
  return true;
}

int EmailSender::RunDue(TimePoint now) {
  if (!enabled()) return 0;
  while (!worker_.stopping() && GatherOne(now)) {
  }
  int attempts = 0;
  while (!worker_.stopping() && SendOne(now)) ++attempts;
  return attempts;
}

void EmailSender::Start() {
  if (enabled()) worker_.Start([this] { Run(); });
}

void EmailSender::Stop() { worker_.Stop(); }

void EmailSender::Wake() { worker_.Wake(); }

void EmailSender::Run() {
  do {
    try {
      RunDue(clock_());
    } catch (const std::exception& e) {
      spdlog::warn("email sender: {}", e.what());
    }
  } while (worker_.WaitFor(options_.poll_interval));
}

}  // namespace mailrun::notification
