// InboxStore: every user's inbox in PostgreSQL (migrations/0301_notification_inbox.sql).
//
// Append() stores an event once (de-duplicated by event_id) and gives it, in each recipient's
// inbox, that user's next sequence number. Readers page through an inbox by sequence, so a
// stream can resume exactly after the last notification a client saw.
// Stateless apart from the pool it borrows connections from; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "mailrun/v1/notification.pb.h"
#include "services/common/connection_pool.h"

namespace mailrun::notification {

struct StoredFor {
  std::string user_id;
  int64_t sequence = 0;
};

class InboxStore {
 public:
  // `pool` must outlive the store.
  explicit InboxStore(service::ConnectionPool& pool) : pool_(pool) {}

  // In the caller's transaction: stores `event` and appends it to each recipient's inbox.
  // Returns nullopt when the event_id was stored before (nothing changes), else the sequence
  // number each recipient got. The event must have an event_id, recipients and a kind.
  std::optional<std::vector<StoredFor>> Append(pqxx::work& txn, const mailrun::v1::Event& event);

  // The user's notifications with sequence > after_sequence, oldest first, at most `limit`.
  std::vector<mailrun::v1::Notification> ReadAfter(const std::string& user_id, int64_t after_sequence, int limit);

  // The sequence of `event_id` in the user's inbox, or nullopt if it is not there.
  std::optional<int64_t> SequenceOf(const std::string& user_id, const std::string& event_id);
  // The highest sequence in the user's inbox (0 when empty).
  int64_t LastSequence(const std::string& user_id);

  struct Page {
    std::vector<mailrun::v1::Notification> notifications;  // newest first
    int64_t next_before = 0;                               // 0: no more
    int64_t unread_count = 0;
  };
  // Up to `limit` notifications with sequence < before (0 = from the newest), newest first.
  Page List(const std::string& user_id, int64_t before, int limit, bool unread_only);

  struct Marked {
    int marked = 0;
    int64_t unread_count = 0;
  };
  // In the caller's transaction: marks the listed events and everything up to `up_to_sequence`
  // read. Returns nullopt, changing nothing, if an event_id is not in the user's inbox (the
  // first such id in *missing).
  std::optional<Marked> MarkRead(pqxx::work& txn, const std::string& user_id, const std::vector<std::string>& event_ids,
                                 int64_t up_to_sequence, std::string* missing);

 private:
  service::ConnectionPool& pool_;
};

}  // namespace mailrun::notification
