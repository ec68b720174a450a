#include "services/notification/inbox_store.h"

#include <algorithm>
#include <set>

#include "services/common/prepared.h"
#include "services/notification/clock.h"
#include "services/notification/event_text.h"

namespace mailrun::notification {
namespace {

// Columns: sequence, event_id, payload, read, stored_at (unix ms), user_id.
constexpr char kSelectNotification[] =
    "SELECT i.sequence, i.event_id, e.payload, i.read_at IS NOT NULL, "
    "(extract(epoch FROM i.stored_at) * 1000)::bigint, i.user_id "
    "FROM inbox i JOIN notification_events e ON e.event_id = i.event_id ";

mailrun::v1::Notification ToNotification(const pqxx::row& row) {
  mailrun::v1::Notification notification;
  notification.set_sequence(row[0].as<int64_t>());
  notification.set_event_id(row[1].as<std::string>());
  const pqxx::binarystring payload(row[2]);
  notification.mutable_event()->ParseFromString(payload.str());
  notification.set_read(row[3].as<bool>());
  notification.set_stored_at_unix_ms(row[4].as<int64_t>());
  notification.set_kind(KindOf(notification.event()));
  const EventText text = DescribeEvent(notification.event(), row[5].as<std::string>());
  notification.set_title(text.title);
  notification.set_text(text.text);
  *notification.mutable_structured_title() = text.structured_title;
  *notification.mutable_structured_text() = text.structured_text;
  return notification;
}

int64_t UnreadCount(pqxx::transaction_base& txn, const std::string& user_id) {
  return txn.exec_params("SELECT count(*) FROM inbox WHERE user_id = $1 AND read_at IS NULL", user_id)[0][0]
      .as<int64_t>();
}

}  // namespace

std::optional<std::vector<StoredFor>> InboxStore::Append(pqxx::work& txn, const mailrun::v1::Event& event) {
  const int64_t created_ms = event.created_at_unix_ms() > 0 ? event.created_at_unix_ms() : ToUnixMs(std::chrono::system_clock::now());
  const pqxx::result inserted = service::ExecPrepared(
      txn, "inbox_event",
      "INSERT INTO notification_events (event_id, kind, payload, created_at) "
      "VALUES ($1, $2, $3, to_timestamp($4::bigint / 1000.0)) ON CONFLICT (event_id) DO NOTHING RETURNING 1",
      event.event_id(), KindName(KindOf(event)), pqxx::binarystring(event.SerializeAsString()), created_ms);
  if (inserted.empty()) return std::nullopt;
  // Sorted and distinct: users' sequence rows are always locked in the same order (no deadlock
  // between two consumers storing events for overlapping users).
  const std::set<std::string> users(event.user_ids().begin(), event.user_ids().end());
  std::vector<StoredFor> stored;
  for (const std::string& user : users) {
    if (user.empty()) continue;
    // The user's next sequence and the inbox row under it, in one statement.
    const int64_t sequence =
        service::ExecPrepared(
            txn, "inbox_append",
            "WITH next AS (INSERT INTO notification_users (user_id, last_sequence) VALUES ($1, 1) ON CONFLICT (user_id) "
            "DO UPDATE SET last_sequence = notification_users.last_sequence + 1 RETURNING last_sequence) "
            "INSERT INTO inbox (user_id, sequence, event_id) SELECT $1, last_sequence, $2 FROM next RETURNING sequence",
            user, event.event_id())[0][0]
            .as<int64_t>();
    stored.push_back({user, sequence});
  }
  return stored;
}

std::vector<mailrun::v1::Notification> InboxStore::ReadAfter(const std::string& user_id, int64_t after_sequence,
                                                             int limit) {
  auto connection = pool_.Acquire();
  pqxx::read_transaction txn(*connection);
  const pqxx::result rows = service::ExecPrepared(
      txn, "inbox_read_after",
      std::string(kSelectNotification) + "WHERE i.user_id = $1 AND i.sequence > $2 ORDER BY i.sequence LIMIT $3",
      user_id, after_sequence, limit);
  std::vector<mailrun::v1::Notification> out;
  for (const auto& row : rows) out.push_back(ToNotification(row));
  return out;
}

std::optional<int64_t> InboxStore::SequenceOf(const std::string& user_id, const std::string& event_id) {
  auto connection = pool_.Acquire();
  pqxx::read_transaction txn(*connection);
  const pqxx::result rows =
      txn.exec_params("SELECT sequence FROM inbox WHERE user_id = $1 AND event_id = $2", user_id, event_id);
  if (rows.empty()) return std::nullopt;
  return rows[0][0].as<int64_t>();
}

int64_t InboxStore::LastSequence(const std::string& user_id) {
  auto connection = pool_.Acquire();
  pqxx::read_transaction txn(*connection);
  return txn.exec_params("SELECT coalesce(max(sequence), 0) FROM inbox WHERE user_id = $1", user_id)[0][0]
      .as<int64_t>();
}

InboxStore::Page InboxStore::List(const std::string& user_id, int64_t before, int limit, bool unread_only) {
  auto connection = pool_.Acquire();
  pqxx::read_transaction txn(*connection);
  const pqxx::result rows = txn.exec_params(
      std::string(kSelectNotification) +
          "WHERE i.user_id = $1 AND ($2 = 0 OR i.sequence < $2) AND (NOT $3 OR i.read_at IS NULL) "
          "ORDER BY i.sequence DESC LIMIT $4",
      user_id, before, unread_only, limit + 1);
  Page page;
  for (const auto& row : rows) {
    if (static_cast<int>(page.notifications.size()) == limit) {
      page.next_before = page.notifications.back().sequence();
      break;
    }
    page.notifications.push_back(ToNotification(row));
  }
  page.unread_count = UnreadCount(txn, user_id);
  return page;
}

std::optional<InboxStore::Marked> InboxStore::MarkRead(pqxx::work& txn, const std::string& user_id,
                                                       const std::vector<std::string>& event_ids,
                                                       int64_t up_to_sequence, std::string* missing) {
  Marked marked;
  for (const std::string& event_id : event_ids) {
    const pqxx::result updated = txn.exec_params(
        "UPDATE inbox SET read_at = clock_timestamp() WHERE user_id = $1 AND event_id = $2 AND read_at IS NULL",
        user_id, event_id);
    if (updated.affected_rows() == 0 &&
        txn.exec_params("SELECT 1 FROM inbox WHERE user_id = $1 AND event_id = $2", user_id, event_id).empty()) {
      *missing = event_id;
      return std::nullopt;
    }
    marked.marked += static_cast<int>(updated.affected_rows());
  }
  if (up_to_sequence > 0) {
    marked.marked += static_cast<int>(
        txn.exec_params(
               "UPDATE inbox SET read_at = clock_timestamp() WHERE user_id = $1 AND sequence <= $2 AND read_at IS NULL",
               user_id, up_to_sequence)
            .affected_rows());
  }
  marked.unread_count = UnreadCount(txn, user_id);
  return marked;
}

}  // namespace mailrun::notification
