#include "services/lobby/events.h"

#include <chrono>

namespace mailrun::lobby {

mailrun::v1::Event NewLobbyEvent(const std::string& event_id) {
  mailrun::v1::Event event;
  event.set_event_id(event_id);
  event.set_created_at_unix_ms(std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count());
  return event;
}

}  // namespace mailrun::lobby
