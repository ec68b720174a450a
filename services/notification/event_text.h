// What a notification says: the kind of an event (events.proto's oneof) as the API enum and as
// the name stored in the database, and the short title and one-line text shown on a phone.
// Pure functions.
#pragma once

#include <optional>
#include <string>

#include "mailrun/v1/events.pb.h"
#include "mailrun/v1/notification.pb.h"
#include "mailrun/v1/texts.pb.h"
#include "services/common/event_log.h"

namespace mailrun::notification {

mailrun::v1::EventKind KindOf(const mailrun::v1::Event& event);

// "your_turn", "bond_returned", "game_finished", "tournament_round_started",
// "invitation_received", "reminder"; "" for EVENT_KIND_UNSPECIFIED.
std::string KindName(mailrun::v1::EventKind kind);
std::optional<mailrun::v1::EventKind> KindFromName(const std::string& name);

// Title and text in English, and each as a message key with parameters (texts.proto): keys
// "notify.<kind>.title" and "notify.<kind>.text" (docs/api-clients.md lists them).
struct EventText {
  std::string title;
  std::string text;
  mailrun::v1::StructuredText structured_title;
  mailrun::v1::StructuredText structured_text;
};

// Title and text for `recipient` (the bond and results read differently for the player concerned).
EventText DescribeEvent(const mailrun::v1::Event& event, const std::string& recipient);

// Whether the event's money is in pounds (1853, and events from before titles existed); 1947's
// rupees are shown without a sign, as the English texts show them.
bool InPounds(const mailrun::v1::Event& event);

// The game an event is about, or "" (invitations, tournament rounds without a game).
using mailrun::service::GameIdOf;

}  // namespace mailrun::notification
