// The lobby's own settings (beyond services/common/config.h, which holds the database pool size,
// the events channel and the outbox relay switch), each a flag with an environment variable:
// where the game service is, the token signing key (the lobby alone has one) and token lifetimes,
// the grace for concurrent refreshes, password hashing (cost, memory, hashes at once) and the
// login attempt limits (login_limits.h), how often the reconciler runs.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace mailrun::lobby {

struct LobbyConfig {
  std::string game_address = "127.0.0.1:50151";     // MAILRUN_GAME_ADDR
  int64_t access_token_seconds = 15 * 60;            // MAILRUN_ACCESS_TOKEN_SECONDS
  int64_t refresh_token_seconds = 30LL * 24 * 3600;  // MAILRUN_REFRESH_TOKEN_SECONDS
  int64_t refresh_reuse_grace_seconds = 30;          // MAILRUN_REFRESH_REUSE_GRACE_SECONDS
  std::string token_signing_key;                     // MAILRUN_TOKEN_SIGNING_KEY (tests; a secret)
  std::string token_signing_key_file;                // MAILRUN_TOKEN_SIGNING_KEY_FILE
  int reconcile_seconds = 30;                        // MAILRUN_RECONCILE_SECONDS
  std::string password_hash_limits = "rfc9106";      // MAILRUN_PASSWORD_HASH_LIMITS
  int password_hash_memory_mib = 0;                  // MAILRUN_PASSWORD_HASH_MEMORY_MIB (0: half the container's)
  int password_hash_concurrency = 0;                 // MAILRUN_PASSWORD_HASH_CONCURRENCY (0: from memory and CPUs)
  int password_hash_queue = 0;                       // MAILRUN_PASSWORD_HASH_QUEUE (0: 4 x concurrency)
  int login_account_attempts = 5;                    // MAILRUN_LOGIN_ACCOUNT_ATTEMPTS
  int login_account_window_seconds = 300;            // MAILRUN_LOGIN_ACCOUNT_WINDOW_SECONDS
  int login_client_attempts = 30;                    // MAILRUN_LOGIN_CLIENT_ATTEMPTS
  int login_client_window_seconds = 60;              // MAILRUN_LOGIN_CLIENT_WINDOW_SECONDS
  bool trust_forwarded_for = false;                  // MAILRUN_TRUST_FORWARDED_FOR
  int shortest_turn_deadline_seconds = 60;           // MAILRUN_SHORTEST_TURN_DEADLINE_SECONDS
  int game_call_timeout_seconds = 5;                 // MAILRUN_GAME_CALL_TIMEOUT_SECONDS
};

// The lobby's default size of its PostgreSQL pool (the common flag --database-pool-size).
inline constexpr int kLobbyDatabasePoolSize = 8;

void AddLobbyOptions(CLI::App& app, LobbyConfig& config);

}  // namespace mailrun::lobby
