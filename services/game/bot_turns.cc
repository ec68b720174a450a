#include "services/game/bot_turns.h"

#include "services/common/backoff.h"
#include "services/game/request_checks.h"

namespace mailrun::game {

std::string BotRequestId(int64_t version, int seat, int attempt) {
  return std::string(kServiceRequestIdPrefix) + "bot:" + std::to_string(version) + ":" + std::to_string(seat) + ":" +
         std::to_string(attempt);
}

bool BotTurns::Due(const Turn& turn, Clock::time_point now) const {
  const auto found = refused_.find(turn);
  return found == refused_.end() || now >= found->second.next_try;
}

int BotTurns::Attempt(const Turn& turn) const {
  const auto found = refused_.find(turn);
  return found == refused_.end() ? 0 : found->second.count;
}

std::chrono::milliseconds BotTurns::Refused(const Turn& turn, Clock::time_point now) {
  Refusals& refusals = refused_[turn];
  ++refusals.count;
  const auto wait = mailrun::service::ExponentialBackoff::DelayFor(refusals.count, kFirstWait, kLongestWait);
  refusals.next_try = now + wait;
  return wait;
}

void BotTurns::KeepOnly(const std::set<Turn>& seen) {
  std::erase_if(refused_, [&](const auto& entry) { return !seen.contains(entry.first); });
}

}  // namespace mailrun::game
