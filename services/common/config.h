// Configuration shared by every service: listen address, PostgreSQL and Redis URLs, the token key,
// the log level, the database pool, the events channel and the in-process outbox relay. Each value
// comes from a command-line flag or, failing that, from an environment variable (named in the
// flag's help), or from the default shown there.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace mailrun::service {

struct CommonConfig {
  std::string listen;          // host:port to serve gRPC on
  std::string database_url;    // libpq connection URI
  std::string redis_url;       // redis://host:port
  std::string token_key;       // hex-encoded 32-byte key that signs and verifies access tokens
  std::string token_key_file;  // alternative to token_key: a file holding the hex key
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
// MAILRUN_REDIS_URL, MAILRUN_TOKEN_KEY, MAILRUN_TOKEN_KEY_FILE, MAILRUN_LOG_LEVEL,
// MAILRUN_DATABASE_POOL_SIZE, MAILRUN_EVENTS_CHANNEL, MAILRUN_OUTBOX_RELAY, MAILRUN_METRICS_LISTEN, ...).
// `default_listen` is the service's own default port on loopback, `default_database_pool_size`
// its default number of PostgreSQL connections.
void AddCommonOptions(CLI::App& app, CommonConfig& config, const std::string& default_listen,
                      int default_database_pool_size);

// The token key as raw bytes, read from token_key or token_key_file. Throws std::runtime_error
// naming the problem (never the key) when neither is set or the key is malformed.
std::string LoadTokenKey(const CommonConfig& config);

}  // namespace mailrun::service
