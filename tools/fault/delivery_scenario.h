// The kill-notify-delivering fault scenario (docs/reliability.md): every player has a webhook and
// a Web Push subscription (to stand-ins that count what they receive, delivery_standins.h); under
// the usual load the notification service is SIGKILLed twice, each time while a delivery is in
// flight (the stand-in holds its answer: the request arrived, the sender never heard back), once
// a webhook's and once a push's, and started again. Then every (device, event) the outbox owes
// must have arrived, checked good (signature; VAPID and decryption); a delivery that arrived twice
// is counted, and is explained only when one of its copies was the one in flight at a kill: the
// sender delivers at least once, and its repeat carries the same X-Mailrun-Event (a webhook
// receiver's key) or the same Web Push Topic (the push service keeps one per game, the service
// worker shows one per tag). Any other repeat is a double.
#pragma once

#include <string>

#include "tools/fault/scenarios.h"

namespace mailrun::fault {

ScenarioResult KillNotifyDelivering(const std::string& name, const ScenarioSettings& settings);

}  // namespace mailrun::fault
