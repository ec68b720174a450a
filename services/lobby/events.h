// The events the lobby emits (InvitationReceived, TournamentRoundStarted) are written into the
// `outbox` table in the same transaction as the change that causes them; the outbox relay
// (services/common/outbox_relay.h, another engineer's) publishes them to Redis.
//
// EventWriter is the seam: the lobby calls it with its open transaction. WriteEventToOutbox is the
// lobby's own implementation against the shared table
//   outbox(id bigserial, event_id text unique, payload bytea, created_at, sent_at)
// (created by migration 0002, not by the lobby). When services/common/outbox.h lands, pass its
// writer instead.
#pragma once

#include <functional>
#include <pqxx/pqxx>

#include "mailrun/v1/events.pb.h"

namespace mailrun::lobby {

using EventWriter = std::function<void(pqxx::work& txn, const mailrun::v1::Event& event)>;

// Inserts the serialized event (created_at_unix_ms set to now if 0); an event_id already in the
// outbox is left alone, so writing the same event twice is harmless.
void WriteEventToOutbox(pqxx::work& txn, const mailrun::v1::Event& event);

}  // namespace mailrun::lobby
