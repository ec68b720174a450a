// The fault scenarios of the parts around the services and of their replicas
// (docs/reliability.md, "Around the services"), beside those of scenarios.h:
//   kill-lobby-starting   SIGKILL of the lobby while groups of players fill tables and the lobby
//                         starts their games; every full table gets exactly one game
//   gateway-restart       clients through the gateway; the gateway SIGKILLed and started again
//   kill-replicas         two replicas of each service; one of each SIGKILLed at once
//   postgres-lossy-network  PostgreSQL in a network namespace of the scenario's own: packets
//                         between it and the services delayed and dropped, then all dropped for a
//                         while, then a clean link again
//   pgbouncer             the services through PgBouncer in transaction pooling (fewer server
//                         connections than the services' pools), the game service killed meanwhile
//   postgres-failover     a synchronous standby promoted when the primary is lost
//   redis-failover        Redis under Sentinel; the primary lost, the replica promoted
// Each reports a recovery time: how long calls kept failing after the fault.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tools/fault/scenarios.h"

namespace mailrun::fault {

std::vector<std::string> InfrastructureScenarioNames();
// nullopt when `name` is none of them.
std::optional<ScenarioResult> RunInfrastructureScenario(const std::string& name, const ScenarioSettings& settings);

}  // namespace mailrun::fault
