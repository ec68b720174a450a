#include "services/lobby/events.h"

#include "services/common/unix_time.h"

namespace mailrun::lobby {

mailrun::v1::Event NewLobbyEvent(const std::string& event_id) {
  mailrun::v1::Event event;
  event.set_event_id(event_id);
  event.set_created_at_unix_ms(mailrun::service::NowUnixMs());
  return event;
}

}  // namespace mailrun::lobby
