#include "services/common/event_log.h"

namespace mailrun::service {

using mailrun::v1::Event;

std::string GameIdOf(const Event& event) {
  switch (event.kind_case()) {
    case Event::kYourTurn: return event.your_turn().game_id();
    case Event::kBondReturned: return event.bond_returned().game_id();
    case Event::kGameFinished: return event.game_finished().game_id();
    case Event::kTournamentRoundStarted: return event.tournament_round_started().game_id();
    case Event::kReminder: return event.reminder().game_id();
    case Event::kChatMention: return event.chat_mention().game_id();
    default: return "";
  }
}

std::string EventKindOf(const Event& event) {
  const auto* oneof = Event::descriptor()->FindOneofByName("kind");
  const auto* field = event.GetReflection()->GetOneofFieldDescriptor(event, oneof);
  return field ? field->name() : "";
}

LogScope EventLogScope(const Event& event) {
  LogScope scope = LogScope::Continuing(event.traceparent());
  const std::string game = GameIdOf(event);
  if (!game.empty()) scope.context().game = game;
  return scope;
}

nlohmann::json EventLogFields(const Event& event) {
  return {{"event_id", event.event_id()}, {"kind", EventKindOf(event)}, {"recipients", event.user_ids_size()}};
}

}  // namespace mailrun::service
