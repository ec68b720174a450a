// Following an outbox event (events.proto) through the log: whoever handles one (the outbox
// relay, the notification service's consumer, stream and push sender, the lobby's result
// recorder) opens EventLogScope for it, which continues the trace the event carries
// (Event.traceparent) with a span of its own and names the event's game, and logs
// EventLogFields with what it did. Only ids, the kind and counts: never the event's contents.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "mailrun/v1/events.pb.h"
#include "services/common/log_context.h"

namespace mailrun::service {

// The game an event is about, or "" (invitations, tournament rounds without a game).
std::string GameIdOf(const mailrun::v1::Event& event);

// The name of the event's kind as events.proto spells the field: "your_turn", "game_finished"...
// ("" when no kind is set).
std::string EventKindOf(const mailrun::v1::Event& event);

// A LogScope that continues the event's trace, with its game noted; the request fields of the
// current scope (a stream's request id and user) stay.
LogScope EventLogScope(const mailrun::v1::Event& event);

// {"event_id": ..., "kind": ..., "recipients": <count>}
nlohmann::json EventLogFields(const mailrun::v1::Event& event);

}  // namespace mailrun::service
