#include "tools/fault/scenarios.h"

#include <fmt/format.h>

#include <functional>
#include <set>
#include <stdexcept>
#include <thread>

#include "tools/fault/calls.h"
#include "tools/fault/delivery_scenario.h"
#include "tools/fault/game_load.h"
#include "tools/fault/infrastructure_scenarios.h"
#include "tools/fault/load_plan.h"
#include "tools/fault/lobby_load.h"
#include "tools/fault/notification_watch.h"
#include "tools/fault/probes.h"

namespace mailrun::fault {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

void Sleep(milliseconds duration) { std::this_thread::sleep_for(duration); }

}  // namespace

void Absorb(const GameTally& tally, const std::string& what, ScenarioResult& result) {
  result.acknowledged += tally.acknowledged;
  result.lost += tally.lost;
  result.doubled += tally.doubled;
  result.in_doubt += tally.in_doubt;
  result.longest_ack_ms = std::max(result.longest_ack_ms, tally.longest_ack_ms);
  if (tally.refused > 0) result.problems.push_back(fmt::format("{}: {} call(s) refused", what, tally.refused));
  if (tally.errors > 0) result.problems.push_back(fmt::format("{}: {} INTERNAL answer(s)", what, tally.errors));
  if (tally.repeats > 0) result.notes.push_back(fmt::format("{}: {} late repeats answered as first", what, tally.repeats));
  for (const auto& problem : tally.problems) result.problems.push_back(what + ": " + problem);
}

ScenarioResult RunLoad(const std::string& name, const ScenarioSettings& settings, const LoadPlan& plan) {
  ScenarioResult result;
  result.name = name;
  StackOptions options = settings.stack;
  options.defer_services = static_cast<bool>(plan.setup);
  FaultStack stack(options);
  if (plan.setup) {
    plan.setup(stack, result);
    stack.StartServices();
  }
  GameLoad games(stack, plan.game, settings.seed);
  std::set<std::string> away;
  if (plan.players) away = plan.players(stack, games.users(), result);
  std::vector<std::string> listening;
  for (const auto& user : games.users()) {
    if (!away.count(user)) listening.push_back(user);
  }
  NotificationWatch watch(stack, listening);
  watch.Start();
  games.Start();
  std::unique_ptr<LobbyLoad> lobby;
  if (plan.lobby_workers > 0) {
    lobby = std::make_unique<LobbyLoad>(stack, plan.lobby_workers, settings.seed);
    lobby->Start();
  }
  Sleep(plan.before);
  if (plan.fault) plan.fault(stack, result);
  Sleep(plan.after);
  games.Stop();
  if (lobby) lobby->Stop();
  watch.WaitForAll(settings.short_run ? seconds(30) : seconds(120));
  Absorb(games.Verify(), "game", result);
  if (lobby) Absorb(lobby->Verify(), "lobby", result);
  if (plan.check) plan.check(games.calls(), result);
  const NotificationTally notifications = watch.Tally();
  watch.Stop();
  result.owed += notifications.owed;  // (plus what a check owed on other channels)
  result.delivered += notifications.delivered;
  result.longest_delay_ms = notifications.longest_delay_ms;
  if (notifications.repeated > 0) {
    result.problems.push_back(fmt::format("{} notification(s) arrived twice on a stream", notifications.repeated));
  }
  for (const auto& missing : notifications.missing) result.notes.push_back("not delivered: " + missing);
  if (notifications.unowed > 0) {
    result.problems.push_back(fmt::format("{} notification(s) arrived that nothing owed", notifications.unowed));
  }
  std::string ends;
  for (const auto& [reason, count] : notifications.stream_ends) ends += fmt::format(", {} x [{}]", count, reason);
  result.notes.push_back(fmt::format("{} stream reconnect(s){}", notifications.reconnects, ends));
  for (Service s : {Service::kGame, Service::kLobby, Service::kNotify}) {
    for (int i = 0; i < stack.replicas(); ++i) {
      if (!stack.Running(s, i)) result.problems.push_back(std::string(ServiceName(s)) + " died");
    }
  }
  return result;
}

std::chrono::milliseconds FailingAfter(const std::vector<CallRecord>& calls,
                                       std::chrono::system_clock::time_point fault) {
  // The first acknowledgement after the last answer in doubt (over the moves sent after the
  // fault): a move that waited through the outage and then went through fails nothing, but it
  // was not answered before the stack was back.
  auto last_doubt = fault;
  for (const auto& call : calls) {
    if (call.started >= fault && InDoubt(call.code)) last_doubt = std::max(last_doubt, call.finished);
  }
  auto back = std::chrono::system_clock::time_point::max();
  for (const auto& call : calls) {
    if (call.started >= fault && call.code == grpc::StatusCode::OK && call.finished >= last_doubt) {
      back = std::min(back, call.finished);
    }
  }
  if (back == std::chrono::system_clock::time_point::max()) back = last_doubt;
  return std::chrono::duration_cast<milliseconds>(back - fault);
}

namespace {

std::function<void(FaultStack&, ScenarioResult&)> KillAndRestart(Service service, milliseconds down) {
  return [service, down](FaultStack& stack, ScenarioResult& result) {
    stack.Kill(service);
    Sleep(down);
    const auto start = std::chrono::steady_clock::now();
    stack.Start(service);
    result.notes.push_back(fmt::format("{} SIGKILLed, down {} ms, ready again {} ms after its restart",
                                       ServiceName(service), down.count(),
                                       std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start)
                                           .count()));
  };
}

// Waits up to `timeout` for the readiness of the game service to be `ready`; how long it took.
std::optional<milliseconds> WaitReadiness(FaultStack& stack, bool ready, milliseconds timeout) {
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < timeout) {
    if (HealthServing(stack.Address(Service::kGame), "mailrun.v1.GameService", milliseconds(500)) == ready) {
      return std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start);
    }
    Sleep(milliseconds(100));
  }
  return std::nullopt;
}

ScenarioResult RunProbe(const std::string& name, const ScenarioSettings& settings,
                        ProbeTally (*probe)(FaultStack&, uint64_t)) {
  ScenarioResult result;
  result.name = name;
  result.probe = true;
  FaultStack stack(settings.stack);
  const ProbeTally tally = probe(stack, settings.seed);
  result.calls = tally.calls;
  result.unexpected = tally.unexpected;
  result.problems = tally.problems;
  if (!tally.services_alive) result.problems.push_back("a service stopped answering");
  return result;
}

}  // namespace

std::vector<std::string> ScenarioNames() {
  std::vector<std::string> names = {"concurrent-submitters", "duplicate-retries", "kill-game",         "kill-lobby",
                                    "kill-notify",           "redis-stop",        "postgres-restart",  "malformed-input",
                                    "bad-credentials",       "kill-notify-delivering"};
  for (const auto& name : InfrastructureScenarioNames()) names.push_back(name);
  return names;
}

ScenarioResult RunScenario(const std::string& name, const ScenarioSettings& settings) {
  const bool s = settings.short_run;
  const auto pick = [s](int full, int quick) { return s ? quick : full; };
  const auto ms = [s](int full_ms, int quick_ms) { return milliseconds(s ? quick_ms : full_ms); };
  const auto started = std::chrono::steady_clock::now();
  ScenarioResult result;
  try {
    LoadPlan plan;
    if (name == "concurrent-submitters") {
      plan.game = {pick(8, 2), 4, pick(32, 6), 1, false};
      plan.before = ms(60000, 4000);
      result = RunLoad(name, settings, plan);
    } else if (name == "duplicate-retries") {
      plan.game = {pick(4, 2), 4, pick(8, 4), 3, true};
      plan.before = ms(60000, 4000);
      result = RunLoad(name, settings, plan);
    } else if (name == "kill-game" || name == "kill-lobby" || name == "kill-notify") {
      const Service service = name == "kill-game" ? Service::kGame : name == "kill-lobby" ? Service::kLobby
                                                                                          : Service::kNotify;
      plan.game = {pick(6, 2), 4, pick(12, 4), 1, false};
      plan.lobby_workers = service == Service::kLobby ? pick(8, 3) : pick(2, 1);
      plan.before = ms(20000, 2000);
      plan.after = ms(20000, 2000);
      plan.fault = KillAndRestart(service, ms(3000, 500));
      result = RunLoad(name, settings, plan);
    } else if (name == "redis-stop") {
      plan.game = {pick(6, 2), 4, pick(12, 4), 1, false};
      plan.lobby_workers = pick(2, 1);
      plan.before = ms(15000, 1500);
      plan.after = ms(15000, 2000);
      const milliseconds outage = ms(60000, 5000);
      plan.fault = [outage](FaultStack& stack, ScenarioResult& r) {
        stack.StopRedis();
        Sleep(outage);
        stack.StartRedis();
        r.notes.push_back(fmt::format("Redis stopped for {} s", outage.count() / 1000));
      };
      result = RunLoad(name, settings, plan);
    } else if (name == "postgres-restart") {
      plan.game = {pick(6, 2), 4, pick(12, 4), 1, false};
      plan.lobby_workers = pick(4, 2);
      plan.before = ms(15000, 2000);
      plan.after = ms(15000, 3000);
      const milliseconds down = ms(5000, 1000);
      auto back_at = std::make_shared<std::chrono::system_clock::time_point>();
      plan.fault = [down, back_at](FaultStack& stack, ScenarioResult& r) {
        stack.StopPostgres();
        const auto not_ready = WaitReadiness(stack, false, seconds(15));
        const bool alive = HealthServing(stack.Address(Service::kGame), "", milliseconds(2000));
        Sleep(down);
        stack.StartPostgres();
        *back_at = std::chrono::system_clock::now();
        const auto ready = WaitReadiness(stack, true, seconds(30));
        r.notes.push_back(fmt::format(
            "PostgreSQL down {} ms; readiness NOT_SERVING after {} ms, liveness {}; ready {} ms after it was back",
            down.count(), not_ready ? std::to_string(not_ready->count()) : "never",
            alive ? "SERVING" : "NOT SERVING", ready ? std::to_string(ready->count()) : "never"));
        if (!not_ready) r.problems.push_back("readiness stayed SERVING while PostgreSQL was down");
        if (!alive) r.problems.push_back("liveness was not SERVING while PostgreSQL was down");
        if (!ready) r.problems.push_back("readiness did not come back after PostgreSQL did");
      };
      plan.check = [back_at](const std::vector<CallRecord>& calls, ScenarioResult& r) {
        int64_t failed = 0, total = 0;
        for (const auto& call : calls) {
          if (call.started < *back_at) continue;
          ++total;
          if (InDoubt(call.code)) ++failed;
        }
        r.notes.push_back(fmt::format("calls after PostgreSQL was back: {}, failed: {}", total, failed));
        if (failed > 0) r.problems.push_back(fmt::format("{} call(s) failed after PostgreSQL was back", failed));
      };
      result = RunLoad(name, settings, plan);
    } else if (name == "malformed-input") {
      result = RunProbe(name, settings, ProbeMalformedInput);
    } else if (name == "bad-credentials") {
      result = RunProbe(name, settings, ProbeCredentials);
    } else if (name == "kill-notify-delivering") {
      result = KillNotifyDelivering(name, settings);
    } else if (auto infrastructure = RunInfrastructureScenario(name, settings)) {
      result = std::move(*infrastructure);
    } else {
      throw std::invalid_argument("unknown scenario '" + name + "'");
    }
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const std::exception& e) {
    result.name = name;
    result.problems.push_back(std::string("the scenario could not run: ") + e.what());
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  result.passed = result.problems.empty() && result.lost == 0 && result.doubled == 0 && result.in_doubt == 0 &&
                  result.unexpected == 0 && result.delivered == result.owed;
  if (result.delivered != result.owed) {
    result.problems.push_back(fmt::format("{} of {} notifications delivered", result.delivered, result.owed));
  }
  return result;
}

}  // namespace mailrun::fault
