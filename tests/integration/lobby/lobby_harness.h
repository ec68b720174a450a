// LobbyHarness: one real mailrun-lobby process for a test suite, against a fresh PostgreSQL
// database migrated with the embedded migrations (plus the shared outbox table, which migration
// 0002 of another branch will create), talking to a StandInGameService on a loopback port. Helpers
// make users, send calls with tokens, and snapshot the tables so tests can show that a refused
// call changed nothing.
#pragma once

#include <grpcpp/grpcpp.h>

#include <map>
#include <memory>
#include <pqxx/pqxx>
#include <string>

#include "mailrun/v1/lobby.grpc.pb.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/results.h"
#include "tests/integration/lobby/stand_in_game_service.h"
#include "tests/testing/service_process.h"

namespace mailrun::testing {

// The raw 32-byte key behind TestTokenKeyHex().
std::string TestTokenKey();

// Creates the shared outbox table if no migration has (same schema as migration 0002 will have).
void CreateOutboxIfMissing(pqxx::connection& connection);

class LobbyHarness {
 public:
  struct Options {
    bool game_service_up = true;  // false: the stand-in is not serving until StartGameService()
    int reconcile_seconds = 1;
    bool real_game_service = false;  // start build/bin/mailrun-game instead of the stand-in
  };

  explicit LobbyHarness(const std::string& name) : LobbyHarness(name, Options{}) {}
  LobbyHarness(const std::string& name, Options options);
  ~LobbyHarness();

  mailrun::v1::LobbyService::Stub& stub() { return *stub_; }
  StandInGameService& games() { return *games_; }
  void StartGameService();
  const std::string& database_url() const { return database_url_; }
  const std::string& log_path() const { return log_path_; }
  const std::string& game_address() const { return game_address_; }

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

  // Registers a new user with a unique name starting with `prefix` and password "password-<name>".
  mailrun::v1::AuthResponse NewUser(const std::string& prefix = "Player");
  std::string NewRequestId();
  std::string UniqueName(const std::string& prefix);

  // Row count and a digest of the contents of every lobby table (and the outbox): equal before
  // and after a refused call means it changed nothing.
  std::map<std::string, std::string> Snapshot();
  int64_t Count(const std::string& sql);

  // The lobby's result intake (the GameFinished event hook), in this process, on the same
  // database as the lobby process.
  mailrun::lobby::ResultRecorder& recorder();
  pqxx::connection& db() { return *db_; }

 private:
  std::string database_url_;
  std::string log_path_;
  int game_port_ = 0;
  std::unique_ptr<StandInGameService> games_;
  std::unique_ptr<ServiceProcess> game_process_;  // real_game_service only
  std::string game_address_;
  std::unique_ptr<ServiceProcess> lobby_;
  std::unique_ptr<mailrun::v1::LobbyService::Stub> stub_;
  std::unique_ptr<pqxx::connection> db_;
  std::unique_ptr<mailrun::lobby::ConnectionPool> pool_;
  std::unique_ptr<mailrun::lobby::ResultRecorder> recorder_;
  int counter_ = 0;
};

// A shorthand for tests: "<status code>: <message>" for failure output.
std::string Describe(const grpc::Status& status);

}  // namespace mailrun::testing
