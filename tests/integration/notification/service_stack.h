// ServiceStack: the real services of one deployment for a notification test, each a child process
// (tests/testing/service_process.h) on one fresh database, one Redis and one events channel, the
// way deploy/stack.sh runs them: mailrun-game with its in-process outbox relay (GameHarness),
// mailrun-notify (optional: a test that needs to move the reminder clock runs the notification
// service in-process on database_url() and channel() instead) and mailrun-lobby (optional, pointed
// at the game service). Every service applies the migrations itself at start-up.
// Not thread-safe: one test thread drives it.
#pragma once

#include <memory>
#include <string>

#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "tests/integration/game_service/game_harness.h"
#include "tests/testing/service_process.h"

namespace mailrun::notification::testing {

struct StackOptions {
  std::string redis_url;  // empty: the test harness's Redis
  bool notify = true;     // start mailrun-notify
  bool lobby = false;     // start mailrun-lobby
};

class ServiceStack {
 public:
  // `name`: letters, digits and underscores; names the database, the channel and the logs.
  ServiceStack(const std::string& name, StackOptions options);
  ~ServiceStack();
  ServiceStack(const ServiceStack&) = delete;
  ServiceStack& operator=(const ServiceStack&) = delete;

  game::testing::GameHarness& game() { return *game_; }
  mailrun::v1::NotificationService::Stub& notify() { return *notify_stub_; }
  mailrun::v1::LobbyService::Stub& lobby() { return *lobby_stub_; }
  const std::string& notify_address() const { return notify_address_; }
  const std::string& database_url() const { return game_->database_url(); }
  const std::string& channel() const { return game_->events_channel(); }
  const std::string& redis_url() const { return redis_url_; }
  int64_t Count(const std::string& sql) { return game_->Count(sql); }
  // The logs of every service of the stack, for failure messages.
  std::string Logs() const;

 private:
  std::string redis_url_;
  std::unique_ptr<game::testing::GameHarness> game_;
  std::unique_ptr<mailrun::testing::ServiceProcess> notify_;
  std::string notify_address_;
  std::string notify_log_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> notify_stub_;
  std::unique_ptr<mailrun::testing::ServiceProcess> lobby_;
  std::string lobby_log_;
  std::unique_ptr<mailrun::v1::LobbyService::Stub> lobby_stub_;
};

}  // namespace mailrun::notification::testing
