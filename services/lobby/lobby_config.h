// The lobby's own settings (beyond services/common/config.h, which holds the database pool size,
// the events channel and the outbox relay switch), each a flag with an environment variable:
// where the game service is, token lifetimes, the password hashing limits, how often the
// reconciler runs.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace mailrun::lobby {

struct LobbyConfig {
  std::string game_address = "127.0.0.1:50151";     // MAILRUN_GAME_ADDR
  int64_t access_token_seconds = 15 * 60;            // MAILRUN_ACCESS_TOKEN_SECONDS
  int64_t refresh_token_seconds = 30LL * 24 * 3600;  // MAILRUN_REFRESH_TOKEN_SECONDS
  int reconcile_seconds = 30;                        // MAILRUN_RECONCILE_SECONDS
  std::string password_hash_limits = "moderate";     // MAILRUN_PASSWORD_HASH_LIMITS
  int game_call_timeout_seconds = 5;                 // MAILRUN_GAME_CALL_TIMEOUT_SECONDS
};

// The lobby's default size of its PostgreSQL pool (the common flag --database-pool-size).
inline constexpr int kLobbyDatabasePoolSize = 8;

void AddLobbyOptions(CLI::App& app, LobbyConfig& config);

}  // namespace mailrun::lobby
