// GameHarness: one real mailrun-game process for a test suite, against a fresh PostgreSQL
// database (migrated by the service at start-up) and the harness's Redis, on a free loopback
// port, with its own events channel. It issues tokens with the test signing key, whose public key
// the service trusts (players' access tokens, the lobby's service token), sends calls, creates games, and reads the database directly so
// tests can check what was stored. Kill() and Start() let a test crash and restart the service.
#pragma once

#include <grpcpp/grpcpp.h>

#include <map>
#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "mailrun/v1/game.grpc.pb.h"
#include "tests/testing/service_process.h"

namespace mailrun::game::testing {

using GameStub = mailrun::v1::GameService::Stub;

class GameHarness {
 public:
  struct Options {
    std::vector<std::string> extra_args;  // e.g. {"--snapshot-every", "5"}
    std::string redis_url;                // empty: the harness's Redis
  };

  explicit GameHarness(const std::string& name) : GameHarness(name, Options{}) {}
  GameHarness(const std::string& name, Options options);
  // A second replica of `service`'s: a process of its own on the same database and Redis, with the
  // same options and events channel.
  GameHarness(const std::string& name, const GameHarness& service);
  ~GameHarness();

  // Starts the service (again) and waits until it serves; fails the test if it does not. The
  // address may change (when another test took the port); stub() and NewStub() follow it.
  void Start();
  // SIGKILL, and waits for the process to be gone.
  void Kill();

  GameStub& stub() { return *stub_; }
  // A stub on a channel of its own (one per client thread in concurrency tests).
  std::unique_ptr<GameStub> NewStub() const;

  const std::string& address() const { return address_; }
  pid_t pid() const { return process_->pid(); }
  const std::string& database_url() const { return database_url_; }
  const std::string& log_path() const { return log_path_; }
  const std::string& events_channel() const { return events_channel_; }
  // A connection of the test's own to the service's database.
  pqxx::connection& db() { return *db_; }
  int64_t Count(const std::string& sql);

  // Tokens signed with the test key (mailrun::testing::TestSigner), valid for an hour.
  static std::string AccessToken(const std::string& user_id);
  static std::string ServiceToken(const std::string& service = "lobby");

  // Sends one call with "authorization: Bearer <token>" (none if token is empty) and a deadline.
  template <typename Request, typename Response>
  static grpc::Status Call(GameStub& stub,
                           grpc::Status (GameStub::*method)(grpc::ClientContext*, const Request&, Response*),
                           const std::string& token, const Request& request, Response* response,
                           std::multimap<std::string, std::string>* trailers = nullptr) {
    grpc::ClientContext context;
    if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
    // A new connection that fails once on a loaded machine (seen: "failed to connect to all
    // addresses") is tried again until the deadline instead of failing the call before it reaches
    // the service: what the tests check happens in the service.
    context.set_wait_for_ready(true);
    grpc::Status status = (stub.*method)(&context, request, response);
    if (trailers) {
      for (const auto& [key, value] : context.GetServerTrailingMetadata()) {
        trailers->emplace(std::string(key.data(), key.size()), std::string(value.data(), value.size()));
      }
    }
    return status;
  }
  template <typename Request, typename Response>
  grpc::Status Call(grpc::Status (GameStub::*method)(grpc::ClientContext*, const Request&, Response*),
                    const std::string& token, const Request& request, Response* response) {
    return Call(*stub_, method, token, request, response);
  }

  // Creates a game through CreateGame (as the lobby) and returns its id; fails the test if refused.
  std::string CreateGame(const mailrun::v1::GameConfig& config, const std::string& table_id = "",
                         int64_t turn_deadline_seconds = 0);

 private:
  // What both constructors do once the database and the channel are chosen: start the service.
  void Begin(const std::string& name);

  Options options_;
  std::string database_url_;
  std::string address_;
  std::string log_path_;
  std::string events_channel_;
  std::unique_ptr<mailrun::testing::ServiceProcess> process_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<GameStub> stub_;
  std::unique_ptr<pqxx::connection> db_;
};

// A fresh request id ("req-" + 32 hex digits).
std::string NewRequestId();

// A GameConfig with `players` players whose user ids are "<prefix>-0", "<prefix>-1", ... and
// display names "<Prefix>0", ...
mailrun::v1::GameConfig PlayersConfig(const std::string& prefix, int players, uint64_t seed,
                                      mailrun::v1::BankSize bank = mailrun::v1::BANK_SIZE_UNSPECIFIED);

// "<code>: <message>" for failure output.
std::string Describe(const grpc::Status& status);

}  // namespace mailrun::game::testing
