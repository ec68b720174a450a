// The events the lobby announces (InvitationReceived, TournamentRoundStarted) are appended to the
// shared outbox (services/common/outbox.h, AppendOutboxEvent) in the same transaction as the change
// that causes them; the outbox relay the lobby runs in its own process (LobbyApp) publishes them on
// the events channel.
//
// EventWriter is the seam Tables and GameStarter append through (AppendOutboxEvent in the service).
#pragma once

#include <functional>
#include <pqxx/pqxx>
#include <string>

#include "mailrun/v1/events.pb.h"

namespace mailrun::lobby {

using EventWriter = std::function<void(pqxx::work& txn, const mailrun::v1::Event& event)>;

// An event with `event_id`, stamped with the current time (created_at_unix_ms).
mailrun::v1::Event NewLobbyEvent(const std::string& event_id);

}  // namespace mailrun::lobby
