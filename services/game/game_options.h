// The game service's own settings (beyond services/common/config.h), each a flag with an
// environment variable: the database pool, snapshots, the cache, delta views, which services may
// create games, and the Redis channel of the outbox relay.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <set>
#include <string>

namespace mailrun::game {

struct GameOptions {
  int database_pool_size = 16;                    // MAILRUN_DATABASE_POOL_SIZE
  int snapshot_every = 50;                        // MAILRUN_SNAPSHOT_EVERY
  int cache_games = 512;                          // MAILRUN_CACHE_GAMES
  int64_t max_delta_versions = 200;               // MAILRUN_MAX_DELTA_VERSIONS
  std::string trusted_services = "lobby";         // MAILRUN_TRUSTED_SERVICES (comma-separated)
  std::string events_channel = "mailrun.events";  // MAILRUN_EVENTS_CHANNEL
  bool run_outbox_relay = true;                   // MAILRUN_OUTBOX_RELAY

  std::set<std::string> TrustedServices() const;
};

void AddGameOptions(CLI::App& app, GameOptions& options);

}  // namespace mailrun::game
