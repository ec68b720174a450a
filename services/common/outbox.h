// The transactional outbox (migrations/0002_outbox.sql): a service that announces an event (the
// game service's "your turn", the lobby's invitations, the notification service's reminders)
// appends it with AppendOutboxEvent INSIDE the transaction that makes the change, so the event
// exists exactly when the change does. An OutboxRelay (outbox_relay.h) then publishes it to Redis.
#pragma once

#include <pqxx/pqxx>

#include <string>

#include "mailrun/v1/events.pb.h"

namespace mailrun::service {

// The Redis channel every event is published on (message = the serialized mailrun.v1.Event).
inline constexpr char kEventsChannel[] = "mailrun.events";
// The PostgreSQL NOTIFY channel the outbox trigger signals on commit.
inline constexpr char kOutboxNotifyChannel[] = "mailrun_outbox";

// Appends `event` to the outbox in `txn` (the caller commits). Throws std::invalid_argument when
// the event has no event_id, no recipients or no kind. Appending an event_id that is already in
// the outbox changes nothing (a retried change announces its event once). An event without a
// traceparent gets the current one (log_context.h: the trace of the call or work that caused it).
void AppendOutboxEvent(pqxx::work& txn, const mailrun::v1::Event& event);

// An event as an outbox row, checked and stamped as AppendOutboxEvent does (the same exceptions),
// for a caller that writes the row in a statement of its own and NOTIFYs kOutboxNotifyChannel
// itself after its commit: the game service's move (game_store.h AdvanceAndAppend and
// AnnounceCommitted). That statement sets mailrun.outbox_announce = 'after_commit' for its
// transaction, which the outbox trigger takes as "do not NOTIFY"
// (migrations/0003_outbox_announce_after_commit.sql), so that no NOTIFY holds up the commit.
// Should the caller not get to its NOTIFY, the relays still find the row on their next poll.
struct OutboxRow {
  std::string event_id;
  std::string payload;  // the serialized mailrun.v1.Event
};
OutboxRow ToOutboxRow(const mailrun::v1::Event& event);

}  // namespace mailrun::service
