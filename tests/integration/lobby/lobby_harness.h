// LobbyHarness: one real mailrun-lobby process and one real mailrun-game process for a test
// suite (the game service through the game service tests' GameHarness), sharing a fresh
// PostgreSQL database (each migrates it at start-up) and the harness's Redis, with an events
// channel of their own (suites running at once never see each other's events). Helpers make
// users, send calls to either service with tokens, read what the game service stored, kill and
// restart the game service, and snapshot the lobby's tables so tests can show that a refused call
// changed nothing. Not thread-safe (one test thread drives it).
#pragma once

#include <grpcpp/grpcpp.h>

#include <map>
#include <memory>
#include <optional>
#include <pqxx/pqxx>
#include <string>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/results.h"
#include "tests/integration/game_service/game_harness.h"
#include "tests/testing/servers.h"
#include "tests/testing/service_process.h"

namespace mailrun::testing {

using GameHarness = mailrun::game::testing::GameHarness;
using GameStub = mailrun::v1::GameService::Stub;

class LobbyHarness {
 public:
  struct Options {
    int reconcile_seconds = 1;
    // The lobby's Redis; empty: the harness's. A URL where nobody listens makes Redis unavailable
    // to the lobby (not to the game service).
    std::string lobby_redis_url;
    // false: the game service runs no outbox relay, so whatever is published from the shared
    // outbox was published by the lobby's relay.
    bool game_outbox_relay = true;
    // More of the lobby's environment (its flags' variables), e.g. login limits.
    std::map<std::string, std::string> lobby_env;
  };

  explicit LobbyHarness(const std::string& name) : LobbyHarness(name, Options{}) {}
  LobbyHarness(const std::string& name, Options options);
  ~LobbyHarness();

  mailrun::v1::LobbyService::Stub& stub() { return *stub_; }
  const std::string& database_url() const { return game_->database_url(); }
  const std::string& log_path() const { return log_path_; }
  const std::string& events_channel() const { return game_->events_channel(); }

  // Sends one call; `token` (may be empty) goes into "authorization: Bearer <token>".
  template <typename Request, typename Response>
  grpc::Status Call(grpc::Status (mailrun::v1::LobbyService::Stub::*method)(grpc::ClientContext*, const Request&,
                                                                            Response*),
                    const std::string& token, const Request& request, Response* response) {
    grpc::ClientContext context;
    if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
    return (stub_.get()->*method)(&context, request, response);
  }

  // The game service (the lobby's --game-addr), and calls to it as Call.
  GameHarness& game() { return *game_; }
  template <typename Request, typename Response>
  grpc::Status GameCall(grpc::Status (GameStub::*method)(grpc::ClientContext*, const Request&, Response*),
                        const std::string& token, const Request& request, Response* response) {
    return game_->Call(method, token, request, response);
  }
  // Kills the game service (SIGKILL), and starts it again on the same address.
  void KillGameService();
  void StartGameService();

  // The CreateGameRequest of `game_id` as the game service received and stored it, if it has it.
  std::optional<mailrun::v1::CreateGameRequest> CreateRequestOf(const std::string& game_id);
  // The GameConfig the game service plays for `game_id`, with the seed it chose.
  mailrun::v1::GameConfig StoredConfigOf(const std::string& game_id);

  // Registers a new user with a unique name starting with `prefix` and password "password-<name>".
  mailrun::v1::AuthResponse NewUser(const std::string& prefix = "Player");
  std::string NewRequestId();
  std::string UniqueName(const std::string& prefix);

  // Row count and a digest of the contents of every lobby table, the outbox and the game
  // service's games and action logs: equal before and after a refused call means it changed
  // nothing.
  std::map<std::string, std::string> Snapshot();
  int64_t Count(const std::string& sql) { return game_->Count(sql); }
  // Polls `sql` (a count) until it reaches `count` or `timeout` passes; returns the last count.
  int64_t WaitForCount(const std::string& sql, int64_t count, std::chrono::seconds timeout);

  // The lobby's result intake (what its events subscription calls), in this process, on the same
  // database as the lobby process.
  mailrun::lobby::ResultRecorder& recorder();
  // A connection of the test's own to the database of both services.
  pqxx::connection& db() { return game_->db(); }

 private:
  Options options_;
  std::string log_path_;
  std::unique_ptr<GameHarness> game_;
  std::string game_address_;  // where the lobby calls the game service
  std::unique_ptr<ServiceProcess> lobby_;
  std::unique_ptr<mailrun::v1::LobbyService::Stub> stub_;
  std::unique_ptr<mailrun::lobby::ConnectionPool> pool_;
  std::unique_ptr<mailrun::lobby::ResultRecorder> recorder_;
  int counter_ = 0;
};

// Access tokens of `user` that no service may accept: one that expired a minute ago, and one
// signed with another key.
std::string ExpiredToken(const mailrun::v1::AuthResponse& user);
std::string ForgedToken(const mailrun::v1::AuthResponse& user);

// A shorthand for tests: "<status code>: <message>" for failure output.
using mailrun::game::testing::Describe;

}  // namespace mailrun::testing
