// A load scenario's plan and its runner, shared by the scenarios of scenarios.cc and of
// infrastructure_scenarios.cc: a stack of its own, players moving (GameLoad), phones listening
// (NotificationWatch) and lobby players (LobbyLoad) for `before`, the fault, load for `after`,
// then every acknowledged action and owed notification checked (ScenarioResult).
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tools/fault/game_load.h"
#include "tools/fault/scenarios.h"

namespace mailrun::fault {

struct LoadPlan {
  GameLoadOptions game;
  int lobby_workers = 0;
  std::chrono::milliseconds before{0};  // load before the fault
  std::chrono::milliseconds after{0};   // load after it
  // Before the services start (the stack is made with defer_services): puts parts between them
  // and the servers (infrastructure.h). Empty: the services start with the stack.
  std::function<void(FaultStack&, ScenarioResult&)> setup;
  // Once the players are known, before their games are created: what they set up first (their
  // devices, say); returns the players who are away (no phone listening: no Subscribe stream is
  // opened for them, and the streams' tally owes them nothing). Empty: nothing, nobody away.
  std::function<std::set<std::string>(FaultStack&, const std::vector<std::string>& users, ScenarioResult&)> players;
  std::function<void(FaultStack&, ScenarioResult&)> fault;
  // After the load: checks of the scenario's own on the calls made.
  std::function<void(const std::vector<CallRecord>&, ScenarioResult&)> check;
};

// Adds a load's figures to `result` (problems prefixed with `what`).
void Absorb(const GameTally& tally, const std::string& what, ScenarioResult& result);

ScenarioResult RunLoad(const std::string& name, const ScenarioSettings& settings, const LoadPlan& plan);

// How long moves kept failing after `fault`: from it to the first acknowledgement after the last
// answer in doubt, over the calls started after it.
std::chrono::milliseconds FailingAfter(const std::vector<CallRecord>& calls,
                                       std::chrono::system_clock::time_point fault);

}  // namespace mailrun::fault
