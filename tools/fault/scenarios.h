// The fault scenarios (docs/reliability.md): each runs on a stack of its own (FaultStack), puts
// load on it, hurts it in one way, lets it recover, and measures what every client was told
// against what the stack holds:
//   concurrent-submitters  many submitters racing on shared games, no fault
//   duplicate-retries      every call sent three times at once; old calls sent again later
//   kill-game, kill-lobby, kill-notify   SIGKILL of one service under load, then a restart
//   redis-stop             Redis stopped for a minute (short: 5 s) under load
//   postgres-restart       PostgreSQL shut down and started again under load
//   malformed-input        every RPC with malformed and oversized input (probes.h)
//   bad-credentials        every RPC without and with wrong credentials (probes.h)
//   kill-notify-delivering SIGKILL of the notification service while a webhook and a Web Push
//                          delivery are in flight (delivery_scenario.h)
//   and the faults of the parts around the services (infrastructure_scenarios.h)
// A scenario passes with 0 lost, 0 doubled, nothing left in doubt, every notification owed
// delivered, and its own checks (no call failing after PostgreSQL is back, no unclean answer).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/fault/stack.h"

namespace mailrun::fault {

struct ScenarioSettings {
  bool short_run = false;  // seconds instead of minutes (what CTest runs)
  uint64_t seed = 1;
  StackOptions stack;
};

struct ScenarioResult {
  std::string name;
  bool probe = false;  // a probe scenario: calls and unexpected answers instead of actions
  int64_t acknowledged = 0;
  int64_t lost = 0;
  int64_t doubled = 0;
  int64_t in_doubt = 0;
  int64_t owed = 0;
  int64_t delivered = 0;
  int64_t longest_delay_ms = 0;  // notification: created -> arrived
  int64_t longest_ack_ms = 0;    // action: first send -> acknowledged, retries included
  int64_t recovery_ms = -1;      // the fault -> calls answered again (-1: the scenario has none)
  int64_t calls = 0;             // probes
  int64_t unexpected = 0;        // probes
  std::vector<std::string> notes;
  std::vector<std::string> problems;
  bool passed = false;
  double seconds = 0;
};

std::vector<std::string> ScenarioNames();
// Throws std::invalid_argument for an unknown name; a stack that cannot start is a failed result.
ScenarioResult RunScenario(const std::string& name, const ScenarioSettings& settings);

}  // namespace mailrun::fault
