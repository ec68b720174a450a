#include "tests/integration/notification/service_stack.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::ServiceProcess;

// Starts `binary` on a free loopback port (StartServing); fails the test if it does not start.
std::string StartOnFreePort(std::unique_ptr<ServiceProcess>& process, const std::string& binary,
                            const std::map<std::string, std::string>& env, const std::string& log_path,
                            const mailrun::testing::ServiceProbe& is_ours) {
  const std::string address =
      mailrun::testing::StartServing(process, mailrun::testing::BinaryPath(binary), {}, env, log_path, is_ours);
  if (address.empty()) ADD_FAILURE() << binary << " did not start:\n" << mailrun::testing::ReadFile(log_path);
  return address;
}

}  // namespace

ServiceStack::ServiceStack(const std::string& name, StackOptions options)
    : redis_url_(options.redis_url.empty() ? mailrun::testing::RedisUrl() : options.redis_url) {
  game_ = std::make_unique<game::testing::GameHarness>(name,
                                                       game::testing::GameHarness::Options{{}, options.redis_url});
  const std::map<std::string, std::string> common = {{"MAILRUN_DATABASE_URL", database_url()},
                                                     {"MAILRUN_REDIS_URL", redis_url_},
                                                     {"MAILRUN_TOKEN_PUBLIC_KEYS", mailrun::testing::TestPublicKeys()},
                                                     {"MAILRUN_EVENTS_CHANNEL", channel()}};
  if (options.notify) {
    notify_log_ = ::testing::TempDir() + "/" + name + "-notify.log";
    std::remove(notify_log_.c_str());
    notify_address_ = StartOnFreePort(notify_, "mailrun-notify", common, notify_log_, [](const auto& channel) {
      auto stub = mailrun::v1::NotificationService::NewStub(channel);
      return mailrun::testing::RefusedWithoutToken(*stub, &mailrun::v1::NotificationService::Stub::GetPreferences);
    });
    notify_stub_ = mailrun::v1::NotificationService::NewStub(
        grpc::CreateChannel(notify_address_, grpc::InsecureChannelCredentials()));
  }
  if (options.lobby) {
    lobby_log_ = ::testing::TempDir() + "/" + name + "-lobby.log";
    std::remove(lobby_log_.c_str());
    auto env = common;
    env["MAILRUN_GAME_ADDR"] = game_->address();
    env["MAILRUN_PASSWORD_HASH_LIMITS"] = "interactive";
    env["MAILRUN_RECONCILE_SECONDS"] = "2";
    env["MAILRUN_TOKEN_SIGNING_KEY"] = mailrun::testing::TestSigningKey();
    env["MAILRUN_LOGIN_CLIENT_ATTEMPTS"] = "100000";  // every test client is one loopback address
    const std::string address = StartOnFreePort(lobby_, "mailrun-lobby", env, lobby_log_, [](const auto& channel) {
      auto stub = mailrun::v1::LobbyService::NewStub(channel);
      return mailrun::testing::RefusedWithoutToken(*stub, &mailrun::v1::LobbyService::Stub::GetProfile);
    });
    lobby_stub_ = mailrun::v1::LobbyService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  }
}

ServiceStack::~ServiceStack() {
  // Clients first: a service shutting down waits for the calls of connected clients.
  lobby_stub_.reset();
  notify_stub_.reset();
  lobby_.reset();
  notify_.reset();
  game_.reset();
}

std::string ServiceStack::Logs() const {
  std::string logs = "--- mailrun-game\n" + mailrun::testing::ReadFile(game_->log_path());
  if (notify_) logs += "--- mailrun-notify\n" + mailrun::testing::ReadFile(notify_log_);
  if (lobby_) logs += "--- mailrun-lobby\n" + mailrun::testing::ReadFile(lobby_log_);
  return logs;
}

}  // namespace mailrun::notification::testing
