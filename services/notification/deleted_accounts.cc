#include "services/notification/deleted_accounts.h"

#include <spdlog/spdlog.h>

#include <string>

#include "mailrun/v1/events.pb.h"
#include "services/common/account_scrub.h"
#include "services/notification/account_writes.h"

namespace mailrun::notification {
namespace {

using service::ForgottenAccount;

std::string Bytes(const pqxx::field& field) { return field.is_null() ? std::string() : pqxx::binarystring(field).str(); }
pqxx::binarystring Blob(const std::string& bytes) { return pqxx::binarystring(bytes.data(), bytes.size()); }

bool OnlyFor(const mailrun::v1::Event& event, const std::string& user_id) {
  for (const auto& recipient : event.user_ids()) {
    if (recipient != user_id) return false;
  }
  return true;
}

// Events stored in `table` (keyed by `key`, payload a serialized Event) that name the account:
// deleted when they concern the account alone and `deletable` allows, else rewritten.
void ForgetInEvents(pqxx::work& txn, const std::string& table, const std::string& key, const std::string& deletable,
                    const ForgottenAccount& account) {
  const pqxx::result rows = txn.exec_params(
      "SELECT " + key + ", payload FROM " + table +
          " WHERE position(convert_to($1, 'UTF8') IN payload) > 0 OR position(convert_to($2, 'UTF8') IN payload) > 0",
      account.user_id, account.display_name);
  for (const auto& row : rows) {
    const std::string id = row[0].as<std::string>();
    mailrun::v1::Event event;
    const std::string payload = Bytes(row[1]);
    if (!event.ParseFromString(payload)) continue;
    if (OnlyFor(event, account.user_id)) {
      const pqxx::result gone =
          txn.exec_params("DELETE FROM " + table + " WHERE " + key + " = $1" + deletable + " RETURNING 1", id);
      if (!gone.empty()) continue;
    }
    service::ScrubMessage(event, account);
    txn.exec_params("UPDATE " + table + " SET payload = $2 WHERE " + key + " = $1", id,
                    Blob(event.SerializeAsString()));
  }
}

}  // namespace

DeletedAccounts::DeletedAccounts(service::ConnectionPool& pool, std::chrono::milliseconds poll_interval)
    : pool_(pool), poll_interval_(poll_interval) {}

DeletedAccounts::~DeletedAccounts() { Stop(); }

void DeletedAccounts::Start() {
  worker_.Start([this] {
    while (!worker_.stopping()) {
      try {
        ForgetAccounts();
      } catch (const std::exception& e) {
        spdlog::warn("deleted accounts: {} (trying again)", e.what());
      }
      if (!worker_.WaitFor(poll_interval_)) break;
    }
  });
}

void DeletedAccounts::Stop() { worker_.Stop(); }

int DeletedAccounts::ForgetAccounts() {
  int forgotten = 0;
  while (!worker_.stopping()) {
    auto connection = pool_.Acquire();
    pqxx::work txn(*connection);
    const pqxx::result pending = txn.exec(
        "SELECT user_id, display_name, placeholder_user_id, placeholder_name FROM account_deletions"
        " WHERE games_done_at IS NOT NULL AND notifications_done_at IS NULL"
        " ORDER BY requested_at LIMIT 1 FOR UPDATE SKIP LOCKED");
    if (pending.empty()) break;
    const ForgottenAccount account{pending[0][0].as<std::string>(), pending[0][1].as<std::string>(),
                                   pending[0][2].as<std::string>(), pending[0][3].as<std::string>()};
    const std::string& user = account.user_id;
    AccountWrites::LockForForgetting(txn, user);  // a write in flight commits first; later ones are refused
    txn.exec_params("DELETE FROM inbox WHERE user_id = $1", user);
    txn.exec_params("DELETE FROM notification_users WHERE user_id = $1", user);
    txn.exec_params("DELETE FROM notification_preferences WHERE user_id = $1", user);
    txn.exec_params("DELETE FROM notification_requests WHERE user_id = $1", user);
    txn.exec_params("DELETE FROM reminder_waits WHERE user_id = $1", user);
    txn.exec_params("DELETE FROM push_deliveries WHERE user_id = $1", user);  // and their attempts
    txn.exec_params("DELETE FROM push_devices WHERE user_id = $1", user);
    txn.exec_params("DELETE FROM email_items WHERE user_id = $1", user);  // before the mails they name
    txn.exec_params("DELETE FROM email_mails WHERE user_id = $1", user);
    txn.exec_params("DELETE FROM email_addresses WHERE user_id = $1", user);
    // A stored event stays while another user's inbox or push delivery refers to it.
    ForgetInEvents(txn, "notification_events", "event_id",
                   " AND NOT EXISTS (SELECT 1 FROM inbox i WHERE i.event_id = notification_events.event_id)"
                   " AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.event_id = notification_events.event_id)",
                   account);
    ForgetInEvents(txn, "outbox", "id", "", account);
    txn.exec_params("DELETE FROM account_deletions WHERE user_id = $1", user);
    txn.commit();
    spdlog::info("deleted accounts: the notifications of the account now {} are forgotten", account.placeholder_name);
    ++forgotten;
  }
  return forgotten;
}

}  // namespace mailrun::notification
