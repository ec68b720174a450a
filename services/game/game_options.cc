#include "services/game/game_options.h"

#include <sstream>

namespace mailrun::game {

std::set<std::string> GameOptions::TrustedServices() const {
  std::set<std::string> names;
  std::stringstream in(trusted_services);
  std::string name;
  while (std::getline(in, name, ',')) {
    if (!name.empty()) names.insert(name);
  }
  return names;
}

void AddGameOptions(CLI::App& app, GameOptions& options) {
  app.add_option("--database-pool-size", options.database_pool_size, "PostgreSQL connections at most")
      ->envname("MAILRUN_DATABASE_POOL_SIZE")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  app.add_option("--snapshot-every", options.snapshot_every,
                 "store a game's state every this many log entries (loading replays fewer)")
      ->envname("MAILRUN_SNAPSHOT_EVERY")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--cache-games", options.cache_games, "games kept loaded in memory (0: none)")
      ->envname("MAILRUN_CACHE_GAMES")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  app.add_option("--max-delta-versions", options.max_delta_versions,
                 "GetGame(since_version) further behind than this gets the full view")
      ->envname("MAILRUN_MAX_DELTA_VERSIONS")
      ->check(CLI::Range(int64_t{1}, int64_t{100000}))
      ->capture_default_str();
  app.add_option("--trusted-services", options.trusted_services,
                 "comma-separated service token subjects allowed to create games and read results")
      ->envname("MAILRUN_TRUSTED_SERVICES")
      ->capture_default_str();
  app.add_option("--events-channel", options.events_channel,
                 "Redis pub/sub channel of events (the same for every service of a deployment)")
      ->envname("MAILRUN_EVENTS_CHANNEL")
      ->capture_default_str();
  app.add_option("--outbox-relay", options.run_outbox_relay,
                 "run the outbox relay in this process (publishes this database's events to Redis)")
      ->envname("MAILRUN_OUTBOX_RELAY")
      ->capture_default_str();
}

}  // namespace mailrun::game
