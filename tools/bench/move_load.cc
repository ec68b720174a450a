// mailrun-bench-moves: moves committed through the whole stack (issue 21's move row), beside
// pgbench runs of the same writes at the same concurrency on the same database, in the same run.
// For each N of --games it starts a fresh stack (tools/fault/stack.h, durable: PostgreSQL with
// fsync on, Redis, mailrun-game, mailrun-lobby and mailrun-notify on free loopback ports, from a
// fresh directory, all stopped and deleted afterwards) and, --rounds times, in turn:
//   moves    N clients, each playing games of 1853 (created through the game service, 4 players
//            each) one after the other (--games-per-client of them, so that no client runs out of
//            moves within the window), sending the bot's next move as soon as the last one was
//            answered (tools/fault/game_load.h, own_game): N games at a time. The bot chooses the
//            moves before the clients start (enough for --planned-rate moves/s over the warmup, the
//            window and 10 s more; 0: live, between calls, on the two cores the stack runs on).
//            After --warmup seconds, --seconds are
//            measured: acknowledged moves/s, latency (sent -> answered) percentiles, CPU seconds
//            per move of each process (from /proc: mailrun-game, mailrun-notify, mailrun-lobby,
//            PostgreSQL = the postmaster and all its processes, ended backends included, and this
//            driver) and commits per move (pg_stat_database.xact_commit). Then every acknowledged
//            move is checked against the game log (none lost, none doubled).
//   pgbench  with the services stopped: N clients for --seconds, each on a game row of its own in
//            the same database, five runs in turn. First the baseline (ServiceWritesScript): the
//            writes the game service makes for a move now, prepared, as it sends them; the ratio
//            printed is moves/s over its rate. Then, for comparison with the passes before issue
//            47 (MoveScript, AfterMoveScript below): the writes
//            of one move's transaction as committed before issue 21's changes (NOTIFY in the
//            transaction), the same with pgbench's prepared statements (-M prepared, as the moves
//            are since), the same rows with fewer statements and the NOTIFY after the commit, and
//            the first plus the two transactions the stack commits after a move (the relay marking
//            the outbox row sent, the notification service storing the event in an inbox).
// With --game-pods P (a list) the stack runs P replicas of mailrun-game, and --routing says how the
// clients' moves reach them: "ring" (a game's moves to one pod, services/common/game_channels.h, as
// the gateway and the lobby send them), "round-robin" (every call to the next pod, as before issue
// 47), or "own" (each client on a channel of its own to the first pod: the one-pod runs before).
// The game cache's hit rate in the window (mailrun_game_cache_lookups_total of every pod) is given.
// PostgreSQL's statistics reach pg_stat_database up to a second late, so commits per move have
// that much uncertainty at each end of the window.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <pqxx/pqxx>
#include <sstream>
#include <thread>

#include "services/common/game_channels.h"
#include "tools/bench/bench_support.h"
#include "tools/bench/history.h"
#include "tools/fault/game_load.h"
#include "tools/fault/stack.h"
#include "tools/process/child.h"

namespace {

using mailrun::fault::FaultStack;
using mailrun::fault::Service;
using Clock = std::chrono::system_clock;

struct Settings {
  std::vector<int> games{8, 32, 128};
  int games_per_client = 16;  // at most, one after the other, so that no client runs out of moves
  int planned_rate = 1500;    // moves/s the bot's plan is made for; 0: the bot moves live
  int seconds = 20;
  int warmup = 5;
  int rounds = 1;
  bool pgbench = true;
  bool statements = false;
  int snapshot_every = 50;  // mailrun-game's default (MAILRUN_SNAPSHOT_EVERY)
  std::vector<int> game_pods{1};
  std::vector<std::string> routings{"own"};
  std::vector<int64_t> history;  // growth mode: game_actions rows to grow the history to, in turn
  int cold_reads = 200;
  int64_t prune_probe_rows = 0;  // growth mode: rows pruned both ways while moves run, at the end
  mailrun::fault::StackOptions stack;
};

// What the window is measured by: CPU seconds so far of each process, and commits so far.
struct Counters {
  std::map<std::string, double> cpu;
  int64_t commits = 0;
  int64_t wal_syncs = 0;  // pg_stat_wal.wal_sync: flushes of the write-ahead log to disk
  double cache_hits = 0, cache_misses = 0;  // of every game pod
  Clock::time_point at;
};

int PostmasterPid(const FaultStack& stack) {
  std::ifstream pid_file(stack.postgres_dir() + "/postmaster.pid");
  int pid = 0;
  if (!(pid_file >> pid)) throw std::runtime_error("no postmaster.pid in " + stack.postgres_dir());
  return pid;
}

double PostgresCpuSeconds(int postmaster) {
  double seconds = mailrun::bench::ProcessCpuSeconds(postmaster, /*reaped_children=*/true);
  for (int child : mailrun::bench::ChildProcesses(postmaster)) {
    try {
      seconds += mailrun::bench::ProcessCpuSeconds(child);
    } catch (const std::runtime_error&) {
      // It ended since it was listed: its time is in the postmaster's reaped children now or soon.
    }
  }
  return seconds;
}

void ReadCommits(const std::string& database_url, Counters* counters) {
  pqxx::connection connection(database_url);
  pqxx::nontransaction txn(connection);
  const pqxx::row row = txn.exec1(
      "SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()), wal_sync FROM pg_stat_wal");
  counters->commits = row[0].as<int64_t>();
  counters->wal_syncs = row[1].as<int64_t>();
}

Counters Count(FaultStack& stack, bool services) {
  Counters counters;
  counters.at = Clock::now();
  if (services) {
    for (Service s : {Service::kNotify, Service::kLobby}) {
      counters.cpu[mailrun::fault::ServiceName(s)] = mailrun::bench::ProcessCpuSeconds(stack.Pid(s));
    }
    double game = 0;  // every pod's
    for (int pid : stack.GamePids()) game += mailrun::bench::ProcessCpuSeconds(pid);
    counters.cpu["mailrun-game"] = game;
    for (const std::string& metrics : stack.GameMetricsAddresses()) {
      counters.cache_hits += mailrun::bench::ScrapeMetric(metrics, R"(mailrun_game_cache_lookups_total{result="hit"})");
      counters.cache_misses += mailrun::bench::ScrapeMetric(metrics, R"(mailrun_game_cache_lookups_total{result="miss"})");
    }
  }
  counters.cpu["postgres"] = PostgresCpuSeconds(PostmasterPid(stack));
  counters.cpu["driver"] = mailrun::bench::OwnCpuSeconds();
  ReadCommits(stack.database_url(), &counters);
  return counters;
}

// "cpu ms/move: mailrun-game 1.52  ..." and commits per unit of work.
void PrintCosts(const Counters& before, const Counters& after, double units, const std::string& unit) {
  std::string line = fmt::format("  cpu ms/{}:", unit);
  for (const auto& [name, seconds] : after.cpu) {
    line += fmt::format("  {} {:.2f}", name, (seconds - before.cpu.at(name)) * 1000 / units);
  }
  fmt::print("{}\n  commits/{}: {:.2f}  log flushes/{}: {:.2f}\n", line, unit,
             static_cast<double>(after.commits - before.commits) / units, unit,
             static_cast<double>(after.wal_syncs - before.wal_syncs) / units);
}

// Loads pg_stat_statements (a restart of PostgreSQL, then of the services, which reconnect).
void LoadStatementStatistics(FaultStack& stack) {
  {
    pqxx::connection connection(stack.database_url());
    pqxx::nontransaction txn(connection);
    txn.exec("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
  }
  for (Service service : {Service::kGame, Service::kLobby, Service::kNotify}) stack.KillAll(service);
  stack.StopPostgres();
  stack.StartPostgres();
  {
    pqxx::connection connection(stack.database_url());
    pqxx::nontransaction txn(connection);
    txn.exec("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  }
  for (Service service : {Service::kGame, Service::kLobby, Service::kNotify}) stack.StartAll(service);
}

void ResetStatementStatistics(const std::string& database_url) {
  pqxx::connection connection(database_url);
  pqxx::nontransaction txn(connection);
  txn.exec("SELECT pg_stat_statements_reset()");
}

// The statements run since the reset, most frequent first, as calls per move.
void PrintStatements(const std::string& database_url, double moves) {
  pqxx::connection connection(database_url);
  pqxx::nontransaction txn(connection);
  const pqxx::row total = txn.exec1(
      "SELECT coalesce(sum(calls), 0), coalesce(sum(total_exec_time), 0) FROM pg_stat_statements "
      "WHERE query NOT LIKE '%pg_stat_%'");
  fmt::print("  statements/move: {:.2f} (server time {:.3f} ms/move); the most frequent:\n",
             total[0].as<double>() / moves, total[1].as<double>() / moves);
  for (const auto& row : txn.exec("SELECT calls, total_exec_time, regexp_replace(query, '\\s+', ' ', 'g') "
                                  "FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_%' "
                                  "ORDER BY calls DESC LIMIT 20")) {
    fmt::print("    {:6.2f}/move {:7.3f} ms/move  {:.110}\n", row[0].as<double>() / moves, row[1].as<double>() / moves,
               row[2].as<std::string>());
  }
}

double Seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

// How the clients' moves reach the game pods (see the top of this file).
std::function<std::shared_ptr<grpc::Channel>(const std::string&)> Routing(FaultStack& stack, const std::string& routing) {
  if (routing == "ring") {
    auto channels = std::make_shared<mailrun::service::GameChannels>(stack.GameTarget());
    return [channels](const std::string& game_id) { return channels->For(game_id); };
  }
  if (routing == "round-robin") {
    grpc::ChannelArguments arguments;
    arguments.SetServiceConfigJSON(R"({"loadBalancingConfig": [{"round_robin": {}}]})");
    auto channel = grpc::CreateCustomChannel(stack.GameTarget(), grpc::InsecureChannelCredentials(), arguments);
    return [channel](const std::string&) { return channel; };
  }
  return nullptr;
}

// Returns the acknowledged moves per second in the window.
// `during`: run on a thread of its own from the start of the measured window (joined after it).
double PlayMoves(FaultStack& stack, const Settings& s, int games, int round, const std::string& routing,
                 const std::function<void()>& during = nullptr) {
  mailrun::fault::GameLoadOptions options;
  options.route = Routing(stack, routing);
  options.games = games * s.games_per_client;
  options.players = 4;
  options.submitters = games;
  options.own_game = true;
  if (s.planned_rate > 0) {
    options.planned_moves = (s.planned_rate * (s.warmup + s.seconds + 10) + games - 1) / games;
  }
  mailrun::fault::GameLoad load(stack, options, static_cast<uint64_t>(games * 100 + round + 1));
  const auto planning = Clock::now();
  {
    // What the stack commits with nobody playing (its pollers), for comparison.
    const Counters idle_before = Count(stack, true);
    std::this_thread::sleep_for(std::chrono::seconds(3));
    const Counters idle_after = Count(stack, true);
    const double idle_seconds = Seconds(idle_after.at - idle_before.at);
    fmt::print("idle    {:.1f} commits/s, {:.1f} log flushes/s\n",
               static_cast<double>(idle_after.commits - idle_before.commits) / idle_seconds,
               static_cast<double>(idle_after.wal_syncs - idle_before.wal_syncs) / idle_seconds);
  }
  double idle_rss = 0;  // of every game pod, before this round's games
  for (int pid : stack.GamePids()) idle_rss += mailrun::bench::ResidentMegabytes(pid);
  load.Start();
  if (s.planned_rate > 0) {
    fmt::print("plan    {} moves per client chosen by the bot in {:.1f} s, before the first was sent\n",
               options.planned_moves, Seconds(Clock::now() - planning));
  }
  std::this_thread::sleep_for(std::chrono::seconds(s.warmup));
  if (s.statements) ResetStatementStatistics(stack.database_url());
  const Counters before = Count(stack, true);
  std::thread alongside;
  if (during) alongside = std::thread(during);
  std::this_thread::sleep_for(std::chrono::seconds(s.seconds));
  const Counters after = Count(stack, true);
  if (alongside.joinable()) alongside.join();
  load.Stop(std::chrono::seconds(30));
  std::vector<double> ms;
  for (const auto& call : load.calls()) {
    if (call.code == grpc::StatusCode::OK && call.finished >= before.at && call.finished < after.at) {
      ms.push_back(std::chrono::duration<double, std::milli>(call.finished - call.started).count());
    }
  }
  const mailrun::fault::GameTally tally = load.Verify();
  const double moves = static_cast<double>(ms.size());
  fmt::print("moves   games {} round {}: {:.0f} moves in {:.1f} s = {:.1f} moves/s; {} acknowledged in all, lost {}, "
             "doubled {}, refused {}, errors {}\n",
             games, round, moves, Seconds(after.at - before.at), moves / Seconds(after.at - before.at),
             tally.acknowledged, tally.lost, tally.doubled, tally.refused, tally.errors);
  for (const auto& problem : tally.problems) fmt::print("  problem: {}\n", problem);
  if (tally.out_of_plan > 0) {
    fmt::print("  WARNING: {} clients ran out of moves before the window ended: raise --planned-rate (or "
               "--games-per-client)\n",
               tally.out_of_plan);
  }
  mailrun::bench::PrintLatencies("  sent -> answered", ms);
  const double lookups = (after.cache_hits - before.cache_hits) + (after.cache_misses - before.cache_misses);
  if (lookups > 0) {
    fmt::print("  game cache: {:.0f} lookups, hit rate {:.3f} ({} pod(s), routing {})\n", lookups,
               (after.cache_hits - before.cache_hits) / lookups, stack.GamePids().size(), routing);
  }
  double rss = 0, cached = 0;
  for (int pid : stack.GamePids()) rss += mailrun::bench::ResidentMegabytes(pid);
  for (const std::string& metrics : stack.GameMetricsAddresses()) {
    cached += mailrun::bench::ScrapeMetric(metrics, "mailrun_game_cache_games");
  }
  fmt::print("  game pods: resident {:.1f} MB before the round's games, {:.1f} MB after, {:.0f} games cached\n",
             idle_rss, rss, cached);
  if (moves > 0) PrintCosts(before, after, moves, "move");
  if (moves > 0 && s.statements) PrintStatements(stack.database_url(), moves);
  return moves / Seconds(after.at - before.at);
}

// Average stored sizes, so that pgbench writes rows as large as the moves did.
struct RowSizes {
  int action = 0, answer = 0, event = 0;
  int snapshot = 0;            // a stored snapshot (the state's JSON)
  int events_percent = 0;      // moves that appended outbox rows, of 100 (the moves' own share)
};

RowSizes MeasureRowSizes(const std::string& database_url) {
  pqxx::connection connection(database_url);
  pqxx::nontransaction txn(connection);
  const pqxx::row actions =
      txn.exec1("SELECT coalesce(avg(octet_length(action)), 0)::int, coalesce(avg(octet_length(answer)), 0)::int "
                "FROM game_actions WHERE kind = 'action'");
  const pqxx::row events = txn.exec1("SELECT coalesce(avg(octet_length(payload)), 0)::int FROM outbox");
  const pqxx::row snapshots = txn.exec1("SELECT coalesce(avg(octet_length(state)), 0)::int FROM game_snapshots");
  // The moves whose transaction appended outbox rows: one event id per move and kind, so count the
  // distinct (game, version) the game service's events name.
  const pqxx::row with_events = txn.exec1(
      "SELECT (100.0 * (SELECT count(DISTINCT substring(event_id from '^(.*):[^:]*$')) FROM outbox"
      "                 WHERE event_id NOT LIKE 'pgbench:%') / greatest(1, (SELECT count(*) FROM game_actions)))::int");
  return {actions[0].as<int>(), actions[1].as<int>(), events[0].as<int>(), snapshots[0].as<int>(),
          std::min(100, with_events[0].as<int>())};
}

// One move's writes (services/game/move_service.cc, game_store.cc): the game's head read with the
// request_id lookup, the version bump with its check, the log row, one outbox row; game
// "pgbench-<client>". As before issue 21's change (separate head and request reads,
// separate UPDATE and INSERT, the version NOTIFY and the outbox trigger's NOTIFY in the
// transaction) or, with `notify_after_commit`, as after it (one statement each, both NOTIFYs in a statement after the commit).
std::string MoveScript(const RowSizes& size, bool notify_after_commit) {
  const std::string game = "'pgbench-' || :client_id";
  const std::string update =
      "UPDATE games SET version = version + 1, status = 'active', active_seats = '{1}'::integer[], "
      "round = 'Railway Round 1', end_reason = '', updated_at = clock_timestamp(), finished_at = NULL "
      "WHERE game_id = " + game + " AND version = :v";
  const std::string values = fmt::format(
      "'action', 0, 'pgbench', convert_to(repeat('a', {}), 'UTF8'), 'pgb-' || :v, convert_to(repeat('b', {}), 'UTF8')",
      size.action, size.answer);
  const std::string event =
      fmt::format("'pgbench:' || :client_id || ':' || :v, convert_to(repeat('c', {}), 'UTF8')", size.event);
  if (!notify_after_commit) {
    return "BEGIN;\n"
           "SELECT version AS v, status = 'finished' AS f FROM games WHERE game_id = " + game + " \\gset\n"
           "SELECT seq, kind, user_id, action, answer FROM game_actions WHERE game_id = " + game +
           " AND request_id = 'pgb-' || :v;\n" + update + ";\n"
           "INSERT INTO game_actions (game_id, seq, kind, seat, user_id, action, request_id, answer) VALUES (" + game +
           ", :v + 1, " + values + ");\n"
           "SELECT pg_notify('mailrun_game_version', " + game + ");\n"
           "INSERT INTO outbox (event_id, payload) VALUES (" + event + ") ON CONFLICT (event_id) DO NOTHING;\n"
           "COMMIT;\n";
  }
  return "BEGIN;\n"
         "SELECT g.version AS v, g.status = 'finished' AS f, a.seq IS NOT NULL AS repeated FROM games g LEFT JOIN game_actions a "
         "ON a.game_id = g.game_id AND a.request_id = 'pgb-' || g.version WHERE g.game_id = " + game + " \\gset\n"
         "WITH advanced AS (" + update + " RETURNING game_id) "
         "INSERT INTO game_actions (game_id, seq, kind, seat, user_id, action, request_id, answer) "
         "SELECT game_id, :v + 1, " + values + " FROM advanced;\n"
         "WITH later AS (SELECT set_config('mailrun.outbox_announce', 'after_commit', true)) "
         "INSERT INTO outbox (event_id, payload) SELECT " + event + " FROM later ON CONFLICT (event_id) DO NOTHING;\n"
         "COMMIT;\n"
         "SELECT pg_notify('mailrun_game_version', " + game + "), pg_notify('mailrun_outbox', '');\n";
}

// One move's writes as the game service makes them now (services/game/game_store.cc
// AdvanceAndAppend and AnnounceCommitted; run with -M prepared, as the service prepares its
// statements): no read (the usual move's game is in the pod's cache at the expected version), one
// statement that bumps the version, appends the log row, and (for the share of moves the stack's
// moves had) the outbox row and (every `snapshot_every` versions) the snapshot, committing by
// itself; then the announcement NOTIFY. The version comes back from the write (\gset), as the
// service knows it from its cache; each client reads its game's version once, at its start
// (pgbench -D v=-1).
std::string ServiceWritesScript(const RowSizes& size, int snapshot_every) {
  const std::string game = "'pgbench-' || :client_id";
  const std::string advanced =
      "WITH advanced AS (UPDATE games SET version = version + 1, status = 'active', active_seats = '{1}'::integer[],"
      " round = 'Railway Round 1', end_reason = '', updated_at = clock_timestamp(),"
      " finished_at = CASE WHEN 'active' = 'finished' THEN coalesce(finished_at, clock_timestamp()) END"
      " WHERE game_id = " + game + " AND version = :v RETURNING game_id)";
  const std::string snapshot = fmt::format(
      ", snapshot AS (INSERT INTO game_snapshots (game_id, seq, state) SELECT game_id, :v::bigint + 1,"
      " repeat('s', {}) FROM advanced ON CONFLICT DO NOTHING)", size.snapshot);
  const std::string outbox = fmt::format(
      ", later AS (SELECT set_config('mailrun.outbox_announce', 'after_commit', true) FROM advanced),"
      " announced AS (INSERT INTO outbox (event_id, payload) SELECT e.event_id, e.payload FROM later,"
      " (VALUES ('pgbench:' || :client_id || ':' || :v, convert_to(repeat('c', {}), 'UTF8'))) AS e (event_id, payload)"
      " ON CONFLICT (event_id) DO NOTHING)", size.event);
  const std::string insert = fmt::format(
      " INSERT INTO game_actions (game_id, seq, kind, seat, user_id, action, undoes_seq, request_id, answer)"
      " SELECT game_id, :v::bigint + 1, 'action', 0, 'pgbench', convert_to(repeat('a', {}), 'UTF8'), NULL,"
      " 'pgb-' || :v, convert_to(repeat('b', {}), 'UTF8') FROM advanced RETURNING seq AS v \\gset\n", size.action,
      size.answer);
  const std::string announce_game = "SELECT pg_notify('mailrun_game_version', " + game + ");\n";
  const std::string announce_both = "SELECT pg_notify('mailrun_game_version', " + game + "), pg_notify('mailrun_outbox', '');\n";
  const std::string first = "\\if :v < 0\nSELECT version AS v FROM games WHERE game_id = " + game + " \\gset\n\\endif\n";
  return first + fmt::format("\\set e random(1, 100)\n"
                     "\\if :v % {0} = {1}\n{2}{3}{4}{5}{7}"
                     "\\elif :e <= {6}\n{2}{4}{5}{7}"
                     "\\else\n{2}{5}{8}"
                     "\\endif\n",
                     snapshot_every, snapshot_every - 1, advanced, snapshot, outbox, insert, size.events_percent,
                     announce_both, announce_game);
}

// The move, then what the stack commits after it for the event: the relay marks the row sent
// (services/common/outbox_relay.cc) and the notification service stores it in the next player's
// inbox (services/notification/inbox_store.cc).
std::string AfterMoveScript(const RowSizes& size) {
  return MoveScript(size, false) + fmt::format(
      "UPDATE outbox SET sent_at = clock_timestamp() WHERE event_id = 'pgbench:' || :client_id || ':' || :v;\n"
      "BEGIN;\n"
      "INSERT INTO notification_events (event_id, kind, payload, created_at) VALUES "
      "('pgbench:' || :client_id || ':' || :v, 'your_turn', convert_to(repeat('c', {}), 'UTF8'), "
      "clock_timestamp()) ON CONFLICT DO NOTHING;\n"
      "INSERT INTO notification_users (user_id, last_sequence) VALUES ('pgbench-' || :client_id, 1) "
      "ON CONFLICT (user_id) DO UPDATE SET last_sequence = notification_users.last_sequence + 1 "
      "RETURNING last_sequence AS s \\gset\n"
      "INSERT INTO inbox (user_id, sequence, event_id) VALUES ('pgbench-' || :client_id, :s, "
      "'pgbench:' || :client_id || ':' || :v);\n"
      "COMMIT;\n",
      size.event);
}

// Game rows pgbench-0 .. pgbench-(n-1), copies of a game the moves played, at version 0.
void MakePgbenchGames(const std::string& database_url, int n) {
  pqxx::connection connection(database_url);
  pqxx::work txn(connection);
  const std::string columns = txn.exec1(
      "SELECT string_agg(column_name, ', ' ORDER BY ordinal_position) FROM information_schema.columns "
      "WHERE table_name = 'games' AND column_name NOT IN ('game_id', 'version')")[0].as<std::string>();
  txn.exec(fmt::format("INSERT INTO games (game_id, version, {0}) SELECT 'pgbench-' || i, 0, {0} FROM "
                       "(SELECT * FROM games WHERE game_id NOT LIKE 'pgbench-%' LIMIT 1) g, "
                       "generate_series(0, {1} - 1) i ON CONFLICT (game_id) DO NOTHING",
                       columns, n));
  txn.commit();
}

// pgbench's own rows out of the outbox and the inbox, so that the restarted services do not
// publish or stream them.
void ForgetPgbenchEvents(const std::string& database_url) {
  pqxx::connection connection(database_url);
  pqxx::work txn(connection);
  txn.exec("DELETE FROM inbox WHERE event_id LIKE 'pgbench:%'");
  txn.exec("DELETE FROM notification_events WHERE event_id LIKE 'pgbench:%'");
  txn.exec("DELETE FROM outbox WHERE event_id LIKE 'pgbench:%'");
  txn.commit();
}

// `protocol`: pgbench's -M: "extended" (each statement parsed and planned on every run, as the
// services did before issue 21) or "prepared" (once per connection, as the moves are since).
// Returns the transactions per second.
double RunPgbench(FaultStack& stack, const Settings& s, int clients, const std::string& name,
                  const std::string& script, int commits_per_transaction, const std::string& protocol = "extended",
                  const std::string& more_arguments = "") {
  const std::string dir = stack.dir() + "/pgbench-" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir + "/script.sql") << script;
  }
  const std::string command = fmt::format(
      "cd '{0}' && pgbench -n -M {5} -c {1} -j {2} -T {3} {6} -l --log-prefix=latency -f script.sql '{4}'", dir,
      clients, std::min(clients, 2), s.seconds, stack.database_url(), protocol, more_arguments);
  const Counters before = Count(stack, false);
  const int status = mailrun::process::RunShell(command, dir + "/out.txt");
  const Counters after = Count(stack, false);
  std::ifstream out(dir + "/out.txt");
  std::string text((std::istreambuf_iterator<char>(out)), std::istreambuf_iterator<char>());
  if (status != 0) throw std::runtime_error("pgbench failed: " + text);
  int64_t transactions = 0;
  double tps = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("number of transactions actually processed: ", 0) == 0) {
      transactions = std::stoll(line.substr(line.find(": ") + 2));
    }
    if (line.rfind("tps = ", 0) == 0) tps = std::stod(line.substr(6));
  }
  std::vector<double> ms;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    if (file.path().filename().string().rfind("latency.", 0) != 0) continue;
    std::ifstream log(file.path());
    for (std::string line; std::getline(log, line);) {
      std::istringstream fields(line);
      int64_t client = 0, number = 0, us = 0;
      if (fields >> client >> number >> us) ms.push_back(static_cast<double>(us) / 1000);
    }
  }
  fmt::print("pgbench {} clients {}: {} transactions ({} durable commits each) = {:.1f} /s\n", name, clients,
             transactions,
             commits_per_transaction, tps);
  mailrun::bench::PrintLatencies("  latency", ms);
  if (transactions > 0) PrintCosts(before, after, static_cast<double>(transactions), "transaction");
  return tps;
}


// Returns pgbench's rate of the service's own writes (ServiceWritesScript), the baseline.
double Baselines(FaultStack& stack, const Settings& s, int clients) {
  const RowSizes size = MeasureRowSizes(stack.database_url());
  fmt::print("pgbench row sizes (the moves' averages): action {} B, answer {} B, event {} B, snapshot {} B; "
             "{}% of moves with events\n", size.action, size.answer, size.event, size.snapshot, size.events_percent);
  MakePgbenchGames(stack.database_url(), clients);
  for (Service service : {Service::kGame, Service::kLobby, Service::kNotify}) stack.KillAll(service);
  const double own = RunPgbench(stack, s, clients, "service-writes", ServiceWritesScript(size, s.snapshot_every), 1,
                                "prepared", "-D v=-1");
  RunPgbench(stack, s, clients, "move", MoveScript(size, false), 1);
  RunPgbench(stack, s, clients, "move-prepared", MoveScript(size, false), 1, "prepared");
  RunPgbench(stack, s, clients, "move-announced-after-commit", MoveScript(size, true), 1);
  RunPgbench(stack, s, clients, "move+relay+inbox", AfterMoveScript(size), 3);
  ForgetPgbenchEvents(stack.database_url());
  for (Service service : {Service::kGame, Service::kLobby, Service::kNotify}) stack.StartAll(service);
  return own;
}

std::string LoadAverage() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

// Growth mode (--history-actions): two stacks side by side, one whose history grows to each size
// in turn (history.h) and one that stays empty; at each size, moves on both in turn (empty first,
// then grown, --rounds times per game count), then cold reads of finished games on both.
void Growth(const Settings& s) {
  FaultStack empty(s.stack);
  FaultStack grown(s.stack);
  fmt::print("== growth: empty stack in {}, grown stack in {}; load average {}\n", empty.dir(), grown.dir(),
             LoadAverage());
  int round = 0;  // distinct per call, so each round creates games of its own
  for (const int64_t size : s.history) {
    if (size > mailrun::bench::StoredActions(grown.database_url())) mailrun::bench::GrowHistory(grown.database_url(), size);
    fmt::print("== history: grown stack {} actions, empty stack {} actions; load average {}\n",
               mailrun::bench::StoredActions(grown.database_url()), mailrun::bench::StoredActions(empty.database_url()),
               LoadAverage());
    for (int r = 0; r < s.rounds; ++r) {
      for (int games : s.games) {
        ++round;
        fmt::print("-- empty, {} games\n", games);
        const double on_empty = PlayMoves(empty, s, games, round, "own");
        fmt::print("-- grown, {} games\n", games);
        const double on_grown = PlayMoves(grown, s, games, round, "own");
        fmt::print("ratio   grown/empty moves/s at {} games: {:.2f}; load average {}\n", games, on_grown / on_empty,
                   LoadAverage());
      }
    }
    for (FaultStack* stack : {&empty, &grown}) {
      const auto games = mailrun::bench::FinishedGames(stack->database_url(), s.cold_reads);
      mailrun::bench::PrintLatencies(
          fmt::format("cold GetGame of {} finished games, {} stack", games.size(), stack == &empty ? "empty" : "grown"),
          mailrun::bench::ColdReads(stack->Address(Service::kGame), stack->signer(), stack->database_url(), games));
    }
    std::fflush(stdout);
  }
  if (s.prune_probe_rows > 0) {
    // Pruning while moves run: nothing, batched deletes, a dropped partition, in turn.
    fmt::print("== pruning probe: {} rows in prune_plain and in prune_parted's old partition\n", s.prune_probe_rows);
    mailrun::bench::PreparePruneProbe(grown.database_url(), s.prune_probe_rows);
    const int games = s.games.front();
    fmt::print("-- no pruning\n");
    PlayMoves(grown, s, games, ++round, "own");
    fmt::print("-- batched deletes (1,000 rows a statement, 20 ms apart) from the window's start\n");
    PlayMoves(grown, s, games, ++round, "own", [&] {
      fmt::print("  batched deletes took {:.1f} s\n", mailrun::bench::PruneByBatchedDeletes(grown.database_url(), 1000, 20));
    });
    fmt::print("-- the old partition detached and dropped at the window's start\n");
    PlayMoves(grown, s, games, ++round, "own", [&] {
      fmt::print("  detach and drop took {:.3f} s\n", mailrun::bench::PruneByDroppingThePartition(grown.database_url()));
    });
  }
}

}  // namespace

int main(int argc, char** argv) {
  Settings s;
  s.stack.source_dir = MAILRUN_SOURCE_DIR;
  s.stack.bin_dir = std::filesystem::path(argv[0]).parent_path().string();
  s.stack.durable = true;
  CLI::App app{"mailrun-bench-moves: moves committed through the whole stack, beside pgbench of the same writes"};
  app.add_option("--games", s.games, "concurrent games (one client each), measured in turn")
      ->capture_default_str()
      ->delimiter(',');
  app.add_option("--games-per-client", s.games_per_client,
                 "games each client may play one after the other (a 4-player bot game is about 600 moves)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--planned-rate", s.planned_rate,
                 "the bot chooses, before the clients start, enough moves for this many moves/s over the warmup, "
                 "the window and 10 s more; 0: it chooses each move between calls, on the cores the stack runs on")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seconds", s.seconds, "seconds measured, for the moves and for each pgbench script")
      ->capture_default_str();
  app.add_option("--warmup", s.warmup, "seconds of moves first made and not measured")->capture_default_str();
  app.add_option("--rounds", s.rounds, "moves then pgbench, this many times on each stack")->capture_default_str();
  app.add_flag("!--no-pgbench", s.pgbench, "leave out the pgbench baselines");
  app.add_flag("--statements", s.statements,
               "also count the statements per move (pg_stat_statements; PostgreSQL is restarted to load it)");
  app.add_option("--bin-dir", s.stack.bin_dir, "where mailrun-game, mailrun-lobby and mailrun-notify are")
      ->capture_default_str();
  app.add_option("--game-pods", s.game_pods, "replicas of mailrun-game, measured in turn")
      ->capture_default_str()
      ->delimiter(',');
  app.add_option("--routing", s.routings, "how moves reach the game pods: own, round-robin, ring; measured in turn")
      ->capture_default_str()
      ->delimiter(',')
      ->check(CLI::IsMember({"own", "round-robin", "ring"}));
  app.add_option("--history-actions", s.history,
                 "growth mode: grow a second stack's history to these many game_actions rows in turn, measuring "
                 "moves and cold reads on it and on an empty stack at each size")
      ->delimiter(',');
  app.add_option("--prune-probe-rows", s.prune_probe_rows,
                 "growth mode: at the end, this many old rows pruned by batched deletes and by dropping a partition, "
                 "each while moves run")
      ->capture_default_str();
  app.add_option("--cold-reads", s.cold_reads, "growth mode: finished games read cold at each size")->capture_default_str();
  app.add_flag("--keep", s.stack.keep, "keep the stack's directory (logs, pgbench scripts) afterwards");
  CLI11_PARSE(app, argc, argv);
  try {
    if (!s.history.empty()) {
      Growth(s);
      return 0;
    }
    for (int games : s.games) for (int pods : s.game_pods) for (const std::string& routing : s.routings) {
      mailrun::fault::StackOptions options = s.stack;
      options.game_pods = pods;
      FaultStack stack(options);
      if (s.statements) LoadStatementStatistics(stack);
      fmt::print("== {} games, {} game pod(s), routing {}; stack in {} (game pid {}); load average {}\n", games, pods,
                 routing, stack.dir(), stack.Pid(Service::kGame), LoadAverage());
      for (int round = 1; round <= s.rounds; ++round) {
        const double moves = PlayMoves(stack, s, games, round, routing);
        fmt::print("  load average {}\n", LoadAverage());
        if (s.pgbench) {
          const double own = Baselines(stack, s, games);
          fmt::print("  load average {}\n", LoadAverage());
          if (own > 0) fmt::print("ratio   moves/s over pgbench service-writes/s: {:.2f}\n", moves / own);
        }
      }
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "mailrun-bench-moves: {}\n", e.what());
    return 1;
  }
  return 0;
}
