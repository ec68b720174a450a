// Stack: the whole Mailrun backend for an end-to-end test, as the local stack runs it: the real
// mailrun-game, mailrun-lobby and mailrun-notify binaries as child processes on free loopback
// ports, sharing one fresh PostgreSQL database (migrated by the services at start-up), the test
// harness's Redis with an events channel of their own, and one token key; each serves its metrics
// on a free loopback port. The lobby learns of a
// finished game from its GameFinished event on Redis, and its reconciler asks the game service
// every `reconcile_seconds` besides (a test of the event path makes that an hour); it hashes
// passwords with the "interactive" Argon2id limits, so tests stay quick. Everything else is the
// services' defaults.
//
// Clients reach it only through the public API: addresses(), ClientEnvironment() for child
// processes (the mailrun CLI, node). ServiceToken() is what a trusted service (the lobby) holds;
// tests use it only for the service-only GetGameResult.
#pragma once

#include <grpcpp/grpcpp.h>

#include <map>
#include <memory>
#include <string>

#include "tests/testing/service_process.h"

namespace mailrun::e2e {

class Stack {
 public:
  // Starts the three services (fails the test if one does not serve). `name`: letters, digits, '_'.
  // `notify_env`: more environment for mailrun-notify (a push endpoint, say); `every_env`: more
  // environment for all three (a service reads only its own variables).
  explicit Stack(const std::string& name, int reconcile_seconds = 1,
                 const std::map<std::string, std::string>& notify_env = {},
                 const std::map<std::string, std::string>& every_env = {});
  ~Stack();
  Stack(const Stack&) = delete;
  Stack& operator=(const Stack&) = delete;

  const std::string& game_address() const { return game_address_; }
  const std::string& lobby_address() const { return lobby_address_; }
  const std::string& notify_address() const { return notify_address_; }
  // The stack's database, for tests that check what its tables hold (account deletion).
  const std::string& database_url() const { return database_url_; }

  // MAILRUN_GAME_ADDR, MAILRUN_LOBBY_ADDR and MAILRUN_NOTIFY_ADDR of the stack.
  std::map<std::string, std::string> ClientEnvironment() const;

  // The last lines of each service's log, for failure messages.
  std::string LogTails() const;

  // Each service's log (JSON lines) and the host:port of its metrics endpoint (every service
  // serves its metrics on a free port of its own, which it names in its log), by binary name:
  // "mailrun-game", "mailrun-lobby", "mailrun-notify".
  const std::string& log_path(const std::string& binary) const;
  std::string metrics_address(const std::string& binary) const;

  // A service token (subject "lobby") signed with the stack's key, valid for an hour.
  static std::string ServiceToken();

  // A channel to an address (connections of its own, so concurrent streams do not queue).
  static std::shared_ptr<grpc::Channel> Channel(const std::string& address);

 private:
  // Starts one service on a free port (tests/testing/service_process.h: StartServing). Returns the
  // address, "" (and a test failure) when it does not start.
  std::string Start(const std::string& binary, std::unique_ptr<mailrun::testing::ServiceProcess>& process,
                    const std::map<std::string, std::string>& env, const std::string& log_path);

  std::string database_url_;
  std::string events_channel_;
  std::string game_address_;
  std::string lobby_address_;
  std::string notify_address_;
  std::string game_log_, lobby_log_, notify_log_;
  std::unique_ptr<mailrun::testing::ServiceProcess> game_, lobby_, notify_;
};

// One unary call with "authorization: Bearer <token>" (none if empty) and a 60-second deadline.
template <typename Stub, typename Request, typename Response>
grpc::Status CallAs(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*),
                    const std::string& token, const Request& request, Response* response) {
  grpc::ClientContext context;
  if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  return (stub.*method)(&context, request, response);
}

// "<code>: <message>" for failure output.
std::string Describe(const grpc::Status& status);

// A fresh request id.
std::string NewRequestId();

}  // namespace mailrun::e2e
