// PreferencesStore: each user's notification preferences (migrations/0303): which kinds of event
// are pushed, which are mailed (0309), which are sent to webhooks (0311), the quiet hours, and the
// language of the player's mails (0314). Defaults until set: every kind pushed, mailed (mail only
// once an address is verified: email_sender.h) and sent to webhooks, no quiet hours, English.
// Stateless; every method works inside the caller's transaction. Thread-safe.
#pragma once

#include <set>
#include <string>

#include <pqxx/pqxx>

#include "mailrun/v1/notification.pb.h"
#include "services/notification/quiet_hours.h"

namespace mailrun::notification {

// What the push sender needs to know about a user.
struct PushPolicy {
  std::set<mailrun::v1::EventKind> muted;        // push: APNs, FCM and Web Push
  std::set<mailrun::v1::EventKind> email_muted;  // email
  std::set<mailrun::v1::EventKind> webhook_muted;  // webhooks
  QuietHoursRule quiet;
  std::string language = "en";  // of the player's mails: "en" or "de" (mail_text.h)
};

class PreferencesStore {
 public:
  // "" when `preferences` can be stored, else what is wrong (naming the field).
  static std::string Check(const mailrun::v1::Preferences& preferences);

  static mailrun::v1::Preferences Get(pqxx::transaction_base& txn, const std::string& user_id);
  // Replaces the user's preferences; `preferences` must pass Check.
  static void Set(pqxx::work& txn, const std::string& user_id, const mailrun::v1::Preferences& preferences);
  // The language stored for the user ("en" until one is set).
  static std::string LanguageOf(pqxx::transaction_base& txn, const std::string& user_id);
  static PushPolicy PolicyFor(pqxx::transaction_base& txn, const std::string& user_id);
};

}  // namespace mailrun::notification
