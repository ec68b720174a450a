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
  app.add_option("--snapshot-every", options.snapshot_every,
                 "store a game's state every this many log entries (loading replays fewer)")
      ->envname("MAILRUN_SNAPSHOT_EVERY")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--history-prune-seconds", options.history_prune_seconds,
                 "how often one replica deletes the intermediate snapshots of finished games (0: never)")
      ->envname("MAILRUN_HISTORY_PRUNE_SECONDS")
      ->check(CLI::Range(0, 7 * 24 * 3600))
      ->capture_default_str();
  app.add_option("--finished-snapshots-seconds", options.finished_snapshots_seconds,
                 "how long a finished game keeps its intermediate snapshots (its log and final state stay)")
      ->envname("MAILRUN_FINISHED_SNAPSHOTS_SECONDS")
      ->check(CLI::Range(0, 365 * 24 * 3600))
      ->capture_default_str();
  app.add_option("--seat-check-ms", options.seat_check_ms,
                 "how often missed turn deadlines are counted for empty seats (empty_seats.h)")
      ->envname("MAILRUN_SEAT_CHECK_MS")
      ->check(CLI::Range(50, 3600 * 1000))
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
  app.add_option("--watch-threads", options.watch_threads,
                 "threads that read new versions for the WatchGame streams (an idle stream takes none)")
      ->envname("MAILRUN_WATCH_THREADS")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("--trusted-services", options.trusted_services,
                 "comma-separated service token subjects allowed to create games and read results")
      ->envname("MAILRUN_TRUSTED_SERVICES")
      ->capture_default_str();
}

}  // namespace mailrun::game
