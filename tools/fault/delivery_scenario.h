// The kill-notify-delivering fault scenario (docs/reliability.md): every player has a webhook and
// a Web Push subscription (to stand-ins that count what they receive, delivery_standins.h), and
// one player in four is away (no app open: no stream) with a verified address and email chosen
// for your-turn, mailed through the SMTP server of the mail tests (aiosmtpd). Under the usual
// load the notification service is SIGKILLed three times, each time while a delivery is in
// flight (the stand-in holds its answer: the request arrived, the sender never heard back): a
// webhook's, a push's and a mail's (after DATA, before the final 250), and started again. Then
// every (device, event) the outbox owes must have arrived, checked good (signature; VAPID and
// decryption; a mail naming the turn in X-Mailrun-Events); a delivery that arrived twice is
// counted, and is explained only when one of its copies was the one in flight at a kill: the
// sender delivers at least once, and its repeat carries the same X-Mailrun-Event (a webhook
// receiver's key), the same Web Push Topic (the push service keeps one per game, the service
// worker shows one per tag) or the same Message-ID (a mail gathers several turns; repeats are
// counted in mails). Any other repeat is a double, and so is a turn mailed in two mails.
#pragma once

#include <string>

#include "tools/fault/scenarios.h"

namespace mailrun::fault {

ScenarioResult KillNotifyDelivering(const std::string& name, const ScenarioSettings& settings);

}  // namespace mailrun::fault
