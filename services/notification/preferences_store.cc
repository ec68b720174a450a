#include "services/notification/preferences_store.h"

#include "services/notification/event_text.h"
#include "services/notification/mail_text.h"

namespace mailrun::notification {
namespace {

QuietHoursRule RuleOf(const mailrun::v1::QuietHours& quiet) {
  return {quiet.enabled(), quiet.start_minute(), quiet.end_minute(), quiet.time_zone().empty() ? "UTC" : quiet.time_zone()};
}

std::string JoinKinds(const std::set<mailrun::v1::EventKind>& kinds) {
  std::string out;
  for (const auto kind : kinds) {
    if (!out.empty()) out.push_back(',');
    out += KindName(kind);
  }
  return out;
}

std::set<mailrun::v1::EventKind> SplitKinds(const std::string& text) {
  std::set<mailrun::v1::EventKind> kinds;
  size_t start = 0;
  while (start < text.size()) {
    const size_t comma = text.find(',', start);
    const std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (const auto kind = KindFromName(name)) kinds.insert(*kind);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return kinds;
}

// "" when every kind in `kinds` is a known one, else what is wrong, naming `field`.
std::string KindsProblem(const char* field, const google::protobuf::RepeatedField<int>& kinds) {
  for (const int kind : kinds) {
    if (!mailrun::v1::EventKind_IsValid(kind) || kind == mailrun::v1::EVENT_KIND_UNSPECIFIED) {
      return std::string(field) + " holds an unknown event kind " + std::to_string(kind);
    }
  }
  return "";
}

std::set<mailrun::v1::EventKind> KindSet(const google::protobuf::RepeatedField<int>& kinds) {
  std::set<mailrun::v1::EventKind> set;
  for (const int kind : kinds) set.insert(static_cast<mailrun::v1::EventKind>(kind));
  return set;
}

}  // namespace

std::string PreferencesStore::Check(const mailrun::v1::Preferences& preferences) {
  for (const std::string& problem : {KindsProblem("muted_kinds", preferences.muted_kinds()),
                                     KindsProblem("email_muted_kinds", preferences.email_muted_kinds()),
                                     KindsProblem("webhook_muted_kinds", preferences.webhook_muted_kinds())}) {
    if (!problem.empty()) return problem;
  }
  if (!preferences.language().empty() && !IsMailLanguage(preferences.language())) {
    return "language must be \"en\" or \"de\" (or empty to keep the one stored), not \"" + preferences.language() + "\"";
  }
  return CheckQuietHours(RuleOf(preferences.quiet_hours()));
}

mailrun::v1::Preferences PreferencesStore::Get(pqxx::transaction_base& txn, const std::string& user_id) {
  const PushPolicy policy = PolicyFor(txn, user_id);
  mailrun::v1::Preferences preferences;
  for (const auto kind : policy.muted) preferences.add_muted_kinds(kind);
  for (const auto kind : policy.email_muted) preferences.add_email_muted_kinds(kind);
  for (const auto kind : policy.webhook_muted) preferences.add_webhook_muted_kinds(kind);
  auto* quiet = preferences.mutable_quiet_hours();
  quiet->set_enabled(policy.quiet.enabled);
  quiet->set_start_minute(policy.quiet.start_minute);
  quiet->set_end_minute(policy.quiet.end_minute);
  quiet->set_time_zone(policy.quiet.time_zone);
  preferences.set_language(policy.language);
  return preferences;
}

void PreferencesStore::Set(pqxx::work& txn, const std::string& user_id, const mailrun::v1::Preferences& preferences) {
  const QuietHoursRule quiet = RuleOf(preferences.quiet_hours());
  txn.exec_params(
      "INSERT INTO notification_preferences (user_id, muted_kinds, quiet_enabled, quiet_start_minute, "
      "quiet_end_minute, time_zone, email_muted_kinds, webhook_muted_kinds, language) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE(NULLIF($9, ''), 'en')) "
      "ON CONFLICT (user_id) DO UPDATE SET "
      "muted_kinds = EXCLUDED.muted_kinds, quiet_enabled = EXCLUDED.quiet_enabled, "
      "quiet_start_minute = EXCLUDED.quiet_start_minute, quiet_end_minute = EXCLUDED.quiet_end_minute, "
      "time_zone = EXCLUDED.time_zone, email_muted_kinds = EXCLUDED.email_muted_kinds, "
      "webhook_muted_kinds = EXCLUDED.webhook_muted_kinds, "
      // An empty language keeps the stored one (a client that does not know the field).
      "language = COALESCE(NULLIF($9, ''), notification_preferences.language), updated_at = clock_timestamp()",
      user_id, JoinKinds(KindSet(preferences.muted_kinds())), quiet.enabled, quiet.start_minute, quiet.end_minute,
      quiet.time_zone, JoinKinds(KindSet(preferences.email_muted_kinds())),
      JoinKinds(KindSet(preferences.webhook_muted_kinds())), preferences.language());
}

PushPolicy PreferencesStore::PolicyFor(pqxx::transaction_base& txn, const std::string& user_id) {
  PushPolicy policy;
  const pqxx::result rows = txn.exec_params(
      "SELECT muted_kinds, quiet_enabled, quiet_start_minute, quiet_end_minute, time_zone, email_muted_kinds, "
      "webhook_muted_kinds, language FROM notification_preferences WHERE user_id = $1",
      user_id);
  if (rows.empty()) return policy;
  policy.muted = SplitKinds(rows[0][0].as<std::string>());
  policy.quiet = {rows[0][1].as<bool>(), rows[0][2].as<int>(), rows[0][3].as<int>(), rows[0][4].as<std::string>()};
  policy.email_muted = SplitKinds(rows[0][5].as<std::string>());
  policy.webhook_muted = SplitKinds(rows[0][6].as<std::string>());
  policy.language = rows[0][7].as<std::string>();
  return policy;
}

std::string PreferencesStore::LanguageOf(pqxx::transaction_base& txn, const std::string& user_id) {
  const pqxx::result rows = txn.exec_params("SELECT language FROM notification_preferences WHERE user_id = $1", user_id);
  return rows.empty() ? "en" : rows[0][0].as<std::string>();
}

}  // namespace mailrun::notification
