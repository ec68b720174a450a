#include "tools/fault/infrastructure_scenarios.h"

#include <fmt/format.h>
#include <unistd.h>

#include <memory>
#include <thread>

#include "tools/fault/calls.h"
#include "tools/fault/infrastructure.h"
#include "tools/fault/load_plan.h"
#include "tools/fault/table_fill.h"
#include "tools/process/child.h"

namespace mailrun::fault {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = std::chrono::system_clock;

// (Not Sleep: the unity build puts this file beside scenarios.cc and its Sleep.)
void HoldFor(milliseconds duration) { std::this_thread::sleep_for(duration); }

int64_t MsSince(Clock::time_point start) {
  return std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
}

// The recovery time of a fault at `*at`: how long calls kept failing after it.
std::function<void(const std::vector<CallRecord>&, ScenarioResult&)> RecoveryFrom(
    std::shared_ptr<Clock::time_point> at, const std::string& what) {
  return [at, what](const std::vector<CallRecord>& calls, ScenarioResult& r) {
    r.recovery_ms = FailingAfter(calls, *at).count();
    r.notes.push_back(fmt::format("moves answered again {} ms after {}", r.recovery_ms, what));
  };
}

struct Lengths {
  bool short_run;
  int pick(int full, int quick) const { return short_run ? quick : full; }
  milliseconds ms(int full_ms, int quick_ms) const { return milliseconds(short_run ? quick_ms : full_ms); }
};

// The load most scenarios put on: 12 submitters on 6 games (short: 4 on 2), `lobby` lobby players
// (full, short), and the load's length before and after the fault (full ms, short ms).
LoadPlan UsualLoad(Lengths l, std::pair<int, int> lobby, std::pair<int, int> before, std::pair<int, int> after) {
  LoadPlan plan;
  plan.game = {l.pick(6, 2), 4, l.pick(12, 4), 1, false};
  plan.lobby_workers = l.pick(lobby.first, lobby.second);
  plan.before = l.ms(before.first, before.second);
  plan.after = l.ms(after.first, after.second);
  return plan;
}

ScenarioResult KillLobbyStarting(const std::string& name, const ScenarioSettings& settings, Lengths l) {
  LoadPlan plan;
  plan.game = {l.pick(4, 2), 4, l.pick(8, 3), 1, false};
  plan.before = l.ms(3000, 1000);
  plan.after = l.ms(5000, 2000);
  // Tables left 'starting' by the kill are finished by the reconciler: every 5 s here (30 s by default).
  plan.setup = [](FaultStack& stack, ScenarioResult&) { stack.SetServiceSetting("MAILRUN_RECONCILE_SECONDS", "5"); };
  auto fill = std::make_shared<std::unique_ptr<TableFill>>();
  const int groups = l.pick(6, 3);
  const uint64_t seed = settings.seed;
  const milliseconds filling = l.ms(15000, 3000), down = l.ms(3000, 500), refilling = l.ms(15000, 3000);
  plan.fault = [=](FaultStack& stack, ScenarioResult& r) {
    *fill = std::make_unique<TableFill>(stack, groups, seed);
    (*fill)->Start();
    HoldFor(filling);
    const int64_t before_kill = (*fill)->tables_filled();
    const auto killed = Clock::now();
    stack.Kill(Service::kLobby);
    HoldFor(down);
    stack.Start(Service::kLobby);
    r.recovery_ms = MsSince(killed);
    HoldFor(refilling);
    (*fill)->Stop();
    r.notes.push_back(fmt::format("mailrun-lobby SIGKILLed after {} tables filled, down {} ms, ready again {} ms after "
                                  "the kill; {} tables filled in all",
                                  before_kill, down.count(), r.recovery_ms, (*fill)->tables_filled()));
  };
  plan.check = [fill](const std::vector<CallRecord>&, ScenarioResult& r) {
    const auto start = Clock::now();
    Absorb((*fill)->Verify(seconds(45)), "tables", r);
    r.notes.push_back(fmt::format("every full table had its one game {} ms after the load stopped", MsSince(start)));
  };
  return RunLoad(name, settings, plan);
}

ScenarioResult GatewayRestart(const std::string& name, ScenarioSettings settings, Lengths l) {
  settings.stack.gateway = true;
  LoadPlan plan = UsualLoad(l, {2, 1}, {20000, 2000}, {20000, 3000});
  auto killed = std::make_shared<Clock::time_point>();
  const milliseconds down = l.ms(3000, 500);
  plan.fault = [killed, down](FaultStack& stack, ScenarioResult& r) {
    *killed = Clock::now();
    stack.KillGateway();
    HoldFor(down);
    const auto start = Clock::now();
    stack.StartGateway();
    r.notes.push_back(fmt::format("the gateway SIGKILLed, down {} ms, forwarding again {} ms after its restart",
                                  down.count(), MsSince(start)));
  };
  plan.check = RecoveryFrom(killed, "the kill");
  return RunLoad(name, settings, plan);
}

ScenarioResult KillReplicas(const std::string& name, ScenarioSettings settings, Lengths l) {
  settings.stack.replicas = 2;
  LoadPlan plan = UsualLoad(l, {4, 2}, {20000, 3000}, {20000, 3000});
  auto killed = std::make_shared<Clock::time_point>();
  const milliseconds down = l.ms(10000, 3000);
  plan.fault = [killed, down](FaultStack& stack, ScenarioResult& r) {
    *killed = Clock::now();
    for (Service s : {Service::kGame, Service::kLobby, Service::kNotify}) stack.Kill(s, 0);
    // The survivors carry everything meanwhile; then the replicas come back, as a Deployment's would.
    HoldFor(down);
    for (Service s : {Service::kGame, Service::kLobby, Service::kNotify}) stack.Start(s, 0);
    r.notes.push_back(fmt::format("one replica of each service SIGKILLed at once, down {} ms, then started again",
                                  down.count()));
  };
  plan.check = RecoveryFrom(killed, "the kills");
  return RunLoad(name, settings, plan);
}

ScenarioResult PostgresLossyNetwork(const std::string& name, ScenarioSettings settings, Lengths l) {
  const std::string log = fmt::format("/tmp/mailrun-fault-link.{}.log", getpid());
  auto link = std::make_shared<LossyLink>(log);
  settings.stack.postgres_wrapper = link->postgres_wrapper();
  settings.stack.postgres_host = link->postgres_host();
  LoadPlan plan = UsualLoad(l, {2, 1}, {10000, 1500}, {20000, 4000});
  auto healed = std::make_shared<Clock::time_point>();
  const milliseconds lossy = l.ms(30000, 4000), cut = l.ms(10000, 2000);
  plan.fault = [link, healed, lossy, cut](FaultStack&, ScenarioResult& r) {
    link->Degrade();
    HoldFor(lossy);
    link->Cut();
    HoldFor(cut);
    link->Heal();
    *healed = Clock::now();
    r.notes.push_back(fmt::format("PostgreSQL in a namespace of the scenario's own behind a veth pair: {} ms degraded "
                                  "({}), then every packet dropped for {} ms, then a clean link; {} packets dropped",
                                  lossy.count(), link->degraded_as(), cut.count(), link->dropped()));
  };
  plan.check = RecoveryFrom(healed, "the link was clean again");
  ScenarioResult result = RunLoad(name, settings, plan);
  link.reset();
  unlink(log.c_str());
  return result;
}

constexpr int kServerConnections = 6;  // PgBouncer's, fewer than any one service's pool: transactions share them

ScenarioResult PgBouncerPath(const std::string& name, const ScenarioSettings& settings, Lengths l) {
  LoadPlan plan = UsualLoad(l, {4, 2}, {20000, 3000}, {20000, 3000});
  plan.setup = [](FaultStack& stack, ScenarioResult& r) {
    auto bouncer = std::make_shared<PgBouncerPart>(stack, fmt::format("127.0.0.1:{}", stack.postgres_port()),
                                                   kServerConnections);
    stack.SetServiceSetting("MAILRUN_DATABASE_URL", bouncer->url());
    stack.SetServiceSetting("MAILRUN_DATABASE_DIRECT_URL", stack.database_url());
    stack.Attach(bouncer);
    r.notes.push_back(fmt::format("every service's pool through PgBouncer in transaction pooling with {} server "
                                  "connections; LISTEN, the relays' and migrations' session locks direct",
                                  kServerConnections));
  };
  auto killed = std::make_shared<Clock::time_point>();
  const milliseconds down = l.ms(3000, 500);
  plan.fault = [killed, down](FaultStack& stack, ScenarioResult& r) {
    *killed = Clock::now();
    stack.Kill(Service::kGame);
    HoldFor(down);
    stack.Start(Service::kGame);
    r.notes.push_back(fmt::format("mailrun-game SIGKILLed, down {} ms, ready again through PgBouncer {} ms after the kill",
                                  down.count(), MsSince(*killed)));
  };
  plan.check = RecoveryFrom(killed, "the kill");
  return RunLoad(name, settings, plan);
}

ScenarioResult PostgresFailover(const std::string& name, ScenarioSettings settings, Lengths l) {
  settings.stack.postgres_wrapper = "env MAILRUN_PG_SYNC_STANDBY=1";
  LoadPlan plan = UsualLoad(l, {2, 1}, {20000, 3000}, {20000, 4000});
  // Weak: the stack alone owns its parts, so they stop before it deletes its directory.
  auto standby = std::make_shared<std::weak_ptr<PostgresStandby>>();
  plan.setup = [standby](FaultStack& stack, ScenarioResult&) {
    auto part = std::make_shared<PostgresStandby>(stack);
    stack.SetDatabaseUrl(part->url());
    stack.Attach(part);
    *standby = part;
  };
  auto lost = std::make_shared<Clock::time_point>();
  // What an operator (Patroni, an operator's controller, a managed service) takes to decide.
  const milliseconds detection = l.ms(2000, 1000);
  plan.fault = [standby, lost, detection](FaultStack& stack, ScenarioResult& r) {
    *lost = Clock::now();
    // A crash, not a shutdown: the primary's connections are cut with whatever was in flight.
    if (mailrun::process::RunShell(fmt::format("{}/deploy/servers.sh stop-postgres '{}' immediate", stack.source_dir(),
                                               stack.postgres_dir()),
                                   stack.dir() + "/servers.log") != 0) {
      r.problems.push_back("the primary could not be stopped");
    }
    HoldFor(detection);
    const auto promoting = Clock::now();
    standby->lock()->Promote();
    r.notes.push_back(fmt::format("primary stopped (immediate), the synchronous standby promoted {} ms later (promotion "
                                  "{} ms)",
                                  MsSince(*lost), MsSince(promoting)));
  };
  plan.check = RecoveryFrom(lost, "the primary was lost");
  return RunLoad(name, settings, plan);
}

ScenarioResult RedisFailover(const std::string& name, const ScenarioSettings& settings, Lengths l) {
  LoadPlan plan = UsualLoad(l, {2, 1}, {15000, 2000}, {15000, 3000});
  // Weak: the stack alone owns its parts, so they stop before it deletes its directory.
  auto weak_sentinels = std::make_shared<std::weak_ptr<RedisSentinels>>();
  plan.setup = [weak_sentinels](FaultStack& stack, ScenarioResult&) {
    auto part = std::make_shared<RedisSentinels>(stack);
    stack.SetServiceSetting("MAILRUN_REDIS_URL", part->url());
    stack.Attach(part);
    *weak_sentinels = part;
  };
  const milliseconds rejoin = l.ms(10000, 2000);
  plan.fault = [weak_sentinels, rejoin, l](FaultStack& stack, ScenarioResult& r) {
    const auto sentinels = weak_sentinels->lock();
    const auto lost = Clock::now();
    stack.StopRedis();
    int64_t failover_ms = -1;
    while (MsSince(lost) < 30000) {
      if (sentinels->PrimaryPort() == sentinels->replica_port()) {
        failover_ms = MsSince(lost);
        break;
      }
      HoldFor(milliseconds(50));
    }
    r.recovery_ms = failover_ms;
    if (failover_ms < 0) r.problems.push_back("Sentinel did not promote the replica within 30 s");
    // The old primary comes back empty, and Sentinel makes it a replica of the new one.
    HoldFor(rejoin);
    stack.StartRedis();
    HoldFor(l.ms(5000, 2000));
    const int primary = sentinels->PrimaryPort();
    if (primary != sentinels->replica_port()) {
      r.problems.push_back(fmt::format("after the old primary came back, Sentinel named port {}", primary));
    }
    r.notes.push_back(fmt::format("Redis primary stopped; Sentinel named the replica {} ms later; the old primary "
                                  "started again {} ms after that and rejoined as a replica",
                                  failover_ms, rejoin.count()));
  };
  return RunLoad(name, settings, plan);
}

}  // namespace

std::vector<std::string> InfrastructureScenarioNames() {
  return {"kill-lobby-starting", "gateway-restart", "kill-replicas", "postgres-lossy-network",
          "pgbouncer",           "postgres-failover", "redis-failover"};
}

std::optional<ScenarioResult> RunInfrastructureScenario(const std::string& name, const ScenarioSettings& settings) {
  const Lengths l{settings.short_run};
  if (name == "kill-lobby-starting") return KillLobbyStarting(name, settings, l);
  if (name == "gateway-restart") return GatewayRestart(name, settings, l);
  if (name == "kill-replicas") return KillReplicas(name, settings, l);
  if (name == "postgres-lossy-network") return PostgresLossyNetwork(name, settings, l);
  if (name == "pgbouncer") return PgBouncerPath(name, settings, l);
  if (name == "postgres-failover") return PostgresFailover(name, settings, l);
  if (name == "redis-failover") return RedisFailover(name, settings, l);
  return std::nullopt;
}

}  // namespace mailrun::fault
