// Configuration shared by every service: listen address, PostgreSQL and Redis URLs, the Redis
// password, the token public keys, the log level, the database pool, the events channel and the
// in-process outbox relay. Each value comes from a command-line flag or, failing that, from an
// environment variable (named in the flag's help), or from the default shown there.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "services/common/token.h"

namespace mailrun::service {

struct CommonConfig {
  std::string listen;          // host:port to serve gRPC on
  std::string database_url;    // libpq connection URI
  // Set when database_url is a pooler in transaction mode: PostgreSQL itself, for the connections
  // that hold session state (docs/operations.md, "PgBouncer"); empty: database_url is PostgreSQL.
  std::string database_direct_url;
  std::string redis_url;       // redis://host:port
  std::string redis_password;       // Redis AUTH password (MAILRUN_REDIS_PASSWORD); empty: none
  std::string redis_password_file;  // alternative: a file holding it
  std::string token_public_keys;       // the public keys that verify tokens (signing_keys.h format)
  std::string token_public_keys_file;  // alternative: a file holding them
  std::string log_level = "info";
  int shutdown_grace_seconds = 10;
  int database_connect_timeout_seconds = 30;  // how long start-up waits for PostgreSQL
  bool migrate_only = false;  // apply the migrations and exit (the Kubernetes migrations Job)
  int max_connection_age_seconds = 300;  // clients reconnect (and re-resolve DNS) this often
  int database_pool_size = 8;           // PostgreSQL connections at most (each service sets its default)
  std::string events_channel = "mailrun.events";  // Redis pub/sub channel of events, one per deployment
  bool run_outbox_relay = true;         // publish the outbox to Redis from this process
  std::string metrics_listen;           // host:port of the Prometheus metrics endpoint; empty: none
};

// Adds the common flags to `app`, with environment fallbacks (MAILRUN_LISTEN, MAILRUN_DATABASE_URL,
// MAILRUN_DATABASE_DIRECT_URL, MAILRUN_REDIS_URL, MAILRUN_REDIS_PASSWORD(_FILE), MAILRUN_TOKEN_PUBLIC_KEYS(_FILE),
// MAILRUN_LOG_LEVEL, MAILRUN_DATABASE_POOL_SIZE, MAILRUN_EVENTS_CHANNEL, MAILRUN_OUTBOX_RELAY,
// MAILRUN_METRICS_LISTEN, ...).
// `default_listen` is the service's own default port on loopback, `default_database_pool_size`
// its default number of PostgreSQL connections.
void AddCommonOptions(CLI::App& app, CommonConfig& config, const std::string& default_listen,
                      int default_database_pool_size);

// The URL for connections that need a session of their own (LISTEN, session advisory locks,
// migrations): database_direct_url when set, database_url otherwise.
std::string SessionDatabaseUrl(const CommonConfig& config);

// The public keys that verify tokens, from token_public_keys or token_public_keys_file. Throws
// std::runtime_error naming the problem when neither is set or a key is malformed.
TokenVerifier LoadTokenVerifier(const CommonConfig& config);

// The Redis URL to connect with: redis_url, with the password of redis_password or
// redis_password_file (when set) in it. Throws std::runtime_error when the file cannot be read.
// The result holds a secret: never log it (ParseRedisUrl's errors leave the password out).
std::string RedisUrlOf(const CommonConfig& config);

}  // namespace mailrun::service
