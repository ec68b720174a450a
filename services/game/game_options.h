// The game service's own settings (beyond services/common/config.h), each a flag with an
// environment variable: snapshots and their pruning, the cache, delta views and which services may create games.
// The database pool, the events channel and the outbox relay switch are common flags; main.cc
// copies them in from CommonConfig.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <set>
#include <string>

namespace mailrun::game {

struct GameOptions {
  int database_pool_size = 16;                    // common flag (MAILRUN_DATABASE_POOL_SIZE)
  int snapshot_every = 50;                        // MAILRUN_SNAPSHOT_EVERY
  int cache_games = 512;                          // MAILRUN_CACHE_GAMES
  int64_t max_delta_versions = 200;               // MAILRUN_MAX_DELTA_VERSIONS
  int watch_threads = 2;                          // MAILRUN_WATCH_THREADS: feed the WatchGame streams
  std::string trusted_services = "lobby";         // MAILRUN_TRUSTED_SERVICES (comma-separated)
  std::string events_channel = "mailrun.events";  // common flag (MAILRUN_EVENTS_CHANNEL)
  bool run_outbox_relay = true;                   // common flag (MAILRUN_OUTBOX_RELAY)
  // PostgreSQL itself when the database URL is a pooler (common flag MAILRUN_DATABASE_DIRECT_URL):
  // the version listener's LISTEN and the relay's session lock; empty: the database URL.
  std::string session_database_url;
  int history_prune_seconds = 600;                // MAILRUN_HISTORY_PRUNE_SECONDS: 0 never (history_pruner.h)
  int finished_snapshots_seconds = 3600;          // MAILRUN_FINISHED_SNAPSHOTS_SECONDS: kept this long after the end
  int seat_check_ms = 10000;                      // MAILRUN_SEAT_CHECK_MS: how often missed deadlines are counted

  std::set<std::string> TrustedServices() const;
};

void AddGameOptions(CLI::App& app, GameOptions& options);

}  // namespace mailrun::game
